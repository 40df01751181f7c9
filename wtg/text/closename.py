"""The names someone may have meant by one he mistyped (``GAME: g33`` for his game ``g3``,
``wtg hold tset1`` for ``test1``, ``sed:`` for the key ``seed``): the one home of every
"did you mean" of wtg, so that each asks the same way.

The policy, the same at every place that asks:

- Names are compared but for case and the spaces around the name typed: ``G1`` is ``g1``
  (ratio 1), the closest there is; a name that is the one typed exactly is no typo, and
  none is offered.
- A name is offered when difflib's likeness of it to the one typed (``SequenceMatcher``'s
  ratio, 0 to 1, as ``difflib.get_close_matches`` reckons it) is at least ``CUTOFF``.
- Only the closest are offered, and all of them when some are as close as each other
  (``test3`` for ``test1`` and ``test2``: both; the tired reader picks, where naming one
  would be a coin's guess and naming neither would hide both), up to ``MOST``; more as
  close as each other are no guess, and none is offered.
- The names given are those the asker may see, and nothing else: the caller chooses them
  (a player is offered his own games alone, never another's game or address).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

CUTOFF = 0.75
"""How alike a name must be to the one typed to be offered (difflib's ratio, 0 to 1)."""

MOST = 3
"""The most names offered together, as close as each other; more are no guess."""


def close_names(typed: str, names: Iterable[str]) -> list[str]:
    """The names of ``names`` closest to ``typed`` by the policy above, sorted: none when
    none is close, when ``typed`` is itself one of them, or when more than ``MOST`` are as
    close as each other."""
    known = sorted(set(names))
    wanted = typed.strip().casefold()
    if not wanted or typed in known:
        return []
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(wanted)  # difflib's own order: the typed name second, each known first
    scored = []
    for name in known:
        matcher.set_seq1(name.casefold())
        scored.append((matcher.ratio(), name))
    top = max((ratio for ratio, _ in scored), default=0.0)
    closest = [name for ratio, name in scored if ratio == top]
    return closest if top >= CUTOFF and len(closest) <= MOST else []


def either(names: Sequence[str]) -> str:
    """The names offered, in words: ``g1``, ``g1 or g3``, ``g1, g2 or g3``."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"
