"""The end of a Standard WoK game: last standing, an alliance of two (in games that started
with more than 5 players), a unanimous vote, or, in a Duel or Trinity, RIPs."""

from __future__ import annotations

from wtg.rules.standard.events import Ripped
from wtg.rules.standard.setup import RIP_TARGET
from wtg.rules.wok.phases.victory import (
    declare_over,
    last_standing_or_vote,
    rank,
    ranked,
    votes,
)
from wtg.rules.wok.state import ACTIVE, WokState
from wtg.rules.wok.turn import Turn

__all__ = ["game_end", "humans_rips", "rank", "ranked", "rips", "votes"]


def rips(turn: Turn) -> None:
    """ "a RIP goes to whoever ends the turn owning the last province that colour lost"."""
    for colour, province in sorted(turn.lost_last.items()):
        owner = turn.state.province(province).owner
        if owner:
            turn.state.player(owner).rips.append(colour)
        turn.emit(Ripped(colour=colour, province=province, credited_to=owner, public=True))


def game_end(turn: Turn) -> None:
    if turn.state.rip_target:
        _end_by_rips(turn)
    else:
        last_standing_or_vote(turn)


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
    reason = "rips" if reached else "last standing" if alive else "no one left"
    declare_over(turn, reason, winners, *ranked(state, winners))
