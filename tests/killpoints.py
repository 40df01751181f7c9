"""`kill -9` between any two writes, at a chosen write rather than after a chosen delay.

``run(args, kill_at=N, root=DIR)`` runs ``wtg ARGS`` in a process group of its own with an
audit hook (``sys.addaudithook``) that counts the command's writes under ``DIR`` and, just
before the Nth, SIGKILLs the whole group (the command and any worker it forked). A write
is a file opened for writing, a rename or replace, a removal, a folder made or removed, or
an SQLite statement that changes a database (seen through the trace callback of every
connection ``sqlite3.connect`` opens, which SQLite calls before the statement runs, so a
COMMIT killed there never happened).
A removal, rename or folder made relative to an open folder (``dir_fd``, as ``shutil.rmtree``
removes what a folder holds) counts when that folder is under ``DIR``: its path is read back
from the descriptor (``/proc/self/fd``), so a kill lands inside an ``rmtree`` too.
Reads, ``fsync`` and files outside ``DIR`` (Python's byte-code cache, Jinja's) do not count.

A run with ``kill_at=None`` counts its writes (and, given ``log``, writes what each was
there, a line each: a test may choose its kill points among the writes of one part of a
long run); ``points(total, count)`` spreads kill points over them, the first and the last
always among them, ``points_between(first, last, count)`` over a stretch of them.
``cuts(args, root, at, restore)`` is the loop every kill test runs: for each write of
``at``, the world put back as it was (``restore``, e.g. a ``restorer`` of a template's
copy), then the command killed just before that write. Which write comes Nth depends only on
what the command does, never on the machine's speed or load, so a test that kills at write
N kills at the same moment on every machine, and every stretch between two writes can be
reached.

Run as ``python -m tests.killpoints``: the child side (``KILLPOINTS_*`` in its environment).
A run is that child forked by the worker's fork server (``tests.killserver``, which imports
wtg once), or a fresh Python where a fork cannot be what a fresh one is (a prelude; an
environment with other interpreter settings; ``KILLPOINTS_FRESH=1`` for all runs).
"""

from __future__ import annotations

import fcntl
import mmap
import os
import shutil
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests import killserver

CHECKOUT = Path(__file__).resolve().parent.parent
WTG = str(Path(sys.executable).with_name("wtg"))
"""The ``wtg`` command of this environment."""
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_PATH_EVENTS: dict[str, tuple[tuple[int, int | None], ...]] = {
    # each path the event writes: its place among the event's arguments, and the place of
    # the folder descriptor (``dir_fd``) it is relative to, if any
    "os.rename": ((0, 2), (1, 3)),  # src, dst, src_dir_fd, dst_dir_fd (os.replace too)
    "os.remove": ((0, 1),),  # path, dir_fd
    "os.rmdir": ((0, 1),),
    "os.mkdir": ((0, 2),),  # path, mode, dir_fd
    "os.truncate": ((0, None),),  # path, length
    "os.link": ((0, 2), (1, 3)),
    "os.symlink": ((0, None), (1, 2)),  # the link's text, the link, dir_fd
}
FRESH = "KILLPOINTS_FRESH"
"""``1`` in the environment: every run a fresh Python, none forked by the server."""
_CHANGES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "COMMIT", "END", "CREATE", "DROP", "ALTER")


@dataclass(frozen=True)
class Run:
    """How a run ended: killed or not, the writes it made (up to the kill), its output and
    what the write it was killed before was."""

    killed: bool
    writes: int
    returncode: int
    stdout: str
    stderr: str
    before: str
    """The write the run was killed before (``os.rename a -> b``), empty when not killed."""


