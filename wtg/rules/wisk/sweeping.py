"""The robot's sweep: one turn's run through every territory its continent mission still
lacks, when one stack can make it.

A mission of continents ("conquer Asia and Africa") is met the moment the last territory
it lacks falls ("After moved the armies, the system will check from the objectives"), so
the continent need not be held through the others' turns, only taken whole in one. The
attack chains (``attacks.chains``) pick each step by its own gain, and a stack strong
enough to take all of Asia wandered off it, or took the weak territories first and was
left with none of Asia next to it. A player who knows his mission plans the route: from a
territory next to what the mission lacks, with all the turn's armies on it, an order of
the lacking territories, each next to the one before, that the stack is likeliest to
take to the end (the exact odds of each attack, the expected armies moving on). Where the
lacking territories do not lie on one line, the route goes on from another territory of
his own next to them (its armies, not the stack's), or the stack crosses an enemy
territory the mission does not name on the shortest way to the next one (round 42b):
Europe lies apart from Australia and South America, and a stack in Brazil takes North
Africa to reach it. The crossings count among the form's attack lines.

A mission with a continent of one's choice beside the named ones tries each other
continent as that one when the robot holds none whole beside them. The route is tried
only when the mission's weight ``win`` is on; ``attacks.best_plan`` weighs the plan it
makes against the others, the chance of the whole route times ``win`` included."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from wtg.rules.wisk.constants import ATTACK_DICE, STAY_BEHIND
from wtg.rules.wisk.odds import battle
from wtg.rules.wisk.positionscore import View

SEARCH = 3000
"""The routes' steps tried in a turn, at most (the search stops there, deterministic)."""
REACH = 3
"""How far from what the mission lacks a base may lie (steps over any territory): next
to it, or two crossings away (Siam to Southern Europe through India and the Middle East)."""
ATTACK_LINES = 12
"""The attack lines of the order form (a route's steps, crossings included, at most)."""


@dataclass(frozen=True)
class Route:
    """The attacks in order (from, to), each one's chance, the chance of them all, and the
    armies expected in each territory at the end."""

    steps: tuple[tuple[int, int], ...]
    chances: tuple[float, ...]
    chance: float
    armies: dict[int, float]


def lacking(view: View, pid: int) -> list[list[int]]:
    """Each set of territories whose conquest would meet ``pid``'s continent mission (the
    lowest id first): the named continents' territories he does not hold, with each other
    continent in turn when the mission wants one of his choice he does not hold yet."""
    if not view.goals:
        return []
    named = [t for name in sorted(view.goals) for t in view.continents[name][1]]
    held = [n for n in view.continents if n not in view.goals and view.holds(pid, n)]
    choices: list[list[str]] = [[]]
    if len(held) < view.extra:
        choices = [[n] for n in view.continents if n not in view.goals]
    found: list[list[int]] = []
    for chosen in choices:
        extra = [t for name in chosen for t in view.continents[name][1]]
        wanted = sorted({t for t in (*named, *extra) if view.owner[t] != pid})
        if wanted and _meets(view, pid, wanted):
            found.append(wanted)
    return found


def near_enough(view: View, bases: Sequence[int], wanted: Sequence[int]) -> list[int]:
    """The ``bases`` a route to ``wanted`` may start from: at most ``REACH`` steps away."""
    steps = steps_to(view, set(wanted))
    return [b for b in bases if steps.get(b, REACH + 1) <= REACH]


def _meets(view: View, pid: int, wanted: Sequence[int]) -> bool:
    work = view.copy()
    for tid in wanted:
        work.owner[tid] = pid
    return work.mission_done(pid)


def best_route(
    view: View, pid: int, base: int, wanted: Sequence[int], least: float
) -> Route | None:
    """The route from ``base`` (its armies as ``view`` has them, the turn's placed) through
    every territory of ``wanted``, crossing others where it must, likeliest to take them
    all in the form's ``ATTACK_LINES``; None when none has ``least`` chance or more."""
    search = _Search(view, pid, set(wanted), least)
    search.step(base, view.armies[base], 1.0, (), (), {base: float(STAY_BEHIND)})
    return search.best


