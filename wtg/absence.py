"""Planned absence (a mail's ``ABSENCE <game> <from> <to>``): the turns a seat will be
away, kept in ``GAME_DIR/absences.json``, and the orders the engine gives its sides for
those turns when they send none. What those orders do is the ruleset's (``PlansAbsence``;
WoK: dig in without a missed turn counted), up to its limit of turns a game.

An absence is its player's: the file keeps, beside each seat's turns (``"3": [5, 6]``),
whose they are (``"holders": {"3": <digest of his code>}``), and a new player who takes
the seat over (``wtg.takeover``: a new code) is away on none of them. A file written
before holders were kept counts for whoever holds the seat."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from wtg.core.errors import UsageError
from wtg.core.jsondata import Json
from wtg.core.ruleset import PlansAbsence, Ruleset, S, SeatId
from wtg.files.store import GameStore, write_atomic
from wtg.gameconfig import GameConfig

if TYPE_CHECKING:
    from wtg.engine import Game

FILE = "absences.json"
MOST_AHEAD = 100
"""Turns ahead an absence may be planned."""


class AbsenceRefused(UsageError, ValueError):
    """An absence that cannot be planned; the message says why."""


HOLDERS = "holders"


def absences(store: GameStore, config: GameConfig) -> dict[int, list[int]]:
    """The turns each seat's player will be (or was) away: of the player who holds it now
    (``config``), not of one before him."""
    try:
        data = json.loads((store.root / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    kept = data.get(HOLDERS)
    holders = kept if isinstance(kept, dict) else {}
    return {
        int(seat): [t for t in turns if isinstance(t, int)]
        for seat, turns in data.items()
        if str(seat).isdigit()
        and isinstance(turns, list)
        and holders.get(str(seat), _holder(config, int(seat))) == _holder(config, int(seat))
    }


def _holder(config: GameConfig, seat: int) -> str | None:
    """Who holds ``seat`` now, as the file names him: a digest of his code (None for a seat
    the game does not have)."""
    entry = next((p for p in config.players if p.id == seat), None)
    return hashlib.sha256(entry.code.encode()).hexdigest()[:16] if entry is not None else None


def away_in(store: GameStore, config: GameConfig, turn: int) -> set[int]:
    """The seats of the game's players that are away in ``turn`` (planned absences)."""
    seats = {p.id for p in config.players}
    return {s for s, turns in absences(store, config).items() if turn in turns and s in seats}


def plan_absence(game: Game, seat: int, first: str, last: str) -> tuple[list[int], str]:
    """Note that ``seat`` is away from ``first`` to ``last`` (turn numbers, or days as
    YYYY-MM-DD matched against the deadlines); the turns, and what the rules do meanwhile."""
    rules = game.ruleset
    if not isinstance(rules, PlansAbsence):
        raise AbsenceRefused(
            f"the rules of {rules.name} have no planned absence: ask the GM, or send orders"
        )
    with game.store.lock():
        turns = _turns(game, first, last)
        kept = absences(game.store, game.config)
        mine = sorted(set(kept.get(seat, [])) | set(turns))
        if len(mine) > rules.absence_turns:
            raise AbsenceRefused(
                f"a player may be away {rules.absence_turns} turns a game; with these you "
                f"would be away {len(mine)}"
            )
        kept[seat] = mine
        data: dict[str, object] = {str(k): v for k, v in sorted(kept.items())}
        data[HOLDERS] = {str(k): _holder(game.config, k) for k in sorted(kept)}
        write_atomic(game.store.root / FILE, json.dumps(data) + "\n")
    return turns, rules.absence_policy


def _turns(game: Game, first: str, last: str) -> list[int]:
    coming = game.latest_turn() + 1
    if first.isdigit() and last.isdigit():
        low, high = int(first[:6]), int(last[:6])
    else:
        low, high = _turns_of_days(game, _day(first), _day(last), coming)
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
    """The turns whose deadlines fall on the days from ``first`` to ``last``."""
    schedule = game.config.schedule
    deadline = game.deadline()
    if schedule is None or deadline is None:
        raise AbsenceRefused(f"game {game.config.game} has no deadlines: give turn numbers")
    found = []
    for turn in range(coming, coming + MOST_AHEAD):
        if first <= deadline.date() <= last:
            found.append(turn)
        deadline = schedule.next_after(deadline)
    if not found:
        raise AbsenceRefused(f"no deadline falls from {first} to {last}")
    return found[0], found[-1]


def absent_orders(
    store: GameStore, ruleset: Ruleset[S], config: GameConfig, state: S, turn: int
) -> dict[int, Mapping[str, Json]]:
    """The orders of the sides away in ``turn`` (those that sent orders play them)."""
    if not isinstance(ruleset, PlansAbsence):
        return {}
    owing = set(ruleset.owing(state))
    found: dict[int, Mapping[str, Json]] = {}
    for seat in sorted(away_in(store, config, turn)):
        for side in ruleset.sides_of(state, SeatId(seat)):
            if side in owing:
                found[side] = ruleset.absent_orders(side)
    return found
