"""Orders as they arrive: what is rejected at once, with a reason, and what only notes."""

from __future__ import annotations

from tests.rules.builders import empty, make_state
from wtg.core.orders import RawEntry, Verdict
from wtg.rules.wok.state import WokState
from wtg.rules.wok4 import RULESET


def entry(section: str, position: int = 1, **values: object) -> RawEntry:
    return RawEntry(section=section, values=values, position=position, line=10 + position)


def judge(state: WokState, *entries: RawEntry, player: int = 1) -> list[Verdict]:
    return RULESET.accept(list(entries), state, player).verdicts


def attack(position: int, source: int = 1, target: int = 2) -> RawEntry:
    return entry("attack", position, **{"from": source, "to": target, "armies": 10})


def test_only_the_first_n_attack_orders_count_even_unexecutable_ones() -> None:
    """ "if you happen to have i.e. 5 attacks you MUST use the 5 first attack orders for them
    and only they will be used no matter if they are executable or not"."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    state.player(1).tech = 0  # 3 attacks
    verdicts = judge(state, attack(1), attack(2, 1, 9), attack(3), attack(4), attack(5))
    assert [v.accepted for v in verdicts] == [True, False, True, False, False]
    assert "still counts as one of your attacks" in verdicts[1].reason
    assert verdicts[3].reason == "only the first 3 attack orders count this turn (0 tech points)"


def test_attacks_allowed_follow_the_tech_points_the_turn_starts_with() -> None:
    """ "if you change your Tech Points for a nice bonus, this might reduce your number of
    possible attacks for the next turn." Ruling: the count is fixed by the tech points the
    turn starts with, so the AOF can say how many lines count."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    state.player(1).tech = 200
    verdicts = judge(state, *(attack(i) for i in range(1, 8)))
    assert all(v.accepted for v in verdicts)
    assert RULESET.form_context(state, 1)["attacks"] == 7


def test_unknown_and_out_of_reach_provinces_are_rejected_with_the_reason() -> None:
    state = make_state()
    empty(state, 1, 1, mis=5)
    far = entry("bomb", 1, **{"from": 1, "to": 12, "missiles": 5})
    missing = entry("move", 1, **{"from": 1, "to": 77, "unit": "ARM", "amount": 5})
    bomb, move = judge(state, far, missing)
    assert not bomb.accepted
    assert bomb.reason == (
        "province 12 is out of range of 1: bomb a neighbour (2, 6) or a province numbered 1..4"
    )
    assert not move.accepted and move.reason == "there is no province 77 (provinces are 1..20)"


def test_ownership_only_gives_a_note_because_it_can_change_before_the_order_runs() -> None:
    """ "Move 50 armies from A to B." then "from B to C": B may be taken in PHASE II first."""
    state = make_state()
    empty(state, 1, 1, arm=50)
    move = entry("move", 1, **{"from": 2, "to": 3, "unit": "ARM", "amount": 50})
    (verdict,) = judge(state, move)
    assert verdict.accepted
    assert verdict.reason.startswith("note: province 2 is not yours now")


def test_a_fourth_pop_to_arm_line_is_rejected() -> None:
    """ "There is also the limit of 3 Population into Armies Transformations per Turn"."""
    state = make_state()
    empty(state, 1, 1, pop=500)
    lines = [entry("transform", i, province=1, kind="POP-ARM", amount=48) for i in range(1, 5)]
    verdicts = judge(state, *lines)
    assert [v.accepted for v in verdicts] == [True, True, True, False]


def test_more_than_fifty_units_is_accepted_with_a_note() -> None:
    """ "we suggest you enter "99" ... you will be sure to move all of them" against "You may
    only move up to 50 Units per Order": ruling, accepted, and at most 50 move."""
    state = make_state()
    empty(state, 1, 1, arm=70)
    empty(state, 2, 1)
    (verdict,) = judge(state, entry("move", 1, **{"from": 1, "to": 2, "unit": "ARM", "amount": 99}))
    assert verdict.accepted and "at most 50 units are moved" in verdict.reason


def test_aims_four_changes_and_one_order_a_province() -> None:
    """ "Only up to 4 of your provinces may change their aim at the end of each turn"."""
    state = make_state()
    for pid in range(1, 7):
        empty(state, pid, 1)
    lines = [entry("aim", i, province=i, aim="TECH") for i in range(1, 6)]
    lines.append(entry("aim", 6, province=6, aim="DEF"))  # already DEF: no change
    lines.append(entry("aim", 7, province=1, aim="MIS"))
    verdicts = judge(state, *lines)
    assert [v.accepted for v in verdicts] == [True, True, True, True, False, True, False]
    assert verdicts[6].reason == "province 1 already has an aim order"


def test_trades_must_be_one_of_the_five() -> None:
    state = make_state()
    verdicts = judge(state, entry("trade", 1, points=100), entry("trade", 2, points=300))
    assert [v.accepted for v in verdicts] == [True, False]
    assert "trade 100, 150, 200, 250 or 350" in verdicts[1].reason


def test_spy_operations_that_need_a_neighbour() -> None:
    """ "2> spy a player (must be a neighbor, very risky) 3> sabotage missiles (must be a
    neighbor) ..." while "1> spy on a neighbor or on any province"."""
    state = make_state()
    empty(state, 1, 1, spy=10)
    empty(state, 15, 2)
    far = [entry("spy", op, **{"from": 1, "to": 15, "op": op, "spies": 2}) for op in range(1, 6)]
    assert [v.accepted for v in judge(state, *far)] == [True, False, False, False, False]


def test_an_accepted_order_file_is_canonical() -> None:
    state = make_state()
    empty(state, 1, 1, arm=50)
    acceptance = RULESET.accept([attack(1), entry("trade", 1, points=150)], state, 1)
    assert acceptance.orders == {
        "player": 1,
        "turn": state.turn + 1,
        "attack": [{"from": 1, "to": 2, "armies": 10}],
        "trade": [150],
    }
