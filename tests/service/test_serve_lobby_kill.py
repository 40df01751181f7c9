"""`wtg serve` of a lobby whose waiting list the next CONFIRM fills, killed (SIGKILL, no
clean-up of any kind) just before one of its writes, then started again: at the end of its
scenario (tests/service/fileclock.py: two hours on the service's clock) it has done what a
run never killed did. The CONFIRM is filed once and answered once, the game is made once
under the list's first number with both players bound to it, its turn 0 reports and every
answer mailed once; nothing waits in the outbox nor the inbox.

tests/lobby/test_kill_list_fills.py kills the `wtg poll` that reads such a CONFIRM;
tests/service/test_serve_kill.py kills a service of games made by hand, with no lobby.
"""

from __future__ import annotations

import os
import shutil
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from tests import killpoints
from tests.lobby.hall import Hall, Mail, address
from tests.lobby.test_lobby_replay import waits
from tests.mail.outboxes import outbox_counts
from tests.service.fileclock import PRELUDE, SCENARIO, write_scenario
from wtg.host.config import load_config
from wtg.lobby.database import LobbyDatabase
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journal import Journal

KILLS = 10
"""Runs killed, each just before another of its writes."""


def make_hall(root: Path) -> Path:
    """A list of two players with Lord1 waiting, Lord2's JOIN answered and his CONFIRM in
    the inbox; the config file (the maildir transport)."""
    hall = Hall(root)
    hall.now = datetime.now(timezone.utc)
    hall.open_list("wok4", map="small", players=2)
    waits(hall, "wok4", "Lord1", address(1))
    ask = hall.answer(address(2), "JOIN wok4 AS Lord2", hours=0)
    hall.mail(address(2), f"CONFIRM {ask.code()}")
    return hall.config_file()


def outcome(host: Path) -> dict[str, Any]:
    """What the host holds at the end: the journal, the mails sent (to, subject), the games'
    folders and the players bound, the outbox and the inbox."""
    gm = load_config(host / "wtg.yaml")
    journal = Journal(gm.spool)
    rows = sorted(str(r[0]) for r in journal.db.execute("SELECT key FROM messages"))
    journal.close()
    with LobbyDatabase(gm.games_dir) as book:
        bound = sorted(str(r["game"]) for r in book.rows("SELECT game FROM entries"))
        lists = [(str(r["name"]), int(r["games"])) for r in book.rows("SELECT * FROM lists")]
    sent = Counter(
        (mail.to, mail.subject)
        for mail in (Mail(p.read_bytes()) for p in (gm.maildir_out / "new").iterdir())
    )
    return {
        "journal": rows,
        "sent": sent,
        "games": sorted(p.name for p in gm.games_dir.iterdir() if not p.name.startswith(".")),
        "bound": bound,
        "lists": lists,
        "outbox": outbox_counts(Outbox(gm.spool)),
        "inbox": sorted(os.listdir(gm.maildir_in / "new")),
    }


def test_a_service_killed_as_a_confirm_fills_a_list_makes_the_game_and_mails_it_once(
    tmp_path: Path,
) -> None:
    pristine = tmp_path / "pristine"
    make_hall(pristine)
    start = datetime.now(timezone.utc)
    saved = tmp_path / "clock.txt"
    scenario = tmp_path / "scenario.json"
    write_scenario(scenario, start, start + timedelta(hours=2), saved, [])
    env = {SCENARIO: str(scenario), "TZ": "UTC"}

    def fresh(name: str) -> tuple[Path, list[str]]:
        host = tmp_path / name
        shutil.copytree(pristine, host, symlinks=True)
        saved.unlink(missing_ok=True)
        return host, ["--config", str(host / "wtg.yaml"), "serve"]

    host, command = fresh("whole")
    whole = killpoints.whole(command, host, env=env, prelude=PRELUDE)
    expected = outcome(host)
    assert expected["games"] == ["wok4-1"] and expected["bound"] == ["wok4-1", "wok4-1"]
    assert expected["inbox"] == [] and expected["outbox"]["queued"] == 0
    assert sum(expected["sent"].values()) >= 3, expected["sent"]  # the answer, two turn 0s
    assert set(expected["sent"].values()) == {1}, expected["sent"]

    chosen = killpoints.points(whole.writes, KILLS)
    for number, at in enumerate(chosen):
        host, command = fresh(f"killed{number}")
        cut = killpoints.run(command, at, host, env=env, prelude=PRELUDE)
        assert cut.killed and cut.writes == at - 1, (at, cut.stderr[-2000:])
        rest = killpoints.count(command, host, env=env, prelude=PRELUDE)
        assert rest.returncode == 0, (at, cut.before, rest.stderr[-2000:])
        assert outcome(host) == expected, (at, cut.before)
        shutil.rmtree(host)
    print(f"\n{whole.writes} writes, killed before {len(chosen)} of them")
