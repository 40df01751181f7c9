"""Two `wtg site` builds of one site, or two `wtg map -o FILE` of one file, at once: they
shared one temporary name (``.index.html.tmp``, ``.FILE.tmp``), so the second's write cut the
first's copy short (``O_TRUNC``) and the first renamed the second's copy into place (half
written, had it not finished) and the second's rename then failed, its command with it.
Each writer now writes under a name of its own (``wtg.files.asidename``).

The commands are real processes paused at a chosen write (``tests.pausedwtg``), so that they
truly overlap there, on every machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import killpoints
from tests.conftest import players
from tests.pausedwtg import Writing, paused_at, start
from tests.test_kill_run_turn import tree
from wtg.files.asidename import left_by_the_dead, own_temporary_name, writer_of
from wtg.game.engine import create_game

TEXT: dict[str, Any] = {"capture_output": True, "text": True, "check": True}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("atonce") / "games"
    for number, seed in ((1, 7), (2, 8)):
        create_game(folder / f"g{number}", "wok4", "small", players(3), seed)
    return folder


def asides(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.tmp"))


def test_two_site_builds_at_once_both_finish_and_make_the_site(games: Path, tmp_path: Path) -> None:
    """The first build pauses with its first page written aside, before its rename; the
    second builds the whole site meanwhile (and, clearing what killed builds left, keeps
    the first's page aside: its writer is running); the first then goes on."""
    site = tmp_path / "site"
    args = ["site", str(site), "--games-dir", str(games), "--jobs", "1"]
    with paused_at(Writing("os.rename", str(site)), args, tmp_path, "first"):
        (paused,) = asides(site)
        second = killpoints.wtg(args)
        assert second.returncode == 0, second.stderr
        assert paused in asides(site)  # the first's, kept
    # the first ended with exit status 0: before, FileNotFoundError on its rename
    clean = tmp_path / "clean"
    assert killpoints.wtg(["site", str(clean), "--games-dir", str(games)]).returncode == 0
    assert tree(site) == tree(clean)
    assert asides(site) == []


def test_two_maps_to_one_file_at_once_both_write_it_whole(games: Path, tmp_path: Path) -> None:
    """Both commands pause with the map written aside, before its rename; the first renames
    its own into place, then the second its own."""
    out = tmp_path / "maps"
    out.mkdir()
    target = out / "board.svg"
    svg = ["map", str(games / "g1"), "-o", str(target)]
    png = [*svg, "--format", "png"]
    with start(svg, Writing("os.rename", str(out)), tmp_path, "first") as first:
        assert first.reached(), first.output()
        with start(png, Writing("os.rename", str(out)), tmp_path, "second") as second:
            assert second.reached(), second.output()
            code, _, err = first.go()
            assert code == 0, err
            assert target.read_bytes().startswith(b"<svg")
            code, _, err = second.go()
            assert code == 0, err  # before: its copy was renamed away by the first: it failed
    assert target.read_bytes().startswith(b"\x89PNG")
    assert sorted(p.name for p in out.iterdir()) == ["board.svg"]


def test_a_name_of_a_writer_gone_is_told_from_a_running_one() -> None:
    mine = own_temporary_name("index.html")
    assert mine.startswith(".index.html.") and mine.endswith(".tmp")
    assert writer_of(mine, "index.html") == os.getpid()
    assert writer_of(mine, "other.html") is None
    assert writer_of(".index.html.tmp") is None  # the one name of earlier wtg: no writer's
    assert own_temporary_name("index.html") != mine
    assert left_by_the_dead(mine)  # this process writes none while it looks
    parent = mine.replace(f".{os.getpid()}-", f".{os.getppid()}-")
    assert not left_by_the_dead(parent)  # running
    said = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], **TEXT)
    ended = mine.replace(f".{os.getpid()}-", f".{int(said.stdout)}-")
    assert left_by_the_dead(ended)  # its process ended
