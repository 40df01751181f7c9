"""PHASE II: attacks, one by one in the Order of Play."""

from __future__ import annotations

from wtg.core.plurals import counted
from wtg.rules.wok.limits import LEV_MAX, NEUTRAL_EFF
from wtg.rules.wok.orders import Attack
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.warfare import conquer, eliminate_if_last
from wtg.rules.wok4.combat import fight
from wtg.rules.wok4.constants import LEV_BONUS_EMPTY, LEV_BONUS_PER_ROUND
from wtg.rules.wok4.events import Battle

PHASE = "II attacks"


def attacks(turn: Turn) -> None:
    """Only the first N attack orders count; N was fixed by the tech points the turn began with.

    The orders were cut to N when they were accepted (``accept``), because the
    manual counts "the 5 first attack orders ... no matter if they are
    executable or not"; an unexecutable one is skipped here with its reason.
    """
    for player, orders in turn.players_in_order():
        for order in orders.attack:
            if not player.standing:
                break
            _attack(turn, player, order)


def _attack(turn: Turn, player: Player, order: Attack) -> None:
    sent = counted(order.armies, "army", "armies")
    text = f"attack {order.target} from {order.source} with {sent}"
    pair = turn.own_and_next(player.id, order.source, order.target, PHASE, text)
    if pair is None:
        return
    source, target = pair
    if target.owner == player.id:
        turn.skip(
            player.id, PHASE, text, f"province {turn.state.named(order.target)} is already yours"
        )
        return
    armies = min(order.armies, source.arm)
    if armies < 1:
        turn.skip(
            player.id, PHASE, text, f"no armies left in province {turn.state.named(order.source)}"
        )
        return
    source.arm -= armies
    battle(turn, player, source, target, armies)


def battle(turn: Turn, player: Player, source: Province, target: Province, armies: int) -> None:
    defender_id = target.owner
    defender_eff = turn.state.player(defender_id).eff if defender_id else NEUTRAL_EFF
    defenders = target.arm
    dfn_before = target.dfn
    result = fight(
        turn.rng, armies, source.lev, player.eff, defenders, target.lev, target.dfn, defender_eff
    )
    target.dfn = result.dfn_left
    bonus = 0
    if result.attacker_won:
        bonus = LEV_BONUS_PER_ROUND * result.rounds if defenders else LEV_BONUS_EMPTY
        conquer(
            turn.state, target, player.id, result.attackers_left, min(LEV_MAX, source.lev + bonus)
        )
    else:
        target.arm = result.defenders_left
    seen = frozenset({player.id, defender_id} - {0})
    turn.emit(
        Battle(
            attacker=player.id,
            defender=defender_id,
            source=source.id,
            province=target.id,
            armies=armies,
            defenders=defenders,
            rounds=result.rounds,
            attacker_losses=armies - result.attackers_left,
            defender_losses=defenders - result.defenders_left,
            dfn_lost=dfn_before - result.dfn_left,
            conquered=result.attacker_won,
            level_bonus=bonus,
            visible_to=seen,
        )
    )
    if result.attacker_won:
        eliminate_if_last(turn, defender_id, player.id, target.id)
