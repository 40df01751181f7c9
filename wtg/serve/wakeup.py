"""What ends the service's wait at once: a stop or a reload asked for by a signal.

A ``threading.Event`` whose wait is a ``select`` on a pipe rather than a lock with a
timeout: Python's timed lock waits never end under libfaketime (a clock moved and sped up
for the end-to-end tests), while ``select`` is scaled as the clock is. The inboxes wait on
it as on any event (``Inbox.wait``), on their own thread (IMAP) or on the main one.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time


class Wakeup(threading.Event):
    """An event set from a signal handler (writing a byte to its pipe) and waited on with
    ``select``. A byte without the event set (a process forked from this one that shares
    the pipe) wakes nobody for good: the wait drains it and waits on."""

    def __init__(self) -> None:
        super().__init__()
        self._raised = False
        self._read, self._write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)

    def is_set(self) -> bool:
        return self._raised

    def set(self) -> None:
        self._raised = True
        with contextlib.suppress(BlockingIOError):  # a full pipe wakes the waiter as well
            os.write(self._write, b"!")

    def clear(self) -> None:
        self._raised = False
        self._drain()

    def wait(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._raised:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            readable, _, _ = select.select([self._read], [], [], left)
            if readable:
                self._drain()
        return True

    def _drain(self) -> None:
        with contextlib.suppress(BlockingIOError):
            while os.read(self._read, 512):
                pass

    def close(self) -> None:
        for fd in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(fd)
