"""A poll's rows in the journal (orders set aside, mails not answered, codes tried wrong)
carry the moment the poll began, and other readers see them once it commits its batch. A
digest made in between did not see them, and the next digest began at the second the
first was made in, after their moment: the GM was never told, say, that a player's orders
were set aside (review43c). The digest's lists of the journal end where a poll under way
began, and the next digest's begin there."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.heldelsewhere import TAKE_THE_LOCK, held_elsewhere
from tests.mail.loop import NOW, World
from wtg.mail.outgoing import digest
from wtg.mail.outgoing.digest import finish_mailing, mail_and_mark, make_digest, mark_digest
from wtg.mail.poll import underway
from wtg.mail.spool.journal import Journal

KEY = "maildir:1700000000.M1P1.host"


def test_orders_set_aside_by_a_poll_under_way_at_a_digest_are_in_the_next(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    begun = NOW + timedelta(seconds=0.4)  # the poll, its mails in hand
    made = NOW + timedelta(seconds=3.5)  # the digest, while the poll works
    with held_elsewhere(spool / "poll.lock", TAKE_THE_LOCK):  # another process's poll
        underway.mark(spool, begun)
        first = make_digest(world.gm.games_dir, made)
        mark_digest(spool, made, rows=first.rows_to())
        journal = Journal(spool)  # the poll commits its batch: its rows carry its moment
        journal.set_aside(KEY, "g1", "2 Bo", "Precedence: bulk", "archive", begun.timestamp())
        journal.commit()
        journal.close()
        underway.clear(spool)
    second = make_digest(world.gm.games_dir, made + timedelta(days=1))

    assert first.set_aside == ()
    assert [(row.key, row.game) for row in second.set_aside] == [(KEY, "g1")]  # before: none
    assert first.rows == "2026-11-22T12:00:00Z"  # the second the poll began in
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    assert kept == {"last": "2026-11-22T12:00:03Z", "rows": "2026-11-22T12:00:00Z"}
    assert second.rows_since == "2026-11-22T12:00:00Z"
    assert second.rows == "2026-11-23T12:00:03.500000Z"  # no poll under way: its own moment


def test_a_mark_no_poll_holds_is_a_poll_killed_and_holds_nothing_back(tmp_path: Path) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    underway.mark(spool, NOW - timedelta(hours=2))  # left by a poll killed: no lock held
    at = NOW + timedelta(seconds=3.5)
    made = make_digest(world.gm.games_dir, at)
    assert (made.rows, made.rows_since) == ("2026-11-22T12:00:03.500000Z", "")  # its own moment
    mark_digest(spool, at, rows=made.rows_to())
    assert json.loads((spool / "digest.json").read_text(encoding="utf-8")) == {
        "last": "2026-11-22T12:00:03Z",
        "rows": "2026-11-22T12:00:03.500000Z",
    }


class Killed(BaseException):
    """A ``kill -9`` between the digest's intent and its mail."""


def test_a_digest_mailed_and_killed_after_its_intent_lists_the_rows_held_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The digest after one a poll under way held back (``rows`` in digest.json) is mailed
    (`wtg digest --mail`, the service's daily one) and killed once its intent is written:
    the run given again makes it anew from the intent, which keeps ``rows`` too: with
    ``last`` alone, the digest made again would list the journal from ``last``, and the
    orders set aside by the poll under way at the digest before would be in neither
    (review43c wrote it so; no test held it until review44)."""
    world = World(tmp_path)
    spool, games = world.gm.spool, world.gm.games_dir
    mark_digest(spool, NOW - timedelta(days=1))
    begun = NOW + timedelta(seconds=0.4)
    with held_elsewhere(spool / "poll.lock", TAKE_THE_LOCK):  # another process's poll
        underway.mark(spool, begun)
        first = make_digest(games, NOW + timedelta(seconds=3.5))
        mark_digest(spool, NOW + timedelta(seconds=3.5), rows=first.rows_to())
        journal = Journal(spool)
        journal.set_aside(KEY, "g1", "2 Bo", "Precedence: bulk", "archive", begun.timestamp())
        journal.commit()
        journal.close()
        underway.clear(spool)
    second = make_digest(games, NOW + timedelta(days=1))
    assert [row.key for row in second.set_aside] == [KEY]

    def killed(*_: object, **__: object) -> str:
        raise Killed

    monkeypatch.setattr(digest, "queue_digest", killed)
    with pytest.raises(Killed):
        mail_and_mark(games, "gm@wtg.example", "gm@wtg.example", second)
    monkeypatch.undo()
    assert finish_mailing(games, "gm@wtg.example") == "digest-20261123T120000"
    (queued,) = (spool / "outbox" / "queue").glob("digest-*.eml")
    mailed = email.message_from_bytes(queued.read_bytes(), policy=email.policy.default)
    assert isinstance(mailed, EmailMessage)
    body = mailed.get_body(("plain",))
    assert body is not None
    assert "g1 player 2 Bo: Precedence: bulk; kept in" in str(body.get_content())
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    assert kept == {"last": "2026-11-23T12:00:00Z"}
