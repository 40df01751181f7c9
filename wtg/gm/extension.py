"""Moving the coming turn's deadline (``wtg extend``): the move and the notices it owes the
players are one intent, safe to give again after a kill.

The intent is an entry of the latest turn's ``turn.json``, written in the same atomic write
as the new deadline::

    "next_deadline": "2026-11-26T18:00:00Z",
    "moved": [..., {"from": "2026-11-24T18:00:00Z", "to": "2026-11-26T18:00:00Z",
                    "at": "2026-11-23T09:12:40Z", "hours": 48, "told": false}]

Then the latest turn's reports are written again, each atomically, saying the new deadline
(``Game.reports_again``); every player's notice is queued (its outbox id names the turn,
the new deadline and the moment of the move, so queuing it again writes nothing new),
flushed to disk, and the entry marked ``"told": true``: the intent is finished. A run
killed anywhere in between leaves the entry unfinished; the next ``extend`` finds it (the
last entry, not told, its ``to`` still the deadline) and finishes it, queuing only the
notices that are missing, instead of moving the deadline again. An entry without ``told``
(written before there was one) is finished. So is one whose deadline no longer holds (a
rollback set another): its notices would tell of a deadline that is not the turn's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from wtg.core.errors import GameError, UsageError
from wtg.core.record import Record
from wtg.core.ruleset import S
from wtg.files.store import DEADLINE_MOVES
from wtg.game.engine import Game
from wtg.game.schedule import iso, make_schedule, moment_text, out_of_years, parse_iso
from wtg.gm.nextdeadline import (
    LatestTurnMeta,
    latest_turn_meta,
    robots_run,
    schedule_not_yet_taken,
)
from wtg.gm.owing import ready_subject
from wtg.text.shellcommand import shell_command

MAX_HOURS = 24 * 366
"""The longest a deadline may be moved at once: a year."""

MOVED = DEADLINE_MOVES
TOLD = "told"
UNDO = "undo"
"""A move's mark that it took the one before it back (`wtg extend --undo`)."""


class Extension(Record):
    """A deadline moved: of which turn, from when to when, at what moment and by how many
    hours (as the GM gave them)."""

    turn: int
    old: str
    new: str
    at: str
    hours: float


def extend(
    game: Game[S], hours: float, now: datetime, tell: Callable[[Extension], int]
) -> tuple[Extension, bool, int]:
    """Move the coming turn's deadline ``hours`` later (after the current deadline, or
    after now when that has passed) and ``tell`` the players (it queues their notices and
    returns how many were new), all under the game's lock. When the last move of that
    deadline was cut short before it was told, that one is finished instead and nothing
    moves (whatever ``hours``). Returns the extension, whether it moved the deadline now,
    and the notices queued."""
    if math.isfinite(hours) and hours < 0:
        raise UsageError(_later_only(game, hours, now))
    if not math.isfinite(hours) or not 0 < hours <= MAX_HOURS:
        raise UsageError(f"HOURS must be a number of hours above 0 and at most {MAX_HOURS}")
    with game.store.lock():
        latest = _latest(game)
        extension = unfinished(latest.meta, latest.turn + 1)
        new = extension is None
        if extension is None:
            extension = _move(latest, latest.turn + 1, hours, now)
            latest.write()  # the intent: the deadline and the notices
        return extension, new, _told(latest, extension, tell)


def _later_only(game: Game[S], hours: float, now: datetime) -> str:
    """The refusal of ``extend`` by ``hours`` below 0 (an earlier deadline meant): what
    does bring the deadline earlier, the ``--undo`` of its last move when there is one to
    take back, and `run-turn --now`. A game with no deadline to move is refused as such."""
    latest = _latest(game)
    name, turn = game.config.game, latest.turn + 1
    said = f"HOURS must be above 0 (not {hours:g}): extend moves a deadline later only"
    now_runs = f"`{shell_command('wtg', 'run-turn', name, '--now')}` runs turn {turn} now"
    last = _told_move(latest.meta)
    if (
        last is not None
        and last.get(UNDO) is not True
        and parse_iso(str(last["from"])) > now + timedelta(hours=1)
    ):
        return (
            f"{said}; `{shell_command('wtg', 'extend', name, '--undo')}` takes its last move back "
            f"(to {last['from']}), or {now_runs}"
        )
    return f"{said}, and no command moves one earlier: {now_runs}"


class NoMove(GameError):
    """`extend --undo` of a game whose coming deadline `wtg extend` did not move (the wrong
    game: the command line names a game whose move may be taken back)."""


