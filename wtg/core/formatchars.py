"""Unicode's format characters (category Cf): a zero-width space, a soft hyphen, a word
joiner, the invisible separator U+2063, a bidi mark or override, a tag character. None
of them shows on its own, so a text that holds one reads, to whoever sees it, as the text
without it: ``g1\u2063`` is ``g1`` on every screen (the tags that make a flag, after
U+1F3F4, show as the flag: they are kept). A mail's text loses every one of them
before its lines are read (``wtg.aof.mailtext``, ``wtg.mail.message.extract``), and the
site's form checker is given the same ones: one list, so that no reader of a mail keeps a
character another drops."""

from __future__ import annotations

import re
import unicodedata

_PLANES = (range(0x20000), range(0xE0000, 0xE1000))
"""Where Unicode puts its format characters: the first two planes and the special-purpose
one (tests/mail/test_names_read_alike.py scans every code point and holds them equal); the
scan of these alone takes a tenth of the time of all."""

FORMAT_CHARACTERS = "".join(
    chr(code) for plane in _PLANES for code in plane if unicodedata.category(chr(code)) == "Cf"
)
"""Every character of category Cf, in code point order."""

_TAG = re.compile("[\U000e0000-\U000e007f]")
_FLAG_OR_TAG = re.compile(
    "(\U0001f3f4[\U000e0020-\U000e007e]{1,8}\U000e007f)|[\U000e0000-\U000e007f]"
)
"""A flag's tags (kept: group 1; England's flag is U+1F3F4 and the tags ``gbeng``, then the
cancel tag, as ``wtg.core.printable`` keeps them), or tag characters anywhere else."""
DROPPED = {code: None for code in map(ord, FORMAT_CHARACTERS) if not _TAG.match(chr(code))}
"""What ``str.translate`` drops of a text: every format character but the tags, which
``without_flagless_tags`` reads in their place (the extractor leaves them to the readers of
the text: a form's lines, a game's name, a press)."""


def without_format(text: str) -> str:
    """``text`` without its format characters (an ASCII text as it is), but the tags of a
    flag: a player's press keeps England's flag, a word of tags anywhere else is gone."""
    return text if text.isascii() else without_flagless_tags(text.translate(DROPPED))


def without_flagless_tags(text: str) -> str:
    """``text`` without its tag characters but a flag's (one search for most texts)."""
    if _TAG.search(text) is None:
        return text
    return _FLAG_OR_TAG.sub(lambda found: found.group(1) or "", text)
