"""The mailbox an address delivers to, as the bounds of mail to strangers count it.

A forger who may not have the host mail one stranger's address more than a few codes a day
(``wtg.mail.incoming.strangercodes``) or an hour (``strangers``, ``PER_ADDRESS``) wrote the
victim's address anew in each forged From: ``vic+1@example.org``, ``vic+2@example.org``
(a sub-address: most servers deliver it to ``vic@``), or at Gmail ``v.ic@gmail.com``,
``vi.c@gmail.com`` (Gmail reads no dot of a name). Each was an address of its own, with its
own day of codes, and all of them landed in one mailbox. They are counted as one."""

from __future__ import annotations

from collections.abc import Collection

DOTLESS = frozenset(("gmail.com", "googlemail.com"))
"""Domains whose server reads no dot in a mailbox's name."""


def mailbox_of(address: str, dashed: Collection[str] = ()) -> str:
    """``address`` (lower-cased, bare) as the mailbox it delivers to: without the ``+tag``
    of its name, at a domain of ``dashed`` (``mail.dash_subaddress_domains``: a qmail host's)
    without its ``-tag`` too, and at a domain of ``DOTLESS`` without its dots (an address
    without ``@`` as it is). Ruling: a ``-`` is a sub-address only at the domains the GM
    lists. Hyphens are common in real names (``mary-jane@``), and ``mary-jane@`` folded into
    ``mary@`` would be one mailbox for two people: the late mail of a stranger's codes lists
    every request waiting at the mailbox with its code (``strangercodes.waiting_note``),
    so Mary-Jane would be mailed the codes of Mary's requests."""
    local, at, domain = address.rpartition("@")
    if not at:
        return address
    local = local.partition("+")[0] or local  # "+x@": a name of its own, no tag
    if domain in dashed:
        local = local.partition("-")[0] or local  # "-x@": the same
    if domain in DOTLESS:
        local = local.replace(".", "") or local
    return f"{local}{at}{domain}"
