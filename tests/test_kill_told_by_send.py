"""`wtg hold` and `wtg announce` killed (SIGKILL, no clean-up of any kind) just before one
of their writes, then `wtg send`, as cron runs it: the send says the command cut short and
the command that finishes it, on stderr (which cron mails), and exits 1; given again, the
command tells each player once, and the send says nothing more.

Killed after the hold was written and before its notices were all queued, the game was held
and some players never told, and nothing but `wtg status` said so: `wtg send` and `run-turn
--due` (which counts a game the GM holds quietly) said nothing, and a GM whose terminal
died with the command (an SSH line cut) never learned it. The same for an announcement.
"""

from __future__ import annotations

import email
import shlex
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from tests.test_gm_controls import minutes
from wtg.game.engine import create_game
from wtg.game.hold import hold_of
from wtg.game.schedule import make_schedule

KILLS = 6


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host made by `wtg init`, its game g1 of three players due in ten hours, turn 0
    mailed."""
    root = tmp_path_factory.mktemp("told") / "host"
    killpoints.wtg(["init", str(root)], check=True)
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=10)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    create_game(root / "games" / "g1", "wok4", "small", players(3), 7, schedule=schedule, now=now)
    send = killpoints.wtg(["--config", str(root / "wtg.yaml"), "send"])
    assert send.returncode == 0, send.stderr
    return root


def mailed(root: Path, words: str) -> dict[str, int]:
    """Each address's mails sent whose subject holds ``words``."""
    found: dict[str, int] = {}
    for path in (root / "games" / ".mail" / "maildir-out").rglob("*"):
        if path.is_file():
            mail = email.message_from_bytes(path.read_bytes())
            if words in str(mail["Subject"]):
                found[str(mail["To"])] = found.get(str(mail["To"]), 0) + 1
    return found


@pytest.mark.parametrize(
    ("command", "owed", "words"),
    [
        (
            ["hold", "g1", "--reason", "server move"],
            "the hold (since {}) was cut short before every player was told: give `wtg hold "
            "g1` again",
            "the game is on hold",
        ),
        (
            ["announce", "g1", "The map is wrong"],
            "was cut short before every player was told: give `wtg announce g1 'The map is "
            "wrong'` again",
            "",
        ),
    ],
    ids=["hold", "announce"],
)
def test_a_command_cut_short_is_said_by_the_next_send(
    host: Path, tmp_path: Path, command: list[str], owed: str, words: str
) -> None:
    work = tmp_path / "host"
    restore = killpoints.restorer(host, work)
    config = ["--config", str(work / "wtg.yaml")]
    restore()
    before = mailed(work, words)
    whole = killpoints.whole([*config, *command], work / "games")
    said = 0
    for write, cut in killpoints.cuts(
        [*config, *command], work / "games", killpoints.points(whole.writes, KILLS), restore
    ):
        where = (write, cut.before)
        send = killpoints.wtg([*config, "send"])
        held = hold_of(work / "games" / "g1")
        # killed at its last write (the mark dropped), every player's notice is queued
        cut_short = (held is not None and held.telling and write < whole.writes) or bool(
            list((work / "games" / ".mail").glob("announce/*.json"))
        )
        if cut_short:
            said += 1
            assert send.returncode == 1, (where, send.stderr)
            since = minutes(held.since) if held is not None else ""
            shown = owed.replace("`wtg ", f"`wtg {shlex.join(config)} ")  # as send was given
            assert f"wtg: NOTICES OWED: game g1: {shown.format(since)}" in send.stderr or (
                command[0] == "announce" and shown in send.stderr
            ), (where, send.stderr)
        else:
            assert send.returncode == 0 and "NOTICES OWED" not in send.stderr, (where, send)
        again = killpoints.wtg([*config, *command])
        assert again.returncode == 0, (where, again.stderr)
        send = killpoints.wtg([*config, "send"])
        assert send.returncode == 0 and "NOTICES OWED" not in send.stderr, (where, send)
        told = {k: n - before.get(k, 0) for k, n in mailed(work, words).items()}
        assert sorted(n for n in told.values() if n) == [1, 1, 1], (where, told)
    assert said


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (["hold", "g1", "--reason", "server move"], "the game is on hold"),
        (["release", "g1"], "the game goes on"),
    ],
    ids=["hold", "release"],
)
def test_a_command_killed_at_its_last_write_owes_nothing(
    host: Path, tmp_path: Path, command: list[str], words: str
) -> None:
    """Killed just before its last write (the hold's mark dropped, the release's file
    removed), every player's notice queued: neither `wtg send` nor `wtg status` says a
    notice is owed (given again, the command queues nothing more), and each player is told
    once."""
    base, work = tmp_path / "base", tmp_path / "host"
    killpoints.restorer(host, base)()
    config = ["--config", str(work / "wtg.yaml")]
    if command[0] == "release":
        held = killpoints.wtg(["--config", str(base / "wtg.yaml"), "hold", "g1"])
        assert held.returncode == 0
    restore = killpoints.restorer(base, work)
    restore()
    before = mailed(work, words)
    whole = killpoints.whole([*config, *command], work / "games")
    for write, cut in killpoints.cuts([*config, *command], work / "games", [whole.writes], restore):
        where = (write, cut.before)
        status = killpoints.wtg([*config, "status", "g1"])
        assert "cut short" not in status.stdout, (where, status.stdout)
        send = killpoints.wtg([*config, "send"])
        assert send.returncode == 0 and "NOTICES OWED" not in send.stderr, (where, send.stderr)
        told = {k: n - before.get(k, 0) for k, n in mailed(work, words).items()}
        assert sorted(n for n in told.values() if n) == [1, 1, 1], (where, told)
        again = killpoints.wtg([*config, *command])
        assert again.returncode == 0, (where, again.stderr)
        send = killpoints.wtg([*config, "send"])
        assert send.returncode == 0 and "NOTICES OWED" not in send.stderr, (where, send)
        told = {k: n - before.get(k, 0) for k, n in mailed(work, words).items()}
        assert sorted(n for n in told.values() if n) == [1, 1, 1], (where, told)
