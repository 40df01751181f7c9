"""Cards: sets, what they are worth, the bonus on one's own territories, forced trades, the
card for a conquest, an eliminated player's cards."""

from __future__ import annotations

import random

import pytest

from tests.rules.wisk.helpers import (
    ALASKA,
    ALBERTA,
    GREENLAND,
    JAPAN,
    KAMCHATKA,
    NW_TERRITORY,
    WILD_1,
    WILD_2,
    Dice,
    attack,
    board_state,
    give_cards,
    kinds,
    put,
    run,
    run_with,
)
from wtg.rules.wisk.cards import draw, set_problem, trade_value
from wtg.rules.wisk.state import DEAD, WiskState

INF, CAV, ART, WILD = "infantry", "cavalry", "artillery", "wild"
# classic cards: 1 Alaska infantry, 2 Northwest Territory artillery, 3 Greenland cavalry,
# 4 Alberta cavalry, 10 Venezuela infantry, 11 Peru infantry, 7 Western US artillery
PLACE = {"place": [{"territory": JAPAN, "armies": 50}]}


@pytest.mark.parametrize(
    "kinds_",
    [
        (INF, INF, INF),
        (CAV, CAV, CAV),
        (INF, CAV, ART),
        (INF, ART, WILD),
        (CAV, CAV, WILD),
        (ART, WILD, WILD),
    ],
)
def test_what_makes_a_set(kinds_: tuple[str, str, str]) -> None:
    """ "if those cards have the pattern of three of a kind, three of different kinds, any
    two cards wth a wild card, or any card with 2 wild cards" """
    assert set_problem(kinds_) == ""


@pytest.mark.parametrize(
    "kinds_", [(INF, INF, CAV), (ART, CAV, CAV), (INF, INF), (INF, INF, INF, INF)]
)
def test_what_makes_no_set(kinds_: tuple[str, ...]) -> None:
    assert set_problem(kinds_) != ""


def test_escalating_values() -> None:
    """ "The number for armies in each turn are 4, 6, 8, 10, 12, 15, 20, ...and 5+ for each
    turn afterwards." """
    values = [trade_value("escalating", n, (INF, INF, INF)) for n in range(10)]
    assert values == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]


@pytest.mark.parametrize(
    ("kinds_", "armies"),
    [
        ((INF, INF, INF), 4),
        ((CAV, CAV, CAV), 6),
        ((ART, ART, ART), 8),
        ((INF, CAV, ART), 10),
        ((INF, CAV, WILD), 12),
        ((ART, WILD, WILD), 14),
    ],
)
def test_fixed_values(kinds_: tuple[str, str, str], armies: int) -> None:
    """ "3 infantries = 4 armies, 3 cavalries = 6 armies, 3 artilleries = 8 armies, 1 of each
    kind = 10 armies, 2 cards and 1 wild card = 12 armies, 1 cards and 2 wild cards = 14
    armies." (the same however many sets were traded before)"""
    assert trade_value("fixed", 0, kinds_) == armies
    assert trade_value("fixed", 9, kinds_) == armies


def cards_state(*cards: int) -> WiskState:
    state = board_state(owners={ALASKA: 1, NW_TERRITORY: 1, JAPAN: 1})
    give_cards(state, 1, *cards)
    return state


def test_a_trade_counts_for_everyone_and_gives_armies_to_place() -> None:
    """The escalating count is the game's: "depends on the the turn of exchange card among
    players"."""
    state = cards_state(1, 3, 2)
    state.trades = 2
    result = run(state, {"trade": [[1, 3, 2]], **PLACE})
    (traded,) = kinds(result, "traded")
    assert traded["armies"] == 8
    assert result.state.trades == 3
    (reinforced,) = kinds(result, "reinforced")
    assert reinforced["cards"] == 8 and reinforced["total"] == 3 + 8
    assert result.state.player(1).cards == []
    assert sorted(result.state.discard) == [1, 2, 3]


def test_two_armies_on_every_traded_card_territory_one_holds() -> None:
    """ "for the three changed cards, if anyone of these cards' territory is occupied by the
    player, 2 more armies are given and must place to that territory. (Note that in the
    standard rule, for any exchange, only one territory can have this kind of bonus armies,
    but this limitation is superseded in WISK implemantion)." Alaska and the Northwest
    Territory are his; Greenland (card 3) is not."""
    state = cards_state(1, 2, 3)
    result = run(state, {"trade": [[1, 2, 3]], **PLACE})
    (traded,) = kinds(result, "traded")
    assert traded["bonus"] == [ALASKA, NW_TERRITORY]
    assert result.state.armies(ALASKA) == 1 + 2
    assert result.state.armies(NW_TERRITORY) == 1 + 2
    assert result.state.armies(GREENLAND) == 1


