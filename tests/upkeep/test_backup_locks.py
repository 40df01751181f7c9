"""Issue 27, item 4: a backup is consistent while the host runs. Each game is copied with its
lock held, waiting for another process that holds it (a turn running) and then copying
the game as that process left it; a lock held too long is waited for a bounded time, and
the game left out and named. The spool is copied with the poll's and the send's locks held,
or, when a poll keeps its lock (`poll --idle`, `wtg serve`), without it, and the backup
says so. Turns run in a loop in another process meanwhile: every archived game is at a
whole turn."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import START
from tests.upkeep.hosts import files_of, host_copy
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.host.servicerecord import ServiceRecord, write_service_record
from wtg.upkeep.backup import BackupResult, back_up_host
from wtg.upkeep.restore import restore

WTG = str(Path(sys.executable).with_name("wtg"))
GENEROUS = 300.0
"""Seconds a test waits for an event that comes at once on any machine: only a hang fails."""

HOLD_GAME = """
import sys
from datetime import datetime, timedelta
from pathlib import Path
from tests.lobby.hall import START
from wtg.game.engine import open_game
from wtg.host.servicerecord import ServiceRecord, write_service_record
game = open_game(Path(sys.argv[1]))
with game.store.lock():
    print("locked", flush=True)
    sys.stdin.readline()
    game.run_turn(now=datetime.fromisoformat(sys.argv[2]))
"""

HOLD_SPOOL = """
import sys
from pathlib import Path
from wtg.mail.spool.runlock import only_one
spool = Path(sys.argv[1])
with only_one(spool, "poll"):
    print("locked", flush=True)
    sys.stdin.readline()
    (spool / "archive" / "late.eml").write_bytes(b"filed while the backup waited\\n")
"""


RUN_TURNS = """
import subprocess, sys, time
wtg, turns = sys.argv[1], int(sys.argv[2])
ran = busy = 0
while ran < turns:
    given = [wtg, "run-turn", "duel", "--now", "--unmailed"]  # nothing mails these turns
    run = subprocess.run(given, capture_output=True, text=True)
    if run.returncode == 0:
        ran += 1
    elif "is being written by another process" in run.stderr:  # the backup's: as cron, again
        busy += 1
        time.sleep(0.05)
    else:
        sys.exit(run.stderr)
print(busy)
"""
"""`wtg run-turn duel --now` until it ran ``turns`` turns; a run that found the game locked
(by a backup) is run again, as cron runs it again; prints how many found it so."""


@pytest.fixture
def host(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return host_copy(tmp_path / "host", tmp_path_factory.getbasetemp() / "upkeep-template")


@pytest.fixture
def holder() -> Iterator[list[subprocess.Popen[str]]]:
    """The processes a test starts to hold a lock, killed at its end if still there."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        process.kill()
        process.wait()


def hold(holders: list[subprocess.Popen[str]], script: str, *args: str) -> subprocess.Popen[str]:
    """A process running ``script`` that holds a lock once it says so."""
    process = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    holders.append(process)
    assert process.stdout is not None and process.stdout.readline() == "locked\n"
    return process


def in_thread(job: dict[str, BackupResult], **kwargs: object) -> threading.Thread:
    def run() -> None:
        job["result"] = back_up_host(**kwargs)  # type: ignore[arg-type]

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def manifest_of(archive: Path) -> dict[str, object]:
    with tarfile.open(archive) as tar:
        handle = tar.extractfile("wtg-backup/manifest.json")
        assert handle is not None
        data: dict[str, object] = json.loads(handle.read())
    return data


