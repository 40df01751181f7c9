"""The digest's headings keep to 78 columns: each said in a line of hundreds of
characters, and a GM's mail reader showed them as one line running off the screen (or
wrapped mid-word by a client that hard-wraps)."""

from __future__ import annotations

from wtg.mail.digest import Digest, Failing, Missing, Overdue, TurnRun
from wtg.mail.failedmail import Listed
from wtg.mail.journal import FloodCount, Quarantined, SetAside, Unanswered

WIDTH = 78


def every_section() -> Digest:
    mail = Quarantined(
        key="imap:7:10", game="g1", archive="archive/x.eml", reason="no code", at=1.0
    )
    return Digest(
        since="2026-12-01 06:00",
        until="2026-12-02 06:00",
        runs=(TurnRun(game="g1", turn=3, ran_at="2026-12-01 22:00"),),
        quarantine=(mail,),
        quarantine_not_listed=(("a@example.org", 4),),
        held=(mail,),
        held_not_listed=2,
        unanswered=(Unanswered(key="imap:7:11", outcome="reply limit", at=1.0),),
        unanswered_not_listed=(("b@example.org", 3),),
        set_aside=(
            SetAside(key="k", game="g1", seat="2", why="Auto-Submitted", archive="a", at=1.0),
        ),
        flood_not_kept=(FloodCount(sender="c@example.org", day="2026-12-01", dropped=9, at=1.0),),
        missing=(Missing(game="g1", turn=4, deadline=None, held=False, players=("Ann",)),),
        overdue=(Overdue(game="g2", turn=5, said="deadline 3 days ago"),),
        bounces=(Failing(game="g1", player="2", address="d@example.org", since="x", why=""),),
        troubles=("games/g3: game.yaml unreadable",),
        refused=(Listed(name="m1", to="e@example.org", subject="g1 turn 3", error="550 no"),),
    )


def test_every_heading_of_the_digest_keeps_to_78_columns() -> None:
    text = every_section().text()
    headings = [line for line in text.splitlines() if line and not line.startswith(" ")]
    assert len(headings) >= 20, text  # every section's heading, some in several lines
    assert [line for line in headings if len(line) > WIDTH] == []


def test_a_heading_wrapped_says_every_word_it_said_in_one_line() -> None:
    text = every_section().text()
    words = " ".join(text.split())
    assert (
        "the limits are mail.replies_per_hour, confirmations_per_hour, unconfirmed_per_hour,"
        in words
    )
    assert "then `wtg outbox --retry NAME` sends it again:" in words
