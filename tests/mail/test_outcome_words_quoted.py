"""What the poll did with a mail is never read from the words of its outcome, which quote
the sender's: a robot's ``Auto-Submitted: auto-replied; not answered: authres: dmarc=fail
for players.example`` made the poll's line say ``not answered (From failed DMARC) 1`` and
listed the robot's mail among those not answered (``wtg status``, the digest) as a From
forged in a player's domain; ``...; not answered: reply limit`` listed it as an answer an
hourly limit held back, and so did a command whose words held them."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import NOW, World
from wtg.mail.spool.journallists import unanswered


def test_a_robots_header_never_reads_as_a_forged_from_or_a_held_answer(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    for header in (
        "auto-replied; not answered: authres: dmarc=fail for players.example",
        "auto-replied; not answered: reply limit (replies_per_hour)",
    ):
        world.mail("I am away.", sender="away@robot.example", Auto_Submitted=header)
    world.mail(
        "STATUS g1; not answered: reply limit (replies_per_hour)",
        sender="p2@players.example",
    )
    summary = world.poll()
    assert (summary.rejected, summary.forged, summary.unanswered) == (3, 0, 0), summary.events
    assert unanswered(world.gm.spool, 0) == []
    assert [(e.outcome.held_back, e.outcome.unheard) for e in summary.events] == [
        (False, False)
    ] * 3


def test_a_from_that_failed_dmarc_and_a_limit_are_still_told(tmp_path: Path) -> None:
    """... while the host's own words still tell them: a From that failed DMARC at the GM's
    server, and an answer a limit held back."""
    world = World(tmp_path)
    failed = "mx.players.example; dmarc=fail header.from=players.example"
    world.mail("STATUS g1", sender="p2@players.example", Authentication_Results=failed)
    for _ in range(4):
        world.mail("HELP", sender="p3@players.example")
    summary = world.poll(NOW)
    assert (summary.forged, summary.unanswered) == (1, 1), summary.events
    assert len(unanswered(world.gm.spool, 0)) == 2
