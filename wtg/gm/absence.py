"""A player plans an absence (a mail's ``ABSENCE <game> <from> <to>``): the turns he will be
away, checked against the rules' limit and the game's deadlines, and kept in the game's
absences file (``wtg.game.absences``, which gives his sides their absent orders)."""

from __future__ import annotations

from datetime import date

from wtg.core.errors import UsageError
from wtg.core.ruleset import PlansAbsence, SeatId
from wtg.core.typednumber import typed_number
from wtg.game.absences import absences, keep_absences, planned_by
from wtg.game.engine import Game

MOST_AHEAD = 100
"""Turns ahead an absence may be planned."""


class AbsenceRefused(UsageError, ValueError):
    """An absence that cannot be planned; the message says why."""


def plan_absence(
    game: Game, seat: int, first: str, last: str, source: str | None = None
) -> tuple[list[int], str]:
    """Note that ``seat`` is away from ``first`` to ``last`` (turn numbers, or days as
    YYYY-MM-DD matched against the deadlines); the turns, and what the rules do meanwhile.
    ``source``: the mail's key and the command's line; the same mail read again (a poll
    killed before its journal's commit, a turn perhaps run since) gets the turns it
    planned, and nothing is checked or written again."""
    rules = game.ruleset
    if not isinstance(rules, PlansAbsence):
        raise AbsenceRefused(
            f"the rules of {rules.name} have no planned absence: ask the GM, or send orders"
        )
    with game.store.lock():
        done = planned_by(game.store, source) if source is not None else None
        if done is not None:
            return done, rules.absence_policy
        state = game.state_view()
        owing = set(rules.owing(state))
        if not any(side in owing for side in rules.sides_of(state, SeatId(seat))):
            raise AbsenceRefused(  # quit, or out: no turn of his to be away from
                f"player {seat} has no orders to give in game {game.config.game}: no absence "
                "to plan"
            )
        turns = _turns(game, first, last)
        kept = absences(game.store, game.config)
        mine = sorted(set(kept.get(seat, [])) | set(turns))
        if len(mine) > rules.absence_turns:
            raise AbsenceRefused(
                f"a player may be away {rules.absence_turns} turns a game; with these you "
                f"would be away {len(mine)}"
            )
        kept[seat] = mine
        keep_absences(game.store, game.config, kept, source, turns)
    return turns, rules.absence_policy


def _turns(game: Game, first: str, last: str) -> list[int]:
    coming = game.latest_turn() + 1
    low_typed, high_typed = typed_number(first), typed_number(last)
    if low_typed is not None and high_typed is not None:
        low, high = low_typed, high_typed
    else:
        days = [
            _day(word) for word, typed in ((first, low_typed), (last, high_typed)) if typed is None
        ]
        if len(days) < 2:  # a turn beside a day: the turn is no word to refuse
            raise AbsenceRefused(
                f"give two turn numbers (ABSENCE {game.config.game} 5 7) or two days "
                "written YYYY-MM-DD, not one of each"
            )
        low, high = _turns_of_days(game, days[0], days[1], coming)
    if low < coming:
        raise AbsenceRefused(f"turn {low} has run: the coming turn is {coming}")
    if high < low or high - coming >= MOST_AHEAD:
        raise AbsenceRefused(f"from turn {low} to turn {high}: give the first turn, then the last")
    return list(range(low, high + 1))


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise AbsenceRefused(
            f"{text[:20]!r} is neither a turn number nor a day written YYYY-MM-DD"
        ) from None


def _turns_of_days(game: Game, first: date, last: date, coming: int) -> tuple[int, int]:
    """The turns whose deadlines fall on the days from ``first`` to ``last``: days of the
    game's time zone, the day its reports name (``Fri 04 Dec 2026 20:00 America/New_York``),
    not the UTC day, which is another for a deadline late or early in the day."""
    schedule = game.config.schedule
    deadline = game.deadline()
    if schedule is None or deadline is None:
        raise AbsenceRefused(f"game {game.config.game} has no deadlines: give turn numbers")
    zone = schedule.zone()
    found = []
    for turn in range(coming, coming + MOST_AHEAD):
        if first <= deadline.astimezone(zone).date() <= last:
            found.append(turn)
        deadline = schedule.next_after(deadline)
    if not found:
        raise AbsenceRefused(f"no deadline falls from {first} to {last}")
    return found[0], found[-1]
