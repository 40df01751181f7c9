"""Web addresses in a player's press, written so that no mail client makes them links.

Press reaches the other players in a mail from the host's own address: a link in it
(``http://wtg-login.example/reset``) read as one the host gave, and a phishing page could
ask for a player's secret code. Each web address is mailed defanged, as
``http[:]//wtg-login[.]example/reset``: its scheme's colon and the dots of its host in
brackets, the rest as written, so that a reader still reads (and may type) it. A web
address is a scheme and ``//`` (``https://``, ``ftp://``), or a host name that begins with
``www.`` or ends in a top-level domain of the Public Suffix List (``evil-login.com``,
``ann.example.co.uk``; not ``J.R.R.Tolkien``, ``e.g.``, ``3.14``), but a sentence run on
after a full stop without its blank (``the end.Next turn``, ``we attack.So be it``): a host
whose top-level domain is not written in small letters (``Next``, ``SO``), is none of the
common ones (``COMMON``: ``Evil.Com`` is an address), has nothing of an address after it
(a path, a port, a query: ``end.Next/login`` is one) and is not shaped as a host (a hyphen
before its top-level domain, a top-level domain in Punycode, three labels or more:
``PAYPAL-VERIFY.SUPPORT``, ``EVIL.XN--P1AI``, ``Secure.Login.Bank`` are addresses) is
prose, as a reader reads it. An e-mail address stays as written: a player may give his own
to another, and its host is not taken for a web address (docs/mail.md, "Press").
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
_ADDRESS_GOES_ON = re.compile(r"[/#]|\?\w|:\d")
"""What may follow a host in a web address, and never a sentence: a path, a query, a
fragment, a port (``end.Next/login``, ``evil.Bank:8080``)."""
COMMON = frozenset(
    [
        "com",
        "net",
        "org",
        "info",
        "biz",
        "io",
        "co",
        "app",
        "dev",
        "xyz",
        "top",
        "online",
        "site",
        "shop",
        "club",
        "store",
        "live",
        "ru",
        "cn",
        "uk",
        "de",
        "fr",
        "nl",
        "eu",
        "tk",
        "ml",
        "ga",
        "cf",
        "gq",
        "edu",
        "gov",
    ]
)
"""The top-level domains of most web addresses, and of most of those that phishing mails
give (the cheap and the free ones among them): a host that ends in one is a web address
however its top-level domain is written (``Evil-Login.Com``, ``EVIL.NET``). None of them
begins an English sentence as ``Next``, ``So``, ``It``, ``Me`` or ``Us`` do."""


def unlinked(text: str) -> str:
    """``text`` with each web address in it defanged (``http[:]//evil[.]example/x``,
    ``www[.]evil[.]example``, ``evil-login[.]com``); the rest as written."""
    return _LINKS.sub(_defanged, text)


def _defanged(found: re.Match[str]) -> str:
    if found.group("scheme") is not None:
        return f"{found.group('scheme')}[:]//{_DOT.sub('[.]', found.group('authority'))}"
    host = found.group("host")
    labels = _DOT.split(host)
    if labels[0].lower() == "www":
        return _DOT.sub("[.]", host)
    top = labels[-1]
    if not _top_level(top.lower()):
        return host
    goes_on = _ADDRESS_GOES_ON.match(found.string, found.end()) is not None
    if top.islower() or top.lower() in COMMON or goes_on or _shaped_as_host(labels):
        return _DOT.sub("[.]", host)
    return host  # ``the end.Next turn``: a sentence run on after its full stop


def _shaped_as_host(labels: list[str]) -> bool:
    """Whether a host's labels are shaped as no run-on sentence is: a hyphen before its
    top-level domain (``PAYPAL-VERIFY.SUPPORT``, ``the-gm.LINK``), a top-level domain of
    another script written in ASCII (``XN--P1AI``, the Punycode of ``рф``: no word begins
    ``xn--``), or three labels or more of two letters or more each (``Secure.Login.Bank``).
    A sentence run on after its full stop joins two words (``end.Next``), neither hyphened
    at the stop in the prose players write."""
    if "-" in labels[-2] or labels[-1].lower().startswith("xn--"):
        return True
    return len(labels) >= 3 and all(len(label) >= 2 for label in labels)


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
