"""Checking orders as they arrive, against the state they were written for.

Only what cannot change during the turn is a reason to reject a line: a
province that does not exist, a target out of reach, a count over the limit.
Who owns a province can change before the order runs (you may move armies
into a province you will conquer in PHASE II), so ownership gives a note, and
the turn itself skips an order that cannot run, with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wtg.core.orders import RawEntry, Verdict
from wtg.rules.wok.limits import (
    AIM_CHANGES,
    MOVE_ORDERS,
    MOVE_UNITS,
    POP_ARM_ORDERS,
    TRANSFORM_KINDS,
    TRANSFORM_ORDERS,
    UNITS_PER_ORDER,
)
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.constants import (
    AIMS,
    BOMB_ORDERS,
    LONG_RANGE_REACH,
    SPY_ORDERS,
    TRADE_LINES,
    TRADES,
)
from wtg.rules.wok4.phases.spying import OP_NAMES, SPY_PROVINCE
from wtg.rules.wok4.reach import adjacent, attacks_allowed, bomb_range

Check = Callable[[RawEntry, "Context"], tuple[bool, str]]


class Context:
    """What the checks need: the state, the player, and counts kept across lines."""

    def __init__(self, state: WokState, player: int) -> None:
        self.state = state
        self.player = player
        self.attacks = attacks_allowed(state.player(player).tech)
        self.pop_to_arm = 0
        self.aim_provinces: dict[int, str] = {}
        self.counts: dict[str, int] = {}

    def province_problem(self, pid: object) -> str:
        if not isinstance(pid, int) or not self.state.has_province(pid):
            return f"there is no province {pid} (provinces are 1..{len(self.state.provinces)})"
        return ""

    def not_yours(self, pid: int) -> str:
        if self.state.province(pid).owner != self.player:
            return f"note: province {pid} is not yours now; the order runs only if it is then"
        return ""

    def neighbour_problem(self, source: int, target: int) -> str:
        if adjacent(self.state, source, target):
            return ""
        near = ", ".join(str(n) for n in self.state.province(source).neighbours)
        return f"province {target} is not next to {source} (its neighbours are {near})"


def accept_entries(
    entries: Sequence[RawEntry], state: WokState, player: int
) -> tuple[list[RawEntry], list[Verdict]]:
    context = Context(state, player)
    good: list[RawEntry] = []
    verdicts: list[Verdict] = []
    for entry in sorted(entries, key=lambda e: (_SECTION_ORDER.get(e.section, 99), e.position)):
        check = _CHECKS.get(entry.section)
        ok, reason = check(entry, context) if check else (False, "unknown section")
        verdicts.append(Verdict(entry=entry, accepted=ok, reason=reason))
        if ok:
            good.append(entry)
    return good, verdicts


def _limit(entry: RawEntry, context: Context, limit: int, what: str) -> str:
    count = context.counts.get(entry.section, 0) + 1
    context.counts[entry.section] = count
    return f"only {limit} {what} orders a turn" if count > limit else ""


def _check_bomb(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    source, target = v["from"], v["to"]
    problem = (
        _limit(entry, context, BOMB_ORDERS, "bombing")
        or context.province_problem(source)
        or context.province_problem(target)
    )
    if not problem and bomb_range(context.state, source, target) is None:
        low, high = max(1, source - LONG_RANGE_REACH), source + LONG_RANGE_REACH
        near = ", ".join(str(n) for n in context.state.province(source).neighbours)
        problem = (
            f"province {target} is out of range of {source}: bomb a neighbour ({near}) "
            f"or a province numbered {low}..{min(high, len(context.state.provinces))}"
        )
    if not problem and v["missiles"] < 1:
        problem = "fire at least 1 missile"
    if problem:
        return False, problem
    return True, context.not_yours(source)


def _check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    if entry.position > context.attacks:
        tech = context.state.player(context.player).tech
        return False, (
            f"only the first {context.attacks} attack orders count this turn ({tech} tech points)"
        )
    problem = (
        context.province_problem(v["from"])
        or context.province_problem(v["to"])
        or context.neighbour_problem(v["from"], v["to"])
    )
    if not problem and v["armies"] < 1:
        problem = "attack with at least 1 army"
    if problem:
        return False, problem + " (it still counts as one of your attacks)"
    return True, context.not_yours(v["from"])


def _check_transform(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = _limit(
        entry, context, TRANSFORM_ORDERS, "transformation"
    ) or context.province_problem(v["province"])
    if not problem and v["kind"] not in TRANSFORM_KINDS:
        problem = f"kind must be one of {', '.join(TRANSFORM_KINDS)}"
    if not problem and v["kind"] == "POP-ARM":
        context.pop_to_arm += 1
        if context.pop_to_arm > POP_ARM_ORDERS:
            problem = f"a POP->ARM order beyond the {POP_ARM_ORDERS} allowed a turn"
    if not problem and v["amount"] < 1:
        problem = "transform at least 1 unit"
    if problem:
        return False, problem
    return True, _over_fifty(v["amount"], "transformed") or context.not_yours(v["province"])


def _over_fifty(amount: int, verb: str) -> str:
    if amount > UNITS_PER_ORDER:
        return f"note: at most {UNITS_PER_ORDER} units are {verb} by one order"
    return ""


def _check_move(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = (
        _limit(entry, context, MOVE_ORDERS, "movement")
        or context.province_problem(v["from"])
        or context.province_problem(v["to"])
        or context.neighbour_problem(v["from"], v["to"])
    )
    if not problem and v["unit"] not in MOVE_UNITS:
        problem = f"unit must be one of {', '.join(MOVE_UNITS)}"
    if not problem and v["amount"] < 1:
        problem = "move at least 1 unit"
    if problem:
        return False, problem
    return True, _over_fifty(v["amount"], "moved") or context.not_yours(v["from"])


def _check_trade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    points = entry.values["points"]
    problem = _limit(entry, context, TRADE_LINES, "trade")
    if not problem and points not in TRADES:
        problem = f"{points} is no trade: trade 100, 150, 200, 250 or 350 points"
    return (False, problem) if problem else (True, "")


def _check_aim(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """Only changes count toward the 4: an order for the aim a province has is no change."""
    v = entry.values
    problem = context.province_problem(v["province"])
    if not problem and v["aim"] not in AIMS:
        problem = f"aim must be one of {', '.join(AIMS)}"
    if not problem and v["province"] in context.aim_provinces:
        problem = f"province {v['province']} already has an aim order"
    if not problem and context.state.province(v["province"]).aim == v["aim"]:
        context.aim_provinces[v["province"]] = v["aim"]
        return True, f"note: province {v['province']} already has the aim {v['aim']}"
    if not problem:
        problem = _limit(entry, context, AIM_CHANGES, "aim change")
    if problem:
        return False, problem
    context.aim_provinces[v["province"]] = v["aim"]
    return True, context.not_yours(v["province"])


def _check_spy(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    source, target, op = v["from"], v["to"], v["op"]
    problem = (
        _limit(entry, context, SPY_ORDERS, "spy")
        or context.province_problem(source)
        or context.province_problem(target)
    )
    if not problem and op not in OP_NAMES:
        problem = "OP must be 1 to 5: " + ", ".join(f"{k} = {n}" for k, n in OP_NAMES.items())
    if not problem and op != SPY_PROVINCE and not adjacent(context.state, source, target):
        problem = f"{OP_NAMES[op]} needs a neighbouring province; " + context.neighbour_problem(
            source, target
        )
    if not problem and source == target:
        problem = "you cannot spy on your own province"
    if not problem and v["spies"] < 1:
        problem = "use at least 1 spy"
    if problem:
        return False, problem
    owner = context.state.province(target).owner
    if owner == 0:
        return True, f"note: province {target} is neutral now; spying on neutrals is not allowed"
    return True, context.not_yours(source)


def _check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    ally = entry.values["player"]
    seated = {p.id for p in context.state.players}
    if ally != 0 and (ally == context.player or ally not in seated):
        return False, f"there is no other player {ally} (00 ends an alliance)"
    return True, ""


def _check_ready(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """READY: the player's orders are final (the turn may run before its deadline)."""
    return True, ""


_CHECKS: dict[str, Check] = {
    "bomb": _check_bomb,
    "attack": _check_attack,
    "transform": _check_transform,
    "move": _check_move,
    "trade": _check_trade,
    "aim": _check_aim,
    "spy": _check_spy,
    "ally": _check_ally,
    "ready": _check_ready,
}
_SECTION_ORDER = {key: index for index, key in enumerate(_CHECKS)}
