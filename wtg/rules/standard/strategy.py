"""The built-in Standard WoK player for the tests and sample games (see
``wtg.rules.wok.strategy``): gold buys upgrades, some workers mine."""

from __future__ import annotations

from random import Random

from wtg.core.jsondata import JsonObject
from wtg.rules.wok.state import WokState
from wtg.rules.wok.strategy import gold_style
from wtg.rules.wok.strategy import plan_orders as plan_with

UPGRADE_WISH = ("TECH", "LEV", "DEF", "EFF", "MIS", "SPY")


STYLE = gold_style(("MIN", "MIS", "LEV", "SPY", "DEF", "EFF"), UPGRADE_WISH)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    return plan_with(state, player, rng, STYLE)
