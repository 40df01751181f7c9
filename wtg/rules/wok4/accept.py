"""Checking WoK IV orders as they arrive: its own sections (bombing, attacks, trades,
spying) beside the ones every WoK ruleset shares (``wtg.rules.wok.accept``)."""

from __future__ import annotations

from wtg.core.orders import RawEntry
from wtg.core.plurals import counted
from wtg.rules.wok.accept import (
    SHARED_CHECKS,
    Check,
    Context,
    bomb_checker,
    limit,
    spy_checked,
)
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.constants import (
    BOMB_ORDERS,
    LONG_RANGE_REACH,
    SPY_ORDERS,
    TECH_MAX,
    TRADE_LINES,
    TRADES,
)
from wtg.rules.wok4.phases.spying import OP_NAMES, SPY_PROVINCE
from wtg.rules.wok4.phases.victory import bitter_end, quit_count
from wtg.rules.wok4.phases.working import tech_made
from wtg.rules.wok4.reach import adjacent, bomb_range

_TRADED = "tech points traded"
"""The count (``Context.counts``) of the points the accepted trade lines that would run spend."""


def _reach_hint(state: WokState, source: int) -> str:
    low, high = max(1, source - LONG_RANGE_REACH), source + LONG_RANGE_REACH
    near = ", ".join(state.named(n) for n in state.province(source).neighbours)
    return f"a neighbour ({near}) or a province numbered {low}..{min(high, len(state.provinces))}"


def _check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """ "you MUST use the 5 first attack orders for them and only they will be used no matter
    if they are executable or not when running the Turn": the first N ACCEPTED lines; a line
    rejected here is no order and takes no attack (ruling). An attack may start from a
    province an earlier accepted line sets out to take ("consecutive attacks", ruling)."""
    problem = context.provinces_problem(entry, "from", "to")
    if problem:
        return False, problem
    source, target, armies = entry.number("from"), entry.number("to"), entry.number("armies")
    problem = context.attack_problem(source, target, armies)
    if problem:
        return False, problem
    so_far = context.counts.get(entry.section, 0)
    if so_far >= context.attacks:
        tech = context.state.player(context.player).tech
        allowed = context.attacks
        return False, (
            f"only {counted(allowed, 'attack')} {'counts' if allowed == 1 else 'count'} this"
            f" turn ({counted(tech, 'tech point')}):"
            f" your first {counted(allowed, 'accepted attack line')}"
        )
    context.counts[entry.section] = so_far + 1
    context.holdings.attack_accepted(source, target)
    taken = f"it is skipped, and it still takes attack {so_far + 1} of your {context.attacks}"
    notes = (
        f"attack {so_far + 1} of {context.attacks}",
        context.own_target_note(target, taken),
        context.taken_note(source),
        context.armies_note(source, armies),
    )
    return True, "; ".join(note for note in notes if note)


def _check_trade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    points = entry.number("points")
    problem = limit(entry, context, TRADE_LINES, "trade") if points in TRADES else ""
    if points not in TRADES:
        problem = f"{points} is no trade: trade 100, 150, 200, 250 or 350 points"
    return (False, problem) if problem else (True, _trade_note(points, context))


def _trade_note(points: int, context: Context) -> str:
    """The note on an accepted trade the turn would not run as things stand: the points the
    player has now, with those his workers make before the trades (PHASE III, aim TECH) and
    less those his earlier trade lines spend, are fewer than it needs. The forecast below
    says it too ('Would not run'), but the line read `ok X1: 100` and nothing more. Kept
    (not refused): an attack of his may take a province whose workers make the rest."""
    record = context.state.player(context.player)
    provinces = list(context.state.provinces_of(context.player))
    made = tech_made(provinces)
    spent = context.counts.get(_TRADED, 0)
    left = min(TECH_MAX, record.tech + made) - spent
    if points <= left:
        context.counts[_TRADED] = spent + points
        return ""
    earlier = f", your earlier trade lines spend {spent}" if spent else ""
    # 'your workers make 0 before the trades (their aim TECH)' read, to a player whose
    # workers aim at anything else, as if their aim were TECH
    if any(p.aim == "TECH" for p in provinces):
        workers = f"your workers aimed at TECH make {made} before the trades"
    else:
        workers = "none of your workers is aimed at TECH to make more before the trades"
    return (
        f"note: as things stand this trade does not run: you have"
        f" {counted(record.tech, 'tech point')}, {workers}{earlier}, and it needs {points}"
    )


def _check_spy(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = context.provinces_problem(entry, "from", "to")
    if problem:
        return False, problem
    source, target, op = entry.number("from"), entry.number("to"), entry.number("op")
    if op not in OP_NAMES:
        problem = "OP must be 1 to 5: " + ", ".join(f"{k} = {n}" for k, n in OP_NAMES.items())
    if not problem and op != SPY_PROVINCE and not adjacent(context.state, source, target):
        problem = f"{OP_NAMES[op]} needs a neighbouring province; " + context.neighbour_problem(
            source, target
        )
    if not problem and source == target:
        problem = "you cannot spy on your own province"
    return spy_checked(entry, context, problem, SPY_ORDERS)


def no_alliance(state: WokState) -> str | None:
    """Why no alliance can share the victory (a game fought to the bitter end), or None."""
    if not bitter_end(state):
        return None
    return (
        f"no alliance shares the victory in a game fought to the bitter end ({quit_count(state)}"
        f" of the {state.seats} seats are empty or QUIT): the last one standing wins alone"
    )


def _check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    why = no_alliance(context.state)
    if why is not None:
        return False, why
    return SHARED_CHECKS["ally"](entry, context)


CHECKS: dict[str, Check] = {
    "bomb": bomb_checker(BOMB_ORDERS, bomb_range, _reach_hint),
    "attack": _check_attack,
    "transform": SHARED_CHECKS["transform"],
    "move": SHARED_CHECKS["move"],
    "trade": _check_trade,
    "aim": SHARED_CHECKS["aim"],
    "spy": _check_spy,
    "ally": _check_ally,
    "quit": SHARED_CHECKS["quit"],
    "ready": SHARED_CHECKS["ready"],
}
