"""The public site put players' names beside each other with nothing between them but a
comma or "and": two names written right to left (Hebrew, Arabic) showed in swapped order
("won by A and B" read "won by B and A"). Each name on a page is isolated in a ``<bdi>``;
in the feed, plain text, each is followed by the LEFT-TO-RIGHT MARK the reports use
(``wtg.game.bidimark``), as are the names in a turn's public events."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.games import play_game
from wtg.core.jsondata import Json
from wtg.game.bidimark import LRM
from wtg.game.engine import open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.host.results import Entry, Finished
from wtg.site.build import build_site
from wtg.site.events import Words, public_lines
from wtg.site.facts import GameFacts, gather
from wtg.site.feed import entry_id, game_entries
from wtg.site.hiscore import hiscore
from wtg.site.pages import render

SHALOM = "\u05e9\u05dc\u05d5\u05dd"
OMAR = "\u0639\u0645\u0631"
NAMES = (SHALOM, OMAR, "Ann")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A WoK IV game of a Hebrew, an Arabic and an English name, two turns played; its
    games folder and its site."""
    root = tmp_path_factory.mktemp("bidi")
    players = [
        PlayerEntry(id=i, name=name, email=f"p{i}@players.example", code=f"BIDICODE{i:02d}")
        for i, name in enumerate(NAMES, start=1)
    ]
    play_game(root / "games", "rtl", "wok4", "small", 3, 2, players=players)
    assert build_site(root / "games", root / "site").skipped == ()
    return root / "games", root / "site"


def finished(facts: GameFacts) -> GameFacts:
    """The game as if over, the first two sharing the win."""
    entries = tuple(
        Entry(key=f"p{i}@players.example", name=name, bot=False, place=1 if i < 3 else 2)
        for i, name in enumerate(NAMES, start=1)
    )
    result = Finished(game="rtl", finished=facts.turns[-1].ran_at, entries=entries, ruleset="wok4")
    return facts.replaced(over=True, result=result)


def test_the_game_page_and_the_turn_pages_isolate_each_name(built: tuple[Path, Path]) -> None:
    _games, site = built
    page = (site / "games" / "rtl" / "index.html").read_text(encoding="utf-8")
    for name in NAMES:  # the players' table, and the Top Ten of each turn
        assert f"<td><bdi>{name}</bdi></td>" in page
    turn = (site / "games" / "rtl" / "turn-2.html").read_text(encoding="utf-8")
    rows = [row for row in turn.split("<tr>") if row.startswith('<td class="num">')]
    assert len(rows) == 3
    for row in rows:
        assert any(f"<td><bdi>{name}</bdi></td>" in row for name in NAMES), row


def test_the_feed_marks_the_names_it_lists(built: tuple[Path, Path]) -> None:
    games, site = built
    feed = (site / "feed.atom").read_text(encoding="utf-8")
    assert f"Players: {SHALOM}{LRM}, {OMAR}{LRM}, Ann." in feed
    facts = gather(open_game(games / "rtl"))
    last = facts.turns[-1]
    first = last.topten[0].replaced(name=SHALOM)  # a Hebrew name at the top
    facts = facts.replaced(turns=(*facts.turns[:-1], last.replaced(topten=(first,))))
    turn = entry_id(facts, f"turn/{last.turn}")
    (entry,) = [e for e in game_entries(facts, "games/rtl/index.html") if e.id == turn]
    assert entry.lines[-1] == f"Top of the Top Ten: {SHALOM}{LRM}."


def test_a_shared_win_isolates_each_winner(built: tuple[Path, Path]) -> None:
    games, _site = built
    facts = finished(gather(open_game(games / "rtl")))
    assert facts.winners == (SHALOM, OMAR)
    won = f"won by <bdi>{SHALOM}</bdi> and <bdi>{OMAR}</bdi>"
    page = render(
        "game.html.j2", g=facts, places={}, map_svg=None, sender=False, root="", site_title="t"
    )
    assert won in page
    index = render(
        "index.html.j2",
        running=[],
        finished=[facts],
        waiting_lists=[],
        host=None,
        senders=[],
        root="",
        site_title="t",
    )
    assert f"<td><bdi>{SHALOM}</bdi> and <bdi>{OMAR}</bdi></td>" in index
    assert facts.result is not None
    fame = render("hiscore.html.j2", h=hiscore([facts.result]), root="", site_title="t")
    assert f"<td><bdi>{SHALOM}</bdi> and <bdi>{OMAR}</bdi></td>" in fame
    (last,) = [e for e in game_entries(facts, "games/rtl/index.html") if "is over" in e.title]
    assert last.title == f"rtl is over: won by {SHALOM}{LRM} and {OMAR}{LRM}"


def test_names_in_a_turns_events_are_marked() -> None:
    """A turn's public events, on the pages and in the feed: the end of a game two shared."""
    words = Words({1: SHALOM, 2: OMAR, 3: "Ann"}, {12: "Highmoor"})
    events: list[dict[str, Json]] = [
        {"kind": "game_over", "public": True, "reason": "alliance", "winners": [1, 2]},
        {"kind": "player_eliminated", "public": True, "player": 3, "by": 1, "province": 12},
    ]
    assert public_lines(events, words) == [
        "The game is over (the last two players standing were allies): won by "
        f"{SHALOM}{LRM} and {OMAR}{LRM}.",
        f"Ann was wiped out by {SHALOM}{LRM} in Highmoor (12).",
    ]
