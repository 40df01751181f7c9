"""A game without deadlines: its page said "the turn runs when the game master runs it",
though `run-turn --due` runs it once every player is READY (what LIST and the confirmation
say). The page says both."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from wtg.game.engine import create_game
from wtg.site.build import build_site


def test_the_page_of_a_game_without_deadlines_says_when_its_turn_runs(tmp_path: Path) -> None:
    games = tmp_path / "games"
    create_game(games / "g1", "wok4", "small", players(2), seed=3)
    report = build_site(games, tmp_path / "site", jobs=1)
    assert report.skipped == ()
    page = (tmp_path / "site" / "games" / "g1" / "index.html").read_text(encoding="utf-8")
    assert (
        "<dt>Next deadline</dt><dd>none: the turn runs once every player is READY, or when "
        "the game master runs it</dd>"
    ) in page
