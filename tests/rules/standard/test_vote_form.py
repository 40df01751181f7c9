"""The VOTE line of Standard's and Intermediate's form: "The game ends ... by unanimous
vote of the remaining players". A vote counts for the turn it is given (ruling 16: by
every standing player, on one turn); the form said only 'end the game now (it ends when
every remaining player votes so)', and a player who voted once read next turn 'You no
longer vote to end the game.' without having changed his mind. The form says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry


@pytest.mark.parametrize(
    ("ruleset", "map_name"), [("standard", "classic60"), ("intermediate", "pentarchy")]
)
def test_the_vote_line_says_a_vote_counts_for_its_turn(
    tmp_path: Path, ruleset: str, map_name: str
) -> None:
    players = [PlayerEntry(n, f"P{n}", f"p{n}@example.org", f"CODE{n:04d}X") for n in (1, 2)]
    game = create_game(tmp_path / "g", ruleset, map_name, players, seed=5)
    form = game.aof(1).splitlines()
    at = form.index("VOTE: 1 = end the game now; it ends when every remaining player votes so")
    assert form[at : at + 4] == [
        "VOTE: 1 = end the game now; it ends when every remaining player votes so",
        "  on one turn (a vote counts for its turn only: give it again each turn)",
        "    VOTE",
        "V1: _",
    ]
