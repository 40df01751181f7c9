"""A Tactics battle the GM ends by hand (`wtg end`; docs/gm.md, "Ending a game by hand"):
one more turn in which nothing moves; the armies still standing are placed as the turn
limit places them, by the Book of Tactics' "score info" (``resolve.score``: pieces left,
then their hit points), but that armies equal on both share a place (the seat breaks no
tie); those out keep their places; no one wins and no guild war point is earned."""

from __future__ import annotations

from collections.abc import Sequence

from wtg.core.events import Event
from wtg.core.places import shared_places
from wtg.core.ruleset import SideId, TurnResult
from wtg.rules.endreasons import BY_GM
from wtg.rules.tactics.events import GameOver, GmWords, OrdersNotPlayed
from wtg.rules.tactics.resolve import score
from wtg.rules.tactics.state import OVER, TacticsState


def end_by_hand(
    state: TacticsState, reason: str, unplayed: Sequence[SideId]
) -> TurnResult[TacticsState]:
    """The turn after ``state`` as the GM's end makes it (``EndsByHand.end_by_hand``)."""
    work = state.clone()
    work.turn = state.turn + 1
    ranked = sorted(work.standing(), key=lambda p: score(work, p.id), reverse=True)
    kept = [score(work, p.id)[:2] for p in ranked]  # the seat breaks no tie: a draw
    for place, player in zip(shared_places(kept), ranked, strict=True):
        player.place = place
    work.phase = OVER
    work.ended_by_gm = reason
    placed = sorted((p for p in work.players if p.place is not None), key=lambda p: p.place or 0)
    events: list[Event] = [
        OrdersNotPlayed(player=int(side), visible_to=frozenset({int(side)}))
        for side in sorted(set(unplayed))
    ]
    if reason:
        events.append(GmWords(words=reason, public=True))
    events.append(GameOver(places=tuple(p.id for p in placed), reason=BY_GM, public=True))
    return TurnResult(state=work, events=tuple(events))
