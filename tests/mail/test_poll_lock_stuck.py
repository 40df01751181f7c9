"""A poll that holds its lock for hours (stopped with Ctrl-Z, hung on a dead connection):
every `wtg poll -q` of cron's after it found the lock taken and said nothing, ever, and `wtg
status --host` showed only the age of the last poll. Now the first cron poll past an hour
says it once on stderr, with the holder and what to do, the first poll that runs after says
once that the lock is free again, and `status --host` names the holder while it holds it
(``wtg.mail.poll.stuck``). `wtg serve` and `poll --idle` hold it as they run: no word."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import World
from wtg.cli import main
from wtg.mail.spool.runlock import holder, only_one


def wtg(config: Path, *args: str) -> Result:
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def host(tmp_path: Path) -> tuple[World, Path]:
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {world.gm.games_dir}\n", encoding="utf-8")
    world.mail(world.aof(1, R1="1"))
    return world, config


@pytest.fixture
def stopped_pid() -> Iterator[int]:
    """A process stopped as Ctrl-Z stops one."""
    child = subprocess.Popen(["sleep", "600"])
    os.kill(child.pid, signal.SIGSTOP)
    os.waitpid(child.pid, os.WUNTRACED)  # stopped when this returns (the signal is async)
    try:
        yield child.pid
    finally:
        child.kill()
        child.wait()


def say_holder(spool: Path, pid: int, ago: timedelta, what: str = "wtg poll") -> datetime:
    """The lock's holder file written as a holder ``ago`` back would have (the lock itself
    held by the test: a flock another open file of this process meets as another's)."""
    since = (datetime.now(timezone.utc) - ago).replace(microsecond=0)
    data = {"pid": pid, "since": since.isoformat(), "what": what}
    (spool / "poll.holder").write_text(json.dumps(data), encoding="utf-8")
    return since


def test_a_poll_stopped_for_hours_is_said_once_and_its_end_once(
    host: tuple[World, Path], stopped_pid: int
) -> None:
    world, config = host
    spool = world.gm.spool
    with only_one(spool, "poll"):
        since = say_holder(spool, stopped_pid, timedelta(hours=2))
        first = wtg(config, "poll", "-q")
        second = wtg(config, "poll", "-q")
        shown = wtg(config, "status", "--host").stdout
        data = json.loads(wtg(config, "status", "--host", "--json").stdout)

    held = f"wtg poll (pid {stopped_pid}, since {since:%Y-%m-%d %H:%M} UTC, STOPPED)"
    assert first.stdout == ""
    assert first.stderr == (
        f"wtg: warning: the poll's lock has been held for 2 h 0 min by {held}: every poll "
        "since did nothing, and the mail waits in the inbox; it was stopped (Ctrl-Z, "
        f"SIGSTOP): `kill -CONT {stopped_pid}` (or `fg` in its terminal) lets it finish, "
        f"`kill {stopped_pid}` ends it (said once; `wtg --config {config} status --host` "
        "shows it while it lasts)\n"
    )
    assert second.output == ""  # cron mails nothing more of the same holder
    (line,) = [x for x in shown.splitlines() if x.startswith("poll lock: ")]
    assert line.startswith(f"poll lock: held for 2 h 0 min by {held}: NO POLL RUNS MEANWHILE")
    assert data["poll_lock"] == {
        "pid": stopped_pid,
        "since": since.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "what": "wtg poll",
        "state": "stopped",
    }
    assert holder(spool, "poll") is None  # the holder let go: its file names no one

    ran = wtg(config, "poll", "-q")
    assert ran.stderr == (
        f"wtg: the poll's lock, held by pid {stopped_pid}, for 2 h 0 min, is free again: "
        "this poll ran\n"
    )
    assert wtg(config, "poll", "-q").stderr == ""  # said once
    after = wtg(config, "status", "--host")
    assert "poll lock:" not in after.stdout
    assert json.loads(wtg(config, "status", "--host", "--json").stdout)["poll_lock"] is None


def test_a_hung_poll_is_said_with_the_kill_that_ends_it(host: tuple[World, Path]) -> None:
    world, config = host
    spool = world.gm.spool
    with only_one(spool, "poll"):
        say_holder(spool, os.getpid(), timedelta(hours=3, minutes=5))
        said = wtg(config, "poll", "-q").stderr

    assert "held for 3 h 5 min by wtg poll (pid" in said
    assert f"if it hangs (a connection dead), `kill {os.getpid()}` ends it" in said


def test_a_poll_under_way_is_named_and_not_said_to_cron(host: tuple[World, Path]) -> None:
    world, config = host
    spool = world.gm.spool
    with only_one(spool, "poll"):
        since = say_holder(spool, os.getpid(), timedelta(minutes=5))
        quiet = wtg(config, "poll", "-q")
        loud = wtg(config, "poll")
        shown = wtg(config, "status", "--host").stdout

    held = f"wtg poll (pid {os.getpid()}, since {since:%Y-%m-%d %H:%M} UTC)"
    assert quiet.output == ""
    assert loud.stdout == f"another {held} is running: this one leaves the work to it\n"
    assert f"poll lock: held for 5 min by {held} (a poll under way)" in shown.splitlines()
    assert not (spool / "poll-stuck-told").exists()


@pytest.mark.parametrize("what", ["wtg poll --idle", "wtg serve"])
def test_what_holds_the_lock_while_it_runs_is_never_stuck(
    host: tuple[World, Path], what: str
) -> None:
    world, config = host
    spool = world.gm.spool
    with only_one(spool, "poll"):
        say_holder(spool, os.getpid(), timedelta(days=3), what)
        quiet = wtg(config, "poll", "-q")
        shown = wtg(config, "status", "--host").stdout

    assert quiet.output == ""
    assert "poll lock:" not in shown


def test_the_lock_names_its_holder_while_held_and_not_after(tmp_path: Path) -> None:

    spool = tmp_path / "spool"
    with only_one(spool, "poll", "wtg backup"):
        held = holder(spool, "poll")
        assert held is not None
        assert (held.pid, held.what, held.state) == (os.getpid(), "wtg backup", "running")
        assert datetime.now(timezone.utc) - held.since < timedelta(minutes=1)
    assert holder(spool, "poll") is None  # its file left, read only while a lock is held


@pytest.mark.parametrize("pid", [0, -1, 2**70, True, "12"])
def test_a_holder_file_naming_no_process_names_no_holder(tmp_path: Path, pid: object) -> None:
    """A holder file whose pid is no process's (0 and -1 name a process group and every
    process, `kill 0` the GM's own shell's; one too big for the system stopped `status
    --host` with an OverflowError; a boolean or a string is no pid wtg writes) names no
    holder: the lock is what counts, and no `kill` is said for it."""
    spool = tmp_path / "spool"
    with only_one(spool, "poll"):
        since = datetime.now(timezone.utc).isoformat(timespec="seconds")
        data = {"pid": pid, "since": since, "what": "wtg poll"}
        (spool / "poll.holder").write_text(json.dumps(data), encoding="utf-8")
        assert holder(spool, "poll") is None


def test_a_holder_file_says_its_command_printable(tmp_path: Path) -> None:
    """The command a holder file names reaches the GM's terminal (`status --host`, cron's
    mail of `poll -q`): its control characters are not sent to it."""
    spool = tmp_path / "spool"
    with only_one(spool, "poll", "wtg poll\x1b]0;title\x07\x1b[2J --idle"):
        held = holder(spool, "poll")
    assert held is not None
    assert held.what == "wtg poll --idle"
