"""JSON data as it crosses the seams between the engine and the rules: state files, events,
order files and the public view of a state. Plain values, typed without ``Any``."""

from __future__ import annotations

from typing import TypeAlias

Json: TypeAlias = dict[str, "Json"] | list["Json"] | str | int | float | bool | None
"""A JSON value as ``json.loads`` gives it (and ``json.dumps`` takes it)."""

JsonObject: TypeAlias = dict[str, Json]
"""A JSON object: a state file, an event, an order file."""
