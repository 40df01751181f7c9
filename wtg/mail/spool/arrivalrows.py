"""The journal's mails in the order they arrived, as every other order of mails has it
(``wtg.core.numbered``).

A mail's arrival key ends with its maildir name, whose microseconds and delivery count are
written without leading zeros, and a mail's key is that name or an IMAP UID: SQLite's
``ORDER BY arrived, key`` compared them as text, and of two mails of one file time
``1796600340.M100003P7Q2.vm`` came before ``1796600340.M99998P7Q1.vm``, the later mail
first. Which of an address's mails held are kept, which copies of a flood go, and the GM's
lists of mails (held, quarantined, not answered, set aside) hung on that tie. The journal
reads such rows as they are and orders them here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from wtg.core.numbered import Numbered, numbered

Row = Sequence[Any]
"""A row the journal read."""

_numbered = lru_cache(maxsize=4096)(numbered)
"""``numbered``, remembered for the names of the rows read last: a mail held past the
bound of strangers' mails reads the same few hundred rows again and orders them."""


def arrival_rank(arrived: object, key: object) -> tuple[Numbered, Numbered]:
    """The sort key of a mail by its arrival key (``wtg.game.arrivalkey``; '' or NULL, none
    kept: the oldest), then by its own key."""
    return _numbered("" if arrived is None else str(arrived)), _numbered(str(key))


def taken_rank(at: object, key: object) -> tuple[float, Numbered]:
    """The sort key of a record by its moment (``at``, seconds), then by its mail's key."""
    return float(str(at)), numbered(str(key))


def by_arrival(rows: Sequence[Row], arrived: int, key: int) -> list[Row]:
    """``rows``, the oldest first by their columns ``arrived`` and ``key``."""
    return sorted(rows, key=lambda row: arrival_rank(row[arrived], row[key]))


def newest_of_each(rows: Sequence[Row], sender: int, bound: int) -> tuple[list[Row], Counter[str]]:
    """Of ``rows`` (the oldest first), those a list shows: the newest ``bound`` of each
    address (column ``sender``), every one with no address (''), the oldest first; and how
    many of each address's it leaves out."""
    seen: Counter[str] = Counter()
    shown: list[Row] = []
    for row in reversed(rows):
        address = str(row[sender])
        if address:
            seen[address] += 1
        if not address or seen[address] <= bound:
            shown.append(row)
    over = Counter({a: n - bound for a, n in seen.items() if n > bound})
    return shown[::-1], over
