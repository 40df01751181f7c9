"""The checkout as the tests found it: a test writes in folders of its own, never in the
checkout (tests/fixtures, docs/, templates/, games/, forms/, bench/, ...).

A test that opened tests/fixtures/format1's book in place left its -wal and -shm beside it
while another xdist worker copied that folder: a race that failed CI once in many runs. This
plugin (loaded by tests/conftest.py) makes such a write fail every run, naming the file:

- each test: every folder of the checkout is looked at before the test and after it; a file
  made or removed in one, or one replaced or made and removed again (the folder's time
  moved, its names did not), fails the test at its teardown. Under xdist a test running at
  the same time on another worker may have made it: the message says so;
- the session's end, in the xdist controller (or the only process, without xdist): every
  file's size and time are compared with those at the session's start, which finds a file
  written in place too.

Left out: what git ignores as caches and tools' folders (``.venv``, ``__pycache__``,
``.pytest_cache``, ``.hypothesis``, ``*.egg-info``, ``build``, ...), and ``artifacts/``,
where the browser tests keep their screenshots. With ``WTG_REGEN_GOLDEN`` set, tests/golden
is written on purpose and left out too.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
IGNORED = frozenset(
    {
        ".git",
        "__pycache__",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        ".hypothesis",
        "build",
        "dist",
        "artifacts",
    }
)
"""Names of folders (at any depth) whose contents the tests or their tools may change."""
FileMark = tuple[int, int]
"""A file's size and modification time (ns)."""


def ignored(name: str) -> bool:
    return (
        name in IGNORED
        or name.startswith((".venv", ".coverage"))
        or name.endswith((".egg-info", ".pyc"))
    )


def regenerated(relative: str) -> bool:
    """Whether ``relative`` (a path from the checkout) is one this run writes on purpose."""
    return bool(os.environ.get("WTG_REGEN_GOLDEN")) and relative.startswith("tests/golden")


def folder_times(root: Path = CHECKOUT) -> dict[str, int]:
    """Every watched folder of the checkout (``""`` its top) and its modification time."""
    times: dict[str, int] = {}
    pending = [""]
    while pending:
        relative = pending.pop()
        try:
            with os.scandir(root / relative) as entries:
                times[relative] = os.stat(root / relative).st_mtime_ns
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False) and not ignored(entry.name):
                        pending.append(f"{relative}/{entry.name}" if relative else entry.name)
        except FileNotFoundError:  # removed while walked: found missing by its parent
            continue
    return times


def names(folder: Path) -> frozenset[str]:
    """The names in ``folder``, every one (ignored ones too), none when it is gone."""
    try:
        return frozenset(os.listdir(folder))
    except FileNotFoundError:
        return frozenset()


def file_marks(root: Path = CHECKOUT) -> dict[str, FileMark]:
    """Every watched file of the checkout, by its path from the top, with its size and time."""
    marks: dict[str, FileMark] = {}
    for folder in folder_times(root):
        for name in names(root / folder):
            path = root / folder / name
            if ignored(name) or path.is_dir():
                continue
            try:
                status = path.lstat()
            except FileNotFoundError:
                continue
            marks[f"{folder}/{name}" if folder else name] = (status.st_size, status.st_mtime_ns)
    return marks


def folder_time(folder: Path) -> int | None:
    """The modification time (ns) of ``folder``, None when it is gone."""
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


class Watch:
    """The folders of the checkout as one process last saw them: their times and names.

    A look stats each folder it knows and lists only those whose time moved (a file made,
    removed or renamed in a folder moves its time), finding there the folders made since.
    """

    def __init__(self, root: Path = CHECKOUT) -> None:
        self.root = root
        self.times: dict[str, int] = {}
        self.listed: dict[str, frozenset[str]] = {}

    def look(self) -> list[str]:
        """What changed in the folders since the last look, a line a change, and remember
        them as they are now."""
        known = list(self.times.items())
        pending = [f for f, time in known if folder_time(self.root / f) != time] if known else [""]
        changes: list[str] = []
        while pending:
            folder = pending.pop()
            path = self.root / folder
            time = folder_time(path)
            if time is None:  # gone: the folder above it names it
                self.times.pop(folder, None)
                self.listed.pop(folder, None)
                continue
            try:
                with os.scandir(path) as entries:
                    kinds = {entry.name: entry.is_dir(follow_symlinks=False) for entry in entries}
            except OSError:
                continue
            listed = frozenset(kinds)
            if folder in self.times and not regenerated(folder):
                changes += self._changed(folder, self.listed.get(folder, frozenset()), listed)
            self.times[folder], self.listed[folder] = time, listed
            for name, is_folder in kinds.items():
                below = f"{folder}/{name}" if folder else name
                if is_folder and not ignored(name) and below not in self.times:
                    pending.append(below)
        return sorted(changes, key=lambda line: line.split(": ", 1)[-1])

    @staticmethod
    def _changed(folder: str, before: frozenset[str], listed: frozenset[str]) -> list[str]:
        where = f"{folder}/" if folder else ""
        made = sorted(name for name in listed - before if not ignored(name))
        gone = sorted(name for name in before - listed if not ignored(name))
        lines = [f"made: {where}{name}" for name in made]
        lines += [f"removed: {where}{name}" for name in gone]
        if listed == before:
            lines.append(f"a file made and removed again, or replaced, in {where or './'}")
        return lines


def changed_files(before: dict[str, FileMark], after: dict[str, FileMark]) -> list[str]:
    """The files made, removed or written between two ``file_marks``, a line each."""
    lines = [f"made: {path}" for path in sorted(after.keys() - before.keys())]
    lines += [f"removed: {path}" for path in sorted(before.keys() - after.keys())]
    lines += [
        f"written: {path}"
        for path in sorted(before.keys() & after.keys())
        if before[path] != after[path]
    ]
    return [line for line in lines if not regenerated(line.split(": ", 1)[1])]


WATCH = Watch()
START = pytest.StashKey[dict[str, FileMark]]()


@pytest.fixture(autouse=True)
def checkout_untouched() -> Iterator[None]:
    WATCH.look()  # what changed between tests (a fixture of a wider scope) is the session's
    yield
    changes = WATCH.look()
    if changes:
        pytest.fail(
            f"this test wrote in the checkout ({CHECKOUT}); a test writes in a copy or"
            " tmp_path (under xdist, a test running at the same time on another worker may"
            " have made it instead):\n" + "\n".join(changes),
            pytrace=False,
        )


def controller(config: pytest.Config) -> bool:
    """Whether this process is the xdist controller, or the only process."""
    return not hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    if controller(session.config):
        session.config.stash[START] = file_marks()


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not controller(session.config) or START not in session.config.stash:
        return
    changes = changed_files(session.config.stash[START], file_marks())
    if not changes:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = [
        f"the tests changed the checkout ({CHECKOUT}); a test writes in a copy or tmp_path"
        " (or a file was edited while they ran):",
        *changes,
    ]
    if reporter is not None:
        reporter.line("")  # after the progress line, which xdist leaves open
        reporter.write_sep("=", "checkout changed", red=True, bold=True)
        for line in lines:
            reporter.write_line(line)
    if session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
