"""Output piped into a reader that stopped reading (`wtg status | head -3`).

The reader has what it wanted; wtg's next line finds the pipe closed (EPIPE, Python's
BrokenPipeError). That is no error of the command, and `wtg: Broken pipe` on the terminal
read as one: the command ends without a word, with the status of a program SIGPIPE ends
(141), as the shell's own tools do. A broken pipe that is not stdout's (a mail server that
hung up) is an error as before: only a stdout whose reader is gone is let go.
"""

from __future__ import annotations

import os
import select
import sys
from typing import NoReturn

EXIT_PIPE_CLOSED = 128 + 13
"""The status of a program ended by SIGPIPE (signal 13), as the shell reports it."""


def stdout_reader_gone() -> bool:
    """Whether stdout is a pipe (or socket) whose reading end is closed: a poll of it says
    POLLERR (a pipe) or POLLHUP (a socket) at once."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # no real stdout (a test's, a closed one)
        return False
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    return any(event & (select.POLLERR | select.POLLHUP) for _, event in poller.poll(0))


def leave_quietly() -> NoReturn:
    """End the command without a word: stdout pointed at /dev/null first, so that Python's
    own flush of it on the way out finds no closed pipe either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    sys.exit(EXIT_PIPE_CLOSED)
