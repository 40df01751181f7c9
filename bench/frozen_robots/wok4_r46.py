"""The built-in WoK IV player of rounds 45-46 (wtg/rules/wok4/strategy.py at commit
0baa7b11), frozen: "r46", the yardstick of bench/bench_robots.py ``--against r46``. It is
round 44's player (``wok4_r44.py``, which it reads) with round 46's mustering: the spare
armies of a border two steps or more from the siege march a step a turn towards it through
its own provinces (round 44's moved only those of a border next to one that touches it).
Its siege is chosen anew each turn from the state alone. Keep it as it is."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from random import Random

from bench.frozen_robots import wok4_r44
from wtg.core.jsondata import Json, JsonObject
from wtg.rules.wok.limits import UNITS_PER_ORDER
from wtg.rules.wok.state import Province, WokState

FROZEN_AT = "0baa7b11"


class Wok4Plan(wok4_r44.Wok4Plan):
    """Round 44's player with round 46's mustering."""

    def mustering(self, earlier: list[Json]) -> list[Json]:
        """The spare troops of a border province that neither attacks nor borders the
        siege, 50 at most, a step through its own provinces towards one that borders it,
        to its lowest-numbered neighbour nearer; a province keeps what it is to hold, and
        one that earlier lines reinforce sends none."""
        if self.siege is None:
            return []
        steps = steps_to(self.state, self.mine, self.siege.target)
        marching = {source for source, _, _ in self.sent}
        moved = {line[end] for line in earlier if isinstance(line, dict) for end in ("from", "to")}
        lines: list[Json] = []
        for p in self.borders:
            spare = p.troops - self.held(p)
            if p.id in marching or p.id in moved or spare < 1 or not steps.get(p.id):
                continue
            amount = min(spare, UNITS_PER_ORDER)
            to = nearer(self.state, p.id, steps)
            lines.append({"from": p.id, "to": to, "unit": self.troop_unit, "amount": amount})
        return lines


def steps_to(state: WokState, mine: Sequence[Province], target: int) -> dict[int, int]:
    """Each province of ``mine`` from which ``target`` may be reached through ``mine``: the
    steps through them to one next to it (0: next to it already)."""
    owned = {p.id for p in mine}
    steps = {p.id: 0 for p in mine if target in p.neighbours}
    queue = deque(sorted(steps))
    while queue:
        pid = queue.popleft()
        for n in state.province(pid).neighbours:
            if n in owned and n not in steps:
                steps[n] = steps[pid] + 1
                queue.append(n)
    return steps


def nearer(state: WokState, source: int, steps: Mapping[int, int]) -> int:
    """The lowest-numbered neighbour of ``source`` fewer ``steps`` from the siege than it."""
    here = steps[source]
    return min(n for n in state.province(source).neighbours if steps.get(n, here) < here)


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """The player's orders for the turn after ``state``."""
    return Wok4Plan(state, player, rng).orders()
