"""Checking WISK orders as they arrive, against the state they were written for.

In a game of turns one after another nothing changes between the orders and the turn,
but the turn itself changes the map as it goes: an attack may start from a territory an
EARLIER accepted attack line of the same orders sets out to take, and the fortification
may name a territory any accepted attack line sets out to take; such a line gets a note,
and the turn skips it, with its reason, if the attack failed. Any other line naming a
territory that is not the player's is rejected at once, with the reason (ruling 19). A
line is also rejected for what the turn can never mend: a territory or card that does not
exist, cards that are no set, a target that is no neighbour, a number out of range."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wtg.core.orders import RawEntry, Verdict
from wtg.core.plurals import counted
from wtg.core.rng import NoChance
from wtg.rules.wisk.constants import ATTACK_DICE, SET_SIZE
from wtg.rules.wisk.reinforce import Pools, ordered_trades, reinforce, trade_problem
from wtg.rules.wisk.state import CLAIMING, PLACING, PLAYING, WiskState
from wtg.rules.wisk.turn import Turn

Check = Callable[[RawEntry, "Context"], tuple[bool, str]]
SETUP_SECTIONS = ("place", "ready")
"""What an AOF of the initial assignment may hold."""


@dataclass
class Context:
    state: WiskState
    player: int
    traded: set[int] = field(default_factory=set)
    trades: list[list[int]] = field(default_factory=list)
    """The accepted trades, in order."""
    pools: Pools | None = None
    """The armies still to place, as the accepted place lines so far leave them: worked out
    at the first place line of the player whose turn it is (``to_place``)."""
    new_armies: int = 0
    """All the armies the player gets to place this turn."""
    placed: int = 0
    """Place lines accepted so far."""
    taken: dict[int, int] = field(default_factory=dict)
    """Territories the accepted attack lines set out to take, each with the first source."""

    def territory_problem(self, tid: object) -> str:
        if not self.state.board.has(tid):
            return f"there is no territory {tid} (territories are 1..{len(self.state.holdings)})"
        return ""

    def neighbour_problem(self, source: int, target: int) -> str:
        site = self.state.board.site(source)
        if target in site.neighbours:
            return ""
        near = ", ".join(str(n) for n in site.neighbours)
        board = self.state.board
        return (
            f"territory {board.named(target)} is not next to {board.named(source)}"
            f" (its neighbours are {near})"
        )

    def holder(self, tid: int) -> str:
        """Who holds ``tid`` (the board is public)."""
        owner = self.state.owner(tid)
        if owner == 0:
            return "nobody's"
        return f"{self.state.player(owner).name}'s, player #{owner}"

    def ownership_problem(self, tid: int, need: str, *, by_attack: bool = True) -> str:
        """Why a line may not name ``tid`` ("" when it may): not the player's and (unless
        ``by_attack`` is False) no accepted attack line sets out to take it."""
        if self.state.owner(tid) == self.player or (by_attack and tid in self.taken):
            return ""
        named = self.state.board.named(tid)
        return f"territory {named} is not yours (it is {self.holder(tid)}): {need}"

    def to_place(self) -> Pools | None:
        """The armies the player has to place this turn, from his territories, continents
        and the accepted trades (and the trades five cards force), as the turn counts them
        (``wtg.rules.wisk.reinforce``; no dice): None when it is not his turn."""
        if self.state.active != self.player:
            return None
        if self.pools is None and self.state.stage == PLACING:
            # the rest of the starting armies, all on one AOF (ruling 20)
            self.pools = Pools(free=self.state.player(self.player).to_place)
            self.new_armies = self.pools.total
        elif self.pools is None:
            turn = Turn(self.state.clone(), NoChance())
            self.pools = reinforce(turn, ordered_trades(turn, self.trades))
            self.new_armies = self.pools.total
        return self.pools

    def taken_note(self, tid: int) -> str:
        if self.state.owner(tid) == self.player or tid not in self.taken:
            return ""
        named, source = self.state.board.named(tid), self.state.board.named(self.taken[tid])
        return (
            f"note: territory {named} is not yours now; your attack on it from {source}"
            " may take it, and this line runs only if it does"
        )


PLACE_ON = "armies are placed on your own territories (placing comes before any attack)"
ATTACK_FROM = (
    "an attack starts from your own territory, or from one an earlier attack line of yours takes"
)
FORTIFY_WITH = "you fortify between your own territories, or ones an attack line of yours takes"


def check_trade(entry: RawEntry, context: Context) -> tuple[bool, str]:
    cards = [entry.number(name) for name in entry.values]
    if len(cards) != SET_SIZE:
        return False, f"a trade names {SET_SIZE} cards"
    again = sorted(context.traded.intersection(cards))
    if again:
        return False, f"card {again[0]} is traded on an earlier line"
    problem = trade_problem(context.state, context.player, cards)
    if problem:
        return False, problem
    context.traded.update(cards)
    context.trades.append(cards)
    return True, ""


def check_place(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = context.territory_problem(entry.values["territory"])
    if problem:
        return False, problem
    tid, armies = entry.number("territory"), entry.number_or_none("armies")
    if context.state.stage == CLAIMING:  # a claim takes one army, whatever ARMIES says
        if context.state.owner(tid):
            return True, f"note: territory {tid} is taken; a later line may be claimed instead"
        return True, ""
    one_a_turn = context.state.stage == PLACING and context.state.options.one_army_a_turn
    if armies is None and not one_a_turn:  # one a turn: the form says ARMIES 1
        return False, "write how many ARMIES to place there"
    if armies == 0:
        return False, "place at least 1 army"
    problem = context.ownership_problem(tid, PLACE_ON, by_attack=False)
    if problem:
        return False, problem
    context.placed += 1
    if not one_a_turn:
        return True, short_note(context, tid, armies or 0)
    return True, one_army_note(context, armies or 1)


def short_note(context: Context, tid: int, armies: int) -> str:
    """A place line asking for more armies than are left for ``tid`` when it runs (the turn
    places what is left: ruling 20): what it places."""
    pools = context.to_place()
    if pools is None:
        return ""
    continent = context.state.board.site(tid).continent
    placed = pools.take(continent, armies)
    if placed == armies:
        return ""
    said = "no armies are" if placed == 0 else f"only {_armies(placed)} {_be(placed)}"
    done = "it places none" if placed == 0 else f"it places {placed}, not {armies}"
    if context.state.stage == PLACING:
        why = [f"you have {context.new_armies} starting armies to place"]
    else:
        why = [f"you get {context.new_armies} this turn"]
    if context.placed > 1:
        why.append("your earlier place lines take theirs first")
    if any(left for name, left in pools.continents.items() if name != continent):
        why.append("a continent's bonus goes only on its own territories")
    return (
        f"note: {said} left to place on territory {tid} when this line runs"
        f" ({'; '.join(why)}): {done}"
    )


def _armies(count: int) -> str:
    return counted(count, "army", "armies")


def _be(count: int) -> str:
    return "is" if count == 1 else "are"


def one_army_note(context: Context, armies: int) -> str:
    """While the starting armies are placed one a turn, what happens to a line."""
    state = context.state
    if state.stage != PLACING or not state.options.one_army_a_turn:
        return ""
    if context.placed > 1:
        return "note: one army a turn; it goes on the first territory you list"
    if armies > 1:
        return f"note: one army a turn; 1 is placed here, not {armies}"
    return ""


def route_problem(entry: RawEntry, context: Context) -> str:
    """What is wrong with the FROM and TO of an attack or a fortification: territories that
    do not exist, or are not next to each other."""
    problem = context.territory_problem(entry.values["from"]) or context.territory_problem(
        entry.values["to"]
    )
    if problem:
        return problem
    return context.neighbour_problem(entry.number("from"), entry.number("to"))


def check_attack(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = route_problem(entry, context)
    if problem:
        return False, problem
    source, target, dice = entry.number("from"), entry.number("to"), entry.number("dice")
    if not 1 <= dice <= ATTACK_DICE:
        problem = f"roll 1 to {ATTACK_DICE} dice, not {dice}"
    if not problem and context.state.owner(target) == context.player:
        named = context.state.board.named(target)
        problem = f"territory {named} is yours: nothing takes it from you in your own turn"
    problem = problem or context.ownership_problem(source, ATTACK_FROM)
    if problem:
        return False, problem
    context.taken.setdefault(target, source)
    notes = (_move_note(entry.number("move"), dice), context.taken_note(source))
    return True, "; ".join(note for note in notes if note)


def _move_note(move: int, dice: int) -> str:
    """A MOVE under the dice the line rolls: "u must move at least the attacked dice number
    armies to that occupied territory" (ruling 22), so more move in than it says."""
    if not 0 < move < dice:
        return ""
    return (
        f"note: MOVE {move} is under the {dice} dice: if the territory falls, at least"
        " the dice of the last roll move in"
    )


def check_fortify(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = route_problem(entry, context)
    if problem:
        return False, problem
    if entry.number("armies") < 1:
        problem = "move at least 1 army"
    source, target = entry.number("from"), entry.number("to")
    problem = (
        problem
        or context.ownership_problem(source, FORTIFY_WITH)
        or context.ownership_problem(target, FORTIFY_WITH)
    )
    if problem:
        return False, problem
    return True, context.taken_note(source) or context.taken_note(target)


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
