"""A real `wtg` process paused at a chosen point while a test does something beside it:
`wtg backup` stopped between its copies, a `wtg send` stopped in its delivery with its lock
held, two `wtg site` builds made to overlap at a write. What another command does in the
meantime is what a slow server or disk would let it do; where the pause falls depends on
what the command does, never on the machine's speed.

The point is one of two kinds:

- ``Entering("module:name")`` (or ``"module:Class.name"``): on entering that function or
  method, its first call;
- ``Writing(event, within)``: at the command's first write of kind ``event`` (an audit
  event, ``sys.addaudithook``: ``os.rename`` for a rename or replace, ``open`` for a file
  opened for writing) to a path that holds ``within``.

``start(args, at, folder, name)`` starts ``wtg ARGS`` in a Python of its own (``python -m
tests.pausedwtg``, the child side); at its point it makes ``NAME.reached`` in ``folder``
and waits there until the test makes ``NAME.go`` (``Paused.reached``, ``Paused.go``). A
paused child goes on by itself after ``GO_ON_BY_ITSELF`` seconds, or at once once the test's
process is gone, so that a failing test never leaves it waiting. ``paused_at(at, args,
folder)`` is the common case: the block runs while the command waits at its point, and the
command must then end with exit status 0.

Nothing the test waits for is without a deadline, and nothing the child does can block on
the test: its output goes to files (``NAME.out``, ``NAME.err``), never to a pipe that
would fill while nobody reads it; its stdin is ``/dev/null``; a child that does not end
in time is killed with its whole process group (it runs in a session of its own) and the
test fails with what it wrote.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple

CHECKOUT = Path(__file__).resolve().parent.parent
"""The checkout, put first on the child's ``PYTHONPATH`` (``python -m tests.pausedwtg``)."""
GO_ON_BY_ITSELF = 300.0
"""Seconds a paused child waits for its go before it goes on by itself."""
REACH = 120.0
"""Seconds the test waits for the child to reach its point."""
END = 300.0
"""Seconds the test waits for the child to end once it let it go on."""
_STEP = 0.01

_ENTERING = "PAUSEDWTG_ENTERING"
_WRITING = "PAUSEDWTG_WRITING"
_WITHIN = "PAUSEDWTG_WITHIN"
_REACHED = "PAUSEDWTG_REACHED"
_GO = "PAUSEDWTG_GO"
_TEST = "PAUSEDWTG_TEST"


@dataclass(frozen=True)
class Entering:
    """On entering the function ``function`` names (``module:name``, ``module:Class.name``)."""

    function: str

    def env(self) -> dict[str, str]:
        return {_ENTERING: self.function}


@dataclass(frozen=True)
class Writing:
    """Before the first write of kind ``event`` (an audit event) to a path holding ``within``."""

    event: str
    within: str

    def env(self) -> dict[str, str]:
        return {_WRITING: self.event, _WITHIN: self.within}


class Ended(NamedTuple):
    """How a paused command ended: its exit status, output and errors."""

    returncode: int
    stdout: str
    stderr: str


