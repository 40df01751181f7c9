"""The registered rulesets: an explicit list, no import magic."""

from __future__ import annotations

from wtg.core.ruleset import Ruleset


class UnknownRuleset(KeyError):
    pass


RULESET_NAMES = ("wok4", "standard")


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; imported on first use to keep start-up fast."""
    if name == "wok4":
        from wtg.rules.wok4 import RULESET

        return RULESET
    if name == "standard":
        from wtg.rules.standard import RULESET as STANDARD

        return STANDARD
    known = ", ".join(RULESET_NAMES)
    raise UnknownRuleset(f"no ruleset {name!r} (known: {known})")
