"""Text that came by mail, made safe to print on a terminal (or to put in a page).

A mail may carry a terminal's control sequences: an OSC (``ESC ] 52 ; c ; ... BEL`` writes
the clipboard, ``ESC ] 0 ; ... BEL`` the window's title), a CSI (``ESC [ 2 J`` clears the
screen), a DCS, or a bare control character (a carriage return that prints over a line),
or a bidi override (U+202E: the rest of the line shows reversed) or mark (U+200F), or
tag characters (U+E0000 to U+E007F: words that show nowhere, hidden among the visible
ones, but those that name a flag after U+1F3F4, the black flag, as England's does).
``printable`` takes every one of them out, whole, and keeps line breaks and tabs (a LINE
SEPARATOR, U+2028, or PARAGRAPH SEPARATOR, U+2029, becomes a space: Python breaks a line
there, a terminal does not): a GM's terminal shows what the text says, and nothing in it
acts. A LEFT-TO-RIGHT MARK right after
a letter written right to left stays: it ends that name's run, as wtg's rows put it.
``on_screen``, every line of wtg's for the GM, cuts a pile of marks on one letter too (``g``
and 200 acutes, which smear over the lines above and below) to as many as a player's name
may carry.
"""

from __future__ import annotations

import re
import unicodedata

from wtg.core.formatchars import JOINERS
from wtg.core.textwidth import MARKS, MARKS_ON_A_LETTER, marks_on_a_letter

_CONTROLS = re.compile(
    r"""
      (?:\x1b\[|\x9b) [\x30-\x3f]* [\x20-\x2f]* [\x40-\x7e]?
        # CSI: parameters, intermediates, the final byte
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f]) [^\x07\x9c\n]*? (?:\x07|\x1b\\|\x9c|(?=\n)|\Z)
        # OSC, DCS, SOS, PM, APC: a string up to BEL or ST (or the end of its line)
    | \x1b [\x20-\x2f]* [\x30-\x7e]?
        # any other escape sequence: intermediates and its final byte
    | [\x00-\x08\x0b-\x1f\x7f-\x9f]
        # every other C0 and C1 control character (and DEL), but the tab and the line feed
    | [\ud800-\udfff]
        # a lone surrogate: a byte of a header that was no UTF-8 (kept by the parser as
        # surrogateescape), which a terminal would get as that byte, and no file can hold
    | (\U0001f3f4[\U000e0020-\U000e007e]{1,8}\U000e007f) | [\U000e0000-\U000e007f]
        # a flag's tags (kept: group 1), or tag characters anywhere else: invisible words
    | (\u200e) | [\u202a-\u202e\u2066-\u2069\u200f\u061c]
        # a bidi embedding, override or isolate (and their ends), or a bidi mark: the rest
        # of the line, the words wtg writes after a quote among them, would show reversed
        # or moved (a right-to-left mark turns the punctuation and numbers after it round);
        # a LEFT-TO-RIGHT MARK (group 2) is kept right after a letter written right to
        # left, where it only ends that letter's run (``_closing``)
    | ([\u2028\u2029])
        # a LINE or PARAGRAPH SEPARATOR (group 3): a space, as a terminal shows none, but
        # Python's ``splitlines`` breaks a line at it, and wtg's lines for the GM are split
        # so (``fail``): a stranger's text made a line of its own, ``wtg: ...`` as wtg's
    """,
    re.VERBOSE,
)


def printable(text: str) -> str:
    """``text`` without any terminal control sequence or control character but ``\\n`` and
    ``\\t``, without a bidi embedding, override or isolate, without tag characters but a
    flag's, and without a lone surrogate; a line or paragraph separator as a space."""
    if text.isprintable():  # most text: nothing to look for (a line break is not printable)
        return text
    return _CONTROLS.sub(_kept, text)


def on_screen(text: str) -> str:
    """``text`` as a line of wtg's shows it to the GM: ``printable``, and each pile of marks
    on one letter cut to ``MARKS_ON_A_LETTER`` (a stranger's words, a held mail's game or a
    command refused, that no check of a player's name or press refused)."""
    return _unpiled(printable(text))


def _unpiled(text: str) -> str:
    """``text`` with each run of marks after a letter cut to ``MARKS_ON_A_LETTER``, composed
    (NFC) as ``marks_on_a_letter`` counts them; the rest as written. A letter and its marks
    are composed only where they pile up: a path the GM copies off the line (a folder's
    name decomposed, ``e`` and its acute) stays the folder's own."""
    if text.isascii() or marks_on_a_letter(text) <= MARKS_ON_A_LETTER:
        return text
    kept: list[str] = []
    for letter in _letters(text):
        kept.append(_cut(letter) if marks_on_a_letter(letter) > MARKS_ON_A_LETTER else letter)
    return "".join(kept)


