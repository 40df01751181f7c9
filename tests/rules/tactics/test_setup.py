"""Setting up a battle: "Up to four people may play in the same battle"; "you are assigned
one of the remaining player positions *at random*"; "One player will be picked at random
to get the first turn"; "you can add up to three bots"; the state and its JSON."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.shipped import TACTICS as RULESET
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.tactics.army import SetupError, default_army, random_army
from wtg.rules.tactics.state import ARMY, BATTLE, TacticsState


def new_game(
    humans: int, bots: int = 0, seed: int = 1, map_name: str = "meadow", **options: Any
) -> TacticsState:
    setup = GameSetup(
        game="t",
        map=map_name,
        seed=seed,
        players=tuple(SeatSetup(id=n, name=f"P{n}") for n in range(1, humans + 1)),
        options={"bots": bots, **options},
    )
    state: TacticsState = RULESET.new_game(setup, turn_rng(seed, 0)).state
    return state


def test_two_to_four_armies_humans_and_bots() -> None:
    state = new_game(2, bots=2)
    assert [(p.id, p.bot) for p in state.players] == [(1, False), (2, False), (3, True), (4, True)]
    assert {p.colour for p in state.players} == {"red", "green", "yellow", "blue"}
    assert all(p.name == f"Bot {p.colour.title()}" for p in state.players if p.bot)
    with pytest.raises(SetupError, match=r"2 to 4 armies: 3 players and 2 bots make 5"):
        new_game(3, bots=2)
    with pytest.raises(SetupError, match="2 to 4 armies"):
        new_game(1)


def test_a_map_seats_no_more_armies_than_its_start_positions() -> None:
    with pytest.raises(SetupError, match="map lava-ford has 2 start positions, not 3"):
        new_game(3, map_name="lava-ford")


def test_positions_and_the_first_player_are_drawn_at_random() -> None:
    colours = {tuple(p.colour for p in new_game(2, bots=2, seed=s).players) for s in range(30)}
    firsts = {new_game(2, bots=2, seed=s).active for s in range(30)}
    assert len(colours) > 3
    assert firsts == {1, 2, 3, 4}
    assert new_game(2, seed=5).players == new_game(2, seed=5).players  # the seed decides


def test_humans_start_with_the_default_army_bots_with_a_random_one() -> None:
    state = new_game(1, bots=3, seed=4)
    human = [p.kind for p in state.army(1)]
    assert human == default_army(state.kinds, 9)
    armies = [tuple(p.kind for p in state.army(pid)) for pid in (2, 3, 4)]
    assert len(set(armies)) == 3
    for army in armies:
        for kind in state.kinds:
            assert army.count(kind.key) <= kind.max_count
    assert state.phase == ARMY


def test_an_army_of_bots_only_skips_the_army_turn() -> None:
    state = new_game(0, bots=4)
    assert state.phase == BATTLE
    assert RULESET.owing(state) == []
    assert list(RULESET.robot_orders(state)) == [state.active]


def test_default_and_random_armies_respect_the_maximum_counts() -> None:
    state = new_game(2)
    army = default_army(state.kinds, 9)
    assert army[: len(state.kinds)] == [k.key for k in state.kinds]
    assert len(army) == 9
    rng = random.Random(3)
    for _ in range(20):
        picked = random_army(state.kinds, 9, rng)
        assert len(picked) == 9
        assert all(picked.count(k.key) <= k.max_count for k in state.kinds)


def test_pieces_stand_around_their_start_without_sharing_a_tile() -> None:
    state = new_game(2, bots=2)
    tiles = [p.pos for p in state.pieces]
    assert len(tiles) == len(set(tiles)) == 36
    starts = state.board.starts()
    for player in state.players:
        start = starts[248 + player.position]
        army = state.army(player.id)
        assert army[0].pos == start
        assert all(abs(p.x - start[0]) + abs(p.y - start[1]) <= 4 for p in army)
        assert [p.id for p in army] == [10 * player.position + n for n in range(1, 10)]


def test_bad_options_are_refused() -> None:
    with pytest.raises(SetupError, match="pieces per turn must be one of 1, 2, 3, 4, rested"):
        new_game(2, pieces_per_turn="5")
    with pytest.raises(SetupError, match="no map 'atlantis'"):
        new_game(2, map_name="atlantis")


def test_the_state_json_has_the_contract_keys_and_round_trips() -> None:
    state = new_game(2, bots=1, pieces_per_turn="2")
    data: dict[str, Any] = RULESET.public_json(state)
    assert data["ruleset"] == "tactics" and data["turn"] == 0
    assert data["board"]["width"] == data["board"]["height"] == 14
    assert data["active"] == state.active
    keys = {"id", "owner", "kind", "x", "y", "hp", "max_hp", "str", "def", "agi", "rst"}
    keys |= {"lev", "xp", "mob", "range"}
    assert all(keys <= set(p) for p in data["pieces"])
    assert all({"id", "name", "bot", "status", "place"} <= set(p) for p in data["players"])
    first = data["pieces"][0]
    kind = state.kind(first["kind"])
    assert (first["hp"], first["max_hp"], first["str"], first["def"], first["agi"]) == (
        kind.hp,
        kind.hp,
        kind.strength,
        kind.defense,
        kind.agility,
    )
    assert (first["rst"], first["lev"], first["xp"]) == (2, 1, 0)
    again = RULESET.state_from_dict(RULESET.state_to_dict(state))
    assert RULESET.state_to_dict(again) == RULESET.state_to_dict(state)
    assert again.pieces_per_turn == "2"
