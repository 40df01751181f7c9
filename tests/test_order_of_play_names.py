"""A WoK report's ORDER OF PLAY names who plays first, second and so on in every phase of
the next turn, each by name and number as the Top Ten names him, and marks the reader's
own sides (docs/rules/wok.md, ruling 29). It listed the numbers alone ("ORDER OF PLAY FOR
TURN 1: 3 1 4 2"): a newcomer could not tell who 3 was, nor find himself among them."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import NAMES, players
from tests.shipped import STANDARD, WOK4
from wtg.game.engine import Game, create_game


def order_of_play(game: Game, player: int) -> list[str]:
    """The lines of the player's latest report from its ORDER OF PLAY to the blank under it."""
    lines = game.report(player).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("ORDER OF PLAY"))
    return lines[at : lines.index("", at)]


def test_the_order_of_play_names_every_player_and_marks_the_reader(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "wok4", "small", players(4), seed=7)
    oop = game.typed(WOK4).state().oop
    named = [f"{NAMES[pid - 1]} (#{pid}{', you' if pid == 2 else ''})" for pid in oop]
    assert order_of_play(game, 2) == [
        "ORDER OF PLAY FOR TURN 1 (first to last, in every phase):",
        ", ".join(named) + ".",
    ]
    assert "(#2, you)" not in "\n".join(order_of_play(game, 3))


def test_a_duel_player_finds_each_of_his_colours_marked(tmp_path: Path) -> None:
    """A human of a Duel plays three colours: each is his, and marked so, in the one
    ORDER OF PLAY his mail shares among them; the robots and the other human's not."""
    game = create_game(tmp_path / "d", "standard", "classic60", players(2), seed=3, variant="duel")
    state = game.typed(STANDARD).state()
    mine = {p.id for p in state.players if p.controller == 1}
    lines = order_of_play(game, 1)
    assert lines[0] == "ORDER OF PLAY FOR TURN 1 (first to last, in every phase):"
    names = {p.id: p.name for p in state.players}
    said = re.findall(r"(\S+) \(#(\d+)(, you)?\)[,.]", " ".join(lines[1:]))
    assert [(name, int(pid)) for name, pid, _ in said] == [(names[p], p) for p in state.oop]
    assert {int(pid) for _, pid, you in said if you} == mine
    assert len(mine) == 3 and all(len(line) <= 72 for line in lines)
