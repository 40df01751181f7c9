"""The columns a text fills on a screen in a fixed-width font, as a terminal counts them: a
letter of Chinese, Japanese or Korean (East Asian Width "W" or "F") fills two, an accent
written after its letter (a combining mark) or an invisible format character none, any
a character every font draws as wide as several letters (``DRAWN_WIDE``) six, any other
character one, but a symbol followed by the emoji presentation selector (U+FE0F:
``⚔️``, ``❤️``, ``🛡️``), which a mail client and most terminals show as an emoji, two. A
name is cut and padded to its column by them
(``wtg.game.textcolumn``), and a line of someone else's text is wrapped by them
(``wtg.aof.mailtext.inert_lines``, ``wrapped_to_columns``)."""

from __future__ import annotations

import re
import unicodedata

WIDE = frozenset({"W", "F"})
NO_WIDTH = frozenset({"Mn", "Me", "Cf"})
MARKS = frozenset({"Mn", "Me"})
MARKS_ON_A_LETTER = 4
"""The most marks (accents written after their letter) one letter may carry in text the
host shows others: Vietnamese, Hebrew with its points, Devanagari write fewer; more
(``Zalgo`` text) pile up over the lines above and below, in a mail client and on the site."""


DRAWN_WIDE = re.compile("[\ufdfa\ufdfb\ufdfd\u2e3a\u2e3b\U00012000-\U0001254f]")
"""Characters every font that has them draws as wide as several letters, which Unicode
gives an East Asian Width of "N" (one column): the Arabic ligatures of whole phrases
(U+FDFD, the Basmala, and U+FDFA, U+FDFB), the two- and three-em dashes (U+2E3A, U+2E3B)
and the cuneiform signs (U+12000 to U+1254F, U+12219 among the widest glyphs of all). A
name of them is refused (``wtg.lobby.lookalikes``); a press of them, wrapped counting one
column each, made lines a phone wrapped again, the tail of each on a row without the
writer's ``2|`` mark."""
DRAWN_WIDE_COLUMNS = 6
"""The columns a ``DRAWN_WIDE`` character is counted to fill: a fixed-width font's column
is some 0.6 of an em, so the three-em dash fills five, and a cuneiform sign up to as many;
the Basmala, drawn wider still by some fonts, is no letter a line of text holds many of.
Counted too wide, a line is wrapped short of its width; counted too narrow, a reader's
screen wraps it again."""


def char_width(char: str) -> int:
    """The columns ``char`` fills in a fixed-width font: 0, 1 or 2, or ``DRAWN_WIDE_COLUMNS``
    for a character of ``DRAWN_WIDE``."""
    if unicodedata.category(char) in NO_WIDTH:
        return 0
    if unicodedata.east_asian_width(char) in WIDE:
        return 2
    return DRAWN_WIDE_COLUMNS if DRAWN_WIDE.match(char) else 1


EMOJI_SELECTOR = "\ufe0f"
"""VARIATION SELECTOR-16: the character before it shown as an emoji (``⚔`` as ``⚔️``)."""


_JOINED_JAMO = re.compile("[\u1160-\u11ff\ud7b0-\ud7ff]")
"""Hangul's vowel and final letters as Unicode writes a syllable decomposed (its NFD, as a
client on a Mac may send a Korean name: U+1112 U+1161 U+11AB for 한). After a leading
letter (``_IN_SYLLABLE``), or another of them, each is drawn into that one syllable's
block, which fills two columns; alone, it fills one. Counted one each, a Korean name of
two syllables so written filled eight columns by the count and four on a screen, and its
row in every other player's table lost four columns (attack48)."""
_TONE = re.compile("[\U0001f3fb-\U0001f3ff]")
"""The skin tone modifiers (U+1F3FB to U+1F3FF): after an emoji they colour it, one picture
two columns wide (``👍🏽``); alone, a swatch of two. Counted two each after their emoji, a
name of eight thumbs up so coloured filled 36 columns by the count and 20 on a screen
(attack48)."""
_IN_SYLLABLE = re.compile("[\u1100-\u115f\ua960-\ua97f\u1160-\u11ff\ud7b0-\ud7ff]")
"""A leading, a vowel or a final letter of Hangul's, decomposed: one a vowel or a final
letter after it joins."""


def char_widths(text: str) -> list[int]:
    """The columns each character of ``text`` fills, in order (``char_width``), but a symbol
    (or a digit, ``#``, ``*``: a keycap) followed by ``EMOJI_SELECTOR`` fills two: ``⚔️``,
    counted as one column, made a line of 60 of them 120 columns wide. The selector fills
    none, and stays with its symbol where a text is cut; so does a Hangul letter joined to
    the syllable before it (``_JOINED_JAMO``), and a skin tone after a wide emoji
    (``_TONE``)."""
    if text.isascii():  # every ASCII character fills one column (``char_width``)
        return [1] * len(text)
    widths = [char_width(char) for char in text]
    if _joins(text):
        for index in range(1, len(text)):
            if _joined(text[index], text[index - 1], widths[index - 1]):
                widths[index] = 0
    if EMOJI_SELECTOR in text:
        for index, char in enumerate(text[:-1]):
            if widths[index] == 1 and text[index + 1] == EMOJI_SELECTOR and _emoji_base(char):
                widths[index] = 2
    return widths


