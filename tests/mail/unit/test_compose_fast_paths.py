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
from wtg.game.report import player_environment
from wtg.game.textcolumn import column_lines, text_width
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.compose import POLICY
from wtg.rules.wok.view import ProvinceRow


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
    plain addresses (taken as they are) and any other text (read by parseaddr); a text it
    finds none in is its own key (``wtg.text.addresses``), never the ``""`` of another."""
    address = ".".join(local) + "@" + ".".join(domain)
    value = address if name is None else f"{' '.join(name)} <{address}>"
    value = value[:where] + odd + value[where:]
    found = email.utils.parseaddr(value)[1] or value.strip()
    assert compose.address_key(value) == found.lower()


def _one_line(size: int) -> st.SearchStrategy[str]:
    return st.text(st.characters(blacklist_characters="\n"), max_size=size)


_ROW_FIELD_BY_FIELD = (
    '{{ "%4d" | format(p.id) }} {{ name }} {{ "%4d" | format(p.pop) }}'
    ' {{ "%3d" | format(p.wok) }} {{ "%3d" | format(p.arm) }} {{ "%5s" | format(p.lev) }}'
    '  {{ "%3s" | format(p.dfn) }}  {{ "%3d" | format(p.mis) }} {{ "%3d" | format(p.spy) }}'
    " {{ p.aim }}"
)
"""A forecast's province row one format a value (as the report's table: a place after LEV
and DEF for its TOTAL row's average marks), ``name`` the first line of its name in its
column."""


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.builds(
            ProvinceRow,
            id=st.integers(0, 99999),
            name=_one_line(20),
            owner=st.integers(0, 20),
            pop=st.integers(-9999, 99999),
            wok=st.integers(0, 9999),
            arm=st.integers(0, 9999),
            lev=_one_line(4),
            dfn=_one_line(4),
            mis=st.integers(0, 9999),
            spy=st.integers(0, 9999),
            aim=_one_line(4),
        ),
        max_size=4,
    )
)
def test_a_forecasts_province_rows_are_those_of_a_format_a_value(rows: list[ProvinceRow]) -> None:
    """The forecast writes a province's row with one format: the same text as one a value."""
    forecast = {"provinces": rows, "eff": 100, "tech": 0, "gold": 0, "later": [], "skipped": []}
    text = compose.forecast_template("wok4").render(forecast=forecast, ruleset="wok4")
    row = player_environment().from_string(_ROW_FIELD_BY_FIELD)
    width = max(14, min(27, max((text_width(p.name) for p in rows), default=0)))
    expected = []
    for p in rows:
        first, *more = column_lines(p.name, width)
        expected += [row.render(p=p, name=first), *(f"     {piece}" for piece in more)]
    lines = text.split("\n")
    heading = f"  ID {'NAME':<{width}}  POP WOK ARM   LEV  DEF  MIS SPY AIM"
    start = lines.index(heading) + 1
    assert lines[start : start + len(expected)] == expected
