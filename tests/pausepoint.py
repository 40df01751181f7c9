"""Two wtg commands at once, made to overlap where a test wants them to: a command paused at
a chosen write until the test lets it go on.

``start(args, at, tmp)`` starts ``wtg ARGS`` in a Python of its own (``python -m
tests.pausepoint``) with an audit hook that, at the first write of kind ``at`` (an audit
event: ``os.rename`` for a rename or replace, ``open`` for a file opened for writing) whose
path holds ``within``, says so (a file, ``Paused.reached``) and waits until the test lets it
go on (``Paused.go``). It goes on by itself after ``WAIT`` seconds, so that a test that
fails never leaves it waiting. Where the pause falls depends on what the command does,
never on the machine's speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.killpoints import CHECKOUT

WAIT = 60.0
"""Seconds a paused command waits for its go before it goes on by itself."""
_STEP = 0.01


@dataclass
class Paused:
    """A command started, to be paused at its write."""

    proc: subprocess.Popen[str]
    flag: Path
    """Made by the command when it reached its pause."""
    resume: Path
    """Made by the test to let it go on."""

    def reached(self) -> bool:
        """Wait until the command is at its pause (True), or ended without reaching it."""
        deadline = time.monotonic() + WAIT
        while not self.flag.exists():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                return False
            time.sleep(_STEP)
        return True

    def go(self) -> tuple[int, str, str]:
        """Let it go on; its exit status, output and errors once it ended."""
        self.resume.touch()
        out, err = self.proc.communicate(timeout=WAIT * 2)
        return self.proc.returncode, out, err


def start(args: list[str], at: str, within: str, tmp: Path, name: str) -> Paused:
    """``wtg ARGS``, started, to pause before its first write ``at`` of a path holding
    ``within``; ``name`` tells its flag files apart in ``tmp`` (outside what it writes)."""
    flag, resume = tmp / f"{name}.reached", tmp / f"{name}.go"
    env = {
        **os.environ,
        "PAUSE_AT": at,
        "PAUSE_WITHIN": within,
        "PAUSE_FLAG": str(flag),
        "PAUSE_GO": str(resume),
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(CHECKOUT), os.environ.get("PYTHONPATH")) if p
        ),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.pausepoint", *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return Paused(proc, flag, resume)


def _child() -> None:
    at, within = os.environ["PAUSE_AT"], os.environ["PAUSE_WITHIN"]
    flag, resume = Path(os.environ["PAUSE_FLAG"]), Path(os.environ["PAUSE_GO"])
    done = False

    def hook(event: str, args: tuple[Any, ...]) -> None:
        nonlocal done
        if done or event != at or not args or isinstance(args[0], int):
            return
        if (
            event == "open"
            and not (isinstance(args[1], str) and "w" in args[1])
            and not (args[1] is None and isinstance(args[2], int) and args[2] & os.O_CREAT)
        ):
            return
        if within not in os.fsdecode(args[0]):
            return
        done = True
        flag.touch()
        deadline = time.monotonic() + WAIT
        while not resume.exists() and time.monotonic() < deadline:
            time.sleep(_STEP)

    sys.addaudithook(hook)
    from wtg.cli import main

    sys.argv = ["wtg", *sys.argv[1:]]
    main(standalone_mode=True)


if __name__ == "__main__":
    _child()
