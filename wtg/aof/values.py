"""Reading and writing the value of one field: numbers of a few digits, or codes."""

from __future__ import annotations

import re

from wtg.aof.form import FieldSpec

Value = int | str | bool | tuple[int, int]
"""A field value in an order: a number, the NAME of a code, yes/no for a flag, a word, or
an (x, y) tile."""

Reading = tuple[Value | None, str]
"""``(value, "")``, or ``(None, reason)`` when the value cannot be read."""

_DIGITS = re.compile(r"[0-9]+")
_COORD = re.compile(r"([0-9]+)\s*[/.:xX]\s*([0-9]+)")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
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
    if spec.coord:
        return _read_coord(spec, token, label)
    if spec.word:
        return _read_word(spec, token, label)
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


def _read_coord(spec: FieldSpec, token: str, label: str) -> Reading:
    match = _COORD.fullmatch(token.strip())
    if match and all(len(part.lstrip("0") or "0") <= spec.width for part in match.groups()):
        return (int(match[1]), int(match[2])), ""
    example = f"{3:0{spec.width}d}/{7:0{spec.width}d}"
    return None, f"{label} must be a tile as X/Y (e.g. {example}), found {shown(token)}"


def _read_word(spec: FieldSpec, token: str, label: str) -> Reading:
    word = token.strip()
    if _WORD.fullmatch(word) and len(word) <= spec.width:
        return word.upper(), ""
    return None, (
        f"{label} must be a name or number of at most {spec.width} letters, digits or '-', "
        f"found {shown(token)}"
    )


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
    if spec.coord and not isinstance(value, str):
        if isinstance(value, list | tuple):
            return _coord_value(spec, value, label)
        return None, f"{label} must be a tile [x, y], found {value!r}"
    if spec.word and isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
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


def _coord_value(spec: FieldSpec, value: list[object] | tuple[object, ...], label: str) -> Reading:
    numbers = [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
    if len(value) == 2 and len(numbers) == 2 and all(0 <= v <= spec.limit for v in numbers):
        return (numbers[0], numbers[1]), ""
    return None, f"{label} must be a tile [x, y], each 0 to {spec.limit}, found {list(value)!r}"


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
        raise ValueError(f"{spec.name}: {value!r} does not fit in {spec.width} digit(s)")
    return f"{value:0{spec.width}d}"
