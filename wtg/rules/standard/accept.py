"""Checking Standard WoK orders as they arrive: the sections it shares with Intermediate WoK
(``wtg.rules.wok.checks``) and with every WoK ruleset (``wtg.rules.wok.accept``); no alliances
in a Skirmish, Duel or Trinity."""

from __future__ import annotations

from wtg.core.orders import RawEntry
from wtg.rules.wok.accept import SHARED_CHECKS, Check, Context
from wtg.rules.wok.checks import check_attack, check_bomb, check_spy, check_upgrade, check_vote

NO_ALLIANCES = ("skirmish", "duel", "duel-lite", "trinity")
"""The variants without alliances ("There are no NAPs or alliances in a skirmish game";
Duel and Trinity: ruling 41 of docs/rules/standard.md's table): their form has no ALLIANCE."""


def _check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    if context.state.variant in NO_ALLIANCES:
        return False, f"there are no alliances in a {context.state.variant}"
    return SHARED_CHECKS["ally"](entry, context)


CHECKS: dict[str, Check] = {
    "bomb": check_bomb,
    "attack": check_attack,
    "transform": SHARED_CHECKS["transform"],
    "move": SHARED_CHECKS["move"],
    "aim": SHARED_CHECKS["aim"],
    "upgrade": check_upgrade,
    "spy": check_spy,
    "ally": _check_ally,
    "vote_end": check_vote,
    "quit": SHARED_CHECKS["quit"],
    "ready": SHARED_CHECKS["ready"],
}
