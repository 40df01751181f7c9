"""`wtg status --host`: is the host well? The facts a GM looks for when something seems
wrong, gathered from where each is kept, read only:

- the service (``wtg.host.servicerecord``): running or not, its pid and since when;
- the last mail poll and how it went (``wtg.host.pollhealth``);
- the next deadline, and its game (each game's schedule, the games of ``games_dir``);
- the outbox: the mails waiting, deferred, the oldest (``wtg.mail.outgoing.outbox``);
- the mails quarantined and held (``wtg quarantine``, ``wtg.mail.spool.journal``), and the
  releases of them cut short (their mails perhaps in the rejected folder still);
- the players' addresses whose mail bounced (``wtg bounces``, ``wtg.game.bounces``);
- the mail kept, which wtg never removes (``wtg.mail.spool.spoolsize``).

``as_json`` keeps the keys of the contract (``service`` with ``running`` and ``pid``,
``last_poll``, ``next_deadline``, ``outbox``, ``quarantined``); ``lines`` is the text.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from wtg import __version__
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.files.gamesfolder import SPOOL
from wtg.game.schedule import iso, moment_text
from wtg.gm.gamestatus import OVERDUE_AFTER, RUNS_IT, game_status, span_text
from wtg.host.gamesdir import Unreadable, failure_reason, scan_games
from wtg.host.pollhealth import PollHealth, last_poll
from wtg.host.servicerecord import code_folder, read_service_record, read_stopped_service
from wtg.mail.outgoing.digest import Failing, failing_of
from wtg.mail.outgoing.outbox import OutboxLook, look
from wtg.mail.outgoing.sendstopped import SendStopped, send_stopped
from wtg.mail.poll.stuck import LIVES_HOLDING, STUCK_AFTER, named, what_to_do
from wtg.mail.servers.otherhost import Seen, others_seen
from wtg.mail.spool.claimstate import kept_state
from wtg.mail.spool.floodcopies import FLOOD_COPIES_DAYS
from wtg.mail.spool.journallists import (
    cut_short_line,
    held_mails,
    held_over,
    quarantined,
    releasing,
)
from wtg.mail.spool.runlock import Holder, holder
from wtg.mail.spool.spoolsize import Kept, KeptMail, kept_mail
from wtg.upkeep.backup import human_size


class Service(Record):
    """The service as its record says: ``pid`` and ``since`` only while it runs;
    ``gone`` is the pid of a record whose process is gone (killed, or the machine
    restarted)."""

    running: bool
    pid: int | None = None
    since: datetime | None = None
    version: str | None = None
    other_code: bool = False
    """It runs other code than this wtg's under the same version: wtg was installed again
    since it started (a ``git pull``, a ``pip install`` of the same version number), or
    this wtg is another install than the service's."""
    folder: str | None = None
    """The folder its wtg was imported from (None in a record before round 48)."""
    other_install: bool = False
    """That folder is another than this wtg's: a restart runs that wtg again, not this."""
    config_edited: str = ""
    """The service's config file when it reads otherwise now than the service read it
    (edited since, not reloaded); "" when it does not."""
    gone: int | None = None
    stopped: datetime | None = None
    """When the last service stopped as a service stops (none runs now, none was killed)."""
    ran_since: datetime | None = None
    """Since when that service had run."""
    stopped_error: str = ""
    """Why that service stopped on its own (its games folder gone, an error); "" when it
    was asked to stop."""


class Deadline(Record):
    """The earliest deadline of the running games that the GM does not hold."""

    game: str
    turn: int
    at: datetime