@dataclass
class Paused:
    """A command started, to be paused at its point; as a context manager, a command still
    running when the block ends (the test failed before letting it go on) is killed."""

    proc: subprocess.Popen[bytes]
    folder: Path
    name: str

    def _file(self, suffix: str) -> Path:
        return self.folder / f"{self.name}.{suffix}"

    def reached(self, timeout: float = REACH) -> bool:
        """Wait until the command is at its point (True), or ended or took longer than
        ``timeout`` seconds without reaching it (False)."""
        deadline = time.monotonic() + timeout
        while not self._file("reached").exists():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                return False
            time.sleep(_STEP)
        return True

    def output(self) -> str:
        """What the command wrote so far, and whether it still runs: for a failed assertion
        (it never waits for the command)."""
        status = self.proc.poll()
        said = "still running" if status is None else f"ended with exit status {status}"
        return f"{said}\nstdout:\n{self._read('out')}\nstderr:\n{self._read('err')}"

    def _read(self, suffix: str) -> str:
        """A file of its output as ``subprocess.run(text=True)`` gives it."""
        try:
            return self._file(suffix).read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def go(self, timeout: float = END) -> Ended:
        """Let it go on, and wait until it ended; a command not ended in ``timeout`` seconds
        is killed and the test fails."""
        self._file("go").touch()
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"not ended {timeout} s after its go: {self.output()}") from None
        return Ended(self.proc.returncode, self._read("out"), self._read("err"))

    def kill(self) -> None:
        """The command and every process it started killed, and waited for."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def __enter__(self) -> Paused:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.kill()


def start(args: Sequence[str], at: Entering | Writing, folder: Path, name: str) -> Paused:
    """``wtg ARGS`` started, to pause at ``at``; ``name`` tells its files apart in ``folder``
    (which must lie outside what the command writes or reads)."""
    for suffix in ("reached", "go"):
        (folder / f"{name}.{suffix}").unlink(missing_ok=True)
    env = {
        **os.environ,
        **at.env(),
        _REACHED: str(folder / f"{name}.reached"),
        _GO: str(folder / f"{name}.go"),
        _TEST: str(os.getpid()),
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(CHECKOUT), os.environ.get("PYTHONPATH")) if p
        ),
    }
    with (folder / f"{name}.out").open("wb") as out, (folder / f"{name}.err").open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.pausedwtg", *args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            start_new_session=True,
        )
    return Paused(proc, folder, name)


@contextlib.contextmanager
def paused_at(
    at: Entering | Writing, args: Sequence[str], folder: Path, name: str = "paused"
) -> Iterator[Paused]:
    """``wtg ARGS`` started, and the block run once it waits at ``at``; after the block, it
    goes on and must end with exit status 0. ``folder`` holds its files."""
    with start(args, at, folder, name) as paused:
        assert paused.reached(), paused.output()
        yield paused
        ended = paused.go()
        assert ended.returncode == 0, ended.stderr


# --- the child ------------------------------------------------------------------------------
def _wait_here() -> None:
    """Say the point is reached, and wait for the go: or until ``GO_ON_BY_ITSELF`` seconds
    passed, or the test's process is gone."""
    Path(os.environ[_REACHED]).touch()
    go, test = Path(os.environ[_GO]), int(os.environ[_TEST])
    deadline = time.monotonic() + GO_ON_BY_ITSELF
    while not go.exists() and time.monotonic() < deadline and _alive(test):
        time.sleep(_STEP)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _pause_entering(function: str) -> None:
    module, _, name = function.partition(":")
    *owners, attribute = name.split(".")
    owner: Any = importlib.import_module(module)
    for part in owners:
        owner = getattr(owner, part)
    original: Callable[..., Any] = getattr(owner, attribute)
    waited = False

    def paused(*args: Any, **kwargs: Any) -> Any:
        nonlocal waited
        if not waited:
            waited = True
            _wait_here()
        return original(*args, **kwargs)

    setattr(owner, attribute, paused)


def _pause_writing(event: str, within: str) -> None:
    waited = False

    def hook(name: str, args: tuple[Any, ...]) -> None:
        nonlocal waited
        if waited or name != event or not args or isinstance(args[0], int):
            return
        if name == "open" and not _opened_for_writing(args):
            return
        if within not in os.fsdecode(args[0]):
            return
        waited = True  # before the flag's own open, which this hook sees too
        _wait_here()

    sys.addaudithook(hook)


def _opened_for_writing(args: tuple[Any, ...]) -> bool:
    """Whether an ``open`` audit event's (path, mode, flags) open a file for writing."""
    mode, flags = args[1], args[2]
    if isinstance(mode, str):
        return "w" in mode
    return mode is None and isinstance(flags, int) and bool(flags & os.O_CREAT)


def _child() -> None:
    if _ENTERING in os.environ:
        _pause_entering(os.environ[_ENTERING])
    else:
        _pause_writing(os.environ[_WRITING], os.environ[_WITHIN])
    from wtg.cli import main

    sys.argv = ["wtg", *sys.argv[1:]]
    main()


if __name__ == "__main__":
    _child()
