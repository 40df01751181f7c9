"""A pool's worker asks to die with the process that forked it (``wtg.host.parentdeath``),
and ends at once when that process died before it could ask. It told the two apart by its
parent's pid being 1: a run whose pid is 1 (``wtg serve`` as a container's command) saw
every worker end as it started, and failed every game it ran ("a worker process of this
run died"); and a worker whose run died first was handed to a subreaper (``systemd
--user``, a container's init), not to 1, and waited for ever. Now a worker compares its
parent with the process that forked it."""

from __future__ import annotations

import subprocess
import sys

RUN_OF_PID_1 = (
    "import os\n"
    "from wtg.host import parentdeath\n"
    "real = os.getpid\n"
    "os.getpid = lambda: 1\n"  # the run is the container's first process
    "worker = os.fork()\n"
    "if worker == 0:\n"
    "    os.getpid = real\n"
    "    os.getppid = lambda: 1\n"  # its parent, the run, alive
    "    parentdeath.die_with_parent()\n"
    "    os._exit(0)\n"
    "os.getpid = real\n"
    "print(os.waitstatus_to_exitcode(os.waitpid(worker, 0)[1]), flush=True)\n"
)
"""A run of pid 1 forks a worker, which asks to die with it: 0 printed when it lived on."""

RUN_DEAD_UNDER_A_SUBREAPER = (
    "import ctypes, os\n"
    "from wtg.host.parentdeath import die_with_parent\n"
    "ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)\n"  # PR_SET_CHILD_SUBREAPER: orphans come here
    "told, tell = os.pipe()\n"
    "run = os.fork()\n"
    "if run == 0:\n"
    "    if os.fork() == 0:\n"  # the worker: it asks once its run is dead
    "        os.close(tell)\n"
    "        os.read(told, 1)\n"
    "        die_with_parent()\n"
    "        os._exit(0)\n"
    "    os._exit(0)\n"  # the run dies before its worker asked
    "os.waitpid(run, 0)\n"
    "os.write(tell, b'x')\n"
    "print(os.waitstatus_to_exitcode(os.wait()[1]), flush=True)\n"
)
"""A subreaper's run forks a worker and dies before the worker asks to die with it: the
worker's exit status printed (0: it lived on, its run dead)."""


def _printed(script: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip()


def test_a_worker_of_a_run_of_pid_1_lives() -> None:
    assert _printed(RUN_OF_PID_1) == "0"


def test_a_worker_whose_run_died_first_ends_under_a_subreaper_too() -> None:
    assert _printed(RUN_DEAD_UNDER_A_SUBREAPER) == "1"
