"""The end of a WoK IV game: last standing, an alliance of two, or the bitter end; ranking and
victory points. (Alliances, missed turns and the next OoP: ``wtg.rules.wok.phases.endturn``.)"""

from __future__ import annotations

from collections.abc import Sequence

from wtg.core.places import shared_places
from wtg.rules.wok.events import GameOver
from wtg.rules.wok.state import ACTIVE, Outcome, Player, WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok4.constants import (
    QUITS_FOR_BITTER_END,
    VP_BITTER_END,
    VP_PLACED,
    VP_SHARED_WIN,
    VP_SOLE_WIN,
    VP_SURVIVED,
)


def quit_count(state: WokState) -> int:
    """Players who QUIT before being ripped, plus every empty seat."""
    quits = sum(1 for p in state.players if p.quit_on is not None)
    return quits + state.seats - len(state.players)


def bitter_end(state: WokState) -> bool:
    """ "If 5+ players of a group QUIT the game (before they get ripped) the remaining
    Players will have to fight to the bitter end": no alliance ends it."""
    return quit_count(state) >= QUITS_FOR_BITTER_END


def game_end(turn: Turn) -> None:
    state = turn.state
    standing = [p for p in state.players if p.status == ACTIVE]
    bitter_end = quit_count(state) >= QUITS_FOR_BITTER_END
    if len(standing) > 2:
        return
    if len(standing) == 2:
        first, second = standing
        if bitter_end or first.ally != second.id or second.ally != first.id:
            return
        reason = "alliance"
    elif standing:
        reason = "bitter end" if bitter_end else "last standing"
    else:
        reason = "no one left"
    winners = tuple(p.id for p in standing)
    ranking, places = ranked_players(state, winners)
    _award_vp(state, reason, winners, ranking, places)
    state.outcome = Outcome(reason, winners, ranking, places)
    turn.emit(
        GameOver(
            reason=reason,
            winners=winners,
            ranking=ranking,
            vp=tuple((p.id, p.vp) for p in state.players),
            places=places,
            public=True,
        )
    )


def ranked_players(
    state: WokState, winners: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners first, sharing first place ("as an Alliance (sharing victory Points
    then)"), listed by their turn points; then the killed, the later their death the
    better; quitters last; turn points break ties. The players best first, and the place
    of each: players equal on all of these share a place, the next skipped (1, 1, 3), never
    told apart by their number."""

    def key(player: Player) -> tuple[int, int, int]:
        if player.id in winners:
            return (0, 0, 0)
        if player.quit_on is None:
            return (1, -(player.died_on or 0), -player.turn_points)
        return (2, -player.quit_on, -player.turn_points)

    order = sorted(state.players, key=lambda p: (key(p), -p.turn_points, p.id))
    return tuple(p.id for p in order), tuple(shared_places([key(p) for p in order]))


def _award_vp(
    state: WokState,
    reason: str,
    winners: tuple[int, ...],
    ranking: tuple[int, ...],
    places: tuple[int, ...],
) -> None:
    quitters = frozenset(p.id for p in state.players if p.quit_on is not None)
    awarded = victory_points(reason, winners, ranking, state.seats, quitters, places)
    for pid, points in awarded.items():
        state.player(pid).vp += points


def victory_points(
    reason: str,
    winners: tuple[int, ...],
    ranking: tuple[int, ...],
    seats: int,
    quitters: frozenset[int],
    places: Sequence[int] = (),
) -> dict[int, int]:
    """The victory points of a finished game, by player (players who earn none left out):
    a sole win 12, a shared win 5 each, 2nd and 3rd place 2, the rest of the top half of
    the ``seats`` 1; quitters nothing; in a bitter end only the survivor's 1. The HiScore
    (``wtg.site.hiscore``) gives the other WoK rulesets' games their points by this too.
    ``places``: the place of each of ``ranking`` (players sharing a place earn its points
    each: two equal third both 2); by default each is his position."""
    if reason == "bitter end":
        return {winners[0]: VP_BITTER_END} if winners else {}
    points = {w: VP_SOLE_WIN if len(winners) == 1 else VP_SHARED_WIN for w in winners}
    half = seats // 2
    for place, pid in zip(places or range(1, len(ranking) + 1), ranking, strict=True):
        if pid in winners or pid in quitters:
            continue
        if place <= 3:
            points[pid] = VP_PLACED
        elif place <= half:
            points[pid] = VP_SURVIVED
    return points