class HostHealth(Record):
    games_dir: Path
    now: datetime
    service: Service
    last_poll: PollHealth | None
    next_deadline: Deadline | None
    outbox: OutboxLook
    quarantined: int
    held: int
    failing: tuple[Failing, ...] = ()
    unreadable: tuple[str, ...] = ()
    """A line for each game folder that could not be read (its deadline unknown)."""
    kept: KeptMail = KeptMail(archive=Kept(), sent=Kept())
    """The mail read and sent that the spool keeps (``archive/``, ``outbox/sent/``)."""
    other_program: Seen | None = None
    """The last mail another program filed into the IMAP folders the poll files into, in
    the last day (``wtg.mail.servers.otherhost``: a second host on the mailbox)."""
    releases_cut_short: tuple[str, ...] = ()
    """The keys of the mails whose release (`wtg quarantine --release`) was cut short: each
    perhaps still in the rejected folder, where no poll looks (``releasing``)."""
    send_stopped: SendStopped | None = None
    """Why the last send sent nothing (the server not reached, the login or the From
    refused, the key not signing), while no send has sent since (``sendstopped``)."""
    poll_lock: Holder | None = None
    """Who holds the poll's lock now (``wtg.mail.spool.runlock.holder``): a poll under way,
    one stopped or hung, `wtg serve`; None when none holds it, or none says who."""
    moved: str | None = None
    """Why this host stopped: a copy of it took the mailbox over (``wtg.mail.poll.hostclaim``,
    the line its poll said); None while it serves the mailbox, as its last look found."""

    def _stopped(self) -> SendStopped | None:
        """``send_stopped`` while mail waits (none waiting: nothing it holds back)."""
        return self.send_stopped if self.outbox.waiting else None

    def as_json(self) -> dict[str, object]:
        service = self.service
        poll = self.last_poll
        deadline = self.next_deadline
        box = self.outbox
        stopped = self._stopped()
        return {
            "service": {
                "running": service.running,
                "pid": service.pid,
                "since": _moment(service.since),
                "version": service.version,
                "runs_other_code": service.other_code
                or bool(service.version and service.version != __version__),
                "folder": service.folder,
                "other_install": service.other_install,
                "config_edited": bool(service.config_edited),
                "gone_pid": service.gone,
                "stopped": _moment(service.stopped),
                "stopped_error": service.stopped_error or None,
            },
            "last_poll": None
            if poll is None
            else {
                "at": _moment(poll.last),
                "ok": not poll.failing,
                "result": poll.result if not poll.failing else None,
                "error": poll.error if poll.failing else None,
                "last_success": _moment(poll.last_success),
                "last_failure": _moment(poll.last_failure),
            },
            "next_deadline": None
            if deadline is None
            else {
                "game": deadline.game,
                "turn": deadline.turn,
                "at": iso(deadline.at),
                "overdue": deadline.at <= self.now,
            },
            "outbox": box.waiting,
            "outbox_deferred": box.deferred,
            "outbox_oldest": _moment(box.oldest),
            "outbox_error": box.last_error or None,
            "outbox_refused": box.refused,
            "outbox_send_error": None if stopped is None else stopped.error,
            "outbox_send_error_at": None if stopped is None else iso(stopped.at),
            "quarantined": self.quarantined,
            "held": self.held,
            "releases_cut_short": list(self.releases_cut_short),
            "failing_addresses": [
                {
                    "game": f.game,
                    "player": f.player,
                    "address": f.address,
                    "since": f.since,
                    "why": f.why,
                }
                for f in self.failing
            ],
            "unreadable": list(self.unreadable),
            "other_program": None
            if self.other_program is None
            else {"at": iso(self.other_program.at), "line": self.other_program.line},
            "kept_mail": {
                name: {"files": kept.files, "bytes": kept.size, "oldest": kept.oldest}
                for name, kept in (("archive", self.kept.archive), ("sent", self.kept.sent))
            },
            "games_dir": str(self.games_dir),
            "version": __version__,
            "mailbox_taken_over": self.moved,
            "poll_lock": None
            if self.poll_lock is None
            else {
                "pid": self.poll_lock.pid,
                "since": iso(self.poll_lock.since),
                "what": self.poll_lock.what,
                "state": self.poll_lock.state,
            },
        }

    def lines(self) -> list[str]:
        """A line a fact, the trouble first in each: what a GM reads at 2 a.m."""
        return [
            self._service_line(),
            self._poll_line(),
            *self._lock_line(),
            *([self._other_line()] if self.other_program is not None else []),
            self._deadline_line(),
            self._outbox_line(),
            f"quarantined: {counted(self.quarantined, 'mail')}, held: {counted(self.held, 'mail')}"
            + (" (`wtg quarantine` lists them)" if self.quarantined or self.held else ""),
            *(cut_short_line(key) for key in self.releases_cut_short),
            f"failing addresses: {len(self.failing)}"
            + (
                f" ({', '.join(sorted({f.game for f in self.failing}))}; `wtg bounces` lists them)"
                if self.failing
                else ""
            ),
            *([self._kept_line()] if self.kept.any() else []),
            *(f"unreadable: {line}" for line in self.unreadable),
        ]

    def _other_line(self) -> str:
        seen = self.other_program
        assert seen is not None
        return f"ANOTHER PROGRAM ON THE MAILBOX: last found {_shown(seen.at)}: {seen.line}"

    def _kept_line(self) -> str:
        def said(folder: str, kept: Kept) -> str:
            since = f" since {kept.oldest}" if kept.oldest else ""
            return f"{folder} {counted(kept.files, 'mail')}{since}, {human_size(kept.size)}"

        return (
            f"kept mail: {said('archive/', self.kept.archive)}; "
            f"{said('outbox/sent/', self.kept.sent)} (wtg removes none but strangers' mail "
            f'after {FLOOD_COPIES_DAYS} days: docs/gm.md, "Over the months", says which may go)'
        )

    def _service_line(self) -> str:
        service = self.service
        if service.running:
            since = service.since
            when = f", since {_shown(since)} ({_ago(self.now - since)})" if since else ""
            version = f", wtg {service.version}" if service.version else ""
            edited = (
                f" (its config {service.config_edited} was edited since the service read it, "
                f"and the service runs the config as it was: `systemctl reload wtg` (or `kill "
                f"-HUP {service.pid}`) reads it again once `wtg check-config` passes it; a new "
                "games_dir takes `systemctl restart wtg`)"
                if service.config_edited
                else ""
            )
            return f"service: running, pid {service.pid}{when}{version}{_newer(service)}{edited}"
        if service.gone is not None:
            return (
                f"service: NOT running (the process of its record, pid {service.gone}, is "
                "gone: killed, or the machine restarted)"
            )
        if service.stopped is not None:
            ran = f"; it had run since {_shown(service.ran_since)}" if service.ran_since else ""
            if self.moved is not None and service.stopped_error == self.moved:
                return (
                    f"service: stopped at {_shown(service.stopped)} "
                    f"({_ago(self.now - service.stopped)}{ran}): another host serves the "
                    "mailbox now (the next line): leave it stopped here"
                )
            if service.stopped_error:  # not a stop the GM asked for: what to mend first
                return (
                    f"service: STOPPED ON AN ERROR at {_shown(service.stopped)} "
                    f"({_ago(self.now - service.stopped)}{ran}): {service.stopped_error} "
                    "(mend that first; then `systemctl start wtg`, or `wtg serve`, starts it "
                    "again)"
                )
            return (
                f"service: stopped at {_shown(service.stopped)} "
                f"({_ago(self.now - service.stopped)}{ran}): `systemctl start wtg` (or `wtg "
                "serve`) starts it again; a host run by cron needs none"
            )
        return "service: none (no wtg serve has run on this host; a host run by cron needs none)"

    def _poll_line(self) -> str:
        poll = self.last_poll
        if poll is None or poll.last is None:
            return "last poll: never (no mail poll has run on this host)"
        when = f"{_shown(poll.last)} ({_ago(self.now - poll.last)})"
        if self.moved is not None:  # no failure to mend: the host stopped, as it should
            return f"last poll: {when}: STOPPED, ANOTHER HOST SERVES THE MAILBOX: {self.moved}"
        if poll.failing:
            since = poll.describe_success()
            return f"last poll: {when} FAILED: {poll.error} (last success: {since})"
        return f"last poll: {when}, ok" + (f": {poll.result}" if poll.result else "")

    def _lock_line(self) -> list[str]:
        """Who holds the poll's lock, when it is not `wtg serve` nor `poll --idle` (which
        hold it while they run): a poll under way, or one stuck, and what to do then."""
        held = self.poll_lock
        if held is None or held.what in LIVES_HOLDING:
            return []
        age = self.now - held.since
        line = f"poll lock: held for {_span(age)} by {named(held)}"
        if age < STUCK_AFTER and held.state == "running":
            return [f"{line} (a poll under way)"]
        spool = self.games_dir / SPOOL
        return [f"{line}: NO POLL RUNS MEANWHILE, the mail waits; {what_to_do(held, spool)}"]

    def _deadline_line(self) -> str:
        deadline = self.next_deadline
        if deadline is None:
            return "next deadline: none (no running game has a deadline)"
        head = f"next deadline: {deadline.game} turn {deadline.turn}, {_shown(deadline.at)}"
        if deadline.at <= self.now:
            late = self.now - deadline.at
            runs = f": {RUNS_IT}" if late > OVERDUE_AFTER else ""
            return f"{head}, OVERDUE by {_span(late)}{runs}"
        return f"{head} (in {_span(deadline.at - self.now)})"

    def _outbox_line(self) -> str:
        box = self.outbox
        set_aside = (
            f"; {box.refused} set aside for good (`wtg outbox` lists them, --retry NAME "
            "sends one again)"
            if box.refused
            else ""
        )
        if not box.waiting:
            return "outbox: empty, nothing waits to be sent" + set_aside
        line = f"outbox: {counted(box.waiting, 'mail')} waiting"
        if box.oldest is not None:
            line += f", the oldest since {_shown(box.oldest)} ({_ago(self.now - box.oldest)})"
        stopped = self._stopped()
        if stopped is not None:  # why none goes, and what to do (it said the count alone)
            # a server lost halfway: the send sent some first ("sent none" was untrue then)
            went = (
                f"sent {counted(stopped.sent, 'mail')}, then none" if stopped.sent else "sent none"
            )
            line += (
                f"; NOT SENT: the last send ({_shown(stopped.at)}, {_ago(self.now - stopped.at)}) "
                f"{went}: {stopped.error}; once that is mended `wtg send` sends them (a "
                "running wtg serve tries again within 30 min)"
            )
        if box.deferred:
            line += f"; {box.deferred} deferred by the server, the last: {box.last_error}"
        return line + set_aside


