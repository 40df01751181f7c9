"""The robot's position score, part by part, on hand-made boards."""

from __future__ import annotations

import pytest

from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    ARGENTINA,
    E_AUSTRALIA,
    INDONESIA,
    KAMCHATKA,
    NEW_GUINEA,
    NW_TERRITORY,
    W_AUSTRALIA,
    board_state,
    give_cards,
    put,
)
from wtg.rules.wisk.odds import battle
from wtg.rules.wisk.positionscore import (
    AGAINST,
    View,
    attack_cost,
    cards_part,
    exposure_part,
    income_part,
    near_part,
    opponent_near_part,
    parts,
    reply_part,
    score,
)
from wtg.rules.wisk.weights import WEIGHTS

AUSTRALIA = (INDONESIA, NEW_GUINEA, W_AUSTRALIA, E_AUSTRALIA)


def test_income_is_territories_and_whole_continents_ours_less_the_strongest_opponents() -> None:
    """Australia (4 territories): 3 armies, the minimum, and its bonus 2. Player 2 holds the
    38 others, every other continent whole: 12 + 5 + 2 + 5 + 3 + 7 = 34."""
    view = View.of(board_state(owners=dict.fromkeys(AUSTRALIA, 1)))
    assert view.income(1) == 5
    assert view.income(2) == 34
    assert income_part(view, 1) == 5 - 34


def test_a_continent_held_in_part_counts_its_bonus_times_the_share_squared() -> None:
    """Three of Australia's four: 2 x (3/4)^2."""
    view = View.of(board_state(owners=dict.fromkeys(AUSTRALIA[:3], 1)))
    assert near_part(view, 1) == pytest.approx(2 * 9 / 16)


def test_an_opponent_one_conquest_from_a_continent_counts_its_bonus() -> None:
    """Player 2 holds South America but Argentina (bonus 2); Australia but three (not
    counted); the continents he holds whole count in his income instead."""
    view = View.of(board_state(owners={ARGENTINA: 1, **dict.fromkeys(AUSTRALIA[:3], 1)}))
    assert opponent_near_part(view, 1) == 2


def test_a_border_is_exposed_by_the_chance_the_biggest_stack_next_to_it_takes_it() -> None:
    state = board_state(owners={ALASKA: 1})
    put(state, KAMCHATKA, 2, 5)
    view = View.of(state)
    # Alaska (1 army) next to Kamchatka (5): 4 attack 1; North America is not held
    assert exposure_part(view, 1) == pytest.approx(battle(4, 1, "attacker").win)


def test_cards_count_a_third_of_the_next_set_each() -> None:
    state = board_state(owners={ALASKA: 1})
    give_cards(state, 1, 1, 2, 3)
    assert cards_part(View.of(state), 1) == 4  # the first set traded is worth 4
    state.trades = 7
    assert cards_part(View.of(state), 1) == 25  # the eighth: 20 + 5
    fixed = board_state(owners={ALASKA: 1}, cards="fixed")
    give_cards(fixed, 1, 1, 2, 3)
    assert cards_part(View.of(fixed), 1) == 10  # one of each


def test_the_reply_is_the_opponents_best_attack_with_his_new_armies_on_it() -> None:
    """Player 2 holds the 41 other territories (13 armies) and every continent but North
    America (2 + 5 + 3 + 7 + 2): 32 new armies, best put on Kamchatka (5)."""
    state = board_state(owners={ALASKA: 1})
    put(state, ALASKA, 1, 3)
    put(state, KAMCHATKA, 2, 5)
    view = View.of(state)
    assert view.income(2) == 32
    best = attack_cost(view, 1, ALASKA, 5 + 32, 3)
    assert reply_part(view, 1) == pytest.approx(best)
    assert best > attack_cost(view, 1, ALASKA, 1 + 32, 3)  # Alberta's or NW Territory's
    assert best > 3  # Alaska's armies are all but lost, and the territory with them


def test_an_attack_the_defence_would_win_costs_the_defender_nothing() -> None:
    state = board_state(owners={ALASKA: 1}, ties="defender")
    view = View.of(state)
    assert attack_cost(view, 1, ALASKA, 3, 20) < 0  # the attacker loses more than he kills


def test_the_score_is_the_weighted_parts() -> None:
    state = board_state(owners={ALASKA: 1, **dict.fromkeys(AUSTRALIA[:3], 1)})
    for tid, armies in ((ALASKA, 4), (NW_TERRITORY, 6), (ALBERTA, 2), (INDONESIA, 3)):
        put(state, tid, state.owner(tid), armies)
    give_cards(state, 1, 5, 6)
    view = View.of(state)
    found = parts(view, 1)
    assert set(found) == set(WEIGHTS) & set(found)
    expected = sum(
        (-1 if name in AGAINST else 1) * WEIGHTS[name] * value for name, value in found.items()
    )
    assert score(view, 1, WEIGHTS) == pytest.approx(expected)
    assert found["cards"] == pytest.approx(2 * 4 / 3)


def test_a_continent_ones_own_mission_names_counts_more() -> None:
    """Mission 5: North America and Australia. Three of Australia's four count 2 x (3/4)^2
    times (1 + the mission weight); nobody else's mission is read."""
    state = board_state(owners=dict.fromkeys(AUSTRALIA[:3], 1), missions=True)
    state.player(1).mission = 5
    view = View.of(state, 1)
    assert view.goals == {"North America", "Australia"}
    assert near_part(view, 1, mission=1.0) == pytest.approx(2 * 2 * 9 / 16)
    assert parts(view, 1, mission=1.0)["near"] == pytest.approx(2 * 2 * 9 / 16)
    assert View.of(state, 2).goals == frozenset()
    without = board_state(owners=dict.fromkeys(AUSTRALIA[:3], 1))
    without.player(1).mission = 5
    assert View.of(without, 1).goals == frozenset()  # the game has no missions


def test_a_destroy_mission_names_its_prey() -> None:
    state = board_state(players=3, owners={ALASKA: 1, KAMCHATKA: 3}, missions=True)
    state.player(1).mission = 11  # destroy the player in seat 3
    assert View.of(state, 1).prey == 3
