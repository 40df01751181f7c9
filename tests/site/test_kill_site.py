"""Killing `wtg site OUT` (SIGKILL, no clean-up of any kind) just before one of its writes
spread over a whole build, then building again: the site is the site an uninterrupted build
makes, file for file, and no page was ever half there (each is written aside and renamed
into place), nor any temporary file left. The games folder is never written.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from tests.test_kill_run_turn import tree
from wtg.game.engine import create_game

KILLS = 10


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A games folder of two games at their turn 0."""
    root = tmp_path_factory.mktemp("site") / "games"
    create_game(root / "g1", "wok4", "small", players(3), 7)
    create_game(root / "g2", "wisk", "classic", players(3), 8)
    return root


def test_a_site_build_killed_at_any_write_is_made_whole_by_the_next(
    games: Path, tmp_path: Path
) -> None:
    before = tree(games)
    whole_out = tmp_path / "whole"
    whole = killpoints.count(
        ["site", str(whole_out), "--games-dir", str(games), "--jobs", "1"], tmp_path
    )
    assert whole.returncode == 0, whole.stderr
    expected = tree(whole_out)
    assert "index.html" in expected and "games/g1/index.html" in expected
    out = tmp_path / "out"
    args = ["site", str(out), "--games-dir", str(games), "--jobs", "1"]
    for at in killpoints.points(whole.writes, KILLS):
        shutil.rmtree(out, ignore_errors=True)
        cut = killpoints.run(args, at, tmp_path)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        as_killed = tree(out) if out.exists() else {}
        pages = {k: v for k, v in as_killed.items() if not k.endswith(".tmp")}
        assert all(expected[k] == v for k, v in pages.items()), (at, cut.before)
        again = killpoints.count(args, tmp_path)
        assert again.returncode == 0, again.stderr
        assert tree(out) == expected, (at, cut.before)
    assert tree(games) == before
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
