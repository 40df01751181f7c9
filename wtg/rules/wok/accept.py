"""Checking WoK orders as they arrive, against the state they were written for.

A line is rejected, with its reason, for what the turn cannot mend: a province that does
not exist, a target out of reach, a count over the limit, a province that is not the
player's (``wtg.rules.wok.ownership`` says when one an attack line sets out to take may
be named: it gives a note). Who holds a province may still change before the order runs
(another player attacks first); the turn itself skips an order that cannot run, with its
reason. A rejected line is no order: it never uses up one of the limited lines of its
kind (only accepted ones count toward a limit).

The checks every WoK ruleset shares are here; each ruleset adds its own
(bombing, attacks, trades or upgrades, spying) in its ``accept`` module, its spy check ending
with the one here that every ruleset's shares (``spy_checked``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from wtg.aof.values import code_name
from wtg.core.orders import RawEntry, Verdict
from wtg.core.plurals import counted
from wtg.rules.wok.limits import (
    AIM_CHANGES,
    MOVE_ORDERS,
    MOVE_UNITS,
    POP_ARM_ORDERS,
    TRANSFORM_KINDS,
    TRANSFORM_ORDERS,
    UNITS_PER_ORDER,
)
from wtg.rules.wok.ownership import (
    AIM_FOR,
    ATTACK_FROM,
    BOMB_FROM,
    MOVE_FROM,
    MOVE_TO,
    SPY_FROM,
    TRANSFORM_IN,
    Holdings,
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
        self.holdings = Holdings(state, player)
        """The provinces the player holds, and those his accepted attack lines set out to take."""
        self.sent: dict[int, int] = {}
        """The troops the accepted attack lines send from each province the player holds."""
        self.provinces = len(state.provinces)
        """The largest province id (``WokState.has_province``), counted once: every province
        an order names is checked against it."""

    def province_problem(self, pid: object) -> str:
        if not isinstance(pid, int) or not 1 <= pid <= self.provinces:
            return f"there is no province {pid} (provinces are 1..{self.provinces})"
        return ""

    def provinces_problem(self, entry: RawEntry, *names: str) -> str:
        """What is wrong with the provinces ``entry``'s fields ``names`` hold, the first
        found; "" when each is a province of the map (``entry.number`` then reads it)."""
        problems = (self.province_problem(entry.values[name]) for name in names)
        return next((problem for problem in problems if problem), "")

    def ownership_problem(self, pid: int, need: str, *, by_attack: bool = True) -> str:
        """Why the order may not name ``pid``: not the player's (nor, unless ``by_attack``
        is False, taken by an accepted attack line); ``need`` says what the order needs."""
        return self.holdings.problem(pid, need, by_attack=by_attack)

    def taken_note(self, pid: int) -> str:
        """The note on an order naming a province that only an attack line may give."""
        return self.holdings.note(pid)

    def jumps(self) -> bool:
        """Whether the player's tech level will let moves jump, with the TECH upgrades ordered."""
        if self.jump_tech is None:
            return False
        return self.state.player(self.player).tech + self.tech_upgrades >= self.jump_tech

    def attack_problem(self, source: int, target: int, armies: int) -> str:
        """What is wrong with an attack line of every WoK ruleset, before its limit: both
        provinces on the map and next to each other, an army at least, and a FROM the
        player holds or an earlier accepted attack line sets out to take."""
        problem = (
            self.province_problem(source)
            or self.province_problem(target)
            or self.neighbour_problem(source, target)
        )
        if not problem and armies < 1:
            problem = "attack with at least 1 army"
        return problem or self.ownership_problem(source, ATTACK_FROM)

    def armies_note(self, source: int, armies: int) -> str:
        """The note on an accepted attack line that sends more troops than its province holds
        now, less those the earlier accepted lines from it send (they never come back: the
        winners move in, the losers are dead). Nothing brings troops to a province before the
        attacks (bombing may take some), so the line takes at most that many, and none when
        the earlier lines send them all: an attack takes what is there when it runs (ruling,
        ``docs/rules/wok.md`` 9). A province only an attack line may give has no count yet."""
        if self.state.province(source).owner != self.player:
            return ""
        province = self.state.province(source)
        earlier = self.sent.get(source, 0)
        self.sent[source] = earlier + armies
        left = max(0, province.troops - earlier)
        if armies <= left:
            return ""
        unit = "ARM" if province.troops == province.arm else "troops"
        where = f"in province {self.state.named(source)}" + (
            " after your earlier attack lines from it" if earlier else " now"
        )
        if left == 0:
            return f"note: no {unit} {where}: this attack finds none there and does not run"
        return (
            f"note: {left} {unit} {where}: this attack takes what is there when it runs,"
            f" at most {left}, not {armies}"
        )

    def spy_target_note(self, target: int) -> str:
        """The note on an accepted spy line whose target the turn would not spy on if it ran
        now: a neutral province, or one of the player's own. Another player may take it
        before the spying (an attack runs earlier in every ruleset), so the line is kept,
        and says what happens (ruling, ``docs/rules/wok.md`` 10)."""
        owner = self.state.province(target).owner
        if owner == 0:
            what = "neutral now, and spying on a neutral province is not allowed"
        elif owner == self.player:
            what = "yours now, and spying on your own province is not allowed"
        else:
            return ""
        return (
            f"note: province {self.state.named(target)} is {what}: this line runs only if another"
            f" player takes it before the spying; if nobody does, it is skipped and costs no spies"
        )

    def own_target_note(self, target: int, counts: str) -> str:
        """The note on an accepted attack line on a province the player holds now: the turn
        skips it unless another player takes the province first (the attacks run one by one,
        in the Order of Play), so the line is kept and says so; ``counts``: what a skipped
        line does to the player's attacks, by his ruleset."""
        if self.state.province(target).owner != self.player:
            return ""
        return (
            f"note: province {self.state.named(target)} is yours now: this attack runs only if"
            f" another player takes it before it; if nobody does, {counts}"
        )

    def neighbour_problem(self, source: int, target: int) -> str:
        if target in self.state.province(source).neighbours:
            return ""
        near = ", ".join(self.state.named(n) for n in self.state.province(source).neighbours)
        named = self.state.named
        return (
            f"province {named(target)} is not next to {named(source)} (its neighbours are {near})"
        )


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
        verdicts.append(Verdict(entry, ok, reason))  # in field order: no keywords, a line
        if ok:
            good.append(entry)
    return good, verdicts


