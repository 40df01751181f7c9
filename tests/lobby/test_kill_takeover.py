"""A takeover accepted by mail (the newcomer's CONFIRM of his JOIN of a game whose seat is
offered), its `wtg poll` killed (SIGKILL, no clean-up of any kind) just before one of its
writes spread over a whole run, then a poll that finishes: the seat is taken over once, as
an uninterrupted poll takes it (one code, in game.yaml and in the newcomer's welcome; one
record; the offer taken), and the mails queued are those of an uninterrupted poll, each
once. As killed, `wtg status` reads the game.

tests/lobby/test_lobby_replay.py kills the takeover in process at its record's write,
tests/lobby/test_lobby_fuzz.py real polls at writes drawn from a seed; this one goes over
the whole run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, Mail, address
from tests.lobby.test_lobby_replay import seat_offered
from tests.test_kill_run_turn import WTG
from wtg.game.engine import open_game
from wtg.lobby.database import Book
from wtg.lobby.seats import offers

KILLS = 10
NEWCOMER = address(9)


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game wok4-1 offers its quit seat 3, and a newcomer's CONFIRM of his
    JOIN of it waiting in the inbox."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    hall.now = datetime.now(timezone.utc)
    name = seat_offered(hall)
    hall.now = datetime.now(timezone.utc)
    hall.mail(NEWCOMER, f"JOIN {name} AS Newcomer")
    hall.poll()
    (ask,) = hall.new_mails(NEWCOMER)
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    hall.config_file()
    return root


def mails(games: Path) -> Counter[tuple[str, str]]:
    """Every mail in the outbox: (to, subject), each read whole."""
    outbox = games / ".mail" / "outbox"
    return Counter(
        (mail.to, mail.subject)
        for mail in (Mail(p.read_bytes()) for p in sorted(outbox.glob("*/*.eml")))
    )


def check_taken_over(games: Path) -> None:
    game = open_game(games / "wok4-1")
    entry = game.config.player(3)
    assert (entry.name, entry.email) == ("Newcomer", NEWCOMER)
    outbox = games / ".mail" / "outbox"
    welcome = [
        mail
        for mail in (Mail(p.read_bytes()) for p in sorted(outbox.glob("*/*.eml")))
        if mail.to == NEWCOMER and f"CODE: {entry.code}" in mail.body.replace("CODE:  ", "CODE: ")
    ]
    assert len(welcome) == 1
    record = json.loads((game.store.turn_dir(1) / "takeovers.json").read_text(encoding="utf-8"))
    assert [(r["seat"], r["name"]) for r in record] == [(3, "Newcomer")]
    with Book(games) as book:
        assert offers(book) == []
    inbox = games / ".mail" / "maildir-in"
    assert [p for sub in ("new", "cur") for p in (inbox / sub).iterdir()] == []


def test_a_takeover_poll_killed_at_any_write_is_finished_once_by_the_next(
    hall_root: Path, tmp_path: Path
) -> None:
    host = tmp_path / "host"
    games = host / "games"
    args = ["--config", str(host / "wtg.yaml"), "poll"]

    def fresh() -> None:
        shutil.rmtree(host, ignore_errors=True)
        shutil.copytree(hall_root, host)

    fresh()
    whole = killpoints.count(args, games)
    assert whole.returncode == 0, whole.stderr
    check_taken_over(games)
    expected = mails(games)
    outcomes: dict[str, int] = {}
    for at in killpoints.points(whole.writes, KILLS):
        fresh()
        cut = killpoints.run(args, at, games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        status = subprocess.run(
            [WTG, "--config", str(host / "wtg.yaml"), "status", "wok4-1"],
            capture_output=True,
            text=True,
        )
        assert status.returncode == 0, (at, cut.before, status.stderr)
        seat = open_game(games / "wok4-1").config.player(3)
        outcome = "given in game.yaml" if seat.name == "Newcomer" else "not given"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        again = subprocess.run([WTG, *args], capture_output=True, text=True)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        check_taken_over(games)
        assert mails(games) == expected, (at, cut.before)
    print(f"\n{whole.writes} writes, killed before {KILLS}: {outcomes}")
    assert outcomes.get("not given") and outcomes.get("given in game.yaml")
