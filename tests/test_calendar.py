"""The tests hold on any date (issue 25: CI went red when the month changed, a test having
the archive's month written in as text).

This runs the tests of the code that reads the clock (deadlines, schedules, the GM's
controls, the quarantine's archive by month, due runs, the lobby) again under libfaketime,
with the clock set ten seconds before midnight at the end of a year (UTC: the day, the month
and the year change while they run) and ten seconds before Vienna's clocks go forward an
hour. They must pass as they do on any other day: what it proves is that every line of wtg
that reads the clock (``datetime.now``, ``time.time`` and their kin) and that these tests
reach passes its tests on those dates. Debian's `faketime` runs them (`.ci/run` installs
it); on a machine without it the test skips with that hint, except in CI, where it fails.

libfaketime does not fake the monotonic clock here (``DONT_FAKE_MONOTONIC``): timeouts go on
as usual, only the date moves. But a sleep fails under it (Debian's libfaketime 0.9.10 and
Python 3.11's ``time.sleep``: ``OSError: [Errno 22] Invalid argument``), so a test that
waits for another process by sleeping between looks is left out (``LEFT_OUT``), as are the
tests that only do again what others do at the moments (``LEFT_OUT``, ``DESELECTED``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.unavailable import unavailable

CHECKOUT = Path(__file__).resolve().parent.parent
CLOCK_READERS = (
    "tests/test_gm_controls.py",
    "tests/test_rollback.py",
    "tests/test_deadline_again.py",
    "tests/test_schedule.py",
    "tests/test_due_many.py",
    "tests/test_absent_resigned.py",
    "tests/aof/test_map_setting.py",
    "tests/mail/test_trust.py",
    "tests/mail/test_send_due.py",
    "tests/lobby",
)
"""Test modules of the code that reads the clock (``datetime.now`` in wtg/)."""
LEFT_OUT = (
    "tests/lobby/test_kill_*",
    "tests/lobby/test_close_during_backup.py",
    "tests/lobby/test_flood_book_bounded.py",
    "tests/lobby/test_forget_flood_mails.py",
    "tests/lobby/test_join_by_reply_past_a_flood.py",
    "tests/lobby/test_new_domain_flood.py",
    "tests/lobby/test_player_code_floods.py",
    "tests/lobby/test_press_flood.py",
    "tests/lobby/test_strangers_flood.py",
    "tests/lobby/test_sub_address_floods.py",
    "tests/lobby/test_takeover_code_floods.py",
)
"""The lobby's kill tests: each kills a command at every write and checks the next run
finishes it, which no date changes (the lobby's other tests run its clock readers at the
moments). They were most of these runs' time, and these runs the longest test of CI. And
the lobby's tests that pause a real command at a point (``tests/pausedwtg.py``), which sleep
while they wait for it: what they check is two commands at once, which no date changes.
And the lobby's floods: hundreds or thousands of mails a test, each read by the same lines
that read the clock as one mail of the lobby's other tests, to check bounds on what a
flood is answered and kept, counted by the moments the tests give (``Hall.now``), which no
date of the machine changes. They were most of these runs' time again, the year's run
still the longest test of CI; every line of wtg that reads the clock and that the whole
of these tests reach, the tests kept reach too (found by recording, test by test, the
lines of wtg that called the clock's readers)."""
DESELECTED = (
    "tests/lobby/test_torn_book_forged_flood.py::"
    "test_release_held_killed_between_any_two_writes_then_given_again",
)
"""A flood's kill test among tests kept (its file's others release the mails a flood held,
the one test whose lines read the clock where no other test does)."""


MOMENTS = {
    "year-end-utc": ("2026-12-31 23:59:50", "UTC"),
    "summer-time-vienna": ("2027-03-28 01:59:50", "Europe/Vienna"),
}
"""The moments the clock readers run at, each with the time zone of the machine."""


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, subprocess.Popen[str]]]:
    """The clock readers' tests under faketime at every moment, started together (each
    run is a process of its own, and mostly waits on the files and processes of its
    tests: together they take the time of the longest)."""
    if shutil.which("faketime") is None:
        hint = "libfaketime is not installed (apt-get install faketime)"
        unavailable(hint)
    started: dict[str, subprocess.Popen[str]] = {}
    try:
        for name, (moment, zone) in MOMENTS.items():
            env = {**os.environ, "TZ": zone, "DONT_FAKE_MONOTONIC": "1", "FAKETIME_DONT_RESET": "1"}
            basetemp = tmp_path_factory.mktemp(name) / "t"
            command = ["faketime", "-f", f"@{moment}", sys.executable, "-m", "pytest"]
            command += ["-p", "no:cacheprovider", "-o", "addopts=-q"]  # one process: no -n
            command += ["--basetemp", str(basetemp), *CLOCK_READERS]
            command += [f"--ignore-glob={pattern}" for pattern in LEFT_OUT]
            command += [f"--deselect={test}" for test in DESELECTED]
            started[name] = subprocess.Popen(
                command,
                cwd=CHECKOUT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        yield started
    finally:
        for process in started.values():
            if process.poll() is None:
                process.kill()
                process.communicate()


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_the_clock_readers_pass_as_the_year_or_the_hour_turns(
    runs: dict[str, subprocess.Popen[str]], moment: str
) -> None:
    stdout, stderr = runs[moment].communicate()
    assert runs[moment].returncode == 0, stdout[-6000:] + stderr[-2000:]
    summary = stdout.splitlines()[-1]
    whole = rf"[0-9]{{3,}} passed, {len(DESELECTED)} deselected in .*"
    assert re.fullmatch(whole, summary), summary  # all of them, none skipped
