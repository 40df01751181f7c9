"""An e-mail address as wtg compares and keys it: a seat's, a sender's, a bounce's, a
takeover's, a rate limit's tally. One function for every room, so that no two places read
``Ann <Ann@Example.org>`` as two mailboxes, or two different texts as one.

The rule (``bare_address``): the address alone, lower-cased, as ``email.utils.parseaddr``
finds it: a display name, a comment (``ann@example.org (Ann)``) and the angle brackets
around it dropped, the first of a list. A quoted local part stays quoted
(``"ann@example.org"@evil.example`` is a mailbox of ``evil.example``, never Ann's). A
domain is compared as written, in small letters: an internationalised one is not made
Punycode (the keys are kept: a game's ``bounces.json``, the lobby's book, the journal's
tallies), and a trailing dot (``ann@example.org.``, which SMTP refuses) is no part dropped.
A text ``parseaddr`` finds no address in (``<<ann@example.org>>``) is its own key, stripped
and lower-cased: before, it was ``""`` in some places, and two such texts compared as one
mailbox.

The mailbox an address delivers to (``mailbox_of``) is another key, for what one person
may do once: ``vic+1@example.org`` and ``vic+2@example.org`` (sub-addresses, which most
servers deliver to ``vic@``), or at Gmail ``v.ic@gmail.com``, land in one mailbox. The
bounds of mail to strangers count them as one (a forger wrote the victim's address anew in
each forged From, each with a day of codes of its own), and a game's seats compare them as
one (a seated player took a seat offered in his own game from ``vic+war@``, a quitter came
back to the game he left: attack46), its domain in IDNA, whichever way it was written (a
player took a second seat from ``dana@xn--bcher-kva.example`` while the game wrote his seat
``dana@bücher.example``: attack49).
"""

from __future__ import annotations

import email.utils
import re
from collections.abc import Collection, Iterable
from functools import lru_cache

