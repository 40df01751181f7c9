"""One WoK IV turn: the phase list, in the manual's order."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from wtg.core.ruleset import TurnResult
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.phases.endturn import alliances, missed_turns, next_order_of_play, quits
from wtg.rules.wok.phases.movement import movement
from wtg.rules.wok.phases.population import growth, neutral_recruits, transformations
from wtg.rules.wok.ruleset import run_turn_phases
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.phases.attacks import attacks
from wtg.rules.wok4.phases.bombing import aiming, bombing
from wtg.rules.wok4.phases.spying import spying
from wtg.rules.wok4.phases.trading import aims, tech_trades
from wtg.rules.wok4.phases.victory import game_end
from wtg.rules.wok4.phases.working import working

PHASES = (
    bombing,  # I
    attacks,  # II
    working,  # III: entropy, then the workers
    transformations,
    neutral_recruits,
    growth,
    movement,  # IV
    tech_trades,
    aims,  # V
    spying,  # VI
    alliances,
    quits,
    missed_turns,
    game_end,
    next_order_of_play,  # the end of the turn
)


FORECAST_PHASES = (aiming, working, transformations, growth, movement, tech_trades, aims)
"""The phases an order confirmation's forecast runs: those without chance (of the bombing,
its aim: which orders fly, and their missiles gone)."""


def resolve(state: WokState, orders: Mapping[int, Orders], rng: Random) -> TurnResult[WokState]:
    """Resolve the next turn from ``state``; ``state`` itself is left untouched."""
    return run_turn_phases(state, orders, rng, PHASES)
