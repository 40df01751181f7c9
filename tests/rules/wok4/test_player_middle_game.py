"""The built-in WoK IV player (``wtg/rules/wok4/strategy.py``) in the middle game, on hand-made
boards: where it makes its armies, how long it keeps a siege, and what it does once its
empire has grown (each of these failed on the player of rounds 37-43, frozen in
``bench/frozen_robots/wok4_r43.py``)."""

from __future__ import annotations

from random import Random
from typing import Any

from bench.frozen_robots.wok4_r43 import plan_orders as r43_plan
from bench.frozen_robots.wok4_r44 import plan_orders as r44_plan
from bench.frozen_robots.wok4_r46 import plan_orders as r46_plan
from tests.rules.builders import empty, make_state
from wtg.core.jsondata import JsonObject
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.strategy import plan_orders as new_plan


def lines(planned: JsonObject, key: str) -> list[dict[str, Any]]:
    """The lines of one section of a built-in player's orders (none: an empty list)."""
    found = planned.get(key, [])
    assert isinstance(found, list) and all(isinstance(line, dict) for line in found)
    return [dict(line) for line in found if isinstance(line, dict)]


def corner() -> WokState:
    """Player 1's corner: province 1 (400 POP, no foreign neighbour) behind its borders 2
    and 6 (85 POP each); the neutrals next to them far too strong to attack (90 armies)."""
    state = make_state()
    empty(state, 1, 1, pop=400, wok=60)
    empty(state, 2, 1, pop=85, wok=24, arm=10, lev=1750, dfn=10)
    empty(state, 6, 1, pop=85, wok=24, arm=10, lev=1750, dfn=10)
    for neutral in (3, 7, 11):
        state.province(neutral).arm = 90
    return state


def test_it_makes_armies_where_the_pop_is_and_sends_them_to_the_border() -> None:
    """The inner province's 400 POP (growing by 3% a turn) make 12 armies before the
    borders' 85 (20%), and the 12 go to a border in the same turn, the moves of PHASE IV
    coming after its transformations; the player before made armies on its borders alone."""
    state = corner()
    made = [
        (line["province"], line["kind"])
        for line in lines(r43_plan(state, 1, Random(1)), "transform")
    ]
    assert (1, "POP-ARM") not in made
    planned = new_plan(state, 1, Random(1))
    levies = [line for line in lines(planned, "transform") if line["kind"] == "POP-ARM"]
    assert [line["province"] for line in levies] == [1, 2, 6]
    moved = [line for line in lines(planned, "move") if line["from"] == 1]
    assert len(moved) == 1 and moved[0]["to"] in (2, 6) and moved[0]["amount"] == 12


def test_missiles_out_of_reach_go_to_the_siege() -> None:
    """Province 7 (60 missiles) lays siege to neutral 8 (60 armies, DEF 5.0); province 12's
    40 missiles reach neither 8 (numbered 4 from it) nor any player: they move to 7, next to
    the siege, to fall on it the next turn (the moves of PHASE IV come after the bombing).
    The player before left them where they were made."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=24, arm=30, lev=1750, dfn=10, mis=60)
    empty(state, 12, 1, pop=10, wok=8, arm=30, lev=1750, dfn=10, mis=40)
    for neutral in (2, 6, 11, 13, 17):
        state.province(neutral).arm = 150
    state.province(8).arm, state.province(8).dfn = 60, 50
    missiles = {"from": 12, "to": 7, "unit": "MIS", "amount": 40}
    assert missiles not in lines(r43_plan(state, 1, Random(1)), "move")
    planned = new_plan(state, 1, Random(1))
    assert lines(planned, "bomb") == [{"from": 7, "to": 8, "missiles": 60}]
    assert missiles in lines(planned, "move")


def two_sieges() -> WokState:
    """Player 1's provinces 7 and 12 (30 armies at 1.750, 60 missiles each); neutrals 8 (next
    to 7, out of 12's reach) and 11 (next to 12, out of 7's) of 40 armies at DEF 3.0 and 480
    POP, which 30 armies are not favoured to take unbombed; the other neutrals around far
    stronger (150 armies)."""
    state = make_state()
    for own in (7, 12):
        empty(state, own, 1, pop=60, wok=24, arm=30, lev=1750, dfn=10, mis=60)
    for neutral in (2, 6, 13, 17):
        state.province(neutral).arm = 150
    for neutral in (8, 11):
        province = state.province(neutral)
        province.arm, province.dfn, province.pop = 40, 30, 480
    return state


def test_missiles_enough_for_two_sieges_lay_two() -> None:
    """Each province's 60 missiles (59.4 hits expected, a quarter on armies: 45) open its
    own neutral: both are bombed and attacked. The player before laid one siege and kept
    the other province's missiles."""
    state = two_sieges()
    before = r43_plan(state, 1, Random(1))
    assert len(lines(before, "bomb")) == 1 and len(lines(before, "attack")) == 1
    planned = new_plan(state, 1, Random(1))
    assert lines(planned, "bomb") == [
        {"from": 7, "to": 8, "missiles": 60},
        {"from": 12, "to": 11, "missiles": 60},
    ]
    assert lines(planned, "attack") == [
        {"from": 7, "to": 8, "armies": 30},
        {"from": 12, "to": 11, "armies": 30},
    ]


