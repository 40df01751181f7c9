"""The letters that read as others, and the script each letter is of, from Unicode's own
data (its confusables and its scripts, as the ``confusable_homoglyphs`` library ships
them): what a name is compared by where it would pass for another, whatever script its
letters come from (``ⵔ`` Tifinagh and ``ᛖ`` Runic read as O and M, as Cyrillic ``В`` reads
as B). The library's data is read once, on the first question, not when wtg starts."""

from __future__ import annotations

import unicodedata
from functools import cache

BESIDE_LATIN = frozenset({"Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"})
"""The scripts a word of a name may write beside Latin letters: Chinese, Japanese and
Korean, whose letters read as no Latin one (``山田Taro``); Unicode's "highly restrictive"
names allow these alone (its report on security mechanisms, UTS #39). A Latin letter beside
a letter of any other script in a word, a Cyrillic ``А``, a Tai Le ``ᥑ``, a Runic ``ᛁ``,
may be one drawn like a Latin letter, and the name read as another's
(``wtg.lobby.people.look_alike_alphabets`` reads a name word by word)."""

_NO_SCRIPT = frozenset({"Common", "Inherited", "Unknown"})


def script(char: str) -> str:
    """The Unicode script of ``char`` as a reader names it (``Latin``, ``Cyrillic``,
    ``Tai Le``, ``Canadian`` for the Canadian syllabics), or "" for a character of every
    script (a digit, a mark, a space) or of none Unicode's data knows."""
    # deferred: the library reads its data files when imported; only names need it
    from confusable_homoglyphs import categories

    named = str(categories.alias(char)).replace("_", " ").title()
    if named in _NO_SCRIPT:
        return ""
    return "Canadian" if named == "Canadian Aboriginal" else named


def scripts(text: str) -> list[str]:
    """The scripts of the letters of ``text`` (``script``), each once, in the order met."""
    found: dict[str, None] = {}
    for char in text:
        if char.isalpha():
            named = script(char)
            if named:
                found[named] = None
    return list(found)


@cache
def as_ascii() -> dict[int, str]:
    """Each letter that Unicode's confusables list as reading like a letter or a digit of
    ASCII (a Cyrillic ``В`` as B, a Tifinagh ``ⵔ`` as O, a Latin dotless ``ı`` as i, a
    Carian ``𐊠`` as A), with the ASCII it reads as: a table for ``str.translate``. Letters
    alone are read so, never marks or signs (``⊂`` reads as no name's C)."""
    # deferred: the confusables table is large; only names need it
    from confusable_homoglyphs.confusables import confusables_data

    table: dict[int, str] = {}
    for char, homoglyphs in confusables_data.items():
        if len(char) != 1 or char.isascii() or not unicodedata.category(char).startswith("L"):
            continue
        ascii_ones = [
            str(glyph["c"])
            for glyph in homoglyphs
            if str(glyph["c"]).isascii() and str(glyph["c"]).isalnum()
        ]
        if ascii_ones:
            table[ord(char)] = min(ascii_ones, key=len)
    return table
