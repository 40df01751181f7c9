"""The forecast in an order confirmation: the player's provinces after this turn if nobody
else acted. The same phase functions run, on a copy, with only this player's orders;
attacks, spying and what the bombs hit are left to the turn itself, and so are the orders
in a province an attack line may take (``ForecastTurn.hoped``; a bombing order that
cannot fly is said, as the turn's first phase would say it, and so is a bombing, attack or
spy operation that headhunting protection or a Duel's NAP will cancel, or that is sent
from a province of his with no armies or spies left in it)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from wtg.core.events import Event
from wtg.core.jsondata import Json, json_list
from wtg.core.plurals import counted
from wtg.core.rng import NoChance
from wtg.rules.wok.attacking import ATTACK_LINES
from wtg.rules.wok.attacklines import AttackSending, Fate, Line, attack_fates, later_attacks
from wtg.rules.wok.espionage import SPY_ORDERS
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.phases.movement import ALL_TROOPS, UNIT_FIELD, available, none_to_move
from wtg.rules.wok.protection import forbidden
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.turn import Phase, Turn
from wtg.rules.wok.view import ProvinceRow, province_row
from wtg.rules.wok.warfare import BOMB_ORDERS

_NO_CHANCE = NoChance()
"""Shared by every forecast: it never draws (a Random made anew seeds itself from the OS)."""
_LATER = {"bomb": "bombing order", "attack": "attack", "spy": "spy operation"}
"""The orders decided when the turn runs (chance), as the forecast counts them."""
_UNREAD = frozenset(("attack", "spy"))
"""The orders no phase of a forecast reads: the bombing orders are aimed (``aiming``)."""
_LINES_TAKEN = {"attack": ATTACK_LINES, "bomb": BOMB_ORDERS, "spy": SPY_ORDERS}
"""The lines of each kind the turn takes, in their order; it never reads those after."""
_BOMBING = "bombing"
"""The last word of every ruleset's bombing phase, by which its skipped orders are known."""
_MOVE = re.compile(r"move \d+ ([A-Z]+) from (\d+) to \d+$")
"""A move's text, as the movement phase writes it (``movement._move``): its unit, its source."""
_NOT_YOURS = re.compile(r"province (\d+)(?: [^:]*)? is not yours(?::|$)")
"""The reason a phase skips an order in a province not the player's (``Turn.own_or_skip``)."""


def forecast(
    state: WokState,
    orders: Mapping[str, Json],
    player: int,
    phases: Sequence[Phase],
    row: Callable[[Province], ProvinceRow] = province_row,
    waste_remainder: bool = False,
    rules: AttackSending | None = None,
) -> dict[str, object]:
    """``phases``: the ruleset's phases without chance (they never draw from the RNG);
    ``row``: a province's line (a ruleset may show more); the wood where there is any;
    ``waste_remainder``: the turn's (Standard and Intermediate lose what a transformation
    leaves over); ``rules``: how the ruleset's attacks count (None: every line the form
    takes counts)."""
    work = players_part(state, player)
    given = forecast_orders(orders)
    return forecast_and_attacks(work, given, player, phases, row, waste_remainder, rules)[0]


@dataclass(frozen=True, slots=True)
class ForecastOrders:
    """A player's orders as a forecast reads them, read once for each run of it (a
    confirmation's forecast may run twice: ``troopforecast``)."""

    lines: dict[str, Json]
    """The order file with only the lines the turn takes: the first ``ATTACK_LINES``
    attack lines, ``BOMB_ORDERS`` bombing and ``SPY_ORDERS`` spy lines (a line past them
    is rejected, sends nothing and is nothing decided when the turn runs)."""
    typed: Orders
    """The orders the forecast's phases read."""
    later: Orders
    """The attacks and spy operations, which no phase of a forecast reads: left to the
    turn, only counted."""


