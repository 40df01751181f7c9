"""The registered rulesets: an explicit list, no import magic.

Each ruleset is a package ``wtg.rules.<name>`` with a ``RULESET``, imported on first
use to keep start-up fast, and the ``wtg new-game`` options and player counts it takes,
declared as data in ``wtg.options.<name>`` (the command line reads them without importing
the rules).
"""

from __future__ import annotations

import importlib

from wtg.core.errors import UsageError
from wtg.core.ruleset import GameOption, Ruleset, Seating
from wtg.options import intermediate, standard, tactics, wisk, wok4


class UnknownRuleset(UsageError, KeyError):
    """No ruleset of that name (the message lists those there are)."""


_PACKAGES = {
    "wok4": "wtg.rules.wok4",
    "standard": "wtg.rules.standard",
    "intermediate": "wtg.rules.intermediate",
    "wisk": "wtg.rules.wisk",
    "tactics": "wtg.rules.tactics",
}
RULESET_NAMES = tuple(_PACKAGES)

_OPTIONS = {
    "wok4": wok4,
    "standard": standard,
    "intermediate": intermediate,
    "wisk": wisk,
    "tactics": tactics,
}
GAME_OPTIONS: dict[str, tuple[GameOption, ...]] = {n: m.OPTIONS for n, m in _OPTIONS.items()}
GAME_SEATING: dict[str, tuple[Seating, ...]] = {n: m.SEATING for n, m in _OPTIONS.items()}
"""How many players each ruleset and variant takes (``wtg new-game`` checks it)."""


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``."""
    package = _PACKAGES.get(name)
    if package is None:
        known = ", ".join(RULESET_NAMES)
        raise UnknownRuleset(f"no ruleset {name!r} (known: {known})")
    ruleset: Ruleset = importlib.import_module(package).RULESET
    return ruleset
