"""The claims' folder of a maildir (``.wtg-host``) made by a poll run as root: every poll of
the host's own user after it failed to write its claim, and said so on each run (the file
it could not write had a new name each time, so the line was new each time), with no word
of what to type. Now the line names the folder, its owner and the `sudo chown` that gives
it back, and is said once (floods45). A claim a poll killed left in the folder's tmp/ is
removed by the next poll (nothing read it, nothing removed it).

Run as root here, the host's user nobody (tests/test_another_users_files.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.test_another_users_files import (
    NOBODY,
    as_nobody,
    give_back,
    host,  # noqa: F401  (a fixture)
    run_as_root,
    warm_up,
    wtg,
)

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="gives files to another user (chown): run as root (CI does)"
)


def test_a_claims_folder_root_made_is_said_once_with_the_chown(host: Path) -> None:  # noqa: F811
    games = host / "games"
    claims = games / ".mail" / "maildir-in" / ".wtg-host"
    assert wtg(host, "poll", "-q").exit_code == 0  # the host's folders, before the claims
    for path in sorted(claims.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    claims.rmdir()  # a host of a wtg before them
    made = run_as_root(host, "poll")
    assert claims in made
    for path in claims.rglob("*"):  # root's claim removed: nobody's takes the mailbox
        if path.is_file():
            path.unlink()
    for path in (claims, claims / "new", claims / "cur"):  # its tmp/ alone left root's
        os.chown(path, NOBODY, NOBODY)
    warm_up(host, [("poll", "-q")])
    with as_nobody():
        first, again = wtg(host, "poll", "-q"), wtg(host, "poll", "-q")
    assert first.exit_code == 0, first.output
    told = " ".join(first.stderr.split())
    assert f"{claims} belongs to root, and wtg runs as nobody" in told
    assert f"`sudo chown -R nobody {claims}`" in told
    assert "said once, and again when it changes" in told
    assert (again.exit_code, again.stderr) == (0, "")

    give_back(host)
    with as_nobody():
        mended = wtg(host, "poll", "-q")
    assert "are read again" in " ".join(mended.stderr.split())
    assert [p.stat().st_uid for p in (claims / "new").iterdir()] == [NOBODY]


def test_a_claim_a_killed_poll_left_in_tmp_is_removed(host: Path) -> None:  # noqa: F811
    assert wtg(host, "poll", "-q").exit_code == 0
    tmp = host / "games" / ".mail" / "maildir-in" / ".wtg-host" / "tmp"
    gone = 4_000_000  # no process has this id (pid_max is at most 4194304)
    left = tmp / f"{time.time_ns()}.{gone}.wtg-host"
    left.write_bytes(b"X-Wtg-Host: half written")
    running = tmp / f"{time.time_ns()}.1.wtg-host"  # init's: a writer still running
    running.write_bytes(b"X-Wtg-Host: being written")
    assert wtg(host, "poll", "-q").exit_code == 0
    assert sorted(tmp.iterdir()) == [running]