def host_health(
    games_dir: Path, now: datetime, shown: Callable[[str], str] = moment_text
) -> HostHealth:
    """The host's health at ``now``, read from ``games_dir`` and its spool; changes
    nothing. ``shown``: how a game folder's reason says a moment (`--json` keeps ISO)."""
    spool = games_dir / SPOOL
    deadline, failing, unreadable = _games(games_dir, shown)
    return HostHealth(
        games_dir=games_dir,
        now=now,
        service=_service(spool),
        last_poll=last_poll(spool),
        next_deadline=deadline,
        outbox=look(spool),
        quarantined=len(quarantined(spool)),
        held=len(held_mails(spool)) + sum(item.mails for item in held_over(spool)),
        failing=tuple(failing),
        unreadable=tuple(unreadable),
        kept=kept_mail(spool),
        other_program=others_seen(spool, now),
        releases_cut_short=tuple(releasing(spool)),
        send_stopped=_holding(spool),
        poll_lock=holder(spool, "poll"),
        moved=_moved(spool),
    )


def _moved(spool: Path) -> str | None:
    """The line that stopped this host when a copy of it took the mailbox over, as its last
    look at the claims kept it."""
    kept = kept_state(spool)
    return None if kept is None else kept.stopped


def _holding(spool: Path) -> SendStopped | None:
    """Why the last send sent nothing, while a mail it held back still waits: mails queued
    once the outbox emptied without a send (`wtg outbox --retry`) were tried by none."""
    stopped = send_stopped(spool)
    return stopped if stopped is not None and stopped.holds(spool) else None


