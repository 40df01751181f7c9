"""The usual From (an address, maybe after a name of plain words) is read by a pattern
(``wtg.mail.guards._PLAIN_ADDRESS``) rather than the email package's address parser: held
equal to the parser here, on addresses built of the characters that matter to either."""

from __future__ import annotations

import os
from email.utils import getaddresses

from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.mail import guards

SETTINGS = settings(
    max_examples=int(os.environ.get("WTG_EXAMPLES", "2000")), deadline=None, database=None
)
PIECES = st.sampled_from(
    [
        *["a", "Z", "0", "7", "ann", "t1p1", ".", "..", "@", "_", "+", "-", "=", "'", "é"],
        *[" ", "  ", "<", ">", '"', "(", ")", ",", ":", ";", "[", "]", "\\", "\t"],
    ]
)
WORD = st.text(alphabet="abcXYZ019_+-", min_size=1, max_size=5)


@st.composite
def addresses(draw: st.DrawFn) -> str:
    """An address as a From gives it: mostly a plain one, now and then with odd pieces."""
    local = ".".join(draw(st.lists(WORD, min_size=1, max_size=3)))
    domain = ".".join(draw(st.lists(WORD, min_size=1, max_size=3)))
    address = f"{local}@{domain}"
    if draw(st.booleans()):
        between = draw(st.sampled_from([" ", " ", " ", "  ", "\t", ".", " . "]))
        name = between.join(draw(st.lists(WORD, min_size=1, max_size=3)))
        address = f"{name} <{address}>"
    if draw(st.integers(0, 2)) == 0:
        at = draw(st.integers(0, len(address)))
        odd = "".join(draw(st.lists(PIECES, max_size=3)))
        address = address[:at] + odd + address[at + draw(st.integers(0, 2)) :]
    return address


@SETTINGS
@given(addresses() | st.lists(PIECES, max_size=12).map("".join))
def test_a_plain_from_is_read_as_the_address_parser_reads_it(value: str) -> None:
    read = guards._addresses.__wrapped__(value)
    assert read == tuple(getaddresses([value]))


def test_the_usual_froms_are_read_by_the_pattern() -> None:
    """The test above compares something: these never reach the parser."""
    for value in ["t1p1@players.example", "Cid Player <cid@example.org>", "a.b+c@x-y.z"]:
        assert guards._PLAIN_ADDRESS.fullmatch(value) is not None
