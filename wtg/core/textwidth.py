"""The columns a text fills on a screen in a fixed-width font, as a terminal counts them: a
letter of Chinese, Japanese or Korean (East Asian Width "W" or "F") fills two, an accent
written after its letter (a combining mark) or an invisible format character none, any
other character one. A name is cut and padded to its column by them
(``wtg.game.textcolumn``), and a line of someone else's text is wrapped by them
(``wtg.aof.mailtext.inert_lines``)."""

from __future__ import annotations

import unicodedata

WIDE = frozenset({"W", "F"})
NO_WIDTH = frozenset({"Mn", "Me", "Cf"})
MARKS = frozenset({"Mn", "Me"})
MARKS_ON_A_LETTER = 4
"""The most marks (accents written after their letter) one letter may carry in text the
host shows others: Vietnamese, Hebrew with its points, Devanagari write fewer; more
(``Zalgo`` text) pile up over the lines above and below, in a mail client and on the site."""


def char_width(char: str) -> int:
    """The columns ``char`` fills in a fixed-width font: 0, 1 or 2."""
    if unicodedata.category(char) in NO_WIDTH:
        return 0
    return 2 if unicodedata.east_asian_width(char) in WIDE else 1


def text_width(text: str) -> int:
    """The columns ``text`` fills."""
    return sum(map(char_width, text))


def cut_to_columns(text: str, width: int) -> list[str]:
    """``text`` cut into pieces of at most ``width`` columns each, in order (a character
    that fills none stays with the one before it); ``[""]`` for an empty text."""
    pieces: list[str] = []
    piece: list[str] = []
    used = 0
    for char in text:
        columns = char_width(char)
        if piece and used + columns > width:
            pieces.append("".join(piece))
            piece, used = [], 0
        piece.append(char)
        used += columns
    pieces.append("".join(piece))
    return pieces


def marks_on_a_letter(text: str) -> int:
    """The most marks that follow one letter of ``text`` in a row, once composed (NFC: an
    ``e`` and its acute are one letter ``é``, and carry none; a joiner among them is no
    letter)."""
    most = run = 0
    for char in unicodedata.normalize("NFC", text):
        if char in "\u200c\u200d":  # a joiner splits no pile of marks on a screen
            continue
        run = run + 1 if unicodedata.category(char) in MARKS else 0
        most = max(most, run)
    return most
