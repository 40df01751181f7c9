"""A digest mailed and killed before its mark is finished by the next run
(``finish_mailing``), which makes it again for its moment. A turn run in that second after
the digest was made is in the digest made again, but not in the mail queued before the
cut: the mark the next run wrote named it told (``runs_told``), and no digest told it. The
intent names the turns its digest listed; the mark after a queued mail names those."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.mail.loop import NOW, World
from tests.mail.test_held_mail import away, back
from wtg.mail.outgoing import digest
from wtg.mail.outgoing.digest import finish_mailing, mail_and_mark, make_digest, mark_digest

GM = "gm@wtg.example"


class Killed(Exception):
    """The run killed between the digest's queueing and its mark."""


def test_a_turn_of_the_second_of_a_digest_killed_before_its_mark_is_told_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = World(tmp_path)  # its game made, turn 0 run, at 12:00:00
    games_dir = world.gm.games_dir
    mark_digest(world.gm.spool, NOW - timedelta(days=1))
    aside = away(world)  # the digest is made before the game's turn 0 is written
    first = make_digest(games_dir, NOW + timedelta(seconds=0.1))
    queue = digest.queue_digest

    def queued_then_killed(*args: object, **kwargs: object) -> str:
        queue(*args, **kwargs)  # type: ignore[arg-type]
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(digest, "queue_digest", queued_then_killed)
        with pytest.raises(Killed):
            mail_and_mark(games_dir, GM, GM, first)
    back(world, aside)
    finish_mailing(games_dir, GM)  # the next run: the mail was queued, the mark is written
    second = make_digest(games_dir, NOW + timedelta(days=1))

    assert [run.named() for run in first.runs] == []
    assert [run.named() for run in second.runs] == ["g1 0"]  # before: in neither
