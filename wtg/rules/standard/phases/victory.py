"""The end of a Standard WoK game: last standing, an alliance of two (in games that started
with more than 5 players), a unanimous vote, or, in a Duel or Trinity, RIPs."""

from __future__ import annotations

from wtg.rules.standard.constants import ALLIANCE_MIN_PLAYERS
from wtg.rules.standard.events import Ripped, VotedEnd
from wtg.rules.standard.setup import RIP_TARGET
from wtg.rules.wok.events import GameOver
from wtg.rules.wok.score import player_score
from wtg.rules.wok.state import ACTIVE, Outcome, Player, WokState
from wtg.rules.wok.turn import Turn


def votes(turn: Turn) -> None:
    """A vote to end the game is given on the AOF; it counts for the turn it is given."""
    for player in turn.state.players:
        orders = turn.orders.get(player.id)
        vote = bool(orders and orders.vote_end) and player.standing
        if vote != player.vote_end:
            turn.emit(VotedEnd(player=player.id, vote=vote, public=True))
        player.vote_end = vote


def rips(turn: Turn) -> None:
    """ "a RIP goes to whoever ends the turn owning the last province that colour lost"."""
    for colour, province in sorted(turn.lost_last.items()):
        owner = turn.state.province(province).owner
        if owner:
            turn.state.player(owner).rips.append(colour)
        turn.emit(Ripped(colour=colour, province=province, credited_to=owner, public=True))


def game_end(turn: Turn) -> None:
    state = turn.state
    if state.rip_target:
        _end_by_rips(turn)
        return
    standing = [p for p in state.players if p.status == ACTIVE]
    reason = None
    if len(standing) <= 1:
        reason = "last standing" if standing else "no one left"
    elif len(standing) == 2 and _allied(state, *standing):
        reason = "alliance"
    elif all(p.vote_end for p in standing):
        reason = "vote"
    if reason is None:
        return
    winners: tuple[int, ...] = ()
    if standing:
        best = state.player(rank(state)[0])
        partner = best.ally if best.ally and _allied(state, best, state.player(best.ally)) else 0
        winners = (best.id, partner) if partner and reason != "last standing" else (best.id,)
    winners = tuple(sorted(winners))
    _over(turn, reason, winners, rank(state, winners))


def _allied(state: WokState, first: Player, second: Player) -> bool:
    """ "you can only be allied with one player at a time" and "players can only share victory
    if the game started with more than 5 players"; no alliances in a Skirmish."""
    return (
        state.variant != "skirmish"
        and state.started_with >= ALLIANCE_MIN_PLAYERS
        and first.ally == second.id
        and second.ally == first.id
        and first.status == second.status == ACTIVE
    )


def rank(state: WokState, winners: tuple[int, ...] = ()) -> tuple[int, ...]:
    """ "ranked based on how long they survived, what their final score was and whether they
    won": the winners first, then the standing, then the later a death the better; score
    breaks ties."""

    def key(player: Player) -> tuple[int, int, int, int, int]:
        alive = player.status == ACTIVE
        return (
            0 if player.id in winners else 1,
            0 if alive else 1,
            -(player.died_on or 0),
            -player_score(state, player.id),
            player.id,
        )

    return tuple(p.id for p in sorted(state.players, key=key))


def humans_rips(state: WokState) -> dict[int, int]:
    """RIPs of each human (GM seat), of colours not his own."""
    counts: dict[int, set[int]] = {}
    for colour in state.players:
        if colour.controller is None:
            continue
        mine = counts.setdefault(colour.controller, set())
        for ripped in colour.rips:
            if state.player(ripped).controller != colour.controller:
                mine.add(ripped)
    return {seat: len(ripped) for seat, ripped in counts.items()}


def _end_by_rips(turn: Turn) -> None:
    """Duel and Trinity: "The first player to get three RIPs (excluding his own colours)
    wins"; "if all three of your spots have been RIPed then you have lost"; two reaching the
    count on one turn raise the target to four."""
    state = turn.state
    seats = sorted({p.controller for p in state.players if p.controller is not None})
    alive = [
        s for s in seats if any(p.controller == s and p.status == ACTIVE for p in state.players)
    ]
    counts = humans_rips(state)
    reached = [s for s in alive if counts.get(s, 0) >= state.rip_target]
    if len(reached) > 1 and state.rip_target == RIP_TARGET:
        state.rip_target += 1  # once: "the target becomes four RIPs"
        reached = [s for s in reached if counts[s] >= state.rip_target]
    if len(reached) > 1:  # ruling: still level at four, the most RIPs win; equal, they share
        best = max(counts[s] for s in reached)
        reached = [s for s in reached if counts[s] == best]
    if not reached and len(alive) > 1:
        return
    seats_won = reached or alive
    winners = tuple(p.id for p in state.players if p.controller in seats_won)
    _over(turn, "rips" if reached else "last standing", winners, rank(state, winners))


def _over(turn: Turn, reason: str, winners: tuple[int, ...], ranking: tuple[int, ...]) -> None:
    turn.state.outcome = Outcome(reason, winners, ranking)
    turn.emit(
        GameOver(
            reason=reason,
            winners=winners,
            ranking=ranking,
            vp=tuple((p.id, p.vp) for p in turn.state.players),
            public=True,
        )
    )
