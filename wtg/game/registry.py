"""The registered rulesets: an explicit list, no import magic.

Each shipped ruleset is a package ``wtg.rules.<name>`` (its class), made with the shipped
data in ``wtg.data.rulesets.<name>`` (its ``RULESET``), imported on first use to keep
start-up fast; the ``wtg new-game`` options and player counts it takes are declared as data
in ``wtg.options.<name>`` (the command line reads them without importing the rules).
``register`` adds a ruleset that is not shipped (a test's, or a GM's own) while the process
runs; the shipped list does not change.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wtg.core.errors import UsageError
from wtg.core.ruleset import GameOption, Ruleset, Seating, State
from wtg.data.templates import add_templates, drop_templates
from wtg.options import intermediate, standard, tactics, wisk, wok4

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11


class UnknownRuleset(UsageError, KeyError):
    """No ruleset of that name (the message lists those there are)."""


_MODULES = {
    "wok4": "wtg.data.rulesets.wok4",
    "standard": "wtg.data.rulesets.standard",
    "intermediate": "wtg.data.rulesets.intermediate",
    "wisk": "wtg.data.rulesets.wisk",
    "tactics": "wtg.data.rulesets.tactics",
}
"""The module holding each ruleset's ``RULESET``."""

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
SHIPPED_NAMES = tuple(_MODULES)


def ruleset_names() -> tuple[str, ...]:
    """The rulesets there are: the shipped ones, then those registered."""
    return tuple(_MODULES)


def find_ruleset(name: str) -> Ruleset[State]:
    """The ruleset called ``name``: its module's ``RULESET``, a ``Ruleset[S]`` of its own
    state type ``S`` (checked there by the type checker), which the caller does not know
    and sees as ``State``: whatever state it gets from the ruleset, it only hands back to
    it. This is the one place where a ruleset's state type is forgotten."""
    module = _MODULES.get(name)
    if module is None:
        known = ", ".join(_MODULES)
        raise UnknownRuleset(f"no ruleset {name!r} (known: {known})")
    ruleset: Ruleset[State] = importlib.import_module(module).RULESET
    return ruleset


def register(
    name: str,
    module: str,
    seating: Sequence[Seating],
    templates: Traversable,
    options: Sequence[GameOption] = (),
) -> None:
    """Add the ruleset ``name``: ``module`` holds its ``RULESET`` (made with the Library of
    its form and maps), ``templates`` its report and Top Ten templates (named
    ``<name>/<file>`` as the shipped ones are). ``options`` of ``new-game`` are read only
    by the command line made after this."""
    if name in _MODULES:
        raise ValueError(f"a ruleset {name!r} is registered already")
    _MODULES[name] = module
    GAME_SEATING[name] = tuple(seating)
    GAME_OPTIONS[name] = tuple(options)
    add_templates(name, templates)


def unregister(name: str) -> None:
    """Remove a ruleset ``register`` added (the shipped ones stay)."""
    if name in SHIPPED_NAMES:
        raise ValueError(f"{name!r} is a shipped ruleset")
    _MODULES.pop(name, None)
    GAME_SEATING.pop(name, None)
    GAME_OPTIONS.pop(name, None)
    drop_templates(name)
