"""The robot's finishing turn for an "occupy" secret mission: when the armies it places
(and one fortification) can make the territories it holds already meet the mission, it
does just that and nothing else, and wins as its placements end ("the system will check
from the objectives", after the placing as after each conquest).

Its attack plan alone never gets there for "occupy 18 territories with at least 2 armies
each": every conquest leaves one army behind, and its placements go on its front, so it
could hold 18 territories and more, turn after turn, with too few of them at 2.

The top-ups go on the territories that need the fewest armies (the lowest id on a tie),
each paid from its continent's bonus first, then from the free armies; what is left goes
on the same lines where it may (the order form has 12 place lines: a finish that needs
more is not made). When the placements fall short by one territory, one
fortification may close it: all a stack holds above the mission's count moves to a
neighbouring short territory it fills, the stack keeping the count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from wtg.rules.wisk.positionscore import View

PLACE_LINES = 12
"""The place lines of the order form: a finish that needs more is not made."""


@dataclass(frozen=True)
class Finish:
    """The placements (in order) and the fortification (None: none) that meet the mission."""

    place: list[tuple[int, int]]
    fortify: dict[str, int] | None


def occupy_finish(
    view: View,
    pid: int,
    territories: int,
    armies: int,
    free: int,
    bonuses: Sequence[tuple[str, int]],
    planned: Mapping[int, int],
) -> Finish | None:
    """The finishing turn of "occupy ``territories`` territories with at least ``armies``
    armies each" on ``view`` (the board after this turn's trades), with ``free`` armies and
    the continents' ``bonuses`` to place; ``planned``: the placements of the robot's own
    plan (where the leftovers go). None when it cannot be done this turn."""
    mine = view.territories(pid)
    if len(mine) < territories:
        return None
    short = sorted(
        (t for t in mine if view.armies[t] < armies),
        key=lambda t: (armies - view.armies[t], t),
    )
    needed = territories - (len(mine) - len(short))
    if needed <= 0:
        return None
    pools = dict(bonuses)
    spare = free
    topped: dict[int, int] = {}
    for tid in short:
        if len(topped) == needed:
            break
        want = armies - int(view.armies[tid])
        continent = view.continent_of[tid]
        own = min(want, pools.get(continent, 0))
        if want - own > spare:
            continue
        pools[continent] = pools.get(continent, 0) - own
        spare -= want - own
        topped[tid] = want
    fortify = None
    if len(topped) == needed - 1:
        fortify = _filling_move(view, pid, armies, [t for t in short if t not in topped], topped)
        if fortify is None:
            return None
    elif len(topped) < needed:
        return None
    place = _with_leftovers(view, topped, pools, spare, planned)
    if len(place) > PLACE_LINES:
        return None
    return Finish(list(place.items()), fortify)


def _filling_move(
    view: View, pid: int, armies: int, short: Sequence[int], topped: Mapping[int, int]
) -> dict[str, int] | None:
    """One move that brings a short territory up to ``armies`` from a neighbour that keeps
    at least ``armies`` (counting the top-ups placed there): the smallest such move."""
    best: tuple[int, int, int] | None = None
    for target in short:
        want = armies - int(view.armies[target])
        for source in view.neighbours[target]:
            if view.owner[source] != pid:
                continue
            held = int(view.armies[source]) + topped.get(source, 0)
            if held - want >= armies and (best is None or (want, source, target) < best):
                best = (want, source, target)
    if best is None:
        return None
    want, source, target = best
    return {"from": source, "to": target, "armies": want}


def _with_leftovers(
    view: View,
    topped: Mapping[int, int],
    pools: Mapping[str, int],
    spare: int,
    planned: Mapping[int, int],
) -> dict[int, int]:
    """The top-ups with the armies they leave, on as few lines as may be: each continent's
    bonus on a territory of it topped up, else one the robot's plan placed on (its biggest
    placement first), else its first; the free ones on the first territory topped up."""
    place = dict(topped)
    order = sorted(planned, key=lambda t: (-planned[t], t))
    for continent, count in pools.items():
        if count <= 0:
            continue
        inside = [t for t in (*place, *order) if view.continent_of[t] == continent]
        spot = inside[0] if inside else view.continents[continent][1][0]
        place[spot] = place.get(spot, 0) + count
    if spare > 0:
        spot = next(iter(place), order[0] if order else 0)
        if spot:
            place[spot] = place.get(spot, 0) + spare
    return place
