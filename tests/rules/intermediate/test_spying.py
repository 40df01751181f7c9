"""Intermediate WoK, phase 11 - spying: as in Standard WoK, but "You may only use each spy
operation once per target province per turn"; what spies learn of troops and wood.

Random draws in phase 11, for every order that runs: (the target is short range here, so
no draw to reach it) while spies and guards are left one ``roll`` (0..EFF) for the spies
and one for the guards a round; then one ``chance`` (EFF%) per spy for the mission. The
targets have no guards, so only the mission draws.

The usual setup: player 1 (EFF 51, 50 after entropy) owns province 1 with 10 spies and
province 6 with 10; player 2 owns the neighbours 2 and 7 and the far province 20."""

from __future__ import annotations

from typing import Any

from tests.rules.builders import FixedRng, empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from tests.rules.intermediate.test_report_words import config
from tests.shipped import INTERMEDIATE
from wtg.core.ruleset import TurnResult
from wtg.game.report import report_text
from wtg.rules.wok.state import WokState

YES, NO = 0.0, 0.99
SPY_PROVINCE, SPY_PLAYER, PROPAGANDA = 1, 2, 3


def spy(source: int, target: int, op: int, spies: int) -> dict[str, int]:
    return {"from": source, "to": target, "op": op, "spies": spies}


def setup(**target: Any) -> WokState:
    state = make_grid()
    state.player(1).eff = 51
    state.player(2).eff = 80
    empty(state, 1, 1, spy=10)
    empty(state, 6, 1, spy=10)
    empty(state, 2, 2, **target)
    empty(state, 7, 2)
    empty(state, 20, 2)
    return state


def spied(state: WokState, *ops: dict[str, int]) -> TurnResult[WokState]:
    return run_intermediate(state, orders(1, spy=list(ops)), rng=FixedRng(YES))


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "11 spying"]


def test_each_operation_once_per_target_province_per_turn() -> None:
    """ "You may only use each spy operation once per target province per turn." - the
    second propaganda on province 2 Prov2 (from another province, even) is skipped and sends no
    spies; player 2 loses 2 EFF once."""
    state = setup()
    result = spied(state, spy(1, 2, PROPAGANDA, 3), spy(6, 2, PROPAGANDA, 3))
    assert len(kinds(result, "spy_report")) == 1
    assert skipped(result) == [
        "spread propaganda was already used on province 2 Prov2 this turn (no spies sent)"
    ]
    assert result.state.province(6).spy == 10
    assert result.state.player(2).eff == 80 - 3 - 2  # entropy (3 provinces), propaganda


def test_other_operations_and_other_provinces_are_free() -> None:
    """ "You may use more than one operation against the same province, or the same
    operation against more than one province.\""""
    state = setup()
    result = spied(
        state,
        spy(1, 2, PROPAGANDA, 2),
        spy(1, 2, SPY_PROVINCE, 2),
        spy(6, 7, PROPAGANDA, 2),
    )
    assert [(r.target, r.op, r.success) for r in kinds(result, "spy_report")] == [
        (2, PROPAGANDA, True),
        (2, SPY_PROVINCE, True),
        (7, PROPAGANDA, True),
    ]
    assert skipped(result) == []


def test_an_operation_that_sent_no_spies_was_not_used() -> None:
    """Ruling 13: an operation counts as used once spies are sent on it; one skipped before
    (here: from a province with no spies) leaves it free for the next order."""
    state = setup()
    empty(state, 11, 1)
    result = spied(state, spy(11, 2, PROPAGANDA, 3), spy(1, 2, PROPAGANDA, 3))
    assert skipped(result) == ["no spies left in province 11 Prov11 (no spies sent)"]
    assert [r.source for r in kinds(result, "spy_report")] == [1]


def test_spy_province_sees_terrain_and_troops() -> None:
    """ "Spy Province. See the full contents of the target province." - its terrain and
    every troop kind."""
    state = setup(arm=3, pik=1, arc=2, kni=4, cat=5)
    state.province(2).terrain = "Mountain"
    report = kinds(spied(state, spy(1, 2, SPY_PROVINCE, 2)), "spy_report")[0]
    (seen,) = report.provinces
    assert {k: seen[k] for k in ("terrain", "arm", "pik", "arc", "kni", "cat")} == {
        "terrain": "Mountain",
        "arm": 3,
        "pik": 1,
        "arc": 2,
        "kni": 4,
        "cat": 5,
    }


def test_spy_player_sees_the_troops_and_the_wood() -> None:
    """ "Spy Player. See the total POP, WOK, ARM, MIS and SPY, along with the average LEV and
    DEF for the player's empire ... Also see the player's EFF, GOLD and Tech Level." Ruling
    14: ARM is the plain armies; the upgraded troops and the WOOD are shown beside them."""
    state = setup(arm=3, kni=4)
    empty(state, 7, 2, cat=2)
    state.player(2).wood = 55
    state.player(2).gold = 40
    report = kinds(spied(state, spy(1, 2, SPY_PLAYER, 2)), "spy_report")[0]
    empire = report.empire
    assert (empire["arm"], empire["kni"], empire["cat"], empire["troops"]) == (3, 4, 2, 9)
    assert (empire["wood"], empire["gold"], empire["eff"], empire["tech"]) == (55, 40, 77, 0)


def test_spying_only_works_on_players() -> None:
    """ "Spying only works on other players, not neutral provinces.\""""
    state = setup()
    empty(state, 2, 0)
    result = spied(state, spy(1, 2, SPY_PROVINCE, 2))
    assert kinds(result, "spy_report") == []
    assert skipped(result) == [
        "spying only works on other players, not neutral provinces (no spies sent)"
    ]


def test_false_orders_are_told_under_the_province_table() -> None:
    """As Standard's report (tests/rules/standard/test_spying.py): the province whose workers
    follow false orders is named under YOUR PROVINCES while they idle."""
    state = setup(wok=16)
    state.province(2).idle = True
    result = run_intermediate(state, orders(1), orders(2))
    events = [e.to_dict() for e in result.events]
    report = " ".join(report_text(INTERMEDIATE, config(), result.state, events, 2, aof="").split())
    aim = result.state.province(2).aim
    assert (
        f"DEF is an average (marked a). False orders: the workers of 2"
        f" {result.state.province(2).name} (aim {aim}) do nothing until you give the province"
        " another aim on your form" in report
    )
    assert report.index("False orders:") < report.index("YOUR TROOPS")


def test_propaganda_s_eff_is_told_in_percent_to_both_sides() -> None:
    """The spymaster read ``SUCCESS, their EFF -2.``, a number without its unit, where the
    victim read ``propaganda cost you 2% EFF``: EFF is a percentage (``EFF: 96%`` in the
    status line), and both say it so."""
    result = spied(setup(), spy(1, 2, PROPAGANDA, 3))
    events = [e.to_dict() for e in result.events]
    spymaster, victim = (
        " ".join(report_text(INTERMEDIATE, config(), result.state, events, p, aof="").split())
        for p in (1, 2)
    )
    assert "SUCCESS, their EFF -2%." in spymaster
    assert "propaganda cost you 2% EFF" in victim
