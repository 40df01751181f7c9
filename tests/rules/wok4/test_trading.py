"""PHASE V - trading tech points and changing the workers' aims (manual v2.50, section 6).

The provinces here have no workers (or too few to make anything) and at most 4
population (which does not grow: growth is rounded down), so PHASE III and IV leave
the values a trade changes alone unless a test says otherwise.
"""

from __future__ import annotations

import random

import pytest

from tests.rules.builders import empty, kinds, make_state, orders, run
from wtg.core.provmap import MapProvince, ProvinceMap
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.setup import start_state


def rich(tech: int, players: int = 2) -> WokState:
    state = make_state(players=players)
    state.player(1).tech = tech
    return state


# --- trades -------------------------------------------------------------------------------


def test_trade_100_raises_defense_of_all_provinces_up_to_9_9() -> None:
    """ "Trade 100 points and all your provinces will gain 0.3 points for defense.(up to
    9.9)"."""
    state = rich(100)
    empty(state, 1, 1, dfn=10)
    empty(state, 2, 1, dfn=98)
    empty(state, 3, 2, dfn=10)
    result = run(state, orders(1, trade=[100]))
    assert result.state.province(1).dfn == 13
    assert result.state.province(2).dfn == 99
    assert result.state.province(3).dfn == 10  # not player 1's
    assert result.state.player(1).tech == 0
    traded = kinds(result, "tech_traded")
    assert [(t.points, t.tech_left, t.visible_to) for t in traded] == [(100, 0, frozenset({1}))]


def test_trade_150_gives_missiles_where_workers_and_spies_where_population() -> None:
    """ "Trading 150 Tech Points now will give you +5 Missiles (up) and +2 Spies (=) BUT you
    will only get the Missiles if you have at least one Worker in the Province and you will
    only get the Spies if you have at least one Pop in the Province"."""
    state = rich(150)
    empty(state, 1, 1, wok=1)  # 1 worker on DEF makes nothing
    empty(state, 2, 1, pop=4)  # 4 population does not grow
    empty(state, 3, 1, wok=1, pop=4)
    empty(state, 4, 1)
    result = run(state, orders(1, trade=[150]))
    got = [(result.state.province(p).mis, result.state.province(p).spy) for p in (1, 2, 3, 4)]
    assert got == [(5, 0), (0, 2), (5, 2), (0, 0)]
    assert result.state.player(1).tech == 0


def test_trade_150_is_capped_at_99() -> None:
    """ "Trade 150 points and all your provinces will gain +5 missiles and +2 spies (up to
    99)"."""
    state = rich(150)
    empty(state, 1, 1, wok=1, pop=4, mis=97, spy=98)
    result = run(state, orders(1, trade=[150]))
    assert (result.state.province(1).mis, result.state.province(1).spy) == (99, 99)


def test_trade_200_raises_army_level_up_to_9_999() -> None:
    """ "Trade 200 points and all your armies level will raise by 0.300 points (up to
    9.999)". Ruling: a province without armies keeps its level."""
    state = rich(200)
    empty(state, 1, 1, arm=10, lev=1750)
    empty(state, 2, 1, arm=5, lev=9800)
    empty(state, 3, 1, arm=0, lev=1000)
    result = run(state, orders(1, trade=[200]))
    assert [result.state.province(p).lev for p in (1, 2, 3)] == [2050, 9999, 1000]
    assert result.state.player(1).tech == 0


def test_trade_250_raises_eff_by_60_up_to_99() -> None:
    """ "Trade 250 points and your bomb/spy effectiveness will raise by 60% (up to 99%)"."""
    state = rich(250)
    state.player(1).eff = 30
    state.player(2).eff = 50
    state.player(2).tech = 250
    empty(state, 1, 1)
    empty(state, 20, 2)
    result = run(state, orders(1, trade=[250]), orders(2, trade=[250]))
    # entropy in PHASE III first (1 province each): 29 + 60 and 49 + 60 -> 99
    assert result.state.player(1).eff == 89
    assert result.state.player(2).eff == 99
    assert (result.state.player(1).tech, result.state.player(2).tech) == (0, 0)


