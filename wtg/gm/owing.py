"""The players a game's coming turn waits for: those the ruleset says owe orders, not one
away for the turn (a planned absence) nor one whose QUIT is on file. `wtg status`
(``wtg.gm.gamestatus``) lists them, `run-turn --due` runs the turn once they are all READY
(``wtg.host.due.why_due``), and a game without a deadline is said to wait for them
(``wtg.gm.nextdeadline``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from wtg.core.ruleset import STILL_IN, PlansAbsence, S, SideId, TurnStyle
from wtg.game.absences import away_in
from wtg.game.engine import Game


def sides_owing(
    game: Game[S],
    state: S,
    turn: int,
    away: Collection[int] | None = None,
    metas: Mapping[SideId, Mapping[str, Any]] | None = None,
) -> set[SideId]:
    """The sides of players (not robots) that owe orders for ``turn`` of ``game`` in
    ``state``: not away, not quitting. ``away`` (the seats away in ``turn``: ``away_in``)
    and ``metas`` (sides' ``pending_meta`` for ``turn``) are what a caller has read
    already (`wtg status`): each player's file is read once; what they leave out is read
    here."""
    owing = game.ruleset.owing(state)
    if away is None:
        plans = isinstance(game.ruleset, PlansAbsence)
        away = away_in(game.store, game.config, turn) if plans and owing else set()
    found: set[SideId] = set()
    for side in owing:
        seat = game.ruleset.seat_of(state, side)
        if seat is None or seat in away:
            continue  # a robot gives its own orders; a player away owes none
        meta = metas.get(side) if metas is not None else None
        if meta is None:
            meta = game.store.pending_meta(turn, side)
        if meta.get("quit", False):
            continue  # his QUIT on file: he leaves when the turn runs
        found.add(side)
    return found


EVERY_PLAYER = "every player is"
"""Whose READY runs a turn that waits for all its players, before the word ``READY``."""

ONE_PLAYER = "the player whose turn it is is"
"""Whose READY runs a turn that waits for one player of several, before ``READY``."""


def ready_subject(game: Game[S], state: S) -> str:
    """Whose READY runs the coming turn of ``game`` in ``state`` (before its deadline, or
    in a game without one), as the words before ``READY`` in its page's and its GM's
    sentences: ``every player is``, or ``the player whose turn it is is`` where the players
    move one at a time (WISK, and Tactics after its army turn: their registrations'
    ``sooner`` says it of the ruleset) and the turn waits for one of several players."""
    ruleset = game.ruleset
    if ruleset.turn_style is not TurnStyle.SEQUENTIAL or len(ruleset.owing(state)) != 1:
        return EVERY_PLAYER
    humans = [
        side
        for side in ruleset.public_sides_of(state)
        if side.status == STILL_IN and ruleset.seat_of(state, side.id) is not None
    ]
    return ONE_PLAYER if len(humans) > 1 else EVERY_PLAYER


def robots_turn(game: Game[S], state: S) -> bool:
    """Whether the coming turn of ``game`` in ``state`` is a robot's, in a game whose players
    move one at a time (WISK, Tactics): it waits for no player, and the next `run-turn
    --due` runs it (``wtg.gm.nextdeadline.robots_run`` tells the GM so)."""
    ruleset = game.ruleset
    return ruleset.turn_style is TurnStyle.SEQUENTIAL and not ruleset.owing(state)
