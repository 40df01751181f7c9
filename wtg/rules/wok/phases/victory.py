"""The end of a Standard or Intermediate WoK game: the last one standing, an alliance of two
(in games that started with more than 5 players), or a unanimous vote; the ranking."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event
from wtg.core.places import shared_places
from wtg.rules.wok.events import GameOver
from wtg.rules.wok.score import player_score
from wtg.rules.wok.state import ACTIVE, Outcome, Player, WokState
from wtg.rules.wok.turn import Turn

ALLIANCE_MIN_PLAYERS = 6
"""Shared victory only "if the game started with more than 5 players"."""


class VotedEnd(Event):
    kind: ClassVar[str] = "voted_end"
    player: int
    vote: bool


def votes(turn: Turn) -> None:
    """A vote to end the game is given on the AOF; it counts for the turn it is given. A
    player no longer standing (wiped out, or quit) has his vote dropped unsaid: his fall
    is told, and "no longer votes" would read as a change of mind."""
    for player in turn.state.players:
        orders = turn.orders.get(player.id)
        vote = bool(orders and orders.vote_end) and player.standing
        if vote != player.vote_end and player.standing:
            turn.emit(VotedEnd(player=player.id, vote=vote, public=True))
        player.vote_end = vote


def last_standing_or_vote(turn: Turn) -> None:
    """The game ends when one player is left (or none), when the last two are allies whose
    alliance counts, or when every standing player votes so."""
    state = turn.state
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
        order, places = ranked(state)
        best = state.player(order[0])
        partner = best.ally if best.ally and _allied(state, best, state.player(best.ally)) else 0
        winners = (best.id, partner) if partner and reason != "last standing" else (best.id,)
        if reason == "vote":  # the first of the ranking wins; those equal with him share it
            winners = (*winners, *(p for p, place in zip(order, places, strict=True) if place == 1))
    winners = tuple(sorted(set(winners)))
    declare_over(turn, reason, winners, *ranked(state, winners))


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
    """The players, best first (``ranked``)."""
    return ranked(state, winners)[0]


def ranked(
    state: WokState, winners: tuple[int, ...] = ()
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """ "ranked based on how long they survived, what their final score was and whether they
    won": the winners first, sharing first place ("Allied players will count as winning the
    game jointly"), listed by score; then the standing, then the later a death the better;
    score breaks ties. The players best first, and the place of each: players equal on all
    of these share a place, the next skipped (1, 1, 3), never told apart by their number.
    The colours of a Duel's or Trinity's human who won are winners so, one place
    (docs/rules/standard.md, ruling 43)."""

    def key(player: Player) -> tuple[int, int, int, int]:
        if player.id in winners:
            return (0, 0, 0, 0)
        alive = player.status == ACTIVE
        return (1, 0 if alive else 1, -(player.died_on or 0), -player_score(state, player.id))

    order = sorted(state.players, key=lambda p: (key(p), -player_score(state, p.id), p.id))
    places = shared_places([key(p) for p in order])
    return tuple(p.id for p in order), tuple(places)


def declare_over(
    turn: Turn,
    reason: str,
    winners: tuple[int, ...],
    ranking: tuple[int, ...],
    places: tuple[int, ...] = (),
) -> None:
    turn.state.outcome = Outcome(reason, winners, ranking, places)
    turn.emit(
        GameOver(
            reason=reason,
            winners=winners,
            ranking=ranking,
            vp=tuple((p.id, p.vp) for p in turn.state.players),
            places=places,
            public=True,
        )
    )
