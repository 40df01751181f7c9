"""Unicode's format characters (category Cf): a zero-width space, a soft hyphen, a word
joiner, the invisible separator U+2063, a bidi mark or override, a tag character. None
of them shows on its own, so a text that holds one reads, to whoever sees it, as the text
without it: ``g1\u2063`` is ``g1`` on every screen (the tags that make a flag, after
U+1F3F4, show as the flag: they are kept). A mail's text loses every one of them
before its lines are read (``wtg.aof.mailtext``, ``wtg.mail.message.extract``), and the
site's form checker is given the same ones: one list, so that no reader of a mail keeps a
character another drops. Two of them show in what they join, and a text keeps them where
they do (``JOINERS``: a family emoji, a Persian word): a form's lines, a name, a code and a
command's words are read without them."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

_PLANES = (range(0x20000), range(0xE0000, 0xE1000))
"""Where Unicode puts its format characters: the first two planes and the special-purpose
one (tests/mail/test_names_read_alike.py scans every code point and holds them equal)."""

_TAG = re.compile("[\U000e0000-\U000e007f]")
_FLAG_OR_TAG = re.compile(
    "(\U0001f3f4[\U000e0020-\U000e007e]{1,8}\U000e007f)|[\U000e0000-\U000e007f]"
)
"""A flag's tags (kept: group 1; England's flag is U+1F3F4 and the tags ``gbeng``, then the
cancel tag, as ``wtg.core.printable`` keeps them), or tag characters anywhere else."""


@cache
def format_characters() -> str:
    """Every character of category Cf, in code point order. Found by asking
    ``unicodedata`` of each code point of ``_PLANES``, on first use rather than at import:
    most commands read no mail."""
    return "".join(
        chr(code) for plane in _PLANES for code in plane if unicodedata.category(chr(code)) == "Cf"
    )


@cache
def dropped() -> dict[int, None]:
    """What ``str.translate`` drops of a text: every format character but the tags, which
    ``without_flagless_tags`` reads in their place (the extractor leaves them to the readers
    of the text: a form's lines, a game's name, a press)."""
    return {code: None for code in map(ord, format_characters()) if not _TAG.match(chr(code))}


JOINERS = "\u200c\u200d"
"""ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER: format characters that show, in what they
join. A family or a profession emoji is its people joined (U+1F469 U+200D U+1F467 is one
picture, a woman and a girl; without the joiner, two), Persian writes a word's parts apart
with the non-joiner (U+200C: ``\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645``),
Devanagari and the scripts of India pick a letter's form with them. Between two letters of
ASCII, or anywhere else, they show nothing."""


def in_text_dropped() -> dict[int, None]:
    """What a mail's text loses as it is read (``wtg.mail.message.extract``): every format
    character but the tags and the joiners, which ``with_shown_joiners`` keeps where they
    show. Every reader of a form's lines, a name, a code or a command's words drops those
    too (``without_format``, ``without_joiners``)."""
    return {code: None for code in dropped() if chr(code) not in JOINERS}


_NO_JOINERS = dict.fromkeys(map(ord, JOINERS))
_JOINER = re.compile("[\u200c\u200d]")


def with_shown_joiners(text: str) -> str:
    """``text`` with each joiner (``JOINERS``) kept where it shows: after a character that is
    not ASCII and is a letter, a mark or a symbol, and before one that is a letter or a
    symbol (two emoji, an emoji's skin tone or its variation selector and an emoji, two
    Persian letters, a Devanagari virama and a letter); every other joiner (one between
    ASCII letters, between two marks, at a line's end, one of a run) is gone."""
    if _JOINER.search(text) is None:
        return text
    return _JOINER.sub(lambda found: found.group() if _joins(text, found.start()) else "", text)


def _joins(text: str, at: int) -> bool:
    """Whether the joiner at ``at`` stands between two characters it joins."""
    if at == 0 or at + 1 == len(text):
        return False
    before, after = text[at - 1], text[at + 1]
    if before.isascii() or after.isascii():
        return False
    # what it joins to is a letter or an emoji, never a mark: between two marks it would
    # only split a pile of them (``wtg.core.textwidth.marks_on_a_letter``)
    return unicodedata.category(before)[0] in "LMS" and unicodedata.category(after)[0] in "LS"


def without_joiners(text: str) -> str:
    """``text`` without its joiners: a command's words, a name, a code read as typed."""
    return text if text.isascii() else text.translate(_NO_JOINERS)


def without_format(text: str) -> str:
    """``text`` without its format characters (an ASCII text as it is), but the tags of a
    flag: a player's press keeps England's flag, a word of tags anywhere else is gone."""
    return text if text.isascii() else without_flagless_tags(text.translate(dropped()))


def without_flagless_tags(text: str) -> str:
    """``text`` without its tag characters but a flag's (one search for most texts)."""
    if _TAG.search(text) is None:
        return text
    return _FLAG_OR_TAG.sub(lambda found: found.group(1) or "", text)