def forecast_orders(orders: Mapping[str, Json]) -> ForecastOrders:
    """``orders`` (a canonical order file that ``accept`` checked) as a forecast reads them."""
    lines = {
        **orders,
        **{
            key: json_list(orders[key])[:most]
            for key, most in _LINES_TAKEN.items()
            if key in orders
        },
    }
    # the orders left to the turn are only counted: no phase of a forecast reads them, so
    # they are not made into records among the others (a full form has 13 of them)
    typed = Orders.from_dict({k: v for k, v in lines.items() if k not in _UNREAD})
    later = Orders.from_dict({k: v for k, v in lines.items() if k in _UNREAD or k == "player"})
    return ForecastOrders(lines, typed, later)


def forecast_and_attacks(
    work: WokState,
    given: ForecastOrders,
    player: int,
    phases: Sequence[Phase],
    row: Callable[[Province], ProvinceRow] = province_row,
    waste_remainder: bool = False,
    rules: AttackSending | None = None,
    troops: Mapping[int, int] | None = None,
    sent_from: frozenset[int] = frozenset(),
) -> tuple[dict[str, object], list[Line]]:
    """The forecast of ``given`` run on ``work``, a working copy of the state
    (``players_part``, or a whole ``clone``: the same forecast), which it changes; and the
    fate of each attack line: of the attack lines only those the player's attacks reach
    are orders (``attacklines``: a line after the lines sure to run have used every attack
    never runs, and takes no armies). ``troops``: each of his provinces' troops as the
    turn begins, where ``work`` holds others (a second run, on a copy whose attacks have
    sent theirs); else ``work``'s. ``sent_from``: the provinces of his such a copy's
    attacks have sent troops from (``ForecastTurn.sent_from``)."""
    orders, later_orders = given.lines, given.later
    work.turn += 1
    board = work.board if isinstance(work, PlayersPart) else work.provinces
    owners = tuple(p.owner for p in board)  # as the turn begins: a Duel's NAPs look at it
    turn = ForecastTurn(
        work,
        {player: given.typed},
        _NO_CHANCE,
        (player,),
        start_owner=owners,
        waste_remainder=waste_remainder,
    )
    start_tech = work.player(player).tech
    if troops is None:  # as the attacks find them
        troops = {p.id: p.troops for p in work.provinces_of(player)}
    protected = _protected(turn, later_orders, player)
    texts = {s["order"] for s in protected if s["phase"] == "attack"}
    most = _allowed(rules, start_tech + _tech_upgrades(orders, rules))  # the most it may have
    hopeful = attack_fates(work, later_orders.attack, player, most, texts, troops)
    turn.takeable = _takeable(turn, hopeful, player)
    turn.sent_from = sent_from
    for phase in phases:
        phase(turn)
    me = work.player(player)
    allowed = _allowed(rules, me.tech if rules and rules.upgrades_first else start_tech)
    fates = attack_fates(work, later_orders.attack, player, allowed, texts, troops)
    ran = {index for index, line in enumerate(fates) if line.fate is not Fate.PAST}
    cancelled = [
        s for s, index in _protected_lines(protected, later_orders) if index is None or index in ran
    ]
    cancelled += _armless(turn, fates, rules.sent[1] if rules else "armies")
    grounded = sum(1 for s in turn.skipped if s["phase"].endswith(_BOMBING))
    cancelled += _spyless(turn, later_orders, player)
    turn.skipped.extend(cancelled)
    counts = {k: len(json_list(orders.get(k))) - (grounded if k == "bomb" else 0) for k in _LATER}
    for skipped in cancelled:
        if skipped["phase"] != "attack":
            counts[skipped["phase"]] -= 1
    counts["attack"] = later_attacks(fates, allowed)
    later = [counted(counts[k], what) for k, what in _LATER.items() if counts[k] > 0]
    if turn.hoped:
        later.append(
            counted(
                turn.hoped,
                "order in a province your attacks may take",
                "orders in provinces your attacks may take",
            )
        )
    result = {
        "provinces": [row(p) for p in work.provinces_of(player)],
        "eff": me.eff,
        "tech": me.tech,
        "gold": me.gold,
        "later": later,
        "skipped": turn.skipped,
        # no phase of the forecast reads the attacks: their armies are still at home
        "attacking": counts["attack"] > 0,
    }
    if me.wood is not None:
        result["wood"] = me.wood
    return result, fates


def _allowed(rules: AttackSending | None, tech: int) -> int:
    """The attacks the player has at ``tech`` (every line the form takes without ``rules``)."""
    return rules.attacks(tech) if rules else ATTACK_LINES


