"""The built-in WoK IV player as it was before round 34 (wtg/rules/wok4/strategy.py at commit
effe0bd9), frozen: the yardstick the live player is measured against (bench/bench_robots.py,
tests/rules/wok4/test_player_strength.py). It is the shared WoK player
(``bench/frozen_robots/wok_player.py``) with WoK IV's style: it attacks only with more armies
than twice the target's strength plus 4. Keep it as it is when the live player changes."""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from bench.frozen_robots.wok_player import Style
from bench.frozen_robots.wok_player import plan_orders as plan_with
from wtg.core.jsondata import JsonObject
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok4.reach import attacks_allowed, bomb_range

FROZEN_AT = "effe0bd9"


def _far(state: WokState, p: Province) -> Iterable[int]:
    return (
        n for n in range(p.id - 3, p.id + 4) if state.has_province(n) and bomb_range(state, p.id, n)
    )


def _trades(state: WokState, player: int) -> JsonObject:
    me = state.player(player)
    trades = [350] if me.tech >= 600 else [250] if me.tech >= 250 and me.eff < 40 else []
    return {"trade": [*trades]} if trades else {}


STYLE = Style(
    attacks=attacks_allowed,
    far_targets=_far,
    aims=("TECH", "MIS", "LEV", "SPY", "DEF", "EFF"),
    spy_ops=(5, 1),
    purchases=_trades,
)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    return plan_with(state, player, rng, STYLE)
