"""The canonical order file: a dict of player, turn and one entry per form section.

Shape: ``{"player": 3, "turn": 1, "attack": [{"from": 12, "to": 13, "armies": 50}],
"trade": [100, 350], "ally": 3}``: a list of field dicts in field order for a normal
section, a list of bare values for a ``scalar`` section, a list of value lists for a
``listed`` section, the bare value for a ``single`` section; a section without orders is
absent. Coded fields hold the code name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import TypeGuard, TypeVar

from wtg.aof.values import Value, check_value, shown_value
from wtg.core.form import RESERVED_KEYS, FieldSpec, FormSpec, SectionSpec
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import RawEntry, Verdict
from wtg.text.yamlio import dump_yaml, load_untrusted_yaml

_TEXT_LIMIT = 80
NOT_A_MAPPING = "the order file must be a mapping of player, turn and order sections"
"""Why data that is no mapping is no order file (``entries_from_orders``'s problem)."""


def entries_from_orders(
    form: FormSpec, data: object
) -> tuple[list[RawEntry], list[Verdict], list[str]]:
    """Entries, rejected entries and fatal problems of an order dict (e.g. read from YAML).

    A fatal problem (not a mapping, player/turn missing or not integers, a key that
    is no section of the form) means the file must not be stored as it is.
    """
    if not isinstance(data, Mapping):
        return [], [], [NOT_A_MAPPING]
    problems = [p for p in (_integer_problem(data, key) for key in RESERVED_KEYS) if p]
    known = [s.key for s in form.sections]
    for key in data:
        if key not in RESERVED_KEYS and key not in known:
            problems.append(f"unknown section {shown_value(key)} (the form has {', '.join(known)})")
    entries: list[RawEntry] = []
    bad: list[Verdict] = []
    for section in form.sections:
        if section.key in data:
            good, rejected, trouble = read_section(section, data[section.key])
            entries += good
            bad += rejected
            problems += trouble
    return entries, bad, problems


def _integer_problem(data: Mapping[object, object], key: str) -> str:
    if key not in data:
        return f"the order file has no '{key}'"
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        return f"'{key}' must be an integer, found {shown_value(value)}"
    return ""


def read_section(
    section: SectionSpec, value: object
) -> tuple[list[RawEntry], list[Verdict], list[str]]:
    """Entries and rejected entries of one section's value in the order file."""
    items = _items(section, value)
    if items is None:
        return [], [], [f"'{section.key}' must be a list of orders, found {shown_value(value)}"]
    entries: list[RawEntry] = []
    bad: list[Verdict] = []
    for position, item in enumerate(items, start=1):
        values, reasons = _read_item(section, item)
        if position > section.lines:
            reasons.insert(0, f"the form has only {_lines(section)}")
        if reasons:
            entry = RawEntry(
                section=section.key,
                values=values,
                position=position,
                text=_item_text(section, item),
            )
            bad.append(Verdict(entry=entry, accepted=False, reason="; ".join(reasons)))
        else:
            entries.append(RawEntry(section=section.key, values=values, position=position))
    return entries, bad, []


def _lines(section: SectionSpec) -> str:
    plural = "" if section.lines == 1 else "s"
    return f"{section.lines} {section.key} line{plural}"


def _items(section: SectionSpec, value: object) -> list[object] | None:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return list(value)
    return [value] if section.single else None


def _read_item(section: SectionSpec, item: object) -> tuple[dict[str, Value], list[str]]:
    if section.scalar is not None and not isinstance(item, Mapping):
        item = {section.scalar: item}
    names = [f.name for f in section.fields]
    if section.listed and isinstance(item, list | tuple):
        if len(item) != len(names):
            return {}, [f"each {section.key} order is a list of {len(names)} values"]
        item = dict(zip(names, item, strict=True))
    if not isinstance(item, Mapping):
        return {}, [f"each {section.key} order must be a mapping of {', '.join(names)}"]
    values: dict[str, Value] = {}
    fields = ", ".join(names)
    strangers = [key for key in item if key not in names]
    reasons = [f"unknown field {shown_value(key)} (fields: {fields})" for key in strangers]
    for spec in section.fields:
        if spec.optional and item.get(spec.name) is None:
            continue
        if spec.name not in item:
            reasons.append(f"missing field '{spec.name}'")
            continue
        value, reason = check_value(spec, item[spec.name])
        if value is None:
            reasons.append(reason)
        else:
            values[spec.name] = value
    return values, reasons


def _item_text(section: SectionSpec, item: object) -> str:
    if isinstance(item, Mapping):
        inner = " ".join(f"{k}={v!r}" for k, v in item.items())
    else:
        inner = repr(item)
    text = f"{section.key.upper()} {inner}"
    return text if len(text) <= _TEXT_LIMIT else text[: _TEXT_LIMIT - 3] + "..."


def orders_from_entries(
    form: FormSpec, player: int, turn: int, entries: Sequence[RawEntry]
) -> JsonObject:
    """The canonical order dict of accepted entries: form order, then position order.

    Raises ValueError on an entry that does not fit the form (a programming error:
    entries should have been read by read_copy or entries_from_orders).
    """
    by_section: dict[str, list[RawEntry]] = {s.key: [] for s in form.sections}
    for entry in entries:
        mine = by_section.get(entry.section)
        if mine is None:
            strangers = {e.section for e in entries} - by_section.keys()
            raise ValueError(f"entries of unknown sections: {sorted(strangers)}")
        mine.append(entry)
    orders: JsonObject = {"player": player, "turn": turn}
    for section in form.sections:
        mine = by_section[section.key]
        if not mine:
            continue
        mine.sort(key=_POSITION)
        fields = _fields_of(section)
        items = [_canonical_item(section, fields, e) for e in mine]
        if section.single and len(items) > 1:
            raise ValueError(f"'{section.key}' takes one order, got {len(items)}")
        orders[section.key] = items[0] if section.single else items
    return orders


_POSITION = attrgetter("position")
"""An entry's position, read in C (a key function in Python costs a call an entry)."""


def _canonical_item(section: SectionSpec, fields: _FieldsAsIs, entry: RawEntry) -> Json:
    """An entry's order as the order file holds it; ``fields``: ``_fields_of(section)``. A
    tile (an entry's ``(x, y)``) is the list ``[x, y]``, as JSON and YAML write it."""
    values: JsonObject = {}
    given = entry.values
    for spec, as_is in fields:
        value = given.get(spec.name)
        if spec.optional and value is None:
            continue
        if _canonical(value, as_is):
            values[spec.name] = value
            continue
        read, reason = check_value(spec, value)
        if read is None:
            raise ValueError(f"{section.key} #{entry.position}: {reason}")
        values[spec.name] = _json_value(read)
    if section.listed:
        return [values[spec.name] for spec in section.fields]
    return values[section.scalar] if section.scalar is not None else values


def _json_value(value: Value) -> Json:
    """A field's value as JSON: a tile ``(x, y)`` as the list ``[x, y]``."""
    return [value[0], value[1]] if isinstance(value, tuple) else value


def _canonical(value: object, as_is: _AsIs) -> TypeGuard[int | str]:
    """Whether ``check_value`` would give ``value`` back as it is (``as_is``: its field's
    ``_taken_as_is``): a number in range, a yes/no of a flag, a code name it reads as
    itself. The parser's entries hold such values (read once from the player's text), so
    the common case needs no second reading; any other value is read by ``check_value``."""
    limit, flag, names = as_is
    kind = type(value)
    if kind is bool:
        return flag
    if isinstance(value, int):
        return kind is int and 0 <= value <= limit
    return kind is str and value in names


_AsIs = tuple[int, bool, frozenset[str]]
"""The values of a field ``check_value`` gives back as they are: the numbers 0 to the
first (-1: none, the field holds no plain number), yes/no when the second is true, the code
names in the third (``POP-ARM``; not ``POP--ARM``, which it reads as ``POP-ARM``, nor a
name all digits, which it may read as a code number)."""

_T = TypeVar("_T")
_M = TypeVar("_M")
_FieldsAsIs = tuple[tuple[FieldSpec, _AsIs], ...]
"""A section's fields, each with its ``_AsIs``."""
_AS_IS: dict[int, tuple[FieldSpec, _AsIs]] = {}
_FIELDS: dict[int, tuple[SectionSpec, _FieldsAsIs]] = {}
"""By the id of a field (a section), kept alive beside it so the id stays its own: its
``_AsIs`` (its fields each with its own)."""


def _kept(cache: dict[int, tuple[_T, _M]], thing: _T, make: Callable[[_T], _M]) -> _M:
    kept = cache.get(id(thing))
    if kept is None or kept[0] is not thing:
        if len(cache) > 1024:  # forms are few; a long-lived process must not grow this
            cache.clear()
        kept = cache[id(thing)] = (thing, make(thing))
    return kept[1]


def _taken_as_is(spec: FieldSpec) -> _AsIs:
    return _kept(_AS_IS, spec, _make_as_is)


def _make_as_is(spec: FieldSpec) -> _AsIs:
    plain = not (spec.flag or spec.coord or spec.word)
    limit = spec.limit if plain and spec.codes is None else -1
    codes = spec.codes if plain and spec.codes is not None else {}
    names = frozenset(name for name in codes.values() if check_value(spec, name) == (name, ""))
    return limit, spec.flag, names


def _fields_of(section: SectionSpec) -> _FieldsAsIs:
    return _kept(_FIELDS, section, _make_fields)


def _make_fields(section: SectionSpec) -> _FieldsAsIs:
    return tuple((spec, _taken_as_is(spec)) for spec in section.fields)


_PLAIN = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*")
_YAML_WORDS = frozenset(("Y", "N", "YES", "NO", "ON", "OFF", "TRUE", "FALSE", "NULL"))


def orders_to_yaml(orders: Mapping[str, Json]) -> str:
    """The order file text of a canonical order dict: one order a line, in flow style.

    Canonical dicts hold only whole numbers, yes/no and code names, so the text is
    written directly (PyYAML's emitter, pure Python, is the dearest step of an order
    file's write); anything
    else goes through PyYAML."""
    lines = []
    for key, value in orders.items():
        if isinstance(value, list):
            # a list of orders (dicts) is known by its first: no generator for it
            mapped = bool(value) and type(value[0]) is dict
            if not mapped and not any(_is_mapping(item) for item in value):
                lines.append(f"{key}: [{', '.join([_scalar(item) for item in value])}]")
                continue
            lines.append(f"{key}:")
            lines.extend([f"- {_flow(item)}" for item in value])
        else:
            lines.append(f"{key}: {_scalar(value)}")
    text = "\n".join(lines) + "\n"
    return text if "\0" not in text else dump_yaml(dict(orders))


def _is_mapping(item: object) -> TypeGuard[Mapping[object, object]]:
    return type(item) is dict or isinstance(item, Mapping)  # a dict without the ABC's test


def _flow(item: object) -> str:
    if type(item) is dict or _is_mapping(item):
        # a whole number (most values) is its own text, and a code name (most others) the
        # text _scalar gave it before: _scalar's type tests and regex run once a name
        pairs = [f"{k}: {v}" if type(v) is int else f"{k}: {_text_of(v)}" for k, v in item.items()]
        return "{" + ", ".join(pairs) + "}"
    return _scalar(item)


_TEXTS: dict[str, str] = {}
"""The text ``_scalar`` gives each string it was asked for (the few code names of the
forms, mostly)."""


def _text_of(value: object) -> str:
    """``_scalar(value)``, kept for a string."""
    if type(value) is not str:
        return _scalar(value)
    text = _TEXTS.get(value)
    if text is None:
        if len(_TEXTS) > 1024:  # a long-lived process must not grow this
            _TEXTS.clear()
        text = _TEXTS[value] = _scalar(value)
    return text


def _scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and _PLAIN.fullmatch(value) and value not in _YAML_WORDS:
        return value
    return json.dumps(value, ensure_ascii=False)  # a JSON scalar is a YAML scalar


def orders_from_yaml(text: str) -> tuple[JsonObject | None, list[str]]:
    """The dict in an order file's text, or None and the problems that stopped it.

    The text is a player's: read without aliases, with a bounded length and depth."""
    try:
        data = load_untrusted_yaml(text)
    except ValueError as exc:
        return None, [f"the order file is not valid YAML: {exc}"]
    if data is None:
        return None, ["the order file is empty"]
    if not isinstance(data, dict):
        return None, [f"the order file must be a mapping, found {type(data).__name__}"]
    return data, []