def _emoji_base(char: str) -> bool:
    """Whether ``char`` may be shown as an emoji with ``EMOJI_SELECTOR`` after it: a symbol
    or a mark of punctuation (``☀``, ``‼``), a digit, ``#`` or ``*`` (the keycaps)."""
    return unicodedata.category(char)[0] in "SP" or char in "0123456789#*"


def _joined(char: str, before: str, before_width: int) -> bool:
    """Whether ``char`` is drawn into the character ``before`` it (of ``before_width``
    columns): a Hangul vowel or final letter into its syllable, a skin tone into its emoji."""
    if _JOINED_JAMO.match(char):
        return _IN_SYLLABLE.match(before) is not None
    return _TONE.match(char) is not None and before_width == 2 and not _TONE.match(before)


def _joins(text: str) -> bool:
    """Whether ``text`` holds a Hangul letter that may join the syllable before it, or a
    skin tone that may join the emoji before it."""
    if text.isascii():
        return False
    return _JOINED_JAMO.search(text) is not None or _TONE.search(text) is not None


def text_width(text: str) -> int:
    """The columns ``text`` fills: its length where it is ASCII (``char_width``)."""
    if text.isascii():
        return len(text)
    if EMOJI_SELECTOR in text or _joins(text):
        return sum(char_widths(text))
    return sum(map(char_width, text))


TAB_STOP = 8
"""The columns between a terminal's tab stops (and a mail client's, showing plain text): a
tab moves on to the next multiple of them."""


def tabs_expanded(text: str) -> str:
    """``text`` with each tab written as the blanks a terminal moves on by (to the next
    multiple of ``TAB_STOP`` columns from its line's start, counted as ``text_width``
    counts them), so that the columns a line fills are those it shows: a tab counted as
    one column made a line of a stranger's words with tabs in it run past the terminal's
    width, which folded it in the middle of a word."""
    if "\t" not in text:
        return text
    lines = []
    for line in text.split("\n"):
        written: list[str] = []
        column = 0
        for char, columns in zip(line, char_widths(line), strict=True):
            if char == "\t":
                blanks = TAB_STOP - column % TAB_STOP
                written.append(" " * blanks)
                column += blanks
            else:
                written.append(char)
                column += columns
        lines.append("".join(written))
    return "\n".join(lines)


def cut_to_columns(text: str, width: int) -> list[str]:
    """``text`` cut into pieces of at most ``width`` columns each, in order (a character
    that fills none stays with the one before it); ``[""]`` for an empty text."""
    pieces: list[str] = []
    piece: list[str] = []
    used = 0
    for char, columns in zip(text, char_widths(text), strict=True):
        if piece and used + columns > width:
            pieces.append("".join(piece))
            piece, used = [], 0
        piece.append(char)
        used += columns
    pieces.append("".join(piece))
    return pieces


_WORDS = re.compile(r"\S+|\s+")
"""A line's words and the runs of blanks between them."""


def wrapped_to_columns(line: str, width: int) -> list[str]:
    """``line`` broken at its blanks into pieces of at most ``width`` columns each, in order
    (``textwrap.wrap`` by columns rather than characters): a letter of Chinese, Japanese or
    Korean, a full-width letter or a wide emoji fills two, an accent after its letter none,
    so a line of wide letters is not twice as wide as one of Latin ones and a line of
    accented letters is not cut at half its width. The blanks at a break are dropped (those
    that begin the line are kept); a word wider than ``width`` (a run of Chinese, which
    writes no blanks, or a long address) fills the rest of its line and goes on on the
    next, cut between two characters (``cut_to_columns``: never between a letter and its
    accent). A tab is the blanks it moves on by (``tabs_expanded``). ``[""]`` for an empty
    or blank line."""
    pieces: list[str] = []
    held: list[str] = []  # the piece being filled
    used = 0
    for word in _WORDS.findall(tabs_expanded(line)):
        columns = text_width(word)
        if word.isspace():
            if held or not pieces:  # blanks at a break are dropped
                held.append(word)
                used += columns
            continue
        if used + columns <= width:
            held.append(word)
            used += columns
            continue
        if columns > width:  # no line holds it: it fills this one, then the next ones
            room = width - used
            head = cut_to_columns(word, room)[0] if room > 0 else ""
            if text_width(head) > room:  # a wide letter where one column was left
                head = ""
            cuts = cut_to_columns(word[len(head) :], width)
            held.append(head)
            pieces.append("".join(held).rstrip())
            pieces.extend(cuts[:-1])
            held, used = [cuts[-1]], text_width(cuts[-1])
            continue
        pieces.append("".join(held).rstrip())
        held, used = [word], columns
    pieces.append("".join(held).rstrip())
    shown = [piece for piece in pieces if piece]
    return shown or [""]


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
