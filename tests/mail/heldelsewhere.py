"""Another process holding the poll's lock, for as long as a test's block lasts."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

HOLD_THE_POLL = """
import sys
from pathlib import Path
from wtg.mail.spool.runlock import only_one
with only_one(Path(sys.argv[1]), "poll"):
    print("held", flush=True)
    sys.stdin.read()
"""
"""Another process's `wtg poll`, its lock taken, its mails not in hand yet: it holds the
lock until its stdin is closed. Given the spool."""

TAKE_THE_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""
"""Another process's poll the instant after it took the lock, its holder file not yet
written: it holds the lock until its stdin is closed. Given the lock's file."""


@contextlib.contextmanager
def held_elsewhere(path: Path, script: str = HOLD_THE_POLL) -> Iterator[None]:
    """The block runs while another process runs ``script`` on ``path`` and holds the lock;
    it lets go once the block ends, and has ended when this returns."""
    with subprocess.Popen(
        [sys.executable, "-c", script, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as other:
        assert other.stdout is not None and other.stdin is not None
        assert other.stdout.readline() == "held\n"
        try:
            yield
        finally:
            other.stdin.close()
    assert other.returncode == 0
