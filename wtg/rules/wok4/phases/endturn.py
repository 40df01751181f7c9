"""The end of a turn: alliances, missed turns, the end of the game, the next Order of Play."""

from __future__ import annotations

from wtg.rules.wok.events import AllianceDeclared, GameOver, PlayerQuit, TurnMissed
from wtg.rules.wok.limits import MISSED_TURNS_TO_QUIT
from wtg.rules.wok.state import ACTIVE, QUIT, Outcome, Player, WokState
from wtg.rules.wok.turn import Turn
from wtg.rules.wok4.constants import (
    QUITS_FOR_BITTER_END,
    VP_BITTER_END,
    VP_PLACED,
    VP_SHARED_WIN,
    VP_SOLE_WIN,
    VP_SURVIVED,
)


def alliances(turn: Turn) -> None:
    """An ally named on the AOF stays named until changed; 0 ends the alliance."""
    seated = {p.id for p in turn.state.players}
    for player, orders in turn.players_in_order():
        ally = orders.ally
        if ally is None or ally == player.ally:
            continue
        if ally != 0 and (ally == player.id or ally not in seated):
            turn.skip(player.id, "alliance", f"ally with player {ally}", "no such other player")
            continue
        player.ally = ally
        turn.emit(
            AllianceDeclared(
                player=player.id, ally=ally, visible_to=frozenset({player.id, ally} - {0})
            )
        )


def missed_turns(turn: Turn) -> None:
    """Manual section 3: "If you miss orders for 3 Turns in a row, you will be considered
    as to have QUIT the game." A player who sent orders earns a HiScore turn point."""
    for player in turn.state.players:
        if player.status != ACTIVE:
            continue
        if player.id in turn.orders:
            player.missed = 0
            player.turn_points += 1
            continue
        player.missed += 1
        turn.emit(
            TurnMissed(player=player.id, missed=player.missed, visible_to=frozenset({player.id}))
        )
        if player.missed >= MISSED_TURNS_TO_QUIT:
            player.status = QUIT
            player.quit_on = turn.state.turn
            turn.emit(PlayerQuit(player=player.id, public=True))


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


def next_order_of_play(turn: Turn) -> None:
    """ "Every new turn, the WTG creates a new OoP": every player who still owns a province."""
    state = turn.state
    if state.outcome is not None:
        state.oop = []
        return
    owners = sorted({p.owner for p in state.provinces if p.owner})
    turn.rng.shuffle(owners)
    state.oop = owners
