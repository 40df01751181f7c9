"""A number as a person types it into a command mail (a turn, a player): read only when
``int`` reads it whole and as written."""

from __future__ import annotations

NUMBER_MAX_DIGITS = 12
"""Digits of a typed number read (leading zeros too); a longer word is no number."""


def typed_number(word: str) -> int | None:
    """``word`` as a number: decimal digits (of any script, as ``int`` reads them), at most
    ``NUMBER_MAX_DIGITS``; None for any other word. ``str.isdigit`` takes a superscript
    ``²``, which ``int`` refuses; a prefix of the word is another number (``0000002``'s
    first six characters are 0)."""
    if not word.isdecimal() or len(word) > NUMBER_MAX_DIGITS:
        return None
    return int(word)
