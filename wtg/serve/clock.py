"""The service's clock: what time it is, and a wait until a moment or new mail.

The loop (``wtg.serve.service``) asks nothing else of time, so a test gives it a clock of
its own and plays a week in a moment; the real process reads the system's clock, which
libfaketime may move and speed up (``FAKETIME="@2026-12-07 12:00:00 x600"``): every wait
here is a ``select`` (the inbox's, or ``Wakeup``'s), which libfaketime scales. Under a
clock sped up, every duration of the config counts the fake clock's seconds: give
``mail.handle_seconds`` room for the time a mail takes, multiplied by the speed-up.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Protocol

from wtg.mail.servers.inbox import Inbox
from wtg.serve.wakeup import Wakeup


class Clock(Protocol):
    def now(self) -> datetime:
        """The time now, aware, in UTC."""
        ...

    def wait(self, until: datetime, inbox: Inbox | None, wake: Wakeup) -> bool:
        """Wait until ``until``, new mail in ``inbox`` (None: no connection, wait for the
        moment alone) or ``wake`` set, whichever comes first: True when mail may have
        come. A connection that drops raises (the loop connects again)."""
        ...


class SystemClock:
    """The machine's clock (``datetime.now``), waiting in the inbox (IMAP IDLE, a look at
    the maildir) or on ``wake``."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)

    def wait(self, until: datetime, inbox: Inbox | None, wake: Wakeup) -> bool:
        seconds = (until - self.now()).total_seconds()
        if seconds <= 0 or wake.is_set():
            return False
        if inbox is None:
            wake.wait(seconds)
            return False
        return inbox.wait(seconds, wake)
