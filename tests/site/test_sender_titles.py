"""The index's list of AOF Sender pages names every ruleset by its title. A host whose games
were all WISK listed the others by their ids ('standard', 'wok4'): their titles were read
from the games on the host alone."""

from __future__ import annotations

from pathlib import Path

from tests.site.games import people, play_game
from wtg.site.build import build_site


def test_every_sender_page_is_named_by_its_ruleset_s_title(tmp_path: Path) -> None:
    games = tmp_path / "games"
    play_game(
        games, "risk", "wisk", "classic", 2, 1, options={"robots": 2}, players=people("risk", 2)
    )
    out = tmp_path / "site"
    assert build_site(games, out).skipped == ()
    index = (out / "index.html").read_text(encoding="utf-8")
    senders = index.split("Write your orders in the browser", 1)[1].split("</ul>", 1)[0]
    for ruleset, title in (
        ("intermediate", "World of Kaomaris - Intermediate WoK"),
        ("standard", "World of Kaomaris - Standard WoK"),
        ("tactics", "WoS Tactics"),
        ("wisk", "WISK - the world domination game"),
        ("wok4", "World of Kaomaris IV - The Final Conflict"),
    ):
        assert f'<li><a href="aof/{ruleset}.html">{title}</a></li>' in senders
