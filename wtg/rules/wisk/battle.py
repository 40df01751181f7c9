"""Attacking and occupying: dice, one round, one attack order played to its end."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from wtg.core.plurals import counted
from wtg.rules.wisk.constants import (
    ATTACK_DICE,
    DEFENCE_DICE,
    DIE_FACES,
    STAY_BEHIND,
    TIES_ATTACKER,
)
from wtg.rules.wisk.events import Battle
from wtg.rules.wisk.orders import Attack
from wtg.rules.wisk.turn import Turn

Dice = tuple[int, ...]


def roll(rng: Random, count: int) -> Dice:
    """``count`` dice, highest first."""
    return tuple(sorted((rng.randint(1, DIE_FACES) for _ in range(count)), reverse=True))


def compare(attack: Dice, defence: Dice, ties: str) -> tuple[int, int]:
    """(attacker's losses, defender's losses) of one roll: "Only the same number of dice
    rolling result will be counted from both sides, comparied with the biggest dices.
    Offender will lose an army if the the dice rolled is less than the defender, otherwise
    the defender will loss an army." (``ties`` = "defender": the classic rule, a tie
    goes to the defender.)"""
    lost_attack = lost_defence = 0
    for mine, theirs in zip(attack, defence, strict=False):
        if mine < theirs or (mine == theirs and ties != TIES_ATTACKER):
            lost_attack += 1
        else:
            lost_defence += 1
    return lost_attack, lost_defence


def attack_dice(armies: int, wanted: int) -> int:
    """ "The offender can choose 1 to 3 armies ... the maximum available armies for attacking
    should be the number of armies available in that territory less one." """
    return max(0, min(wanted, ATTACK_DICE, armies - STAY_BEHIND))


def defence_dice(armies: int) -> int:
    """The defender "can choose 1 to 2 armies": by mail he always rolls the most he may."""
    return min(DEFENCE_DICE, armies)


def attack_problem(turn: Turn, order: Attack) -> str:
    """Why an attack order cannot start now ("" when it can)."""
    state, pid = turn.state, turn.player
    if state.owner(order.source) != pid:
        return f"territory {state.board.named(order.source)} is not yours"
    source, target = state.board.named(order.source), state.board.named(order.target)
    if state.owner(order.target) == pid:
        return f"territory {target} is already yours"
    if order.target not in state.board.site(order.source).neighbours:
        return f"territory {target} is not next to {source}"
    stop = max(order.until, STAY_BEHIND)
    armies = state.armies(order.source)
    if armies <= stop:
        has = counted(armies, "army", "armies")
        return f"territory {source} has {has}, and the order stops at {stop}"
    return ""


def fight(turn: Turn, order: Attack, on_conquest: Callable[[int, int], None]) -> None:
    """Roll until the target falls or the source is down to ``until`` armies (at least 1
    stays), then occupy: "at least the attacked dice number armies" move in.
    ``on_conquest(target, defender)`` runs after the armies moved."""
    problem = attack_problem(turn, order)
    if problem:
        turn.skip(order.describe(), problem)
        return
    state, pid = turn.state, turn.player
    source, target = state.holding(order.source), state.holding(order.target)
    defender = target.owner
    stop = max(order.until, STAY_BEHIND)
    rolls: list[tuple[Dice, Dice]] = []
    lost = killed = dice = 0
    while source.armies > stop and target.armies > 0:
        dice = attack_dice(source.armies, max(order.dice, 1))
        mine, theirs = roll(turn.rng, dice), roll(turn.rng, defence_dice(target.armies))
        a_loss, d_loss = compare(mine, theirs, state.options.ties)
        source.armies -= a_loss
        target.armies -= d_loss
        lost, killed = lost + a_loss, killed + d_loss
        rolls.append((mine, theirs))
    moved = 0
    if target.armies == 0:
        moved = max(dice, min(order.move, source.armies - STAY_BEHIND))
        target.owner, target.armies = pid, moved
        source.armies -= moved
    turn.emit(
        Battle(
            attacker=pid,
            defender=defender,
            source=order.source,
            target=order.target,
            rolls=tuple(rolls),
            attacker_losses=lost,
            defender_losses=killed,
            conquered=bool(moved),
            moved=moved,
            left=source.armies,
            asked=order.move if 0 < order.move < moved else None,
            public=True,
        )
    )
    if moved:
        on_conquest(order.target, defender)