def undo(
    game: Game[S],
    now: datetime,
    tell: Callable[[Extension], int],
    withdraw: Callable[[Extension], bool] | None = None,
) -> tuple[Extension, bool, int]:
    """Take back the last move of the coming turn's deadline (an extend given to the wrong
    game, or 480 hours typed for 48): the deadline back to the one it moved from, as a move
    of its own (recorded, its reports written again and the players told as for
    ``extend``, its ``hours`` the negative of the move's, ``undo`` true). Refused when the
    deadline was not moved by `wtg extend` (or moved since by a rollback or a turn), when
    its last move was an undo, and when the deadline it moved from has passed (the turn
    would run at once: `run-turn --now` does that). A move cut short is finished first, as
    ``extend`` finishes it, and nothing is taken back. ``withdraw`` is given the move taken
    back, when the players are to be told: True when it took that move's notices back
    before any was mailed (no player knew of it), and then the move back tells nobody."""
    with game.store.lock():
        latest = _latest(game)
        turn = latest.turn + 1
        extension = unfinished(latest.meta, turn)
        new = extension is None
        if extension is None:
            last = _told_move(latest.meta)
            name = game.config.game
            if last is None:
                raise NoMove(
                    f"game {name}: turn {turn}'s deadline was not moved by `wtg extend`: "
                    "nothing to take back"
                )
            if last.get(UNDO) is True:
                raise GameError(
                    f"game {name}: the last move of turn {turn}'s deadline was an --undo already: "
                    f"nothing to take back (`{shell_command('wtg', 'extend', name, 'HOURS')}` "
                    "moves it later)"
                )
            back = parse_iso(str(last["from"]))
            if back <= now + timedelta(hours=1):
                raise GameError(
                    f"game {name}: turn {turn}'s deadline was {last['from']} before the move, "
                    "which has passed: taken back, the turn would run at once; "
                    f"`{shell_command('wtg', 'run-turn', name, '--now')}` runs it now, or it runs "
                    "at the deadline it has, "
                    f"{latest.meta['next_deadline']}"
                )
            hours = float(last["hours"]) if isinstance(last.get("hours"), (int, float)) else 0.0
            extension = _move_to(latest, turn, str(last["from"]), now, -hours)
            latest.write()  # the intent: the deadline and the notices
        undone = undone_move(latest.meta, turn) if withdraw is not None else None
        if undone is not None and withdraw is not None and withdraw(undone):
            return extension, new, _told(latest, extension, lambda _moved: 0)
        return extension, new, _told(latest, extension, tell)


def undone_move(meta: dict[str, Any], turn: int) -> Extension | None:
    """The move the last entry of ``meta`` takes back (an undo's, the one before it);
    None when the last is no undo, or the one before is not one wtg can go by."""
    history = meta.get(MOVED)
    if not isinstance(history, list) or len(history) < 2:
        return None
    last, before = history[-1], history[-2]
    if not isinstance(last, dict) or last.get(UNDO) is not True or not isinstance(before, dict):
        return None
    old, new, at, hours = (before.get(key) for key in ("from", "to", "at", "hours"))
    if not (isinstance(old, str) and isinstance(new, str) and isinstance(at, str)):
        return None
    given = float(hours) if isinstance(hours, (int, float)) and not isinstance(hours, bool) else 0.0
    return Extension(turn=turn, old=old, new=new, at=at, hours=given)


def _told(latest: LatestTurnMeta, extension: Extension, tell: Callable[[Extension], int]) -> int:
    """A move of the deadline written: its turn's reports say it, the players are told
    (flushed to disk before the intent is marked finished), the intent marked finished;
    the notices queued."""
    latest.write_reports()
    queued = tell(extension)
    latest.meta[MOVED][-1][TOLD] = True
    latest.write()
    return queued


def _told_move(meta: dict[str, Any]) -> dict[str, Any] | None:
    """The last move that ``meta`` records of the coming turn's deadline, told, while that
    deadline is still its (no rollback or turn set another since); None when there is none
    (or one edited by hand into something wtg cannot go by)."""
    history = meta.get(MOVED)
    entry = history[-1] if isinstance(history, list) and history else None
    if not isinstance(entry, dict) or entry.get("to") != meta.get("next_deadline"):
        return None
    try:
        parse_iso(str(entry.get("from")))
    except ValueError:
        return None
    return entry


def last_move(game: Game[S]) -> Extension | None:
    """The last move of the coming turn's deadline (`wtg extend`), told, while that
    deadline is still its; None when there is none, or it was an ``--undo``. Read only, no
    lock: for a look before a move (the same move given twice, ``wtg.cli.gm``)."""
    latest = latest_turn_meta(game)
    entry = _told_move(latest.meta)
    if entry is None or entry.get(UNDO) is True or entry.get(TOLD) is False:
        return None
    hours, at = entry.get("hours"), entry.get("at")
    if not isinstance(hours, (int, float)) or isinstance(hours, bool) or not isinstance(at, str):
        return None
    turn = latest.turn + 1
    return Extension(turn=turn, old=str(entry["from"]), new=str(entry["to"]), at=at, hours=hours)


