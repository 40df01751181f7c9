"""A real `wtg` process stopped at a chosen point while a test runs another beside it: the
point is a function or method (``module:name`` or ``module:Class.name``), and the process
waits on entering it, until the test has done what it does there, then goes on and must end
well. `wtg backup` stopped between its copies, a `wtg send` stopped in its delivery, its
lock held: what another command does in between is what a slow server or disk would let
it do."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from tests.killpoints import CHECKOUT

_SCRIPT = """
import importlib, os, pathlib, sys, time
module, _, name = os.environ["PAUSED_AT"].partition(":")
*owners, attribute = name.split(".")
owner = importlib.import_module(module)
for part in owners:
    owner = getattr(owner, part)
original = getattr(owner, attribute)
def paused(*args, **kwargs):
    pathlib.Path(os.environ["PAUSED_FLAG"]).touch()
    while not pathlib.Path(os.environ["PAUSED_GO_ON"]).exists():
        time.sleep(0.05)
    return original(*args, **kwargs)
setattr(owner, attribute, paused)
from wtg.cli import main
sys.argv = ["wtg", *sys.argv[1:]]
main()
"""
"""``wtg ARGS`` with the function ``PAUSED_AT`` names made to wait on entering it."""


@contextlib.contextmanager
def paused_at(at: str, args: Sequence[str], folder: Path) -> Iterator[None]:
    """``wtg ARGS`` started, and the block run once it waits on entering ``at`` (every later
    call goes on at once: the block is over); after the block, it goes on and must end with
    exit status 0. ``folder`` holds its two flag files."""
    stopped, go_on = folder / "paused", folder / "go-on"
    env = {
        **os.environ,
        "PAUSED_AT": at,
        "PAUSED_FLAG": str(stopped),
        "PAUSED_GO_ON": str(go_on),
        "PYTHONPATH": str(CHECKOUT),
    }
    running = subprocess.Popen(
        [sys.executable, "-c", _SCRIPT, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        while not stopped.exists():
            assert running.poll() is None, running.communicate()
            time.sleep(0.05)
        yield
    finally:
        go_on.touch()
        _out, err = running.communicate(timeout=600)
    assert running.returncode == 0, err