_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_PLAIN = re.compile(rf"{_ATOM}(?:\.{_ATOM})*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
"""A bare ``local@domain`` of plain atoms, which ``parseaddr`` gives back as it is: most
players' addresses, read without its parser (a JOIN looks at every seat of every game
here, an answer's rate limit once a mail)."""


@lru_cache(maxsize=4096)
def bare_address(written: str) -> str:
    """``Ann <Ann@Example.org>`` as ``ann@example.org``: the address in ``written`` (with a
    name, a comment, in angle brackets, or alone), lower-cased; ``written`` itself,
    stripped and lower-cased, when no address is found in it (the module's rule)."""
    return address_in(written).lower()


_QUOTED = re.compile(rf'"({_ATOM}(?:\.{_ATOM})*)"(@.*)')
"""A local part quoted that needs no quotes (``"bob"@example.org``, ``"b\\ob"@...`` once
``parseaddr`` has read its escape): the mailbox ``bob@example.org``, which mail servers
deliver it to (RFC 5322, 3.4.1: a local part a dot-atom can write is written so)."""


def address_in(written: str) -> str:
    """The address in ``written`` as ``bare_address`` finds it, in the case it is written
    (to be shown or mailed to): ``Ann <Ann@Example.org>`` as ``Ann@Example.org``; a local
    part quoted for nothing without its quotes (``_QUOTED``: a sender who quoted his own
    address counted as another against the answers' limit an address has)."""
    text = written.strip()
    if _PLAIN.fullmatch(text):
        return text
    found = email.utils.parseaddr(text)[1] or text
    quoted = _QUOTED.fullmatch(found)
    return found if quoted is None else quoted[1] + quoted[2]


def ascii_domain(address: str) -> str:
    """``ann@bücher.example`` as SMTP without SMTPUTF8 carries it, its domain in IDNA
    (``ann@xn--bcher-kva.example``, as email-validator writes it); an address whose domain
    is ASCII (or that is none) as it is."""
    local, at, domain = address.rpartition("@")
    if not at or domain.isascii():
        return address
    # deferred: email_validator (and its DNS library): only an address given by hand is checked
    from email_validator import EmailNotValidError, validate_email

    try:
        found = validate_email(f"x@{domain}", check_deliverability=False).ascii_domain
    except EmailNotValidError:
        return address
    return f"{local}@{found}"


def idna_domain(domain: str) -> str:
    """``domain`` (lower-cased) in IDNA, as ``ascii_domain`` writes it (``bücher.example``
    as ``xn--bcher-kva.example``); an ASCII one, or one that is no domain, as it is."""
    if domain.isascii():
        return domain
    return ascii_domain(f"x@{domain}").rpartition("@")[2].lower()


def domain_forms(address: str) -> frozenset[str]:
    """``address`` (bare, lower-cased) and the one mailbox with its domain written the other
    way, in IDNA or in Unicode (``bob@bücher.example`` and ``bob@xn--bcher-kva.example``):
    game.yaml may write one and a mail's To the other. ``address`` alone when its domain is
    neither (plain ASCII, or no domain a mail could go to)."""
    local, at, domain = address.rpartition("@")
    if not at or (domain.isascii() and "xn--" not in domain):
        return frozenset((address,))
    from email_validator import EmailNotValidError, validate_email  # deferred, as above

    try:
        found = validate_email(f"x@{domain}", check_deliverability=False)
    except EmailNotValidError:
        return frozenset((address,))
    return frozenset((address, f"{local}@{found.ascii_domain}", f"{local}@{found.domain}"))


DOTLESS = frozenset(("gmail.com", "googlemail.com"))
"""Domains whose server reads no dot in a mailbox's name."""

SAME_DOMAIN = {"googlemail.com": "gmail.com"}
"""Domains whose mailboxes are another domain's: Gmail delivers ``ann@googlemail.com`` to
``ann@gmail.com``'s mailbox (attack47: a player waiting on a list from one JOINed it again
from the other under another name)."""


def mailbox_of(address: str, dashed: Collection[str] = ()) -> str:
    """``address`` (lower-cased, bare) as the mailbox it delivers to: without the ``+tag``
    of its name, at a domain of ``dashed`` (``mail.dash_subaddress_domains``: a qmail host's)
    without its ``-tag`` too, and at a domain of ``DOTLESS`` without its dots, the domain
    as ``SAME_DOMAIN`` names it, an internationalised one in IDNA (``ascii_domain``:
    ``bücher.example`` as ``xn--bcher-kva.example``, one domain that a GM's game.yaml may
    write one way and a player's client the other: attack49, a seated player took a second
    seat of his game from the other form); an address without ``@`` as it is. Ruling: a
    ``-`` is a sub-address only at the domains the GM lists. Hyphens are common in real
    names (``mary-jane@``), and ``mary-jane@`` folded into ``mary@`` would be one mailbox for
    two people: the late mail of a stranger's codes lists every request waiting at the
    mailbox with its code (``strangercodes.waiting_note``), so Mary-Jane would be mailed the
    codes of Mary's requests."""
    local, at, domain = address.rpartition("@")
    if not at:
        return address
    domain = idna_domain(domain)  # bücher.example is xn--bcher-kva.example's (attack49)
    local = local.partition("+")[0] or local  # "+x@": a name of its own, no tag
    if domain in dashed:  # the config keeps its domains in IDNA
        local = local.partition("-")[0] or local  # "-x@": the same
    if domain in DOTLESS:
        local = local.replace(".", "") or local
    return f"{local}{at}{SAME_DOMAIN.get(domain, domain)}"


def from_mailbox(home: str, found: Iterable[str | None], dashed: Collection[str] = ()) -> bool:
    """Whether an address of ``found`` (a mail's answer address, its From: None or "" where
    it has none) delivers to the mailbox of ``home`` (a seat's address, as game.yaml writes
    it): each read by ``bare_address``, then folded by ``mailbox_of`` with ``dashed``. The
    one test of a mail from a player's own mailbox: his ``+tag`` is his, so a code he mails
    from it is no code known elsewhere, and proves the mail his."""
    mailbox = mailbox_of(bare_address(home), dashed)
    return any(mailbox_of(bare_address(a), dashed) == mailbox for a in found if a)