def run(
    args: Sequence[str],
    kill_at: int | None,
    root: Path,
    env: dict[str, str] | None = None,
    input_text: str | None = None,
    prelude: str = "",
    whom: str = "group",
    log: Path | None = None,
) -> Run:
    """Run ``wtg ARGS``, killed just before its ``kill_at``-th write under ``root``.
    ``prelude``: Python run in the child before the command (a module's setting changed).
    ``whom``: ``group`` kills the command and every worker it forked; ``main`` kills the
    command alone, whichever process made the write (its workers go on, as after a kill
    of the command's pid). ``log``: a file (outside ``root``) that gets a line for each
    write, what it was (``os.rename a -> b``), in the order counted."""
    report = root.parent / f".killpoints-{os.getpid()}-{kill_at}"
    report.unlink(missing_ok=True)
    child_env = {
        **os.environ,
        **(env or {}),
        "KILLPOINTS_ROOT": str(root.resolve()),
        "KILLPOINTS_AT": str(kill_at or 0),
        "KILLPOINTS_REPORT": str(report),
        "KILLPOINTS_PRELUDE": prelude,
        "KILLPOINTS_WHOM": whom,
        "KILLPOINTS_LOG": str(log or ""),
        "PYTHONPATH": _base_env()["PYTHONPATH"],
    }
    proc = _started(args, child_env, input_text, fresh=bool(prelude))
    Path(f"{report}.lock").unlink(missing_ok=True)
    try:
        writes_text, _, before = report.read_text(encoding="utf-8").partition("\n")
        report.unlink()
    except FileNotFoundError:
        raise AssertionError(f"the child wrote no report: {proc.stderr[-2000:]}") from None
    killed = proc.returncode == -signal.SIGKILL
    return Run(killed, int(writes_text), proc.returncode, proc.stdout, proc.stderr, before)


def _started(
    args: Sequence[str], env: dict[str, str], input_text: str | None, fresh: bool
) -> killserver.Ended | subprocess.CompletedProcess[str]:
    """``python -m tests.killpoints ARGS`` to its end: a child of this worker's fork server
    (``tests.killserver``), or a fresh Python where a fork cannot be what it is (``fresh``:
    a prelude, which must run before wtg is imported; an environment that changes the
    interpreter's settings; ``KILLPOINTS_FRESH=1`` in the environment, for every run)."""
    if not fresh and env.get(FRESH) != "1" and hasattr(socket, "send_fds"):
        server = killserver.Server.get(_base_env())
        if server.takes(env):
            return server.run(args, env, input_text)
    return subprocess.run(
        [sys.executable, "-m", "tests.killpoints", *args],
        env=env,
        input=input_text,
        capture_output=True,
        text=True,
        start_new_session=True,
        check=False,
    )


def wtg(
    args: Sequence[str],
    env: Mapping[str, str] | None = None,
    input_text: str | None = None,
    check: bool = False,
) -> subprocess.CompletedProcess[str]:
    """``wtg ARGS`` to its end, as ``subprocess.run([WTG, *ARGS], capture_output=True,
    text=True, env=env, input=input_text, check=check)`` runs it (no writes counted: a run
    that finishes what a kill left), forked by the fork server when it can be."""
    command = [WTG, *args]
    given = dict(os.environ if env is None else env)
    ended: killserver.Ended | subprocess.CompletedProcess[str] | None = None
    if given.get(FRESH) != "1" and hasattr(socket, "send_fds"):
        server = killserver.Server.get(_base_env())
        if server.takes(given, WTG):
            ended = server.run(args, given, input_text, script=WTG)
    if ended is None:
        return subprocess.run(
            command, env=env, input=input_text, capture_output=True, text=True, check=check
        )
    if check and ended.returncode:
        raise subprocess.CalledProcessError(ended.returncode, command, ended.stdout, ended.stderr)
    return subprocess.CompletedProcess(command, ended.returncode, ended.stdout, ended.stderr)


def _base_env() -> dict[str, str]:
    """The environment every child starts from: this process's, the checkout importable."""
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(CHECKOUT), os.environ.get("PYTHONPATH", "")) if p
        ),
    }


