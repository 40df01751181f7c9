"""A poll of the lobby's and the press's mails (PRESS, ABSENCE, RESIGN, a stranger's JOIN
of a list, STATUS), killed (SIGKILL, no clean-up of any kind) just before one of its writes
spread over a whole run, then a poll that finishes: the host is as an uninterrupted poll
leaves it. The same answers (to, subject), each once; the press kept once; the absence
noted once; one code waiting for each request's CONFIRM, in one mail to its address; the
inbox empty, every mail journalled once.

tests/lobby/test_lobby_fuzz.py kills polls of such mails at writes drawn from a seed; this
one goes over the whole run of one batch.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, address
from tests.lobby.killedpolls import KilledPolls, inbox_left, outbox_mails
from tests.lobby.test_lobby_replay import two_player_game
from wtg.lobby.database import LobbyDatabase
from wtg.mail.spool.journal import Journal

KILLS = 12
GAME = "wok4-1"


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host running wok4-1 (three players), its list still open, and five mails in the
    inbox."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    hall.now = datetime.now(timezone.utc)
    two_player_game(hall, players=3)
    hall.new_mails()
    ann, bob, cid = hall.game(GAME).config.players
    hall.mail(ann.email, f"PRESS {GAME}\nCODE {ann.code}\n\nOnce, and only once.")
    hall.mail(bob.email, f"ABSENCE {GAME} 1 2\nCODE {bob.code}")
    hall.mail(cid.email, f"RESIGN {GAME}\nCODE {cid.code}")
    hall.mail(address(7), "JOIN wok4 AS Newcomer")
    hall.mail(ann.email, "STATUS")
    hall.config_file()
    return root


def host_state(games: Path) -> tuple[Counter[tuple[str, str]], list[str], list[str], int]:
    """The answers queued (to, subject; a code to CONFIRM, new each run, aside), the press
    kept, the addresses a code waits for (each code in exactly one mail, to its address),
    and the mails journalled."""
    mails = outbox_mails(games)
    press = sorted(
        json.loads(p.read_text())["text"] for p in games.glob(f"{GAME}/pending/*/press/*.json")
    )
    with LobbyDatabase(games) as book:
        pending = {str(r["code"]): str(r["address"]) for r in book.rows("SELECT * FROM pending")}
    for code, to in pending.items():
        assert [m.to for m in mails if re.search(rf"\b{code}\b", m.body)] == [to], code
    assert inbox_left(games) == []
    journal = Journal(games / ".mail")
    rows = journal.db.execute("SELECT key FROM messages").fetchall()
    journal.close()
    assert len(rows) == len(set(rows))
    answers = Counter((m.to, re.sub(r"CONFIRM \w+", "CONFIRM <code>", m.subject)) for m in mails)
    return answers, press, sorted(pending.values()), len(rows)


def test_a_poll_of_lobby_mails_killed_at_any_write_is_finished_once_by_the_next(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    whole = polls.whole()
    expected = host_state(games)
    assert expected[1] == ["Once, and only once."]
    assert len(expected[2]) == 2  # RESIGN's and JOIN's codes
    for at in killpoints.points(whole.writes, KILLS):
        cut = polls.killed(at)
        polls.finish(cut)
        assert host_state(games) == expected, (at, cut.before)
        status = polls.wtg("status", GAME, "--json")
        (bob,) = [p for p in json.loads(status.stdout)["players"] if p["seat"] == 2]
        assert bob["absent"], status.stdout
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
