"""Unicode's format characters (category Cf): a zero-width space, a soft hyphen, a word
joiner, the invisible separator U+2063, a bidi mark or override, a tag character. None
of them shows on its own, so a text that holds one reads, to whoever sees it, as the text
without it: ``g1\u2063`` is ``g1`` on every screen. A mail's text loses every one of them
before its lines are read (``wtg.aof.mailtext``, ``wtg.mail.message.extract``), and the
site's form checker is given the same ones: one list, so that no reader of a mail keeps a
character another drops."""

from __future__ import annotations

import unicodedata

_PLANES = (range(0x20000), range(0xE0000, 0xE1000))
"""Where Unicode puts its format characters: the first two planes and the special-purpose
one (tests/mail/test_names_read_alike.py scans every code point and holds them equal); the
scan of these alone takes a tenth of the time of all."""

FORMAT_CHARACTERS = "".join(
    chr(code) for plane in _PLANES for code in plane if unicodedata.category(chr(code)) == "Cf"
)
"""Every character of category Cf, in code point order."""

_DROPPED = dict.fromkeys(map(ord, FORMAT_CHARACTERS))


def without_format(text: str) -> str:
    """``text`` without its format characters (an ASCII text as it is)."""
    return text if text.isascii() else text.translate(_DROPPED)
