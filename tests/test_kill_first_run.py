"""A game's first turn run before its first `wtg send` (`run-turn GAME --unmailed`, or
`run-turn --due` for a game whose deadline passed while its turn 0 waited unsent), killed
(SIGKILL, no clean-up of any kind) just before one of its writes, then `wtg send`: each
player gets the report of turn 0 and the report of turn 1 (when it ran), each once.

The run noted the game in the mail journal after its turn: killed between the two, the
journal knew nothing of the game, and the send took it for a game copied in from another
host at turn 1 ('its turn 0 was never mailed from here'): turn 0, the players' start and
first report, was never mailed. The run notes the game before its turn's first write now,
once nothing refuses the turn (tests/upkeep: an old host's folder refuses the run and gets
no journal; tests/test_full_disk.py: a full disk fails the turn at its own file).
"""

from __future__ import annotations

import email
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.conftest import players
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule

SPREAD = 6
"""Kill points spread over the writes before the turn's commit."""


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host made by `wtg init` (the maildir transport), its game g1 of three players made
    five days ago, due two days ago, its turn 0 never sent."""
    root = tmp_path_factory.mktemp("first") / "host"
    killpoints.wtg(["init", str(root)], check=True)
    made = datetime.now(timezone.utc) - timedelta(days=5)
    schedule = make_schedule(3, "12:00", "UTC", first=f"{made + timedelta(days=3):%Y-%m-%d}")
    create_game(root / "games" / "g1", "wok4", "small", players(3), 7, schedule=schedule, now=made)
    return root


def subjects(root: Path) -> list[str]:
    out = root / "games" / ".mail" / "maildir-out"
    return sorted(
        str(email.message_from_bytes(path.read_bytes())["Subject"])
        for path in out.rglob("*")
        if path.is_file()
    )


@pytest.mark.parametrize(
    "command", [["run-turn", "g1", "--unmailed"], ["run-turn", "--due"]], ids=["hand", "due"]
)
def test_a_first_turn_killed_at_any_write_mails_turn_0_all_the_same(
    host: Path, tmp_path: Path, command: list[str]
) -> None:
    work = tmp_path / "host"
    restore = killpoints.restorer(host, work)
    restore()
    args = ["--config", str(work / "wtg.yaml"), *command]
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, work / "games", log=log)
    writes = killpoints.written(log)
    counted = next(
        n for n, line in enumerate(writes, start=1) if line.endswith("/turns/0001")
    )  # the turn's rename: from it on, the turn counts
    at = sorted(set(killpoints.points(counted, SPREAD)) | set(range(counted + 1, whole.writes + 1)))
    mailed(work, "never killed")
    for write, cut in killpoints.cuts(args, work / "games", at, restore):
        mailed(work, (write, cut.before))


def mailed(work: Path, where: object) -> None:
    """`wtg send`, then the reports mailed: turn 0's to each player, and turn 1's when it
    ran, each once; nothing said of a game copied in."""
    send = killpoints.wtg(["--config", str(work / "wtg.yaml"), "send"])
    assert send.returncode == 0, (where, send.stderr)
    assert "never mailed from here" not in send.stderr, (where, send.stderr)
    turns = ["0", "1"] if (work / "games" / "g1" / "turns" / "0001").is_dir() else ["0"]
    assert subjects(work) == sorted(
        f"[g1] turn {turn} report for {entry.name}" for turn in turns for entry in players(3)
    ), where
