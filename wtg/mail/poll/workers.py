"""The processes a poll with many mails files them on: one poll, every core.

Before it fetches anything (the IMAP connection's thread starts with the search for the
waiting mail: a process forks before any thread runs), a poll with at least
``HELPERS_FROM`` mails waiting forks a helper process a core beyond the first. For each
batch the poller splits the mails it has to handle (``wtg.mail.poll.sharing``), sends each
helper a share and handles the first itself. A helper handles its mails exactly as the
poller does (``Poller.guarded``) and holds the locks of the games it filed for; it sends
back what happened to each mail and what the journal must keep (``KeptJournal``: only the
poller writes the journal). The poller writes that, makes the batch durable (one flush
covers the files of every process), commits the journal, and only then lets the helpers
release their games: as in a poll of one process, a batch is on disk before anyone else may
touch its games.

A helper that fails or dies (killed, out of memory) leaves its share to the poller, which
handles it again (handling a mail again writes the same files; its game's lock died with
the helper) and tells the GM how the helper ended (``Helper.ended``). A poller that dies
leaves its helpers to exit at their next word from it; the journal never heard of their
mails, so the next poll handles them again, as it does a killed poll's. Helpers ignore
SIGINT and SIGTERM (a service's stop reaches every process): the poller decides when the
poll ends.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, Pipe
from pathlib import Path
from typing import NamedTuple, Protocol

from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import Outcome

HELPERS_FROM = 200
"""Mails waiting from which a poll forks helpers (below it, one process files them all
sooner than a fork, a helper's start and the hand-over would pay back)."""
SHARE_FROM = 40
"""Mails of a batch from which the poller shares them with its helpers."""

Note = tuple[str, tuple[object, ...]]
"""A journal write as a helper noted it: the ``Journal`` method and its arguments."""
_WRITES = (
    "handled",
    "quarantined",
    "held",
    "set_aside",
    "replied",
    "flooded",
    "wrong_code",
    "code_elsewhere",
    "read_late",
)
WAIT_STEP = 1.0
"""Seconds between two words to ``alive`` while the poller waits for a watched helper."""
NUMBER = 0
"""Which process of the poll this is: 0 in the poller, a helper's number in a helper (its
slot in ``wtg.mail.poll.inprogress``)."""


class Handler(Protocol):
    """What a helper handles its shares with: the poller, made again in the helper."""

    def guarded(self, message: Incoming) -> Outcome: ...

    def answered(self) -> tuple[list[Note], list[str], tuple[str, ...], dict[int, str]]:
        """The journal writes noted since the last batch, the lines of the game folders
        that could not be opened, those folders' names, and the file systems it wrote to
        unflushed (``wtg.files.diskflush``: the poller flushes them)."""
        ...

    def release(self) -> None:
        """The batch is on disk: let go of the games' locks."""
        ...

    def book_met(self) -> str | None:
        """Why the lobby's book could not be read, once a mail met it so
        (``wtg.lobby.database.torn``); None while none did."""
        ...


class KeptJournal(Journal):
    """A helper's journal: it reads what the journal holds and what this helper noted,
    and notes its writes for the poller, which writes them (one writer, one commit)."""

    def __init__(self, spool: Path) -> None:
        super().__init__(spool)
        self.notes: list[Note] = []
        self._ids: dict[str, str] = {}
        self._replies: dict[str, list[float]] = {}

    def take(self) -> list[Note]:
        notes, self.notes = self.notes, []
        return notes

    def forget(self) -> None:
        """What this helper noted is in the journal now (the poller committed it)."""
        self._ids.clear()
        self._replies.clear()
        self.read_again()

    def commit(self, doing: str = "") -> None:
        """Nothing: the poller commits."""

    def key_of_message_id(self, message_id: str) -> str | None:
        return self._ids.get(message_id) or super().key_of_message_id(message_id)

    def handled(
        self,
        key: str,
        message_id: str,
        outcome: str,
        sender: str = "",
        arrived: str = "",
        told: bool = False,
        at: float | None = None,
    ) -> None:
        self.notes.append(("handled", (key, message_id, outcome, sender, arrived, told, at)))
        if message_id:
            self._ids.setdefault(message_id, key)

    def quarantined(
        self,
        key: str,
        game: str | None,
        archive: str,
        reason: str,
        at: float,
        sender: str = "",
        arrived: str = "",
        player: bool = False,
    ) -> None:
        note = (key, game, archive, reason, at, sender, arrived, player)
        self.notes.append(("quarantined", note))

    def held(
        self,
        key: str,
        game: str | None,
        archive: str,
        reason: str,
        at: float,
        sender: str = "",
        player: bool = False,
        arrived: str = "",
    ) -> None:
        self.notes.append(("held", (key, game, archive, reason, at, sender, player, arrived)))

    def set_aside(
        self,
        key: str,
        game: str,
        seat: str,
        why: str,
        archive: str,
        at: float,
        order_key: str = "",
        received: float | None = None,
    ) -> None:
        self.notes.append(("set_aside", (key, game, seat, why, archive, at, order_key, received)))

    def read_late(self, game: str, seat: int, line: str, at: float) -> None:
        self.notes.append(("read_late", (game, seat, line, at)))

    def flooded(
        self,
        key: str,
        sender: str,
        day: str,
        arrived: str,
        archive: str,
        player: bool = False,
        handled: float = 0.0,
    ) -> None:
        self.notes.append(("flooded", (key, sender, day, arrived, archive, player, handled)))

    def wrong_code(
        self,
        key: str,
        game: str,
        seat: int,
        sender: str,
        own: bool,
        at: float,
        rows: int | None = None,
    ) -> None:
        self.notes.append(("wrong_code", (key, game, seat, sender, own, at, rows)))

    def code_elsewhere(self, key: str, game: str, seat: int, sender: str, at: float) -> None:
        self.notes.append(("code_elsewhere", (key, game, seat, sender, at)))

    def replies_since(self, sender: str, since: float) -> list[float]:
        mine = [at for at in self._replies.get(sender, ()) if at >= since]
        return super().replies_since(sender, since) + mine

    def replied_since(self, sender: str, since: float) -> bool:
        mine = any(at >= since for at in self._replies.get(sender, ()))
        return mine or super().replied_since(sender, since)

    def replies_counted(self, sender: str, since: float) -> int:
        mine = sum(at >= since for at in self._replies.get(sender, ()))
        return super().replies_counted(sender, since) + mine

    def first_reply_since(self, sender: str, since: float) -> float | None:
        mine = [at for at in self._replies.get(sender, ()) if at >= since]
        theirs = super().first_reply_since(sender, since)
        return min([*mine, *([] if theirs is None else [theirs])], default=None)

    def replied(self, sender: str, at: float) -> None:
        if self.witness is not None:
            self.witness(sender, at)
        self.notes.append(("replied", (sender, at)))
        self._replies.setdefault(sender, []).append(at)


def write_notes(journal: Journal, notes: Sequence[Note]) -> None:
    """Write a helper's journal notes into the poller's journal (uncommitted)."""
    for name, args in notes:
        if name not in _WRITES:
            raise ValueError(f"not a journal write: {name}")
        getattr(journal, name)(*args)


class Handled(NamedTuple):
    """A helper's answer for its share."""

    outcomes: list[tuple[str, Outcome]]
    """Each mail's outcome, by its key."""
    notes: list[Note]
    unreadable: list[str]
    """The lines of the game folders it could not open."""
    skipped: tuple[str, ...] = ()
    """The names of those folders (``PollSummary.games_skipped``)."""
    written: dict[int, str] | None = None
    """The file systems it wrote to unflushed, by device: a folder on each (the poller
    flushes them before it commits)."""
    book: str | None = None
    """Why the lobby's book could not be read, when a mail of its share met it so (a
    CONFIRM typed beside orders: filed all the same), for the poller to say once."""


class Helper:
    """One helper process, seen from the poller."""

    def __init__(self, pid: int, line: Connection, number: int = 0) -> None:
        self.pid = pid
        self.number = number
        """Its number among the poll's processes (its slot in ``wtg.mail.poll.inprogress``)."""
        self.line: Connection | None = line
        self.share: list[Incoming] = []
        self.ended = ""
        """How the process ended, once it did (``killed by SIGKILL``, ``exited with
        status 1``): a helper lost mid-poll is named to the GM with it."""
        self.silent = 0.0
        """The seconds it gave no answer in, when the poller stopped it for that (0: it
        was not stopped so)."""

    def send(self, share: list[Incoming]) -> None:
        self.share = share
        if self.line is None or not share:
            return
        try:
            self.line.send(share)
        except OSError:  # it died: the poller takes its share back (``receive``)
            self._lost()

    def receive(
        self, within: float = 0.0, alive: Callable[[], None] | None = None
    ) -> Handled | None:
        """Its answer for the share sent, or None when it died or failed (the share is
        the poller's again). A share sent empty is answered empty. ``within``: the seconds
        the answer may take (0: as long as it takes); a helper silent past them is killed
        (``silent``), as one that hangs where its own time limit cannot reach it (C code).
        ``alive`` is called while the poller waits."""
        if not self.share:
            return Handled([], [], [])
        if self.line is None:
            return None
        try:
            if within > 0 and not self._answers(within, alive):
                self._silenced(within)
                return None
            answer = self.line.recv()
        except (EOFError, OSError):
            answer = None
        if not isinstance(answer, Handled):
            self._lost()
            return None
        return answer

    def release(self) -> bool:
        """The batch is on disk: the helper may let go of its games. False when it died
        meanwhile (its mails were handled: nothing is lost)."""
        if self.line is not None and self.share:
            try:
                self.line.send(None)
            except OSError:
                self._lost()
                self.share = []
                return False
        self.share = []
        return True

    def stop(self) -> None:
        """No more batches: the helper exits; wait for it."""
        self._lost()

    def _answers(self, within: float, alive: Callable[[], None] | None) -> bool:
        """Whether its answer (or its end) comes within ``within`` seconds."""
        assert self.line is not None
        deadline = time.monotonic() + within
        while not self.line.poll(max(0.0, min(WAIT_STEP, deadline - time.monotonic()))):
            if time.monotonic() >= deadline:
                return False
            if alive is not None:
                alive()
        return True

    def _silenced(self, within: float) -> None:
        """Kill it: it gave no answer in ``within`` seconds."""
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        self._lost()
        self.silent = within

    def _lost(self) -> None:
        if self.line is not None:
            with contextlib.suppress(OSError):
                self.line.close()
            self.line = None
        if self.pid:
            with contextlib.suppress(ChildProcessError):
                self.ended = ending(os.waitpid(self.pid, 0)[1])
            self.ended = f"(pid {self.pid}) {self.ended or 'ended'}"
            self.pid = 0


def ending(status: int) -> str:
    """A process's end, from its wait status, as a GM reads it."""
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:
        return f"exited with status {code}"
    try:
        return f"was killed by {signal.Signals(-code).name}"
    except ValueError:  # a signal without a name here (a real-time one)
        return f"was killed by signal {-code}"


def start(count: int, make: Callable[[], Handler], first: int = 1) -> list[Helper]:
    """``count`` helper processes, each handling the shares it is sent with a handler
    ``make`` builds in it (its own journal connection, registry and answers); numbered
    from ``first`` (``NUMBER`` in each)."""
    global NUMBER
    helpers: list[Helper] = []
    for number in range(first, first + count):
        ours, theirs = Pipe(duplex=True)
        pid = os.fork()
        if pid == 0:  # the helper: never returns into the poller's code
            code = 1
            try:
                NUMBER = number
                ours.close()
                for helper in helpers:  # the lines to the helpers forked before are not its own
                    if helper.line is not None:
                        helper.line.close()
                code = _serve(theirs, make)
            finally:
                os._exit(code)
        theirs.close()
        helpers.append(Helper(pid, ours, number))
    return helpers


def _serve(line: Connection, make: Callable[[], Handler]) -> int:
    """A helper's life: a share, its answer, the word that the batch is on disk; again,
    until the poller closes the line."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    handler = make()
    while True:
        try:
            share = line.recv()
        except EOFError:
            return 0
        outcomes = [(message.key, handler.guarded(message)) for message in share]
        line.send(Handled(outcomes, *handler.answered(), book=handler.book_met()))
        try:
            line.recv()  # the poller committed the batch
        except EOFError:
            return 0
        handler.release()
