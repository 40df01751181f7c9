"""Who can reach whom: adjacency, long-range bombing by province number, attack counts."""

from __future__ import annotations

from wtg.rules.wok.state import WokState
from wtg.rules.wok4.constants import ATTACKS_BY_TECH, LONG_RANGE_REACH


def adjacent(state: WokState, a: int, b: int) -> bool:
    return b in state.province(a).neighbours


def bomb_range(state: WokState, source: int, target: int) -> str | None:
    """ "short" for a neighbour, "long" for a province numbered -3..+3, else None.

    Ruling: a neighbour that is also within -3..+3 is short range (the better chance).
    """
    if not (state.has_province(source) and state.has_province(target)):
        return None
    if adjacent(state, source, target):
        return "short"
    if source != target and abs(source - target) <= LONG_RANGE_REACH:
        return "long"
    return None


def attacks_allowed(tech: int) -> int:
    """Manual section 6: 0-49 tech points 3 attacks ... 200-999 tech points 7 attacks."""
    for below, attacks in ATTACKS_BY_TECH:
        if tech < below:
            return attacks
    return ATTACKS_BY_TECH[-1][1]


def tech_for_attacks(attacks: int) -> int:
    """The fewest tech points that give ``attacks`` attacks (the most, 7, at 200)."""
    least = 0
    for below, allowed in ATTACKS_BY_TECH:
        if allowed >= attacks:
            return least
        least = below
    return least
