"""Checking Intermediate WoK orders as they arrive: the sections it shares with Standard WoK
(``wtg.rules.wok.checks``) and every WoK ruleset (``wtg.rules.wok.accept``), and its own
Upgrade Troops. Sections are checked in the order of the turn, so the TECH upgrades of
phase 1 count when a move of phase 9 jumps."""

from __future__ import annotations

from wtg.core.orders import RawEntry
from wtg.rules.intermediate.constants import SPY_OPS, UPGRADE_TROOPS_ORDERS
from wtg.rules.wok.accept import SHARED_CHECKS, Check, Context, limit, over_fifty
from wtg.rules.wok.checks import check_attack, check_bomb, check_upgrade, check_vote, spy_checker
from wtg.rules.wok.limits import EFF_MAX
from wtg.rules.wok.ownership import TROOPS_IN
from wtg.rules.wok.troops import TROOP_UNITS
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADE_EFF


def check_upgrade_troops(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = context.provinces_problem(entry, "province")
    if problem:
        return False, problem
    province, amount = entry.number("province"), entry.number("amount")
    source, target = entry.code("from"), entry.code("to")
    kinds = ", ".join(TROOP_UNITS)
    if source not in TROOP_UNITS or target not in TROOP_UNITS:
        problem = f"FROM and TO must be one of {kinds}"
    if not problem and source == target:
        problem = f"FROM and TO are both {source}: name two different kinds"
    if not problem and amount < 1:
        problem = "change at least 1 unit"
    problem = (
        problem
        or context.ownership_problem(province, TROOPS_IN)
        or limit(entry, context, UPGRADE_TROOPS_ORDERS, "upgrade troops")
    )
    if problem:
        return False, problem
    return True, over_fifty(amount, "changed") or context.taken_note(province)


def check_upgrade_first(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """Standard's upgrade line, and a note on an EFF upgrade that cannot gain its 30:
    Upgrades are phase 1 ("1. Upgrades"), so the EFF they start from is the player's EFF
    now, and it is at most 99 (ruling 23). So is his gold: an upgrade he cannot pay for
    when its line runs is skipped and costs nothing (``upgrades.buy``), said as such, not
    as one that costs its gold."""
    accepted, reason = check_upgrade(entry, context)
    if not accepted:
        return accepted, reason
    spent = context.counts.get("upgrade gold", 0)
    gold = context.state.player(context.player).gold - spent
    cost = UPGRADE_COSTS[min(context.counts.get("upgrades paid", 0), len(UPGRADE_COSTS) - 1)]
    if gold < cost:
        context.tech_upgrades -= entry.code("upgrade") == "TECH"  # no tech level, no attack
        left = " left after your earlier upgrades" if spent else ""
        return (
            True,
            f"note: this upgrade will not run: it costs {cost} GOLD and you have {gold}{left}",
        )
    context.counts["upgrades paid"] = context.counts.get("upgrades paid", 0) + 1
    context.counts["upgrade gold"] = spent + cost
    if entry.code("upgrade") != "EFF":
        return accepted, reason
    earlier = context.counts.get("EFF upgrades", 0)
    context.counts["EFF upgrades"] = earlier + 1
    eff = min(EFF_MAX, context.state.player(context.player).eff + earlier * UPGRADE_EFF)
    gain = min(UPGRADE_EFF, EFF_MAX - eff)
    if gain == UPGRADE_EFF:
        return True, reason
    after = " after your earlier EFF upgrade" if earlier else ""
    gains = "nothing" if gain == 0 else f"only {gain}, not {UPGRADE_EFF}"
    return True, (
        f"note: your EFF is {eff}%{after} and {EFF_MAX}% is the most: this upgrade gains"
        f" {gains}, and it costs its GOLD all the same"
    )


_check_spy = spy_checker(SPY_OPS)


def check_spy_once(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """Standard's spy line, and a note on a repeat of an operation on a province: "You may
    only use each spy operation once per target province per turn" (ruling 13: it runs
    only if the earlier line sent no spies)."""
    accepted, reason = _check_spy(entry, context)
    if not accepted:
        return accepted, reason
    op, target = entry.number("op"), entry.number("to")
    used = f"spy operation {op} on {target}"  # kept beside the counts of the lines
    if context.counts.get(used):
        repeat = (
            f"note: an earlier line uses {SPY_OPS[op]} on province"
            f" {context.state.named(target)} too, and each operation is used once a province a"
            " turn: this line runs only if that one sends no spies"
        )
        return True, "; ".join(note for note in (repeat, reason) if note)
    context.counts[used] = 1
    return True, reason


CHECKS: dict[str, Check] = {
    "upgrade": check_upgrade_first,
    "bomb": check_bomb,
    "attack": check_attack,
    "transform": SHARED_CHECKS["transform"],
    "upgrade_troops": check_upgrade_troops,
    "move": SHARED_CHECKS["move"],
    "aim": SHARED_CHECKS["aim"],
    "spy": check_spy_once,
    "vote_end": check_vote,
    "quit": SHARED_CHECKS["quit"],
    "ready": SHARED_CHECKS["ready"],
}
