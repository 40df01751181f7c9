"""The working copy a turn is resolved on, and small helpers the phases share."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from random import Random
from typing import ClassVar

from wtg.core.events import Event
from wtg.rules.wok.events import OrderSkipped
from wtg.rules.wok.limits import ARM_MAX, LEV_MAX
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.state import Player, Province, WokState


@dataclass(slots=True)
class Turn:
    """A turn being resolved: the working state (a copy), everyone's orders, the RNG, events."""

    state: WokState
    orders: Mapping[int, Orders]
    rng: Random
    oop: tuple[int, ...]
    events: list[Event] = field(default_factory=list)
    start_owner: tuple[int, ...] = ()
    """Who owned each province when the turn began (index = province id - 1)."""
    lost_last: dict[int, int] = field(default_factory=dict)
    """Players who lost their last province this turn: player -> that province."""
    waste_remainder: bool = False
    """Standard WoK: "If the number converted is not a multiple of the ratio, the extra will
    be lost" (WoK IV keeps it: "5,6 or 7 Population ... that same result")."""

    keeps_events: ClassVar[bool] = True
    """Whether the turn keeps its events: a forecast's does not (``ForecastTurn``), and the
    phases it runs make none for it (a forecast shows only the orders that would not
    run: an event would be made for nothing)."""

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def skip(self, player: int, phase: str, order: str, reason: str) -> None:
        self.emit(
            OrderSkipped(
                player=player,
                phase=phase,
                order=order,
                reason=reason,
                visible_to=frozenset({player}),
            )
        )

    def players_in_order(self) -> Iterator[tuple[Player, Orders]]:
        """Players with orders, in the turn's Order of Play, who still own a province."""
        for pid in self.oop:
            orders = self.orders.get(pid)
            player = self.state.player(pid)
            if orders is not None and player.standing:
                yield player, orders

    def own_or_skip(self, player: int, pid: int, phase: str, order: str) -> Province | None:
        """The player's province ``pid``; if it is not theirs (now), the order is skipped."""
        province = self.owned(pid, player)
        if province is None:
            self.skip(player, phase, order, self.not_yours(pid, player))
        return province

    def not_yours(self, pid: int, player: int, then: str = "") -> str:
        """Why an order in province ``pid`` does not run for ``player``: it is not his, and
        where it was his when the turn began, it was lost this turn (his last report showed
        it his); ``then``: what follows from it ("your units were halted")."""
        reason = f"province {self.state.named(pid)} is not yours"
        lost = self.lost_this_turn(pid, player)
        if lost and then:
            return f"{reason}: lost this turn, so {then}"
        if lost or then:
            return f"{reason}: {'lost this turn' if lost else then}"
        return reason

    def lost_this_turn(self, pid: int, player: int) -> bool:
        """Whether ``player`` owned province ``pid`` when the turn began and owns it no more."""
        began = self.start_owner
        return (
            0 < pid <= len(began) and began[pid - 1] == player and self.owned(pid, player) is None
        )

    def own_and_next(
        self, player: int, source: int, target: int, phase: str, order: str
    ) -> tuple[Province, Province] | None:
        """The player's province ``source`` and its neighbour ``target``, or None (skipped)."""
        province = self.own_or_skip(player, source, phase, order)
        if province is None:
            return None
        if target not in province.neighbours:
            self.skip(
                player,
                phase,
                order,
                f"province {self.state.named(target)} is not next to {self.state.named(source)}",
            )
            return None
        return province, self.state.province(target)

    def owned(self, pid: int, owner: int) -> Province | None:
        """The province if it exists and belongs to ``owner``."""
        if not self.state.has_province(pid):
            return None
        province = self.state.province(pid)
        return province if province.owner == owner else None


Phase = Callable[[Turn], None]
"""A phase of a turn: a function over the working copy."""


def clamp(value: int, low: int, high: int) -> int:
    return low if value < low else high if value > high else value


def mixed_level(count_a: int, level_a: int, count_b: int, level_b: int) -> int:
    """Armies of two levels melted together: the weighted mean, rounded half up.

    The counts are the uncapped totals (manual, PHASE IV: the level is computed
    "just like if you had more than these units in the province").
    """
    total = count_a + count_b
    if total == 0:
        return level_b
    return min(LEV_MAX, (count_a * level_a + count_b * level_b + total // 2) // total)


def add_armies(province: Province, count: int, level: int) -> int:
    """Add armies of ``level``; returns how many were lost above the 999 limit (of all the
    troops of the province, where there are troop types)."""
    others = province.troops - province.arm
    province.lev = mixed_level(province.troops, province.lev, count, level)
    total = province.arm + count
    province.arm = min(total, ARM_MAX - others)
    return total - province.arm
