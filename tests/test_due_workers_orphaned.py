"""`run-turn --due` runs its games on a pool of forked workers (``wtg.host.due``). A run
killed (``kill -9``: a `wtg serve` killed while its turns ran) left them waiting for their
next game for ever, holding every file it had open: the service's lock, its log, the
pipe its starter read its errors from, which then never ended (the week of
tests/service/test_serve_e2e.py hung in ``communicate()`` on a loaded machine, where two
games fall due at once). Now each worker dies with the process that forked it."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

WITHIN = 60.0
"""Seconds the test waits for the killed run's pipe to end and its workers with it: a
loaded machine's margin, not a timing the test checks."""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


WORKERS = (
    "import multiprocessing, os, sys\n"
    "from concurrent.futures import ProcessPoolExecutor\n"
    "from wtg.host import due\n"
    "both = multiprocessing.Barrier(2)\n"
    "def met(_):\n"
    "    both.wait()\n"  # one task in each worker: both have started
    "    return os.getpid()\n"
    "pool = ProcessPoolExecutor(2, initializer=due._start_worker, initargs=(None, None, None))\n"
    "print(*pool.map(met, range(2)), flush=True)\n"
    "sys.stdin.read()\n"
)
"""A run with its pool's two workers started: it prints their pids and waits to be killed."""


def test_a_killed_runs_workers_die_with_it() -> None:
    run = subprocess.Popen(
        [sys.executable, "-c", WORKERS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert run.stdout is not None
    workers = [int(pid) for pid in run.stdout.readline().split()]
    try:
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
        run.kill()  # kill -9: no word reaches the workers
        _, err = run.communicate(timeout=WITHIN)  # the pipes end: no worker holds them
        assert run.returncode == -9, err
        begin = time.monotonic()
        while [pid for pid in workers if alive(pid)]:  # their files closed, they end
            assert time.monotonic() - begin < WITHIN, "the workers outlived the run"
            time.sleep(0.05)
    finally:
        for pid in workers:  # before the mend: the workers this test started
            if alive(pid):
                subprocess.run(["kill", "-9", str(pid)], check=False)
        if run.poll() is None:
            run.kill()
            run.communicate()
