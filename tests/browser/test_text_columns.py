"""A player's name written right to left (Hebrew, Arabic) in the columns of the text every
player reads (the Top Ten, a report's tables), laid out by Chromium's bidi algorithm as a
mail client shows plain text: without a mark after the name, the numbers that follow it
in its row (score, provinces) joined its right-to-left run and showed before it,
swapped. Every character but the name's letters stays in its column, in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import Watched
from tests.site.games import people, play_game
from wtg.game.engine import Game

HEBREW = "\u05e9\u05dc\u05d5\u05dd \u05db\u05d4\u05df"
"""Shalom Cohen, in Hebrew letters."""
ARABIC = "\u0639\u0645\u0631"
"""Omar, in Arabic letters."""

_LAID_OUT = r"""([text, name]) => {
  const pre = document.createElement("pre");
  pre.style.font = "16px monospace";
  pre.textContent = text;
  document.body.replaceChildren(pre);
  const node = pre.firstChild;
  const lefts = [];
  for (let i = 0; i < text.length; i += 1) {
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const box = range.getBoundingClientRect();
    lefts.push([box.left, box.top]);
  }
  const wrong = [];
  let start = 0;
  for (const line of text.split("\n")) {
    const at = line.indexOf(name);
    if (at >= 0) {
      const others = [];
      for (let i = 0; i < line.length; i += 1) {
        const inName = i >= at && i < at + name.length;
        if (!inName && line[i] !== " " && line[i] !== "\u200e") others.push(i);
      }
      for (let k = 1; k < others.length; k += 1) {
        const [a, b] = [lefts[start + others[k - 1]][0], lefts[start + others[k]][0]];
        const [now, before] = [line[others[k]], line[others[k - 1]]];
        if (b <= a) wrong.push(`${line}: "${now}" (at ${others[k]}) shows left of "${before}"`);
      }
      const after = others.find((i) => i >= at + name.length);
      if (after !== undefined) {
        for (let i = at; i < at + name.length; i += 1) {
          if (lefts[start + i][0] >= lefts[start + after][0]) {
            wrong.push(`${line}: the name reaches past "${line[after]}" (at ${after})`);
            break;
          }
        }
      }
    }
    start += line.length + 1;
  }
  return wrong;
}"""


def misplaced(page: Watched, text: str, name: str) -> list[str]:
    """The rows of ``text`` holding ``name`` where a character but the name's shows out of
    its logical order, as Chromium lays the text out left to right."""
    assert name in text, text
    return list(page.page.evaluate(_LAID_OUT, [text, name]))


def game_of(folder: Path, ruleset: str, map_name: str, turns: int, name: str) -> Game:
    players = [p.replaced(name=name) if p.id == 2 else p for p in people(ruleset, 3)]
    return play_game(folder, ruleset, ruleset, map_name, 3, turns, players=players)


@pytest.mark.parametrize("name", [HEBREW, ARABIC])
@pytest.mark.parametrize(
    ("ruleset", "map_name"), [("wok4", "small"), ("wisk", "classic"), ("tactics", "meadow")]
)
def test_a_right_to_left_name_keeps_the_numbers_of_its_row_in_their_columns(
    page: Watched, tmp_path: Path, ruleset: str, map_name: str, name: str
) -> None:
    """The Top Ten (every ruleset's) and the report a player reads, with its tables of
    players: each row of the right-to-left name reads in order, left to right."""
    game = game_of(tmp_path / "games", ruleset, map_name, 1, name)
    turn = game.latest_turn()
    texts = {
        "topten": game.topten(turn),
        "report": game.report(1, turn),
    }
    problems = [
        f"{what}: {line}" for what, text in texts.items() for line in misplaced(page, text, name)
    ]
    assert problems == []
    assert page.errors == []
