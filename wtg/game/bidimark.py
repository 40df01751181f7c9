"""A player's name written right to left (Hebrew, Arabic letters) in the plain text every
player reads, the reports and the Top Ten, followed by a LEFT-TO-RIGHT MARK (U+200E).

A mail client lays plain text out by the Unicode bidi algorithm: the numbers and the
brackets after a right-to-left name (its row's score and provinces in a table, ``(#2)``
in a sentence) join the name's run and show before it, the columns swapped. The mark,
which has no width, ends the run where the name ends: the rest of the line stays in its
columns and its order. A name is marked where it ends a word, and so is what a table
shows of a long one (its first characters, cut to the column): a name written left to
right, every shipped report's, is left as it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

LRM = "\u200e"
RIGHT_TO_LEFT = frozenset({"R", "AL"})
"""The bidi classes of letters written right to left (Hebrew; Arabic, Syriac, Thaana)."""
SHORTEST_CUT = 12
"""The fewest characters of a long name a column shows (a report's tables cut names at
14 to 22 characters): a shorter piece of a name is not marked, as a word of its own."""


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds a letter written right to left (none is ASCII)."""
    if text.isascii():
        return False
    return any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in text)


def name_marked(name: str) -> str:
    """A name put beside others in a line of plain text (``won by A and B``, the site's
    feed): followed by the mark when it is written right to left, so that two such names
    side by side show in their order, not swapped (markup's ``<bdi>`` where there is none)."""
    return name + LRM if right_to_left(name) and not name.endswith(LRM) else name


def marked_names(text: str, names: Iterable[str]) -> str:
    """``text`` with a LEFT-TO-RIGHT MARK after each of ``names`` written right to left
    (or a piece of it cut to a column) where it ends a word."""
    pieces = {
        name[:length]
        for name in names
        if right_to_left(name)
        for length in range(min(len(name), SHORTEST_CUT), len(name) + 1)
    }
    pieces = {piece.rstrip() for piece in pieces if piece.strip()}
    if not pieces:
        return text
    longest_first = sorted(pieces, key=len, reverse=True)
    pattern = re.compile(f"(?:{'|'.join(map(re.escape, longest_first))})(?![\\w{LRM}])")
    return pattern.sub(lambda found: found[0] + LRM, text)
