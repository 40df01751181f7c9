"""Golden whole-game transcripts of Standard WoK (with a variant's robots), Intermediate WoK
and WISK: the start, then every turn's orders, events and state. Any change in the
rules' results shows up here.

The built-in strategy writes each human side's orders, the ruleset accepts them as it
would a mailed AOF, robots give their own, and the turn is resolved with the game's RNG:
the pure rules code alone (no store, no templates).

Regenerate after an intended rules change, then read the diff:

    WTG_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/golden
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic

import pytest

from tests.golden.compare import check_golden
from tests.shipped import INTERMEDIATE, STANDARD, WISK
from wtg.aof.orderfile import orders_to_yaml
from wtg.core.jsondata import Json
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, OptionValue, Ruleset, S, SeatSetup
from wtg.rules.intermediate.strategy import plan_orders as intermediate_plan
from wtg.rules.standard.strategy import plan_orders as standard_plan
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.strategy import plan as wisk_plan
from wtg.rules.wok.state import WokState

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case(Generic[S]):
    ruleset: Ruleset[S]
    map: str
    humans: int
    seed: int
    turns: int
    plan: Callable[[S, int, random.Random], Mapping[str, Json]]
    variant: str | None = None
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def transcript(self, name: str) -> str:
        return transcript(name, self)


CASES: dict[str, Case[WokState] | Case[WiskState]] = {
    "standard/star-islands-3p-seed11": Case(STANDARD, "star-islands", 3, 11, 10, standard_plan),
    "standard/classic60-duel-seed3": Case(STANDARD, "classic60", 2, 3, 8, standard_plan, "duel"),
    "intermediate/marchlands-2p-seed5": Case(
        INTERMEDIATE, "marchlands", 2, 5, 12, intermediate_plan
    ),
    "intermediate/pentarchy-5p-seed8": Case(INTERMEDIATE, "pentarchy", 5, 8, 8, intermediate_plan),
    "wisk/classic-2p-4robots-cards-fixed-seed2": Case(
        WISK,
        "classic",
        2,
        2,
        60,
        lambda state, pid, rng: wisk_plan(state, pid),
        options={"robots": 4, "cards": "fixed"},
    ),
    "wisk/classic-6robots-claim-rest-seed9": Case(
        WISK,
        "classic",
        0,
        9,
        80,
        lambda state, pid, rng: wisk_plan(state, pid),
        options={"robots": 6, "assignment": "claim-rest"},
    ),
}


def state_lines(data: Mapping[str, Any]) -> list[str]:
    """The state file's data, a line for each entry of its lists."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list):
            lines += [
                f"{key}[{i}]: {json.dumps(item, sort_keys=True)}" for i, item in enumerate(value)
            ]
        else:
            lines.append(f"{key}: {json.dumps(value, sort_keys=True)}")
    return lines


def changed_lines(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The lines of ``after`` that differ from those of ``before`` (the board, the map and
    whatever else a turn leaves alone are written once, at the start)."""
    old = set(state_lines(before))
    return [line for line in state_lines(after) if line not in old]


def transcript(name: str, case: Case[S]) -> str:
    ruleset = case.ruleset
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, case.humans + 1))
    setup = GameSetup(
        game="golden",
        map=case.map,
        seed=case.seed,
        players=seats,
        variant=case.variant,
        options=dict(case.options),
    )
    state = ruleset.new_game(setup, turn_rng(case.seed, 0)).state
    data = ruleset.state_to_dict(state)
    out = [f"# {name}: {case.turns} turns at most", "== turn 0", *state_lines(data)]
    for _ in range(case.turns):
        if ruleset.is_over(state):
            break
        turn = ruleset.turn_of(state)
        orders: dict[int, Mapping[str, Json]] = {}
        for side in ruleset.owing(state):
            planned = case.plan(state, side, random.Random(f"{case.seed}:{turn}:{side}"))
            entries, _bad, problems = ruleset.entries_from_dict(planned)
            assert not problems, problems
            orders[side] = ruleset.accept(entries, state, side).orders
        orders.update(ruleset.robot_orders(state))
        result = ruleset.resolve(state, orders, turn_rng(case.seed, turn + 1))
        state = result.state
        out.append(f"== turn {ruleset.turn_of(state)}")
        out.append("-- orders")
        out += [f"side {side}: {orders_to_yaml(o).rstrip()}" for side, o in orders.items()]
        out.append("-- events")
        out += [json.dumps(e.to_dict(), sort_keys=True) for e in result.events]
        out.append("-- state changes")
        data, before = ruleset.state_to_dict(state), data
        out += changed_lines(before, data)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_transcript_matches_golden(name: str) -> None:
    text = CASES[name].transcript(name)
    check_golden(HERE / f"{name}.txt", text)


def test_every_case_has_a_golden_file() -> None:
    """A transcript nobody checks in is no test: each case must have its file, and each
    file its case."""
    files = {
        f"{p.parent.name}/{p.stem}"
        for folder in ("standard", "intermediate", "wisk")
        for p in (HERE / folder).glob("*.txt")
    }
    assert files == set(CASES)


def test_the_games_are_played_not_idle() -> None:
    """Every turn has orders and changes the state; each ruleset's games fight battles."""
    fought = set()
    for name in CASES:
        text = (HERE / f"{name}.txt").read_text(encoding="utf-8")
        turns = text.split("\n== turn ")[2:]  # after the start
        assert len(turns) >= 8, name
        for block in turns:
            assert "\nside " in block, (name, block[:40])
            assert block.split("-- state changes\n", 1)[1].strip(), (name, block[:40])
        if '"kind": "battle"' in text:
            fought.add(name.split("/")[0])
    assert fought == {"standard", "intermediate", "wisk"}
