"""The name a JOIN without ``AS`` asks under for a newcomer: the name in his From, else
(his From has none) his address's local part (``default_name``); a From's name that could
be no player's refuses the JOIN (``from_name_refused``). Read where a JOIN is carried out
(``wtg.lobby.waitlist``) and where a mail's JOINs are counted by the names they give
(``wtg.lobby.answering.joins_past_names``)."""

from __future__ import annotations

import email.utils
import re

from wtg.core.textwidth import cut_to_columns

DEFAULT_NAME_MAX = 40
"""Columns of a From's display name a JOIN without ``AS`` takes as the newcomer's name (a
letter of Chinese, Japanese or Korean fills two: ``people.name_problem``)."""


_CHOOSE = re.compile(
    r"[:;,]?\s*choose (?:another|a shorter one|a name of your own) with AS <name>$"
)
"""The end of a name's refusal that asks for another name (``people.name_problem``)."""


def default_name(display: str, address: str) -> str:
    """A newcomer's name when JOIN gives none: the name in his From (decoded:
    ``wtg.mail.message.fromname``: ``from_name``); his address's local part when his
    From has no name, or names his address. It is checked as a name typed after ``AS``
    is (``people.name_problem``), and a From's name that could be no player's refuses
    the JOIN, asking for a name with ``AS`` (``from_name_refused``; ruling, round 50).
    Before, such a name (a control character, ``Admin``, ``You``) gave way to the
    address's local part, which LIST then showed to anyone who asked, once the JOIN was
    confirmed: a part of his address the newcomer never gave as his name."""
    shown = from_name(display, address)
    if shown:
        return shown
    local = email.utils.parseaddr(address)[1].partition("@")[0]
    return cut_to_columns(local, DEFAULT_NAME_MAX)[0]


def from_name(display: str, address: str) -> str:
    """The name of a From (``display``) as a newcomer's: its blanks made single, cut to
    ``DEFAULT_NAME_MAX`` columns; "" when it has none, or it is the address itself (many
    clients write the address as the From's name: a From without a name)."""
    plain = " ".join(display.split())
    mailbox = email.utils.parseaddr(address)[1]
    if plain.strip("<>\"'").casefold() == mailbox.casefold():
        return ""
    return cut_to_columns(plain, DEFAULT_NAME_MAX)[0].rstrip(" ")


def from_name_refused(problem: str, join: str) -> str:
    """The refusal of a JOIN without ``AS`` (``join``: its words, ``JOIN wok4``) whose
    From's name could be no player's, for ``problem``."""
    why = _CHOOSE.sub("", problem.rstrip("."))  # what it asks, this asks first
    return (
        "your From's name cannot be your name here, and the host shows no part of your "
        f"address in its place: mail {join} AS <name>, with the name you will play under "
        f"({why})"
    )
