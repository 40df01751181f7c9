"""Initial assignment: armies by player count, who plays first, the three assignment options."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.rules.wisk.helpers import new_game
from tests.shipped import WISK as RULESET
from wtg.rules.wisk.setup import SetupError
from wtg.rules.wisk.state import CLAIMING, PLACING, PLAYING, WiskState


def armies_of(state: WiskState, pid: int) -> int:
    return sum(state.armies(t) for t in state.territories_of(pid)) + state.player(pid).to_place


@pytest.mark.parametrize(
    ("humans", "robots", "each"), [(2, 0, 40), (2, 1, 35), (1, 3, 30), (3, 2, 25), (2, 4, 20)]
)
def test_starting_armies_by_player_count(humans: int, robots: int, each: int) -> None:
    """ "2 players, 40 armies each; 3 players, 35 armies each; 4 players, 30 armies each;
    5 players; 25 armies each; 6 players; 20 armies each." (humans and robots alike:
    "including both human and robot players")."""
    state = new_game(humans, robots=robots)
    assert len(state.players) == humans + robots
    for player in state.players:
        assert armies_of(state, player.id) == each


@pytest.mark.parametrize(("humans", "robots"), [(1, 0), (0, 1), (4, 3), (7, 0)])
def test_two_to_six_players(humans: int, robots: int) -> None:
    """ "a stragetic board game for 2  to 6 players" """
    with pytest.raises(SetupError, match="2 to 6 players"):
        new_game(humans, robots=robots)


def test_the_first_human_plays_first() -> None:
    """ "in WISK, always played first by the first human player counted clockwise from
    position 0" """
    state = new_game(2, robots=2)
    assert state.active == state.first == 1
    robots_only = new_game(0, robots=6)
    assert robots_only.first == robots_only.players[0].id


def test_robots_sit_after_the_humans() -> None:
    state = new_game(2, robots=2)
    assert [(p.id, p.robot) for p in state.players] == [
        (1, False),
        (2, False),
        (3, True),
        (4, True),
    ]
    assert state.player(3).name == "Robot 3"


def test_automatic_assignment_deals_every_territory_and_spreads_the_armies() -> None:
    """Issue 6: "automatic (territories dealt at random, armies spread)"."""
    state = new_game(2, robots=1, assignment="automatic")
    assert state.stage == PLAYING
    owners = Counter(h.owner for h in state.holdings)
    assert owners == {1: 14, 2: 14, 3: 14}
    assert all(h.armies >= 1 for h in state.holdings)
    assert all(p.to_place == 0 for p in state.players)


def test_dealing_is_random_but_fixed_by_the_seed() -> None:
    one, two, other = new_game(3, seed=5), new_game(3, seed=5), new_game(3, seed=6)
    assert one.holdings == two.holdings
    assert one.holdings != other.holdings


def test_uneven_deal_gives_the_first_players_one_more() -> None:
    state = new_game(2, robots=2)
    owners = Counter(h.owner for h in state.holdings)
    assert owners == {1: 11, 2: 11, 3: 10, 4: 10}


def test_semi_automatic_assignment_deals_and_leaves_the_rest_to_place() -> None:
    """Issue 6: "semi-automatic (territories dealt, each player places the rest on one AOF)"."""
    state = new_game(3, assignment="semi")
    assert state.stage == PLACING
    assert all(h.owner and h.armies == 1 for h in state.holdings)
    assert [p.to_place for p in state.players] == [35 - 14] * 3
    assert state.active == 1


def test_claiming_starts_with_an_empty_board() -> None:
    """ "Each player use an army to claim an unoccupied terriotries in turn." """
    state = new_game(3, assignment="claim")
    assert state.stage == CLAIMING
    assert all(h.owner == 0 for h in state.holdings)
    assert [p.to_place for p in state.players] == [35] * 3


def test_missions_are_dealt_one_each_and_kept_secret() -> None:
    state = new_game(2, robots=4, missions=True)
    missions = [p.mission for p in state.players]
    assert all(missions) and len(set(missions)) == 6
    public = json.dumps(RULESET.public_json(state))
    assert "mission" not in public
    assert all(p.mission == 0 for p in new_game(3).players)


@pytest.mark.parametrize(
    "option", [{"assignment": "draft"}, {"cards": "french"}, {"ties": "nobody"}, {"missing": "x"}]
)
def test_unknown_option_values_are_refused(option: dict[str, Any]) -> None:
    with pytest.raises(SetupError, match="must be one of"):
        new_game(3, **option)
