"""Turn 0: players placed in their start provinces, neutrals set up, the first OoP drawn."""

from __future__ import annotations

from random import Random

from wtg.core.errors import SetupError as SetupError
from wtg.core.provmap import ProvinceMap
from wtg.core.ruleset import GameSetup
from wtg.rules.wok.limits import START_EFF
from wtg.rules.wok.setup import start_province
from wtg.rules.wok.state import Player, WokState


def start_state(setup: GameSetup, game_map: ProvinceMap, rng: Random) -> WokState:
    """Manual section 4: "You start in a single, randomly selected province"."""
    if not setup.players:
        raise SetupError("a game needs at least one player")
    if len(setup.players) > game_map.seats:
        raise SetupError(
            f"map {game_map.name} seats {game_map.seats} players, not {len(setup.players)}"
        )
    homes = rng.sample(list(game_map.starts), len(setup.players))
    owner_of = {home: seat.id for home, seat in zip(homes, setup.players, strict=True)}
    provinces = [start_province(mp, owner_of.get(mp.id, 0)) for mp in game_map.provinces]
    players = [Player(seat.id, seat.name, eff=START_EFF) for seat in setup.players]
    oop = [seat.id for seat in setup.players]
    rng.shuffle(oop)
    return WokState(setup.game, game_map.name, 0, game_map.seats, players, provinces, oop)
