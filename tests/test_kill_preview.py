"""`wtg run-turn GAME --preview OUT` killed (SIGKILL) midway left OUT half written, and the
same command given again refused it ("exists and is not an empty folder"): the GM had to
find and remove it. Now the preview writes its mark first (``wtg.gm.previewfolder``) and
removes it last: given again, it writes OUT anew, the same preview an uninterrupted one
writes. A folder without the mark is still refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from tests.test_kill_run_turn import tree
from wtg.game.engine import create_game
from wtg.gm.previewfolder import UNFINISHED


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A config whose games folder holds g1, at turn 0."""
    root = tmp_path_factory.mktemp("preview")
    create_game(root / "games" / "g1", "wok4", "small", players(3), 5)
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    return config


def shown(folder: Path) -> dict[str, bytes]:
    """A preview's files but its turn.json (the time it ran)."""
    return {k: v for k, v in tree(folder).items() if k != "turn.json"}


def test_a_preview_killed_at_each_kind_of_write_is_written_anew(host: Path, tmp_path: Path) -> None:
    previews = tmp_path / "previews"
    out = previews / "out"
    args = ["--config", str(host), "run-turn", "g1", "--preview", str(out)]
    previews.mkdir()
    log = tmp_path / "writes.log"
    whole = killpoints.count(args, previews, log=log)
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.startswith(f"turn 1 of game g1 previewed in {out}: ")
    expected = shown(out)
    assert "reports/p01.txt" in expected and UNFINISHED not in expected
    writes = log.read_text(encoding="utf-8").splitlines()
    kinds: dict[str, int] = {}
    for number, line in enumerate(writes, 1):
        kinds.setdefault(line.split()[0] + str(line.count("/reports/")), number)
    at = sorted({*kinds.values(), 3, len(writes) - 1, len(writes)})

    def restore() -> None:
        shutil.rmtree(out, ignore_errors=True)

    assert len(at) <= 8, at  # seconds, not minutes
    for write, cut in killpoints.cuts(args, previews, at, restore):
        again = killpoints.wtg(args)
        assert again.returncode == 0, (write, cut.before, again.stderr)
        assert again.stdout == whole.stdout, write
        assert shown(out) == expected, (write, cut.before)
    assert writes[1] == f"open {out / UNFINISHED} flags", writes  # first, after its folder
    assert writes[-1] == f"os.remove {out / UNFINISHED}", writes  # last


def test_a_folder_without_the_mark_is_refused(host: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("the GM's\n", encoding="utf-8")
    args = ["--config", str(host), "run-turn", "g1", "--preview", str(out)]
    refused = killpoints.wtg(args)
    assert refused.returncode != 0
    assert f"{out} exists and is not an empty folder" in refused.stderr
    assert tree(out) == {"notes.txt": b"the GM's\n"}


def test_files_of_a_cut_preview_the_next_does_not_write_are_removed(
    host: Path, tmp_path: Path
) -> None:
    """A preview cut short, then one of another turn (a turn ran since, a seat gone): the
    cut one's files the new one does not write are not left among its files."""
    out = tmp_path / "out"
    args = ["--config", str(host), "run-turn", "g1", "--preview", str(out)]
    out.mkdir()
    (out / UNFINISHED).write_text("cut\n", encoding="utf-8")
    (out / "reports").mkdir()
    (out / "reports" / "p09.txt").write_text("a seat the game has no more\n", encoding="utf-8")
    (out / "old").mkdir()
    (out / "old" / "x.txt").write_text("x\n", encoding="utf-8")
    again = killpoints.wtg(args)
    assert again.returncode == 0, again.stderr
    clean = tmp_path / "clean"
    assert killpoints.wtg([*args[:-1], str(clean)]).returncode == 0
    assert shown(out) == shown(clean)
    assert not (out / "old").exists()
