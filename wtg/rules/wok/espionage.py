"""Spying as Standard and Intermediate WoK have it: spies reach the target, evade its spies,
try their mission, and the successful ones come home. Each ruleset runs ``spy_phase`` in its
own place of the turn (Standard: phase 10, Intermediate: phase 11)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping

from wtg.core.jsondata import JsonObject
from wtg.core.rng import chance, roll
from wtg.rules.wok.events import SpiedUpon, SpyReport
from wtg.rules.wok.limits import SPY_MAX
from wtg.rules.wok.orders import SpyOp
from wtg.rules.wok.protection import forbidden
from wtg.rules.wok.state import Player, Province, WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.view import totals

SPY_ORDERS = 5
SPY_PROVINCE, SPY_PLAYER, PROPAGANDA, FALSE_ORDERS, STEAL_GOLD = 1, 2, 3, 4, 5
OP_NAMES = {
    SPY_PROVINCE: "spy province",
    SPY_PLAYER: "spy player",
    PROPAGANDA: "spread propaganda",
    FALSE_ORDERS: "false orders",
    STEAL_GOLD: "steal gold",
}
PROPAGANDA_EFF = 2
GOLD_PER_THIEF = 10

EmpireView = Callable[[WokState, Player], JsonObject]
"""What Spy Player shows of an empire."""


def empire_summary(state: WokState, victim: Player) -> JsonObject:
    """ "See the total POP, WOK, ARM, MIS and SPY, along with the average LEV and DEF for the
    player's empire ... Also see the player's EFF, GOLD and Tech Level"."""
    summary: JsonObject = {**vars(totals(list(state.provinces_of(victim.id))))}
    summary.update(eff=victim.eff, gold=victim.gold, tech=victim.tech)
    return summary


def spy_phase(
    turn: Turn,
    phase: str,
    empire_of: EmpireView = empire_summary,
    once_per_target: bool = False,
    names: Mapping[int, str] = OP_NAMES,
) -> None:
    """Every player's first 5 spy orders, in the Order of Play. ``once_per_target``
    (Intermediate): "You may only use each spy operation once per target province per
    turn" - an operation is used once spies were sent on it; a repeat is skipped.
    ``names``: the operations as the ruleset's report names them."""
    for player, orders in turn.players_in_order():
        used: set[tuple[int, int]] = set()
        for order in orders.spy[:SPY_ORDERS]:
            if once_per_target and (order.op, order.target) in used:
                turn.skip(
                    player.id,
                    phase,
                    _text(order, names),
                    f"{names[order.op]} was already used on province"
                    f" {turn.state.named(order.target)} this turn (no spies sent)",
                )
                continue
            if _spy(turn, phase, player, order, empire_of, _text(order, names)):
                used.add((order.op, order.target))


def _text(order: SpyOp, names: Mapping[int, str] = OP_NAMES) -> str:
    return f"{names.get(order.op, f'op {order.op}')} in {order.target} from {order.source}"


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


def _spy(
    turn: Turn, phase: str, player: Player, order: SpyOp, empire_of: EmpireView, text: str
) -> bool:
    """One operation (``text``: the order as a skipped line names it); True when spies
    were sent on it."""
    source = turn.own_or_skip(player.id, order.source, phase, text)
    if source is None:
        return False
    target = turn.state.province(order.target)
    reason = _not_executable(turn, player, order, source, target)
    if reason:
        turn.skip(player.id, phase, text, reason + " (no spies sent)")
        return False
    spies = min(order.spies, source.spy)
    source.spy -= spies
    near = short_range(turn.state, source.id, target.id)
    arrived = spies if near else sum(chance(turn.rng, player.eff) for _ in range(spies))
    victim = turn.state.player(target.owner)
    through = _evade(turn, arrived, player.eff, target.spy, victim.eff)
    success, returned, effect, learned, empire = _mission(
        turn, player, order.op, through, target, victim, empire_of
    )
    source.spy = min(SPY_MAX, source.spy + returned)
    turn.emit(
        SpyReport(
            player=player.id,
            source=source.id,
            target=target.id,
            target_owner=victim.id,
            op=order.op,
            spies=spies,
            success=success,
            visible_to=frozenset({player.id}),
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
            op=order.op,
            caught=arrived - through,
            success=success,
            effect=effect,
            visible_to=frozenset({victim.id}),
        )
    )
    return True


def _not_executable(
    turn: Turn, player: Player, order: SpyOp, source: Province, target: Province
) -> str:
    if order.op not in OP_NAMES:
        return "no such operation"
    if target.owner == 0:
        return "spying only works on other players, not neutral provinces"
    if target.owner == player.id:
        return f"province {turn.state.named(target.id)} is yours"
    if source.spy < 1:
        return f"no spies left in province {turn.state.named(source.id)}"
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
    target: Province,
    victim: Player,
    empire_of: EmpireView,
) -> tuple[bool, int, int, tuple[JsonObject, ...], JsonObject | None]:
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
            return (True, spies - tried, *_succeed(turn, op, target, victim, empire_of))
    return False, 0, 0, (), None


def _succeed(
    turn: Turn, op: int, target: Province, victim: Player, empire_of: EmpireView
) -> tuple[int, tuple[JsonObject, ...], JsonObject | None]:
    if op == SPY_PROVINCE:
        return 0, (target.to_dict(),), None
    if op == SPY_PLAYER:
        return 0, (), empire_of(turn.state, victim)
    if op == PROPAGANDA:
        before = victim.eff
        victim.change_eff(-PROPAGANDA_EFF)
        return before - victim.eff, (), None
    if op == FALSE_ORDERS:
        target.idle = True
        return 1, (), None
    return 0, (), None
