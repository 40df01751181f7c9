"""The WISK map picture's data (``Wisk.board``, issue 15): an open board of territories,
holders and armies; the continents' holders and bonus; the card-set value; this turn's
battles; a player's own cards and mission and nobody else's."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.wisk.helpers import (
    ALASKA,
    ARGENTINA,
    BRAZIL,
    E_AUSTRALIA,
    INDONESIA,
    KAMCHATKA,
    NEW_GUINEA,
    PERU,
    VENEZUELA,
    W_AUSTRALIA,
    WILD_1,
    Dice,
    attack,
    board_state,
    classic,
    give_cards,
    new_game,
    put,
    run_with,
)
from tests.shipped import WISK as RULESET
from wtg.core.board import Board, Draws
from wtg.core.errors import GameError
from wtg.core.provmap import MapError
from wtg.rules.wisk.board import board_from_data
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.victory import describe

DRAWS: Draws[WiskState] = RULESET
"""WISK draws its board (mypy checks the signature, the test the protocol)."""


def classic_data() -> dict[str, Any]:
    data = RULESET.read_map("classic").data
    assert isinstance(data, dict)
    return data


def test_wisk_draws_its_board() -> None:
    assert isinstance(RULESET, Draws)


def test_the_links_are_the_borders_of_the_map_file() -> None:
    """Issue 15: "every border drawn is a border in the data and every border in the data
    is drawn"; the classic board has 83."""
    ids = {s.name: str(s.id) for s in classic().sites}
    in_file = {frozenset((ids[a], ids[b])) for a, b in classic_data()["borders"]}
    drawn = RULESET.board(new_game(3), None, [])
    links = [frozenset((link.a, link.b)) for link in drawn.links]
    assert len(links) == len(set(links)) == 83
    assert set(links) == in_file
    assert {s.id for s in drawn.spots} == {str(t) for t in range(1, 43)}


def test_every_territory_shows_its_holder_armies_and_continent() -> None:
    state = board_state(owners={ALASKA: 1, PERU: 1})
    put(state, ALASKA, 1, 7)
    put(state, BRAZIL, 2, 3)
    spots = {s.id: s for s in RULESET.board(state, 2, []).spots}
    assert (spots["1"].name, spots["1"].owner, spots["1"].troops) == ("Alaska", 1, "7")
    assert (spots["12"].owner, spots["12"].troops, spots["12"].group) == (2, "3", "South America")
    assert spots["1"].group == "North America" and spots["1"].kind == "territory"
    assert "home" in spots["12"].marks and "home" not in spots["1"].marks


def test_the_continent_table_names_holders_bonus_and_leaders() -> None:
    """ "for each contential occupied, a fix number of armies ... Australia = 2 armies,
    S.America = 2 armies": Ann holds Australia whole; South America is split 2-2."""
    australia = {INDONESIA: 1, NEW_GUINEA: 1, W_AUSTRALIA: 1, E_AUSTRALIA: 1}
    south = {VENEZUELA: 1, BRAZIL: 1, PERU: 3, ARGENTINA: 3}
    state = board_state(players=3, owners={**australia, **south, KAMCHATKA: 1})
    table = RULESET.board(state, None, []).tables[0]
    rows = {row[0]: row for row in table.rows}
    assert table.header == ("Continent", "Bonus", "Held by", "Most territories")
    assert rows["Australia"] == ("Australia", "2", "Ann", "Ann (4 of 4)")
    assert rows["South America"] == ("South America", "2", "-", "Ann, Cid (2 of 4)")
    assert rows["Asia"] == ("Asia", "7", "-", "Bob (11 of 12)")
    assert rows["North America"] == ("North America", "5", "Bob", "Bob (9 of 9)")
    assert [row[0] for row in table.rows] == [c.name for c in classic().continents]


def test_a_continent_nobody_has_claimed_has_no_leader() -> None:
    state = new_game(3, assignment="claim")
    rows = {row[0]: row for row in RULESET.board(state, None, []).tables[0].rows}
    assert rows["Asia"][2:] == ("-", "-")


def test_the_card_set_value_now() -> None:
    """ "The number for armies in each turn are 4, 6, 8, 10, 12, 15, 20, ...and 5+ for
    each turn afterwards"; the fixed variant's values whatever was traded."""
    state = board_state()
    state.trades = 3
    assert RULESET.board(state, None, []).notes[0] == (
        "The next card set traded is worth 10 armies (3 traded so far)"
    )
    state.trades = 7
    assert "worth 25 armies" in RULESET.board(state, None, []).notes[0]
    fixed = board_state(cards="fixed")
    assert RULESET.board(fixed, None, []).notes[0] == (
        "A card set is worth: infantry 4, cavalry 6, artillery 8, one of each 10, "
        "one wild 12, two wild 14 armies"
    )


