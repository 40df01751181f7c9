"""The word a person is owed when a limit of answers (``mail.replies_per_hour``, and as
well ``mail.replies_per_day`` and ``mail.confirmations_per_hour``) is about to hold back his
next ones. Before, an answer the limit held back was journalled
for the GM and nothing more: the player who mailed a fourth time in the hour waited for an
answer that never came, and never knew why. A separate "held back" mail would have been
one more answer a forged From has the host send to anyone (a flood of forged mail earned
its victim four mails an hour, not three); so the word goes in the last answer the limit
lets go instead, below its text: it is the last of the hour, and a mail from that address
before the time the limit has room again gets no answer. No mail more is sent, ever: the
note rides on an answer that goes anyway. The day's cap and ``confirmations_per_hour`` put
no note on their last answer before: each gives the same word now, the same way (of an
answer the last of two limits, the note of the one that has room again later). So does the
hour's mail to strangers (``STRANGER``): it held back the answer that carried the note of
the address's own limit, and the last that went said nothing."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import NamedTuple

from wtg.mail.outgoing import compose


def last_until(history: Sequence[float], stamp: float, cap: int, window: float) -> float | None:
    """When the limit has room again after an answer queued at ``stamp`` that is the last
    of ``cap`` within ``window`` seconds (``history``: the moments of the address's answers
    counted, the ones before it); None when it leaves room for another. The answers in the
    window go out of it one by one, the oldest first: the next may go when it does."""
    recent = sorted(at for at in history if at > stamp - window)
    if cap <= 0 or len(recent) + 1 < cap:
        return None
    return min((*recent, stamp)) + window


HOUR = "hour"
DAY = "day"
"""The windows a note names: ``replies_per_hour``'s and ``confirmations_per_hour``'s hour,
``replies_per_day``'s 24 hours."""
ANSWER = "answer"
CONFIRMATION = "confirmation"
STRANGER = "stranger"
"""The kinds of answer a note names: those ``replies_per_hour`` and ``replies_per_day``
count, those ``confirmations_per_hour`` counts (to orders, or carrying a code), and the
answers without a code to an address the host does not know (``wtg.mail.incoming.strangers``)
that the hour's mail to all such addresses bounds: the last it lets go says so, as the
others' do, or a limit of the host's swallowed the answer that would have carried another's
note."""


class Last(NamedTuple):
    """The note an answer is to carry: the limit it is the last of (``cap`` of ``kind``
    a ``per``), and when that limit has room again."""

    cap: int
    until: float
    per: str = HOUR
    kind: str = ANSWER
    colour: str = ""
    """The colour of a seat of several (a Duel's ``Player1B``) whose confirmations the limit
    counts apart (``answers.COLOUR_TALLY``): the note names it, as the limit holds back
    that colour's answers alone; empty for any other."""


def latest(*notes: Last | None) -> Last | None:
    """Of the limits an answer is the last of (the hour's and the day's), the one that has
    room again last: what a mail sent before then gets."""
    return max((n for n in notes if n is not None), key=lambda n: n.until, default=None)


def note(cap: int, until: float, per: str = HOUR, kind: str = ANSWER, colour: str = "") -> str:
    """The words below the last answer a limit lets go: how many answers of its kind the
    host mails one address in its window (of ``colour``'s orders, when one colour's are
    counted apart), and until when a mail gets none (``2026-12-05 14:05 UTC``: near
    midnight the hour alone would not say which day)."""
    moment = datetime.fromtimestamp(until, timezone.utc)
    return compose.render(
        "last_answer",
        cap=cap,
        until=moment.strftime("%Y-%m-%d %H:%M UTC"),
        per=per,
        kind=kind,
        colour=colour,
    )


def with_note(body: str, last: Last | None) -> str:
    """``body`` with the note of ``last`` below it (as it is without one)."""
    if last is None:
        return body
    return f"{body.rstrip()}\n\n{note(last.cap, last.until, last.per, last.kind, last.colour)}"
