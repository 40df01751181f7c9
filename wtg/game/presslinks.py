"""Web addresses in a player's press, written so that no mail client makes them links.

Press reaches the other players in a mail from the host's own address: a link in it
(``http://wtg-login.example/reset``) read as one the host gave, and a phishing page could
ask for a player's secret code. Each web address is mailed defanged, as
``http[:]//wtg-login[.]example/reset``: its scheme's colon and the dots of its host in
brackets, the rest as written, so that a reader still reads (and may type) it. A web
address is a scheme and ``//`` (``https://``, ``ftp://``), or a host name that begins with
``www.`` or ends in a top-level domain of the Public Suffix List (``evil-login.com``,
``ann.example.co.uk``; not ``J.R.R.Tolkien``, ``e.g.``, ``3.14``). An e-mail address
stays as written: a player may give his own to another, and its host is not taken for a
web address (docs/mail.md, "Press").
"""

from __future__ import annotations

import re
from functools import cache

from publicsuffixlist import PublicSuffixList

DOTS = ".\u3002\uff0e\uff61"
"""A host name's dots: the full stop, and the ideographic and full-width ones that IDNA
reads as one (``evil。com``)."""
_LABEL = r"[^\W_](?:[\w-]*[^\W_])?"
_HOST = rf"{_LABEL}(?:[{DOTS}]{_LABEL})+"
_LINKS = re.compile(
    rf"""
      (?P<scheme>(?<![\w+.-])[a-z][a-z0-9+.-]*)://(?P<authority>[^\s/?#<>"'()\[\]]*)
    | (?<![\w.@/-])(?P<host>{_HOST})(?![\w@-])
    """,
    re.IGNORECASE | re.VERBOSE,
)
_DOT = re.compile(f"[{DOTS}]")


def unlinked(text: str) -> str:
    """``text`` with each web address in it defanged (``http[:]//evil[.]example/x``,
    ``www[.]evil[.]example``, ``evil-login[.]com``); the rest as written."""
    return _LINKS.sub(_defanged, text)


def _defanged(found: re.Match[str]) -> str:
    if found.group("scheme") is not None:
        return f"{found.group('scheme')}[:]//{_DOT.sub('[.]', found.group('authority'))}"
    host = found.group("host")
    labels = _DOT.split(host)
    if labels[0].lower() == "www" or _top_level(labels[-1].lower()):
        return _DOT.sub("[.]", host)
    return host


def _top_level(label: str) -> bool:
    """Whether ``label`` (lower-cased) is a top-level domain the Public Suffix List knows:
    ``com``, ``io``, ``world``; not ``tolkien``, nor a number."""
    if len(label) < 2 or label.isdigit():
        return False
    return _suffixes().publicsuffix(label, accept_unknown=False) is not None


@cache
def _suffixes() -> PublicSuffixList:
    """The Public Suffix List the package ships, read once a process."""
    return PublicSuffixList()
