"""Property tests of WoK IV turns: limits, conservation of armies, purity and determinism.

Each example is a game on the small map, played for some turns with random full
orders (every AOF line filled) drawn from a seed hypothesis chooses.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.wok4.fullorders import full_orders
from tests.shipped import WOK4 as RULESET
from wtg.core.jsondata import JsonObject
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup, TurnResult
from wtg.rules.wok.limits import (
    ARM_MAX,
    DEF_MAX,
    EFF_MAX,
    EFF_MIN,
    LEV_MAX,
    LEV_MIN,
    MIS_MAX,
    NEUTRAL_RECRUITS,
    POP_MAX,
    SPY_MAX,
    WOK_MAX,
)
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.constants import TECH_MAX

seeds = st.integers(min_value=0, max_value=2**32)


def start(seed: int, map_name: str = "small", players: int = 4) -> WokState:
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, players + 1))
    setup = GameSetup(game="prop", map=map_name, seed=seed, players=seats)
    state: WokState = RULESET.new_game(setup, turn_rng(seed, 0)).state
    return state


def orders_for(state: WokState, seed: int) -> dict[int, JsonObject]:
    rng = random.Random(f"{seed}:{state.turn}")
    result: dict[int, JsonObject] = {}
    for pid in RULESET.owing(state):
        if rng.random() < 0.1:
            continue  # now and then a player misses the turn
        entries, _bad, _problems = RULESET.entries_from_dict(full_orders(state, pid, rng))
        result[pid] = RULESET.accept(entries, state, pid).orders
    return result


def play(seed: int, turns: int) -> Iterator[tuple[WokState, TurnResult[WokState]]]:
    state = start(seed)
    for _ in range(turns):
        if state.outcome is not None:
            return
        result = RULESET.resolve(state, orders_for(state, seed), turn_rng(seed, state.turn + 1))
        yield state, result
        state = result.state


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_every_value_stays_within_its_limits(seed: int) -> None:
    """Limits (manual section 4-6): POP and ARM 0-999, WOK 0-125, LEV 1.000-9.999,
    DEF 0.0-9.9, MIS and SPY 0-99, tech points 0-999, EFF 1-99%."""
    for _, result in play(seed, 8):
        state = result.state
        for p in state.provinces:
            assert 0 <= p.pop <= POP_MAX and 0 <= p.wok <= WOK_MAX and 0 <= p.arm <= ARM_MAX
            assert LEV_MIN <= p.lev <= LEV_MAX and 0 <= p.dfn <= DEF_MAX
            assert 0 <= p.mis <= MIS_MAX and 0 <= p.spy <= SPY_MAX
        for player in state.players:
            assert EFF_MIN <= player.eff <= EFF_MAX and 0 <= player.tech <= TECH_MAX
            if player.status == "dead":
                assert state.count_of(player.id) == 0


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_armies_appear_or_vanish_only_by_a_rule(seed: int) -> None:
    """Every army in the game is accounted for: recruited by POP->ARM, lost over the 999
    limit, killed in battle or by bombs, or recruited by a neutral province (+2 a turn)."""
    for before, result in play(seed, 8):
        events: list[dict[str, Any]] = [e.to_dict() for e in result.events]
        made = sum(
            e["made"] - e["lost"]
            for e in events
            if e["kind"] == "transformed" and e["transform"] == "POP-ARM"
        )
        battle = sum(
            e["attacker_losses"] + e["defender_losses"] for e in events if e["kind"] == "battle"
        )
        bombed = sum(e["armies"] for e in events if e["kind"] == "bombing_run")
        neutrals = NEUTRAL_RECRUITS * sum(1 for p in result.state.provinces if p.owner == 0)
        total_before = sum(p.arm for p in before.provinces)
        total_after = sum(p.arm for p in result.state.provinces)
        assert total_after == total_before + made - battle - bombed + neutrals


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_the_input_state_is_never_changed(seed: int) -> None:
    """Rules are pure: resolve() works on a copy."""
    state = start(seed)
    snapshot = json.dumps(state.to_dict())
    RULESET.resolve(state, orders_for(state, seed), turn_rng(seed, 1))
    assert json.dumps(state.to_dict()) == snapshot


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_same_seed_same_bytes(seed: int) -> None:
    """Deterministic: the same state, orders and seed give byte-identical results."""
    first = [
        json.dumps([r.state.to_dict(), [e.to_dict() for e in r.events]]) for _, r in play(seed, 5)
    ]
    second = [
        json.dumps([r.state.to_dict(), [e.to_dict() for e in r.events]]) for _, r in play(seed, 5)
    ]
    assert first == second


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_province_count_and_map_never_change(seed: int) -> None:
    initial = start(seed)
    for _, result in play(seed, 6):
        assert [p.neighbours for p in result.state.provinces] == [
            p.neighbours for p in initial.provinces
        ]
        seated = {p.id for p in result.state.players} | {0}
        assert {p.owner for p in result.state.provinces} <= seated
