"""The end of a WoK IV game: last standing, an alliance of two, or the bitter end; ranking and
victory points. (Alliances, missed turns and the next OoP: ``wtg.rules.wok.phases.endturn``.)"""

from __future__ import annotations

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
    ranking = rank_players(state, winners)
    _award_vp(state, reason, winners, ranking)
    state.outcome = Outcome(reason, winners, ranking)
    turn.emit(
        GameOver(
            reason=reason,
            winners=winners,
            ranking=ranking,
            vp=tuple((p.id, p.vp) for p in state.players),
            public=True,
        )
    )


def rank_players(state: WokState, winners: tuple[int, ...]) -> tuple[int, ...]:
    """Winners first; then the killed, the later their death the better; quitters last."""

    def key(player: Player) -> tuple[int, int, int, int]:
        if player.id in winners:
            return (0, 0, -player.turn_points, player.id)
        if player.quit_on is None:
            return (1, -(player.died_on or 0), -player.turn_points, player.id)
        return (2, -player.quit_on, -player.turn_points, player.id)

    return tuple(p.id for p in sorted(state.players, key=key))


def _award_vp(
    state: WokState, reason: str, winners: tuple[int, ...], ranking: tuple[int, ...]
) -> None:
    if reason == "bitter end":
        state.player(winners[0]).vp += VP_BITTER_END
        return
    for winner in winners:
        state.player(winner).vp += VP_SOLE_WIN if len(winners) == 1 else VP_SHARED_WIN
    half = state.seats // 2
    for place, pid in enumerate(ranking, start=1):
        player = state.player(pid)
        if pid in winners or player.quit_on is not None:
            continue
        if place <= 3:
            player.vp += VP_PLACED
        elif place <= half:
            player.vp += VP_SURVIVED
