"""Intermediate WoK, phase 9 - movement: the troop kinds, TRO (every kind, ARM first), the
50-unit limit, and moves anywhere in the empire from tech level 10.

No phase draws anything in these tests. Player 1 owns the provinces given, player 2
province 20 so that the game goes on."""

from __future__ import annotations

from tests.rules.builders import empty, kinds, orders
from tests.rules.intermediate.grid import make_grid, run_intermediate
from tests.shipped import INTERMEDIATE as RULESET
from wtg.core.ruleset import TurnResult
from wtg.rules.wok.state import WokState


def move(source: int, target: int, unit: str, amount: int) -> dict[str, int | str]:
    return {"from": source, "to": target, "unit": unit, "amount": amount}


def setup(tech: int = 0, **source: int) -> WokState:
    state = make_grid()
    state.player(1).tech = tech
    empty(state, 1, 1, **source)
    empty(state, 2, 1)
    empty(state, 19, 1)
    empty(state, 20, 2)
    return state


def moved(state: WokState, *moves: dict[str, int | str], **more: object) -> TurnResult[WokState]:
    return run_intermediate(state, orders(1, move=list(moves), **more))


def skipped(result: TurnResult[WokState]) -> list[str]:
    return [e.reason for e in kinds(result, "order_skipped") if e.phase == "9 movement"]


def test_troops_move_armies_first_then_pik_arc_kni_cat() -> None:
    """ "you can also specify to move troops (TRO) in which case all troop types will be
    moved, starting with ARM and working up through PIK, ARC, KNI and CAT if there are no
    more (or none) of the previous types to move." - 3 ARM, 2 PIK, 5 KNI: TRO 7 takes the
    armies, the pikemen and 2 knights."""
    state = setup(arm=3, pik=2, kni=5)
    result = moved(state, move(1, 2, "TRO", 7))
    source, target = result.state.province(1), result.state.province(2)
    assert (source.arm, source.pik, source.kni) == (0, 0, 3)
    assert (target.arm, target.pik, target.kni) == (3, 2, 2)
    event = kinds(result, "moved")[0]
    assert (event.unit, event.amount) == ("TRO", 7)


def test_each_kind_moves_on_its_own() -> None:
    """ "A player can move population, workers, armies, missiles, or spies" - and each troop
    kind: 4 CAT and 2 ARC move, the armies stay."""
    state = setup(arm=5, arc=3, cat=4)
    result = moved(state, move(1, 2, "CAT", 9), move(1, 2, "ARC", 2))
    source, target = result.state.province(1), result.state.province(2)
    assert (source.arm, source.arc, source.cat) == (5, 1, 0)
    assert (target.arc, target.cat) == (2, 4)


def test_at_most_fifty_a_move_and_troops_mix_their_level() -> None:
    """ "can only move a maximum of 50 for each set of instructions" - TRO 80 moves 50; the
    troops moving in "mix" their level with those there (10 at 1.000 and 50 at 2.200 make
    60 at 2.000)."""
    state = setup(arm=30, kni=40, lev=2200)
    empty(state, 2, 1, pik=10)
    result = moved(state, move(1, 2, "TRO", 80))
    target = result.state.province(2)
    assert (target.arm, target.pik, target.kni, target.lev) == (30, 10, 20, 2000)


def test_only_to_neighbours_below_tech_level_ten() -> None:
    """ "You can only move things from a province into a neighbouring province, unless you
    have reached tech level 10" - at tech 9 a move from 1 to 19 is skipped."""
    state = setup(tech=9, arm=10)
    result = moved(state, move(1, 19, "TRO", 5))
    assert skipped(result) == ["province 19 Prov19 is not next to 1 Prov1"]
    assert result.state.province(19).arm == 0


def test_tech_level_ten_moves_between_any_two_provinces_one_owns() -> None:
    """ "... in which case you can move directly between any two provinces you own" - at
    tech 10, from 1 to 19 (far apart); not into a province of another player."""
    state = setup(tech=10, arm=10)
    result = moved(state, move(1, 19, "TRO", 5), move(1, 20, "ARM", 5))
    assert (result.state.province(1).arm, result.state.province(19).arm) == (5, 5)
    assert skipped(result) == ["province 20 Prov20 is not yours: your units were halted"]


def test_a_tech_level_bought_in_phase_one_moves_far_in_phase_nine() -> None:
    """ "1. Upgrades" come first: at tech 9 a TECH upgrade reaches level 10 before the
    movement; the order check accepts the far move because the upgrade is ordered too."""
    state = setup(tech=9, arm=10)
    state.player(1).gold = 100
    result = moved(state, move(1, 19, "TRO", 5), upgrade=["TECH"])
    assert result.state.province(19).arm == 5


def test_the_order_check_knows_the_jump() -> None:
    """The AOF check refuses a far move below tech level 10 (with no TECH upgrade that
    reaches it) and accepts it from there."""
    from wtg.core.orders import RawEntry

    entry = RawEntry(section="move", values=move(1, 19, "TRO", 5), position=1)
    tech = RawEntry(section="upgrade", values={"upgrade": "TECH"}, position=1)
    state = setup(tech=9, arm=10)
    refused = RULESET.accept([entry], state, 1).verdicts[0]
    assert not refused.accepted and "not next to 1 Prov1" in refused.reason
    verdicts = RULESET.accept([entry, tech], state, 1).verdicts  # no gold: no upgrade runs
    (unpaid,) = [v for v in verdicts if v.entry.section == "move"]
    assert not unpaid.accepted and "not next to 1 Prov1" in unpaid.reason
    state.player(1).gold = 100
    assert all(v.accepted for v in RULESET.accept([entry, tech], state, 1).verdicts)
    state.player(1).tech = 10
    assert RULESET.accept([entry], state, 1).verdicts[0].accepted


def test_troops_in_a_province_are_999_at_most() -> None:
    """The 999 limit of armies holds for all the troops of a province together (ruling 12):
    990 there, 9 of 20 move in and 11 are halted."""
    state = setup(arm=20)
    empty(state, 2, 1, arm=500, kni=490)
    result = moved(state, move(1, 2, "ARM", 20))
    assert result.state.province(2).troops == 999
    assert kinds(result, "moved")[0].halted == 11