def test_trade_350_raises_defense_and_army_level() -> None:
    """ "Trade 350 points and all your provinces will gain 0.6 points for defense,all armies
    level will raise by 0.500 points (up to known limits)"."""
    state = rich(350)
    empty(state, 1, 1, dfn=10, arm=10, lev=1750)
    empty(state, 2, 1, dfn=95, arm=1, lev=9700)
    empty(state, 3, 1, dfn=0, arm=0, lev=1000)
    result = run(state, orders(1, trade=[350]))
    got = [(result.state.province(p).dfn, result.state.province(p).lev) for p in (1, 2, 3)]
    assert got == [(16, 2250), (99, 9999), (6, 1000)]
    assert result.state.player(1).tech == 0


def test_trade_without_enough_points_is_skipped() -> None:
    """ "If you reach certain tech point levels, you may trade your Tech Points" - with 99
    points there is no 100 trade."""
    state = rich(99)
    empty(state, 1, 1, dfn=10)
    result = run(state, orders(1, trade=[100]))
    assert result.state.player(1).tech == 99
    assert result.state.province(1).dfn == 10
    assert kinds(result, "tech_traded") == []
    skipped = kinds(result, "order_skipped")
    assert [(s.phase, s.reason) for s in skipped] == [("V trades", "you have only 99 tech points")]


def test_trades_deduct_their_points_one_by_one() -> None:
    """ "you may trade your Tech Points to gain more powers" - each trade spends its points;
    one that no longer fits is skipped and the next one still runs."""
    state = rich(600)
    empty(state, 1, 1)
    result = run(state, orders(1, trade=[350, 350, 100]))
    assert [t.tech_left for t in kinds(result, "tech_traded")] == [250, 150]
    assert result.state.player(1).tech == 150
    assert result.state.province(1).dfn == 6 + 3
    assert len(kinds(result, "order_skipped")) == 1


def test_no_such_trade_is_skipped() -> None:
    """ "TECH LEVELS" lists only the trades 100, 150, 200, 250 and 350."""
    state = rich(500)
    empty(state, 1, 1)
    result = run(state, orders(1, trade=[300]))
    assert result.state.player(1).tech == 500
    assert [s.reason for s in kinds(result, "order_skipped")] == ["no such trade"]


def test_tech_points_stop_at_999_before_trading() -> None:
    """ "You can only store up to 999 Tech Points, so use them in time ! If you surpass 999
    Tech Points, only 999 will be counted." - the workers (PHASE III) come before the trade
    (PHASE V)."""
    state = rich(990)
    empty(state, 1, 1, wok=20, aim="TECH")
    result = run(state, orders(1))
    assert result.state.player(1).tech == 999
    assert kinds(result, "production")[0].tech == 9
    state = rich(990)
    empty(state, 1, 1, wok=20, aim="TECH")
    result = run(state, orders(1, trade=[100]))
    assert result.state.player(1).tech == 899


# --- aims ---------------------------------------------------------------------------------


def aim(province: int, new: str) -> dict[str, object]:
    return {"province": province, "aim": new}


def test_only_four_provinces_change_their_aim() -> None:
    """ "Only up to 4 of your provinces may change their aim at the end of each turn"."""
    state = make_state()
    for pid in range(1, 7):
        empty(state, pid, 1)
    result = run(
        state,
        orders(
            1,
            aim=[
                aim(1, "MIS"),
                aim(2, "SPY"),
                aim(3, "LEV"),
                aim(4, "TECH"),
                aim(5, "EFF"),
                aim(6, "MIS"),
            ],
        ),
    )
    assert [result.state.province(p).aim for p in range(1, 7)] == [
        "MIS",
        "SPY",
        "LEV",
        "TECH",
        "DEF",
        "DEF",
    ]
    changed = kinds(result, "aim_changed")
    assert [(c.province, c.old, c.new) for c in changed] == [
        (1, "DEF", "MIS"),
        (2, "DEF", "SPY"),
        (3, "DEF", "LEV"),
        (4, "DEF", "TECH"),
    ]
    assert [(s.phase, s.reason) for s in kinds(result, "order_skipped")] == [
        ("V aims", "only 4 aims change a turn")
    ] * 2