def test_a_siege_sure_either_way_falls_on_the_richer_province() -> None:
    """Province 7's 60 missiles make it sure of neutral 8 (480 POP) and of player 2's
    province 2 (8 armies, 64 POP) alike: they fall on 8, whose POP comes with it. The player
    before chose 2, the one with the fewest armies and defense left."""
    state = two_sieges()
    empty(state, 2, 2, pop=64, wok=10, arm=8, lev=1000)
    empty(state, 12, 0, arm=150)
    assert lines(r43_plan(state, 1, Random(1)), "bomb") == [{"from": 7, "to": 2, "missiles": 60}]
    assert lines(new_plan(state, 1, Random(1)), "bomb") == [{"from": 7, "to": 8, "missiles": 60}]


def test_its_workers_make_the_tech_that_buys_back_a_low_eff() -> None:
    """Provinces 7 (40 workers) and 12 (30), facing only neutrals of 20 armies, at 60% EFF
    (58% after the turn's loss) with no tech points: 7's workers make EFF, as before, and
    12's TECH rather than missiles, the 9 points a turn that buy back the 2% its two
    provinces cost (250 points buy 60%)."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=40, arm=30, lev=1750, dfn=10)
    empty(state, 12, 1, pop=60, wok=30, arm=30, lev=1750, dfn=10)
    for neutral in (2, 6, 8, 11, 13, 17):
        state.province(neutral).arm, state.province(neutral).dfn = 20, 90
    state.player(1).eff = 60
    assert lines(r43_plan(state, 1, Random(1)), "aim") == [
        {"province": 7, "aim": "EFF"},
        {"province": 12, "aim": "MIS"},
    ]
    assert lines(new_plan(state, 1, Random(1)), "aim") == [
        {"province": 7, "aim": "EFF"},
        {"province": 12, "aim": "TECH"},
    ]


def test_armies_two_steps_from_the_siege_march_the_whole_way() -> None:
    """Player 1's provinces 7, 12 and 17 (30 armies each) in a line; 7's 20 missiles lay a
    long siege to neutral 8 (60 armies, DEF 5.0: still too strong once they fell), the other
    neutrals around far stronger (150 at DEF 9.0). 12, next to 7, sends its armies to it,
    and 17, two steps away, through 12 to 7 in the same turn (12's own 30 first, then 17's):
    the armies of a border facing nothing it may take gather at the siege. The player of
    round 44 left 17's where they stood; that of rounds 45-46 marched them a step, to 12,
    where they stood at the turn's end for the inner moves to send back."""
    state = make_state()
    for own in (7, 12, 17):
        empty(state, own, 1, pop=60, wok=24, arm=30, lev=1750, dfn=10)
    state.province(7).mis = 20
    for neutral in (2, 6, 11, 13, 16, 18):
        state.province(neutral).arm, state.province(neutral).dfn = 150, 90
    state.province(8).arm, state.province(8).dfn = 60, 50
    gather = [
        {"from": 12, "to": 7, "unit": "ARM", "amount": 30},
        {"from": 17, "to": 12, "unit": "ARM", "amount": 30},
        {"from": 12, "to": 7, "unit": "ARM", "amount": 30},
    ]
    before = r44_plan(state, 1, Random(1))
    assert lines(before, "bomb") == [{"from": 7, "to": 8, "missiles": 20}]
    assert lines(before, "move") == gather[:1]
    assert lines(r46_plan(state, 1, Random(1)), "move") == gather[:2]
    planned = new_plan(state, 1, Random(1))
    assert lines(planned, "bomb") == [{"from": 7, "to": 8, "missiles": 20}]
    assert "attack" not in planned
    assert lines(planned, "move") == gather


def test_armies_march_to_the_nearest_siege() -> None:
    """Player 1's provinces 7, 12, 17, 18 and 19 in a line (30 armies at 1.750 each); 7's 60
    missiles open neutral 2 (480 POP), 19's open neutral 20 (200 POP), both attacked; the
    other neutrals around far too strong (150 armies, DEF 9.0). 18's spare armies go to 19,
    next to 20, a step away, not three steps to 7 by the richer first siege: the march of
    rounds 45-46 went to the first siege alone, and when the first moved, so did the armies
    on the way."""
    state = make_state()
    for own in (7, 12, 17, 18, 19):
        empty(state, own, 1, pop=60, wok=24, arm=30, lev=1750, dfn=10)
    for own in (7, 19):
        state.province(own).mis = 60
    for neutral in (1, 3, 6, 8, 11, 13, 14, 15, 16):
        state.province(neutral).arm, state.province(neutral).dfn = 150, 90
    for neutral, pop in ((2, 480), (20, 200)):
        province = state.province(neutral)
        province.arm, province.dfn, province.pop = 40, 30, pop
    before = r46_plan(state, 1, Random(1))
    assert lines(before, "bomb") == [
        {"from": 7, "to": 2, "missiles": 60},
        {"from": 19, "to": 20, "missiles": 60},
    ]
    assert {"from": 18, "to": 17, "unit": "ARM", "amount": 30} in lines(before, "move")
    planned = new_plan(state, 1, Random(1))
    assert lines(planned, "bomb") == lines(before, "bomb")
    assert lines(planned, "attack") == [
        {"from": 7, "to": 2, "armies": 30},
        {"from": 19, "to": 20, "armies": 30},
    ]
    marched = [line for line in lines(planned, "move") if line["from"] == 18]
    assert marched == [{"from": 18, "to": 19, "unit": "ARM", "amount": 30}]
