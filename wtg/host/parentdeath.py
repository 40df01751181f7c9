"""A worker process that ends when the process that forked it dies.

A pool's workers (``concurrent.futures.ProcessPoolExecutor``, forked) wait for their next
task on a queue their siblings also hold open: when the process that made the pool is
killed (``kill -9``, the OOM killer), they wait for ever. And they hold every file the
killed process had open: the service's lock (a ``wtg serve`` started again finds it
taken), its log, the pipe its starter reads its errors from (which then never ends). On
Linux the kernel kills such a worker when its parent dies (``PR_SET_PDEATHSIG``); a
worker whose parent died before it could ask (it was handed to init) ends at once.
Elsewhere nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
"""``prctl``'s option: the signal a process gets when its parent dies (linux/prctl.h)."""


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
    if os.getppid() == 1:  # the parent died before the worker asked
        os._exit(1)
