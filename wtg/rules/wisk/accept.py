"""Checking WISK orders as they arrive, against the state they were written for.

In a game of turns one after another nothing changes between the orders and the turn,
but the turn itself changes the map as it goes: an attack may start from a territory an
earlier attack of the same turn conquers, so who holds a territory gives a note, and
the turn skips an order that cannot run, with its reason. A line is rejected only for
what the turn can never mend: a territory or card that does not exist, cards that are
no set, a target that is no neighbour, a number out of range."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wtg.core.orders import RawEntry, Verdict
from wtg.rules.wisk.constants import ATTACK_DICE, SET_SIZE
from wtg.rules.wisk.reinforce import trade_problem
from wtg.rules.wisk.state import CLAIMING, PLAYING, WiskState

Check = Callable[[RawEntry, "Context"], tuple[bool, str]]
SETUP_SECTIONS = ("place", "ready")
"""What an AOF of the initial assignment may hold."""


@dataclass
class Context:
    state: WiskState
    player: int
    traded: set[int] = field(default_factory=set)

    def territory_problem(self, tid: object) -> str:
        if not self.state.board.has(tid):
            return f"there is no territory {tid} (territories are 1..{len(self.state.holdings)})"
        return ""

    def neighbour_problem(self, source: int, target: int) -> str:
        site = self.state.board.site(source)
        if target in site.neighbours:
            return ""
        near = ", ".join(str(n) for n in site.neighbours)
        return f"territory {target} is not next to {source} (its neighbours are {near})"

    def not_yours(self, tid: int) -> str:
        if self.state.owner(tid) != self.player:
            return f"note: territory {tid} is not yours now; the order runs only if it is then"
        return ""


def check_trade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    cards = [int(c) for c in entry.values.values()]
    if len(cards) != SET_SIZE:
        return False, f"a trade names {SET_SIZE} cards"
    again = sorted(context.traded.intersection(cards))
    if again:
        return False, f"card {again[0]} is traded on an earlier line"
    problem = trade_problem(context.state, context.player, cards)
    if problem:
        return False, problem
    context.traded.update(cards)
    return True, ""


def check_place(entry: RawEntry, context: Context) -> tuple[bool, str]:
    tid, armies = entry.values["territory"], entry.values["armies"]
    problem = context.territory_problem(tid)
    if problem:
        return False, problem
    assert isinstance(tid, int)
    if context.state.stage == CLAIMING:
        if context.state.owner(tid):
            return True, f"note: territory {tid} is taken; a later line may be claimed instead"
        return True, ""
    if armies == 0:
        return False, "place at least 1 army"
    if context.state.owner(tid) != context.player:
        return False, f"territory {tid} is not yours (armies are placed before any attack)"
    return True, ""


def route_problem(entry: RawEntry, context: Context) -> str:
    """What is wrong with the FROM and TO of an attack or a fortification: territories that
    do not exist, or are not next to each other."""
    source, target = entry.values["from"], entry.values["to"]
    problem = context.territory_problem(source) or context.territory_problem(target)
    if problem:
        return problem
    return context.neighbour_problem(int(source), int(target))


def check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = route_problem(entry, context)
    if not problem and not 1 <= int(v["dice"]) <= ATTACK_DICE:
        problem = f"roll 1 to {ATTACK_DICE} dice, not {v['dice']}"
    if not problem and context.state.owner(int(v["to"])) == context.player:
        problem = f"territory {v['to']} is yours: nothing takes it from you in your own turn"
    return (False, problem) if problem else (True, context.not_yours(int(v["from"])))


def check_fortify(entry: RawEntry, context: Context) -> tuple[bool, str]:
    v = entry.values
    problem = route_problem(entry, context)
    if not problem and int(v["armies"]) < 1:
        problem = "move at least 1 army"
    if problem:
        return False, problem
    return True, context.not_yours(int(v["from"])) or context.not_yours(int(v["to"]))


def check_ready(entry: RawEntry, context: Context) -> tuple[bool, str]:
    return True, ""


CHECKS: dict[str, Check] = {
    "trade": check_trade,
    "place": check_place,
    "attack": check_attack,
    "fortify": check_fortify,
    "ready": check_ready,
}


def accept_entries(
    entries: Sequence[RawEntry], state: WiskState, player: int
) -> tuple[list[RawEntry], list[Verdict]]:
    """Every entry checked, section by section in the order of the turn, each section's
    lines in the order written."""
    context = Context(state, player)
    verdicts: list[Verdict] = []
    for section, check in CHECKS.items():
        mine = sorted((e for e in entries if e.section == section), key=lambda e: e.position)
        for entry in mine:
            if state.stage != PLAYING and section not in SETUP_SECTIONS:
                ok, reason = False, "the initial assignment takes only placements"
            else:
                ok, reason = check(entry, context)
            verdicts.append(Verdict(entry=entry, accepted=ok, reason=reason))
    return [v.entry for v in verdicts if v.accepted], verdicts
