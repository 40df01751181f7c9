"""The order dict of accepted entries is built without reading each value a second time
when it is canonical already; whatever is not is still read (and refused) by
``check_value``, so the dict is the same as when every value was read again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wtg.aof.orderfile import _canonical, _taken_as_is, orders_from_entries, orders_to_yaml
from wtg.aof.parse import _read_fields
from wtg.aof.values import check_value, read_token
from wtg.core.form import FieldSpec, FormSpec, SectionSpec
from wtg.core.orders import FieldValue, RawEntry
from wtg.data.forms import read_form

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [read_form(path) for path in sorted((ROOT / "forms").glob("*.yaml"))]
ODD = FieldSpec("kind", "KIND", 2, codes={1: "POP--ARM", 2: "12", 12: "WOK", 3: "pop", 4: "A B"})
FIELDS = [f for form in SHIPPED for s in form.sections for f in s.fields] + [ODD]
CODE_NAMES = sorted({name for f in FIELDS for name in (f.codes or {}).values()})

VALUES = st.one_of(
    st.integers(min_value=-5, max_value=10**6),
    st.booleans(),
    st.sampled_from(CODE_NAMES),
    st.text(alphabet="0123456789POAWK-> _/", max_size=8),
    st.tuples(st.integers(0, 120), st.integers(0, 120)),
    st.none(),
)


@settings(max_examples=3000, deadline=None)
@given(spec=st.sampled_from(FIELDS), value=VALUES)
def test_a_value_taken_as_it_is_is_one_check_value_gives_back(spec: FieldSpec, value: Any) -> None:
    if _canonical(value, _taken_as_is(spec)):
        assert check_value(spec, value) == (value, "")
        assert type(check_value(spec, value)[0]) is type(value)


def _reread(form: FormSpec, player: int, turn: int, entries: list[RawEntry]) -> dict[str, Any]:
    """The order dict as it was built before: every value read again by ``check_value``,
    a tile kept as the tuple ``check_value`` gives (``orders_from_entries`` writes it as
    the list JSON and YAML write: ``_tiles_as_lists``)."""
    orders: dict[str, Any] = {"player": player, "turn": turn}
    for section in form.sections:
        mine = sorted((e for e in entries if e.section == section.key), key=lambda e: e.position)
        items: list[Any] = []
        for entry in mine:
            values: dict[str, Any] = {}
            for spec in section.fields:
                if spec.optional and entry.values.get(spec.name) is None:
                    continue
                value, reason = check_value(spec, entry.values.get(spec.name))
                if value is None:
                    raise ValueError(reason)
                values[spec.name] = value
            if section.listed:
                items.append([values[spec.name] for spec in section.fields])
            else:
                items.append(values[section.scalar] if section.scalar is not None else values)
        if section.single and len(items) > 1:
            raise ValueError("one order only")
        if items:
            orders[section.key] = items[0] if section.single else items
    return orders


def _tiles_as_lists(value: Any) -> Any:
    """``value`` with each tuple (a tile) a list, through dicts and lists."""
    if isinstance(value, dict):
        return {key: _tiles_as_lists(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_tiles_as_lists(item) for item in value]
    return value


@st.composite
def entry_sets(draw: st.DrawFn) -> tuple[FormSpec, list[RawEntry]]:
    form = draw(st.sampled_from(SHIPPED))
    entries = []
    for section in draw(st.lists(st.sampled_from(form.sections), max_size=12)):
        values = {spec.name: draw(VALUES) for spec in section.fields}
        entries.append(RawEntry(section.key, values, draw(st.integers(1, 9))))
    return form, entries


@settings(max_examples=1500, deadline=None)
@given(drawn=entry_sets())
def test_orders_from_entries_as_when_every_value_was_read_again(
    drawn: tuple[FormSpec, list[RawEntry]],
) -> None:
    form, entries = drawn
    try:
        before: dict[str, Any] | str = _reread(form, 3, 2, entries)
    except ValueError:
        before = "refused"
    try:
        after: dict[str, Any] | str = orders_from_entries(form, 3, 2, entries)
    except ValueError:
        after = "refused"
    assert after == _tiles_as_lists(before)
    assert repr(after) == repr(_tiles_as_lists(before))  # the same types too: True is no 1
    if isinstance(after, dict) and isinstance(before, dict):  # the same file as before
        assert orders_to_yaml(after) == orders_to_yaml(before)
        assert json.dumps(after) == json.dumps(before)


CODED = SectionSpec("convert", "C", "CONVERT", 2, (ODD, FieldSpec("amount", "UNITS", 2)))
FORM = FormSpec("odd", "ODD", "=== BEGIN AOF ===", "=== END AOF ===", "", (CODED,))


@pytest.mark.parametrize(
    ("written", "kept"),
    [
        ("WOK", "WOK"),
        (12, "WOK"),  # a code number: its name
        ("12", "WOK"),  # all digits: read as the code number 12, not as the name "12"
        ("POP--ARM", None),  # read again: "POP-ARM", no code of this field
        ("pop", None),  # read again: "POP", no code of this field
    ],
)
def test_code_values_are_read_as_before(written: FieldValue, kept: str | None) -> None:
    entries = [RawEntry("convert", {"kind": written, "amount": 5}, 1)]
    if kept is None:
        with pytest.raises(ValueError, match="convert #1: kind must be one of"):
            orders_from_entries(FORM, 1, 1, entries)
    else:
        orders = orders_from_entries(FORM, 1, 1, entries)
        assert orders["convert"] == [{"kind": kept, "amount": 5}]


@pytest.mark.parametrize("amount", [100, -1, True, "5x"])
def test_a_value_out_of_the_field_is_still_refused(amount: FieldValue) -> None:
    entries = [RawEntry("convert", {"kind": "WOK", "amount": amount}, 1)]
    with pytest.raises(ValueError, match="convert #1"):
        orders_from_entries(FORM, 1, 1, entries)


TOKENS = st.one_of(
    st.text(alphabet="0123456789", min_size=1, max_size=9),
    st.text(alphabet="0123456789١²xX/>-_ABPOW", min_size=1, max_size=6),
)


@settings(max_examples=3000, deadline=None)
@given(spec=st.sampled_from(FIELDS), token=TOKENS)
def test_a_blank_of_digits_is_read_as_read_token_reads_it(spec: FieldSpec, token: str) -> None:
    section = SectionSpec("one", "O", "ONE", 1, (spec,))
    values, reasons = _read_fields(section, [token])
    value, reason = read_token(spec, token)
    assert (values.get(spec.name), reasons) == (value, [reason] if reason else [])
