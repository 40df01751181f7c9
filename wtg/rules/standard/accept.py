"""Checking Standard WoK orders as they arrive: its own sections (bombing, attacks, upgrades,
spying, the vote) beside the ones every WoK ruleset shares (``wtg.rules.wok.accept``)."""

from __future__ import annotations

from wtg.core.orders import RawEntry
from wtg.rules.standard.constants import (
    ATTACK_LINES,
    BOMB_ORDERS,
    OP_NAMES,
    SPY_ORDERS,
    UPGRADE_COSTS,
    UPGRADES,
)
from wtg.rules.standard.phases.bombing import bomb_range
from wtg.rules.wok.accept import SHARED_CHECKS, Check, Context, bomb_checker, limit


def _check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """ "Only valid orders count towards your attack limit, but you can only ever enter seven
    orders": which orders are valid is known only when they run, so all seven are kept."""
    v = entry.values
    problem = (
        limit(entry, context, ATTACK_LINES, "attack")
        or context.province_problem(v["from"])
        or context.province_problem(v["to"])
        or context.neighbour_problem(v["from"], v["to"])
    )
    if not problem and v["armies"] < 1:
        problem = "attack with at least 1 army"
    return (False, problem) if problem else (True, context.not_yours(v["from"]))


def _check_upgrade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    name = entry.values["upgrade"]
    problem = limit(entry, context, len(UPGRADE_COSTS), "upgrade")
    if not problem and name not in UPGRADES:
        problem = f"upgrade must be one of {', '.join(UPGRADES)}"
    return (False, problem) if problem else (True, "")


def _check_spy(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = (
        limit(entry, context, SPY_ORDERS, "spy")
        or context.province_problem(v["from"])
        or context.province_problem(v["to"])
    )
    if not problem and v["op"] not in OP_NAMES:
        problem = "OP must be 1 to 5: " + ", ".join(f"{k} = {n}" for k, n in OP_NAMES.items())
    if not problem and v["spies"] < 1:
        problem = "use at least 1 spy"
    if problem:
        return False, problem
    if context.state.province(v["to"]).owner == 0:
        return True, f"note: province {v['to']} is neutral now; spying works on players only"
    return True, context.not_yours(v["from"])


def _check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    if context.state.variant in ("skirmish", "duel", "duel-lite", "trinity"):
        return False, f"there are no alliances in a {context.state.variant}"
    return SHARED_CHECKS["ally"](entry, context)


def _check_vote(entry: RawEntry, context: Context) -> tuple[bool, str]:
    return True, ""


CHECKS: dict[str, Check] = {
    "bomb": bomb_checker(
        BOMB_ORDERS, bomb_range, lambda state, source: "a neighbour or a neighbour's neighbour"
    ),
    "attack": _check_attack,
    "transform": SHARED_CHECKS["transform"],
    "move": SHARED_CHECKS["move"],
    "aim": SHARED_CHECKS["aim"],
    "upgrade": _check_upgrade,
    "spy": _check_spy,
    "ally": _check_ally,
    "vote_end": _check_vote,
    "ready": SHARED_CHECKS["ready"],
}
