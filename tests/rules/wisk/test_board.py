"""The classic board as data, checked on load (games/wisk/classic.yaml)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.rules.wisk.helpers import classic
from tests.shipped import WISK as RULESET
from wtg.core.provmap import MapError
from wtg.rules.wisk.board import board_from_data


def test_the_classic_board_has_42_territories_83_borders_and_44_cards() -> None:
    """Issue 6: "The classic 42-territory map ... the 83 borders of the classic board; the 44
    cards"; the text: "After all the 42 territories have been claimed", and of the cards:
    "This kinds are referred to infantry, calvary and artillary shown on the cards." """
    board = classic()
    assert len(board.sites) == 42
    assert board.borders == 83
    assert len(board.cards) == 44
    kinds = Counter(c.kind for c in board.cards)
    assert kinds == {"infantry": 14, "cavalry": 14, "artillery": 14, "wild": 2}


def test_continent_bonuses() -> None:
    """ "Asia = 7 armies, Europe = 5 armies, N.America = 5 armies, Africa = 3 armies,
    Australia = 2 armies, S.America = 2 armies." """
    bonuses = {c.name: c.bonus for c in classic().continents}
    assert bonuses == {
        "Asia": 7,
        "Europe": 5,
        "North America": 5,
        "Africa": 3,
        "Australia": 2,
        "South America": 2,
    }
    sizes = {c.name: len(c.territories) for c in classic().continents}
    assert sizes == {
        "North America": 9,
        "South America": 4,
        "Europe": 7,
        "Africa": 6,
        "Asia": 12,
        "Australia": 4,
    }


def test_borders_are_mutual_and_include_east_africa_middle_east() -> None:
    """RULE-NOTES: "the classic board has it [East Africa - Middle East], giving 83 borders"."""
    board = classic()
    for site in board.sites:
        for n in site.neighbours:
            assert site.id in board.site(n).neighbours
    names = {s.name: s.id for s in board.sites}
    assert names["Middle East"] in board.site(names["East Africa"]).neighbours
    assert names["Kamchatka"] in board.site(names["Alaska"]).neighbours
    assert names["North Africa"] in board.site(names["Brazil"]).neighbours


def test_the_classic_missions() -> None:
    """RULE-NOTES lists the classic mission cards: six continent pairs, 18 territories with
    2 armies, 24 territories and destroy a colour (six colours)."""
    missions = classic().missions
    assert len(missions) == 14
    assert sum(1 for m in missions if m.continents) == 6
    assert sum(1 for m in missions if m.extra) == 2
    assert sum(1 for m in missions if m.destroy) == 6
    assert any(m.territories == 18 and m.armies == 2 for m in missions)
    assert any(m.territories == 24 and m.armies == 1 for m in missions)


def test_the_board_survives_the_state_file() -> None:
    board = classic()
    again = board_from_data(board.to_dict())
    assert again == board


def broken(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = classic().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "complaint"),
    [
        ({"continents": []}, "'continents' must be a non-empty list"),
        ({"borders": [["Alaska", "Atlantis"]]}, "no territory named 'Atlantis'"),
        ({"borders": [["Alaska", "Alaska"]]}, "Alaska borders itself"),
        ({"wild_cards": -1}, "'wild_cards' must be a whole number"),
        ({"missions": [{"continents": ["Antarctica"]}]}, "continents must name continents"),
        ({"missions": [{"colour": 1}]}, "mission #1: expected some of"),
    ],
)
def test_a_broken_board_is_refused_with_reasons(changes: dict[str, Any], complaint: str) -> None:
    with pytest.raises(MapError) as caught:
        board_from_data(broken(**changes), "bad.yaml")
    assert any(complaint in p for p in caught.value.problems), caught.value.problems


def test_a_border_listed_twice_and_an_island_are_refused() -> None:
    data: dict[str, Any] = classic().to_dict()
    data["borders"] = data["borders"] + [["Kamchatka", "Alaska"]]
    with pytest.raises(MapError, match="listed twice"):
        board_from_data(data)
    again: dict[str, Any] = classic().to_dict()
    again["borders"] = [b for b in again["borders"] if "Japan" not in b]
    with pytest.raises(MapError, match="territories without a border: Japan"):
        board_from_data(again)


def test_a_cut_off_part_of_the_map_is_refused() -> None:
    data: dict[str, Any] = classic().to_dict()
    data["borders"] = [b for b in data["borders"] if b != ["Siam", "Indonesia"]]
    with pytest.raises(MapError, match="not reachable from Alaska"):
        board_from_data(data)


def test_an_unknown_map_is_named() -> None:
    with pytest.raises(FileNotFoundError, match="maps: classic"):
        RULESET.load_board("atlantis")
