"""The name someone may have meant by one he mistyped (``GAME: g33`` for his game ``g3``):
the closest of the names given, by difflib's likeness, but for case."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

CUTOFF = 0.6
"""How alike a name must be to the one typed to be offered (difflib's ratio, 0 to 1)."""


def close_names(typed: str, names: Iterable[str]) -> list[str]:
    """The names closest to ``typed`` (but for case and the spaces around it), sorted; more
    than one only when they are as close as each other; none when none is close or
    ``typed`` is itself one of them."""
    wanted = typed.strip().casefold()
    known = sorted(set(names))
    if not wanted or any(name.casefold() == wanted for name in known):
        return []
    scored = [(difflib.SequenceMatcher(None, wanted, n.casefold()).ratio(), n) for n in known]
    top = max((ratio for ratio, _ in scored), default=0.0)
    return [name for ratio, name in scored if ratio == top] if top >= CUTOFF else []