def limit(entry: RawEntry, context: Context, limit: int, what: str) -> str:
    """The last check of a line of a limited kind: "" (and the line counts toward the
    limit), or why it is one too many. Called once every other check has passed, so a
    rejected line never uses up one of the lines allowed."""
    count = context.counts.get(entry.section, 0)
    if count >= limit:
        return f"only {counted(limit, what + ' order')} a turn"
    context.counts[entry.section] = count + 1
    return ""


def spy_checked(entry: RawEntry, context: Context, problem: str, orders: int) -> tuple[bool, str]:
    """The end of every WoK ruleset's spy check, after its own (``problem``, "" when they
    passed): at least 1 spy, sent from a province the player may spy from (``SPY_FROM``),
    within the ruleset's ``orders`` a turn; an accepted line noted with what is known of
    its target and its source."""
    if not problem and entry.number("spies") < 1:
        problem = "use at least 1 spy"
    source, target = entry.number("from"), entry.number("to")
    problem = (
        problem
        or context.ownership_problem(source, SPY_FROM)
        or limit(entry, context, orders, "spy")
    )
    if problem:
        return False, problem
    notes = (context.spy_target_note(target), context.taken_note(source))
    return True, "; ".join(note for note in notes if note)


def bomb_checker(
    orders: int,
    reach_of: Callable[[WokState, int, int], str | None],
    reach_hint: Callable[[WokState, int], str],
) -> Check:
    """The bombing check of a ruleset: too many lines, unknown provinces, no missiles, a
    source the player does not hold, or a target out of the ruleset's reach (``reach_hint``
    says what the source can reach)."""

    def check(entry: RawEntry, context: Context) -> tuple[bool, str]:
        problem = context.provinces_problem(entry, "from", "to")
        if problem:
            return False, problem
        source, target = entry.number("from"), entry.number("to")
        if entry.number("missiles") < 1:
            problem = "fire at least 1 missile"
        if not problem and reach_of(context.state, source, target) is None:
            hint = reach_hint(context.state, source)
            named = context.state.named
            problem = f"province {named(target)} is out of range of {named(source)}: bomb {hint}"
        problem = problem or context.ownership_problem(source, BOMB_FROM, by_attack=False)
        problem = problem or limit(entry, context, orders, "bombing")
        return (False, problem) if problem else (True, "")

    return check


