"""A lock given up while a process forked by another thread still holds a copy of its
descriptor (a subprocess started, not yet past its exec): the next take of the lock by
the same process must not be refused as another's. CI's week of `wtg serve` made a game
(its lock taken, given up, taken again for turn 0) while the other transport's thread
started a server, and the game was refused as "being written by another process"."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager as ContextManager
from contextlib import contextmanager
from pathlib import Path

import pytest

from wtg.files.filelock import exclusive, held_by_another, shared


class Busy(Exception):
    pass


@contextmanager
def forked_sleeper() -> Iterator[int]:
    """A child forked here that keeps every descriptor it was forked with, without exec,
    until the block ends."""
    child = os.fork()
    if child == 0:  # the child: no return into the test's frames
        try:
            time.sleep(60)
        finally:
            os._exit(0)
    try:
        yield child
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)


@pytest.mark.parametrize("lock", [exclusive, shared], ids=["exclusive", "shared"])
def test_a_lock_given_up_is_free_though_a_child_forked_meanwhile_holds_its_descriptor(
    tmp_path: Path, lock: Callable[[Path, Callable[[], Exception]], ContextManager[None]]
) -> None:
    path = tmp_path / ".lock"
    sleeper = forked_sleeper()
    with lock(path, Busy):
        sleeper.__enter__()  # forked with the locked descriptor, and outlives the block
    try:
        assert not held_by_another(path)
        with exclusive(path, Busy):  # taken again at once, as create_game's turn 0 does
            pass
    finally:
        sleeper.__exit__(None, None, None)


def test_a_child_forked_in_the_block_that_leaves_it_does_not_free_the_parents_lock(
    tmp_path: Path,
) -> None:
    path = tmp_path / ".lock"
    child = -1
    try:
        with exclusive(path, Busy):
            child = os.fork()
            if child:
                _pid, status = os.waitpid(child, 0)
                assert os.waitstatus_to_exitcode(status) == 0
                assert held_by_another(path)  # still held: the parent's lock
                with pytest.raises(Busy), shared(path, Busy):
                    pass
    finally:
        if child == 0:  # the child, having left the block as a process unwinding it would
            os._exit(0)
    assert not held_by_another(path)
