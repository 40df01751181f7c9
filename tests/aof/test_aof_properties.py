"""Property tests: render/parse and order-file round trips, and a parser that never raises."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.aof.reading import read_aof
from wtg.aof.mailtext import mail_lines
from wtg.aof.orderfile import (
    entries_from_orders,
    orders_from_entries,
    orders_from_yaml,
    orders_to_yaml,
)
from wtg.aof.render import render_aof
from wtg.core.form import FieldSpec, SectionSpec
from wtg.core.orders import ParseOutcome, RawEntry
from wtg.data.forms import read_form

ROOT = Path(__file__).resolve().parents[2]
FORM = read_form(ROOT / "forms" / "wok4.yaml")
SETTINGS = settings(  # WTG_EXAMPLES=3000 for a longer search after a parser change
    max_examples=int(os.environ.get("WTG_EXAMPLES", "150")), deadline=None, database=None
)
NOISE = "_ 0123456789\n\r\t>#(),:.;-ABGLMSTXZabxz\u00a0\u200b\u2028"


def field_values(spec: FieldSpec) -> st.SearchStrategy[Any]:
    if spec.flag:
        return st.booleans()
    if spec.codes is not None:
        return st.sampled_from(sorted(spec.codes.values()))
    return st.integers(0, spec.limit)


def section_values(section: SectionSpec) -> st.SearchStrategy[Any]:
    if section.scalar is not None:
        item: st.SearchStrategy[Any] = field_values(section.fields[0])
    else:
        item = st.fixed_dictionaries({f.name: field_values(f) for f in section.fields})
    if section.single:
        return item
    return st.lists(item, min_size=1, max_size=section.lines)


@st.composite
def order_dicts(draw: st.DrawFn) -> dict[str, Any]:
    orders: dict[str, Any] = {"player": draw(st.integers(1, 99)), "turn": draw(st.integers(0, 999))}
    for section in FORM.sections:
        if draw(st.booleans()):
            orders[section.key] = draw(section_values(section))
    return orders


def header_of(orders: dict[str, Any]) -> dict[str, object]:
    return {"game": "demo", "turn": orders["turn"], "player": orders["player"], "code": "K7Q2"}


def scatter(text: str, data: st.DataObject) -> str:
    """Spread each section's filled lines over random line numbers, keeping their order."""
    lines = text.split("\n")
    for section in FORM.sections:
        slots = [i for i, line in enumerate(lines) if re.match(rf"{section.label}\d+:", line)]
        bodies = [lines[i].split(":", 1)[1] for i in slots]
        filled = [b for b in bodies if b.strip("_ ")]
        blank = [b for b in bodies if not b.strip("_ ")]
        chosen = sorted(data.draw(st.permutations(range(len(slots))))[: len(filled)])
        labels = data.draw(st.permutations(range(1, section.lines + 1)))
        fill, empty = iter(filled), iter(blank)
        for k, slot in enumerate(slots):
            body = next(fill) if k in chosen else next(empty)
            lines[slot] = f"{section.label}{labels[k]}:{body}"
    return "\n".join(lines)


@SETTINGS
@given(order_dicts(), st.data())
def test_rendered_orders_parse_back(orders: dict[str, Any], data: st.DataObject) -> None:
    text = render_aof(FORM, header_of(orders), orders, {"attacks": 3})
    text = scatter(text, data)
    outcome = read_aof(FORM, text)
    assert (outcome.problems, outcome.bad) == ([], [])
    assert outcome.header["turn"] == str(orders["turn"])
    assert outcome.header["player"] == str(orders["player"])
    built = orders_from_entries(FORM, orders["player"], orders["turn"], outcome.entries)
    assert built == orders
    entries, _, _ = entries_from_orders(FORM, orders)
    assert sorted(shape(e) for e in outcome.entries) == sorted(shape(e) for e in entries)


def shape(entry: RawEntry) -> tuple[str, int, list[tuple[str, Any]]]:
    return entry.section, entry.position, sorted(entry.values.items())


@SETTINGS
@given(order_dicts())
def test_order_dicts_round_trip(orders: dict[str, Any]) -> None:
    entries, bad, problems = entries_from_orders(FORM, orders)
    assert (bad, problems) == ([], [])
    assert orders_from_entries(FORM, orders["player"], orders["turn"], entries) == orders
    assert orders_from_yaml(orders_to_yaml(orders)) == (orders, [])


def check_outcome(outcome: ParseOutcome, text: str) -> None:
    count = len(re.split(r"\r\n|\r|\n", text))
    for verdict in outcome.bad:
        assert verdict.reason
        assert not verdict.accepted
        assert verdict.entry.line is not None and 1 <= verdict.entry.line <= count
    assert all(e.line is not None and 1 <= e.line <= count for e in outcome.entries)
    for section in FORM.sections:
        mine = [e for e in outcome.entries if e.section == section.key]
        mine += [v.entry for v in outcome.bad if v.entry.section == section.key]
        mine.sort(key=lambda e: e.line or 0)
        assert [e.position for e in mine] == list(range(1, len(mine) + 1))


@SETTINGS
@given(st.text())
def test_parse_never_raises_on_any_text(text: str) -> None:
    check_outcome(read_aof(FORM, text), text)


@SETTINGS
@given(st.text(alphabet=NOISE, max_size=400))
def test_parse_never_raises_on_form_like_noise(text: str) -> None:
    check_outcome(read_aof(FORM, text), text)


@SETTINGS
@given(order_dicts(), st.lists(st.tuples(st.integers(0), st.sampled_from(NOISE)), max_size=40))
def test_parse_never_raises_on_a_damaged_form(
    orders: dict[str, Any], damage: list[tuple[int, str]]
) -> None:
    chars = list(render_aof(FORM, header_of(orders), orders))
    for where, char in damage:
        chars[where % len(chars)] = char
    text = "".join(chars)
    check_outcome(read_aof(FORM, text), text)


_LINE_ENDS = re.compile(r"\r\n|\r|\n")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
MAIL_NOISE = " >\t\r\n\u00a0\u2000\u2028\u2029\u3000\x0b\x0c\x1c\x85\u200b\u00adA1:=_-BEGIN AOF"


def line_by_line(text: str) -> list[tuple[int, str]]:
    """What cleaning a mail means, one line at a time and plainly: every Unicode space a
    plain one, invisible characters gone, "> " quote prefixes and surrounding spaces off."""
    cleaned = []
    for number, raw in enumerate(_LINE_ENDS.split(text), start=1):
        spaced = "".join(" " if ch.isspace() else ch for ch in raw.translate(_INVISIBLE))
        cleaned.append((number, re.sub(r"^\s*(?:>\s*)+", "", spaced).strip()))
    return cleaned


@SETTINGS
@given(st.text(alphabet=MAIL_NOISE, max_size=120))
def test_the_whole_text_is_cleaned_as_line_by_line_would(text: str) -> None:
    """The parser cleans a mail in a few passes over the whole text (mails are long); the
    lines and their numbers are those the plain line-by-line cleaning gives."""
    assert [(line.number, line.text) for line in mail_lines(text)] == line_by_line(text)