def count(
    args: Sequence[str],
    root: Path,
    env: dict[str, str] | None = None,
    input_text: str | None = None,
    prelude: str = "",
    log: Path | None = None,
) -> Run:
    """Run ``wtg ARGS`` to its end; ``writes`` is how many writes it made under ``root``
    (``log``: what each was, a line each, as ``run`` writes it)."""
    return run(args, None, root, env, input_text, prelude, log=log)


def whole(
    args: Sequence[str],
    root: Path,
    restore: Callable[[], object] | None = None,
    env: dict[str, str] | None = None,
    input_text: str | None = None,
    prelude: str = "",
    log: Path | None = None,
    status: int = 0,
) -> Run:
    """The whole run a kill test measures before it kills: ``restore()`` first when given
    (the world as the template is), then ``wtg ARGS`` run to its end as ``count`` runs it,
    checked to have ended with ``status`` (its stderr shown when not; 1 for a send that
    sets a mail aside for good); ``writes`` is how many writes it made under ``root``
    (``log``: what each was, ``written`` reads them back)."""
    if restore is not None:
        restore()
    ran = count(args, root, env, input_text, prelude, log)
    assert ran.returncode == status, ran.stderr
    return ran


def written(log: Path) -> list[str]:
    """What each write of the runs given ``log`` was, a line each, in the order counted."""
    return log.read_text(encoding="utf-8").splitlines()


def points(total: int, count: int) -> list[int]:
    """``count`` kill points spread evenly over writes 1..``total``, first and last among
    them (all of them when there are fewer)."""
    if total <= count:
        return list(range(1, total + 1))
    step = (total - 1) / (count - 1)
    return sorted({1 + round(i * step) for i in range(count)})


def points_between(first: int, last: int, count: int) -> list[int]:
    """``count`` kill points spread evenly over writes ``first``..``last``, both among them
    (a stretch of a long run, found in its ``log``)."""
    return [first + at - 1 for at in points(last - first + 1, count)]


def restorer(
    template: Path, into: Path, symlinks: bool = False, clearing: Path | None = None
) -> Callable[[], None]:
    """What puts ``into`` back as ``template`` is before each kill: ``clearing`` (a folder
    holding ``into``, e.g. the games folder of the game copied; ``into`` itself when not
    given) removed with all a killed run left in it, then ``template`` copied afresh."""

    def restore() -> None:
        shutil.rmtree(clearing or into, ignore_errors=True)
        shutil.copytree(template, into, symlinks=symlinks)

    return restore


def from_template(
    tmp_path: Path, make: Callable[[Path], object]
) -> tuple[Path, Callable[[], None]]:
    """A template made by ``make`` at ``tmp_path/template``, and the host a test kills at
    ``tmp_path/host`` copied from it now: the host, and what puts it back as the template is
    (``restorer``)."""
    template = tmp_path / "template"
    make(template)
    host = tmp_path / "host"
    restore = restorer(template, host)
    restore()
    return host, restore


def cuts(
    args: Sequence[str],
    root: Path,
    at: Iterable[int],
    restore: Callable[[], object],
    prelude: str = "",
) -> Iterator[tuple[int, Run]]:
    """For each write number of ``at``: ``restore()``, then ``wtg ARGS`` killed just before
    that write under ``root`` (checked: killed, and after every write before it; ``prelude``
    as ``run`` has it); yields the write number and the run, for the test to look at what
    the kill left."""
    for write in at:
        restore()
        cut = run(args, write, root, prelude=prelude)
        assert cut.killed and cut.writes == write - 1, (write, cut)
        yield write, cut


