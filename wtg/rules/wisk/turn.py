"""One player's turn in the making: the working copy of the state, the RNG, the events."""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

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

    def emit(self, event: Event) -> None:
        """``event`` happened: the turn's next (each names who may see it)."""
        self.events.append(event)

    def skip(self, order: str, reason: str) -> None:
        self.emit(
            OrderSkipped(
                player=self.player, order=order, reason=reason, visible_to=frozenset({self.player})
            )
        )
