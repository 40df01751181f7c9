"""The digest's mark (digest.json) is the moment the next digest tells what happened after.
Made while the machine's clock ran ahead (a month, say, then set right by NTP), it lay in
the future: `wtg digest` then told nothing of the turns run since, its header read 'from
<December> to <November>', and `wtg serve` sent no digest at all until the clock caught up
with it. A mark later than now is taken as no mark: the digest looks back a day, as the
first one does, and the service's is due at the next 07:00."""

from __future__ import annotations

from datetime import timedelta, timezone
from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.mail.outgoing.digest import make_digest, mark_digest
from wtg.serve.daily import digest_due


def test_a_digest_marked_by_a_clock_ahead_tells_the_turns_run_since(tmp_path: Path) -> None:
    world = World(tmp_path)  # g1's turn 0 ran at NOW
    mark_digest(world.gm.spool, NOW + timedelta(days=30))  # the clock was a month ahead
    made = make_digest(world.gm.games_dir, NOW + timedelta(hours=1))
    assert [(run.game, run.turn) for run in made.runs] == [("g1", 0)]
    assert (made.since, made.until) == ("2026-11-21T13:00:00Z", "2026-11-22T13:00:00Z")


def test_the_service_s_digest_is_due_at_the_next_seven_after_a_clock_ahead(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    mark_digest(world.gm.spool, NOW + timedelta(days=30))
    due = digest_due(world.gm, NOW, timezone.utc, NOW)
    assert due == NOW.replace(hour=7) + timedelta(days=1)
