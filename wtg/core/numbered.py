"""Names compared with their runs of digits as numbers.

A maildir key writes its microseconds and its delivery count without leading zeros (Python's
mailbox and Dovecot alike: ``1796600340.M99998P7Q1.vm`` came before
``1796600340.M100003P7Q2.vm``), and an IMAP key its UID (``imap:7:9`` before
``imap:7:10``): compared as plain text, the later mail sorted first. Every order of mails
by such a name (the send's queue, the poll's inbox, which of a player's mails is the
newest) compares them through ``numbered``."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"(\d+)")

Numbered = tuple[tuple[tuple[str, int, str], ...], str]
"""A name's sort key: its pieces of text, each with the number that follows it; then the
name itself."""


def numbered(name: str) -> Numbered:
    """``name``'s sort key: each piece of text with the number that follows it, so that
    ``M99998`` sorts before ``M100003``. A number is compared by its count of digits, then
    by its digits (leading zeros dropped), never made an int: a run of thousands of digits
    in a hand-edited key is compared as well as a short one. Runs of digits of one width,
    a time written in full, sort as their text does. Two names of the same numbers
    (``report-g01-...`` and ``report-g1-...``, games ``g01`` and ``g1``) are ordered by
    their whole text last: an order of the names alone, never of a folder's listing."""
    parts = _DIGITS.split(name)
    numbers = [number.lstrip("0") for number in parts[1::2]]
    pieces = zip(parts[::2], [*numbers, ""], strict=True)
    return tuple((text, len(number), number) for text, number in pieces), name
