"""Attacking opponents and occupying territories: dice, ties, until, move."""

from __future__ import annotations

from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    GREENLAND,
    JAPAN,
    KAMCHATKA,
    NW_TERRITORY,
    ONTARIO,
    Dice,
    attack,
    board_state,
    kinds,
    put,
    run_with,
)
from wtg.rules.wisk.battle import attack_dice, compare, defence_dice
from wtg.rules.wisk.state import WiskState

NO_PLACING = {"place": [{"territory": JAPAN, "armies": 3}]}
"""Player 1's new armies go to Japan, away from the battles."""


def two_fronts() -> WiskState:
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    put(state, ALASKA, 1, 10)
    return state


def test_ties_go_to_the_attacker_as_the_text_words_it() -> None:
    """ "Offender will lose an army if the the dice rolled is less than the defender,
    otherwise the defender will loss an army." A tie is not "less": the defender loses."""
    assert compare((4,), (4,), "attacker") == (0, 1)
    assert compare((6, 4), (6, 4), "attacker") == (0, 2)
    assert compare((3,), (4,), "attacker") == (1, 0)


def test_the_classic_option_gives_ties_to_the_defender() -> None:
    """Issue 6: "offer the classic 'defender wins ties' as an option"."""
    assert compare((4,), (4,), "defender") == (1, 0)
    assert compare((6, 4), (6, 3), "defender") == (1, 1)
    assert compare((6, 4), (6, 5), "defender") == (2, 0)


def test_only_as_many_dice_as_the_fewer_side_rolled_count() -> None:
    """ "Only the same number of dice rolling result will be counted from both sides,
    comparied with the biggest dices." """
    assert compare((6, 5, 1), (2,), "attacker") == (0, 1)
    assert compare((2,), (6, 5), "attacker") == (1, 0)
    assert compare((6, 2, 2), (5, 3), "attacker") == (1, 1)


def test_attack_dice_leave_one_army_home() -> None:
    """ "The offender can choose 1 to 3 armies ... the maximum available armies for attacking
    should be the number of armies available in that territory less one." """
    assert attack_dice(armies=10, wanted=3) == 3
    assert attack_dice(armies=3, wanted=3) == 2
    assert attack_dice(armies=2, wanted=3) == 1
    assert attack_dice(armies=10, wanted=1) == 1
    assert attack_dice(armies=1, wanted=3) == 0


def test_the_defender_rolls_the_most_dice_he_may() -> None:
    """ "the defender can choose 1 to 2 armies to defense"; by mail he always rolls the most
    (issue 6: "The defender rolls the most dice allowed")."""
    assert defence_dice(5) == 2
    assert defence_dice(2) == 2
    assert defence_dice(1) == 1


def test_a_battle_rolls_until_the_target_falls_then_the_dice_move_in() -> None:
    """ "After you have eliminated your oppenonent's armies in a territory, u must move at
    least the attacked dice number armies to that occupied territory and left one army in
    your home territory." """
    state = two_fronts()
    put(state, KAMCHATKA, 2, 2)
    # roll 1: 6 5 4 against 5 5 -> defender loses 2 (tie to the attacker): Kamchatka falls
    dice = Dice(6, 5, 4, 5, 5)
    result = run_with(state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA)]}, dice)
    (battle,) = kinds(result, "battle")
    assert battle["rolls"] == [[[6, 5, 4], [5, 5]]]
    assert (battle["attacker_losses"], battle["defender_losses"]) == (0, 2)
    assert battle["conquered"] and battle["moved"] == 3
    assert result.state.owner(KAMCHATKA) == 1
    assert result.state.armies(KAMCHATKA) == 3
    assert result.state.armies(ALASKA) == 10 - 3


def test_move_asks_for_more_but_one_army_stays_home() -> None:
    state = two_fronts()
    put(state, KAMCHATKA, 2, 1)
    result = run_with(
        state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA, move=99)]}, Dice(6, 5, 4, 1)
    )
    assert result.state.armies(KAMCHATKA) == 9
    assert result.state.armies(ALASKA) == 1


def test_move_in_between() -> None:
    state = two_fronts()
    put(state, KAMCHATKA, 2, 1)
    result = run_with(
        state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA, move=5)]}, Dice(6, 5, 4, 1)
    )
    assert (result.state.armies(KAMCHATKA), result.state.armies(ALASKA)) == (5, 5)


