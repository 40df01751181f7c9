"""Poll outcomes are an enum with a detail; their text is what the journal keeps and
`wtg poll -v` prints, and the summary line counts them as before."""

from __future__ import annotations

from wtg.mail.poll.summary import PollSummary
from wtg.mail.spool.outcome import Kind, Outcome


def test_the_text_round_trips_through_the_journal() -> None:
    outcomes = [
        Outcome(Kind.STORED, "g1 turn 3 player 2"),
        Outcome(Kind.REJECTED, "wrong code or player"),
        Outcome(Kind.QUARANTINED, "RecursionError: maximum recursion depth exceeded"),
        Outcome(Kind.IGNORED, "a copy of maildir:17"),
        Outcome(Kind.ANSWERED, "help sent"),
        Outcome(Kind.LATER),
        Outcome(Kind.UNANSWERED, "reply limit: the help (replies_per_hour)"),
    ]
    texts = [o.text() for o in outcomes]
    assert texts[0] == "stored: g1 turn 3 player 2"
    assert texts[2] == "quarantined: RecursionError: maximum recursion depth exceeded"
    assert texts[5] == "later"
    assert texts[6] == "not answered: reply limit: the help (replies_per_hour)"
    assert [Outcome.from_text(t) for t in texts] == outcomes


def test_each_kind_is_counted_and_filed_as_the_summary_says() -> None:
    counted = {kind: kind.counted_as for kind in Kind}
    assert counted == {
        Kind.STORED: "filed",
        Kind.REJECTED: "rejected",
        Kind.QUARANTINED: "quarantined",
        Kind.IGNORED: "ignored",
        Kind.ANSWERED: "answered",
        Kind.LATER: "skipped",
        Kind.UNANSWERED: "unanswered",
        Kind.HELD: "held",
    }
    assert {kind for kind in Kind if kind.to_rejected} == {
        Kind.REJECTED,
        Kind.QUARANTINED,
        Kind.HELD,
    }
    assert Outcome.from_text("something older") == Outcome(Kind.IGNORED, "something older")
    summary = PollSummary(seen=4, filed=1, rejected=1, quarantined=1, ignored=1)
    assert summary.line() == "filed 1, rejected 1, quarantined 1, ignored 1"
    held = PollSummary(seen=2, filed=1, unanswered=1)
    assert held.line() == (
        "filed 1, rejected 0, quarantined 0, ignored 0, not answered (reply limit) 1"
    )


def test_mails_answered_are_said_as_answered_not_as_ignored() -> None:
    # four JOINs answered at 2 a.m. read "ignored 4" before: as if the joins were ignored
    joins = PollSummary(seen=5, filed=1, answered=4)
    assert joins.line() == "filed 1, rejected 0, quarantined 0, ignored 0, answered 4"
    both = PollSummary(seen=3, ignored=1, answered=2, unanswered=1)
    assert both.line() == (
        "filed 0, rejected 0, quarantined 0, ignored 1, answered 2, not answered (reply limit) 1"
    )
