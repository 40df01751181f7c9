"""`wtg poll; wtg digest`, as a GM's cron runs them back to back, in one second: the
poll's rows in the journal carry the moment it began, a fraction of a second into it, and
the digest ended its lists at the whole second it was made in, so that a player's orders
set aside by that poll were told in the next digest, a day late. A digest made when no
other process polls ends its lists at the moment it was made, and the next begins there:
each mail is told once, in the digest that follows its poll."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests.mail.heldelsewhere import held_elsewhere
from tests.mail.loop import NOW, World
from tests.mail.test_set_aside_orders import bulk_orders
from wtg.mail.outgoing.digest import make_digest, mark_digest


def test_orders_set_aside_by_a_poll_are_in_the_digest_made_after_it_in_its_second(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    key = "maildir:" + bulk_orders(world)
    world.poll(NOW + timedelta(seconds=0.2))  # `wtg poll`: its rows carry 12:00:00.2
    made = NOW + timedelta(seconds=0.7)  # `wtg digest`, in the same second
    first = make_digest(world.gm.games_dir, made)
    mark_digest(spool, made, rows=first.rows_to())  # as the command marks it
    second = make_digest(world.gm.games_dir, made + timedelta(days=1))

    assert [(row.key, row.game) for row in first.set_aside] == [(key, "g1")]  # before: none
    assert second.set_aside == ()  # before: here, a day late
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    assert kept == {"last": "2026-11-22T12:00:00Z", "rows": "2026-11-22T12:00:00.700000Z"}
    assert second.rows_since == "2026-11-22T12:00:00.700000Z"


def test_orders_set_aside_by_a_poll_just_after_a_digest_in_its_second_are_the_next_ones(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    made = NOW + timedelta(seconds=0.2)  # `wtg digest`, then `wtg poll` in the same second
    first = make_digest(world.gm.games_dir, made)
    mark_digest(spool, made, rows=first.rows_to())
    key = "maildir:" + bulk_orders(world)
    world.poll(NOW + timedelta(seconds=0.7))
    second = make_digest(world.gm.games_dir, made + timedelta(days=1))

    assert first.set_aside == ()
    assert [(row.key, row.game) for row in second.set_aside] == [(key, "g1")]


def test_a_digest_made_while_another_process_holds_the_poll_s_lock_ends_at_its_second(
    tmp_path: Path,
) -> None:
    """A poll that holds its lock and has no mails in hand yet may stamp its rows with a
    moment it took before the digest's, in the digest's second: the lists end at that whole
    second, and the next digest lists those rows."""
    world = World(tmp_path)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    made = NOW + timedelta(seconds=0.7)
    with held_elsewhere(spool):
        first = make_digest(world.gm.games_dir, made)
    mark_digest(spool, made, rows=first.rows_to())  # as the command marks it
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    key = "maildir:" + bulk_orders(world)
    world.poll(NOW + timedelta(seconds=0.2))  # its rows carry 12:00:00.2, before the digest
    second = make_digest(world.gm.games_dir, made + timedelta(days=1))

    assert (first.rows, first.rows_to()) == ("", None)  # at the whole second it was made in
    assert kept == {"last": "2026-11-22T12:00:00Z"}  # before: rows at 12:00:00.700000
    assert (second.since, second.rows_since) == ("2026-11-22T12:00:00Z", "")
    assert [(row.key, row.game) for row in second.set_aside] == [(key, "g1")]
