"""WISK's ATTACK help on a phone: it read ``then MOVE armies move in (at least the dice
rolled, at most all`` above ``  but one).``, a bracket and ``all but one`` cut in two, and
left a player new to the game to guess what ``MOVE armies move in`` did when the target
held. Each of its sentences is whole on a line now, and says what MOVE is once the
target falls, and what stays behind."""

from __future__ import annotations

from pathlib import Path

from tests.aof.test_title_last_word import lines_after
from tests.conftest import players
from wtg.game.engine import create_game


def test_the_attack_help_says_each_sentence_whole(tmp_path: Path) -> None:
    wisk = create_game(tmp_path / "k", "wisk", "classic", players(2), 5).aof(1)
    assert lines_after(wisk, "Fill in all five", 5) == [
        "Fill in all five, FROM TO DICE UNTIL MOVE: a line with one left blank",
        "  is refused.",
        "The attack goes on until FROM has UNTIL armies left or the target falls.",
        "If it falls, MOVE armies move into it (at least the dice rolled).",
        "One army always stays behind in FROM.",
    ]
