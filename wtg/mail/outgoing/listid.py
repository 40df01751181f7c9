"""The List-Id of a game's mail (RFC 2919), and the domain the host's mail is named in.

Every mail of one game (its reports, press, reminders, notices, confirmations and command
answers) carries ``List-Id: "<game>" <label.domain>``: players' mail clients filter on it
(Gmail's ``list:``, Thunderbird's and Outlook's rules). The domain is the GM's, the one of
the config's ``from`` (as the Message-IDs), in its ASCII form; the label is the game's name
made a dot-atom of lower-case letters, digits and ``-``, with 8 hex digits of its SHA-256
after it whenever it had to be changed, so that two games of a host never share one.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import unicodedata
from email.header import Header
from functools import lru_cache

LABEL_KEPT = 40
"""Characters of a game's name kept in its label (a DNS label holds 63)."""
_NOT_LABEL = re.compile(r"[^a-z0-9]+")
_NOT_DOMAIN = re.compile(r"[^A-Za-z0-9.-]")
_ID = re.compile(r"<([^<>\s]*)>")


def domain_of(address: str) -> str:
    """The domain of ``address`` (``local@domain``) as a Message-ID or List-Id names it: its
    ASCII form (IDNA: ``bücher.example`` is ``xn--bcher-kva.example``), without any
    character such an id may not hold; ``localhost`` when none is left."""
    domain = address.rpartition("@")[2].strip().lower()
    if not domain.isascii():
        # a label the codec refuses (too long, say): its ASCII characters kept
        with contextlib.suppress(UnicodeError):
            domain = domain.encode("idna").decode("ascii")
    return _NOT_DOMAIN.sub("", domain).strip(".") or "localhost"


def ascii_address(address: str) -> str:
    """``address`` lower-cased, its domain in its ASCII form (``domain_of``); as it is
    when it has no ``local@``."""
    address = address.strip().lower()
    local, at, _ = address.rpartition("@")
    return f"{local}@{domain_of(address)}" if at and local else address


@lru_cache(maxsize=256)
def label(game: str) -> str:
    """The game's name as a list-label: lower-case ASCII letters, digits and ``-`` (accents
    dropped, every other run of characters one ``-``), kept as it is when it was already
    one, else with ``-`` and 8 hex digits of the SHA-256 of the name (lower-cased, as the
    host tells its games apart) after it."""
    name = game.strip().lower()
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = _NOT_LABEL.sub("-", plain).strip("-")[:LABEL_KEPT].strip("-")
    if slug and slug == name:
        return slug
    mark = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{slug}-{mark}" if slug else f"game-{mark}"


@lru_cache(maxsize=256)
def list_id(game: str, domain: str) -> str:
    """The List-Id header's value for ``game``'s mail: its name as the phrase (quoted, or
    an RFC 2047 encoded word when it is not ASCII), then ``<label.domain>``: ASCII, with
    no control character."""
    shown = "".join(ch if ch.isprintable() else " " for ch in game.strip()) or "game"
    if shown.isascii():
        phrase = '"' + shown.replace("\\", "\\\\").replace('"', '\\"') + '"'
    else:
        phrase = " ".join(Header(shown, "utf-8").encode(maxlinelen=998).split())
    return f"{phrase} <{label(game)}.{domain}>"


def ours(value: str, domain: str) -> bool:
    """Whether a List-Id value names one of the host's own games' lists (``<x.domain>``):
    the host's own mail, come back in a player's forward, is no mailing list's."""
    found = _ID.search(value)
    return found is not None and found[1].lower().endswith("." + domain.lower())
