"""One player's turn in the making: the working copy of the state, the RNG, the events."""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from wtg.core.events import Event
from wtg.rules.wisk.events import OrderSkipped
from wtg.rules.wisk.state import Player, WiskState


@dataclass
class Turn:
    state: WiskState
    """The working copy; the state the turn started from is never changed."""
    rng: Random
    events: list[Event] = field(default_factory=list)
    conquests: int = 0
    last_conquest: int = 0
    """The territory conquered last this turn (armies of a forced trade go there)."""

    @property
    def player(self) -> int:
        return self.state.active

    @property
    def me(self) -> Player:
        return self.state.player(self.state.active)

    @property
    def over(self) -> bool:
        return bool(self.state.winner)

    def public(self, event_type: type[Event], **fields: Any) -> None:
        self.events.append(event_type(public=True, **fields))

    def private(self, event_type: type[Event], to: int, **fields: Any) -> None:
        self.events.append(event_type(visible_to=frozenset({to}), **fields))

    def skip(self, order: str, reason: str) -> None:
        self.private(OrderSkipped, self.player, player=self.player, order=order, reason=reason)
