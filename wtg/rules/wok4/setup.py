"""Turn 0: players placed in their start provinces, neutrals set up, the first OoP drawn."""

from __future__ import annotations

import random

from wtg.core.provmap import ProvinceMap
from wtg.core.ruleset import GameSetup
from wtg.rules.wok.limits import (
    DEFAULT_AIM,
    HOME_ARM,
    HOME_DEF,
    HOME_LEV,
    HOME_SPY,
    HOME_WOK,
    NEUTRAL_ARM,
    NEUTRAL_DEF,
    NEUTRAL_LEV,
    NEUTRAL_WOK,
    START_EFF,
)
from wtg.rules.wok.state import Player, Province, WokState


class SetupError(ValueError):
    """A game that cannot start as asked."""


def start_state(setup: GameSetup, game_map: ProvinceMap, rng: random.Random) -> WokState:
    """Manual section 4: "You start in a single, randomly selected province"."""
    if not setup.players:
        raise SetupError("a game needs at least one player")
    if len(setup.players) > game_map.seats:
        raise SetupError(
            f"map {game_map.name} seats {game_map.seats} players, not {len(setup.players)}"
        )
    homes = rng.sample(list(game_map.starts), len(setup.players))
    owner_of = {home: seat.id for home, seat in zip(homes, setup.players, strict=True)}
    provinces = []
    for mp in game_map.provinces:
        owner = owner_of.get(mp.id, 0)
        if owner:
            province = Province(
                mp.id,
                mp.name,
                mp.neighbours,
                owner,
                mp.pop,
                HOME_WOK,
                HOME_ARM,
                HOME_LEV,
                HOME_DEF,
                0,
                HOME_SPY,
                DEFAULT_AIM,
            )
        else:
            province = Province(
                mp.id,
                mp.name,
                mp.neighbours,
                0,
                mp.pop,
                NEUTRAL_WOK,
                NEUTRAL_ARM,
                NEUTRAL_LEV,
                NEUTRAL_DEF,
                0,
                0,
                DEFAULT_AIM,
            )
        provinces.append(province)
    players = [Player(seat.id, seat.name, eff=START_EFF) for seat in setup.players]
    oop = [seat.id for seat in setup.players]
    rng.shuffle(oop)
    return WokState(setup.game, game_map.name, 0, game_map.seats, players, provinces, oop)