def test_a_player_sees_his_own_cards_and_mission_and_nobody_elses() -> None:
    """ "cards in hand and missions are in their owner's report only" (docs/rules/wisk.md);
    how many cards each holds is public. The GM's picture is the public one."""
    state = new_game(3, missions=True)
    give_cards(state, 1, ALASKA, WILD_1)
    give_cards(state, 2, ARGENTINA)
    ann, bob, gm = (RULESET.board(state, who, []) for who in (1, 2, None))
    assert "Your cards: infantry (Alaska), wild." in ann.notes
    assert "Your cards: infantry (Argentina)." in bob.notes
    for pid, picture in ((1, ann), (2, bob)):
        mission = describe(state, pid, state.board.mission(state.player(pid).mission))
        assert [n for n in picture.notes if "mission" in n] == [f"Your mission: {mission}."]
    for text in (" ".join(bob.notes), " ".join(gm.notes)):
        assert "Alaska" not in text and "wild" not in text
    assert not any("Your" in n or "mission" in n for n in gm.notes)
    for picture in (ann, bob, gm):
        status = {side.id: side.status for side in picture.sides}
        assert status[1].split(", ")[2] == "2 cards"
        assert status[2].split(", ")[2] == "1 card"
    assert _open_part(ann) == _open_part(bob) == _open_part(gm)


def _open_part(picture: Board) -> list[tuple[str, int | None, str | None]]:
    """What every picture shows alike: each territory's holder and armies."""
    return [(s.id, s.owner, s.troops) for s in picture.spots]


def test_this_turns_battles_and_conquests_are_marked() -> None:
    """A battle fought over Argentina, which falls, and one over Peru, which holds."""
    state = board_state(owners={BRAZIL: 1})
    put(state, BRAZIL, 1, 10)
    put(state, ARGENTINA, 2, 1)
    put(state, PERU, 2, 5)
    orders = {"attack": [attack(BRAZIL, ARGENTINA, 1, move=1), attack(BRAZIL, PERU, 1, until=11)]}
    result = run_with(state, orders, Dice(6, 1, 1, 6, 6))
    events = [e.to_dict() for e in result.events]
    marks = {s.id: s.marks for s in RULESET.board(result.state, None, events).spots}
    assert marks[str(ARGENTINA)] == ("battle", "conquered")
    assert marks[str(PERU)] == ("battle",)
    assert marks[str(BRAZIL)] == ()
    assert all(not m for tid, m in marks.items() if tid not in (str(ARGENTINA), str(PERU)))


def test_the_picture_is_the_same_every_time_and_from_the_state_file() -> None:
    state = new_game(4, seed=7)
    again = WiskState.from_dict(state.to_dict())
    assert RULESET.board(state, 2, []) == RULESET.board(state, 2, []) == RULESET.board(again, 2, [])


def test_a_player_not_in_the_game_is_refused_with_the_players_there_are() -> None:
    with pytest.raises(GameError, match=r"game test has no player 9 \(players: 1, 2, 3\)"):
        RULESET.board(new_game(3), 9, [])


def test_the_layout_places_every_territory_and_colours_every_continent() -> None:
    """Issue 15: "WISK's classic map its 42 territories with positions and continent
    colours" (``layout:`` and each continent's ``colour:`` in games/wisk/classic.yaml)."""
    data = classic_data()
    assert sorted(data["layout"]) == list(range(1, 43))
    for x, y in data["layout"].values():
        assert 0 <= x <= 1000 and 0 <= y <= 600
    assert len({tuple(p) for p in data["layout"].values()}) == 42
    colours = [c["colour"] for c in data["continents"]]
    assert len(set(colours)) == 6 and all(c.startswith("#") and len(c) == 7 for c in colours)


def test_the_board_check_refuses_bad_drawing_data() -> None:
    data = classic_data()
    broken = {
        **data,
        "continents": [{**data["continents"][0], "colour": "yellow"}, *data["continents"][1:]],
        "layout": {**{k: v for k, v in data["layout"].items() if k != 5}, 43: [1, 2], 7: [1]},
    }
    with pytest.raises(MapError) as refused:
        board_from_data(broken, "mine.yaml")
    assert refused.value.problems == [
        "continent North America: colour must be written #rrggbb, found 'yellow'",
        "layout: territory 7 must be at [x, y], found [1]",
        "layout: 43 is no territory id (ids run 1..42)",
        "layout: no position for territories 5",
    ]
    with pytest.raises(MapError, match="'layout' must map each territory id"):
        board_from_data({**data, "layout": [[1, 2]]}, "mine.yaml")
    assert board_from_data({k: v for k, v in data.items() if k != "layout"}) == classic()