# --- the child -----------------------------------------------------------------------------
class _Counter:
    """The writes seen so far, shared with forked workers through an anonymous shared map."""

    def __init__(
        self, root: str, kill_at: int, report: str, whole_group: bool, log: str = ""
    ) -> None:
        self.root = root.rstrip(os.sep) + os.sep
        self.log = log
        self.kill_at = kill_at
        self.report = report
        self.whole_group = whole_group
        self.main_pid = os.getpid()
        self.shared = mmap.mmap(-1, 8)
        self.busy = False

    @property
    def seen(self) -> int:
        return int(struct.unpack("q", self.shared[:8])[0])

    def inside(self, path: Any) -> bool:
        where = _where(path)
        return where is not None and where.startswith(self.root)

    def write(self, what: str) -> None:
        if self.busy:
            return
        with open(self.report + ".lock", "a") as lock:  # outside the root: not counted
            fcntl.flock(lock, fcntl.LOCK_EX)  # workers count one after the other
            number = self.seen + 1
            self.shared[:8] = struct.pack("q", number)
            if self.log:  # outside the root: not counted
                with open(self.log, "a", encoding="utf-8") as out:
                    out.write(" ".join(what.split()) + "\n")
        if number == self.kill_at:
            self.busy = True
            self._report(number - 1, what)
            if self.whole_group:
                os.killpg(os.getpgrp(), signal.SIGKILL)
            os.kill(self.main_pid, signal.SIGKILL)

    def _report(self, writes: int, before: str) -> None:
        with open(self.report, "w", encoding="utf-8") as out:  # outside the root: not counted
            out.write(f"{writes}\n{before}")

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                mode is None and isinstance(flags, int) and flags & _WRITE_FLAGS
            )
            if writing and self.inside(path):
                self.write(f"open {os.fsdecode(path)} {mode or 'flags'}")
        elif event in _PATH_EVENTS:
            paths = [
                _where(args[at], args[fd] if fd is not None else -1)
                for at, fd in _PATH_EVENTS[event]
            ]
            if any(p is not None and p.startswith(self.root) for p in paths):
                self.write(f"{event} {' -> '.join(str(p) for p in paths)}")

    def statement(self, sql: str) -> None:
        if sql.lstrip().upper().startswith(_CHANGES):
            self.write(f"sqlite {sql.strip()[:80]}")

    def watch_sqlite(self) -> None:
        """Every SQLite connection opened from now on reports its statements here."""
        opened = sqlite3.connect

        def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            connection: sqlite3.Connection = opened(*args, **kwargs)
            connection.set_trace_callback(self.statement)
            return connection

        sqlite3.connect = connect  # type: ignore[assignment]

    def finish(self) -> None:
        if not self.busy:
            self._report(self.seen, "")


def _where(path: Any, dir_fd: Any = -1) -> str | None:
    """The absolute path an event's ``path`` names: relative to the folder open at
    ``dir_fd`` when one is given (``-1`` or None: none), to the working folder otherwise.
    None for no path (a descriptor, as ``os.truncate`` of an open file gets)."""
    if isinstance(path, int):
        return None
    try:
        text = os.fsdecode(path)
    except TypeError:
        return None
    if isinstance(dir_fd, int) and dir_fd >= 0 and not os.path.isabs(text):
        try:
            folder = os.readlink(f"/proc/self/fd/{dir_fd}")
        except OSError:
            return None
        return os.path.normpath(os.path.join(folder, text))
    return os.path.abspath(text)


def _child() -> None:
    counter = _Counter(
        os.environ["KILLPOINTS_ROOT"],
        int(os.environ["KILLPOINTS_AT"]),
        os.environ["KILLPOINTS_REPORT"],
        os.environ.get("KILLPOINTS_WHOM", "group") == "group",
        os.environ.get("KILLPOINTS_LOG", ""),
    )
    sys.addaudithook(counter.hook)
    counter.watch_sqlite()
    main_pid = os.getpid()
    exec(os.environ.get("KILLPOINTS_PRELUDE", ""), {})
    from wtg.cli import main

    sys.argv = ["wtg", *sys.argv[1:]]
    try:
        main(standalone_mode=True)
    except SystemExit as done:
        if os.getpid() == main_pid:
            counter.finish()
        raise SystemExit(done.code) from None


if __name__ == "__main__":
    if killserver.SERVE in os.environ:
        killserver.serve(_child)
    else:
        _child()
