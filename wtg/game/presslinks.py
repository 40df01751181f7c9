"""Web addresses in a player's press, written so that no mail client makes them links.

Press reaches the other players in a mail from the host's own address: a link in it
(``http://wtg-login.example/reset``) read as one the host gave, and a phishing page could
ask for a player's secret code. Each web address is mailed defanged, as
``http[:]//wtg-login[.]example/reset``: its scheme's colon and the dots of its host in
brackets, the rest as written, so that a reader still reads (and may type) it. A web
address is a scheme and ``//`` (``https://``, ``ftp://``), or a host name that begins with
``www.`` or ends in a top-level domain of the Public Suffix List, in any script and any
case (``evil-login.com``, ``ann.example.co.uk``, ``EVIL.РФ``, ``evil.中国``; not
``J.R.R.Tolkien``, ``e.g.``, ``3.14``), but one that reads as sentences run together
without the blank after a full stop (``the end.Next turn``, ``evil.Now we strike``): each
word after a stop is one that begins English sentences (``SENTENCE_WORDS``: ``Next``,
``Now``, ``Today``), written as a sentence's first word (a capital, then small letters),
the last not a country's (``COUNTRY_WORDS``: ``phish.Me``, ``paypal-login.So`` are
addresses), each word before one ends a sentence rather than names a brand (small letters
without a hyphen, a number, ``No``: not ``Paypal.Now``, ``secure-bank.Today``), and no
path, port or query follows it (``end.Next/login`` is an address). A scheme is defanged
whatever stands before it, and ``www.`` after anything but a letter or a digit
(``x_http://``, ``x/www.``: Thunderbird, Gmail or mutt's urlview link them); a host without
either after ``/``, ``@``, ``-`` or ``_`` is linked by none, and stays (``docs/mail.md``).
A web scheme (``http``, ``https``, ``ftp``) is
defanged with any slashes or backslashes after its colon, or none (``https[:]/evil[.]com``:
a browser opens ``https:/evil.com`` as ``https://evil.com``), a scheme's colon and slashes
may be any that read as them (``https：//``, ``https:／／``: ``_lookalikes``), an IPv4
address is a host (``10[.]0[.]0[.]1:8080/x``), and so is the host behind an ``@`` with a
path, port or query after it (``wtg.example@evil[.]com/reset``: a page of ``evil.com``'s
dressed as the host's site). An e-mail address stays as written: a
player may give his own to another, and its host is not taken for a web address
(docs/mail.md, "Press"). What an answer of the host's quotes back of anyone's words (a
command refused, a question) is defanged so too (``quoted_back``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from publicsuffixlist import PublicSuffixList

from wtg.core.printable import marked

DOTS = ".\u3002\uff0e\uff61"
"""A host name's dots: the full stop, and the ideographic and full-width ones that IDNA
reads as one (``evil。com``)."""
_DOT = re.compile(f"(?<![{DOTS}])[{DOTS}](?![{DOTS}])")
"""A dot of a host's, alone: a run of them is no host's, but the ``...`` of words cut short
(``http://wtg-login.example...``, which read ``example[.][.][.]``)."""
_ADDRESS_GOES_ON = re.compile(r"[/#]|\?\w|:\d")
"""What may follow a host in a web address, and never a sentence: a path, a query, a
fragment, a port (``end.Next/login``, ``evil.Bank:8080``)."""
SENTENCE_WORDS = frozenset(
    [
        "am",
        "as",
        "at",
        "be",
        "by",
        "do",
        "here",
        "how",
        "in",
        "is",
        "it",
        "me",
        "my",
        "next",
        "no",
        "now",
        "so",
        "to",
        "today",
        "us",
        "you",
        "wow",
    ]
)
"""The top-level domains (each one of the Public Suffix List) that are words an English
sentence begins with after a full stop: pronouns, little words of grammar, of time and of
answer (``Next turn``, ``So be it``, ``It is``, ``No.``). A sentence run on without its
blank into one of them is prose; one run on into another word that is a top-level domain
(``won.Game over``: ``game``) is mailed defanged, as a client that makes links of host
names reads it. Nouns and verbs (``support``, ``bank``, ``help``, ``live``, ``shop``) are
the top-level domains that phishers buy, and none is here."""


COUNTRY_WORDS = frozenset(word for word in SENTENCE_WORDS if len(word) == 2)
"""The ``SENTENCE_WORDS`` that are a country's top-level domain (the two-letter ones: ``me``
Montenegro, ``so`` Somalia, ``it`` Italy, ``us``, ``is``, ``to``...): sold to anyone, for
little, and the ones brands and phishers use (``paypal.me``, ``zoom.us``, ``notion.so``). A
host that ends in one is a web address however it is written (``phish.Me``,
``paypal-login.So``, ``secure-bank.It``), and a sentence run on into one goes with its
brackets (``attack[.]So be it``): nothing in the words tells ``phish.Me`` from ``win.It``,
and a false alarm costs two brackets where a gap costs a player's code. The others
(``Next``, ``Now``, ``Today``) are prose after a word that ends a sentence."""


def unlinked(text: str) -> str:
    """``text`` with each web address in it defanged (``http[:]//evil[.]example/x``,
    ``www[.]evil[.]example``, ``evil-login[.]com``); the rest as written. A text without
    a colon or a dot (``DOTS``) holds none: an answer quotes each order line of a form
    back (``quoted_back``), and most hold neither. A text not all ASCII is read whole: its
    colons and slashes may be of those that read as ``:`` and ``/`` (``_lookalikes``). The
    dot is looked for as a character first: ``_DOT``'s look behind is tried at every place
    of a text, and ``_links`` only where an address may be (``_ascii_may_link``)."""
    if text.isascii() and not _ascii_may_link(text):
        return text
    return _links(not text.isascii()).sub(_defanged, text)


_SLASHED = re.compile(r":[/\\]{2}")
"""A colon and two slashes or backslashes after it: what the address of any scheme holds
in ASCII (``_links``'s ``scheme``)."""


def _ascii_may_link(text: str) -> bool:
    """Whether an ASCII ``text`` may hold a web address as ``_links`` finds one: a dot alone
    (``_DOT``: a host's, ``www.``'s, the host behind an ``@``), a colon and two slashes (a
    scheme's), or a web scheme's name in any case beside a colon (``https:evil.com``, which
    one slash or none may follow: ``_WEB_SCHEMES``). Each is looked for as a string first:
    ``_links`` tries its kinds of address at every place of a text, and a confirmation's
    order lines all hold colons (``line 5: ok A1: 29 19 061``) and most none of these."""
    if "." in text and _DOT.search(text):
        return True
    if ":" not in text:
        return False
    lowered = text.lower()
    return "http" in lowered or "ftp" in lowered or _SLASHED.search(text) is not None


def _defanged(found: re.Match[str]) -> str:
    if found.group("www") is not None:
        return _DOT.sub("[.]", found.group("www"))
    if found.group("scheme") is not None:
        slashes, authority = found.group("slashes"), found.group("authority")
        return f"{found.group('scheme')}[:]{slashes}{_DOT.sub('[.]', authority)}"
    if found.group("web") is not None:
        slashes, authority = found.group("webslashes"), found.group("webauthority")
        return f"{found.group('web')}[:]{slashes}{_DOT.sub('[.]', authority)}"
    if found.group("behind") is not None:
        return _DOT.sub("[.]", found.group("behind"))
    return found.group("marks") + _host_defanged(found)


def _host_defanged(found: re.Match[str]) -> str:
    host = found.group("host")
    labels = _DOT.split(host)
    if _WWW.search(labels[0]) or _ipv4(labels):
        return _DOT.sub("[.]", host)
    top = _folded(labels[-1])
    if not _top_level(top):
        return host
    goes_on = _ADDRESS_GOES_ON.match(found.string, found.end()) is not None
    run_on = all(map(_begins_sentence, labels[1:])) and all(map(_ends_sentence, labels[:-1]))
    if not goes_on and run_on and top not in COUNTRY_WORDS:
        return host  # ``the end.Next turn``, ``evil.Now``: sentences run together
    return _DOT.sub("[.]", host)


def _ipv4(labels: list[str]) -> bool:
    """Whether a host's ``labels`` are an IPv4 address's four numbers, each 0 to 255
    (``10.0.0.1``; not ``3.14``, ``1.2.3``, ``300.1.2.3``): a phone's mail client makes a
    link of one as of a host's name (Android's web addresses hold them)."""
    return len(labels) == 4 and all(
        label.isdigit() and len(label) <= 3 and int(label) <= 255 for label in labels
    )


def _begins_sentence(label: str) -> bool:
    """Whether ``label`` is one of ``SENTENCE_WORDS`` written as a sentence's first word:
    a capital, then small letters (``Next``, ``No``; not ``NEXT``, ``next``, ``Com``)."""
    written = label[0].isupper() and label[1:].isalpha() and label[1:].islower()
    return written and label.lower() in SENTENCE_WORDS


def _ends_sentence(label: str) -> bool:
    """Whether ``label``, before a stop, reads as the last word of a sentence rather than a
    name's: a word in small letters (``end``, ``evil``), a number (``turn 3``), or one of
    ``SENTENCE_WORDS`` written as a sentence's first word, a sentence of one word
    (``No.Now``). A word begun with a capital (``Paypal``, ``Evil``, ``Bob``, ``NATO``) or of
    a script without capitals (``邪恶``) is a brand's or a host's as much as a name's; a word
    of two joined by a hyphen (``paypal-login``, ``secure-bank``, ``re-attack``) is a
    host's as the phishers write theirs (``account-verify.Today``)."""
    small = label.isalpha() and label.islower()
    return small or label.isdigit() or _begins_sentence(label)


def _folded(label: str) -> str:
    """``label`` as IDNA reads it, to look it up: full-width letters as the plain ones,
    capitals of any script small (``ＣＯＭ``, ``РФ``, ``ΕΛ``: ``com``, ``рф``, ``ελ``)."""
    return unicodedata.normalize("NFKC", label).lower()


def _top_level(label: str) -> bool:
    """Whether ``label`` (folded) is a top-level domain the Public Suffix List knows:
    ``com``, ``io``, ``world``, ``рф``, ``中国``; not ``tolkien``, nor a number."""
    if len(label) < 2 or label.isdigit():
        return False
    return _suffixes().publicsuffix(label, accept_unknown=False) is not None


@cache
def _links(marked: bool) -> re.Pattern[str]:
    """The web addresses and host names in a text. A host name's labels are letters and
    digits of any script with the marks some write their letters with (``भारत``: its vowel
    signs), and hyphens inside. A host begins a word, and marks that stand before it
    without a letter are taken with it (a vowel sign typed before ``evil.com``): a search
    begun after each mark inside a word took the square of the word's length. The marks
    (``_marks``) only for a text that is not ASCII (``marked``), which alone may hold one:
    a process whose press is all ASCII never scans the plane for them."""
    marks = _marks() if marked else ""
    some = f"[{marks}]*" if marks else ""
    label = rf"[^\W_]{some}(?:[\w{marks}-]*[^\W_]{some})?"
    host = rf"{label}(?:[{DOTS}]{label})+"
    colon, slash = _lookalikes() if marked else (":", r"/\\")
    letter = r"^\W_" if marked else "a-z0-9"  # a scheme in full-width letters too
    ends = rf"""[^\s/\\{slash}?#<>"'()\[\]]"""
    return re.compile(
        rf"""
          (?P<scheme>(?<![{letter}+.-])[{letter}+.-]+)[{colon}]
          (?P<slashes>[{slash}]{{2,}})(?P<authority>{ends}*)
        | (?P<web>(?<![{letter}+.-])(?:{_WEB_SCHEMES}))[{colon}]
          (?P<webslashes>[{slash}]*)(?P<webauthority>{ends}+)
        | (?<=@)(?P<behind>{host})(?=[/#]|\?\w|:\d)
        | (?<![\w{marks}.@/-])(?P<marks>{some})(?P<host>{host})(?![\w{marks}@-])
        | (?<![^\W_]){_NOT_MAILED}(?P<www>www[{DOTS}]{label}(?:[{DOTS}]{label})*)
          (?![\w{marks}@-])
        """,
        re.IGNORECASE | re.VERBOSE,
    )


_WEB_SCHEMES = "https?|ftps?"
"""The schemes a browser opens a web address of with one slash, none, three or
backslashes after the colon (``https:/evil.com``, ``https:evil.com``, ``http:\\evil.com``
all open ``https://evil.com`` or ``http://evil.com``), each defanged with any."""


@cache
def _lookalikes() -> tuple[str, str]:
    """The characters that read as a colon, and those that read as a slash or a backslash,
    as two classes of a regular expression: the ASCII ones, those that NFKC makes them
    (``：`` full-width, ``﹕`` small, ``／``) and those Unicode's confusables list as reading
    like them (``꞉``, ``∶``, ``⁄``, ``∕``, ``＼``), from its own data as the
    ``confusable_homoglyphs`` library ships it. A scheme written with them
    (``https：//evil.com``) reads as a link to a player, and a client that reads the text
    as IDNA reads a host (``evil.com``)."""
    # deferred: the confusables table is large; only a press not all ASCII needs it
    from confusable_homoglyphs.confusables import confusables_data

    def like(plain: str) -> str:
        found = {plain}
        found |= {
            chr(p) for p in range(0x80, 0x10000) if unicodedata.normalize("NFKC", chr(p)) == plain
        }
        for homoglyph in confusables_data.get(plain, []):
            shown = homoglyph["c"].strip("\u200e\u200f")
            if len(shown) == 1:
                found.add(shown)
        return "".join(re.escape(char) for char in sorted(found))

    return like(":"), like("/") + like("\\")


_WWW = re.compile(r"(?:^|[-_])www$", re.IGNORECASE)
"""A host's first label that ends in a ``www`` a client links from: the whole label, or
one after a hyphen or an underscore (``a-www.evil.example``: Gmail links
``www.evil.example``)."""
_NOT_MAILED = r"(?<![\w.!#$%&'*+/=?^`{|}~-]@)"
"""Not a mail's domain: no character of an address's local part and its ``@`` before it
(``ann@www.players.example`` is an e-mail address, and stays as written; ``@www.evil.example``
after a blank is none)."""


def _marks() -> str:
    """The combining marks of the Basic Multilingual Plane, where the scripts of the
    top-level domains are, as ranges of a regular expression's class."""
    ranges: list[tuple[int, int]] = []
    for point in range(0x10000):
        if unicodedata.category(chr(point)).startswith("M"):
            if ranges and ranges[-1][1] == point - 1:
                ranges[-1] = (ranges[-1][0], point)
            else:
                ranges.append((point, point))
    return "".join(f"{chr(a)}-{chr(b)}" for a, b in ranges)


@cache
def _suffixes() -> PublicSuffixList:
    """The Public Suffix List the package ships, read once a process."""
    return PublicSuffixList()


def quoted_back(text: str) -> str:
    """Words anyone may have typed as an answer quotes them to its mail's From, which anyone
    may forge: on one line and inert (``marked``), each web address defanged (``unlinked``:
    ``http[:]//wtg-login[.]example``). A refusal quoted a stranger's ``STATUS
    http://wtg-login.example/reset`` to another person, a link in a mail from the host's
    own address."""
    return unlinked(marked(text))


LINKS_SAID = (
    "Web addresses in the lines quoted are written with [.] and [:] (wtg-login[.]example) "
    "so that no mail client makes them links: the mail's writer typed them, not the host, "
    "which asks for your secret code on no web page."
)
"""What an answer says under the lines it quotes when ``quoted_back`` defanged an address in
one, as the writer's copy of a press says it (``templates/press_links.txt.j2``): a player
who finds ``www[.]`` in his own line knows why, and one whose code a thief used, that the
address is none of the host's."""


def links_said(texts: Iterable[str]) -> list[str]:
    """``[LINKS_SAID]`` when ``quoted_back`` defangs a web address in one of ``texts``, else
    an empty list: a note for an answer's notes."""
    return [LINKS_SAID] if any(unlinked(text) != text for text in map(marked, texts)) else []