def test_fewer_dice_when_fewer_are_asked_for() -> None:
    state = two_fronts()
    put(state, KAMCHATKA, 2, 1)
    result = run_with(
        state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA, dice=1)]}, Dice(3, 2)
    )
    (battle,) = kinds(result, "battle")
    assert battle["rolls"] == [[[3], [2]]]
    assert battle["moved"] == 1


def test_the_attack_stops_at_until() -> None:
    """Issue 6: "until I have N armies left or it falls"."""
    state = two_fronts()
    put(state, KAMCHATKA, 2, 20)
    # every roll: 1 1 1 against 6 6: the attacker loses 2 a roll; 10 -> 8 -> 6, stop at 6
    dice = Dice(*([1, 1, 1, 6, 6] * 2))
    result = run_with(state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA, until=7)]}, dice)
    (battle,) = kinds(result, "battle")
    assert len(battle["rolls"]) == 2
    assert battle["left"] == 6 and not battle["conquered"]
    assert result.state.owner(KAMCHATKA) == 2


def test_until_zero_still_leaves_one_army() -> None:
    """ "at least 1 army is required to stay in the home territories" """
    state = two_fronts()
    put(state, ALASKA, 1, 3)
    put(state, KAMCHATKA, 2, 20)
    dice = Dice(1, 1, 6, 1, 1, 6, 6)
    result = run_with(state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA, until=0)]}, dice)
    (battle,) = kinds(result, "battle")
    assert [len(r[0]) for r in battle["rolls"]] == [2, 1]
    assert result.state.armies(ALASKA) == 1


def test_a_territory_with_one_army_cannot_attack() -> None:
    """ "The offending territoriy must have more than 1 army" """
    state = two_fronts()
    put(state, ALASKA, 1, 1)
    result = run_with(state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA)]}, Dice())
    assert kinds(result, "battle") == []
    (skip,) = kinds(result, "order_skipped")
    assert skip["reason"] == f"territory Alaska ({ALASKA}) has 1 army, and the order stops at 1"


def test_attacks_run_in_order_and_may_start_from_a_conquest() -> None:
    """Issue 6: "an ordered list of attacks ... The engine plays them in order"."""
    state = two_fronts()
    put(state, NW_TERRITORY, 2, 1)
    put(state, GREENLAND, 2, 1)
    orders = {
        **NO_PLACING,
        "attack": [attack(ALASKA, NW_TERRITORY, move=99), attack(NW_TERRITORY, GREENLAND, move=99)],
    }
    result = run_with(state, orders, Dice(6, 5, 4, 1, 6, 5, 4, 1))
    assert [b["target"] for b in kinds(result, "battle")] == [NW_TERRITORY, GREENLAND]
    assert result.state.owner(GREENLAND) == 1
    assert result.state.armies(GREENLAND) == 8


def test_an_attack_whose_source_is_lost_or_empty_is_skipped_with_a_reason() -> None:
    """Issue 6: "an attack whose source no longer has armies is skipped with a reason"."""
    state = two_fronts()
    put(state, KAMCHATKA, 2, 1)
    orders = {
        **NO_PLACING,
        "attack": [
            attack(ALASKA, KAMCHATKA, move=99),
            attack(ALASKA, ALBERTA),
            attack(ONTARIO, ALBERTA),
        ],
    }
    result = run_with(state, orders, Dice(6, 5, 4, 1))
    skipped = [s["reason"] for s in kinds(result, "order_skipped")]
    assert skipped == [
        f"territory Alaska ({ALASKA}) has 1 army, and the order stops at 1",
        f"territory Ontario ({ONTARIO}) is not yours",
    ]


def test_the_battle_log_is_public() -> None:
    """Issue 6: "Everyone gets the public battle log and map"."""
    state = two_fronts()
    put(state, KAMCHATKA, 2, 1)
    result = run_with(
        state, {**NO_PLACING, "attack": [attack(ALASKA, KAMCHATKA)]}, Dice(6, 5, 4, 1)
    )
    (battle,) = [e for e in result.events if e.kind == "battle"]
    assert battle.public
