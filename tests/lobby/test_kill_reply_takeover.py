"""A seat taken over by a plain reply (``wtg.lobby.yesno``: the newcomer hits Reply to the
host's "confirm with CONFIRM <code>" mail and types "ok"), while a second request of his
address under another name waits beside the first (``wtg.lobby.confirm``: confirming one
ends the others). Its `wtg poll` is killed (SIGKILL, no clean-up of any kind) just before
each of its writes, then a poll finishes: the seat is taken over once, under the name
confirmed (one code, in game.yaml and in the newcomer's welcome; one record; the offer
taken; the other request ended, its code dead), and the mails queued are those of an
uninterrupted poll, each once (the welcome with his code and report, the table told).

Killed after the book's transaction and before the answers were queued, the next poll found
the reply's code used up, read the mail as no reply, and answered nothing: the newcomer
played a seat whose code no mail ever gave him, and the table was never told.
"""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import GM, Hall
from tests.lobby.killedpolls import NEWCOMER, KilledPolls, addressed, newcomer_asked, taken_over
from tests.mail.replies import top_posted
from wtg.lobby.database import LobbyDatabase

KILLS = 10
"""Kill points spread over the whole run, beside every write from the first answer queued
to the journal's commit (after the book's transaction: the stretch that lost the answers)."""


@pytest.fixture(scope="module")
def hall_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose game wok4-1 offers its quit seat 3; the newcomer asked for it as
    Newcomer, then as Other (both wait, each with its code); his plain reply "ok" to the
    first answer waits in the inbox."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    name, ask = newcomer_asked(hall)
    other = hall.answer(NEWCOMER, f"JOIN {name} AS Other", hours=0)
    assert other.code() != ask.code()
    hall.send()
    hall.new_mails()
    msg = EmailMessage()
    msg["From"] = NEWCOMER
    msg["To"] = GM
    msg["Subject"] = f"Re: {ask.subject}"
    msg["Message-ID"] = "<reply-ok@players.example>"
    msg["In-Reply-To"] = hall.sent_id(ask.subject)
    msg.set_content(top_posted(ask.body, "ok"))
    hall.deliver(msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998)))
    hall.config_file()
    return root


def check_taken_over(games: Path) -> None:
    welcome = taken_over(games, "queue")
    assert [mail.subject for mail in welcome] == ["[wok4-1] you play seat 3 now"]
    with LobbyDatabase(games) as book:
        assert book.rows("SELECT * FROM pending") == []  # Other's request ended with it


def test_a_takeover_by_reply_killed_at_any_write_is_finished_once_by_the_next(
    hall_root: Path, tmp_path: Path
) -> None:
    polls = KilledPolls(hall_root, tmp_path)
    games = polls.games
    log = tmp_path / "writes.log"
    whole = polls.whole(log=log)
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what)
    last = max(n for n, what in enumerate(writes, 1) if what == "sqlite COMMIT")
    assert writes[first - 2] == "sqlite COMMIT" and first < last  # the book's, the journal's
    chosen = sorted({*killpoints.points(whole.writes, KILLS), *range(first, last + 1)})
    check_taken_over(games)
    expected = addressed(games, "queue")
    assert expected[(NEWCOMER, "[wok4-1] you play seat 3 now")] == 1
    assert sum(1 for to, subject in expected if "takes over seat 3" in subject) == 2
    for at in chosen:
        cut = polls.killed(at)
        polls.finish(cut)
        check_taken_over(games)
        assert addressed(games, "queue") == expected, (at, cut.before)
    print(f"\n{whole.writes} writes, killed before {len(chosen)} of them")
