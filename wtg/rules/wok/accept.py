"""Checking WoK orders as they arrive, against the state they were written for.

Only what cannot change during the turn is a reason to reject a line: a
province that does not exist, a target out of reach, a count over the limit.
Who owns a province can change before the order runs (you may move armies
into a province you will conquer in the attack phase), so ownership gives a
note, and the turn itself skips an order that cannot run, with its reason.

The checks every WoK ruleset shares are here; each ruleset adds its own
(bombing, attacks, trades or upgrades, spying) in its ``accept`` module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

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

Check = Callable[[RawEntry, "Context"], tuple[bool, str]]


class Context:
    """What the checks need: the state, the player, and counts kept across lines."""

    def __init__(
        self,
        state: WokState,
        player: int,
        *,
        attacks: int,
        aims: tuple[str, ...],
        transform_kinds: tuple[str, ...] = TRANSFORM_KINDS,
        move_units: tuple[str, ...] = MOVE_UNITS,
        jump_tech: int | None = None,
    ) -> None:
        self.state = state
        self.player = player
        self.attacks = attacks
        """How many attack orders count this turn."""
        self.aims = aims
        self.transform_kinds = transform_kinds
        self.move_units = move_units
        self.jump_tech = jump_tech
        """Intermediate WoK: from this tech level on, moves need not go to a neighbour."""
        self.tech_upgrades = 0
        """TECH upgrades ordered (they come before the movement phase)."""
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

    def jumps(self) -> bool:
        """Whether the player's tech level will let moves jump, with the TECH upgrades ordered."""
        if self.jump_tech is None:
            return False
        return self.state.player(self.player).tech + self.tech_upgrades >= self.jump_tech

    def neighbour_problem(self, source: int, target: int) -> str:
        if target in self.state.province(source).neighbours:
            return ""
        near = ", ".join(str(n) for n in self.state.province(source).neighbours)
        return f"province {target} is not next to {source} (its neighbours are {near})"


def accept_entries(
    entries: Sequence[RawEntry], context: Context, checks: Mapping[str, Check]
) -> tuple[list[RawEntry], list[Verdict]]:
    """Every entry checked in the order of the form's sections, then of its lines."""
    order = {key: index for index, key in enumerate(checks)}
    good: list[RawEntry] = []
    verdicts: list[Verdict] = []
    for entry in sorted(entries, key=lambda e: (order.get(e.section, 99), e.position)):
        check = checks.get(entry.section)
        ok, reason = check(entry, context) if check else (False, "unknown section")
        verdicts.append(Verdict(entry=entry, accepted=ok, reason=reason))
        if ok:
            good.append(entry)
    return good, verdicts


def limit(entry: RawEntry, context: Context, limit: int, what: str) -> str:
    count = context.counts.get(entry.section, 0) + 1
    context.counts[entry.section] = count
    return f"only {limit} {what} orders a turn" if count > limit else ""


def bomb_checker(
    orders: int,
    reach_of: Callable[[WokState, int, int], str | None],
    reach_hint: Callable[[WokState, int], str],
) -> Check:
    """The bombing check of a ruleset: too many lines, unknown provinces, no missiles, or a
    target out of the ruleset's reach (``reach_hint`` says what the source can reach)."""

    def check(entry: RawEntry, context: Context) -> tuple[bool, str]:
        v = entry.values
        source, target = v["from"], v["to"]
        problem = (
            limit(entry, context, orders, "bombing")
            or context.province_problem(source)
            or context.province_problem(target)
        )
        if not problem and v["missiles"] < 1:
            problem = "fire at least 1 missile"
        if not problem and reach_of(context.state, source, target) is None:
            hint = reach_hint(context.state, source)
            problem = f"province {target} is out of range of {source}: bomb {hint}"
        return (False, problem) if problem else (True, context.not_yours(source))

    return check


def check_transform(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = limit(entry, context, TRANSFORM_ORDERS, "transformation") or context.province_problem(
        v["province"]
    )
    if not problem and v["kind"] not in context.transform_kinds:
        problem = f"kind must be one of {', '.join(context.transform_kinds)}"
    if not problem and v["kind"] == "POP-ARM":
        context.pop_to_arm += 1
        if context.pop_to_arm > POP_ARM_ORDERS:
            problem = f"a POP->ARM order beyond the {POP_ARM_ORDERS} allowed a turn"
    if not problem and v["amount"] < 1:
        problem = "transform at least 1 unit"
    if problem:
        return False, problem
    return True, over_fifty(v["amount"], "transformed") or context.not_yours(v["province"])


def over_fifty(amount: int, verb: str) -> str:
    if amount > UNITS_PER_ORDER:
        return f"note: at most {UNITS_PER_ORDER} units are {verb} by one order"
    return ""


def check_move(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = (
        limit(entry, context, MOVE_ORDERS, "movement")
        or context.province_problem(v["from"])
        or context.province_problem(v["to"])
        or _reach_problem(context, v["from"], v["to"])
    )
    if not problem and v["unit"] not in context.move_units:
        problem = f"unit must be one of {', '.join(context.move_units)}"
    if not problem and v["amount"] < 1:
        problem = "move at least 1 unit"
    if problem:
        return False, problem
    return True, over_fifty(v["amount"], "moved") or context.not_yours(v["from"])


def _reach_problem(context: Context, source: int, target: int) -> str:
    """A move goes to a neighbour; at Intermediate's tech level 10 anywhere else."""
    if not context.jumps():
        return context.neighbour_problem(source, target)
    return "move to another province" if source == target else ""


def check_aim(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """Only changes count toward the 4: an order for the aim a province has is no change."""
    v = entry.values
    problem = context.province_problem(v["province"])
    if not problem and v["aim"] not in context.aims:
        problem = f"aim must be one of {', '.join(context.aims)}"
    if not problem and v["province"] in context.aim_provinces:
        problem = f"province {v['province']} already has an aim order"
    if not problem and context.state.province(v["province"]).aim == v["aim"]:
        context.aim_provinces[v["province"]] = v["aim"]
        return True, f"note: province {v['province']} already has the aim {v['aim']}"
    if not problem:
        problem = limit(entry, context, AIM_CHANGES, "aim change")
    if problem:
        return False, problem
    context.aim_provinces[v["province"]] = v["aim"]
    return True, context.not_yours(v["province"])


def check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    ally = entry.values["player"]
    seated = {p.id for p in context.state.players}
    if ally != 0 and (ally == context.player or ally not in seated):
        return False, f"there is no other player {ally} (00 ends an alliance)"
    return True, ""


def check_ready(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """READY: the player's orders are final (the turn may run before its deadline)."""
    return True, ""


SHARED_CHECKS: dict[str, Check] = {
    "transform": check_transform,
    "move": check_move,
    "aim": check_aim,
    "ally": check_ally,
    "ready": check_ready,
}
