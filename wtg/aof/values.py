"""Reading and writing the value of one field: numbers of a few digits, or codes.

Every number a player writes is read by :func:`read_number`: ASCII digits only (``str.isdigit``
also takes ``¹`` and ``٣``, which ``int()`` refuses or reads), and never more digits than
asked for, so no text reaches ``int()`` that it cannot read at once."""

from __future__ import annotations

import re

from wtg.core.form import FieldSpec
from wtg.core.orders import FieldValue
from wtg.core.plurals import counted

Value = FieldValue
"""A field value in an order: a number, the NAME of a code, yes/no for a flag, a word, or
an (x, y) tile (``wtg.core.orders.FieldValue``)."""

Reading = tuple[Value | None, str]
"""``(value, "")``, or ``(None, reason)`` when the value cannot be read."""

COORD = re.compile(r"([0-9]+)\s*[/.:xX]\s*([0-9]+)")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
ARROW = re.compile(r"(?:->|=>|[>_-])+")
SHOWN = 24
YES_WORDS = {"1", "Y", "YES", "X", "TRUE", "J", "JA", "OUI", "SI"}
NO_WORDS = {"0", "N", "NO", "FALSE", "NEIN", "NON"}


DIGITS = "[0-9]+"
"""What ``read_number`` reads, as a pattern (ASCII digits, one or more): the AOF Sender's
page checks numbers with it (``wtg.site.formdata``)."""


def read_number(text: str, max_digits: int) -> int | None:
    """The whole number written in ``text`` as ASCII digits (spaces around it allowed, leading
    zeros not counted), or None when it is anything else or has more than ``max_digits``."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):  # ASCII digits: 0-9 only, one or more
        return None
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= max_digits else None


def normalise_code(text: str) -> str:
    """``pop->arm``, ``POP>ARM``, ``pop_arm`` all become ``POP-ARM``.

    Split, not one substitution with spaces around the arrow: that pattern backtracks over
    every run of spaces from every start in it, which is quadratic in the run's length."""
    return "-".join(part.strip() for part in ARROW.split(text.strip())).upper()


def code_name(name: str) -> str:
    """A code as the forms write it for the player: a transformation's arrow, ``POP->WOK``
    (the name an order keeps, ``POP-WOK``, is what ``normalise_code`` makes of it)."""
    return name.replace("-", "->")


def code_list(spec: FieldSpec) -> str:
    """``1 = POP->WOK, 2 = POP->ARM, 3 = WOK->POP``: the codes as the form writes them."""
    codes = spec.codes or {}
    return ", ".join(f"{number} = {code_name(name)}" for number, name in sorted(codes.items()))


def shown(text: str) -> str:
    """A player's text quoted in a reason, cut short when it is long."""
    cut = text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."
    return f'"{cut}"'


