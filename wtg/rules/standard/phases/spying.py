"""Phase 10, spying: spies reach the target, evade its spies, try their mission, and the
successful ones come home."""

from __future__ import annotations

from collections import deque
from typing import Any

from wtg.core.rng import chance, roll
from wtg.rules.standard.constants import (
    FALSE_ORDERS,
    GOLD_PER_THIEF,
    OP_NAMES,
    PROPAGANDA,
    PROPAGANDA_EFF,
    SPY_ORDERS,
    SPY_PLAYER,
    SPY_PROVINCE,
    STEAL_GOLD,
)
from wtg.rules.standard.events import SpiedUpon, SpyReport
from wtg.rules.standard.protection import forbidden
from wtg.rules.wok.events import operation_fields
from wtg.rules.wok.limits import SPY_MAX
from wtg.rules.wok.orders import SpyOp
from wtg.rules.wok.state import Player, Province, WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.view import totals

PHASE = "10 spying"


def spying(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for order in orders.spy[:SPY_ORDERS]:
            _spy(turn, player, order)


def short_range(state: WokState, source: int, target: int) -> bool:
    """ "If the target neighbours your empire (or the part of your empire the spies are in if
    it's been broken up)": the player's provinces connected to the source."""
    owner = state.province(source).owner
    seen = {source}
    queue = deque([source])
    while queue:
        here = state.province(queue.popleft())
        if target in here.neighbours:
            return True
        for n in here.neighbours:
            if n not in seen and state.province(n).owner == owner:
                seen.add(n)
                queue.append(n)
    return False


def _spy(turn: Turn, player: Player, order: SpyOp) -> None:
    text = f"{OP_NAMES.get(order.op, f'op {order.op}')} in {order.target} from {order.source}"
    source = turn.own_or_skip(player.id, order.source, PHASE, text)
    if source is None:
        return
    target = turn.state.province(order.target)
    reason = _not_executable(turn, player, order, source, target)
    if reason:
        turn.skip(player.id, PHASE, text, reason + " (no spies sent)")
        return
    spies = min(order.spies, source.spy)
    source.spy -= spies
    near = short_range(turn.state, source.id, target.id)
    arrived = spies if near else sum(chance(turn.rng, player.eff) for _ in range(spies))
    victim = turn.state.player(target.owner)
    through = _evade(turn, arrived, player.eff, target.spy, victim.eff)
    success, returned, effect, learned, empire = _mission(
        turn, player, order.op, through, source, target, victim
    )
    source.spy = min(SPY_MAX, source.spy + returned)
    turn.emit(
        SpyReport(
            **operation_fields(
                player.id, source.id, target.id, victim.id, order.op, spies, success
            ),
            short_range=near,
            arrived=arrived,
            caught=arrived - through,
            returned=returned,
            effect=effect,
            provinces=learned,
            empire=empire,
        )
    )
    turn.emit(
        SpiedUpon(
            player=victim.id,
            province=target.id,
            op=order.op if success else 0,
            caught=arrived - through,
            success=success,
            effect=effect,
            visible_to=frozenset({victim.id}),
        )
    )


def _not_executable(
    turn: Turn, player: Player, order: SpyOp, source: Province, target: Province
) -> str:
    if order.op not in OP_NAMES:
        return "no such operation"
    if target.owner == 0:
        return "spying only works on other players, not neutral provinces"
    if target.owner == player.id:
        return f"province {target.id} is yours"
    if source.spy < 1:
        return f"no spies left in province {source.id}"
    return forbidden(turn, player.id, target.id)


def _evade(turn: Turn, spies: int, eff: int, guards: int, guard_eff: int) -> int:
    """ "They roll EFF against the enemy spies until one group is exhausted, much like in
    combat" and "Defensive spies are not removed by counter espionage but attacking spies are":
    a lost roll costs an attacking spy; a won roll gets past one guard (ties: nothing)."""
    while spies and guards:
        mine, theirs = roll(turn.rng, eff), roll(turn.rng, guard_eff)
        if mine < theirs:
            spies -= 1
        elif theirs < mine:
            guards -= 1
    return spies


def _mission(
    turn: Turn,
    player: Player,
    op: int,
    spies: int,
    source: Province,
    target: Province,
    victim: Player,
) -> tuple[bool, int, int, tuple[dict[str, Any], ...], dict[str, Any] | None]:
    """ "Each spy has an EFF% chance of succeeding in the mission. For the first four
    operations, all surviving spies will return as soon as one succeeds. For Steal Gold, each
    spy will attempt to steal in turn." Ruling: a spy who fails is lost.
    Returns (success, spies home, effect, provinces learned, empire learned)."""
    if op == STEAL_GOLD:
        home = stolen = 0
        for _ in range(spies):
            if chance(turn.rng, player.eff):
                take = min(GOLD_PER_THIEF, victim.gold)
                victim.gold -= take
                player.gold += take
                stolen += take
                home += 1
        return home > 0, home, stolen, (), None
    for tried in range(spies):
        if chance(turn.rng, player.eff):
            return (True, spies - tried, *_succeed(turn, op, target, victim))
    return False, 0, 0, (), None


def _succeed(
    turn: Turn, op: int, target: Province, victim: Player
) -> tuple[int, tuple[dict[str, Any], ...], dict[str, Any] | None]:
    if op == SPY_PROVINCE:
        return 0, (target.to_dict(),), None
    if op == SPY_PLAYER:
        summary = vars(totals(list(turn.state.provinces_of(victim.id))))
        summary.update(eff=victim.eff, gold=victim.gold, tech=victim.tech)
        return 0, (), summary
    if op == PROPAGANDA:
        before = victim.eff
        victim.change_eff(-PROPAGANDA_EFF)
        return before - victim.eff, (), None
    if op == FALSE_ORDERS:
        target.idle = True
        return 1, (), None
    return 0, (), None
