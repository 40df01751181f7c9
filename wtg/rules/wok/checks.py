"""Order checks Standard and Intermediate WoK share: bombing a neighbour or a neighbour's
neighbour, attacks, upgrades, spying and the vote to end the game."""

from __future__ import annotations

from wtg.core.orders import RawEntry
from wtg.rules.wok.accept import Check, Context, bomb_checker, limit
from wtg.rules.wok.attacking import ATTACK_LINES
from wtg.rules.wok.espionage import OP_NAMES, SPY_ORDERS
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADES
from wtg.rules.wok.warfare import BOMB_ORDERS, bomb_range

check_bomb: Check = bomb_checker(
    BOMB_ORDERS, bomb_range, lambda state, source: "a neighbour or a neighbour's neighbour"
)


def check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
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


def check_upgrade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    name = entry.values["upgrade"]
    problem = limit(entry, context, len(UPGRADE_COSTS), "upgrade")
    if not problem and name not in UPGRADES:
        problem = f"upgrade must be one of {', '.join(UPGRADES)}"
    if problem:
        return False, problem
    context.tech_upgrades += name == "TECH"
    return True, ""


def check_spy(entry: RawEntry, context: Context) -> tuple[bool, str]:
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


def check_vote(entry: RawEntry, context: Context) -> tuple[bool, str]:
    return True, ""