def test_a_backup_waits_for_a_game_whose_turn_is_running(
    host: Path, tmp_path: Path, holder: list[subprocess.Popen[str]]
) -> None:
    games = host.parent / "games"
    process = hold(holder, HOLD_GAME, str(games / "wok4-1"), "2026-11-25T12:00:00+00:00")
    waiting = threading.Event()
    said: list[str] = []

    def notice(line: str) -> None:
        said.append(line)
        waiting.set()

    job: dict[str, BackupResult] = {}
    archive = tmp_path / "host.tar.gz"
    thread = in_thread(job, games_dir=games, out=archive, notice=notice)
    assert waiting.wait(GENEROUS)
    assert said == [
        "game wok4-1: another process holds its lock (a turn running?); waiting up to 120 s"
    ]
    assert process.stdin is not None
    process.stdin.write("\n")  # the turn runs, the lock is let go
    process.stdin.flush()
    thread.join(GENEROUS)
    assert process.wait(GENEROUS) == 0
    result = job["result"]
    assert [(g.name, g.turn) for g in result.games] == [("duel", 0), ("wok4-1", 1)]
    assert result.not_copied == ()
    copy = tmp_path / "restored"
    restore(archive, copy)
    assert open_game(copy / "wok4-1").latest_turn() == 1
    assert files_of(copy / "wok4-1") == files_of(games / "wok4-1")


def test_a_lock_held_too_long_leaves_the_game_out_and_says_so(
    host: Path, tmp_path: Path, holder: list[subprocess.Popen[str]]
) -> None:
    games = host.parent / "games"
    hold(holder, HOLD_GAME, str(games / "wok4-1"), "2026-11-25T12:00:00+00:00")
    archive = tmp_path / "host.tar.gz"
    result = CliRunner().invoke(
        main, ["--config", str(host), "backup", str(archive), "--wait", "0.2"]
    )
    assert result.exit_code == 1
    assert result.stderr == (
        "problem: game wok4-1: its lock was held by another process (a turn running?) for 0.2 s: "
        "not in this backup; back it up again\n"
    )
    assert result.stdout.splitlines()[-1].startswith(
        f"backup {archive}: 1 game, 1 not copied (wok4-1), "
    )
    manifest = manifest_of(archive)
    assert manifest["games"] == [{"name": "duel", "turn": 0, "ruleset": "wok4", "format": 2}]
    assert manifest["games_not_copied"] == [
        {
            "name": "wok4-1",
            "reason": "its lock was held by another process (a turn running?) for 0.2 s: not "
            "in this backup; back it up again",
        }
    ]
    with tarfile.open(archive) as tar:
        assert not any("/wok4-1" in name for name in tar.getnames())
    said = CliRunner().invoke(
        main, ["restore", str(archive), "--games-dir", str(tmp_path / "restored")]
    )
    assert said.exit_code == 0
    assert "game wok4-1 is not in this backup: its lock was held" in said.stdout


def test_a_backup_waits_for_the_poll_then_copies_the_spool_as_it_left_it(
    host: Path, tmp_path: Path, holder: list[subprocess.Popen[str]]
) -> None:
    games = host.parent / "games"
    process = hold(holder, HOLD_SPOOL, str(games / ".mail"))
    waiting = threading.Event()
    job: dict[str, BackupResult] = {}
    archive = tmp_path / "host.tar.gz"
    thread = in_thread(job, games_dir=games, out=archive, notice=lambda _line: waiting.set())
    assert waiting.wait(GENEROUS)
    assert process.stdin is not None
    process.stdin.write("\n")
    process.stdin.flush()
    thread.join(GENEROUS)
    assert process.wait(GENEROUS) == 0
    manifest = manifest_of(archive)
    assert manifest["spool"] == {"path": ".mail", "locks_held": ["send", "poll"]}
    assert manifest["notes"] == []
    with tarfile.open(archive) as tar:
        late = tar.extractfile("wtg-backup/games/.mail/archive/late.eml")
        assert late is not None and late.read() == b"filed while the backup waited\n"