def _letters(text: str) -> list[str]:
    """``text`` as its letters, each with the marks (and joiners) after it."""
    letters: list[str] = []
    for char in text:
        if letters and (char in JOINERS or unicodedata.category(char) in MARKS):
            letters[-1] += char
        else:
            letters.append(char)
    return letters


def _cut(letter: str) -> str:
    """A letter and its pile of marks, composed, the marks after ``MARKS_ON_A_LETTER`` cut."""
    kept: list[str] = []
    run = 0
    for char in unicodedata.normalize("NFC", letter):
        if char not in JOINERS:
            run = run + 1 if unicodedata.category(char) in MARKS else 0
        if run <= MARKS_ON_A_LETTER:
            kept.append(char)
    return "".join(kept)


def _kept(found: re.Match[str]) -> str:
    """What stays of a control ``_CONTROLS`` found: a flag's tags, a LEFT-TO-RIGHT MARK
    that closes a name written right to left (``_closing``), a space for a line or
    paragraph separator; nothing of any other."""
    if found.group(3) is not None:
        return " "
    if found.group(2) is not None:
        return found.group(2) if _closing(found.string, found.start()) else ""
    return found.group(1) or ""


def _closing(text: str, at: int) -> bool:
    """Whether the LEFT-TO-RIGHT MARK at ``at`` follows a letter written right to left (bidi
    class R or AL: Hebrew, Arabic). wtg puts one there (``wtg.game.bidimark``: `wtg status`
    and the STATUS answer after a Hebrew name): a terminal that lays a line out by the bidi
    algorithm (VTE's, Konsole's, mlterm's) shows the rest of the row in its order, where
    without it the row's words after the name ran backwards; one that does not shows the
    mark as nothing (it has no width). There it can only end a run of right-to-left
    letters: it turns nothing round, as an override or a right-to-left mark would."""
    if at == 0:
        return False
    before = text[at - 1]
    return unicodedata.bidirectional(before) in ("R", "AL") and before.isprintable()


def marked(text: str) -> str:
    """``text`` on one line as a person may be shown it back: each character that is not
    printable (a control character, an escape sequence's ESC, a line break) as ``?``, so
    that what was there shows, and nothing in it acts; a pile of marks on one letter cut
    as ``on_screen`` cuts it (a refusal quotes a stranger's words to a From anyone may
    forge: another person's mail reader)."""
    if text.isprintable():
        return _unpiled(text)
    return _unpiled("".join(char if char.isprintable() else "?" for char in text))


def visible(text: str) -> str:
    """``text`` on one line as a person may be shown a name read from a mail (a held mail's
    game): each character that is not printable (a zero-width space, a format or control
    character, a line break, a space that is not the plain one) or shows nothing
    (``_IGNORABLE``) as its Python escape (``wok4-1\\u200b``), each backslash doubled so
    that no escape typed looks like one: a name with an invisible character in it showed
    as the name of a game that exists, and nothing in it acts."""
    if text.isascii() and text.isprintable() and "\\" not in text:
        return text
    return "".join(char if _seen(char) else char.encode("unicode_escape").decode() for char in text)


def quoted(text: str) -> str:
    """``text`` quoted and escaped as ``repr`` does (a character that is not printable as its
    escape: ``'wok4-1\\u200b'``), and the characters ``repr`` keeps that show nothing
    (``_IGNORABLE``: ``'g1\\u3164'``, a Hangul filler) escaped too."""
    return _IGNORABLE.sub(lambda found: found.group().encode("unicode_escape").decode(), repr(text))


def as_typed(text: str) -> str:
    """A word the GM typed (a game's name on the command line), quoted as he typed it:
    ``'spring\\2027'`` as he gave it, where ``repr`` doubled its backslash
    (``'spring\\\\2027'``, a name he never typed). One holding a quote, a character that
    is not printable or one that shows nothing is said as ``quoted`` says it."""
    if "'" in text or not text.isprintable() or _IGNORABLE.search(text):
        return quoted(text)
    return f"'{text}'"


_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0100-\U000e01ef]"
)
"""Characters Python calls printable that show nothing (Unicode's default-ignorable code
points that are letters or marks, a variation selector, the Hangul fillers, the blank
Braille pattern): a name of them looks like a name without them."""


def _seen(char: str) -> bool:
    """Whether ``char`` shows as itself in a name (``visible``): printable, no backslash,
    and not one of the characters that show nothing (``_IGNORABLE``)."""
    return char.isprintable() and char != "\\" and not _IGNORABLE.match(char)