def check_transform(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = context.provinces_problem(entry, "province")
    if problem:
        return False, problem
    province, kind, amount = entry.number("province"), entry.code("kind"), entry.number("amount")
    if kind not in context.transform_kinds:
        problem = f"kind must be one of {', '.join(map(code_name, context.transform_kinds))}"
    if not problem and amount < 1:
        problem = "transform at least 1 unit"
    problem = problem or context.ownership_problem(province, TRANSFORM_IN)
    if not problem and kind == "POP-ARM" and context.pop_to_arm >= POP_ARM_ORDERS:
        problem = f"a POP->ARM order beyond the {POP_ARM_ORDERS} allowed a turn"
    problem = problem or limit(entry, context, TRANSFORM_ORDERS, "transformation")
    if problem:
        return False, problem
    context.pop_to_arm += kind == "POP-ARM"
    return True, over_fifty(amount, "transformed") or context.taken_note(province)


def over_fifty(amount: int, verb: str) -> str:
    if amount > UNITS_PER_ORDER:
        return f"note: at most {UNITS_PER_ORDER} units are {verb} by one order"
    return ""


def check_move(entry: RawEntry, context: Context) -> tuple[bool, str]:
    problem = context.provinces_problem(entry, "from", "to")
    if problem:
        return False, problem
    source, target, amount = entry.number("from"), entry.number("to"), entry.number("amount")
    problem = _reach_problem(context, source, target)
    if not problem and entry.code("unit") not in context.move_units:
        problem = f"unit must be one of {', '.join(context.move_units)}"
    if not problem and amount < 1:
        problem = "move at least 1 unit"
    problem = (
        problem
        or context.ownership_problem(source, MOVE_FROM)
        or context.ownership_problem(target, MOVE_TO)
        or limit(entry, context, MOVE_ORDERS, "movement")
    )
    if problem:
        return False, problem
    notes = (
        over_fifty(amount, "moved"),
        context.taken_note(source) or context.taken_note(target),
    )
    return True, "; ".join(note for note in notes if note)


def _reach_problem(context: Context, source: int, target: int) -> str:
    """A move goes to a neighbour; at Intermediate's tech level 10 anywhere else."""
    if not context.jumps():
        return context.neighbour_problem(source, target)
    return "move to another province" if source == target else ""


def check_aim(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """Only changes count toward the 4: an order for the aim a province has is no change."""
    problem = context.provinces_problem(entry, "province")
    if problem:
        return False, problem
    province, aim = entry.number("province"), entry.code("aim")
    if aim not in context.aims:
        problem = f"aim must be one of {', '.join(context.aims)}"
    if not problem and province in context.aim_provinces:
        problem = f"province {context.state.named(province)} already has an aim order"
    problem = problem or context.ownership_problem(province, AIM_FOR)
    if not problem and context.state.province(province).aim == aim:
        context.aim_provinces[province] = aim
        note = f"note: province {context.state.named(province)} already has the aim {aim}"
        if context.state.province(province).idle:
            note += (
                ": this is no change, so its workers go on following the false orders;"
                " give it another aim to set them working"
            )
        return True, note
    if not problem:
        problem = limit(entry, context, AIM_CHANGES, "aim change")
    if problem:
        return False, problem
    context.aim_provinces[province] = aim
    return True, context.taken_note(province)


def check_ally(entry: RawEntry, context: Context) -> tuple[bool, str]:
    ally = entry.number("player")
    seated = {p.id for p in context.state.players}
    if ally != 0 and (ally == context.player or ally not in seated):
        return False, f"there is no other player {ally} (00 ends an alliance)"
    return True, ""


def check_ready(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """READY: the player's orders are final (the turn may run before its deadline)."""
    return True, ""


def check_quit(entry: RawEntry, context: Context) -> tuple[bool, str]:
    """QUIT: the player leaves the game at the end of the turn (0 or N: he stays)."""
    if not entry.flag("flag"):
        return True, ""
    turn = context.state.turn + 1
    state = context.state
    me = state.player(context.player)
    others = [
        p
        for p in state.players
        if me.controller is not None and p.controller == me.controller
        if p.id != me.id and p.standing
    ]
    if others:  # a Duel's colour: "a human may give up one colour and play on"
        return True, (
            f"note: {me.name} QUITs the game at the end of turn {turn}; this turn's other "
            f"orders of {me.name} still run, and it gives no more orders after it (your "
            "other colours play on unless each quits on its own form)"
        )
    return True, (
        f"note: you QUIT the game at the end of turn {turn}; this turn's other orders still "
        "run, and you give no more orders after it"
    )


SHARED_CHECKS: dict[str, Check] = {
    "transform": check_transform,
    "move": check_move,
    "aim": check_aim,
    "ally": check_ally,
    "quit": check_quit,
    "ready": check_ready,
}