def _tech_upgrades(orders: Mapping[str, Json], rules: AttackSending | None) -> int:
    """The TECH upgrades ordered, where they run before the attacks (none elsewhere)."""
    if not rules or not rules.upgrades_first:
        return 0
    return sum(1 for name in json_list(orders.get("upgrade")) if name == "TECH")


def _protected_lines(
    protected: list[dict[str, str]], orders: Orders
) -> list[tuple[dict[str, str], int | None]]:
    """Each cancelled line with the index of its attack line (None for a spy operation),
    in order (``_protected`` says the attack lines in their order)."""
    texts = [f"attack on {o.target} from {o.source}" for o in orders.attack]
    paired: list[tuple[dict[str, str], int | None]] = []
    index = 0
    for skipped in protected:
        if skipped["phase"] != "attack":
            paired.append((skipped, None))
            continue
        index = texts.index(skipped["order"], index)
        paired.append((skipped, index))
        index += 1
    return paired


def _protected(turn: Turn, orders: Orders, player: int) -> list[dict[str, str]]:
    """The attacks and spy operations the turn will cancel whatever the others do: on a
    home province protected from headhunting, or on a province of a side a Duel's NAP
    binds (both known before the turn: "on any province that is the other's AT THE START
    OF THE TURN"). Keyed by the orders' key in ``_LATER``, as ``phase``."""
    found = []
    targets = [("attack", o.source, o.target) for o in orders.attack]
    targets += [("spy", o.source, o.target) for o in orders.spy]
    for key, source, target in targets:
        if not turn.state.has_province(target) or turn.state.province(target).owner == player:
            continue
        reason = forbidden(turn, player, target)
        if reason:
            what = "attack" if key == "attack" else "spy operation"
            order = f"{what} on {target} from {source}"
            found.append({"phase": key, "order": order, "reason": reason})
    return found


def _armless(turn: Turn, fates: list[Line], sent: str) -> list[dict[str, str]]:
    """The attacks from a province of his that his earlier attack lines sure to run have
    left without armies (``attacklines``), as the turn says them (``sent``: what a line
    sends, Intermediate's troops): an attack takes the armies it sends whether it wins or
    fails, and nothing brings armies there before the attacks. Keyed ``attack``, as
    ``_protected``'s."""
    found = []
    for line in fates:
        if line.fate is Fate.ARMLESS:
            order = line.order
            text = f"attack on {order.target} from {order.source}"
            reason = f"no {sent} left in province {turn.state.named(order.source)}"
            found.append({"phase": "attack", "order": text, "reason": reason})
    return found


def _spyless(turn: ForecastTurn, orders: Orders, player: int) -> list[dict[str, str]]:
    """The spy operations sent from a province of his that holds no spy when the spying
    begins, if nobody else acted (the forecast's phases have run: no order of his brings
    one there later), as the turn says them; those ``_protected`` cancels are said there.
    Keyed ``spy``, as ``_protected``'s."""
    found = []
    for order in orders.spy:
        source = turn.owned(order.source, player)
        if source is None or source.spy > 0:
            continue  # a province his attacks may take brings the spies it holds
        state = turn.state
        if (
            state.has_province(order.target)
            and state.province(order.target).owner != player
            and forbidden(turn, player, order.target)
        ):
            continue
        text = f"spy operation on {order.target} from {order.source}"
        reason = f"no spies left in province {state.named(order.source)}"
        found.append({"phase": "spy", "order": text, "reason": reason})
    return found


def _takeable(turn: Turn, fates: list[Line], player: int) -> frozenset[int]:
    """The provinces not the player's that his attack lines may take: the targets on the
    map of the lines that may run (``attacklines``: not cancelled by headhunting protection
    or a Duel's NAP, nor past his attacks)."""
    state = turn.state
    return frozenset(
        line.order.target
        for line in fates
        if line.fate in (Fate.SURE, Fate.MAYBE)
        and state.has_province(line.order.target)
        and state.province(line.order.target).owner != player
    )


