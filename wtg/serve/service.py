"""`wtg serve`: the one process a GM starts and forgets.

Each round of its loop polls the mail (what came is filed and answered), runs the games
that are due (``wtg.host.due``: a deadline passed, or every player who owes orders READY;
with the lobby's due tasks first), queues the reminders whose moment came, the GM's
digest once a day (``wtg.serve.daily``), sends what was queued, and rebuilds the site
after a turn when the config names one. Then it waits for the next moment of its agenda
(``wtg.serve.nextwake``) or new mail, whichever comes first.

Everything it does is done by the commands' own code, which a ``kill -9`` at any moment
leaves whole; the service adds no state of its own beyond its record (``servicerecord``)
and the digest's mark (its intent written before the digest is queued, the mark after:
``wtg.serve.daily``). What it keeps in memory (the pauses after a failure) is only about
when to try again.

A server that goes away is met with a new connection after a pause that grows from 1 s to
a minute (``wtg.mail.poll.idle``'s), said in the log and in the poll's health, and the games
go on meanwhile (``run_due`` holds a game whose players seem cut off by the outage). A
game whose turn fails is logged and tried again after a pause that grows to an hour; the
others go on. A step that fails as a whole (the site, the digest, a disk full) likewise.

Signals set a flag and wake the wait (``stop``, ``reload_soon``): the mail batch or the
turn in hand is finished, then the service stops (or reloads its config, keeping the old
one when the new cannot be used).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, TypeVar

from wtg.core.plurals import counted
from wtg.files.diskspace import disk_full
from wtg.files.ownership import owner_line
from wtg.files.paths import folder_identity, held_folder, where_now
from wtg.files.sqlitewait import cannot_use
from wtg.game.engine import open_game
from wtg.game.schedule import moment_text
from wtg.host.config import GmConfig
from wtg.host.due import GameRun, Outcome, run_due, why_due
from wtg.host.gamesdir import failure_reason, games_folder_moved
from wtg.host.pollhealth import record_poll
from wtg.host.servicerecord import (
    ServiceRecord,
    clear_service_record,
    code_folder,
    code_print,
    read_service_record,
    write_service_record,
)
from wtg.lobby.domains import started_note
from wtg.lobby.duetasks import run_due_tasks
from wtg.logs.addresses import log_hiding_addresses
from wtg.logs.events import log_event
from wtg.mail.outgoing.notices import Notices
from wtg.mail.outgoing.pictures import MapPicture
from wtg.mail.outgoing.sender import open_transport, remind, send
from wtg.mail.poll import underway
from wtg.mail.poll.filedafter import turns_held
from wtg.mail.poll.hostclaim import HostMoved
from wtg.mail.poll.idle import (
    CONNECT_TROUBLE,
    CONNECTION_TROUBLE,
    PAUSE_FIRST,
    PAUSE_MOST,
    REFUSED_FIRST,
    REFUSED_MOST,
    WAIT,
    cannot_connect,
    login_refused,
    on_disk,
    password_tried,
)
from wtg.mail.poll.poller import Poller, open_inbox, rare_collections
from wtg.mail.servers.inbox import Claimed, FiledInFolders, Inbox, Incoming, MaildirInbox
from wtg.mail.servers.transport import Transport
from wtg.mail.servers.unreadfiles import UnreadFiles
from wtg.mail.spool.journal import mailed_turns, note_game
from wtg.mail.spool.runlock import AlreadyRunning, only_one
from wtg.serve.clock import Clock
from wtg.serve.daily import digest_due, finish_digest, mail_digest
from wtg.serve.nextwake import Agenda, Timetable, Timetables
from wtg.serve.notify import Notifier
from wtg.serve.wakeup import Wakeup
from wtg.site.build import build_site
from wtg.upkeep.upgrade import formats_problem

T = TypeVar("T")

LOOK = timedelta(seconds=WAIT)
"""The longest the service waits without a look at the mail and the games."""
LATE = timedelta(seconds=1)
"""It wakes this long after a deadline, so that the deadline has passed by every clock."""
OWED_SAID_AGAIN = timedelta(days=1)
"""A GM command cut short (``SendSummary.owed``) is logged at the first send round that
finds it, then again after this long while it is still owed, not at every round."""


@dataclass
class Pause:
    """A growing pause after a failure: ``first``, then twice as long each time up to
    ``most``; ``ok()`` after a success."""

    first: timedelta
    most: timedelta
    until: datetime | None = None
    length: timedelta | None = None

    def failed(self, now: datetime) -> timedelta:
        self.length = self.first if self.length is None else min(self.most, self.length * 2)
        self.until = now + self.length
        return self.length

    def ok(self) -> None:
        self.until = self.length = None

    def waiting(self, now: datetime) -> bool:
        return self.until is not None and now < self.until


def seconds(pause: timedelta) -> str:
    return f"{pause.total_seconds():g} s"


def wtg_version() -> str:
    try:
        return version("wtg")
    except PackageNotFoundError:
        return "unknown"


class Service:
    """The loop (``run``); ``stop`` and ``reload_soon`` are for signal handlers."""

    def __init__(
        self,
        gm: GmConfig,
        clock: Clock,
        *,
        reload: Callable[[], GmConfig] | None = None,
        notifier: Notifier | None = None,
        jobs: int = 1,
        connect: Callable[[GmConfig], Inbox] = open_inbox,
        transport: Callable[[GmConfig], Transport] = open_transport,
        picture: MapPicture | None = None,
        zone: tzinfo | None = None,
        look: timedelta = LOOK,
    ) -> None:
        """``reload``: reads the config again (SIGHUP); ``zone``: the digest's time zone
        (None: the machine's); ``look``: the longest wait without a look."""
        self.gm = gm
        self.clock = clock
        self.reload_config = reload
        self.notifier = notifier or Notifier(None)
        self.jobs = jobs
        self.connect = connect
        self.transport = transport
        self.picture = picture
        self.zone = zone
        self.look = look
        self.wake = Wakeup()
        self.pid = os.getpid()
        self.stop_asked = False
        self.reload_asked = False
        self.inbox: Inbox | None = None
        self.held_said: str | None = None  # the turns held after a restore, as logged last
        self.unread = UnreadFiles()
        """The files of the maildir transport's inbox no poll reads, each logged once."""
        self.connection = Pause(timedelta(seconds=PAUSE_FIRST), timedelta(seconds=PAUSE_MOST))
        self.refusal = Pause(timedelta(seconds=REFUSED_FIRST), timedelta(seconds=REFUSED_MOST))
        """The pause after the server refused the login (``REFUSED_MOST``)."""
        self.refused: str | None = None
        """The password the server refused: another in its file is tried at the next look."""
        self.sending = Pause(timedelta(minutes=1), timedelta(minutes=30))
        self.games: dict[str, Pause] = {}
        """Games whose last run failed, was held back or met the game busy."""
        self.steps: dict[str, Pause] = {}
        """Steps that failed as a whole, each tried again after its pause."""
        self.timetables = Timetables()
        self.reminders: list[datetime] = []
        """The games' reminder moments, as the last plan saw them."""
        self.reminded_through: datetime | None = None
        self.started = clock.now()
        self.digest_from = self.started
        """What the first digest counts from while none was made: this service's start, or
        that of one a kill stopped (its record left): started again just after a digest
        moment, it would have waited a day more for it."""
        self.last_send: datetime | None = None
        self.owed_said: dict[str, datetime] = {}
        """Each line of a GM command cut short (``SendSummary.owed``) the log has, and when
        it was logged: said again a day later while it is owed, anew once it comes back."""
        self.must_send = True
        self.site_stale = gm.site is not None
        """The site is rebuilt at the start (a build a kill cut short) and after turns."""
        self.ready = False
        self.rounds = 0
        self.folder = folder_identity(gm.games_dir)
        """The games folder it started on (its device and inode): one moved away, or
        another put in its place, stops it (``games_folder_moved``)."""
        self.gone: str | None = None
        """Why it stopped on its own (the games folder gone or changed, or a copy of this
        host serving the mailbox now: ``wtg.mail.poll.hostclaim``), None otherwise."""

    # --- signals -------------------------------------------------------------------
    def stop(self) -> None:
        """Stop once the mail or the turn in hand is done."""
        if os.getpid() == self.pid:  # not in a process forked from this one
            self.stop_asked = True
            self.wake.set()

    def reload_soon(self) -> None:
        """Read the config again before the next round."""
        if os.getpid() == self.pid:
            self.reload_asked = True
            self.wake.set()

    # --- the loop ------------------------------------------------------------------
    def run(self) -> None:
        """Serve until ``stop``. Raises AlreadyRunning, with one line that says which,
        when another `wtg serve` or a `wtg poll` holds the spool."""
        spool = self.gm.spool
        with _locks(spool):
            self.folder = folder_identity(self.gm.games_dir)  # the folder its locks are in
            left = read_service_record(spool)  # a service killed: its record is still there
            if left is not None and left.since < self.digest_from:
                self.digest_from = left.since
            self._write_record()
            log_event(
                f"wtg serve {wtg_version()} started (pid {self.pid}): {self.gm.transport} "
                f"mail, games in {self.gm.games_dir}"
            )
            left_behind = self.unread.left(self.gm.transport, self.gm.maildir_in)
            if left_behind is not None:  # at the start, whether the server answers or not
                log_event(left_behind, level=logging.WARNING)
            self._formats()
            held = held_folder(spool)  # found again if the games folder is moved meanwhile
            error = ""
            try:
                self._loop()
            except Exception as crash:  # recorded as what stopped it, then raised on
                error = f"{type(crash).__name__}: {crash}"
                raise
            finally:
                self.notifier.stopping()
                self._disconnect()
                error = self.gone or error
                for place in _spools(spool, held):
                    clear_service_record(place, self.pid, self.clock.now(), error)
                self.wake.close()
                if self.gone:  # its line is the one above
                    log_event("wtg serve stopped on the error above", level=logging.ERROR)
                elif error:  # its words may quote a player's address: hidden, as elsewhere
                    log_hiding_addresses(
                        f"wtg serve stopped on an error: {error}",
                        level=logging.ERROR,
                        keep=own_addresses(self.gm),
                    )
                else:
                    log_event("wtg serve stopped")

    def _loop(self) -> None:
        while not self.stop_asked:
            self.notifier.watchdog()
            if self.reload_asked:
                self._reload()
            self.wake.clear()
            if self.stop_asked:
                break
            if self._moved():
                break
            self._round()
            if self.stop_asked or self._moved():
                break
            until, why = self._plan()
            self.notifier.status(self._status(until, why))
            try:
                self.clock.wait(until, self.inbox, self.wake)
            except CONNECTION_TROUBLE as error:
                self._trouble(f"the connection dropped: {error}")
                self._disconnect()

    def _moved(self) -> bool:
        """Whether its games folder is gone or changed (``games_folder_moved``): said once, in
        ``gone`` and the log, and nothing more is done."""
        if self.gone is None:
            self.gone = games_folder_moved(self.gm.games_dir, self.folder, "wtg serve")
            if self.gone is not None:
                log_event(self.gone, level=logging.ERROR)
        return self.gone is not None

    def _round(self) -> None:
        self.rounds += 1
        seen = self._poll()
        if not self.ready:
            self.ready = True
            self.notifier.ready("polling")
        if self.stop_asked or self._moved():
            return
        ran = self._step("the due run", self._games, 0)
        if self.stop_asked:
            return
        self._step("the reminders", lambda: self._remind(ran), None)
        self._step("the digest", self._digest, None)
        if self.stop_asked:  # what was queued goes out at the next start
            return
        if self.must_send or seen or ran or self._time_for_send():
            self._step("the send", self._send, None)
        if self.site_stale and not self.stop_asked:
            self._step("the site", self._site, None)

    def _step(self, name: str, work: Callable[[], T], otherwise: T) -> T:
        """Run a step unless its pause after a failure lasts; a failure is logged and
        paused (1 min, growing to an hour), the other steps go on."""
        pause = self.steps.setdefault(name, Pause(timedelta(minutes=1), timedelta(hours=1)))
        now = self.clock.now()
        if pause.waiting(now) or self._moved():  # a step would make the folder anew
            return otherwise
        try:
            done = work()
        except Exception as error:  # the disk, a bug: the service goes on with the rest
            wait = pause.failed(now)
            log_event(
                f"{name} failed: {failure_reason(error, self.gm.games_dir)}; tried again in "
                f"{seconds(wait)}",
                level=logging.ERROR,
            )
            return otherwise
        pause.ok()
        return done

    # --- the mail --------------------------------------------------------------------
    def _poll(self) -> int:
        """Connect if need be, then poll: the mails seen."""
        now = self.clock.now()
        if self.inbox is None:
            if self._connection_waits(now):
                return 0
            tried = password_tried(self.gm)
            try:
                self.inbox = self.connect(self.gm)
            except CONNECT_TROUBLE as error:
                if login_refused(self.gm, error):
                    self._refused(cannot_connect(self.gm, error), tried)
                else:
                    self._trouble(cannot_connect(self.gm, error))
                return 0
            if self.connection.length is not None or self.refusal.length is not None:
                log_event("connected to the mail server again")
            self.connection.ok()
            self.refusal.ok()
        try:
            with rare_collections():
                watched = watched_inbox(self.inbox, self._between_batches)
                alive = self.notifier.watchdog  # after each mail, and between batches
                claimed = self.inbox if isinstance(self.inbox, Claimed) else None
                # its moment taken once noted (``underway.begin``), not the one before the
                # connection was made: a digest elsewhere ends its lists where the note says
                summary = Poller(
                    self.gm,
                    watched,
                    underway.begin(self.gm.spool, clock=self.clock.now),
                    jobs=self.jobs,
                    alive=alive,
                    failure_logged=True,
                    claimed=claimed,
                ).run()
        except HostMoved as error:  # a copy of this host serves the mailbox: the service
            self.gone = str(error)  # stops, before it moves a mail or runs a turn (exit 1)
            return 0
        except Exception as error:  # the server, the disk: a new connection after a pause
            disk = on_disk(error)  # an OSError of the disk was said as a connection's
            dropped = isinstance(error, CONNECTION_TROUBLE) and not disk
            what = "the connection dropped" if dropped else "the poll stopped"
            what = "the poll could not use the disk" if disk else what
            why = owner_line(error) or cannot_use(error) or f"{type(error).__name__}: {error}"
            full = disk_full(self.gm.games_dir, error)
            self._trouble(f"{what}: {why}: {full}" if full else f"{what}: {why}")
            self._disconnect()
            return 0
        if isinstance(self.inbox, MaildirInbox):  # a file no poll reads: logged once
            for line in self.unread.notes(self.inbox):
                log_event(line, level=logging.WARNING)
        left = self.unread.left(self.gm.transport, self.gm.maildir_in)
        if left is not None:  # the maildir transport's mail, unread since the move: once
            log_event(left, level=logging.WARNING)
        # the poll logged each mail and its summary; the mails a poll cut short had handled
        # (moved now) have answers to send too: the trouble that cut it stopped the round
        return summary.seen + summary.moved

    def _between_batches(self) -> bool:
        """Between two batches of a poll: whether to stop it there."""
        self.notifier.watchdog()
        return self.stop_asked

    def _trouble(self, what: str) -> None:
        now = self.clock.now()
        record_poll(self.gm.spool, now, what, logged=True)
        pause = self.connection.failed(now)
        self._poll_failed(f"{what}; trying again in {seconds(pause)}")

    def _poll_failed(self, line: str) -> None:
        """The one line a failed poll logs: what failed, what to mend, when it is tried
        again. The GM's own login is shown (the log is the GM's, and it names the login to
        mend), any other address hidden; no password is ever in it. Before, a second line
        (``poll failed: ...``, from the poll's health) said it again, the login hidden."""
        log_hiding_addresses(line, level=logging.WARNING, keep=own_addresses(self.gm))

    def _connection_waits(self, now: datetime) -> bool:
        """Whether a new connection waits out its pause: a refused password's lasts unless
        the password file holds another now."""
        if self.connection.waiting(now):
            return True
        return self.refusal.waiting(now) and password_tried(self.gm) == self.refused

    def _refused(self, what: str, tried: str | None) -> None:
        now = self.clock.now()
        record_poll(self.gm.spool, now, what, logged=True)
        self.refused = tried
        pause = self.refusal.failed(now)
        self._poll_failed(
            f"{what}; trying again in {seconds(pause)}, or at the next look once the "
            "password file holds another"
        )

    def _disconnect(self) -> None:
        inbox, self.inbox = self.inbox, None
        if inbox is not None:
            with contextlib.suppress(Exception):  # closing a dead connection is no news
                inbox.close()

    # --- the games -------------------------------------------------------------------
    def _games(self) -> int:
        """The lobby's due tasks, then every due game not paused: the turns run. None on
        a host restored whose last poll found mail filed after the backup and never read
        (``turns_held``: said as `run-turn --due` says it)."""
        now = self.clock.now()
        held = turns_held(self.gm)
        if held is not None and held != self.held_said:  # logged once, and when it changes
            log_event(f"run-turn: {held}", level=logging.WARNING)
        self.held_said = held
        if held is not None:
            return 0
        notices = Notices(self.gm.spool, self.gm.sender, now)
        tasks = run_due_tasks(self.gm.games_dir, now, notices.taken_off, notices.taken_off_told)
        for started in tasks.started:
            note = started_note(started.players)  # a warning: most seats at one domain
            log_event(
                f"game made from the waiting list {started.list}{note}",
                game=started.game,
                level=logging.WARNING if note else logging.INFO,
            )
        for problem in tasks.problems:
            log_event(f"lobby: {problem}", level=logging.ERROR)
        mailed = mailed_turns(self.gm.spool)
        run = run_due(
            self.gm,
            now,
            jobs=self.jobs,
            lobby=tasks.problems,
            mailed=mailed,
            first_ran=partial(note_game, self.gm.spool),
        )
        run.folders = [f for f in run.folders if self._may_be_due(f.name, f, now)]
        run.unreadable = [u for u in run.unreadable if not self._paused(u.folder.name, now)]
        ran = 0
        results = run.games()
        try:
            for result in results:
                self.notifier.watchdog()
                ran += self._outcome(result, now)
                if self.stop_asked:
                    break
        finally:
            results.close()
        for result in run.late:
            ran += self._outcome(result, now)
        return ran

    def _paused(self, name: str, now: datetime) -> bool:
        pause = self.games.get(name)
        return pause is not None and pause.waiting(now)

    def _may_be_due(self, name: str, folder: Path, now: datetime) -> bool:
        """Whether the due run should look at the game: not paused after a failure, and
        due as ``why_due`` sees it (a game that cannot be opened is, to say why)."""
        if self._paused(name, now):
            return False
        try:
            game = open_game(folder)
            return game.held() is None and why_due(game, now) is not None
        except Exception:  # the due run says what is wrong with it
            return True

    def _outcome(self, result: GameRun, now: datetime) -> int:
        """Pause a game that failed, and say for how long (the due run logged what each
        game did); 1 when its turn ran."""
        name = result.folder.name
        if result.outcome is Outcome.RAN:
            self.games.pop(name, None)
            self.site_stale = self.gm.site is not None
            self.must_send = True
            return 1
        if result.outcome is Outcome.NOT_DUE or result.by_gm:
            self.games.pop(name, None)
            return 0
        if result.outcome is Outcome.FAILED:
            pause = self.games.setdefault(name, Pause(timedelta(minutes=1), timedelta(hours=1)))
            wait = pause.failed(now)
            log_event(
                f"held back after its failure; tried again in {seconds(wait)}",
                game=name,
                level=logging.ERROR,
            )
            return 0
        pause = self.games.setdefault(name, Pause(timedelta(minutes=1), timedelta(minutes=10)))
        wait = pause.failed(now)
        what = "not run" if result.outcome is Outcome.HELD else "skipped"
        log_event(
            f"{what}; tried again in {seconds(wait)}",
            game=name,
            level=logging.WARNING,
        )
        return 0

    # --- reminders, digest, send, site ---------------------------------------------------
    def _remind(self, ran: int) -> None:
        """Queue the reminders when a game's reminder moment came since the last time,
        at the start, and after turns ran (their deadlines are new)."""
        now = self.clock.now()
        last = self.reminded_through
        came = last is None or any(last < moment <= now for moment in self.reminders)
        if not (came or ran):
            return
        reminded = remind(self.gm, now)  # it logs what it queued and what it could not read
        self.reminded_through = now
        self.must_send = self.must_send or reminded.queued > 0

    def _digest(self) -> None:
        if finish_digest(self.gm):  # a digest a kill cut short: mailed, then the next
            log_event("the digest of a run cut short was queued for the GM")
            self.must_send = True
        now = self.clock.now()
        due = digest_due(self.gm, self.digest_from, self.zone, now)
        if now < due:
            return
        if mail_digest(self.gm, due, now, self.zone):
            log_event("the digest was queued for the GM")
            self.must_send = True
        else:
            log_event("the digest had nothing to tell: no mail")

    def _time_for_send(self) -> bool:
        now = self.clock.now()
        if self.sending.until is not None:
            return now >= self.sending.until
        return self.last_send is None or now - self.last_send >= self.look

    def _send(self) -> None:
        """Queue the new turns' reports and send the outbox (the answers, the reports, the
        reminders, the digest, the GM's notices)."""
        now = self.clock.now()
        try:
            transport = self.transport(self.gm)
            alive = self.notifier.watchdog  # after each mail: a slow server outlasts it
            said = {line for line, at in self.owed_said.items() if now - at < OWED_SAID_AGAIN}
            summary = send(self.gm, transport, now, self.picture, alive, said)
        except AlreadyRunning as busy:  # a `wtg send` of cron's or the GM's
            log_event(f"{busy}: the service sends later")
            self.sending.failed(now)
            return
        self.owed_said = {
            line: self.owed_said[line] if line in said else now for line in summary.owed
        }
        self.must_send = False  # the send logged each mail and its summary
        self.last_send = now
        if summary.queued:
            self.site_stale = self.gm.site is not None  # reports of turns run by hand too
        if summary.unreachable or summary.waiting:
            wait = self.sending.failed(now)
            log_event(
                f"{counted(summary.waiting, 'mail')} {'waits' if summary.waiting == 1 else 'wait'} "
                f"to be sent; tried again in {seconds(wait)}",
                level=logging.WARNING,
            )
        else:
            self.sending.ok()

    def _site(self) -> None:
        site = self.gm.site
        if site is None:
            self.site_stale = False
            return
        report = build_site(
            self.gm.games_dir, site.dir, base_url=site.base_url, jobs=self.jobs, config=self.gm
        )
        self.site_stale = False  # a build that failed is tried again after its pause
        for line in report.skipped:
            log_event(f"site: {line}", level=logging.WARNING)
        if report.book:  # every game's pages written all the same
            log_event(f"site: {report.book}", level=logging.WARNING)
        log_event(f"site {site.dir}: {report.line()}")

    # --- the plan --------------------------------------------------------------------
    def _plan(self) -> tuple[datetime, str]:
        """The next moment to wake for, and what for."""
        now = self.clock.now()
        agenda = Agenda(now)
        agenda.add(now + self.look, "a look at the mail and the games")
        watchdog = self.notifier.watchdog_seconds
        if watchdog:
            agenda.add(now + timedelta(seconds=watchdog / 2), "the watchdog")
        try:
            tables = self.timetables.read(self.gm.games_dir, self.gm.limits.remind_hours)
        except Exception as error:  # the games folder itself: the due run says it too
            log_event(f"the games' deadlines: {failure_reason(error)}", level=logging.ERROR)
            tables = []
        self._plan_games(agenda, tables, now)
        self.reminders = [t.reminder for t in tables]
        agenda.add(self._when_digest(), "the digest")
        if self.inbox is None:
            agenda.add(self.connection.until, "a new connection to the mail server")
            agenda.add(self.refusal.until, "a new login to the mail server")
        agenda.add(self.sending.until, "the mail waiting to be sent")
        for name, pause in self.steps.items():
            agenda.add(pause.until, name)
        return agenda.first()

    def _plan_games(self, agenda: Agenda, tables: Sequence[Timetable], now: datetime) -> None:
        for table in tables:
            if table.deadline > now:
                agenda.add(table.deadline + LATE, f"the deadline of {table.game}")
            else:  # due and not run: tried again after its pause (a look else)
                pause = self.games.get(table.folder.name)
                agenda.add(pause.until if pause else None, f"{table.game} again")
            if table.reminder > now:
                agenda.add(table.reminder, f"the reminders of {table.game}")
        for name, pause in self.games.items():
            agenda.add(pause.until, f"{name} again")

    def _when_digest(self) -> datetime | None:
        try:
            return digest_due(self.gm, self.digest_from, self.zone, self.clock.now())
        except Exception:  # the digest's step says what is wrong
            return None

    def _status(self, until: datetime, why: str) -> str:
        mail = "mail server unreachable" if self.inbox is None else "waiting for mail"
        return f"{mail}; next: {why} at {moment_text(until)}"

    # --- the config ------------------------------------------------------------------
    def _write_record(self) -> None:
        """The service's record: this process, its code, and the config it runs (its file
        and the print of its text as read), at the start and at each reload."""
        record = ServiceRecord(
            pid=self.pid,
            since=self.started,
            version=wtg_version(),
            code=code_print(),  # taken once a process: the code it started with
            folder=code_folder(),
            config="" if self.gm.file is None else str(self.gm.file.resolve()),
            config_print=self.gm.file_print,
        )
        write_service_record(self.gm.spool, record)

    def _formats(self) -> None:
        """Games of a format this wtg will not write are named at the start and each reload:
        their mail waits in the inbox and their turns do not run until `wtg upgrade` (or a
        newer wtg); the others are served."""
        problem = formats_problem(self.gm.games_dir)
        if problem is not None:
            log_event(f"{problem}; the other games are served", level=logging.ERROR)

    def _reload(self) -> None:
        """Read the config again; a config that cannot be used is logged, the old one kept."""
        self.reload_asked = False
        if self.reload_config is None:
            return
        self.notifier.reloading()
        try:
            new = self.reload_config()
        except Exception as error:  # a config that does not hold: the old one stays
            log_event(
                f"the config was not reloaded, the old one is kept: {error}",
                level=logging.ERROR,
            )
            self.notifier.ready("polling")
            return
        if new.games_dir != self.gm.games_dir:
            log_event(
                f"the config was not reloaded, the old one is kept: its games_dir "
                f"{new.games_dir} is another folder than {self.gm.games_dir}: restart "
                "wtg serve to serve another",
                level=logging.ERROR,
            )
            self.notifier.ready("polling")
            return
        self.gm = new
        self._write_record()  # the config it runs now: `status --host` no longer says edited
        self._disconnect()
        # a new connection at once, and after failures before the reload (the port or the
        # folder mended) "connected to the mail server again" says it worked: the log
        # ended with the failures and "the config was reloaded"; a refused login's pause
        # too (a username mended, the password file unchanged: it waited out half an hour)
        self.connection.until = self.refusal.until = None
        self.reminded_through = None  # remind_hours may have changed
        self.steps.clear()
        self.site_stale = new.site is not None
        self.must_send = True
        log_event("the config was reloaded")
        self._formats()
        self.notifier.ready("polling")


def _spools(spool: Path, held: int | None) -> list[Path]:
    """Where the service's record may be as it stops: its spool where it is now (the games
    folder moved away: the GM reads it there once games_dir is corrected; it said "NOT
    running ... killed", as of a kill), and the spool of the folder at its path (another
    put in its place: a backup's copy of the record, this pid's). The descriptor is
    closed."""
    if held is None:
        return [spool]
    moved = where_now(held)
    os.close(held)
    return [spool] if moved is None or moved == spool else [moved, spool]


@contextlib.contextmanager
def _locks(spool: Path) -> Iterator[None]:
    """The service's lock and the poll's, held while the service lives; either taken by
    another process, the one line says which (a running service's record names it)."""
    held = contextlib.ExitStack()
    try:
        for name in ("serve", "poll"):
            held.enter_context(only_one(spool, name, "wtg serve"))
    except AlreadyRunning as busy:
        held.close()
        record = read_service_record(spool)
        if record is not None and record.running() and record.pid != os.getpid():
            raise AlreadyRunning(
                f"wtg serve (pid {record.pid}, since {moment_text(record.since)}) is running on "
                f"{spool}"
            ) from None
        if "serve" in str(busy):
            raise
        raise AlreadyRunning(
            f"another wtg poll (wtg poll --idle, or cron's) is polling {spool}: stop it "
            "before starting wtg serve"
        ) from None
    with held:
        yield


class Watched:
    """The inbox a poll of the service reads: ``between()`` is asked after each batch, and
    a True ends the poll there (the batches handled stand; the others wait for the next
    poll)."""

    def __init__(self, inbox: Inbox, between: Callable[[], bool]) -> None:
        self.inbox = inbox
        self.between = between

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        batches = self.inbox.waiting(max_bytes)
        try:
            for batch in batches:
                yield batch
                if self.between():
                    return
        finally:
            close = getattr(batches, "close", None)
            if close is not None:  # a generator: its connection's work is let go
                close()

    def backlog(self) -> int:
        return self.inbox.backlog()

    def finish(self, done: Sequence[Incoming], rejected: Sequence[Incoming]) -> None:
        self.inbox.finish(done, rejected)

    def settle(self) -> None:
        self.inbox.settle()

    def wait(self, timeout: float, stop: Any) -> bool:
        return self.inbox.wait(timeout, stop)

    def close(self) -> None:
        self.inbox.close()


class WatchedFolders(Watched):
    """``Watched`` of an inbox that files into a server's folders (``FiledInFolders``):
    the poll keeps their marks as a poll of ``wtg poll`` does (``wtg.mail.servers.otherhost``)."""

    def __init__(self, inbox: Inbox, folders: FiledInFolders, between: Callable[[], bool]) -> None:
        super().__init__(inbox, between)
        self.folders = folders

    def mailbox(self) -> str:
        return self.folders.mailbox()

    def folder_marks(self) -> dict[str, tuple[int, int]]:
        return self.folders.folder_marks()

    def inbox_gone(self, kept: tuple[int, int] | None) -> bool:
        return self.folders.inbox_gone(kept)

    def inbox_left(self) -> tuple[int, int] | None:
        return self.folders.inbox_left()


def watched_inbox(inbox: Inbox, between: Callable[[], bool]) -> Watched:
    """The inbox a poll of the service reads (``Watched``)."""
    if isinstance(inbox, FiledInFolders):
        return WatchedFolders(inbox, inbox, between)
    return Watched(inbox, between)


def own_addresses(gm: GmConfig) -> tuple[str, ...]:
    """The GM's own addresses as the config names them: the logins and the From."""
    logins = [server.username for server in (gm.imap, gm.smtp) if server is not None]
    return tuple(address for address in (*logins, gm.sender) if address)


@contextlib.contextmanager
def signals_to(service: Service) -> Iterator[None]:
    """SIGTERM and SIGINT stop the service, SIGHUP reloads its config, for the block."""
    wanted: dict[int, Callable[[], None]] = {
        signal.SIGTERM: service.stop,
        signal.SIGINT: service.stop,
        signal.SIGHUP: service.reload_soon,
    }

    def acting(act: Callable[[], None]) -> Callable[[int, Any], None]:
        return lambda _number, _frame: act()

    before = {number: signal.signal(number, acting(act)) for number, act in wanted.items()}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
