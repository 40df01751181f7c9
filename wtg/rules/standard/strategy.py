"""The built-in Standard WoK player for the tests and sample games (see
``wtg.rules.wok.strategy``): gold buys upgrades, some workers mine."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from wtg.rules.standard.phases.attacks import attacks_allowed
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.strategy import Style
from wtg.rules.wok.strategy import plan_orders as plan_with
from wtg.rules.wok.upgrades import UPGRADE_COSTS

UPGRADE_WISH = ("TECH", "LEV", "DEF", "EFF", "MIS", "SPY")


def _far(state: WokState, p: Province) -> Iterable[int]:
    near = set(p.neighbours)
    return sorted({m for n in near for m in state.province(n).neighbours} - near - {p.id})


def _upgrades(state: WokState, player: int) -> dict[str, Any]:
    gold = state.player(player).gold
    bought = []
    for cost, wish in zip(UPGRADE_COSTS, UPGRADE_WISH, strict=False):
        if gold < cost:
            break
        gold -= cost
        bought.append(wish)
    return {"upgrade": bought} if bought else {}


STYLE = Style(
    attacks=attacks_allowed,
    far_targets=_far,
    aims=("MIN", "MIS", "LEV", "SPY", "DEF", "EFF"),
    spy_ops=(5, 3),
    purchases=_upgrades,
)


def plan_orders(state: WokState, player: int, rng: random.Random) -> dict[str, Any]:
    return plan_with(state, player, rng, STYLE)