def _newer(service: Service) -> str:
    """What the line of a running service says of its wtg beside this one: another
    version, other code of the version, another install's (where a restart runs that
    install again: it was told to restart, and the line came back after each), or
    nothing."""
    other_version = bool(service.version and service.version != __version__)
    if service.other_install and (other_version or service.other_code):
        return (
            f" (it runs the wtg in {service.folder}, another install than this wtg's, in "
            f"{code_folder()}: a restart runs that one again; its own `wtg status --host` "
            "says whether it runs the code installed there)"
        )
    if other_version:
        return f" (this wtg is {__version__}: restart the service to run it)"
    if not service.other_code:
        return ""
    if service.folder is not None:  # the same folder: its code changed since it started
        return (
            " (it runs other code than this wtg, of the same version: wtg was installed "
            "again since the service started, and `systemctl restart wtg` runs the new code)"
        )
    return (
        " (it runs other code than this wtg, of the same version: either wtg was installed "
        "again since the service started, and `systemctl restart wtg` runs the new code, or "
        "this wtg is another install than the service's)"
    )


def _service(spool: Path) -> Service:
    record = read_service_record(spool)
    if record is None:
        last = read_stopped_service(spool)
        if last is not None:
            return Service(
                running=False, stopped=last.stopped, ran_since=last.since, stopped_error=last.error
            )
        return Service(running=False)
    if not record.running():
        return Service(running=False, gone=record.pid)
    return Service(
        running=True,
        pid=record.pid,
        since=record.since,
        version=record.version,
        other_code=record.runs_other_code(),
        folder=record.folder or None,
        other_install=record.another_install(),
        config_edited=record.config if record.config_edited() else "",
    )


def _games(
    games_dir: Path, shown: Callable[[str], str]
) -> tuple[Deadline | None, list[Failing], list[str]]:
    """The earliest deadline of the games that run (not over, not held), the failing
    addresses of every game, and a line for each game folder that cannot be read."""
    deadlines: list[Deadline] = []
    failing: list[Failing] = []
    unreadable: list[str] = []
    for found in scan_games(games_dir).games(shown):
        if isinstance(found, Unreadable):
            unreadable.append(found.line())
            continue
        try:
            status = game_status(found)
            failing += failing_of(found)
            deadline = found.deadline()
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            unreadable.append(Unreadable(found.store.root, failure_reason(exc)).line())
            continue
        if deadline is not None and not status["held"]:  # a game over has none
            deadlines.append(Deadline(status["game"], status["turn"], deadline))
    earliest = min(deadlines, key=lambda d: (d.at, d.game), default=None)
    return earliest, failing, unreadable


def _moment(moment: datetime | None) -> str | None:
    return iso(moment) if moment is not None else None


_shown = moment_text


def _ago(span: timedelta) -> str:
    if span <= -timedelta(minutes=1):  # stamped by a clock set wrong, then or now
        return (
            f"{_span(-span)} ahead of this machine's clock: the clock was ahead then, or is "
            "behind now"
        )
    return "just now" if span < timedelta(minutes=1) else f"{_span(span)} ago"


_span = span_text
