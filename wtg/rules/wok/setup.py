"""Turn 0 in every WoK ruleset: a home province for each player, neutrals everywhere else."""

from __future__ import annotations

from random import Random

from wtg.core.errors import SetupError as SetupError
from wtg.core.provmap import MapProvince, ProvinceMap
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
    NEUTRAL_RECRUITS,
    NEUTRAL_WOK,
)
from wtg.rules.wok.state import Player, Province, WokState


def start_province(place: MapProvince, owner: int, neutral_armies: int = NEUTRAL_ARM) -> Province:
    """A player's home (DEF 1.0, 10 SPY, 24 WOK, 12 ARM at 1.750) or a neutral province
    (16 WOK, ``neutral_armies`` ARM at 1.000, 0.3 DEF), with the map's population (and
    terrain, where the map has one)."""
    if owner:
        return Province(
            place.id,
            place.name,
            place.neighbours,
            owner,
            place.pop,
            HOME_WOK,
            HOME_ARM,
            HOME_LEV,
            HOME_DEF,
            0,
            HOME_SPY,
            DEFAULT_AIM,
            terrain=place.terrain,
        )
    return Province(
        place.id,
        place.name,
        place.neighbours,
        0,
        place.pop,
        NEUTRAL_WOK,
        neutral_armies,
        NEUTRAL_LEV,
        NEUTRAL_DEF,
        0,
        0,
        DEFAULT_AIM,
        terrain=place.terrain,
    )


def seat_players(
    setup: GameSetup,
    game_map: ProvinceMap,
    players: list[Player],
    rng: Random,
    protection: int,
) -> WokState:
    """Turn 0 of a game played from the map's start provinces (Standard and Intermediate):
    each player a home drawn at random among them (start provinces are never next to each
    other), neutrals everywhere else with their 2 armies of turn 0 ("Neutral provinces gain
    2 armies each turn (including turn 0)"), a shuffled Order of Play, and the homes
    protected from headhunting up to turn ``protection``."""
    if len(players) > len(game_map.starts):
        raise SetupError(
            f"map {game_map.name} has {len(game_map.starts)} start provinces, not {len(players)}"
        )
    homes = rng.sample(list(game_map.starts), len(players))
    for player, home in zip(players, homes, strict=True):
        player.home = home
    owner_of = {p.home: p.id for p in players}
    provinces = [
        start_province(mp, owner_of.get(mp.id, 0), NEUTRAL_ARM + NEUTRAL_RECRUITS)
        for mp in game_map.provinces
    ]
    oop = [p.id for p in players]
    rng.shuffle(oop)
    return WokState(
        setup.game,
        game_map.name,
        0,
        game_map.seats,
        players,
        provinces,
        oop,
        variant=setup.variant,
        started_with=len(players),
        protection=protection,
        protected=sorted(owner_of),
    )
