"""The site names a seat the machine plays as its ruleset's text does: a Tactics "bot" (the
Book of Tactics' word, and its reports': ``ACTIVE (bot)``), a WISK or WoK "robot". The index
and a Tactics game's page said ``Bot Red (robot)``."""

from __future__ import annotations

from pathlib import Path

from tests.site.games import people, play_game
from wtg.site.build import build_site


def test_tactics_bots_are_bots_and_wisk_robots_robots(tmp_path: Path) -> None:
    games = tmp_path / "games"
    play_game(
        games, "duel", "tactics", "meadow", 2, 1, options={"bots": 2}, players=people("duel", 2)
    )
    play_game(
        games, "risk", "wisk", "classic", 2, 1, options={"robots": 2}, players=people("risk", 2)
    )
    out = tmp_path / "site"
    assert build_site(games, out).skipped == ()
    index = (out / "index.html").read_text(encoding="utf-8")
    tactics = index.split('href="games/duel/index.html"', 1)[1].split("</tr>", 1)[0]
    assert "<bdi>Bot Green</bdi> (bot), <bdi>Bot Blue</bdi> (bot)" in tactics
    assert "(robot)" not in tactics
    risk = index.split('href="games/risk/index.html"', 1)[1].split("</tr>", 1)[0]
    assert "<bdi>Robot 3</bdi> (robot), <bdi>Robot 4</bdi> (robot)" in risk
    page = (out / "games" / "duel" / "index.html").read_text(encoding="utf-8")
    assert "<td><bdi>Bot Blue</bdi> (bot)</td>" in page and "(robot)" not in page
