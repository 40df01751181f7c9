"""The kill harness's fork server (``tests.killserver``): a run it forks is what a fresh
``python -m tests.killpoints`` is, as far as the run and the test can tell."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import killpoints, killserver

PROBE = """
import atexit, json, os, random, sys, tempfile, time
atexit.register(lambda: print("atexit ran", flush=True))
fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
print(json.dumps({
    "session leader": os.getsid(0) == os.getpid() == os.getpgrp(),
    "cwd": os.getcwd(),
    "path0": sys.path[0],
    "argv": sys.argv[1:],
    "seen": os.environ.get("PROBE_SEEN"),
    "tz": list(time.tzname),
    "stdin": sys.stdin.read(),
    "umask": os.umask(0o022),
    "fds below 3": [fd for fd in fds if fd < 3],
    "tempdir": tempfile.gettempdir(),
    "random": random.random(),
}))
print("to stderr\\r\\nagain", file=sys.stderr)
"""


def probe_env(tmp_path: Path) -> dict[str, str]:
    return {
        **killpoints._base_env(),
        "KILLPOINTS_ROOT": str(tmp_path / "root"),
        "KILLPOINTS_AT": "0",
        "KILLPOINTS_REPORT": str(tmp_path / "report"),
        "KILLPOINTS_PRELUDE": PROBE,
        "KILLPOINTS_WHOM": "group",
        "KILLPOINTS_LOG": "",
        "PROBE_SEEN": "yes",
        "TZ": "Asia/Tokyo",
        "TMPDIR": str(tmp_path),
    }


def test_a_forked_run_is_what_a_fresh_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session, folder, environment, time zone, stdin, umask, fds 0-2, exit code, output and
    the interpreter's end (atexit) the same; the random module seeded anew in each child."""
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    env = probe_env(tmp_path)
    args = ["--version"]
    old = os.umask(0o027)
    try:
        fresh = subprocess.run(
            [sys.executable, "-m", "tests.killpoints", *args],
            env=env,
            input="given text\n",
            capture_output=True,
            text=True,
            start_new_session=True,
            check=False,
        )
        server = killserver.Server.get(killpoints._base_env())
        forked = [server.run(args, env, "given text\n") for _ in range(2)]
    finally:
        os.umask(old)
    outputs = [fresh.stdout, *(run.stdout for run in forked)]
    seen = [json.loads(output.splitlines()[0]) for output in outputs]
    assert len({value.pop("random") for value in seen}) == 3  # each child reseeded
    assert seen[0] == seen[1] == seen[2]
    assert seen[0] == {
        "session leader": True,
        "cwd": str(tmp_path / "here"),
        "path0": str(tmp_path / "here"),
        "argv": ["--version"],
        "seen": "yes",
        "tz": ["JST", "JST"],
        "stdin": "given text\n",
        "umask": 0o027,
        "fds below 3": [0, 1, 2],
        "tempdir": str(tmp_path),
    }
    for run in forked:  # the first line (its random number aside) compared above
        assert (run.returncode, run.stdout.splitlines()[1:], run.stderr) == (
            fresh.returncode,
            fresh.stdout.splitlines()[1:],
            fresh.stderr,
        )
    assert fresh.returncode == 0 and fresh.stdout.splitlines()[1:] == [
        fresh.stdout.splitlines()[1],
        "atexit ran",
    ]
    assert fresh.stdout.splitlines()[1].startswith("wtg")
    assert fresh.stderr == "to stderr\nagain\n"


def test_a_forked_child_sees_no_fd_of_the_server(tmp_path: Path) -> None:
    env = {
        **probe_env(tmp_path),
        "KILLPOINTS_PRELUDE": "import os; print(os.listdir('/proc/self/fd'))",
    }
    server = killserver.Server.get(killpoints._base_env())
    ran = server.run(["--version"], env, None)
    assert sorted(ran.stdout.splitlines()[0].strip("[]").replace("'", "").split(", ")) == [
        "0",
        "1",
        "2",
        "3",  # the listing's own, as in a fresh process
    ]


