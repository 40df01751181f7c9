"""``Ruleset.public_sides_of``: the sides of a state as ``public_sides`` reads them from its
``public_json``. WoK's rulesets read them from the players alone (a poll's confirmation
names one side, and the provinces are most of the public JSON): the same sides, whatever
the players are like."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shipped import STANDARD, WOK4
from wtg.core.ruleset import GameSetup, SeatSetup, public_sides
from wtg.registry import SHIPPED_NAMES, find_ruleset
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import ACTIVE, DEAD, QUIT, Player


def _setup(players: int, map_name: str, variant: str | None = None) -> GameSetup:
    seats = tuple(SeatSetup(id=n, name=f"Player {n}") for n in range(1, players + 1))
    return GameSetup(game="sides", map=map_name, seed=3, players=seats, variant=variant)


def test_every_shipped_ruleset_gives_the_sides_of_its_public_json() -> None:
    for name in SHIPPED_NAMES:
        ruleset = find_ruleset(name)
        setup = _setup(2, ruleset.default_map(None, {}))
        state = ruleset.new_game(setup, random.Random(3)).state
        sides = ruleset.public_sides_of(state)
        assert sides == public_sides(ruleset.public_json(state)), name
        assert [(s.id, s.name) for s in sides][:2] == [
            (1, "Player 1"),
            (2, "Player 2"),
        ], name


_PLAYERS = st.lists(
    st.tuples(
        st.text(max_size=12),
        st.sampled_from([ACTIVE, QUIT, DEAD, "left"]),
        st.integers(min_value=0, max_value=9),
        st.booleans(),
        st.one_of(st.none(), st.integers(min_value=1, max_value=4)),
        st.lists(st.integers(min_value=1, max_value=4), max_size=2),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["wok4", "standard", "intermediate"]), _PLAYERS, st.integers(0, 12))
def test_a_wok_states_sides_read_from_its_players_are_those_of_its_public_json(
    name: str, players: list[tuple[str, str, int, bool, int | None, list[int]]], turn: int
) -> None:
    ruleset = find_ruleset(name)
    assert isinstance(ruleset, WokRuleset)
    state = ruleset.new_game(_setup(2, ruleset.default_map(None, {})), random.Random(1)).state
    state.turn = turn
    state.players = [
        Player(
            id=n,
            name=text,
            status=status,
            missed=missed,
            robot=robot,
            controller=controller,
            label=f"C{n}" if controller else "",
            rips=rips,
        )
        for n, (text, status, missed, robot, controller, rips) in enumerate(players, start=1)
    ]
    assert ruleset.public_sides_of(state) == public_sides(ruleset.public_json(state))


def test_the_sides_name_each_player_with_the_status_and_misses_on_file() -> None:
    state = WOK4.new_game(_setup(4, "classic60"), random.Random(2)).state
    state.players[1].status, state.players[1].missed = QUIT, 3
    sides = {int(s.id): s for s in WOK4.public_sides_of(state)}
    assert (sides[2].name, sides[2].status, sides[2].missed, sides[2].bot) == (
        "Player 2",
        QUIT,
        3,
        False,
    )
    assert sides == {int(s.id): s for s in public_sides(STANDARD.public_json(state))}
