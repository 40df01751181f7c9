"""A turn's ``ran_at`` keeps whole seconds, as the digest's mark (``last``) does. A digest
listed every turn run after its last mark's second, and marked its own: a turn run in the
second a digest was made in, after it (`wtg run-turn --due` and `wtg digest` from two cron
lines of the same minute), was in no digest, the next taking it for one told. The mark
names the turns of its second the digest listed (``runs_told``); the next digest lists the
others of that second, and none twice."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.test_held_mail import away, back
from wtg.mail.outgoing.digest import Digest, mail_and_mark, make_digest, mark_digest

GM = "gm@wtg.example"


def _runs(made: Digest) -> list[tuple[str, int, str]]:
    return [(run.game, run.turn, run.ran_at) for run in made.runs]


def test_a_turn_run_in_a_digest_s_second_after_it_is_in_the_next(tmp_path: Path) -> None:
    world = World(tmp_path)  # its game made, turn 0 run, at 12:00:00
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    aside = away(world)  # the digest looks before the game's turn 0 is written
    first = make_digest(world.gm.games_dir, NOW + timedelta(seconds=0.1))
    mark_digest(spool, NOW + timedelta(seconds=0.1), told=first.told_runs())
    back(world, aside)
    second = make_digest(world.gm.games_dir, NOW + timedelta(days=1))

    assert _runs(first) == []
    assert _runs(second) == [("g1", 0, "2026-11-22T12:00:00Z")]  # before: in neither


def test_a_turn_run_in_a_digest_s_second_before_it_is_told_once(tmp_path: Path) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    mark_digest(spool, NOW - timedelta(days=1))
    first = make_digest(world.gm.games_dir, NOW + timedelta(seconds=0.5))
    mail_and_mark(world.gm.games_dir, GM, GM, first)
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    second = make_digest(world.gm.games_dir, NOW + timedelta(seconds=0.9))
    mark_digest(spool, NOW + timedelta(seconds=0.9), told=second.told_runs())
    third = make_digest(world.gm.games_dir, NOW + timedelta(days=1))

    assert _runs(first) == [("g1", 0, "2026-11-22T12:00:00Z")]
    assert kept["runs_told"] == ["g1 0"]
    assert _runs(second) == _runs(third) == []