def test_a_poll_that_keeps_its_lock_does_not_stop_the_backup(
    host: Path, tmp_path: Path, holder: list[subprocess.Popen[str]]
) -> None:
    """`wtg poll --idle` (and `wtg serve`) hold the poll's lock while they run: the spool is
    copied after the wait all the same, the journal first, and the backup says so."""
    games = host.parent / "games"
    hold(holder, HOLD_SPOOL, str(games / ".mail"))
    archive = tmp_path / "host.tar.gz"
    result = CliRunner().invoke(
        main, ["--config", str(host), "backup", str(archive), "--wait", "0.2"]
    )
    assert result.exit_code == 0, result.output
    note = (
        "the mail spool was copied while wtg poll (or wtg serve) held its lock: the "
        "journal was copied first, so a mail handled meanwhile is at worst read again "
        "after a restore"
    )
    shown = note.replace("`wtg ", f"`wtg --config {host} ")  # printed: the --config given
    assert result.stderr == f"note: {shown}\n"
    manifest = manifest_of(archive)
    assert manifest["spool"] == {"path": ".mail", "locks_held": ["send"]}
    assert manifest["notes"] == [note]
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert names.index("wtg-backup/games/.mail/journal.sqlite") < names.index(
        "wtg-backup/games/.mail/poll-health.json"
    )
    quiet = [*("--config", str(host), "backup", str(archive)), "--wait", "0.2", "-q"]
    result = CliRunner().invoke(main, quiet)  # cron's: nothing went wrong, nothing to say
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")


def test_every_game_archived_while_turns_run_is_at_a_whole_turn(host: Path, tmp_path: Path) -> None:
    """`wtg run-turn duel --now`, again and again in another process, while backups of the
    host are made one after the other: each archive restores to a game that opens at a
    whole turn, every turn of it the very files the game has."""
    games = host.parent / "games"
    turns = 3  # then the game is over: no one sent orders
    runs = subprocess.Popen(
        [sys.executable, "-c", RUN_TURNS, WTG, str(turns)],
        env={**os.environ, "WTG_GAMES_DIR": str(games)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    archives: list[Path] = []
    while True:
        ended = runs.poll() is not None
        archive = tmp_path / f"b{len(archives):03d}.tar.gz"
        result = back_up_host(games, archive, wait=GENEROUS)
        assert result.not_copied == ()
        archives.append(archive)
        if ended:
            break
    _busy, err = runs.communicate()
    assert runs.returncode == 0, err
    assert open_game(games / "duel").latest_turn() == turns
    seen = set()
    for archive in archives:
        copy = tmp_path / f"r-{archive.stem}"
        restore(archive, copy)
        game = open_game(copy / "duel")
        latest = game.latest_turn()
        seen.add(latest)
        assert game.store.turns() == list(range(latest + 1))
        for turn in range(latest + 1):
            folder = Path("turns") / f"{turn:04d}"
            mine = files_of(copy / "duel" / folder)
            assert mine == files_of(games / "duel" / folder) and "turn.json" in mine
        assert [p.name for p in (copy / "duel" / "turns").iterdir() if p.name[0] == "."] == []
        copied = manifest_of(archive)["games"]
        assert isinstance(copied, list)
        assert [g for g in copied if g["name"] == "duel"] == [
            {"name": "duel", "turn": latest, "ruleset": "wok4", "format": 2}
        ]
    assert max(seen) == turns and len(archives) >= 2


def test_while_wtg_serve_runs_its_poll_lock_is_not_waited_for(
    host: Path, tmp_path: Path, holder: list[subprocess.Popen[str]]
) -> None:
    """`wtg serve` keeps the poll's lock while it lives (its record in the spool names its
    pid): the backup does not wait the whole ``--wait`` for it, and leaves its record out
    (a restored host runs no service until one is started)."""
    spool = host.parent / "games" / ".mail"
    service = hold(holder, HOLD_SPOOL, str(spool))
    write_service_record(spool, ServiceRecord(service.pid, START, "0.1.0"))
    said: list[str] = []
    archive = tmp_path / "host.tar.gz"
    result = back_up_host(host.parent / "games", archive, notice=said.append)
    assert said == []  # no lock waited for
    assert result.notes == (
        f"the mail spool was copied while wtg serve (pid {service.pid}, which keeps the "
        "poll's lock) held its lock: the journal was copied first, so a mail handled "
        "meanwhile is at worst read again after a restore",
    )
    assert result.manifest["spool"] == {"path": ".mail", "locks_held": ["send"]}
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert "wtg-backup/games/.mail/journal.sqlite" in names
    assert not any(name.endswith("service.json") for name in names)
