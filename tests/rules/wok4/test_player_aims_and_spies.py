"""The built-in WoK IV player's aims, spies and EFF trade on a hand-made board: missiles
where neutrals next door outgrow the armies, an aim kept while its reason holds, every spy a
thief but never in a province it attacks, and no +60% EFF counted on workers it is likely to
lose before the trades (``wtg/rules/wok4/strategy.py``)."""

from __future__ import annotations

from random import Random

from tests.rules.builders import attacks, empty, make_state
from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.phases.spying import STEAL_POPULATION
from wtg.rules.wok4.strategy import Wok4Plan, plan_orders


def board() -> WokState:
    """Player 1's province 7 (12 ARM at level 1.750, 24 workers) among neutral 2, 6, 8 and
    12 (40 ARM each, too many to attack)."""
    state = make_state()
    empty(state, 7, 1, pop=60, wok=24, arm=12, lev=1750, dfn=10)
    for neighbour in (2, 6, 8, 12):
        state.province(neighbour).arm = 40
    return state


def section(planned: JsonObject, key: str) -> list[Json]:
    lines = planned.get(key, [])
    assert isinstance(lines, list)
    return lines


def test_a_border_facing_neutrals_makes_missiles_for_the_one_its_armies_outnumber() -> None:
    """Neutral 8 has 10 armies, fewer than 7's 12, the others 40: 7 works at missiles while
    it has fewer than 10 (the round-36 player worked TECH there), then at TECH."""
    state = board()
    state.province(8).arm = 10
    state.province(8).dfn = 30  # too strong to attack this turn
    assert attacks(plan_orders(state, 1, Random(1))) == []
    assert section(plan_orders(state, 1, Random(1)), "aim") == [{"province": 7, "aim": "MIS"}]
    state.province(7).mis = 10
    assert Wok4Plan(state, 1, Random(1)).neutral_aim(state.province(7)) == 10
    assert section(plan_orders(state, 1, Random(1)), "aim") == [{"province": 7, "aim": "TECH"}]


def test_no_missiles_for_neutrals_its_armies_do_not_outnumber() -> None:
    """Every neutral next to 7 has more armies than 7: its missiles would open them for
    another player; TECH."""
    state = board()
    assert Wok4Plan(state, 1, Random(1)).neutral_aim(state.province(7)) == 0
    assert section(plan_orders(state, 1, Random(1)), "aim") == [{"province": 7, "aim": "TECH"}]


def test_missiles_are_kept_while_a_neutral_next_door_outnumbers_them() -> None:
    """7 works at missiles (3 of them) and its armies have gone to the front (2 left): no
    neutral is outnumbered by its armies now, so TECH is wanted, but the neutrals next door
    still outnumber its missiles and the aim stays (the round-36 player changed it to TECH
    and back as armies passed through)."""
    state = board()
    state.province(7).aim, state.province(7).mis, state.province(7).arm = "MIS", 3, 2
    plan = Wok4Plan(state, 1, Random(1))
    assert plan.wanted_aims()[7] == "TECH"
    assert plan.keeps_aim(state.province(7))
    assert "aim" not in plan_orders(state, 1, Random(1))
    for neighbour in (2, 6, 8, 12):
        state.province(neighbour).arm = 3
    assert not Wok4Plan(state, 1, Random(1)).keeps_aim(state.province(7))


def test_every_spy_steals_and_none_from_a_province_it_attacks() -> None:
    """Player 2's 8 (1 army, 300 POP) is attacked, the richer of his two weak provinces
    next to 7, which attacks from one province once; his 12 (1 army, 150 POP) is not: all 8
    spies of 7 steal from 12 (the round-36 player sent 4 to 8, where the line was skipped
    once 8 was taken)."""
    state = board()
    state.province(7).spy = 8
    empty(state, 8, 2, pop=300, arm=1, lev=1000)
    empty(state, 12, 2, pop=150, arm=1, lev=1000)
    planned = plan_orders(state, 1, Random(1))
    assert [line["to"] for line in attacks(planned) if isinstance(line, dict)] == [8]
    assert section(planned, "spy") == [{"from": 7, "to": 12, "op": STEAL_POPULATION, "spies": 8}]


def eff_board(threat: int) -> WokState:
    """Player 1's 7 works at TECH (24 workers) with 240 points and EFF 40; player 2's 8 next
    door has ``threat`` armies at level 1.750."""
    state = board()
    state.province(7).aim = "TECH"
    state.player(1).tech, state.player(1).eff = 240, 40
    empty(state, 8, 2, pop=10, arm=threat, lev=1750)
    return state


def test_eff_is_bought_only_with_the_points_of_workers_it_is_likely_to_keep() -> None:
    """240 points and 24 made in PHASE III pay the 250 of +60% EFF while 7 holds; with 60
    of player 2's armies next door 7 is likely lost in PHASE II before its workers make
    them, and the trade would be skipped: none is written (the round-36 player wrote it)."""
    assert section(plan_orders(eff_board(1), 1, Random(1)), "trade") == [250]
    threatened = eff_board(60)
    plan = Wok4Plan(threatened, 1, Random(1))
    plan.orders()
    assert plan.at_risk() == {7}
    assert (plan.tech_at_trades(), plan.sure_tech()) == (264, 240)
    assert "trade" not in plan_orders(threatened, 1, Random(1))
