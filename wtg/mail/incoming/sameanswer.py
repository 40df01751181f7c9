"""The same answer to the same words, not mailed twice in a day.

An auto-responder that marks its mail with none of the standard headers (no Auto-Submitted,
Precedence, X-Autoreply or List-Id: ``wtg.mail.incoming.noreply`` lets it through) and answers each
mail by quoting it back gets an answer to its own text: the HELP, the help with the forms,
"no orders found" for the blank form it quoted. It answers that, quoting it, and so on: a
loop that ``replies_per_hour`` only slows (a poll every half hour never fills the hour). Its
text is the same each time, and so is the host's answer. So a mail that holds more than its
sender typed (a quote, the original under its separator, a copy of the host's mail it
answers: ``wtg.lobby.commands.holds_more``) or whose In-Reply-To or References names a mail
of the host's, and whose answer would be the very answer (to the same address, the same
subject and text) that a mail of the same words got within a ``DAY``, gets none: its
outcome says so (``SAME_ANSWER``), for ``wtg poll -v``, ``wtg status`` and the digest. The
loop ends after one round of each answer.

The words are those its sender typed (``wtg.lobby.commands.typed_text``: not the quote, the
attribution, the host's mail pasted, the signature), their letters alone: no numbers, case or
punctuation, so that a responder that writes the date or a counter in its text says the same
each time. A person who writes again in other words is answered, and one who writes afresh
(quoting nothing), however often, within the limits of answers. Nothing is counted: a forged
From can hold back only an answer that its address already got, word for word, that day.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from wtg.lobby.commands import holds_more, typed_text
from wtg.mail.outgoing.compose import address_key

DAY = 24 * 3600.0
"""The seconds within which the same answer to the same words is not mailed again."""
SAME_ANSWER = "the same answer to the same words within a day"
"""The limit that held back such an answer, as the mail's outcome names it."""
TALLY = "same-answer:"
"""The prefix of the keys the answers are kept under in the journal's replies (then a digest
of the address, the words, the subject and the text: nothing of them readable)."""
_LETTERS = re.compile(r"[^\W\d_]+")


def words(lines: list[str]) -> str:
    """The words of some lines, their letters alone, in lower case, one space between."""
    return " ".join(_LETTERS.findall("\n".join(lines).casefold()))


class Asked:
    """The mail being answered, as this rule reads it, read once and only when an answer
    is to be queued: ``read`` gives its first text part a person typed (``""`` without
    one) and the text of the host's mail it answers (``""`` when it names none)."""

    def __init__(self, read: Callable[[], tuple[str, str]]) -> None:
        self._read = read
        self._said: tuple[bool, str] | None = None

    def key(self, to: str, subject: str, body: str) -> str | None:
        """The key an answer to ``to`` is kept under; None when the mail quotes nothing and
        names no mail of the host's (a mail written afresh is always answered)."""
        if self._said is None:
            text, answered = self._read()
            reply = bool(answered) or holds_more(text, answered)
            self._said = (reply, words(typed_text(text, answered)))
        reply, said = self._said
        if not reply:
            return None
        parts = (address_key(to), said, subject, body)
        digest = hashlib.sha256("\0".join(parts).encode("utf-8", "replace")).hexdigest()
        return f"{TALLY}{digest}"
