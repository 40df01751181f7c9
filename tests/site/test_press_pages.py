"""A game's page showed the players' press of every turn the game ran: a turn's press is
bounded (40,000 characters, more once escaped for HTML), a game's was not, and a long game's
page grew by as much every turn, at every build. The game's page shows the press of the latest
``PRESS_TURNS`` turns, and each turn's page (``games/<game>/turn-<N>.html``) the press printed
with its reports, escaped as everywhere, a code in it blacked out."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.site.games import people, play_game, play_turns
from wtg.game.press import Press, add_press
from wtg.site.build import build_site
from wtg.site.press import PRESS_TURNS

WHEN = datetime(2026, 11, 26, 10, 0, tzinfo=timezone.utc)


def test_each_turns_press_is_on_its_page_and_the_game_page_keeps_the_latest(
    tmp_path: Path,
) -> None:
    games = tmp_path / "games"
    players = people("herald", 3)
    game = play_game(games, "herald", "wok4", "small", 3, 0, players=players)
    for turn in range(1, 6):
        text = f"News of turn {turn} <b>bold</b> (code {players[1].code})"
        add_press(game.store, turn, Press(side=2, name=players[1].name, at="", text=text), WHEN)
        play_turns(game, 1)
    out = tmp_path / "site"
    build_site(games, out)
    folder = out / "games" / "herald"
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert PRESS_TURNS == 3
    shown = [turn for turn in range(1, 6) if f"News of turn {turn} " in page]
    assert shown == [3, 4, 5]
    assert "<p class=\"note\">The players' press from turn 3 on: each turn's page shows" in page
    for turn in range(1, 6):
        turn_page = (folder / f"turn-{turn}.html").read_text(encoding="utf-8")
        press = turn_page.split('<section id="press">')[1]
        assert f"<h3>Turn {turn}: {players[1].name}</h3>" in press
        assert f"News of turn {turn} &lt;b&gt;bold&lt;/b&gt; (code [withheld])" in press
        assert [n for n in range(1, 6) if f"News of turn {n} " in turn_page] == [turn]
    assert '<section id="press">' not in (folder / "turn-0.html").read_text(encoding="utf-8")