def test_five_cards_must_be_traded() -> None:
    """ "If you have five or more cards, you must exchange armies with your card." """
    state = cards_state(1, 10, 11, 3, 4)  # three infantry, two cavalry
    result = run(state, PLACE)
    (traded,) = kinds(result, "traded")
    assert traded["why"] == "five cards"
    assert sorted(traded["cards"]) == [1, 10, 11]
    assert sorted(result.state.player(1).cards) == [3, 4]


def test_four_cards_need_not_be_traded() -> None:
    state = cards_state(1, 10, 11, 3)
    result = run(state, PLACE)
    assert kinds(result, "traded") == []
    assert len(result.state.player(1).cards) == 4


def test_a_card_for_a_turn_with_a_conquest_and_only_one() -> None:
    """Issue 6: "one card for a turn with a conquest" (the text never says how cards come)."""
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    put(state, ALASKA, 1, 20)
    orders = {**PLACE, "attack": [attack(ALASKA, KAMCHATKA, move=10), attack(ALASKA, ALBERTA)]}
    result = run_with(state, orders, Dice(6, 5, 4, 1, 6, 5, 4, 1))
    assert [b["conquered"] for b in kinds(result, "battle")] == [True, True]
    assert result.state.player(1).cards == [1]
    (drawn,) = kinds(result, "card_drawn")
    assert drawn["visible_to"] == [1] and not drawn["public"]


def test_no_card_without_a_conquest() -> None:
    state = board_state(owners={ALASKA: 1, JAPAN: 1})
    put(state, ALASKA, 1, 3)
    put(state, KAMCHATKA, 2, 5)
    result = run_with(state, {**PLACE, "attack": [attack(ALASKA, KAMCHATKA)]}, Dice(1, 1, 6, 6))
    assert result.state.player(1).cards == []
    assert kinds(result, "card_earned") == []


def test_the_deck_is_made_again_from_traded_cards() -> None:
    state = board_state()
    state.deck, state.discard = [], [5, 6, 7]
    card = draw(state, random.Random(1))
    assert card in (5, 6, 7)
    assert sorted([*state.deck, card]) == [5, 6, 7] and state.discard == []


def eliminate_bob(bob_cards: tuple[int, ...], ann_cards: tuple[int, ...]) -> WiskState:
    """Bob holds only Kamchatka, with one army; Ann attacks it from Alaska."""
    state = board_state(players=3, owners={t: 3 for t in range(1, 43)})
    put(state, ALASKA, 1, 10)
    put(state, KAMCHATKA, 2, 1)
    give_cards(state, 1, *ann_cards)
    give_cards(state, 2, *bob_cards)
    return state


def test_the_eliminator_takes_the_cards() -> None:
    """ "If you have eliminated that opponent, you can take all that eliminated opponent's
    cards." """
    state = eliminate_bob(bob_cards=(11, 12), ann_cards=(5,))
    result = run_with(state, {"attack": [attack(ALASKA, KAMCHATKA, move=5)]}, Dice(6, 5, 4, 1))
    bob = result.state.player(2)
    assert bob.status == DEAD and bob.eliminated_by == 1 and bob.cards == []
    (gone,) = kinds(result, "eliminated")
    assert gone["public"] and gone["cards"] == 2
    (taken,) = kinds(result, "cards_taken")
    assert taken["cards"] == [11, 12] and taken["visible_to"] == [1]
    assert sorted(result.state.player(1).cards) == [1, 5, 11, 12]  # card 1: the card of the turn


def test_six_cards_after_an_elimination_must_be_traded_at_once() -> None:
    """ "If you have six or more cards, you must use your card to exhange armies and
    continuing your attack." The armies go to the territory just conquered (ruling 8)."""
    state = eliminate_bob(bob_cards=(10, 11, 13), ann_cards=(3, 4, 12))
    state.trades = 1
    orders = {"attack": [attack(ALASKA, KAMCHATKA, move=5), attack(KAMCHATKA, JAPAN, until=20)]}
    result = run_with(state, orders, Dice(6, 5, 4, 1))
    traded = kinds(result, "traded")
    assert [t["why"] for t in traded] == ["elimination"]
    assert traded[0]["armies"] == 6
    assert len(result.state.player(1).cards) == 3 + 1
    assert result.state.armies(KAMCHATKA) == 5 + 6


def test_five_cards_after_an_elimination_wait_for_the_next_turn() -> None:
    state = eliminate_bob(bob_cards=(10, 11), ann_cards=(3, 4, 12))
    result = run_with(state, {"attack": [attack(ALASKA, KAMCHATKA, move=5)]}, Dice(6, 5, 4, 1))
    assert kinds(result, "traded") == []
    assert len(result.state.player(1).cards) == 6  # five, and the card of the turn


def test_a_trade_of_cards_not_in_hand_is_skipped() -> None:
    state = cards_state(1, 2, WILD_1)
    result = run(state, {"trade": [[1, 2, WILD_2]], **PLACE})
    assert kinds(result, "traded") == []
    assert "card 44 is not in your hand" in kinds(result, "order_skipped")[0]["reason"]
