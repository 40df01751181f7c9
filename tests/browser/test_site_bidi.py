"""Names written right to left in a list of the site's index ("Players still in"), and in
the feed's "Players: ...": laid out by Chromium, each name keeps its place in the list.
Without isolating each, two such names next to each other (with the comma between) made
one right-to-left run, shown in the reverse order, and took the count before them along."""

from __future__ import annotations

from html import escape
from pathlib import Path

from tests.browser.conftest import Watched
from tests.site.games import people, play_game
from wtg.game.engine import open_game
from wtg.site.build import build_site
from wtg.site.facts import gather
from wtg.site.feed import game_entries

SHALOM = "\u05e9\u05dc\u05d5\u05dd"
DAVID = "\u05d3\u05d5\u05d3"
OMAR = "\u0639\u0645\u0631"

_LEFTS = """([selector, words]) => {
  const cell = document.querySelector(selector);
  const text = cell.textContent;
  const lefts = [];
  for (const word of words) {
    const at = text.indexOf(word);
    if (at < 0) return null;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (at < seen + node.length) {
        const range = document.createRange();
        range.setStart(node, at - seen);
        range.setEnd(node, at - seen + 1);
        lefts.push(range.getBoundingClientRect().left);
        break;
      }
      seen += node.length;
    }
  }
  return lefts;
}"""


def test_right_to_left_names_keep_their_order_in_the_players_still_in(
    page: Watched, tmp_path: Path
) -> None:
    games = tmp_path / "games"
    players = people("bidi", 4)
    for seat, name in ((0, SHALOM), (1, DAVID), (3, OMAR)):
        players[seat] = players[seat].replaced(name=name)
    play_game(games, "bidi", "wok4", "small", 4, 1, players=players)
    out = tmp_path / "site"
    assert build_site(games, out, jobs=1).skipped == ()
    page.page.goto((out / "index.html").as_uri())
    cell = "#running tbody tr td:last-child"
    shown = page.page.text_content(cell) or ""
    assert shown.replace("\u200e", "") == f"4: {SHALOM}, {DAVID}, Bidi 3, {OMAR}"
    lefts = page.page.evaluate(_LEFTS, [cell, ["4:", SHALOM, DAVID, "Bidi 3", OMAR]])
    assert lefts == sorted(lefts), shown
    assert page.errors == []


def test_the_feeds_list_of_players_keeps_their_order_as_plain_text(
    page: Watched, tmp_path: Path
) -> None:
    """The feed is plain text (no markup to isolate a name with): its "Players: A, B" laid
    out as a reader lays out text, A first. Without the mark after each right-to-left name,
    the comma between two made one right-to-left run, and B showed first."""
    games = tmp_path / "games"
    players = people("bidi", 3)
    for seat, name in ((0, SHALOM), (1, OMAR)):
        players[seat] = players[seat].replaced(name=name)
    play_game(games, "bidi", "wok4", "small", 3, 1, players=players)
    facts = gather(open_game(games / "bidi"))
    (started,) = [e for e in game_entries(facts, "games/bidi/index.html") if "started" in e.title]
    (line,) = started.lines
    shown_page = tmp_path / "line.html"
    shown_page.write_text(
        f'<!DOCTYPE html><html lang="en"><body><p id="line">{escape(line)}</p></body></html>',
        encoding="utf-8",
    )
    page.page.goto(shown_page.as_uri())
    lefts = page.page.evaluate(_LEFTS, ["#line", ["Players:", SHALOM, OMAR, "Bidi 3"]])
    assert lefts == sorted(lefts), line
    assert page.errors == []