def shown_value(value: object) -> str:
    """A value of a player's order file in a reason: its repr, cut short when it is long."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def read_token(spec: FieldSpec, token: str, label: str | None = None) -> Reading:
    """The value written in a form blank: ``(value, "")`` or ``(None, reason)``."""
    label = label or spec.title
    if spec.flag:
        return _read_flag(token, label)
    if spec.coord:
        return _read_coord(spec, token, label)
    if spec.word:
        return _read_word(spec, token, label)
    number = read_number(token, spec.width)
    if spec.codes is not None:
        return _read_code(spec, token, number, label)
    if number is not None:
        return number, ""
    return None, f"{label} must be a number of at most {spec.width} digits, found {shown(token)}"


def _read_flag(token: str, label: str) -> Reading:
    word = token.strip().upper()
    if word in YES_WORDS:
        return True, ""
    if word in NO_WORDS:
        return False, ""
    return None, f"{label} must be 1 (yes) or 0 (no), found {shown(token)}"


def _read_coord(spec: FieldSpec, token: str, label: str) -> Reading:
    match = COORD.fullmatch(token.strip())
    tile = [read_number(part, spec.width) for part in match.groups()] if match else []
    if len(tile) == 2 and tile[0] is not None and tile[1] is not None:
        return (tile[0], tile[1]), ""
    example = f"{3:0{spec.width}d}/{7:0{spec.width}d}"
    return None, f"{label} must be a tile as X/Y (e.g. {example}), found {shown(token)}"


def _read_word(spec: FieldSpec, token: str, label: str) -> Reading:
    word = token.strip()
    if WORD.fullmatch(word) and len(word) <= spec.width:
        return word.upper(), ""
    return None, (
        f"{label} must be a name or number of at most {spec.width} letters, digits or '-', "
        f"found {shown(token)}"
    )


def _read_code(spec: FieldSpec, token: str, number: int | None, label: str) -> Reading:
    codes = spec.codes or {}
    if number is not None and number in codes:
        return codes[number], ""
    wanted = normalise_code(token)
    if wanted in codes.values():
        return wanted, ""
    return None, f"{label} must be one of {code_list(spec)}, found {shown(token)}"


def check_value(spec: FieldSpec, value: object, label: str | None = None) -> Reading:
    """A value from an order file: an int in range, a code number or name, or a digit string."""
    label = label or spec.name
    if spec.flag:
        if isinstance(value, bool):
            return value, ""
        return _read_flag(str(value), label)
    if spec.coord and not isinstance(value, str):
        if isinstance(value, list | tuple):
            return _coord_value(spec, value, label)
        return None, f"{label} must be a tile [x, y], found {shown_value(value)}"
    if spec.word and isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        kind = "a code number or name" if spec.codes is not None else "a number"
        return None, f"{label} must be {kind}, found {shown_value(value)}"
    if isinstance(value, str):
        return read_token(spec, value.strip(), label)
    if spec.codes is not None:
        if value in spec.codes:
            return spec.codes[value], ""
        return None, f"{label} must be one of {code_list(spec)}, found {value}"
    if 0 <= value <= spec.limit:
        return value, ""
    return None, f"{label} must be a number from 0 to {spec.limit}, found {value}"


def _coord_value(spec: FieldSpec, value: list[object] | tuple[object, ...], label: str) -> Reading:
    numbers = [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
    if len(value) == 2 and len(numbers) == 2 and all(0 <= v <= spec.limit for v in numbers):
        return (numbers[0], numbers[1]), ""
    found = shown_value(list(value))
    return None, f"{label} must be a tile [x, y], each 0 to {spec.limit}, found {found}"


def render_value(spec: FieldSpec, value: Value) -> str:
    """The digits written in the field: zero-padded numbers, codes as their number, tiles as
    X/Y, words as they are."""
    if spec.coord:
        reading, reason = check_value(spec, value)
        if not isinstance(reading, tuple):
            raise ValueError(f"{spec.name}: {reason}")
        return f"{reading[0]:0{spec.width}d}/{reading[1]:0{spec.width}d}"
    if spec.word:
        reading, reason = check_value(spec, value)
        if not isinstance(reading, str):
            raise ValueError(f"{spec.name}: {reason}")
        return reading
    if spec.flag:
        if not isinstance(value, bool):
            raise ValueError(f"{spec.name}: a flag is true or false, not {value!r}")
        return "1" if value else "0"
    if spec.codes is not None and isinstance(value, str):
        numbers = [n for n, name in spec.codes.items() if name == normalise_code(value)]
        if not numbers:
            raise ValueError(f"{spec.name}: unknown code {value!r}")
        value = numbers[0]
    elif spec.codes is not None and value not in spec.codes:
        raise ValueError(f"{spec.name}: unknown code {value!r}")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= spec.limit:
        raise ValueError(f"{spec.name}: {value!r} does not fit in {counted(spec.width, 'digit')}")
    return f"{value:0{spec.width}d}"
