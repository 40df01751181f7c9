"""An order the turn did not carry out is told under its phase as the form heads its
section: the report said 'Not executed (V aims): ...' and 'Not executed (8 workers' aim):
...', a number and a word a new player could not place; it says the phase by name
('phase V, aims'), as the form's 'PHASE V - WORKERS' AIM' and '8 WORKERS' AIM' do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wtg.core.jsondata import Json
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.report import report_text


@pytest.mark.parametrize(
    ("ruleset", "map_name", "phase", "said"),
    [
        ("wok4", "small", "V aims", "phase V, aims"),
        ("standard", "classic60", "8 workers' aim", "phase 8, workers' aim"),
        ("intermediate", "marchlands", "7 upgrade troops", "phase 7, upgrade troops"),
    ],
)
def test_an_order_not_executed_names_its_phase(
    tmp_path: Path, ruleset: str, map_name: str, phase: str, said: str
) -> None:
    players = [PlayerEntry(n, f"P{n}", f"p{n}@example.org", f"CODE{n:04d}X") for n in (1, 2)]
    game = create_game(tmp_path / "g", ruleset, map_name, players, seed=5)
    event: dict[str, Json] = {
        "kind": "order_skipped",
        "player": 1,
        "phase": phase,
        "order": "aim TECH in 4",
        "reason": "province 4 is not yours",
        "visible_to": [1],
    }
    state: Any = game.state()
    state.turn = 4  # a turn played (turn 0's report says the game begins)
    text = report_text(game.ruleset, game.config, state, [event], 1, aof="")
    line = f"- Not executed ({said}): aim TECH in 4: province 4 is not yours."
    assert line in " ".join(text.split())  # wrapped at 78 columns
