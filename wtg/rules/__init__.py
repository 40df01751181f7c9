"""The registered rulesets: an explicit list, no import magic.

Each ruleset is a package ``wtg.rules.<name>`` with a ``RULESET``, imported on first
use to keep start-up fast, and the ``wtg new-game`` options it takes, declared as data
in ``wtg.options.<name>`` (the command line reads them without importing the rules).
"""

from __future__ import annotations

import importlib

from wtg.core.ruleset import GameOption, Ruleset
from wtg.options.intermediate import OPTIONS as INTERMEDIATE_OPTIONS
from wtg.options.standard import OPTIONS as STANDARD_OPTIONS
from wtg.options.tactics import OPTIONS as TACTICS_OPTIONS
from wtg.options.wisk import OPTIONS as WISK_OPTIONS


class UnknownRuleset(KeyError):
    pass


_PACKAGES = {
    "wok4": "wtg.rules.wok4",
    "standard": "wtg.rules.standard",
    "intermediate": "wtg.rules.intermediate",
    "wisk": "wtg.rules.wisk",
    "tactics": "wtg.rules.tactics",
}
RULESET_NAMES = tuple(_PACKAGES)

GAME_OPTIONS: dict[str, tuple[GameOption, ...]] = {
    "wok4": (),
    "standard": STANDARD_OPTIONS,
    "intermediate": INTERMEDIATE_OPTIONS,
    "wisk": WISK_OPTIONS,
    "tactics": TACTICS_OPTIONS,
}


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``."""
    package = _PACKAGES.get(name)
    if package is None:
        known = ", ".join(RULESET_NAMES)
        raise UnknownRuleset(f"no ruleset {name!r} (known: {known})")
    ruleset: Ruleset = importlib.import_module(package).RULESET
    return ruleset
