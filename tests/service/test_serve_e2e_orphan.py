"""The `wtg serve` that tests/service/test_serve_e2e.py starts dies with the pytest that
started it: a pytest killed mid-week (``kill -9``: CI's timeout, a hung run ended) left
it running for ever on its sped-up clock, its games folder, locks and log held, found
last round after a run cut short. Here a pytest starts that service as the week does
(``Serve``), and is killed once the service says it started: no service is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.service.test_serve_e2e import WITHIN, libfaketime

CHECKOUT = Path(__file__).resolve().parents[2]
INNER = r"""
import threading
from pathlib import Path

from tests.service.test_serve_e2e import FakeTime, Serve, libfaketime
from tests.service.week import make_host

HERE = Path(__file__).parent


def test_starts_a_serve_and_waits_to_be_killed(tmp_path):
    config = make_host(tmp_path / "host", site=False)
    serve = Serve(config, FakeTime(HERE / "bytecode"), libfaketime())
    serve.start()
    told = HERE / "serve.pid.tmp"
    told.write_text(f"{serve.alive().pid}\n{serve.log}\n")
    told.replace(HERE / "serve.pid")  # whole, or not there
    threading.Event().wait()  # until the outer test kills this pytest
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process that runs (a zombie not yet reaped by its new parent
    is dead)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def test_a_pytest_killed_leaves_no_wtg_serve(tmp_path: Path) -> None:
    libfaketime()  # missing: the week's test is not run either
    (tmp_path / "bytecode").mkdir()  # its modules compiled as imported: its clock not watched
    (tmp_path / "test_inner.py").write_text(INNER, encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join((str(CHECKOUT), os.environ.get("PYTHONPATH", ""))),
    }
    pytest = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pytest",
            "-o",
            "addopts=",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-q",
            "--basetemp",
            str(tmp_path / "inner"),
            str(tmp_path / "test_inner.py"),
        ],
        cwd=CHECKOUT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    started = tmp_path / "serve.pid"
    serve = 0
    try:
        deadline = time.monotonic() + WITHIN
        while " started (pid " not in logged(started):
            assert pytest.poll() is None, pytest.communicate()[0][-3000:]
            assert time.monotonic() < deadline, "the inner pytest started no wtg serve"
            time.sleep(0.1)
        serve = int(started.read_text().splitlines()[0])
        assert alive(serve)
        pytest.kill()  # kill -9 of pytest alone: the service is in its process group
        pytest.communicate()
        deadline = time.monotonic() + WITHIN
        while alive(serve) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(serve), f"wtg serve (pid {serve}) outlived the pytest that started it"
    finally:
        if pytest.poll() is None:
            pytest.kill()
            pytest.communicate()
        if serve and alive(serve):
            os.kill(serve, signal.SIGKILL)


def logged(started: Path) -> str:
    """The log of the service whose pid and log the inner pytest wrote in ``started``; ""
    while it wrote none."""
    if not started.exists():
        return ""
    log = Path(started.read_text().splitlines()[1])
    return log.read_text(encoding="utf-8") if log.exists() else ""
