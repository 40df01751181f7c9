"""JSON data as it crosses the seams between the engine and the rules: state files, events,
order files and the public view of a state. Plain values, typed without ``Any``; the small
readers below narrow a value the rules read (an order file ``accept`` made, a state file
the rules wrote) to the type it has, and raise TypeError when it has another: data of
another shape than the rules wrote is a bug, not a player's slip."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias, TypeVar

Json: TypeAlias = dict[str, "Json"] | list["Json"] | str | int | float | bool | None
"""A JSON value as ``json.loads`` gives it (and ``json.dumps`` takes it)."""

JsonObject: TypeAlias = dict[str, Json]
"""A JSON object: a state file, an event, an order file."""

T = TypeVar("T")


def whole(value: Json) -> int:
    """``value``, a whole number (not a yes/no); TypeError when it is none."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, found {value!r}")
    return value


def word(value: Json) -> str:
    """``value``, a text (a code name, a kind); TypeError when it is none."""
    if not isinstance(value, str):
        raise TypeError(f"expected a text, found {value!r}")
    return value


def json_list(value: Json) -> list[Json]:
    """``value``, a list (None, a section left out, is an empty one); TypeError when it is
    anything else."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise TypeError(f"expected a list, found {value!r}")
    return value


def json_object(value: Json) -> JsonObject:
    """``value``, an object (one order's fields); TypeError when it is none."""
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, found {value!r}")
    return value


def number(value: Json) -> float:
    """``value``, a number, whole or not (a level written as 1.25, or 1); TypeError when it
    is none (a yes/no is none)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, found {value!r}")
    return value


def flag(value: Json) -> bool:
    """``value``, a yes/no; TypeError when it is none."""
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, found {value!r}")
    return value


def or_none(read: Callable[[Json], T], value: Json) -> T | None:
    """``value`` read by ``read``, or None where it is null (a turn not come yet, a field a
    ruleset leaves unset)."""
    return None if value is None else read(value)
