"""The word a person is owed when the hour's limit of answers (``mail.replies_per_hour``)
is about to hold back his next ones. Before, an answer the limit held back was journalled
for the GM and nothing more: the player who mailed a fourth time in the hour waited for an
answer that never came, and never knew why. A separate "held back" mail would have been
one more answer a forged From has the host send to anyone (a flood of forged mail earned
its victim four mails an hour, not three); so the word goes in the last answer the limit
lets go instead, below its text: it is the last of the hour, and a mail from that address
before the time the limit has room again gets no answer. No mail more is sent, ever: the
note rides on an answer that goes anyway."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone

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


def note(cap: int, until: float) -> str:
    """The words below the hour's last answer: how many answers an hour the host mails one
    address, and until when a mail gets none (``2026-12-05 14:05 UTC``: near midnight the
    hour alone would not say which day)."""
    moment = datetime.fromtimestamp(until, timezone.utc)
    return compose.render("last_answer", cap=cap, until=moment.strftime("%Y-%m-%d %H:%M UTC"))


def with_note(body: str, cap: int, until: float) -> str:
    """``body`` with the note below it."""
    return f"{body.rstrip()}\n\n{note(cap, until)}"
