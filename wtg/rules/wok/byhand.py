"""A WoK game the GM ends by hand (`wtg end`; docs/gm.md, "Ending a game by hand"): one more
turn in which nothing moves; no one wins, the players are ranked as they stand by the
ruleset's own ranking of a game's end, and no victory point is given."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wtg.core.events import Event
from wtg.core.ruleset import SideId, TurnResult
from wtg.rules.endreasons import BY_GM
from wtg.rules.wok.events import GameOver, OrdersNotPlayed
from wtg.rules.wok.state import Outcome, WokState

Ranking = Callable[[WokState, tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]]
"""The players best first and the place of each, given the winners (none here)."""


def end_by_hand(
    state: WokState, reason: str, unplayed: Sequence[SideId], ranked: Ranking
) -> TurnResult[WokState]:
    """The turn after ``state`` as the GM's end makes it (``EndsByHand.end_by_hand``)."""
    work = state.clone()
    work.turn = state.turn + 1
    ranking, places = ranked(work, ())
    work.outcome = Outcome(BY_GM, (), ranking, places, note=reason)
    events: list[Event] = [
        OrdersNotPlayed(player=int(side), visible_to=frozenset({int(side)}))
        for side in sorted(set(unplayed))
    ]
    events.append(
        GameOver(
            reason=BY_GM,
            winners=(),
            ranking=ranking,
            vp=tuple((p.id, p.vp) for p in work.players),
            places=places,
            public=True,
        )
    )
    return TurnResult(state=work, events=tuple(events))


def ended_by_hand(state: WokState) -> str | None:
    """The GM's words when he ended ``state``'s game by hand, else None."""
    outcome = state.outcome
    if outcome is None or outcome.reason != BY_GM:
        return None
    return outcome.note
