"""The built-in WoK IV player's siege: the missiles it may fire at one province this turn and
what they are expected to leave there, before its armies attack (bombing is PHASE I, the
attacks PHASE II). A neutral gains 2 armies a turn and its 16 workers raise its defense by
0.2, so after some ten turns no army a player raises is favoured against it; missiles wear
it down: each one hits with the bomber's EFF (3/4 of it at long range), and a hit takes 1-5
armies, 0.1 defense, 1-5 spies or 5-13 tech points, the kind drawn evenly (ruling 8). The
expectation is the player's measure, no roll is made."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from wtg.core.jsondata import Json
from wtg.rules.wok.limits import UNITS_PER_ORDER
from wtg.rules.wok.state import Player, Province, WokState
from wtg.rules.wok.warfare import BOMB_MISSILES_MAX
from wtg.rules.wok4.constants import BOMB_ARMIES, BOMB_DEF, BOMB_ORDERS
from wtg.rules.wok4.reach import bomb_range

HIT_KINDS = 4
"""Armies, defense, spies, tech points: a hit's kind, drawn evenly."""
ARMIES_A_HIT = (BOMB_ARMIES[0] + BOMB_ARMIES[1]) / 2
"""The armies a hit on armies takes on average."""


@dataclass(frozen=True)
class Barrage:
    """The bombing lines of a siege: (source, missiles, chance in percent) each."""

    target: int
    salvos: tuple[tuple[int, int, int], ...]

    @property
    def hits(self) -> float:
        """The hits expected."""
        return sum(missiles * chance / 100 for _, missiles, chance in self.salvos)

    def lines(self) -> list[Json]:
        return [
            {"from": source, "to": self.target, "missiles": missiles}
            for source, missiles, _ in self.salvos
        ]


def barrage(state: WokState, me: Player, mine: Sequence[Province], target: int) -> Barrage:
    """Every province of ``mine`` with missiles and ``target`` in reach fires them all (99
    at most), the most missiles first, as many as the 5 bombing orders allow."""
    salvos: list[tuple[int, int, int]] = []
    for p in sorted(mine, key=lambda p: (-p.mis, p.id)):
        if len(salvos) == BOMB_ORDERS or not p.mis:
            break
        reach = bomb_range(state, p.id, target)
        if reach is None:
            continue
        chance = me.eff * 3 // 4 if reach == "long" else me.eff
        salvos.append((p.id, min(p.mis, BOMB_MISSILES_MAX), chance))
    return Barrage(target, tuple(salvos))


def after(target: Province, fired: Barrage) -> Province:
    """``target`` with the armies and defense the barrage is expected to take (a hit on what
    there is none of takes nothing)."""
    each_kind = fired.hits / HIT_KINDS
    left = target.clone()
    left.arm = max(0, target.arm - round(each_kind * ARMIES_A_HIT))
    left.dfn = max(0, target.dfn - round(each_kind * BOMB_DEF))
    return left


def supplies(
    state: WokState, mine: Sequence[Province], target: int, firing: Collection[int]
) -> list[Json]:
    """The missiles of its provinces that fire none this turn (``firing`` do), 50 at most
    an order, the most first, each a step through its own provinces towards ``target``'s
    neighbours: the missiles a trade of 150 leaves in every province, or the workers of a
    province behind the front make, lay idle there while the siege fired a few (5 bombing
    orders of 99 missiles at most are the limit, not the missiles). The moves of PHASE IV
    come after the bombing of PHASE I: they fire at the next turn's siege."""
    steps = steps_to(state, mine, target)
    lines: list[Json] = []
    for p in sorted(mine, key=lambda p: (-p.mis, p.id)):
        if not p.mis or p.id in firing or not steps.get(p.id):
            continue
        amount = min(p.mis, UNITS_PER_ORDER)
        lines.append(
            {"from": p.id, "to": nearer(state, p.id, steps), "unit": "MIS", "amount": amount}
        )
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
    """The lowest-numbered neighbour of ``source`` fewer ``steps`` from the siege than it
    (``source`` is one of ``steps``, not next to the siege)."""
    here = steps[source]
    return min(n for n in state.province(source).neighbours if steps.get(n, here) < here)
