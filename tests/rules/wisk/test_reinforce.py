"""Getting and placing new armies: territories, continents, placing by orders."""

from __future__ import annotations

import pytest

from tests.rules.wisk.helpers import (
    ALASKA,
    ARGENTINA,
    BRAZIL,
    E_AUSTRALIA,
    INDONESIA,
    JAPAN,
    KAMCHATKA,
    NEW_GUINEA,
    PERU,
    VENEZUELA,
    W_AUSTRALIA,
    board_state,
    kinds,
    put,
    run,
)
from wtg.rules.wisk.reinforce import from_territories

AUSTRALIA = (INDONESIA, NEW_GUINEA, W_AUSTRALIA, E_AUSTRALIA)
SOUTH_AMERICA = (VENEZUELA, PERU, BRAZIL, ARGENTINA)


@pytest.mark.parametrize(
    ("territories", "armies"), [(7, 3), (15, 5), (17, 5), (1, 3), (9, 3), (12, 4), (42, 14)]
)
def test_one_army_for_every_three_territories_at_least_three(territories: int, armies: int) -> None:
    """ "for every 3 territories occupied, 1 army can be obtained. Even a player occupies less
    than 9 territories, still can obtain 3 armies, so 3 armies is the minimum. Eg. 7
    territories = 3 armies, 15 territories = 5 armies, 17 territories = 5 armies." """
    assert from_territories(territories) == armies


def test_the_turn_gives_territory_armies() -> None:
    owners = {t: 1 for t in (*range(1, 9), 14, 15, 16)}  # 11, no whole continent
    state = board_state(owners=owners)
    result = run(state, {"place": [{"territory": ALASKA, "armies": 3}]})
    (reinforced,) = kinds(result, "reinforced")
    assert (reinforced["territories"], reinforced["from_territories"]) == (11, 3)
    assert reinforced["total"] == 3
    assert result.state.armies(ALASKA) == 4


def test_a_continent_gives_its_bonus_to_be_placed_inside_it() -> None:
    """ "for each contential occupied, a fix number of armies will be obtained ... This armies
    can only be placed in the respective continent occupied." Australia = 2."""
    state = board_state(owners={t: 1 for t in (*AUSTRALIA, KAMCHATKA, JAPAN)})
    result = run(state, {"place": [{"territory": KAMCHATKA, "armies": 5}]})
    (reinforced,) = kinds(result, "reinforced")
    assert reinforced["continents"] == [["Australia", 2]]
    assert reinforced["total"] == 3 + 2
    # Kamchatka is in Asia: only the 3 free armies go there; the 2 stay in Australia
    assert result.state.armies(KAMCHATKA) == 1 + 3
    assert sum(result.state.armies(t) for t in AUSTRALIA) == 4 + 2
    skipped = kinds(result, "order_skipped")
    assert skipped[0]["reason"] == "only 3 armies were left to place there"


def test_two_continents_both_count() -> None:
    state = board_state(owners={t: 1 for t in (*AUSTRALIA, *SOUTH_AMERICA)})
    result = run(
        state,
        {"place": [{"territory": BRAZIL, "armies": 2}, {"territory": INDONESIA, "armies": 5}]},
    )
    (reinforced,) = kinds(result, "reinforced")
    assert sorted(map(tuple, reinforced["continents"])) == [("Australia", 2), ("South America", 2)]
    assert reinforced["total"] == 3 + 2 + 2
    assert result.state.armies(BRAZIL) == 1 + 2
    assert result.state.armies(INDONESIA) == 1 + 5


def test_placing_on_a_territory_not_yours_is_skipped_and_the_armies_placed_for_you() -> None:
    state = board_state(owners={ALASKA: 1, KAMCHATKA: 1})
    put(state, KAMCHATKA, 1, 4)
    result = run(state, {"place": [{"territory": JAPAN, "armies": 3}]})
    assert kinds(result, "order_skipped")[0]["reason"] == f"territory Japan ({JAPAN}) is not yours"
    (left,) = [e for e in kinds(result, "placed") if e["why"] == "left over"]
    assert left["armies"] == 3
    assert left["territory"] in (ALASKA, KAMCHATKA)


def test_unplaced_armies_are_not_lost() -> None:
    state = board_state(owners={t: 1 for t in range(1, 10)})
    before = sum(state.armies(t) for t in state.territories_of(1))
    result = run(state, {})
    after = sum(result.state.armies(t) for t in result.state.territories_of(1))
    assert after == before + 3 + 5  # 9 territories and North America
