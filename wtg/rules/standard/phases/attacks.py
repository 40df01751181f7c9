"""Phase 2, attacking: "Only valid orders count towards your attack limit"."""

from __future__ import annotations

from wtg.rules.standard.combat import attack_top, defense_top, fight
from wtg.rules.standard.constants import (
    ATTACK_LINES,
    ATTACKS_BASE,
    ATTACKS_MAX,
    LEV_GAIN_ATTACKER_WINS,
    LEV_GAIN_DEFENDER_WINS,
    LEV_GAIN_EMPTY,
)
from wtg.rules.standard.events import Battle
from wtg.rules.standard.protection import forbidden
from wtg.rules.wok.limits import LEV_MAX, NEUTRAL_EFF
from wtg.rules.wok.orders import Attack
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import conquer, eliminate_if_last

PHASE = "2 attacking"


def attacks_allowed(tech_level: int) -> int:
    """Three attacks at the start; "Increasing your tech level will unlock additional attacks,
    up to a maximum of seven": one more a tech level (ruling)."""
    return min(ATTACKS_MAX, ATTACKS_BASE + tech_level)


def attacks(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        allowed = attacks_allowed(player.tech)
        done = 0
        for order in orders.attack[:ATTACK_LINES]:
            if done == allowed or not player.standing:
                break
            done += _attack(turn, player, order)


def _attack(turn: Turn, player: Player, order: Attack) -> bool:
    """True when the order was valid (and so counts toward the limit)."""
    text = f"attack {order.target} from {order.source} with {order.armies} armies"
    pair = turn.own_and_next(player.id, order.source, order.target, PHASE, text)
    if pair is None:
        return False
    source, target = pair
    reason = (
        "it is already yours"
        if target.owner == player.id
        else forbidden(turn, player.id, target.id)
    )
    armies = min(order.armies, source.arm)
    if not reason and armies < 1:
        reason = f"no armies left in province {source.id}"
    if reason:
        turn.skip(player.id, PHASE, text, reason + " (ignored: it does not count)")
        return False
    source.arm -= armies
    battle(turn, player, source, target, armies)
    return True


def battle(turn: Turn, player: Player, source: Province, target: Province, armies: int) -> None:
    defender = target.owner
    def_eff = turn.state.player(defender).eff if defender else NEUTRAL_EFF
    defenders = target.arm
    result = fight(
        turn.rng,
        armies,
        attack_top(source.lev, player.eff),
        defenders,
        defense_top(target.lev, target.dfn, def_eff),
    )
    if not defenders:
        bonus = LEV_GAIN_EMPTY // source.lev
    elif result.attacker_won:
        bonus = LEV_GAIN_ATTACKER_WINS * result.rounds
    else:
        bonus = LEV_GAIN_DEFENDER_WINS * result.rounds
    if result.attacker_won:
        conquer(target, player.id, result.attackers_left, min(LEV_MAX, source.lev + bonus))
        if player.robot:
            player.last_taken = target.id
    else:
        target.arm = result.defenders_left
        target.lev = min(LEV_MAX, target.lev + bonus)
    turn.emit(
        Battle(
            attacker=player.id,
            defender=defender,
            source=source.id,
            province=target.id,
            armies=armies,
            defenders=defenders,
            rounds=result.rounds,
            attacker_losses=armies - result.attackers_left if result.attacker_won else armies,
            defender_losses=defenders - result.defenders_left
            if not result.attacker_won
            else defenders,
            recovered=result.recovered,
            conquered=result.attacker_won,
            level_bonus=bonus,
            visible_to=frozenset({player.id, defender} - {0}),
        )
    )
    if result.attacker_won:
        eliminate_if_last(turn, defender, player.id, target.id)
