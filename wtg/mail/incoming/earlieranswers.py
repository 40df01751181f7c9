"""The mails whose answers the outbox holds already: what a poll looks up after one that did
not finish (``wtg.mail.poll.underway``), so that the mails an earlier reading cut short
queued answers of are handled first (``Poller._handle_all``).

Every answer to a mail is queued under an id that begins with its kind and the mail's key
(``conf-KEY``, ``conf-KEY-1``, ``cmd-KEY-0`` to ``cmd-KEY-N``, ``wrongcode-KEY-GAME-pN``,
``setaside-KEY-N``, ...), its file named ``compose.safe(id)``. The names in the outbox's
three folders (queue, sent, failed) are read once, each kept without its kind, sorted: a
mail's answers are then found by its key's name, each and every one of them, whatever
their number and whichever of them a limit held back (an answer not queued leaves no
file). A name ``safe`` shortened (an id past ``NAME_MAX``) is found by its start, and so
may be another mail's of a key with the same long start: that mail is handled first too,
which costs an early commit and nothing else.
"""

from __future__ import annotations

import bisect
import os

from wtg.mail.outgoing.compose import NAME_KEPT, safe
from wtg.mail.outgoing.outbox import Outbox

LONG = 100
"""The characters of a key's name compared at most: past them, a name of one of its answers
may have been shortened (``NAME_KEPT`` with the kind and its dash before)."""


class EarlierAnswers:
    """The outbox's names as they are now, read once."""

    def __init__(self, outbox: Outbox) -> None:
        found: set[str] = set()
        for folder in (outbox.queue_dir, outbox.sent_dir, outbox.failed_dir):
            with os.scandir(folder) as entries:
                for entry in entries:
                    stem, dot, kind = entry.name.rpartition(".")
                    if dot and kind == "eml":
                        _kind, dash, rest = stem.partition("-")
                        if dash:
                            found.add(rest)
        self.names = sorted(found)
        """Each mail's name in the outbox without its kind (``KEY``, ``KEY-1``, ...)."""

    def of(self, key: str) -> bool:
        """Whether the outbox holds an answer of the mail ``key`` (queued, sent or set
        aside)."""
        named = safe(f"-{key}")  # its name as it follows a kind's dash (a dot not leading)
        whole = "__" not in named and len(named) <= LONG + 1
        own = named[1:] if whole else named[1 : min(NAME_KEPT, LONG + 1)]
        names = self.names
        for index in range(bisect.bisect_left(names, own), len(names)):
            name = names[index]
            if not name.startswith(own):
                return False
            rest = name[len(own) :]
            if not whole or not rest or rest.startswith(("-", "__")):
                return True
        return False
