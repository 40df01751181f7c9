"""The coming turn's deadline where the GM's commands move it (``wtg extend``:
``wtg.gm.extension``; ``wtg release``: ``wtg.gm.control``): the latest turn's
``turn.json`` (its ``next_deadline``), read as it is, changed in place and written again
whole, then the latest turn's reports, which say it, written again.

The write that moves the deadline marks ``turn.json`` ``"reports_behind": true`` (``move``),
and the mark is dropped once the reports say it (``write_reports``): a command killed in
between leaves it, and `wtg send` holds the turn's reports back while it is there
(``reports_behind``) instead of mailing reports that tell of the deadline before, until the
GM gives the command again, which writes them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from wtg.core.ruleset import TurnStyle
from wtg.files.store import (
    DEADLINE_MOVES,
    DEADLINE_SET,
    REPORTS_BEHIND,
    deadline_set,
    write_atomic,
)
from wtg.game.engine import Game
from wtg.game.schedule import iso, local_text, parse_iso
from wtg.game.turnfiles import new_meta
from wtg.game.turnmeta import TURN_META, dump_json
from wtg.gm.owing import ready_subject, sides_owing
from wtg.text.shellcommand import shell_command


@dataclass
class LatestTurnMeta:
    """The latest turn's ``turn.json`` as read (``meta``: empty when it could not be read
    or is no JSON object), every key kept, to be changed in place and written again."""

    game: Game[Any]
    turn: int
    meta: dict[str, Any]

    @property
    def deadline(self) -> str | None:
        """The coming turn's deadline it holds, None when it holds none."""
        stamp = self.meta.get("next_deadline")
        return stamp if isinstance(stamp, str) else None

    def move(self, deadline: str) -> None:
        """The coming turn's deadline set in ``meta`` to ``deadline``, the reports marked
        behind it (not written: ``write``)."""
        self.meta["next_deadline"] = deadline
        self.meta[REPORTS_BEHIND] = True

    def write(self) -> None:
        """``turn.json`` written again with ``meta``, atomically (the game reads it again
        as it is at its next use: ``Game._turn_json``)."""
        write_atomic(self._folder / TURN_META, dump_json(self.meta))

    def write_reports(self) -> None:
        """The turn's reports written again, each atomically, saying the deadline its
        ``turn.json`` holds; then ``turn.json`` written again without the mark that they
        were behind it, when it had one."""
        for relpath, text in self.game.reports_again(self.turn).items():
            write_atomic(self._folder / relpath, text)
        if self.meta.pop(REPORTS_BEHIND, None) is not None:
            self.write()

    @property
    def _folder(self) -> Path:
        return self.game.store.turn_dir(self.turn)


def moved_deadline(game: Game[Any]) -> str | None:
    """The coming turn's deadline (``Game.deadline_stamp``) when it is not the one the
    latest turn set when it ran (``deadline_set``): `wtg extend`, its undo or a release
    moved it since; None when it is that one, or there is none. A reminder of the moved
    deadline is a mail of its own (``wtg.mail.outgoing.sender``), and one queued before the
    move is not sent (``wtg.mail.outgoing.failedmail``): it says the deadline before."""
    stamp = game.deadline_stamp()
    if stamp is None:
        return None
    return None if deadline_set(latest_turn_meta(game).meta) == stamp else stamp


def moved_before(game: Game[Any], made: datetime) -> bool:
    """Whether the coming turn's deadline now was set by a move of `wtg extend` (or its
    undo) made before ``made``: a reminder a wtg before round 46 queued at ``made`` gave
    that deadline, though its id, with no ``-dN``, reads as one of the deadline the turn
    set (hosts47). False when the deadline is not its last move's, or the move's time does
    not read (a release moves it with no time kept)."""
    stamp = game.deadline_stamp()
    moves = latest_turn_meta(game).meta.get(DEADLINE_MOVES)
    last = moves[-1] if isinstance(moves, list) and moves else None
    if stamp is None or not isinstance(last, dict) or last.get("to") != stamp:
        return False
    try:
        at = parse_iso(str(last.get("at")))
    except ValueError:
        return False
    return at.tzinfo is not None and at < made


