"""systemd's notify protocol (``sd_notify``), written directly: one datagram of
``KEY=value`` lines to the socket systemd names in ``$NOTIFY_SOCKET`` (a path, or an
abstract socket written ``@name``). Without the variable (not under systemd, or a unit of
another type) every message is dropped, and so is one the socket refuses: the service
never stops for its supervisor's sake.

``READY=1`` once the service polls, ``WATCHDOG=1`` each round of its loop (systemd's
``WatchdogSec=`` restarts a service that stops sending it), ``STATUS=`` a line
``systemctl status`` shows, ``RELOADING=1`` and ``READY=1`` around a reload of the
config, ``STOPPING=1`` as it ends.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping

from wtg.core.printable import printable


class Notifier:
    def __init__(self, address: str | None, watchdog_seconds: float | None = None) -> None:
        self.address = address
        self.watchdog_seconds = watchdog_seconds
        """systemd's ``WatchdogSec=`` for this process, or None: the loop pings at least
        twice within it."""

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> Notifier:
        """The socket and the watchdog systemd gave this process (``$NOTIFY_SOCKET``,
        ``$WATCHDOG_USEC`` when ``$WATCHDOG_PID`` is unset or this process's pid)."""
        env = os.environ if env is None else env
        seconds = None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            seconds = int(usec) / 1_000_000
        return cls(env.get("NOTIFY_SOCKET") or None, seconds)

    def send(self, *lines: str) -> bool:
        """Send ``KEY=value`` lines in one message; False when there is no socket or it
        refused the message."""
        if not self.address:
            return False
        target = self.address
        if target.startswith("@"):
            target = "\0" + target[1:]
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.setblocking(False)  # a reader that does not read is no reason to stop
                sock.connect(target)
                sock.send("\n".join(lines).encode("utf-8"))
        except OSError:  # no reader, a full queue: the message is dropped
            return False
        return True

    def ready(self, status: str = "") -> None:
        self.send("READY=1", *self._status(status))

    def reloading(self) -> None:
        self.send("RELOADING=1", *self._status("reloading the config"))

    def watchdog(self) -> None:
        self.send("WATCHDOG=1")

    def status(self, text: str) -> None:
        self.send(*self._status(text))

    def stopping(self) -> None:
        self.send("STOPPING=1", *self._status("stopping"))

    @staticmethod
    def _status(text: str) -> tuple[str, ...]:
        line = " ".join(printable(text).split())
        return (f"STATUS={line}",) if line else ()
