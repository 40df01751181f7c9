"""The journal's replies, read once and kept (``Journal.replies_since``): every question gets
what a query of the journal's table would answer, whatever was replied, committed or read
again in between, and however far the clock moved."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail.poll.workers import KeptJournal
from wtg.mail.spool.journal import KEPT_FOR, Journal

senders = st.sampled_from(["a@x.example", "b@x.example", "c@y.example"])
moments = st.floats(min_value=0, max_value=4 * KEPT_FOR, allow_nan=False)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("replied"), senders, moments),
        st.tuples(st.just("ask"), senders, moments),
        st.tuples(st.just("commit"), senders, moments),
    ),
    max_size=40,
)


def queried(journal: Journal, sender: str, since: float) -> list[float]:
    rows = journal.db.execute(
        "SELECT at FROM replies WHERE sender = ? AND at >= ?", (sender, since)
    ).fetchall()
    return sorted(float(at) for (at,) in rows)


@settings(max_examples=80, deadline=None)
@given(steps=steps)
def test_what_is_kept_is_what_the_journal_holds(steps: list[tuple[str, str, float]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp))
        for what, sender, moment in steps:
            if what == "replied":
                journal.replied(sender, moment)
            elif what == "commit":
                journal.commit()
            else:
                assert sorted(journal.replies_since(sender, moment)) == queried(
                    journal, sender, moment
                )
        journal.close()


def test_a_helper_sees_what_the_poller_wrote_for_it_once_it_forgets(tmp_path: Path) -> None:
    """A helper's replies reach the journal through the poller: after ``forget`` it reads
    them there, not from what it kept before."""
    poller = Journal(tmp_path)
    helper = KeptJournal(tmp_path)
    assert helper.replies_since("a@x.example", 0.0) == []  # read and kept: none yet
    helper.replied("a@x.example", 10.0)
    assert helper.replies_since("a@x.example", 0.0) == [10.0]  # its own note
    for name, args in helper.take():
        getattr(poller, name)(*args)
    poller.commit()
    helper.forget()
    assert helper.replies_since("a@x.example", 0.0) == [10.0]  # now from the journal
    assert poller.replies_since("a@x.example", 0.0) == [10.0]
    helper.close()
    poller.close()


def test_an_idle_poll_keeps_no_more_than_the_recent_replies(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    for hour in range(48):
        journal.replied("a@x.example", hour * 3600.0)
        assert journal.replies_since("a@x.example", hour * 3600.0 - 3600.0) == [
            at for at in (hour * 3600.0 - 3600.0, hour * 3600.0) if at >= 0
        ]
    kept = journal._recent
    assert kept is not None and len(kept["a@x.example"]) <= 3
    journal.close()


def test_replied_since_answers_from_the_journal_and_a_helpers_notes(tmp_path: Path) -> None:
    """``replied_since`` (the same answer to the same words, ``wtg.mail.incoming.sameanswer``): the
    poller's own replies, committed or not, and a helper's notes before the poller wrote them."""
    poller = Journal(tmp_path)
    helper = KeptJournal(tmp_path)
    poller.replied("same-answer:1", 100.0)
    assert poller.replied_since("same-answer:1", 100.0)
    assert not poller.replied_since("same-answer:1", 100.5)
    assert not poller.replied_since("same-answer:2", 0.0)
    poller.commit()
    assert helper.replied_since("same-answer:1", 50.0)
    helper.replied("same-answer:2", 200.0)
    assert helper.replied_since("same-answer:2", 150.0)
    assert not poller.replied_since("same-answer:2", 150.0)  # not written yet
    for name, args in helper.take():
        getattr(poller, name)(*args)
    assert poller.replied_since("same-answer:2", 150.0)
    helper.close()
    poller.close()
