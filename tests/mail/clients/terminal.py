"""A terminal for the clients that want one: a private tmux server on a socket of our own,
a screen to read and keys to type."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

WAIT = 60.0
"""How long a step may take before the client is taken as stuck."""
ENDING = 10.0
"""How long a client may take to quit after its last key."""


class Stuck(AssertionError):
    """The client did not get where it was expected to; the message shows its screen."""


class Terminal:
    def __init__(
        self, folder: Path, command: Sequence[str], env: Mapping[str, str], size: str = "160x50"
    ) -> None:
        self.socket = folder / "tmux.sock"
        self.env = dict(env)
        width, height = size.split("x")
        self.program = command[0]
        start = ("new-session", "-d", "-P", "-F", "#{pane_pid}", "-s", "player", "-x", width)
        run = "exec " + shlex.join(command)  # the pane's process is the client itself
        self.pid = int(self._run(self._tmux("-f", "/dev/null", *start, "-y", height, run)))

    def _tmux(self, *args: str) -> list[str]:
        return ["tmux", "-S", str(self.socket), *args]

    def _run(self, argv: list[str]) -> str:
        done = subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=WAIT)
        if done.returncode != 0:
            raise Stuck(f"{shlex.join(argv)}: {done.stderr.strip()}")
        return done.stdout

    def screen(self) -> str:
        try:
            return self._run(self._tmux("capture-pane", "-p", "-t", "player"))
        except Stuck:
            return "(the client has ended)"

    def alive(self) -> bool:
        argv = self._tmux("has-session", "-t", "player")
        return subprocess.run(argv, env=self.env, capture_output=True, timeout=WAIT).returncode == 0

    def type(self, *keys: str) -> None:
        """tmux key names (``Enter``, ``C-x``) or literal text."""
        self._run(self._tmux("send-keys", "-t", "player", *keys))

    def wait_for(self, text: str) -> None:
        self.wait_until(lambda: text in self.screen(), f"{text!r} on the screen")

    def wait_until(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not condition():
            if time.monotonic() > deadline:
                raise Stuck(f"waited {WAIT:.0f} s for {what}; the screen:\n{self.screen()}")
            time.sleep(0.05)

    def close(self) -> None:
        """Gives the client time to quit (its last key told it to), then ends our tmux server
        (only ours: the one on our socket) and the client if it still runs."""
        deadline = time.monotonic() + ENDING
        while self.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        subprocess.run(self._tmux("kill-server"), env=self.env, capture_output=True, timeout=WAIT)
        try:
            still = Path(f"/proc/{self.pid}/cmdline").read_bytes().split(b"\0")[0]
        except OSError:
            return
        if Path(os.fsdecode(still)).name == self.program:
            os.kill(self.pid, signal.SIGKILL)
