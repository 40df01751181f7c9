"""The time a mail may take: a mail whose handling never ends (a pathological text that
drives a pattern or the email package into minutes of work) is stopped and quarantined,
and the poll goes on with the next mail, instead of holding ``poll.lock`` for ever.

A timer of the process (``ITIMER_REAL``, SIGALRM, which reaches the main thread) ticks a
tenth of the limit apart while a poll runs. A tick finds the mail in hand (``begin``) and,
once it has run past the limit, raises ``MailTooLong`` where the handling is: the poller's
guard (``Poller.guarded``) turns it into a quarantine. ``MailTooLong`` is no ``Exception``
(as KeyboardInterrupt is none): the code that reads a mail catches every Exception of a
broken part or a game folder it cannot open, and must not take the limit for one (a game
marked unreadable for the rest of the poll, a mail read as formless). It never raises
where no mail is in hand (``end``): not in the journal's commit, the flush or a move of the
inbox.

A mail that has begun to write (a file through ``wtg.files.private.write_file``: its orders, a
setting, its answer in the outbox; or a transaction of the lobby's book: a JOIN, a
CONFIRM) is past the point of no return: stopping it there could
leave its orders filed and unanswered. It gets as long again to finish; past that it is
stopped all the same (its reason says what it may have left). Each file is written whole
or not at all whatever happens (``wtg.files.store.write_atomic``).
"""

from __future__ import annotations

import signal
import threading
import time
from types import FrameType

from wtg.core.errors import MailError
from wtg.files import private

TICKS = 10
"""Ticks of the timer within one limit: a mail is stopped at most a tenth late."""


class HandlingStopped(MailError):
    """A mail whose handling was stopped: its text is the reason the GM reads."""


class MailTooLong(BaseException):
    """A mail ran past the time limit: raised by the timer wherever the handling is, and
    caught by the poller's guard, which quarantines the mail with ``HandlingStopped``."""


class MailClock:
    """The limit of one process's mails (the poller's, a helper's)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = float(seconds)
        self.started: float | None = None
        """When the mail in hand began (None: no mail in hand, a tick does nothing)."""
        self.written = 0
        """``wtg.files.private.WRITES`` when the mail's changes may begin (``from_here``)."""
        self._before: object = None
        self._running = False

    def start(self) -> None:
        """Tick from now on (the main thread only: signals are the main thread's)."""
        if self._running or self.seconds <= 0:
            return
        if threading.current_thread() is not threading.main_thread():
            return
        self._before = signal.signal(signal.SIGALRM, self._tick)
        tick = self.seconds / TICKS
        signal.setitimer(signal.ITIMER_REAL, tick, tick)
        self._running = True

    def stop(self) -> None:
        """No more ticks; the handler there was before is back."""
        self.started = None
        if not self._running:
            return
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._before)  # type: ignore[arg-type]
        self._running = False

    def begin(self) -> None:
        """A mail is in hand from now."""
        self.written = private.WRITES
        self.started = time.monotonic()

    def from_here(self) -> None:
        """What the mail wrote so far (its copy in the archive) changed nothing."""
        self.written = private.WRITES

    def end(self) -> None:
        """No mail in hand: the ticks do nothing (one store: a tick before it may still
        raise, one after it cannot)."""
        self.started = None

    def _tick(self, _signum: int, _frame: FrameType | None) -> None:
        started = self.started
        if started is None:
            return
        spent = time.monotonic() - started
        if spent < self.seconds:
            return
        limit = f"{self.seconds:g} s (mail.handle_seconds)"
        if self.written == private.WRITES:
            self.started = None  # one raise a mail: the guard's quarantine is not cut
            raise MailTooLong(
                f"its handling took more than {limit} and was stopped; nothing of it was filed"
            )
        if spent >= 2 * self.seconds:
            self.started = None
            raise MailTooLong(
                f"its handling took more than twice {limit}, after it had begun to write, and "
                "was stopped: what it wrote stands (its orders may be on file), its answer "
                "may be missing"
            )