class _Search:
    """A depth-first search of the routes, the likeliest first, cut where the chance
    falls under the best found or ``least``, and after ``SEARCH`` steps."""

    def __init__(self, view: View, pid: int, wanted: set[int], least: float) -> None:
        self.view, self.pid, self.wanted, self.least = view, pid, wanted, least
        self.best: Route | None = None
        self.tried = 0

    def step(
        self,
        at: int,
        stack: float,
        chance: float,
        steps: tuple[tuple[int, int], ...],
        chances: tuple[float, ...],
        armies: dict[int, float],
    ) -> None:
        taken = {to for _, to in steps}
        if self.wanted <= taken:
            if self.best is None or chance > self.best.chance:
                self.best = Route(steps, chances, chance, dict(armies))
            return
        if len(steps) >= ATTACK_LINES:
            return
        floor = max(self.least, self.best.chance if self.best else 0.0)
        moves = self._moves(at, stack, taken, armies)
        for source, held, target in moves:
            self.tried += 1
            if self.tried > SEARCH:
                return
            odds = battle(
                int(held) - STAY_BEHIND, max(1, round(self.view.armies[target])), self.view.ties
            )
            if chance * odds.win < floor or chance * odds.win <= 0.0:
                continue
            moved = max(1.0, odds.attackers_if_won)
            after = {**armies, source: float(STAY_BEHIND), target: moved}
            self.step(
                target,
                moved,
                chance * odds.win,
                (*steps, (source, target)),
                (*chances, odds.win),
                after,
            )
            floor = max(self.least, self.best.chance if self.best else 0.0)

    def _moves(
        self, at: int, stack: float, taken: set[int], armies: dict[int, float]
    ) -> list[tuple[int, float, int]]:
        """The attacks that may come next: from the stack on to a lacking neighbour (the
        weakest first); when none is next to it, from another territory of one's own
        next to one, with its own armies, and from the stack on to an enemy neighbour
        nearer the lacking territories left (``_crossings``)."""
        view = self.view
        left = [t for t in view.neighbours[at] if t in self.wanted and t not in taken]
        if left:
            left.sort(key=lambda t: (view.armies[t], t))
            return [(at, stack, t) for t in left]
        moves: list[tuple[int, float, int]] = []
        for source in range(1, len(view.owner)):
            if view.owner[source] != self.pid or source in armies:
                continue
            held = view.armies[source]
            if held < STAY_BEHIND + 1:
                continue
            for t in view.neighbours[source]:
                if t in self.wanted and t not in taken:
                    moves.append((source, held, t))
        moves.sort(key=lambda m: (-m[1], view.armies[m[2]], m[0], m[2]))
        return moves + [(at, stack, t) for t in self._crossings(at, taken)]

    def _crossings(self, at: int, taken: set[int]) -> list[int]:
        """The enemy neighbours of ``at`` the mission does not name, one step nearer the
        lacking territories not yet taken (over any territory), the weakest first."""
        view = self.view
        left = self.wanted - taken
        near = steps_to(view, left)
        here = near.get(at, len(view.owner))
        found = [
            t
            for t in view.neighbours[at]
            if t not in self.wanted
            and t not in taken
            and view.owner[t] != self.pid
            and near.get(t, here) < here
        ]
        return sorted(found, key=lambda t: (view.armies[t], t))


def steps_to(view: View, targets: set[int]) -> dict[int, int]:
    """Each territory's steps to the nearest of ``targets``, over any territory."""
    steps = dict.fromkeys(targets, 0)
    queue = deque(sorted(targets))
    while queue:
        tid = queue.popleft()
        for n in view.neighbours[tid]:
            if n not in steps:
                steps[n] = steps[tid] + 1
                queue.append(n)
    return steps


def route_lines(route: Route, move: int) -> list[dict[str, int]]:
    """The route's attack lines: 3 dice, on to the end, ``move`` armies moving in."""
    return [
        {"from": source, "to": target, "dice": ATTACK_DICE, "until": 1, "move": move}
        for source, target in route.steps
    ]
