"""Every room compares an e-mail address by one function (``wtg.text.addresses``): a
seat's, a sender's, a bounce's, a takeover's, a rate limit's key. Before, a bounce's key
was ``parseaddr``'s address or ``""``, a takeover's record the text itself when none was
found, a JOIN's its own fast path: two texts no parser reads were one mailbox to some and
two to others. Hostile forms, each a row."""

from __future__ import annotations

import pytest

from wtg.game.takeoverfinish import same_address
from wtg.mail.outgoing.compose import address_key
from wtg.text.addresses import address_in, bare_address


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("ann@example.org", "ann@example.org"),
        ("Ann <Ann@Example.org>", "ann@example.org"),
        ("<Ann@Example.org>", "ann@example.org"),
        ("  ann@example.org \n", "ann@example.org"),
        ("ann@example.org (Ann, the GM's friend)", "ann@example.org"),
        ("(the GM) ann@example.org", "ann@example.org"),
        ('"Ann <mallory@evil.example>" <ann@example.org>', "ann@example.org"),
        ("Mallory <mallory@evil.example> <ann@example.org>", "mallory@evil.example"),
        ('"a@b"@c', '"a@b"@c'),
        ('"bob"@example.org', "bob@example.org"),
        ('"b\\ob"@Example.org', "bob@example.org"),
        ('Bob <"b.o.b"@example.org>', "b.o.b@example.org"),
        ('"bob smith"@example.org', '"bob smith"@example.org'),
        ('"ann@example.org"@evil.example', '"ann@example.org"@evil.example'),
        ("ann@example.org.", "ann@example.org."),
        ("Ann@Ex\u00e4mple.ORG", "ann@ex\u00e4mple.org"),
        ("ann@xn--exmple-cua.org", "ann@xn--exmple-cua.org"),
        ("<<ann@example.org>>", "<<ann@example.org>>"),
        ("", ""),
    ],
)
def test_an_address_is_keyed_one_way(written: str, key: str) -> None:
    """The address alone, lower-cased: a name, a comment, angle brackets dropped; a quoted
    local part kept (``"ann@example.org"@evil.example`` is evil.example's mailbox), but
    its quotes dropped where they quote a plain local part (``"bob"@example.org`` is
    bob@example.org's: review37b, a sender quoting his address counted as another against
    the answers' limit of an address, each form its own tally); a
    trailing dot and an internationalised domain as written; a text without an address its
    own key. The rate limit's key is the same."""
    assert bare_address(written) == key
    assert address_key(written) == key
    assert address_in(written).lower() == key


def test_a_quoted_local_part_is_no_one_else_s_mailbox() -> None:
    assert not same_address('"ann@example.org"@evil.example', "ann@example.org")
    assert bare_address('"ann@example.org"@evil.example').rpartition("@")[2] == "evil.example"


def test_two_texts_without_an_address_are_not_one_mailbox() -> None:
    """``<<ann@example.org>>`` and ``<<bob@example.org>>`` (no address ``parseaddr`` reads)
    were both ``""`` to a takeover's check and a bounce's key: one mailbox."""
    assert not same_address("<<ann@example.org>>", "<<bob@example.org>>")
    assert same_address("Ann <ANN@example.org>", "ann@example.org (Ann)")
    assert address_in("Ann <Ann@Example.org>") == "Ann@Example.org"  # as written, to mail
