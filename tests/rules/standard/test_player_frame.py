"""The built-in Standard player on the frame WoK IV's and Intermediate's share
(``wtg/rules/wok/frontplan.py``, ``wtg/rules/wok/goldplan.py``), where its play is its own:
a player who QUIT is still a threat to it, its attacks take one province's armies a target,
and its moves bring only inner armies up."""

from __future__ import annotations

from random import Random

from tests.rules.builders import empty, make_state
from wtg.core.jsondata import JsonObject
from wtg.rules.standard.strategy import Plan, plan_orders
from wtg.rules.wok.battleodds import round_odds, win_chance
from wtg.rules.wok.combat import attack_top, defense_top
from wtg.rules.wok.goldplan import GoldPlan
from wtg.rules.wok.state import QUIT, WokState


def board() -> WokState:
    """Player 1's province 7 (30 ARM at level 1.750) among neutrals (2, 8, 12: 5 ARM each)
    and player 2's province 6 (10 ARM at level 1.750)."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=24, arm=30, lev=1750, dfn=10)
    empty(state, 6, 2, pop=10, arm=10, lev=1750)
    return state


def sent(planned: JsonObject) -> list[tuple[object, object, object]]:
    lines = planned.get("attack", [])
    assert isinstance(lines, list)
    return [(line["from"], line["to"], line["armies"]) for line in lines if isinstance(line, dict)]


def test_it_keeps_its_garrison_against_a_player_who_quit() -> None:
    """Player 2 QUIT: his 10 armies still count, so province 7 keeps the fewest that make
    his attack an even chance or worse (WoK IV's and Intermediate's players send all)."""
    state = board()
    before = sent(plan_orders(state, 1, Random(1)))
    state.player(2).status = QUIT
    after = sent(plan_orders(state, 1, Random(1)))
    assert after == before
    [(source, _, armies)] = after
    assert source == 7 and isinstance(armies, int)
    kept = 30 - armies
    p = round_odds(attack_top(1750, 99), defense_top(1750, 10, 99))
    assert win_chance(10, kept, p) <= 0.5 < win_chance(10, kept - 1, p)
    assert Plan(state, 1, Random(1)).keep[7] == kept


def test_one_province_s_armies_attack_a_target_alone() -> None:
    """Provinces 7 and 9 (5 armies each) are too few alone for the neutral 8 between them
    (14 armies), together favoured: Standard's player does not join them on it (the
    frame's attacks do)."""
    state = make_state()
    for pid in (7, 9):
        empty(state, pid, 1, pop=60, wok=24, arm=5, lev=1750, dfn=10)
    empty(state, 8, 0, pop=60, arm=14)
    for pid in (2, 4, 6, 10, 12, 14):
        state.province(pid).arm = 90
    assert sent(plan_orders(state, 1, Random(1))) == []
    assert Plan(state, 1, Random(1)).good_attacks == 0
    assert GoldPlan(state, 1, Random(1)).attacks() == [(7, 8, 5), (9, 8, 5)]


def test_its_spare_armies_do_not_reinforce_a_neighbour_short_of_its_garrison() -> None:
    """Province 12 (1 army) faces player 2's 20 in 17; province 7 next to it, with nothing
    worth attacking, keeps its armies (the frame's moves send 12 what it lacks)."""
    state = make_state()
    for neighbour in (2, 6, 8, 11, 13):
        state.province(neighbour).arm = 90
    empty(state, 7, 1, pop=60, wok=24, arm=40, lev=1750, dfn=10)
    empty(state, 12, 1, pop=10, wok=8, arm=1, lev=1750, dfn=10)
    empty(state, 17, 2, pop=10, arm=20, lev=1750)
    frame = GoldPlan(state, 1, Random(1))
    lacking = frame.need[12] - 1
    assert lacking > 0 and frame.keep[7] == 0
    assert frame.moves() == [{"from": 7, "to": 12, "unit": "ARM", "amount": lacking}]
    assert Plan(state, 1, Random(1)).moves() == []
    assert "move" not in plan_orders(state, 1, Random(1))
