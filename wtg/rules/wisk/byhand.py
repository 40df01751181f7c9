"""A WISK game the GM ends by hand (`wtg end`; docs/gm.md, "Ending a game by hand"): one
more turn in which nothing moves; no one wins, the players are ranked by the Top Ten as
it stands (the results read it, ``wtg.host.results``)."""

from __future__ import annotations

from collections.abc import Sequence

from wtg.core.events import Event
from wtg.core.ruleset import SideId, TurnResult
from wtg.rules.endreasons import BY_GM
from wtg.rules.wisk.events import GameEnded, OrdersNotPlayed
from wtg.rules.wisk.state import WiskState


def end_by_hand(state: WiskState, reason: str, unplayed: Sequence[SideId]) -> TurnResult[WiskState]:
    """The turn after ``state`` as the GM's end makes it (``EndsByHand.end_by_hand``)."""
    work = state.clone()
    work.turn = state.turn + 1
    work.won_by = BY_GM
    work.gm_note = reason
    events: list[Event] = [
        OrdersNotPlayed(player=int(side), visible_to=frozenset({int(side)}))
        for side in sorted(set(unplayed))
    ]
    events.append(GameEnded(reason=BY_GM, public=True))
    return TurnResult(state=work, events=tuple(events))


def ended_by_hand(state: WiskState) -> str | None:
    """The GM's words when he ended ``state``'s game by hand, else None."""
    return state.gm_note if state.won_by == BY_GM else None
