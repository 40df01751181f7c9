"""Golden whole-game transcripts of WoS Tactics (bots, to the end: the board at the start,
each turn's orders and events, the board at the end): any change in the rules' results
shows up here.

Regenerate after an intended rules change, then read the diff:

    WTG_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/golden
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.compare import check_golden
from tests.shipped import TACTICS as RULESET
from wtg.aof.orderfile import orders_to_yaml
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, OptionValue
from wtg.rules.tactics.state import TacticsState

HERE = Path(__file__).resolve().parent / "tactics"
CASES = {
    "meadow-4bots-rested-seed3": ("meadow", 4, "rested", 3),
    "lava-ford-2bots-1-seed5": ("lava-ford", 2, "1", 5),
}


def state_lines(state: TacticsState) -> list[str]:
    lines = [
        f"active {state.active} phase {state.phase} "
        + " ".join(f"{p.id}:{p.colour}:{p.status}:{p.place}" for p in state.players)
    ]
    for piece in state.pieces:
        lines.append(
            f"  {piece.id} {piece.kind} {piece.x:02d}/{piece.y:02d} hp {piece.hp} rst "
            f"{piece.rest} lev {piece.lev} xp {piece.xp}"
        )
    return lines


def transcript(map_name: str, bots: int, per_turn: str, seed: int) -> str:
    options: dict[str, OptionValue] = {"bots": bots, "pieces_per_turn": per_turn}
    setup = GameSetup(game="golden", map=map_name, seed=seed, players=(), options=options)
    state: TacticsState = RULESET.new_game(setup, turn_rng(seed, 0)).state
    out = [f"# tactics transcript: {map_name}, {bots} bots, {per_turn} a turn, seed {seed}"]
    out += ["== turn 0", *state_lines(state)]
    while not RULESET.is_over(state):
        orders = RULESET.robot_orders(state)
        result = RULESET.resolve(state, orders, turn_rng(seed, state.turn + 1))
        state = result.state
        out.append(f"== turn {state.turn}")
        out += [orders_to_yaml(o).rstrip() for o in orders.values()]
        out += [json.dumps(e.to_dict(), sort_keys=True) for e in result.events]
    out += ["== the end", *state_lines(state)]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_transcript_matches_golden(name: str) -> None:
    text = transcript(*CASES[name])
    check_golden(HERE / f"{name}.txt", text)


def test_every_tactics_case_has_a_golden_file() -> None:
    assert {p.stem for p in HERE.glob("*.txt")} == set(CASES)
