"""The pause of a real `wtg` (``tests.pausedwtg``) never leaves a test waiting for ever.

Before, the paused command's output went to pipes nobody read until it ended: a command
that wrote more than a pipe holds before its point stopped there for good, and the test
(review34's ``paused_at``) waited for it without a deadline. A command's pause had no end
but its go, so a test process gone left it waiting; and a test that failed before its go
left it paused, holding what it held."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.pausedwtg import CHECKOUT, Entering, Writing, paused_at, start

AT_EXIT = Entering("sys:exit")
"""Where click ends every command: after all it wrote."""


def test_a_command_that_writes_more_than_a_pipe_holds_reaches_its_point(tmp_path: Path) -> None:
    name = "a" * 100_000  # the error that names it: more than a pipe's 64 KiB
    with start(["state", name], AT_EXIT, tmp_path, "much") as paused:
        assert paused.reached(), paused.output()
        assert name in (tmp_path / "much.err").read_text()  # all written before the pause
        ended = paused.go()
    assert ended.returncode == 1, ended.stderr
    assert ended.stdout == ""
    assert ended.stderr.startswith(f"wtg: {name}: ")


def test_a_block_that_fails_leaves_no_command_paused(tmp_path: Path) -> None:
    with (
        pytest.raises(LookupError, match="the test failed"),
        paused_at(AT_EXIT, ["--version"], tmp_path) as paused,
    ):
        raise LookupError("the test failed")
    assert paused.proc.returncode == -signal.SIGKILL  # killed at once, not let go on
    assert not (tmp_path / "paused.go").exists()


def test_a_paused_command_goes_on_once_the_test_is_gone(tmp_path: Path) -> None:
    """The process that started it ends without its go (a test killed): the command goes
    on by itself well before ``GO_ON_BY_ITSELF``, and ends as it would have."""
    starter = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from tests.pausedwtg import Entering, start\n"
        "paused = start(['--version'], Entering('sys:exit'), Path(sys.argv[1]), 'orphan')\n"
        "assert paused.reached(), paused.output()\n"
        "os._exit(0)\n"
    )
    gone = subprocess.run(
        [sys.executable, "-c", starter, str(tmp_path)],
        cwd=CHECKOUT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert gone.returncode == 0, gone.stderr
    assert (tmp_path / "orphan.reached").exists() and not (tmp_path / "orphan.go").exists()
    out = tmp_path / "orphan.out"
    deadline = time.monotonic() + 60  # far below its GO_ON_BY_ITSELF
    while not out.read_text().endswith("\n") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert out.read_text() == f"wtg {version('wtg')}\n"


def test_a_write_point_is_the_first_such_write_to_the_path(tmp_path: Path) -> None:
    """`wtg init DIR` paused before it opens its config's copy for writing (``os.open``
    with ``O_CREAT``), its games folder made: no config there yet, then the whole."""
    host = tmp_path / "host"
    with paused_at(Writing("open", ".wtg.yaml.new"), ["init", str(host)], tmp_path):
        assert (host / "games").is_dir()
        assert sorted(p.name for p in host.iterdir()) == ["games"]
    assert sorted(p.name for p in host.iterdir()) == ["games", "wtg.yaml"]
