"""One Standard WoK turn: the phase list, in the text's order."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.ruleset import TurnResult
from wtg.rules.standard.phases.attacks import attacks
from wtg.rules.standard.phases.bombing import aiming, bombing
from wtg.rules.standard.phases.spying import spying
from wtg.rules.standard.phases.upgrades import upgrades
from wtg.rules.standard.phases.victory import game_end, rips, votes
from wtg.rules.standard.phases.working import working
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.phases.aims import change_aims
from wtg.rules.wok.phases.endturn import alliances, missed_turns, next_order_of_play, quits
from wtg.rules.wok.phases.entropy import entropy
from wtg.rules.wok.phases.movement import move_all
from wtg.rules.wok.phases.population import growth, neutral_recruits, transform_all
from wtg.rules.wok.ruleset import run_turn_phases
from wtg.rules.wok.state import WokState
from wtg.rules.wok.turn import Turn


def transformations(turn: Turn) -> None:
    """Phase 5: "Transformations"."""
    transform_all(turn, "5 transformations")


MOVEMENT = "7 movement"


def movement(turn: Turn) -> None:
    """Phase 7: "Movement"."""
    move_all(turn, MOVEMENT)


def aims(turn: Turn) -> None:
    """Phase 8: "Each turn, a player can change the workers' aim in up to 4 provinces"."""
    change_aims(turn, "8 workers' aim")


PHASES = (
    bombing,  # 1
    attacks,  # 2
    entropy,  # 3
    working,  # 4
    transformations,  # 5
    neutral_recruits,  # "Neutral provinces gain 2 armies each turn" (ruling: before growth)
    growth,  # 6
    movement,  # 7
    aims,  # 8
    upgrades,  # 9
    spying,  # 10
    alliances,
    votes,
    quits,
    missed_turns,
    rips,
    game_end,
    next_order_of_play,
)
FORECAST_PHASES = (aiming, entropy, working, transformations, growth, movement, aims, upgrades)
"""The phases an order confirmation's forecast runs: those without chance (of the bombing,
its aim: which orders fly, and their missiles gone; entropy, which costs the EFF the
workers then work with)."""


def resolve(state: WokState, orders: Mapping[int, Orders], rng: Random) -> TurnResult[WokState]:
    """Resolve the next turn from ``state``; ``state`` itself is left untouched."""
    return run_turn_phases(state, orders, rng, PHASES, waste_remainder=True)
