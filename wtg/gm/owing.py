"""The players a game's coming turn waits for: those the ruleset says owe orders, not one
away for the turn (a planned absence) nor one whose QUIT is on file. `wtg status`
(``wtg.gm.gamestatus``) lists them, `run-turn --due` runs the turn once they are all READY
(``wtg.host.due.why_due``), and a game without a deadline is said to wait for them
(``wtg.gm.nextdeadline``)."""

from __future__ import annotations

from wtg.core.ruleset import PlansAbsence, S, SideId
from wtg.game.absences import away_in
from wtg.game.engine import Game


def sides_owing(game: Game[S], state: S, turn: int) -> set[SideId]:
    """The sides of players (not robots) that owe orders for ``turn`` of ``game`` in
    ``state``: not away, not quitting."""
    owing = game.ruleset.owing(state)
    plans = isinstance(game.ruleset, PlansAbsence)
    away = away_in(game.store, game.config, turn) if plans and owing else set()
    found: set[SideId] = set()
    for side in owing:
        seat = game.ruleset.seat_of(state, side)
        if seat is None or seat in away:
            continue  # a robot gives its own orders; a player away owes none
        if game.store.pending_meta(turn, side).get("quit", False):
            continue  # his QUIT on file: he leaves when the turn runs
        found.add(side)
    return found
