"""Two more things ``compose`` writes without the email package's machinery, held to it:
our own Message-ID too long for one line with its name (a maildir mail's key is long),
folded as the header registry folds it; and the address a recipient's rate limit is kept
under, as ``email.utils.parseaddr`` finds it."""

from __future__ import annotations

import email.utils
import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.mail.unit.test_compose_wire import _ATOMS, _both
from wtg.mail import compose
from wtg.mail.compose import POLICY


@settings(max_examples=400, deadline=None)
@given(
    ident=st.one_of(
        st.text(max_size=200),
        st.text(st.sampled_from(list("aZ09._-:/ ")), min_size=40, max_size=80),
    ),
    domain=st.one_of(
        st.from_regex(r"[A-Za-z0-9-]{1,12}(\.[A-Za-z0-9-]{1,12}){0,3}", fullmatch=True),
        st.from_regex(r"[A-Za-z0-9.-]{1,40}", fullmatch=True),
    ),
)
def test_our_own_message_id_of_any_length_folds_as_the_registry_folds_it(
    ident: str, domain: str
) -> None:
    """A Message-ID ``message`` makes, too long for one line with its name (a maildir
    mail's key is long), is written without the registry: the same bytes."""
    digest = hashlib.sha256(ident.encode()).hexdigest()[:16]
    value = f"<{compose.safe(ident)}.{digest}@{domain}>"
    header = POLICY.header_factory("Message-ID", value)
    assert POLICY.fold_binary("Message-ID", value) == header.fold(policy=POLICY).encode("ascii")
    fast, slow = _both("ann@players.example", ident=ident)
    assert fast == slow


@settings(max_examples=300, deadline=None)
@given(
    local=_ATOMS,
    domain=st.lists(st.from_regex(r"[A-Za-z0-9-]{1,8}", fullmatch=True), min_size=1, max_size=3),
    name=st.one_of(st.none(), _ATOMS),
    odd=st.sampled_from(["", " ", "<", ">", '"', "(x)", ",", ";", "..", "@", "\u00e9"]),
    where=st.integers(0, 40),
)
def test_the_address_of_a_recipient_is_the_one_parseaddr_finds(
    local: list[str], domain: list[str], name: list[str] | None, odd: str, where: int
) -> None:
    """``address_key`` (the rate limit's key) is ``parseaddr``'s address, lower-cased, for
    plain addresses (taken as they are) and any other text (read by parseaddr)."""
    address = ".".join(local) + "@" + ".".join(domain)
    value = address if name is None else f"{' '.join(name)} <{address}>"
    value = value[:where] + odd + value[where:]
    assert compose.address_key(value) == email.utils.parseaddr(value)[1].lower()