def test_killed_runs_end_as_fresh_ones_do_and_the_server_lives_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``wtg init`` (a relative folder: the test's current folder) killed at each of its
    writes, the group and the command alone: the same writes, ends and output forked or
    fresh; a group killed is the run's own, never the server's."""
    monkeypatch.chdir(tmp_path)
    host = tmp_path / "host"

    def restore() -> None:
        for path in sorted(host.rglob("*"), reverse=True) if host.exists() else []:
            path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
        if host.exists():
            host.rmdir()

    def ends() -> list[tuple[object, ...]]:
        restore()
        whole = killpoints.count(["init", "host"], host)
        assert whole.returncode == 0 and whole.writes > 3, whole
        seen: list[tuple[object, ...]] = [(whole.writes, whole.stdout, whole.stderr)]
        for whom in ("group", "main"):
            for at in range(1, whole.writes + 1):
                restore()
                cut = killpoints.run(["init", "host"], at, host, whom=whom)
                seen.append((at, cut.killed, cut.returncode, cut.writes, cut.before, cut.stdout))
        return seen

    forked = ends()
    server = killserver.Server._running
    assert server is not None and server.process.poll() is None
    monkeypatch.setenv(killpoints.FRESH, "1")
    fresh = ends()
    assert forked == fresh
    assert all(end[1:4] == (True, -9, int(str(end[0])) - 1) for end in forked[1:])
    assert server.process.poll() is None


def test_a_plain_wtg_forked_ends_as_a_fresh_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``killpoints.wtg``: a host made in the current folder, its config found through the
    environment given, a slip refused: the same ends and output forked or fresh."""

    def ends() -> list[tuple[object, ...]]:
        made = killpoints.wtg(["init", "host"])
        env = {**os.environ, "WTG_CONFIG": str(Path("host") / "wtg.yaml")}
        checked = killpoints.wtg(["check-config"], env=env)
        slip = killpoints.wtg(["status", "nosuch"], env=env)
        with pytest.raises(subprocess.CalledProcessError) as refused:
            killpoints.wtg(["status", "nosuch"], env=env, check=True)
        assert refused.value.stderr == slip.stderr and refused.value.returncode == slip.returncode
        shutil.rmtree("host")
        return [(r.args, r.returncode, r.stdout, r.stderr) for r in (made, checked, slip)]

    monkeypatch.chdir(tmp_path)
    forked = ends()
    server = killserver.Server._running
    assert server is not None and server.process.poll() is None
    monkeypatch.setenv(killpoints.FRESH, "1")
    fresh = ends()
    assert forked == fresh
    assert [end[1] for end in forked] == [0, 0, 1]
    assert forked[0][0] == [killpoints.WTG, "init", "host"]
    assert f"{tmp_path / 'host' / 'wtg.yaml'}" in str(forked[0][2])
    assert "nosuch" in str(forked[2][3])


HOLDER = """
import os, subprocess, sys
from tests import killserver

def held() -> None:
    '''The run: it leaves a process holding its output, or closes its output and goes on;
    either waits for a writer of the FIFO HOLD_FIFO, which the test opens once done.'''
    wait = "import os; open(os.environ['HOLD_FIFO']).read()"
    if os.environ["HOLD_HOW"] == "none":  # a run that ends as runs do: the server is up
        print("ready", flush=True)
        return
    pids = open(os.environ["HOLD_PIDS"], "a")
    if os.environ["HOLD_HOW"] == "left":
        left = subprocess.Popen([sys.executable, "-c", wait])  # inherits fds 0-2
        print(left.pid, file=pids, flush=True)
        print("the run ended", flush=True)
        return
    print(os.getpid(), file=pids, flush=True)
    os.close(1)
    os.close(2)
    exec(wait)

killserver.serve(held)
"""


def held_run(tmp_path: Path, how: str) -> str:
    """The failure of a run of a fork server whose run ``how`` holds its caller: "left", a
    process it leaves holds its output; "hangs", the run closes its output and goes on.
    The process that held it is killed once the run is given up on (it went on waiting
    after the test had failed, past the worker's end: only the test's FIFO ended it)."""
    fifo = tmp_path / "hold"
    os.mkfifo(fifo)
    pids = tmp_path / "pids"
    env = {**killpoints._base_env(), "HOLD_FIFO": str(fifo), "HOLD_HOW": how}
    env["HOLD_PIDS"] = str(pids)
    server = killserver.Server(env, [sys.executable, "-c", HOLDER])
    try:
        ready = server.run(["ready"], {**env, "HOLD_HOW": "none"}, None)  # wtg imported
        assert (ready.returncode, ready.stdout) == (0, "ready\n")
        with pytest.raises(killserver.Stuck) as stuck:
            server.run(["held"], env, None, patience=5)
        (holder,) = (int(pid) for pid in pids.read_text().split())
        assert killserver._ended_within(holder, 30.0), f"process {holder} still runs"
    finally:
        with contextlib.suppress(OSError):  # a holder not killed waits for its writer: it ends
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # ENXIO: no holder waits
        server.stop()
    return str(stuck.value)


def test_a_run_whose_output_a_process_it_left_holds_fails_its_test_at_the_deadline(
    tmp_path: Path,
) -> None:
    """A process the run left holding its stdout and stderr (pausers35): the caller read
    them without a deadline and the worker hung until CI's timeout. Now the test fails,
    named, with the run and what was waited for."""
    said = held_run(tmp_path, "left")
    test = "tests/test_killserver.py::test_a_run_whose_output_a_process_it_left_holds_fails_"
    assert said.startswith(test)
    assert said == (
        f"{test}its_test_at_the_deadline: the fork server's run of ['tests.killpoints', "
        "'held'], given 5 s: its stdout and stderr still open at the deadline; read so far: "
        "stdout b'the run ended\\n', stderr b''; the run itself had ended (exit code 0): a "
        "process it left holds its output"
    )


def test_a_run_that_closes_its_output_and_goes_on_fails_its_test_at_the_deadline(
    tmp_path: Path,
) -> None:
    """The run's output ended, the run not: the server's word of its end, read without a
    deadline, hung the worker too."""
    said = held_run(tmp_path, "hangs")
    assert said == (
        "tests/test_killserver.py::test_a_run_that_closes_its_output_and_goes_on_fails_its_"
        "test_at_the_deadline: the fork server's run of ['tests.killpoints', 'held'], given "
        "5 s: its output ended, but the server did not say by the deadline how the run ended "
        "(the run goes on, its output closed)"
    )
