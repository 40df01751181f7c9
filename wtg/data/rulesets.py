"""The rulesets made with the data they read: ``shipped(Class)`` is the ruleset of that
class made with the shipped forms, maps and Tactics worlds (``SHIPPED``), once a process.
One generic line for every ruleset, found by ``wtg.game.registry``; code that reads a
ruleset's states asks for it by its class (``shipped(Wok4)``), the same object as the
registry's."""

from __future__ import annotations

from threading import Lock
from typing import TypeVar

from wtg.data.datalibrary import SHIPPED
from wtg.rules.base import AnyRulesetFiles

R = TypeVar("R", bound=AnyRulesetFiles)

_MADE: dict[type[AnyRulesetFiles], AnyRulesetFiles] = {}
_MAKING = Lock()
"""One ruleset object a class, whichever thread asks first: a game's ``typed`` checks
that it holds the very object."""


def shipped(rules: type[R]) -> R:
    """The ruleset of class ``rules``, made with the shipped data."""
    with _MAKING:
        made = _MADE.get(rules)
        if not isinstance(made, rules):
            made = _MADE[rules] = rules(SHIPPED)
        return made
