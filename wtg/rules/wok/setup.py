"""Turn 0 in every WoK ruleset: a home province for each player, neutrals everywhere else."""

from __future__ import annotations

from wtg.core.provmap import MapProvince
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
)
from wtg.rules.wok.state import Province


def start_province(place: MapProvince, owner: int, neutral_armies: int = NEUTRAL_ARM) -> Province:
    """A player's home (DEF 1.0, 10 SPY, 24 WOK, 12 ARM at 1.750) or a neutral province
    (16 WOK, ``neutral_armies`` ARM at 1.000, 0.3 DEF), with the map's population."""
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
    )
