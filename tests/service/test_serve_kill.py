"""`wtg serve` killed (SIGKILL: no clean-up of any kind) just before one of its writes
(tests/killpoints.py: the same write on every machine), once or twice, then started again:
at the end of its scenario (tests/service/fileclock.py: a day of mails, a turn at its
deadline, reminders, the digest, the site) it has done exactly what a run never killed
did: every mail filed once and answered once, every turn run once, every report, reminder
and digest mailed once."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from tests import killpoints
from tests.mail.outboxes import outbox_counts
from tests.service.fileclock import PRELUDE, SCENARIO, write_scenario
from tests.service.marks import message_id_of
from tests.service.week import GM, START, make_host
from wtg.game.engine import open_game
from wtg.host.config import load_config
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journal import Journal

KILLS = 8
"""Runs killed, each just before another of its writes."""
TRADES = (100, 150, 200, 250, 350)


def scenario(root: Path, host: Path) -> tuple[Path, dict[str, str]]:
    """The mails of a day (orders, one of them READY, a stranger's) and the scenario's file;
    the environment of a run."""
    gm = load_config(host / "wtg.yaml")
    mails = root / "mails"
    mails.mkdir()
    drops: list[tuple[datetime, str, Path]] = []
    plan = [(1, "daily", 1), (2, "daily", 2), (3, "vienna", 1)]
    plan += [(5, "daily", 2), (6, "newyork", 2), (9, "daily", 1)]
    for number, (hours, game, seat) in enumerate(plan):
        played = open_game(gm.games_dir / game)
        text = played.aof(seat).replace("X1: ___", f"X1: {TRADES[number % 5]}")
        msg = EmailMessage()
        msg["From"] = f"{game}{seat}@players.example"
        msg["To"] = GM
        msg["Subject"] = "orders"
        msg["Message-ID"] = f"<k{number}.{game}{seat}@players.example>"
        msg.set_content(text)
        path = mails / f"{number}.eml"
        path.write_bytes(bytes(msg))
        drops.append((START + timedelta(hours=hours), f"17962000{number:02d}.k{number}.test", path))
    help_mail = EmailMessage()
    help_mail["From"] = "curious@elsewhere.example"
    help_mail["To"] = GM
    help_mail["Subject"] = "how?"
    help_mail["Message-ID"] = "<help@elsewhere.example>"
    help_mail.set_content("How do I join?\n")
    (mails / "help.eml").write_bytes(bytes(help_mail))
    drops.append((START + timedelta(hours=4), "1796200099.help.test", mails / "help.eml"))
    path = root / "scenario.json"
    saved = root / "clock.txt"
    write_scenario(path, START, START + timedelta(hours=21), saved, drops)
    return saved, {SCENARIO: str(path), "TZ": "UTC"}


def outcome(host: Path) -> dict[str, Any]:
    """What the host holds at the end: the journal, the mail sent, the turns, the outbox."""
    gm = load_config(host / "wtg.yaml")
    journal = Journal(gm.spool)
    rows = sorted(
        (message_id_of(mark), outcome)
        for mark, outcome in journal.db.execute("SELECT message_id, outcome FROM messages")
    )
    journal.close()
    games = {name: open_game(gm.games_dir / name) for name in ("daily", "vienna", "newyork")}
    return {
        "journal": rows,
        "sent": sorted(p.name for p in (gm.maildir_out / "new").iterdir()),
        "turns": {
            name: [game.meta(turn) for turn in range(game.latest_turn() + 1)]
            for name, game in games.items()
        },
        "outbox": outbox_counts(Outbox(gm.spool)),
        "digest": json.loads((gm.spool / "digest.json").read_text())["last"],
        "inbox": sorted((gm.maildir_in / "new").iterdir()),
    }


def test_kill_9_once_or_twice_loses_and_doubles_nothing(tmp_path: Path) -> None:
    pristine = tmp_path / "pristine"
    make_host(pristine, replies_per_hour=100, confirmations_per_hour=100)
    saved, env = scenario(tmp_path, pristine)
    args = ["--config", "CONFIG", "serve"]

    def fresh(name: str) -> tuple[Path, list[str]]:
        host = tmp_path / name
        shutil.copytree(pristine, host, symlinks=True)
        saved.unlink(missing_ok=True)
        return host, [str(host / "wtg.yaml") if a == "CONFIG" else a for a in args]

    host, command = fresh("whole")
    whole = killpoints.whole(command, host, env=env, prelude=PRELUDE)
    expected = outcome(host)
    assert len(expected["turns"]["daily"]) == 2 and expected["inbox"] == []
    assert len(expected["journal"]) == 7
    assert any(name.startswith("digest-day-") for name in expected["sent"])
    assert any(name.startswith("remind-daily-t0002") for name in expected["sent"])
    assert expected["outbox"]["queued"] == 0

    for number, at in enumerate(killpoints.points(whole.writes, KILLS)):
        host, command = fresh(f"killed{number}")
        cut = killpoints.run(command, at, host, env=env, prelude=PRELUDE)
        assert cut.killed and cut.writes == at - 1, (at, cut.stderr[-2000:])
        if number % 2:  # killed twice: the restarted service too
            again = killpoints.run(command, at, host, env=env, prelude=PRELUDE)
            assert again.killed or again.returncode == 0, again.stderr[-2000:]
        rest = killpoints.count(command, host, env=env, prelude=PRELUDE)
        assert rest.returncode == 0, rest.stderr[-2000:]
        assert outcome(host) == expected, (at, cut.before)