def test_naming_the_same_aim_is_no_change() -> None:
    """Ruling: an order naming the aim a province already has is no change and does not count
    toward the 4."""
    state = make_state()
    empty(state, 1, 1, aim="MIS")
    for pid in range(2, 6):
        empty(state, pid, 1)
    result = run(
        state,
        orders(1, aim=[aim(1, "MIS"), aim(2, "SPY"), aim(3, "LEV"), aim(4, "TECH"), aim(5, "EFF")]),
    )
    assert [result.state.province(p).aim for p in range(1, 6)] == [
        "MIS",
        "SPY",
        "LEV",
        "TECH",
        "EFF",
    ]
    assert [c.province for c in kinds(result, "aim_changed")] == [2, 3, 4, 5]
    assert kinds(result, "order_skipped") == []


def test_aim_of_a_province_not_yours_is_skipped() -> None:
    """ "you can assign them (for each province you own) ONE single task" - an order for a
    province you do not own changes nothing and is not one of your 4 changes."""
    state = make_state()
    for pid in range(1, 5):
        empty(state, pid, 1)
    empty(state, 7, 2)
    result = run(
        state,
        orders(
            1,
            aim=[
                aim(7, "MIS"),
                aim(8, "MIS"),
                aim(1, "MIS"),
                aim(2, "MIS"),
                aim(3, "MIS"),
                aim(4, "MIS"),
            ],
        ),
    )
    assert result.state.province(7).aim == "DEF"
    assert result.state.province(8).aim == "DEF"
    assert [result.state.province(p).aim for p in range(1, 5)] == ["MIS"] * 4
    assert [s.reason for s in kinds(result, "order_skipped")] == [
        "province 7 Prov7 is not yours",
        "province 8 Prov8 is not yours",
    ]


def test_default_aim_is_defense() -> None:
    """ "All provinces start with the workers default aim of +DEFENSE at the beginning of a new
    game (neutral provinces have that aim too)"."""
    line = ProvinceMap(
        "line",
        "Line",
        2,
        (1, 4),
        tuple(
            MapProvince(pid, f"P{pid}", 60, tuple(n for n in (pid - 1, pid + 1) if 1 <= n <= 4))
            for pid in range(1, 5)
        ),
    )
    setup = GameSetup("g", "line", 1, (SeatSetup(1, "A"), SeatSetup(2, "B")))
    state = start_state(setup, line, random.Random(1))
    assert {p.owner for p in state.provinces} == {0, 1, 2}
    assert [p.aim for p in state.provinces] == ["DEF"] * 4


@pytest.mark.parametrize("new_aim", ["MIS", "SPY"])
def test_a_new_aim_works_from_the_next_turn(new_aim: str) -> None:
    """ "The workers activities only happen during PHASE III of each turn" - an aim changed in
    PHASE V makes nothing until the next turn's PHASE III."""
    state = make_state()
    empty(state, 1, 1, wok=8, dfn=10)
    first = run(state, orders(1, aim=[aim(1, new_aim)]))
    province = first.state.province(1)
    assert (province.aim, province.dfn, province.mis, province.spy) == (new_aim, 11, 0, 0)
    second = run(first.state, orders(1)).state.province(1)
    assert second.dfn == 11
    assert (second.mis, second.spy) == ((2, 0) if new_aim == "MIS" else (0, 2))
