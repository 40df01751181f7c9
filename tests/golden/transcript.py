"""Whole-game transcripts: the orders, events and state of every turn, as plain text.

A transcript is made by the pure rules code alone (no store, no templates) from
a seed: the built-in strategy writes each player's orders, the ruleset accepts
them as it would a mailed AOF, and the turn is resolved with the game's RNG.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tests.shipped import WOK4 as RULESET
from wtg.aof.orderfile import orders_to_yaml
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.strategy import plan_orders


def province_line(p: dict[str, Any]) -> str:
    return (
        f"{p['id']:>3} owner {p['owner']:>2} pop {p['pop']:>3} wok {p['wok']:>3} "
        f"arm {p['arm']:>3} lev {p['lev']:.3f} def {p['def']:.1f} mis {p['mis']:>2} "
        f"spy {p['spy']:>2} {p['aim']}"
    )


def state_lines(state: WokState) -> list[str]:
    data: dict[str, Any] = state.to_dict()
    lines = [f"oop {data['oop']} outcome {json.dumps(data['outcome'])}"]
    lines += [json.dumps(p, sort_keys=True) for p in data["players"]]
    lines += [province_line(p) for p in data["provinces"]]
    return lines


def transcript(map_name: str, players: int, seed: int, turns: int) -> str:
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, players + 1))
    setup = GameSetup(game="golden", map=map_name, seed=seed, players=seats)
    state: WokState = RULESET.new_game(setup, turn_rng(seed, 0)).state
    out = [
        f"# wok4 transcript: map {map_name}, {players} players, seed {seed}, {turns} turns",
        "== turn 0",
        *state_lines(state),
    ]
    for _ in range(turns):
        if state.outcome is not None:
            break
        orders: dict[int, dict[str, Any]] = {}
        for pid in RULESET.owing(state):
            planned = plan_orders(state, pid, random.Random(f"{seed}:{state.turn}:{pid}"))
            entries, _bad, _problems = RULESET.entries_from_dict(planned)
            orders[pid] = RULESET.accept(entries, state, pid).orders
        result = RULESET.resolve(state, orders, turn_rng(seed, state.turn + 1))
        state = result.state
        out.append(f"== turn {state.turn}")
        out.append("-- orders")
        for order in orders.values():
            out.append(orders_to_yaml(order).rstrip())
        out.append("-- events")
        out += [json.dumps(e.to_dict(), sort_keys=True) for e in result.events]
        out.append("-- state")
        out += state_lines(state)
    return "\n".join(out) + "\n"
