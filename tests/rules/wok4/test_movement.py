"""PHASE IV - movement (manual PHASE IV, last part)."""

from __future__ import annotations

from tests.rules.builders import empty, kinds, make_state, orders, run


def move(source: int, target: int, unit: str, amount: int) -> dict[str, object]:
    return {"from": source, "to": target, "unit": unit, "amount": amount}


def test_move_to_a_neighbouring_own_province() -> None:
    """ "You can next move your population/workers/armies/missiles/spies from a province to a
    neighbouring one.\""""
    state = make_state()
    empty(state, 1, 1, mis=30, spy=12, wok=20)
    empty(state, 2, 1)
    result = run(
        state, orders(1, move=[move(1, 2, "MIS", 30), move(1, 2, "SPY", 5), move(1, 2, "WOK", 8)])
    )
    a, b = result.state.province(1), result.state.province(2)
    assert (a.mis, a.spy, a.wok) == (0, 7, 12)
    assert (b.mis, b.spy, b.wok) == (30, 5, 8)


def test_fifty_units_per_order_and_99_means_all() -> None:
    """ "You may only move up to 50 Units per Order" and "we suggest you enter "99" as the
    desired number of units": ruling, 99 moves everything up to the 50 of one order."""
    state = make_state()
    empty(state, 1, 1, arm=70, lev=1500)
    empty(state, 2, 1)
    result = run(state, orders(1, move=[move(1, 2, "ARM", 99)]))
    assert (result.state.province(1).arm, result.state.province(2).arm) == (20, 50)


def test_moving_through_several_provinces_in_order() -> None:
    """ "like 'Move 50 armies from A to B.' and then 'Move 50 armies from B to C.' Always
    remember that your orders are processed one by one." """
    state = make_state()
    empty(state, 1, 1, arm=50, lev=1500)
    empty(state, 2, 1)
    empty(state, 3, 1)
    result = run(state, orders(1, move=[move(1, 2, "ARM", 50), move(2, 3, "ARM", 50)]))
    assert [result.state.province(i).arm for i in (1, 2, 3)] == [0, 0, 50]
    assert result.state.province(3).lev == 1500


def test_units_reaching_enemy_land_are_halted() -> None:
    """ "If your units reach enemy land, they will be halted." "You are not allowed to pass
    through provinces you do not possess.\""""
    state = make_state()
    empty(state, 1, 1, pop=40)
    empty(state, 2, 2)
    empty(state, 7, 2)
    result = run(state, orders(1, move=[move(1, 2, "POP", 40)]), orders(2))
    assert result.state.province(2).pop == 0
    assert result.state.province(1).pop == 48  # stayed, then grew 20%
    assert "halted" in kinds(result, "order_skipped")[0].reason


def test_full_province_takes_only_up_to_the_limit() -> None:
    """ "If you move more units in an already full province (i.e. moving 50 population to a
    province with 990 population ...) only the exact number to reach the limit will be moved.
    All other units will be halted.\""""
    state = make_state()
    empty(state, 1, 1, spy=50)
    empty(state, 2, 1, spy=90)
    result = run(state, orders(1, move=[move(1, 2, "SPY", 50)]))
    assert (result.state.province(1).spy, result.state.province(2).spy) == (41, 99)
    moved = kinds(result, "moved")[0]
    assert (moved.amount, moved.halted) == (9, 41)


def test_moving_armies_mixes_levels() -> None:
    """Armies that meet "will be melted together" (ruling: the level mixing of PHASE IV)."""
    state = make_state()
    empty(state, 1, 1, arm=10, lev=2000)
    empty(state, 2, 1, arm=30, lev=1000)
    result = run(state, orders(1, move=[move(1, 2, "ARM", 10)]))
    assert result.state.province(2).lev == 1250


def test_move_only_between_neighbours() -> None:
    """ "from a province to a neighbouring one": province 1 and 3 are not neighbours."""
    state = make_state()
    empty(state, 1, 1, arm=10)
    empty(state, 3, 1)
    result = run(state, orders(1, move=[move(1, 3, "ARM", 10)]))
    assert result.state.province(3).arm == 0
    assert "not next to" in kinds(result, "order_skipped")[0].reason


def test_movement_after_growth() -> None:
    """ "PHASE IV- pop transformation, then growth and finally movement": moved population
    does not grow this turn at its new home, and grew at the old one first."""
    state = make_state()
    empty(state, 1, 1, pop=50)
    empty(state, 2, 1)
    result = run(state, orders(1, move=[move(1, 2, "POP", 60)]))
    assert (result.state.province(1).pop, result.state.province(2).pop) == (10, 50)
