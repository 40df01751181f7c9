"""Two `wtg digest --mail` in one second with a poll between them (a GM's script of
`wtg poll; wtg digest -q --mail` run twice, or by hand): a digest's mail is named after
its second (``digest-20261122T120000``), and the outbox queues a name once. The first
digest ended its lists at the moment it was made (``digestmark.exact``); the second listed
the poll's records, was not queued (its name taken), and was marked told all the same: the
player's orders set aside by that poll were in no digest. A digest whose name a digest
queued already is not mailed and not marked told: the next digest lists what it held."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World
from tests.mail.test_set_aside_orders import bulk_orders
from tests.shipped import WOK4
from tests.test_gm_controls import body, make, queued, run
from wtg.mail.outgoing import digest
from wtg.mail.outgoing.digest import mail_and_mark, make_digest, mark_digest

GM = "gm@wtg.example"


def test_a_poll_s_records_between_two_digests_mailed_in_one_second_are_told_once(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    spool, games = world.gm.spool, world.gm.games_dir
    mark_digest(spool, NOW - timedelta(days=1))
    first_at = NOW + timedelta(seconds=0.2)
    first = mail_and_mark(games, GM, GM, make_digest(games, first_at))
    key = "maildir:" + bulk_orders(world)
    world.poll(NOW + timedelta(seconds=0.5))  # its records carry 12:00:00.5
    second_made = make_digest(games, NOW + timedelta(seconds=0.8))
    second = mail_and_mark(games, GM, GM, second_made)
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    third = make_digest(games, NOW + timedelta(days=1))

    assert (first, second) == ("digest-20261122T120000", None)  # before: the same name twice
    assert [(row.key, row.game) for row in second_made.set_aside] == [(key, "g1")]
    # the mark stays where the first digest left it (before: 12:00:00.8, told by no mail)
    assert kept == {
        "last": "2026-11-22T12:00:00Z",
        "runs_told": ["g1 0"],  # its turn 0, run at 12:00:00 and listed by the first
        "rows": "2026-11-22T12:00:00.200000Z",
    }
    assert [(row.key, row.game) for row in third.set_aside] == [(key, "g1")]  # before: ()
    assert third.rows_since == "2026-11-22T12:00:00.200000Z"


def test_the_gm_is_told_a_digest_of_a_second_mailed_already_is_not_mailed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wtg digest -q --mail` run again in the second of the last (its name the same):
    said on stderr, which cron mails, and the mark left where the first digest put it."""
    games = tmp_path / "games"
    make(games, "g1", when=datetime.now(timezone.utc)).typed(WOK4).run_turn()
    monkeypatch.setattr(digest, "digest_ident", lambda now, day=None: "digest-20261122T120000")
    assert run(tmp_path, "digest", "-q", "--mail").stderr == ""
    marked = (games / ".mail" / "digest.json").read_text(encoding="utf-8")
    again = run(tmp_path, "digest", "-q", "--mail")  # its orders missing: something to tell
    kept = (games / ".mail" / "digest.json").read_text(encoding="utf-8")
    (mailed,) = queued(tmp_path, "digest-").values()

    assert again.stdout == ""
    assert again.stderr == (
        "wtg: a digest was mailed in this second already: this one is not mailed, and the "
        "next digest lists what it holds\n"
    )
    assert kept == marked  # before: marked told, what it held in no mail
    assert "  g1 turn 1 at " in body(mailed)
