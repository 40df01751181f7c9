"""Turn 0 of Intermediate WoK: "You start the game with a tech level of 0, 100 GOLD, 100 WOOD,
99 EFF and with a single, randomly selected province"."""

from __future__ import annotations

from random import Random

from wtg.core.provmap import ProvinceMap
from wtg.core.ruleset import GameSetup
from wtg.rules.intermediate.constants import HEADHUNTING_TURNS, START_GOLD, START_WOOD, VARIANT
from wtg.rules.wok.limits import START_EFF
from wtg.rules.wok.setup import SetupError, seat_players
from wtg.rules.wok.state import Player, WokState


def start_state(setup: GameSetup, game_map: ProvinceMap, rng: Random) -> WokState:
    """Homes and neutrals as in Standard WoK (the tables are lost: a ruling), on the map's
    terrain; every game is a Skirmish."""
    if setup.variant not in (None, VARIANT):
        raise SetupError(f"no variant {setup.variant!r} of intermediate (variants: {VARIANT})")
    if not setup.players:
        raise SetupError("a game needs at least one player")
    players = [
        Player(seat.id, seat.name, eff=START_EFF, gold=START_GOLD, wood=START_WOOD)
        for seat in setup.players
    ]
    protection = int(setup.options.get("headhunting_turns", HEADHUNTING_TURNS))
    state = seat_players(setup, game_map, players, rng, protection)
    state.variant = VARIANT
    return state
