"""Standard WoK, phases 3, 4 and 8 - entropy, working and the workers' aim.

No phase draws anything in these tests but the shuffle of the new Order of Play. The
provinces hold no population (so nothing grows) unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import empty, kinds, make_state, orders, run_standard
from wtg.core.ruleset import TurnResult
from wtg.rules.standard.phases.working import level_gain
from wtg.rules.wok.state import WokState


def one(result: TurnResult[WokState], kind: str, player: int = 1) -> Any:
    found = [e for e in kinds(result, kind) if e.player == player]
    assert len(found) == 1
    return found[0]


def worker_state(eff: int = 50, **province: Any) -> WokState:
    """Player 1 (EFF 50) owns province 1 only, with the given workers and aim."""
    state = make_state()
    state.player(1).eff = eff
    empty(state, 1, 1, **province)
    return state


# --- entropy ----------------------------------------------------------------------------


def test_entropy_costs_one_eff_a_province() -> None:
    """ "In the entropy phase you lose one point of effectiveness for every province in your
    empire. No orders are required." - 3 provinces: 50 to 47; 1 province: 50 to 49."""
    state = make_state()
    state.player(1).eff = 50
    state.player(2).eff = 50
    for pid in (1, 2, 3):
        empty(state, pid, 1)
    empty(state, 20, 2)
    result = run_standard(state)
    assert (result.state.player(1).eff, result.state.player(2).eff) == (47, 49)
    entropy = one(result, "entropy")
    assert (entropy.provinces, entropy.eff_before, entropy.eff_after) == (3, 50, 47)


def test_entropy_stops_at_one_percent() -> None:
    """EFF never falls below 1% (the limit shared with WoK IV)."""
    state = make_state()
    state.player(1).eff = 2
    for pid in (1, 2, 3):
        empty(state, pid, 1)
    assert run_standard(state).state.player(1).eff == 1


def test_a_player_with_no_province_loses_nothing() -> None:
    """Entropy is per province of the empire: an empire of none loses none."""
    state = make_state()
    state.player(2).eff = 50
    empty(state, 1, 1)
    result = run_standard(state)
    assert result.state.player(2).eff == 50
    assert [e.player for e in kinds(result, "entropy")] == [1]


# --- working: the six aims --------------------------------------------------------------


def test_defense_aim() -> None:
    """ "Defense (DEF) 0.1 DEF for every 8 WOK" - 23 workers make 0.2 (rounded down)."""
    result = run_standard(worker_state(wok=23, dfn=3, aim="DEF"))
    assert result.state.province(1).dfn == 5
    assert one(result, "production").dfn == 2


def test_all_workers_start_on_the_defense_aim() -> None:
    """ "All workers start on the Aim of Defense." - a province whose aim was never set
    works at DEF."""
    state = make_state()
    empty(state, 1, 1, wok=16)
    assert state.province(1).aim == "DEF"
    assert run_standard(state).state.province(1).dfn == 2


def test_defense_is_at_most_9_9() -> None:
    """The DEF limit 9.9 (shared with WoK IV): 9.8 + 0.5 gives 9.9."""
    result = run_standard(worker_state(wok=40, dfn=98, aim="DEF"))
    assert result.state.province(1).dfn == 99
    assert one(result, "production").dfn == 1


def test_level_aim() -> None:
    """ "Level (LEV) LEV increases by WOK / (ARM X LEV) (maximum of 1)" - 8 workers,
    40 armies at 2.000: 8 / 80 = +0.100."""
    result = run_standard(worker_state(wok=8, arm=40, lev=2000, aim="LEV"))
    assert result.state.province(1).lev == 2100
    assert one(result, "production").lev == 100


def test_level_aim_gains_at_most_one_level() -> None:
    """ "(maximum of 1)" - 30 workers, 20 armies at 1.500 give 30 / 30 = 1.000, 60 workers
    would give 2.000 but the gain stops at 1.000."""
    assert (
        run_standard(worker_state(wok=30, arm=20, lev=1500, aim="LEV")).state.province(1).lev
        == 2500
    )
    assert (
        run_standard(worker_state(wok=60, arm=20, lev=1500, aim="LEV")).state.province(1).lev
        == 2500
    )


def test_level_aim_rounds_down_to_the_thousandth() -> None:
    """WOK / (ARM x LEV) in thousandths, rounded down: 10 / (3 x 1.750) = 1.9047... capped
    to 1; 10 / (30 x 1.750) = 0.19047... gives +0.190."""
    assert level_gain(10, 3, 1750) == 1000
    assert level_gain(10, 30, 1750) == 190
    result = run_standard(worker_state(wok=10, arm=30, lev=1750, aim="LEV"))
    assert result.state.province(1).lev == 1940


def test_level_aim_with_no_armies_does_nothing() -> None:
    """Ruling: with no armies there is nobody to train; the level stays."""
    assert level_gain(40, 0, 1000) == 0
    result = run_standard(worker_state(wok=40, arm=0, lev=1000, aim="LEV"))
    assert result.state.province(1).lev == 1000


def test_missile_aim_is_one_per_three_workers() -> None:
    """ "Missiles (MIS) 1 MIS for every 3 WOK" (ruling: the Working table's rate, not the
    Workers' Aim table's "1 MIS for every 4 WOK") - 20 workers make 6."""
    result = run_standard(worker_state(wok=20, aim="MIS"))
    assert result.state.province(1).mis == 6
    assert one(result, "production").mis == 6


def test_missiles_are_at_most_99() -> None:
    """The MIS limit 99 (shared with WoK IV)."""
    assert run_standard(worker_state(wok=20, mis=97, aim="MIS")).state.province(1).mis == 99