@dataclass(slots=True)
class ForecastTurn(Turn):
    """The turn a forecast runs: it keeps what the confirmation shows, each order that would
    not run as its phase, its text and the reason, and no event (the confirmation shows
    none, and a full form would make twenty).

    An order after the bombing in a province one of his attack lines may take is counted
    in ``hoped``, not said as one that would not run: the forecast leaves the attacks to
    the turn, and the turn runs such an order once the attack has won (the confirmation's
    line said "this order runs only if it does"). But a move into such a province out of
    one of his that holds none of what it moves would not run even then, and is said so
    (press49: it was counted among the orders his attacks might let run, and the turn
    skipped it, 'no ARM in province 1')."""

    skipped: list[dict[str, str]] = field(default_factory=list)
    takeable: frozenset[int] = frozenset()
    """The provinces his attack lines may take (``_takeable``)."""
    hoped: int = 0
    """The orders skipped here in a province of ``takeable``: decided when the turn runs."""
    sent_from: frozenset[int] = frozenset()
    """The provinces of his whose troops the attacks have sent, on the copy a troop forecast
    runs again (``troopforecast``): a move out of one into a province of ``takeable`` that
    finds nothing to move would not run, whether the attack wins or not."""
    keeps_events: ClassVar[bool] = False

    def emit(self, event: Event) -> None:
        pass  # the forecast shows the provinces and the record, not what happened to them

    def skip(self, player: int, phase: str, order: str, reason: str) -> None:
        found = _NOT_YOURS.match(reason)
        if (
            found
            and int(found.group(1)) in self.takeable
            and not phase.endswith(_BOMBING)  # bombing comes before any attack
        ):
            reason = self._nothing_to_move(player, order)
            if not reason:
                self.hoped += 1
                return
        self.skipped.append({"phase": phase, "order": order, "reason": reason})

    def _nothing_to_move(self, player: int, order: str) -> str:
        """Why a move into a province his attacks may take would not run if they took it:
        its source is one his attacks have sent troops from (``sent_from``) and holds none
        of what it moves (the turn finds the target not his, or nothing to move: it runs in
        neither case). "" for any other move, and any other order."""
        move = _MOVE.match(order)
        if move is None:
            return ""
        unit, pid = move.group(1), int(move.group(2))
        source = self.owned(pid, player) if pid in self.sent_from else None
        if source is None or (unit not in UNIT_FIELD and unit != ALL_TROOPS):
            return ""
        return none_to_move(self.state, pid, unit) if available(source, unit) < 1 else ""


@dataclass(slots=True)
class PlayersPart(WokState):
    """A working copy of the state for one player's forecast: copies of his provinces and
    of his record, the state's own for everything else. ``provinces`` holds his provinces
    only, so the phases that run over every province (growth, the neutrals' work) run over
    his; ``province(id)`` finds any province on ``board``.

    The same forecast as on a whole copy, which costs a copy of every province and the
    phases' work on each (a third of a forecast on a 60-province map): with only his
    orders, a forecast's phases change a province only once it is found his (an order's
    province, a move's target) or change every province alike, each by its own values;
    and the forecast shows his provinces and his record. No other province or record is
    ever changed (``tests/rules/test_forecast_part.py`` holds both to the whole copy's)."""

    board: list[Province] = field(default_factory=list)
    """Every province, by id (index id - 1): his copies and the state's own others."""

    def province(self, pid: int) -> Province:
        return self.board[pid - 1]

    def has_province(self, pid: int) -> bool:
        return 1 <= pid <= len(self.board)


def players_part(state: WokState, player: int) -> PlayersPart:
    """The working copy of ``state`` a forecast of ``player``'s orders runs on."""
    mine = [p.clone() for p in state.provinces_of(player)]
    board = list(state.provinces)
    for province in mine:
        board[province.id - 1] = province
    players = list(state.players)
    for index, record in enumerate(players):
        if record.id == player:
            players[index] = record.clone()
    return PlayersPart(
        state.game,
        state.map,
        state.turn,
        state.seats,
        players,
        mine,
        list(state.oop),
        state.outcome,
        state.variant,
        state.started_with,
        state.protection,
        list(state.protected),
        list(state.naps),
        state.rip_target,
        board=board,
    )
