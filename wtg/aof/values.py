"""Reading and writing the value of one field: numbers of a few digits, or codes."""

from __future__ import annotations

import re

from wtg.aof.form import FieldSpec

Value = int | str | bool
"""A field value in an order: a number, the NAME of a code, or yes/no for a flag."""

Reading = tuple[Value | None, str]
"""``(value, "")``, or ``(None, reason)`` when the value cannot be read."""

_DIGITS = re.compile(r"[0-9]+")
_ARROW = re.compile(r"\s*(?:->|=>|[>_-])+\s*")
_SHOWN = 24
_YES = {"1", "Y", "YES", "X", "TRUE", "J", "JA", "OUI", "SI"}
_NO = {"0", "N", "NO", "FALSE", "NEIN", "NON"}


def normalise_code(text: str) -> str:
    """``pop->arm``, ``POP>ARM``, ``pop_arm`` all become ``POP-ARM``."""
    return _ARROW.sub("-", text.strip()).upper()


def code_list(spec: FieldSpec) -> str:
    """``1 = POP-WOK, 2 = POP-ARM, 3 = WOK-POP``."""
    codes = spec.codes or {}
    return ", ".join(f"{number} = {name}" for number, name in sorted(codes.items()))


def shown(text: str) -> str:
    """A player's text quoted in a reason, cut short when it is long."""
    cut = text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
    return f'"{cut}"'


def read_token(spec: FieldSpec, token: str, label: str | None = None) -> Reading:
    """The value written in a form blank: ``(value, "")`` or ``(None, reason)``."""
    label = label or spec.title
    if spec.flag:
        return _read_flag(token, label)
    significant = (token.lstrip("0") or "0") if _DIGITS.fullmatch(token) else ""
    if spec.codes is not None:
        return _read_code(spec, token, significant, label)
    if significant and len(significant) <= spec.width:
        return int(significant), ""
    return None, f"{label} must be a number of at most {spec.width} digits, found {shown(token)}"


def _read_flag(token: str, label: str) -> Reading:
    word = token.strip().upper()
    if word in _YES:
        return True, ""
    if word in _NO:
        return False, ""
    return None, f"{label} must be 1 (yes) or 0 (no), found {shown(token)}"


def _read_code(spec: FieldSpec, token: str, significant: str, label: str) -> Reading:
    codes = spec.codes or {}
    if significant and len(significant) <= spec.width and int(significant) in codes:
        return codes[int(significant)], ""
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
    if isinstance(value, bool) or not isinstance(value, int | str):
        kind = "a code number or name" if spec.codes is not None else "a number"
        return None, f"{label} must be {kind}, found {value!r}"
    if isinstance(value, str):
        return read_token(spec, value.strip(), label)
    if spec.codes is not None:
        if value in spec.codes:
            return spec.codes[value], ""
        return None, f"{label} must be one of {code_list(spec)}, found {value}"
    if 0 <= value <= spec.limit:
        return value, ""
    return None, f"{label} must be a number from 0 to {spec.limit}, found {value}"


def render_value(spec: FieldSpec, value: Value) -> str:
    """The digits written in the field: zero-padded numbers, codes as their number."""
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
        raise ValueError(f"{spec.name}: {value!r} does not fit in {spec.width} digit(s)")
    return f"{value:0{spec.width}d}"