def test_spy_aim() -> None:
    """ "Spies (SPY) 1 SPY for every 4 WOK" - 23 workers make 5."""
    result = run_standard(worker_state(wok=23, spy=1, aim="SPY"))
    assert result.state.province(1).spy == 6
    assert one(result, "production").spy == 5


def test_mining_aim() -> None:
    """ "Mining (MIN) Each worker produces one gold coin." - summed over the empire."""
    state = worker_state(wok=23, aim="MIN")
    empty(state, 2, 1, wok=7, aim="MIN")
    state.player(1).gold = 5
    result = run_standard(state)
    assert result.state.player(1).gold == 5 + 23 + 7
    assert one(result, "production").gold == 30


def test_effectiveness_aim_counts_each_province_apart() -> None:
    """ "Effectiveness (EFF) 1 EFF for every 4 WOK" - ruling: per province, so two
    provinces of 6 workers make 1 + 1, not 12 / 4 = 3. EFF 50, entropy -2, work +2."""
    state = worker_state(wok=6, aim="EFF")
    empty(state, 2, 1, wok=6, aim="EFF")
    result = run_standard(state)
    assert result.state.player(1).eff == 50
    assert one(result, "production").eff == 2


def test_working_comes_after_entropy() -> None:
    """Phases "3. Entropy 4. Working": at EFF 99 entropy takes one point first, then 8
    workers give 2 back up to the 99 limit, so the turn ends at 99 (not 98)."""
    result = run_standard(worker_state(eff=99, wok=8, aim="EFF"))
    assert result.state.player(1).eff == 99
    assert one(result, "production").eff == 1


def test_neutral_workers_raise_defense() -> None:
    """ "Neutral provinces gain 2 armies each turn (including turn 0) also their workers will
    increase the defence level." - 16 workers: +0.2."""
    state = make_state()
    result = run_standard(state)
    assert result.state.province(5).dfn == 3 + 2


def test_working_is_before_transformations() -> None:
    """Phases "4. Working 5. Transformations": workers made this turn do not work yet, and
    workers turned back into population this turn still worked."""
    state = worker_state(pop=40, wok=16, aim="MIN")
    result = run_standard(
        state,
        orders(
            1,
            transform=[
                {"province": 1, "kind": "POP-WOK", "amount": 40},
                {"province": 1, "kind": "WOK-POP", "amount": 16},
            ],
        ),
    )
    assert result.state.player(1).gold == 16
    assert result.state.province(1).wok == 20


def test_idle_workers_produce_nothing() -> None:
    """False Orders: "Stop the workers in the province from doing anything until their AIM
    is changed." - the idle province makes no gold; the other one does."""
    state = worker_state(wok=20, aim="MIN", idle=True)
    empty(state, 2, 1, wok=10, aim="MIN")
    result = run_standard(state)
    assert result.state.player(1).gold == 10
    assert one(result, "production").idle == 1
    assert result.state.province(1).idle


# --- workers' aim (phase 8) ---------------------------------------------------------------


def aim(province: int, name: str) -> dict[str, Any]:
    return {"province": province, "aim": name}


@pytest.mark.parametrize("name", ["DEF", "LEV", "MIS", "SPY", "MIN", "EFF"])
def test_any_of_the_six_aims_can_be_set(name: str) -> None:
    """The Aims: Defense, Level, Missiles, Spies, Mining, Effectiveness."""
    state = worker_state(wok=8, aim="DEF" if name != "DEF" else "MIN")
    result = run_standard(state, orders(1, aim=[aim(1, name)]))
    assert result.state.province(1).aim == name


def test_aims_change_in_at_most_four_provinces() -> None:
    """ "Each turn, a player can change the workers' aim in up to 4 provinces." - the fifth
    change is skipped."""
    state = make_state()
    for pid in range(1, 6):
        empty(state, pid, 1)
    result = run_standard(state, orders(1, aim=[aim(pid, "MIN") for pid in range(1, 6)]))
    assert [result.state.province(p).aim for p in range(1, 6)] == ["MIN"] * 4 + ["DEF"]
    assert len(kinds(result, "aim_changed")) == 4
    assert [e.reason for e in kinds(result, "order_skipped")] == ["only 4 aims change a turn"]


def test_naming_the_same_aim_is_no_change() -> None:
    """Ruling: an order that names the aim a province already has changes nothing and does
    not count toward the 4."""
    state = make_state()
    for pid in range(1, 6):
        empty(state, pid, 1)
    result = run_standard(
        state, orders(1, aim=[aim(1, "DEF"), *(aim(pid, "MIN") for pid in range(2, 6))])
    )
    assert [result.state.province(p).aim for p in range(1, 6)] == ["DEF"] + ["MIN"] * 4


def test_the_new_aim_works_from_the_next_turn() -> None:
    """Phase "8. Workers' Aim" comes after "4. Working" (ruling: aims change in phase 8):
    this turn's workers still work at the old aim."""
    state = worker_state(wok=16, aim="DEF")
    first = run_standard(state, orders(1, aim=[aim(1, "MIN")]))
    assert (first.state.province(1).dfn, first.state.player(1).gold) == (2, 0)
    second = run_standard(first.state, orders(1))
    assert (second.state.province(1).dfn, second.state.player(1).gold) == (2, 16)


def test_an_aim_can_only_be_set_in_ones_own_province() -> None:
    """Aims are set for "the workers in each province the player owns"."""
    state = worker_state(wok=8)
    empty(state, 2, 2, aim="DEF")
    result = run_standard(state, orders(1, aim=[aim(2, "MIN")]))
    assert result.state.province(2).aim == "DEF"
    assert [e.reason for e in kinds(result, "order_skipped")] == ["province 2 Prov2 is not yours"]