def clock_change(zone: str, old: str, new: str, hours: float, game: str) -> str | None:
    """What the GM is told when ``hours``, whole days (``2d``), moved a deadline (``old``,
    or now when that had passed, to ``new``) over a change of the clocks in the game's
    ``zone``: the new deadline is an hour off the one it was moved from there, which the
    players are told and the GM, who meant days, was not. None otherwise."""
    if hours <= 0 or hours % 24:
        return None
    tz = ZoneInfo(zone)
    after = parse_iso(new)
    start = max(parse_iso(old), after - timedelta(hours=hours)).astimezone(tz)
    local = after.astimezone(tz)
    behind = (start.utcoffset() or timedelta()) - (local.utcoffset() or timedelta())
    if not behind:
        return None
    said = (
        f"the clocks of {zone} change in between: the new deadline is "
        f"{local:%a %d %b %Y %H:%M} there, not {start:%H:%M} as the one it was moved from "
        "(wtg extend counts hours); "
    )
    if behind > timedelta():  # the clocks went back: more hours bring it to its hour
        return (
            said + f"`{shell_command('wtg', 'extend', game, f'{behind / timedelta(hours=1):g}')}` "
            f"makes it {start:%H:%M}"
        )
    return said + f"the players are told {local:%H:%M}"


def unfinished(meta: dict[str, Any], turn: int) -> Extension | None:
    """The move of turn ``turn``'s deadline that ``meta`` (the turn before's ``turn.json``)
    records as not yet told, while its deadline holds; None when there is none."""
    history = meta.get(MOVED)
    entry = history[-1] if isinstance(history, list) and history else None
    if not isinstance(entry, dict) or entry.get(TOLD) is not False:
        return None
    old, new, at, hours = (entry.get(key) for key in ("from", "to", "at", "hours"))
    if not (isinstance(old, str) and isinstance(at, str) and isinstance(new, str)):
        return None  # edited by hand: not one wtg can go by
    if new != meta.get("next_deadline"):
        return None
    given = float(hours) if isinstance(hours, (int, float)) and not isinstance(hours, bool) else 0.0
    return Extension(turn=turn, old=old, new=new, at=at, hours=given)


def _latest(game: Game[S]) -> LatestTurnMeta:
    """The latest turn's ``turn.json``, refused when there is no deadline to move."""
    if game.ruleset.is_over(game.state()):
        raise GameError(f"game {game.config.game} is over: it has no deadline to move")
    game.meta()  # a deadline edited by hand into no time of ours refused, as every command does
    latest = latest_turn_meta(game)
    why = schedule_not_yet_taken(game, latest.deadline)
    if why is not None:
        raise GameError(f"game {game.config.game} has no deadline to move: {why}")
    if latest.deadline is None:
        robots = robots_run(game)
        meanwhile = (
            f"runs once {ready_subject(game, game.state())} READY, or by "
            f"`{shell_command('wtg', 'run-turn', game.config.game, '--now')}`"
            if robots is None
            else f"waits for no player: {robots}"
        )
        raise GameError(
            f"game {game.config.game} has no deadline (made without --every, or its "
            f"turn {latest.turn} has none): there is none to move; to give it deadlines, "
            f"write a schedule into its game.yaml ({_schedule_line()}, first the day of the "
            'first deadline: docs/gm.md, "Editing game.yaml by hand"); meanwhile its turn '
            f"{meanwhile}"
        )
    return latest


def _schedule_line() -> str:
    """A schedule: line as game.yaml holds one, of deadlines every two days at 18:00 in
    Vienna from the first such deadline a whole turn away: an example to change."""
    first = make_schedule(2, "18:00", "Europe/Vienna").first
    return f"schedule: {{every_days: 2, at: '18:00', timezone: Europe/Vienna, first: '{first}'}}"


def _move(latest: LatestTurnMeta, turn: int, hours: float, now: datetime) -> Extension:
    """The latest turn's ``meta`` with the deadline moved ``hours`` on (from now when it
    has passed), the move recorded, not yet told (``_move_to``)."""
    old = parse_iso(str(latest.meta["next_deadline"]))
    start = max(old, now.replace(microsecond=0))
    moved = start + timedelta(hours=hours)
    wrong = out_of_years(moved)
    if wrong is not None:  # 8999-12-30 moved 8784 hours: refused before turn.json is written
        name = latest.game.config.game
        raise GameError(
            f"game {name}: turn {turn}'s deadline, {moment_text(start)}, moved {hours:g} hours "
            f"on would be {moment_text(moved)}: {wrong}; not moved "
            f"(`{shell_command('wtg', 'hold', name)}` stops its turns a while)"
        )
    return _move_to(latest, turn, iso(moved.replace(microsecond=0)), now, hours)


def _move_to(latest: LatestTurnMeta, turn: int, new: str, now: datetime, hours: float) -> Extension:
    """The latest turn's ``meta`` with the deadline moved to ``new`` (its reports marked
    behind it: ``LatestTurnMeta.move``) and the move recorded, not yet told; a move back
    (``hours`` below 0: ``undo``) marked so."""
    meta = latest.meta
    old = str(meta["next_deadline"])
    extension = Extension(turn=turn, old=old, new=new, at=iso(now), hours=hours)
    kept = meta.get(MOVED)
    history = kept if isinstance(kept, list) else []
    entry = {"from": old, "to": extension.new, "at": extension.at, "hours": hours, TOLD: False}
    if hours < 0:
        entry[UNDO] = True
    latest.move(extension.new)
    meta[MOVED] = [*history, entry]
    return extension
