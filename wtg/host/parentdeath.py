"""A worker process that ends when the process that forked it dies.

A pool's workers (``concurrent.futures.ProcessPoolExecutor``, forked) wait for their next
task on a queue their siblings also hold open: when the process that made the pool is
killed (``kill -9``, the OOM killer), they wait for ever. And they hold every file the
killed process had open: the service's lock (a ``wtg serve`` started again finds it
taken), its log, the pipe its starter reads its errors from (which then never ends). On
Linux the kernel kills such a worker when its parent dies (``PR_SET_PDEATHSIG``); a
worker whose parent died before it could ask ends at once. Elsewhere nothing is done.

A worker knows its parent died by its parent's pid, which is then no longer the pid of
the process that forked it (``_FORKER``, noted in that process just before each fork):
the orphan's new parent is pid 1, or a subreaper (``systemd --user``, a container's init).
A parent of pid 1 is no sign by itself: a run that is a container's first process is pid
1, and its workers saw it dead and ended as they started (review44).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
"""``prctl``'s option: the signal a process gets when its parent dies (linux/prctl.h)."""

_FORKER: int | None = None
"""The pid of the process that last forked, in it and in the child it forked: a worker's
parent as it was at the fork. None in a process no fork made after this module was read
(a process started anew: it cannot tell, and asks the kernel alone)."""


def _forking() -> None:
    """Notes this process as the parent of the child it is about to fork."""
    global _FORKER
    _FORKER = os.getpid()


os.register_at_fork(before=_forking)


def die_with_parent() -> None:
    """Called first in a pool's worker: it is killed when its parent dies, and ends now if
    its parent is already dead. The kernel's parent is the thread that forked the worker,
    not its process: a pool must be made (its first task submitted) in a thread that
    outlives its work, as wtg's are, in the main thread."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
        return  # not allowed here: the worker lives as it did before
    if _FORKER is not None and os.getppid() != _FORKER:  # it died before the worker asked
        os._exit(1)
