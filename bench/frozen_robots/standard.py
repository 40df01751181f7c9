"""The built-in Standard WoK player as it was before round 31 (wtg/rules/standard/strategy.py
at commit ee515b67), frozen: the yardstick the live player is measured against
(tests/rules/standard/test_player_strength.py). It is the shared WoK player
(``bench/frozen_robots/wok_player.py``) with Standard's old style: it attacks only with more
armies than twice the target's strength plus 4. Keep it as it is when the live player
changes."""

from __future__ import annotations

from random import Random

from bench.frozen_robots.wok_player import gold_style
from bench.frozen_robots.wok_player import plan_orders as plan_with
from wtg.core.jsondata import JsonObject
from wtg.rules.wok.state import WokState

STYLE = gold_style(
    ("MIN", "MIS", "LEV", "SPY", "DEF", "EFF"), ("TECH", "LEV", "DEF", "EFF", "MIS", "SPY")
)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    return plan_with(state, player, rng, STYLE)
