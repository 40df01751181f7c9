"""Phase 8, growth: "Percentage Increase = 100 * e-POP / 100"."""

from __future__ import annotations

import math

from wtg.rules.intermediate.constants import GROWTH_SCALE
from wtg.rules.wok.phases.population import grow
from wtg.rules.wok.turn import Turn


def growth_of(pop: int) -> int:
    """The new population: pop x (100 x e^(-pop/100))%, i.e. pop x e^(-pop/100), rounded
    down (ruling, as in Standard WoK). Never a whole number but at 0, so the rounding cannot
    tip over between machines."""
    return math.floor(pop * math.exp(-pop / GROWTH_SCALE))


def growth(turn: Turn) -> None:
    grow(turn, growth_of)
