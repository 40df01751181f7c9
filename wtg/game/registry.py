"""The rulesets there are, found by name: every package of ``wtg.rules`` that registers one.

A ruleset is one folder, ``wtg/rules/<name>/``, named as the ruleset (its class's
``name``): its ``__init__.py`` holds its ``REGISTRATION``
(``wtg.core.ruleset.Registration``: its class, its ``new-game`` options and seating), and
nothing else here or anywhere names it. The registry lists the packages of ``wtg.rules``
(``pkgutil``) and imports each one's ``__init__`` alone, which imports no more than its
options: the command line reads every ruleset's options and seating without importing
any rules. A ruleset's class is imported when a game of it is opened (``find_ruleset``),
and made with the shipped data (``wtg.data.rulesets.shipped``), the same way for all. Why
a scan rather than a list: a list here is a second place to edit, and one forgotten is a
ruleset that is not there; why the package rather than packaging's entry points: they are
a search of every installed distribution at each start, for rulesets that all live in
this package anyway.

``register`` adds a ruleset that is not shipped (a test's, or a GM's own, kept outside the
package and made with data of its own) while the process runs; the shipped ones do not
change.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import wtg.rules
from wtg.core.errors import UsageError
from wtg.core.ruleset import (
    NO_REGISTRATION,
    GameOption,
    Registration,
    Ruleset,
    Seating,
    State,
)
from wtg.data.rulesets import shipped
from wtg.data.templates import add_templates, drop_templates
from wtg.text.closename import close_names

if TYPE_CHECKING:
    from importlib.abc import Traversable  # importlib.resources.abc from Python 3.11


class UnknownRuleset(UsageError, KeyError):
    """No ruleset of that name (the message lists those there are)."""


def ruleset_meant(name: str) -> list[str]:
    """The rulesets a GM may have meant by ``name``, which is none (``WoK4``, ``wok``,
    ``tactic``): for the command line, where a typo is likely; a game's own ruleset may
    be one of a newer wtg, and is named as it is. none when none is close
    (``wtg.text.closename``)."""
    return close_names(name, ruleset_names())


def variant_meant(name: str) -> list[tuple[str, str]]:
    """The variants a GM may have meant by ``name`` given as a ruleset (``duel``, ``Duel
    Lite``, ``standard/trinity``), each as its ruleset and variant: a Duel is the ruleset
    ``standard`` with the variant ``duel``. Empty when ``name`` names no variant."""
    given = _spelled(name)
    return [
        (ruleset, seating.variant)
        for ruleset, seatings in GAME_SEATING.items()
        for seating in seatings
        if seating.variant is not None
        and given
        in {seating.variant, f"{ruleset}-{seating.variant}", f"{ruleset}/{seating.variant}"}
    ]


def _spelled(name: str) -> str:
    """``name`` as a variant is spelled: lower case, a space or ``_`` as ``-``."""
    return re.sub(r"[\s_]+", "-", name.strip().lower())


def registrations() -> dict[str, tuple[str, Registration]]:
    """Each package of ``wtg.rules`` that registers a ruleset (a ``REGISTRATION`` in its
    ``__init__``), by its name: the package's name and its registration. A package of
    shared code (``wtg.rules.wok``) registers none."""
    found = {}
    prefix = f"{wtg.rules.__name__}."
    for module in pkgutil.iter_modules(wtg.rules.__path__, prefix):
        if not module.ispkg:
            continue
        registration = getattr(importlib.import_module(module.name), "REGISTRATION", None)
        if isinstance(registration, Registration):
            found[module.name.removeprefix(prefix)] = (module.name, registration)
    return dict(sorted(found.items()))


_SHIPPED = registrations()
SHIPPED_NAMES = tuple(_SHIPPED)
GAME_OPTIONS: dict[str, tuple[GameOption, ...]] = {
    name: registration.options for name, (_package, registration) in _SHIPPED.items()
}
"""The ``wtg new-game`` options of each ruleset."""
GAME_SEATING: dict[str, tuple[Seating, ...]] = {
    name: registration.seating for name, (_package, registration) in _SHIPPED.items()
}
"""How many players each ruleset and variant takes (``wtg new-game`` checks it)."""
_ADDED: dict[str, str] = {}
"""The rulesets ``register`` added: the module holding each one's ``RULESET``."""


def ruleset_names() -> tuple[str, ...]:
    """The rulesets there are: the shipped ones, then those registered."""
    return (*SHIPPED_NAMES, *_ADDED)


def find_ruleset(name: str) -> Ruleset[State]:
    """The ruleset called ``name``: its class made with the shipped data (or a registered
    module's ``RULESET``), a ``Ruleset[S]`` of its own state type ``S`` (checked where its
    class subclasses ``Ruleset[S]``), which the caller does not know and sees as
    ``State``: whatever state it gets from the ruleset, it only hands back to it. This is
    the one place where a ruleset's state type is forgotten."""
    ruleset: Ruleset[State]
    if name in _SHIPPED:
        package, registration = _SHIPPED[name]
        module, _, cls = registration.rules.partition(":")
        ruleset = shipped(getattr(importlib.import_module(f"{package}.{module}"), cls))
    elif name in _ADDED:
        ruleset = importlib.import_module(_ADDED[name]).RULESET
    else:
        raise UnknownRuleset(f"no ruleset {name!r} (known: {', '.join(ruleset_names())})")
    return ruleset


def registration_of(name: str) -> Registration:
    """What the ruleset ``name`` tells of itself (its board on the site, its Top Ten's
    words, its rating): a shipped one's ``REGISTRATION``; every default for one added by
    ``register``, or a name no ruleset has (a game of a newer wtg's)."""
    shipped_one = _SHIPPED.get(name)
    return shipped_one[1] if shipped_one is not None else NO_REGISTRATION


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
    if name in _SHIPPED or name in _ADDED:
        raise ValueError(f"a ruleset {name!r} is registered already")
    _ADDED[name] = module
    GAME_SEATING[name] = tuple(seating)
    GAME_OPTIONS[name] = tuple(options)
    add_templates(name, templates)


def unregister(name: str) -> None:
    """Remove a ruleset ``register`` added (the shipped ones stay)."""
    if name in _SHIPPED:
        raise ValueError(f"{name!r} is a shipped ruleset")
    _ADDED.pop(name, None)
    GAME_SEATING.pop(name, None)
    GAME_OPTIONS.pop(name, None)
    drop_templates(name)
