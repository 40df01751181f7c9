"""The frame of the WoK IV player of round 44 (``wtg/rules/wok/frontplan.py`` at commit
6fb9a735), frozen: round 43's frame (``wok4_r43_parts/frontplan.py``), which it grew from,
with what round 44 added, copied here: the provinces that make armies asked of a hook
(``army_makers``), the armies each makes noted (``levied``) and moved on by the inner moves in
the same turn, and a target's worth asked of ``worth``. Keep it as it is."""

from __future__ import annotations

from random import Random

from bench.frozen_robots.wok4_r43_parts.frontplan import FrontPlan as Round43Plan
from bench.frozen_robots.wok4_siege_parts.frontplan import (
    FEW_WORKERS,
    NEW_ARMIES,
    NEW_WORKERS,
    WORKER_POP,
)
from wtg.core.jsondata import Json
from wtg.rules.wok.limits import (
    MOVE_ORDERS,
    POP_ARM_ORDERS,
    POP_PER_ARM,
    TRANSFORM_ORDERS,
    UNITS_PER_ORDER,
)
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.warfare import SPOILS_POP_WOK


class FrontPlan(Round43Plan):
    def __init__(self, state: WokState, player: int, rng: Random) -> None:
        super().__init__(state, player, rng)
        self.levied: dict[int, int] = {}
        """The armies each province makes this turn (PHASE IV, before the moves)."""

    def worth(self, target: Province) -> int:
        """What taking ``target`` is worth: the 80% of its POP that comes with it, and 1 for
        a player's province (it weakens him too)."""
        return target.pop * SPOILS_POP_WOK // 100 + (1 if target.owner else 0)

    def army_makers(self) -> list[Province]:
        """The provinces that may make armies, the first first: its borders (all its
        provinces when it has none), the most POP first."""
        return sorted(self.borders or self.mine, key=lambda p: (-p.pop, p.id))

    def transforms(self) -> list[Json]:
        """Armies made in the first ``army_makers`` with POP enough (3 orders at most),
        workers where there are few and POP enough."""
        lines: list[Json] = []
        for p in self.army_makers()[:POP_ARM_ORDERS]:
            if p.pop >= self.army_pop:
                lines.append({"province": p.id, "kind": "POP-ARM", "amount": NEW_ARMIES})
                self.levied[p.id] = self.levied.get(p.id, 0) + NEW_ARMIES // POP_PER_ARM
        for p in sorted(self.mine, key=lambda p: (-p.pop, p.id)):
            if len(lines) == TRANSFORM_ORDERS:
                break
            if p.wok < FEW_WORKERS and p.pop >= WORKER_POP:
                lines.append({"province": p.id, "kind": "POP-WOK", "amount": NEW_WORKERS})
        return lines

    def inner_moves(self) -> list[Json]:
        """The troops of the provinces with no foreign neighbour towards the border, with
        the armies they make this turn (the transformations come before the moves)."""
        distance = self.to_border()
        lines: list[Json] = []
        for p in self.mine:
            steps = distance.get(p.id, 0)
            troops = p.troops + self.levied.get(p.id, 0)
            if not steps or troops < 1:
                continue
            nearer = [n for n in p.neighbours if n in distance and distance[n] < steps]
            if not nearer:
                continue
            best = min(distance[n] for n in nearer)
            to = self.rng.choice(sorted(n for n in nearer if distance[n] == best))
            while troops > 0 and len(lines) < MOVE_ORDERS:
                amount = min(troops, UNITS_PER_ORDER)
                lines.append({"from": p.id, "to": to, "unit": self.troop_unit, "amount": amount})
                troops -= amount
        return lines
