"""One Intermediate WoK turn: the phase list, in the text's order ("the order of the phases
is different" from Standard WoK's)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.events import Event
from wtg.core.ruleset import TurnResult
from wtg.rules.intermediate.constants import JUMP_TECH, SPY_OPS
from wtg.rules.intermediate.events import TroopBattle
from wtg.rules.intermediate.phases.bombing import aiming, bombing
from wtg.rules.intermediate.phases.growth import growth
from wtg.rules.intermediate.phases.troops import upgrade_troops
from wtg.rules.intermediate.phases.working import working
from wtg.rules.intermediate.view import empire_summary
from wtg.rules.wok.attacking import TROOPS, Fought, attack_phase
from wtg.rules.wok.espionage import spy_phase
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.phases.aims import change_aims
from wtg.rules.wok.phases.endturn import missed_turns, next_order_of_play, quits
from wtg.rules.wok.phases.entropy import entropy
from wtg.rules.wok.phases.movement import move_all
from wtg.rules.wok.phases.population import neutral_recruits, transform_all
from wtg.rules.wok.phases.victory import last_standing_or_vote, votes
from wtg.rules.wok.ruleset import run_turn_phases
from wtg.rules.wok.state import WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.upgrades import buy_upgrades


def upgrades(turn: Turn) -> None:
    """Phase 1: "The first upgrade of a turn costs 100 gold, the second 200 and the third 300
    gold" - first in the turn here."""
    buy_upgrades(turn, "1 upgrades", "GOLD")


def attacks(turn: Turn) -> None:
    """Phase 3, with troop kinds and the terrain bonus."""
    attack_phase(turn, "3 attacking", _troop_battle, TROOPS)


def transformations(turn: Turn) -> None:
    """Phase 6: "Transformations"."""
    transform_all(turn, "6 transformations")


MOVEMENT = "9 movement"


def movement(turn: Turn) -> None:
    """Phase 9: TRO and the troop kinds move too; at tech level 10 anywhere in the empire."""
    move_all(turn, MOVEMENT, jump_tech=JUMP_TECH)


def aims(turn: Turn) -> None:
    """Phase 10: "Each turn, a player can change the workers' aim in up to 4 provinces"."""
    change_aims(turn, "10 workers' aim")


def spying(turn: Turn) -> None:
    """Phase 11: "You may only use each spy operation once per target province per turn"."""
    spy_phase(turn, "11 spying", empire_summary, once_per_target=True, names=SPY_OPS)


def _troop_battle(fought: Fought) -> Event:
    return TroopBattle(
        attacker=fought.attacker,
        defender=fought.defender,
        source=fought.source,
        province=fought.province,
        armies=fought.armies,
        defenders=fought.defenders,
        rounds=fought.rounds,
        attacker_losses=fought.attacker_losses,
        defender_losses=fought.defender_losses,
        recovered=fought.recovered,
        conquered=fought.conquered,
        level_bonus=fought.level_bonus,
        visible_to=fought.seen_by,
        sent=fought.sent,
        defending=fought.defending,
        attackers_left=fought.attackers_left,
        defenders_left=fought.defenders_left,
        terrain=fought.terrain,
        attacker_bonus=fought.attacker_bonus,
        defender_bonus=fought.defender_bonus,
    )


PHASES = (
    upgrades,  # 1
    bombing,  # 2
    attacks,  # 3
    entropy,  # 4
    working,  # 5
    transformations,  # 6
    upgrade_troops,  # 7
    neutral_recruits,  # "Neutral provinces gain 2 armies each turn" (ruling: before growth)
    growth,  # 8
    movement,  # 9
    aims,  # 10
    spying,  # 11
    votes,
    quits,
    missed_turns,
    last_standing_or_vote,
    next_order_of_play,
)
FORECAST_PHASES = (
    upgrades,
    aiming,
    entropy,
    working,
    transformations,
    upgrade_troops,
    growth,
    movement,
    aims,
)
"""The phases an order confirmation's forecast runs: those without chance (of the bombing,
its aim: which orders fly, and their missiles gone; entropy, which costs the EFF the
workers then work with)."""


def resolve(state: WokState, orders: Mapping[int, Orders], rng: Random) -> TurnResult[WokState]:
    """Resolve the next turn from ``state``; ``state`` itself is left untouched. "If the
    number converted is not a multiple of the ratio, the extra will be lost"."""
    return run_turn_phases(state, orders, rng, PHASES, waste_remainder=True)
