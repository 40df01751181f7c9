"""Section 4 - The Beginning: start provinces and start values."""

from __future__ import annotations

import random

import pytest

from tests.shipped import WOK4 as RULESET
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.setup import SetupError, start_state


def new(players: int, seed: int, map_name: str = "classic60") -> WokState:
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, players + 1))
    setup = GameSetup(game="g", map=map_name, seed=seed, players=seats)
    return start_state(setup, RULESET.load_map(map_name), random.Random(seed))


def test_home_province_start_values() -> None:
    """ "you start with - ONE single province at defense level 1.0 - 10 spies, - 24 workers,
    - 12 armies at a level of 1.750." and 99% EFF ("You start the game with a level of
    99% EFF"), 0 tech points."""
    state = new(10, 1)
    game_map = RULESET.load_map("classic60")
    for player in state.players:
        homes = list(state.provinces_of(player.id))
        assert len(homes) == 1
        home = homes[0]
        assert (home.dfn, home.spy, home.wok, home.arm, home.lev) == (10, 10, 24, 12, 1750)
        assert home.pop == game_map.province(home.id).pop  # "the start value is not random"
        assert home.aim == "DEF"
        assert (player.eff, player.tech) == (99, 0)


def test_neutral_province_start_values() -> None:
    """ "Each neutral province begins with - 16 workers, and - 5 armies ... at level 1.000
    for defense purposes only. They also have 0.3 Defense." "All provinces start with the
    workers default aim of +DEFENSE ... (neutral provinces have that aim too)." """
    state = new(10, 1)
    neutrals = [p for p in state.provinces if p.owner == 0]
    assert len(neutrals) == 50
    assert all(
        (p.wok, p.arm, p.lev, p.dfn, p.mis, p.spy, p.aim) == (16, 5, 1000, 3, 0, 0, "DEF")
        for p in neutrals
    )


def test_start_provinces_are_random_map_starts_never_adjacent() -> None:
    """ "You start in a single, randomly selected province. The province you are given will
    not be adjacent to a province of another player"."""
    game_map = RULESET.load_map("classic60")
    layouts = set()
    for seed in range(6):
        state = new(10, seed)
        homes = {p.id: p.owner for p in state.provinces if p.owner}
        assert set(homes) == set(game_map.starts)
        for pid in homes:
            assert not set(state.province(pid).neighbours) & set(homes)
        layouts.add(tuple(sorted(homes.items())))
    assert len(layouts) == 6


def test_population_range_of_the_map() -> None:
    """ "Your population depends on your province, this can go from 50 - 130 at the start"."""
    state = new(10, 3)
    assert all(50 <= p.pop <= 130 for p in state.provinces)


def test_more_players_than_seats_is_refused() -> None:
    with pytest.raises(SetupError, match="seats 4 players"):
        new(5, 1, "small")


def test_turn_zero_draws_the_first_order_of_play() -> None:
    """ "Every new turn, the WOK Turn Generator (WTG) creates a new OoP": turn 1's comes with
    turn 0."""
    state = new(10, 9)
    assert sorted(state.oop) == list(range(1, 11)) and state.turn == 0
