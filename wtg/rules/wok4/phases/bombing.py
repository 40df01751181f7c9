"""PHASE I: bombing. Each missile separately may hit armies, spies, defenses or tech points."""

from __future__ import annotations

import random

from wtg.core.rng import chance, roll
from wtg.rules.wok.orders import Bomb
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import Hits, report_bombing
from wtg.rules.wok4.constants import (
    BOMB_ARMIES,
    BOMB_DEF,
    BOMB_DETECT_PER_SPY,
    BOMB_ORDERS,
    BOMB_SPIES,
    BOMB_TECH,
    CHANCE_MAX,
    DETECT_MIN,
)
from wtg.rules.wok4.reach import bomb_range

PHASE = "I bombing"


def bombing(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for order in orders.bomb[:BOMB_ORDERS]:
            _bomb(turn, player, order)


def bomb_chance(eff: int, long_range: bool) -> int:
    """Manual section 7: EFF at short range, 3/4 of it (rounded down) at long range."""
    return eff * 3 // 4 if long_range else eff


def _bomb(turn: Turn, player: Player, order: Bomb) -> None:
    text = f"bomb {order.target} from {order.source} with {order.missiles} missiles"
    source = turn.own_or_skip(player.id, order.source, PHASE, text)
    if source is None:
        return
    reach = bomb_range(turn.state, order.source, order.target)
    if reach is None:
        turn.skip(player.id, PHASE, text, f"province {order.target} is out of range")
        return
    target = turn.state.province(order.target)
    if target.owner == player.id:
        turn.skip(player.id, PHASE, text, f"province {order.target} is yours")
        return
    missiles = min(order.missiles, source.mis)
    if missiles < 1:
        turn.skip(player.id, PHASE, text, f"no missiles left in province {order.source}")
        return
    source.mis -= missiles
    hit_chance = bomb_chance(player.eff, reach == "long")
    _fire(turn, player, source, target, missiles, hit_chance, reach == "long")


def _fire(
    turn: Turn,
    player: Player,
    source: Province,
    target: Province,
    missiles: int,
    hit_chance: int,
    long_range: bool,
) -> None:
    rng = turn.rng
    owner = turn.state.player(target.owner) if target.owner else None
    watchers = target.spy
    hits = Hits()
    for _ in range(missiles):
        if chance(rng, hit_chance):
            _hit(rng, target, owner, hits)
        else:
            hits.misses += 1
    detected = False
    if owner is not None:
        detect = min(CHANCE_MAX, max(DETECT_MIN, BOMB_DETECT_PER_SPY * watchers))
        detected = chance(rng, detect)
    report_bombing(turn, player, source, target, missiles, long_range, hit_chance, hits, detected)


def _hit(rng: random.Random, target: Province, owner: Player | None, hits: Hits) -> None:
    """ "can at random hit only the following targets": armies, defenses, spies, tech level.

    A hit never takes more than there is; a tech hit on a neutral province is wasted.
    """
    kind = roll(rng, 3)
    if kind == 0:
        killed = min(target.arm, BOMB_ARMIES[0] + roll(rng, BOMB_ARMIES[1] - BOMB_ARMIES[0]))
        target.arm -= killed
        hits.armies += killed
    elif kind == 1:
        killed = min(target.spy, BOMB_SPIES[0] + roll(rng, BOMB_SPIES[1] - BOMB_SPIES[0]))
        target.spy -= killed
        hits.spies += killed
    elif kind == 2:
        lost = min(target.dfn, BOMB_DEF)
        target.dfn -= lost
        hits.dfn += lost
    elif owner is not None:
        lost = min(owner.tech, BOMB_TECH[0] + roll(rng, BOMB_TECH[1] - BOMB_TECH[0]))
        owner.tech -= lost
        hits.tech += lost