def latest_turn_meta(game: Game[Any]) -> LatestTurnMeta:
    """The latest turn's ``turn.json`` (under the game's lock, which the caller holds)."""
    latest = game.latest_turn()
    try:
        meta = json.loads((game.store.turn_dir(latest) / TURN_META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = None
    return LatestTurnMeta(game, latest, meta if isinstance(meta, dict) else {})


def schedule_not_yet_taken(game: Game[Any], deadline: str | None) -> str | None:
    """Why the coming turn has no ``deadline`` (as the latest turn set it) though game.yaml
    has a schedule (one written in after that turn ran) and what the GM may do; None
    when it has one, or game.yaml none."""
    if game.config.schedule is None or deadline is not None:
        return None
    name, turn = game.config.game, game.latest_turn()
    said = (
        f"its turn {turn} set none (game.yaml's schedule came after it ran); the turn after "
        "it takes the schedule up, its deadline a whole turn later: "
    )
    robots = robots_run(game)
    if robots is not None:
        return said + robots
    return said + (
        f"`{shell_command('wtg', 'run-turn', name, '--now')}` runs turn {turn + 1} now, or it runs "
        f"once {ready_subject(game, game.state())} READY"
    )


def robots_run(game: Game[Any]) -> str | None:
    """What runs the coming turn of ``game`` while it has no deadline and no player owes
    orders for it (``wtg.gm.owing``), as `run-turn --due` finds it due
    (``wtg.host.due.why_due``): a robot's turn in a game whose players move one at a time
    runs at the next due run; a turn of robots alone (or of players all away or quitting)
    is never due, no player being left to be READY, and runs by hand alone, after a release
    when the GM holds the game (run-turn refuses it until then). None when a player owes
    orders: the turn runs once every one of them is READY (``ready_subject`` says whose)."""
    state = game.state()
    turn = game.ruleset.turn_of(state) + 1
    if game.ruleset.is_over(state) or sides_owing(game, state, turn):
        return None
    name = game.config.game
    sequential = game.ruleset.turn_style is TurnStyle.SEQUENTIAL
    if game.ruleset.owing(state):
        why = "those who owe them are away or quitting"
    else:
        why = "a robot's: the players move one at a time" if sequential else "robots alone play on"
    if sequential:
        said = (
            f"no player owes orders for turn {turn} ({why}), and the next run-turn --due "
            "(cron's, or wtg serve) runs it"
        )
    else:
        said = (
            f"no player is left to give orders for turn {turn} ({why}), so no run-turn --due runs "
            f"it: `{shell_command('wtg', 'run-turn', name)}` does"
        )
    if game.held() is None:
        return said
    release = shell_command("wtg", "release", name)
    return said + f"; HELD: `{release}` first (run-turn refuses a held game)"


def schedule_changed(game: Game[Any], deadline: str | None, now: datetime) -> str | None:
    """Why the coming turn's ``deadline`` (as the latest turn set it) is not one of
    game.yaml's schedule (its hour, zone or days edited by hand since that turn ran: the
    turns after it follow the schedule, this one keeps its own), and the `wtg extend` that
    moves it to the schedule's next hour when that is later the same day; None when it is
    one, was moved by `wtg extend` (its own hour), has passed, or there is none. A
    ``next_deadline`` edited by hand in the latest turn's ``turn.json`` is said as that edit
    (``_hand_set``), turn 0's by ``first_edited``."""
    schedule = game.config.schedule
    if schedule is None or deadline is None:
        return None
    try:
        due = parse_iso(deadline)
    except ValueError:  # a turn.json edited by hand: `wtg status` shows it as it is
        return None
    if due <= now or latest_turn_meta(game).meta.get("moved"):
        return None
    if schedule.next_after(due - timedelta(microseconds=1)) == due:
        return None
    latest = game.latest_turn()
    set_then = _hand_set(game, latest)
    if set_then is not None:  # turn.json's next_deadline edited, not the schedule
        return None if latest == 0 else _hand_set_note(game, latest, due, set_then)
    zone = schedule.timezone
    days = "every day" if schedule.every_days == 1 else f"every {schedule.every_days} days"
    note = (
        f"the coming deadline, {local_text(due, zone)}, was set when turn {game.latest_turn()} "
        f"ran; game.yaml's schedule ({days} at {schedule.at} {zone}) gives the turns after it "
        "theirs"
    )
    target = schedule.next_after(due)
    hours = (target - due) / timedelta(hours=1)
    if hours < 24:
        note += (
            f": `{shell_command('wtg', 'extend', game.config.game, f'{hours:g}')}` moves this one "
            f"to {local_text(target.astimezone(timezone.utc), zone)}"
        )
    return note


def reports_behind(meta: object) -> bool:
    """Whether a turn's ``turn.json`` (as read) says its reports do not yet say the
    deadline it holds: a `wtg extend` or `wtg release` killed after it moved the deadline
    and before it wrote them again."""
    return isinstance(meta, dict) and meta.get(REPORTS_BEHIND) is True


def first_edited(game: Game[Any], deadline: str | None) -> str | None:
    """What an edit of game.yaml's ``schedule: first:`` (the day of a game's first deadline,
    which counts when the game starts) does once its turn 0 has run, said as ``wtg status
    GAME``'s NOTE line (``--json``: ``first_edited``): the coming ``deadline`` stays, and the
    turns after it keep the days they would have had, or get those the edited day counts
    from. None when ``first:`` gives the deadline turn 0 set (a game of a waiting list whose
    turn 0 ran after its first day too), or turn 0 set none (a schedule written in after it:
    ``schedule_not_yet_taken``)."""
    schedule = game.config.schedule
    if schedule is None or game.latest_turn() < 0 or deadline is None:
        return None
    try:
        meta = json.loads((game.store.turn_dir(0) / TURN_META).read_text(encoding="utf-8"))
        if not isinstance(meta, dict):
            return None
        made = parse_iso(str(deadline_set(meta)))  # not one a release, rollback or extend set
        ran = parse_iso(str(meta["ran_at"]))
        due = parse_iso(deadline)
    except (OSError, ValueError, TypeError, KeyError):  # turn.json edited: status shows it
        return None
    made_day = made.astimezone(schedule.zone()).date().isoformat()
    if schedule.first == made_day or schedule.next_after(ran) == made:
        return None  # as made; or a turn 0 run after its first day (a game of a list)
    name, zone = game.config.game, schedule.timezone
    set_then = _hand_set(game, 0)
    if set_then is not None:  # turn.json edited, not game.yaml's first:
        return _hand_set_note(game, 0, made, set_then) if due == made else None
    said = (
        f"game.yaml's schedule says first: {schedule.first}, the day of the game's first deadline, "
        f"which counts when a game starts (its turn 0 set {made_day}): the coming deadline stays "
        f"{local_text(due, zone)} (`{shell_command('wtg', 'extend', name, 'HOURS')}` moves it)"
    )
    was = schedule.replaced(first=made_day).next_after(due)
    now = schedule.next_after(due)
    if was == now:
        return f"{said}, and the edit moves no later one either: give back first: {made_day}"
    return (
        f"{said}; the edit moves the turn after it to {local_text(now, zone)} (it had "
        f"{local_text(was, zone)})"
    )


def _hand_set(game: Game[Any], turn: int) -> datetime | None:
    """The deadline turn ``turn`` set when its ``next_deadline`` was edited by hand since
    (game.yaml untouched): the one game.yaml's schedule gives after the turn ran, which its
    ``turn.json`` no longer holds and its reports say; None when it holds it, a command of
    wtg's moved it (a release, a rollback, `wtg extend`: their marks), or the reports say
    another (an edit of game.yaml: they say what the turn set, ``first_edited``)."""
    schedule = game.config.schedule
    if schedule is None:
        return None
    try:
        meta = json.loads((game.store.turn_dir(turn) / TURN_META).read_text(encoding="utf-8"))
        ran, due = parse_iso(str(meta["ran_at"])), meta.get("deadline")
        due = due if isinstance(due, str) else None
        # a turn that waited for no one's orders keeps the deadline it ran at (``new_meta``)
        set_then = {
            new_meta(schedule, turn, due, ran, waited)["next_deadline"] for waited in (True, False)
        }
    except (OSError, ValueError, TypeError, KeyError, OverflowError):
        return None
    if any(key in meta for key in (DEADLINE_MOVES, DEADLINE_SET, REPORTS_BEHIND)):
        return None
    if meta.get("next_deadline") in set_then:
        return None
    report = _report(game, turn)
    for stamp in sorted(stamp for stamp in set_then if stamp):
        if " ".join(local_text(parse_iso(stamp), schedule.timezone).split()) in report:
            return parse_iso(stamp)
    return None


def _report(game: Game[Any], turn: int) -> str:
    """The first player's report of turn ``turn`` that says anything, its lines joined by a
    space each; "" when there is none."""
    for entry in game.config.players:
        path = game.store.turn_dir(turn) / "reports" / f"p{entry.id:02d}.txt"
        try:
            said = " ".join(path.read_text(encoding="utf-8").split())
        except (OSError, UnicodeDecodeError):
            continue
        if said:
            return said
    return ""


def _hand_set_note(game: Game[Any], turn: int, edited: datetime, set_then: datetime) -> str:
    """The note of turn ``turn``'s ``next_deadline`` edited by hand (``_hand_set``), as
    ``wtg status`` says it: ``first_edited``'s of turn 0, ``schedule_changed``'s after."""
    schedule = game.config.schedule
    assert schedule is not None  # ``_hand_set`` found one
    zone = schedule.timezone
    first = f" (game.yaml's first: {schedule.first})" if turn == 0 else ""
    return (
        f"{game.store.turn_dir(turn) / TURN_META}: next_deadline: {iso(edited)!r} "
        f"({local_text(edited, zone)}) is not the deadline turn {turn} set, "
        f"{local_text(set_then, zone)}{first}, which its reports gave the players: edited by "
        "hand? The turn runs at the deadline turn.json says, the players not told (put back "
        f"{iso(set_then)!r}, or `{shell_command('wtg', 'extend', game.config.game, 'HOURS')}` "
        "moves it and tells them)"
    )
