"""PHASE VI: spying and covert operations."""

from __future__ import annotations

from wtg.core.jsondata import JsonObject
from wtg.core.rng import chance
from wtg.rules.wok.limits import POP_MAX
from wtg.rules.wok.orders import SpyOp
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn, clamp
from wtg.rules.wok4.constants import (
    BOMB_DETECT_PER_SPY,
    CHANCE_MAX,
    DEF_PER_DEF_HIT,
    DETECT_MIN,
    EFF_SPY_FAILURE,
    EFF_SPY_PLAYER_FAILURE,
    EFF_SPY_PLAYER_SUCCESS,
    EFF_SPY_SUCCESS,
    EFF_VICTIM_FOILED,
    EFF_VICTIM_FOILED_PLAYER,
    EFF_VICTIM_LOSS,
    MIS_PER_SABOTEUR,
    POP_PER_THIEF,
    SABOTAGE_PENALTY,
    SPIES_PER_DEF_HIT,
    SPY_NEIGHBOUR_PER_SPY,
    SPY_ORDERS,
)
from wtg.rules.wok4.events import SpiedUpon, SpyReport
from wtg.rules.wok4.reach import adjacent

PHASE = "VI spying"
SPY_PROVINCE, SPY_PLAYER, SABOTAGE_MISSILES, SABOTAGE_DEFENSES, STEAL_POPULATION = 1, 2, 3, 4, 5
TAKING = frozenset({SABOTAGE_MISSILES, SABOTAGE_DEFENSES, STEAL_POPULATION})
"""The operations that destroy or steal: one that takes nothing is not successful."""
OP_NAMES = {
    SPY_PROVINCE: "spy a province",
    SPY_PLAYER: "spy a player",
    SABOTAGE_MISSILES: "sabotage missiles",
    SABOTAGE_DEFENSES: "sabotage defenses",
    STEAL_POPULATION: "steal population",
}


def spying(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for order in orders.spy[:SPY_ORDERS]:
            _spy(turn, player, order)


def spy_chance(op: int, eff: int, spies: int, neighbour: bool) -> int:
    """Manual PHASE VI, as a percentage capped at 99 (ruling: and at least 1)."""
    if op == SPY_PROVINCE:
        percent = eff + SPY_NEIGHBOUR_PER_SPY * spies if neighbour else eff * 3 // 4
    elif op == SPY_PLAYER:
        percent = (eff + spies) // 2
    else:
        percent = eff - SABOTAGE_PENALTY
    return clamp(percent, DETECT_MIN, CHANCE_MAX)


def _spy(turn: Turn, player: Player, order: SpyOp) -> None:
    text = f"{OP_NAMES.get(order.op, 'op ' + str(order.op))} in {order.target} from {order.source}"
    reason = _not_executable(turn, player, order)
    if reason:
        turn.skip(player.id, PHASE, text, reason + " (no spies lost)")
        return
    source = turn.state.province(order.source)
    target = turn.state.province(order.target)
    spies = min(order.spies, source.spy)
    source.spy -= spies
    neighbour = adjacent(turn.state, source.id, target.id)
    percent = spy_chance(order.op, player.eff, spies, neighbour)
    rng = turn.rng
    success = chance(rng, percent)
    caught = chance(rng, min(CHANCE_MAX, target.spy))
    # "triple that chance": no 1% floor here; the manual gives one for bombing only
    detected = chance(rng, min(CHANCE_MAX, BOMB_DETECT_PER_SPY * target.spy))
    victim = turn.state.player(target.owner)
    learned: tuple[JsonObject, ...] = ()
    seen_eff, seen_tech = victim.eff, victim.tech
    effect = 0
    if success:
        effect = _operate(order.op, spies, source, target)
        learned = _learn(turn, order.op, target)
    # "If however you use spies and are not successful (like stealing Population from a
    # province that hasnt any or using less spies than required with a "sabotage defenses"
    # order)": a sabotage or theft that took nothing failed, and costs EFF as a failure
    found_nothing = success and order.op in TAKING and effect == 0
    success = success and not found_nothing
    mine, theirs = _eff_changes(order.op, success, caught, detected)
    player.change_eff(mine)
    victim.change_eff(theirs)
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
            chance=percent,
            caught=caught,
            detected=detected,
            effect=effect,
            eff_change=mine,
            provinces=learned,
            target_eff=seen_eff if success and order.op == SPY_PLAYER else 0,
            target_tech=seen_tech if success and order.op == SPY_PLAYER else 0,
            found_nothing=found_nothing,
        )
    )
    turn.emit(
        SpiedUpon(
            player=victim.id,
            province=target.id,
            op=order.op,
            success=success,
            caught=caught,
            effect=effect,
            eff_change=theirs,
            source=source.id if detected else 0,
            spymaster=player.id if detected else 0,
            found_nothing=found_nothing,
            visible_to=frozenset({victim.id}),
        )
    )


def _not_executable(turn: Turn, player: Player, order: SpyOp) -> str:
    if turn.owned(order.source, player.id) is None:
        return turn.not_yours(order.source, player.id)
    target = turn.state.province(order.target)
    if target.owner == 0:
        return f"province {turn.state.named(order.target)} is neutral: no spying on neutrals"
    if target.owner == player.id:
        return f"province {turn.state.named(order.target)} is yours"
    if order.op != SPY_PROVINCE and not adjacent(turn.state, order.source, order.target):
        return f"{OP_NAMES[order.op]} needs a neighbour of {turn.state.named(order.source)}"
    if turn.state.province(order.source).spy < 1:
        return f"no spies left in province {turn.state.named(order.source)}"
    return ""


def _operate(op: int, spies: int, source: Province, target: Province) -> int:
    """What a successful operation does; returns the missiles, defense tenths or POP taken."""
    if op == SABOTAGE_MISSILES:
        destroyed = min(target.mis, MIS_PER_SABOTEUR * spies)
        target.mis -= destroyed
        return destroyed
    if op == SABOTAGE_DEFENSES:
        destroyed = min(target.dfn, DEF_PER_DEF_HIT * (spies // SPIES_PER_DEF_HIT))
        target.dfn -= destroyed
        return destroyed
    if op == STEAL_POPULATION:
        stolen = min(target.pop, POP_PER_THIEF * spies)
        target.pop -= stolen
        source.pop = min(POP_MAX, source.pop + stolen)
        return stolen
    return 0


def _learn(turn: Turn, op: int, target: Province) -> tuple[JsonObject, ...]:
    if op == SPY_PROVINCE:
        return (target.to_dict(),)
    if op == SPY_PLAYER:
        return tuple(p.to_dict() for p in turn.state.provinces_of(target.owner))
    return ()


def _eff_changes(op: int, success: bool, caught: bool, detected: bool) -> tuple[int, int]:
    """EFF points won or lost by the spymaster and the victim (ruling, docs/rules/wok4.md)."""
    if success:
        mine = EFF_SPY_PLAYER_SUCCESS if op == SPY_PLAYER else EFF_SPY_SUCCESS
        theirs = -EFF_VICTIM_LOSS + int(caught) + int(detected)
        return mine, theirs
    mine = -(EFF_SPY_PLAYER_FAILURE if op == SPY_PLAYER else EFF_SPY_FAILURE)
    theirs = EFF_VICTIM_FOILED_PLAYER if op == SPY_PLAYER else EFF_VICTIM_FOILED
    return mine, theirs
