"""A mail `wtg send` set aside for good in the second a digest was made in, before it: the
digest's mark keeps the whole second (``2026-11-22T12:00:00Z``), the note's file time its
fraction, and the next digest listed the mail again (flakes42). Each is listed once now."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.mail.outgoing.digest import make_digest, mark_digest

NAME = "report-g1-t0001-p02"


def set_aside_at(world: World, name: str, moment: float) -> None:
    """A mail set aside for good, as `wtg send` leaves one: its copy and its note in
    ``outbox/failed/``, the note written at ``moment`` (seconds)."""
    failed = world.gm.spool / "outbox" / "failed"
    failed.mkdir(parents=True, exist_ok=True)
    (failed / f"{name}.eml").write_bytes(
        b"To: p2@players.example\r\nSubject: [g1] turn 1\r\n\r\nyour report\r\n"
    )
    note = failed / f"{name}.json"
    note.write_text(json.dumps({"error": "550 5.1.1 no such user"}), encoding="utf-8")
    os.utime(note, (moment, moment))


def test_a_mail_set_aside_in_the_second_of_a_digest_before_it_is_listed_once(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    made = NOW + timedelta(seconds=0.7)  # the digest, in the second NOW begins
    set_aside_at(world, NAME, (NOW + timedelta(seconds=0.3)).timestamp())  # before it
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    first = make_digest(world.gm.games_dir, made)
    mark_digest(spool, made)  # as the digest's run marks it: 2026-11-22T12:00:00Z
    second = make_digest(world.gm.games_dir, made + timedelta(days=1))

    assert [m.name for m in (*first.refused, *second.refused)] == [NAME]  # before: twice
    assert [m.name for m in second.refused] == [NAME]  # of the second the mark ends with
    assert second.refused[0].error == "550 5.1.1 no such user"


def test_a_mail_set_aside_in_the_second_of_a_digest_after_it_is_the_next_ones(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    made = NOW + timedelta(seconds=0.3)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    first = make_digest(world.gm.games_dir, made)
    mark_digest(spool, made)
    set_aside_at(world, NAME, (NOW + timedelta(seconds=0.7)).timestamp())  # after it
    second = make_digest(world.gm.games_dir, made + timedelta(days=1))

    assert [m.name for m in first.refused] == []
    assert [m.name for m in second.refused] == [NAME]
