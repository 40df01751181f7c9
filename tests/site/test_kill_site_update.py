"""Killing `wtg site OUT` (SIGKILL, no clean-up) while it brings an earlier site up to date,
at each distinct kind of write (a page written aside, its rename over the earlier page, a
folder made, a stale page removed, its game's folder removed), then building again: the
site is the site an uninterrupted update makes, file for file, and no temporary file is
left published. tests/site/test_kill_site.py kills a build into an empty folder.

A build killed with a page written aside, then a rerun that makes that page no more (the GM
removed the game's folder meanwhile, or the game ended and its AOF page goes): the page
written aside was left in the site, published, for good, and kept its game's folder there.
The build now clears the temporary files an earlier build left.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from tests.test_kill_run_turn import tree
from wtg.game.engine import create_game, open_game
from wtg.site.output import clear_leftovers


def build(out: Path, games: Path) -> list[str]:
    return ["site", str(out), "--games-dir", str(games), "--jobs", "1"]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The site of three games at turn 0 (``site``), the games folder since: g1's turn 1
    run, g3 removed (``games``), and a site folder that is not written (the root)."""
    root = tmp_path_factory.mktemp("update")
    games = root / "games"
    for number, seed in ((1, 7), (2, 8), (3, 9)):
        create_game(games / f"g{number}", "wok4", "small", players(3), seed)
    site = root / "site"
    made = killpoints.count(build(site, games), root / "nothing")
    assert made.returncode == 0, made.stderr
    open_game(games / "g1").run_turn()
    shutil.rmtree(games / "g3")
    return root, site, games


def distinct(writes: list[str]) -> list[int]:
    """The first write of each kind (1-based): a file opened, a rename, a folder made, a
    file removed, a folder removed."""
    firsts: dict[str, int] = {}
    for number, write in enumerate(writes, 1):
        kind = write.split()[0]
        if kind == "open" and not write.split()[1].endswith(".tmp"):
            kind = "open in place"
        firsts.setdefault(kind, number)
    return sorted(firsts.values())


def test_an_update_killed_at_each_kind_of_write_is_finished_by_the_next(
    world: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    _, site, games = world
    out = tmp_path / "out"
    restore = killpoints.restorer(site, out)
    log = tmp_path / "writes.log"
    killpoints.whole(build(out, games), out, restore, log=log)
    expected = tree(out)
    assert "games/g3/index.html" not in expected and "games/g1/turn-1.html" in expected
    writes = killpoints.written(log)
    points = distinct(writes)
    kinds = sorted({writes[at - 1].split()[0] for at in points})
    assert kinds == ["open", "os.remove", "os.rename", "os.rmdir"], writes
    for at, cut in killpoints.cuts(build(out, games), out, points, restore):
        again = killpoints.count(build(out, games), out)
        assert again.returncode == 0, (at, again.stderr)
        assert tree(out) == expected, (at, cut.before)


def test_a_page_written_aside_then_made_no_more_is_not_left_published(
    world: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    root, site, games = world
    before = root / "before"  # g3 still there, its turn 1 run: its pages change
    if not before.exists():
        shutil.copytree(games, before)
        create_game(before / "g3", "wok4", "small", players(3), 9)
        open_game(before / "g3").run_turn()
    out = tmp_path / "out"
    restore = killpoints.restorer(site, out)
    restore()
    log = tmp_path / "writes.log"
    assert killpoints.count(build(out, before), out, log=log).returncode == 0
    writes = killpoints.written(log)
    page = f" -> {out / 'games' / 'g3' / 'index.html'}"
    renamed = next(n for n, w in enumerate(writes, 1) if w.endswith(page))
    ((_, cut),) = killpoints.cuts(build(out, before), out, [renamed], restore)
    (aside,) = (out / "games" / "g3").glob(".index.html.*.tmp")  # the writer's own name
    assert aside.is_file(), cut.before  # written aside, killed before its rename
    # the GM removes g3's folder; the next build (cron's) makes the site of what is left
    again = killpoints.count(build(out, games), out)
    assert again.returncode == 0, again.stderr
    clean = tmp_path / "clean"
    shutil.copytree(site, clean)
    assert killpoints.count(build(clean, games), clean).returncode == 0
    assert tree(out) == tree(clean)
    assert not (out / "games" / "g3").exists()
    assert [p for p in out.rglob("*.tmp")] == []


def test_only_files_written_aside_before_the_build_are_cleared(tmp_path: Path) -> None:
    """``clear_leftovers`` removes a page's temporary file left from before the build, in the
    folders a build writes; the GM's own files and one a build beside this one is writing
    now (changed after this build began) stay."""
    site = tmp_path / "site"
    for folder in (site / "aof", site / "games" / "g1", site / "extra"):
        folder.mkdir(parents=True)
    old = [site / ".index.html.tmp", site / "aof" / ".wok4.html.tmp"]
    old.append(site / "games" / "g1" / ".turn-1.html.tmp")
    kept = [site / "notes.txt", site / ".htaccess", site / "games" / "g1" / "..x.tmp"]
    kept.append(site / "extra" / ".page.html.tmp")  # no folder a build writes
    for path in [*old, *kept]:
        path.write_text("x", encoding="utf-8")
        os.utime(path, (1_000_000, 1_000_000))
    beside = site / "games" / "g1" / ".index.html.tmp"
    beside.write_text("being written", encoding="utf-8")
    began = time.time() - 60  # this build began a minute ago; ``beside`` is newer
    removed = clear_leftovers(site, began)
    assert sorted(removed) == sorted(p.relative_to(site).as_posix() for p in old)
    assert [p for p in old if p.exists()] == []
    assert all(p.exists() for p in [*kept, beside])
