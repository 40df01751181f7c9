"""A player's name as the other players read it: each web address in it defanged.

A name is the player's own text, and the host repeats it in every mail of its that names
his seat (the reports, the Top Ten, the takeover and rollback notices) and on the site. A
name that reads as a web address (``paypal-login.com``, ``www.evil.example``: a GM's
``--player``, a game older than the lobby's refusal of such names) was a link there, as if
the host gave it. It is shown as press shows its addresses (``wtg.game.presslinks``),
``paypal-login[.]com``, ``www[.]evil[.]example``: by ``shown_name`` where a name is read to
be shown (the site's facts, a notice's words), by ``names_unlinked`` where a text a
template wrote is written out (a report, a Top Ten), which also knows a name cut to a
table's column (``paypal-login.co``). A name that reads as no address is as written
(docs/mail.md, "Player names as the others read them").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from wtg.game.bidimark import SHORTEST_CUT
from wtg.game.presslinks import DOTS, unlinked


@lru_cache(maxsize=4096)
def shown_name(name: str) -> str:
    """``name`` with each web address in it defanged (``paypal-login[.]com``); as written
    when it holds none (``Ann``, ``J.R.R.Tolkien``). Kept for the process: each report of
    a turn asks for every name of the game, and every piece of a long one."""
    if "://" not in name and not any(dot in name for dot in DOTS):
        return name  # no scheme, no dot: no web address (most names)
    return unlinked(name)


def names_unlinked(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` that reads as a web address, and each piece of one
    cut to a column that still does (of ``bidimark.SHORTEST_CUT`` characters or more:
    ``secure-paypal-login.co``), and each word of one that does (``www.evil.example`` of
    ``Ann of www.evil.example``, found alone where a sentence broken at its words put it on
    a line of its own), defanged where it stands as a word of its own. A name
    shown with its brackets is wider than as written by two columns a dot: a table's row
    that holds it is as much wider, which a reader reads all the same."""
    pieces: dict[str, str] = {}
    for name in sorted(set(names)):  # in one order, whatever the interpreter's hash seed
        if "://" not in name and not any(dot in name for dot in DOTS):
            continue  # no scheme, no dot: neither it nor a piece of it is an address
        for length in range(min(len(name), SHORTEST_CUT), len(name) + 1):
            piece = name[:length].rstrip()
            shown = shown_name(piece)
            if piece and shown != piece:
                pieces[piece] = shown
        # each word of it defanged as in the whole: a report's sentence broken at its words
        # may put a name's last words on the next line, where the whole name is not found
        words, shown_words = name.split(), shown_name(name).split()
        if len(words) == len(shown_words):  # the brackets go inside words: they pair up
            paired = zip(words, shown_words, strict=True)
            pieces.update((word, shown) for word, shown in paired if word != shown)
    if not pieces:
        return text
    longest_first = sorted(pieces, key=len, reverse=True)
    found = re.compile(rf"(?<![\w.@/-])(?:{'|'.join(map(re.escape, longest_first))})(?![\w-])")
    return found.sub(lambda match: pieces[match[0]], text)
