"""Intermediate WoK, phase 1 - upgrades: bought with gold at 100, 200 and 300, first of all
the phases; the turn's order of phases as a whole.

No phase draws anything in these tests. Player 1 owns provinces 1 and 2, player 2 owns
province 20."""

from __future__ import annotations

from tests.rules.builders import empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from wtg.rules.intermediate.resolve import PHASES
from wtg.rules.wok.state import WokState


def setup(gold: int) -> WokState:
    state = make_grid()
    state.player(1).gold = gold
    state.player(1).eff = 50
    empty(state, 1, 1, kni=5, lev=1500)
    empty(state, 2, 1)
    empty(state, 20, 2)
    return state


def test_the_three_upgrades_cost_100_200_and_300() -> None:
    """ "The first upgrade of a turn costs 100 gold, the second 200 and the third 300 gold."
    - EFF, DEF and MIS for 600; a fourth is not bought."""
    state = setup(gold=700)
    result = run_intermediate(state, orders(1, upgrade=["EFF", "DEF", "MIS", "SPY"]))
    bought = kinds(result, "upgraded")
    assert [(e.upgrade, e.cost) for e in bought] == [("EFF", 100), ("DEF", 200), ("MIS", 300)]
    assert result.state.player(1).gold == 100


def test_what_each_upgrade_does() -> None:
    """ "Tech Level Permanently increase tech level by 1. EFF Gain 30 EFF. DEF All provinces
    gain 0.5 DEF. LEV All armies gain 0.3 LEV. MIS All provinces gain 5 MIS. SPY All
    provinces gain 2 SPY." - the knights are armies too."""
    state = setup(gold=600)
    result = run_intermediate(state, orders(1, upgrade=["TECH", "EFF", "LEV"]))
    me = result.state.player(1)
    assert (me.tech, me.eff) == (1, 50 + 30 - 2)  # entropy: two provinces
    assert result.state.province(1).lev == 1800
    state = setup(gold=600)
    result = run_intermediate(state, orders(1, upgrade=["DEF", "MIS", "SPY"]))
    assert [(p.dfn, p.mis, p.spy) for p in result.state.provinces[:2]] == [(5, 5, 2), (5, 5, 2)]


def test_upgrades_come_before_the_gold_of_this_turn() -> None:
    """ "1. Upgrades ... 5. Working": gold mined this turn arrives after the upgrades, so an
    upgrade the gold on hand does not pay is skipped even if the mines pay it later."""
    state = setup(gold=0)
    empty(state, 2, 1, wok=120, aim="MIN")
    result = run_intermediate(state, orders(1, upgrade=["TECH"]))
    assert result.state.player(1).tech == 0
    assert result.state.player(1).gold == 120
    reasons = [e.reason for e in kinds(result, "order_skipped") if e.phase == "1 upgrades"]
    assert reasons == ["it costs 100 GOLD and you have 0"]


def test_the_phases_in_the_texts_order() -> None:
    """ "1. Upgrades 2. Bombing 3. Attacking 4. Entropy 5. Working 6. Transformations
    7. Upgrade Troops 8. Growth 9. Movement 10. Workers' Aim 11. Spying" - with the
    neutrals' recruits before growth (ruling 15) and the end of the turn after."""
    names = [phase.__name__ for phase in PHASES]
    assert names[:12] == [
        "upgrades",
        "bombing",
        "attacks",
        "entropy",
        "working",
        "transformations",
        "upgrade_troops",
        "neutral_recruits",
        "growth",
        "movement",
        "aims",
        "spying",
    ]
    assert names[12:] == [
        "votes",
        "quits",
        "missed_turns",
        "last_standing_or_vote",
        "next_order_of_play",
    ]
