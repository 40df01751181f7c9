"""What a WoK ruleset object does the same way in every WoK ruleset: the form, maps, state
files, order checks, reports, the Top Ten, the forecast. A ruleset subclasses ``WokRuleset``
and names its own pieces (setup, phases, checks, attack count, forecast phases)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import ClassVar

from wtg.aof.orderfile import orders_from_entries
from wtg.aof.render import OMIT
from wtg.core.board import Board
from wtg.core.errors import GameFinished as GameFinished
from wtg.core.form import FormSpec
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import Acceptance, RawEntry
from wtg.core.provmap import MapLimits, ProvinceMap, map_from_data
from wtg.core.ruleset import (
    GameSetup,
    OptionValue,
    PublicSide,
    Ruleset,
    ScoreLine,
    SeatId,
    SideId,
    TurnResult,
    TurnStyle,
    public_sides,
)
from wtg.rules.base import RulesetFiles
from wtg.rules.wok import byhand
from wtg.rules.wok.accept import Check, Context, accept_entries
from wtg.rules.wok.attacking import ARMIES
from wtg.rules.wok.attacklines import AttackSending
from wtg.rules.wok.board import holds_nothing, wok_board
from wtg.rules.wok.limits import ABSENCE_TURNS, MOVE_UNITS, TRANSFORM_KINDS
from wtg.rules.wok.orderdrawing import orders_drawn
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.phases.victory import ranked
from wtg.rules.wok.protection import headhunting_in_force, naps_in_force
from wtg.rules.wok.score import top_ten
from wtg.rules.wok.state import ACTIVE, QUIT, Province, WokState
from wtg.rules.wok.troopforecast import troops_forecast
from wtg.rules.wok.turn import Phase, Turn
from wtg.rules.wok.view import ProvinceRow, TurnReading, province_row, report_context

MAP_LIMITS = MapLimits(pop_min=50, pop_max=130)


def absence_words(troops: str) -> str:
    """What an ABSENCE does in a WoK game, said of the troops as the ruleset names them
    (Standard: armies)."""
    return (
        f"your {troops} dig in and your workers keep their aims, as when a turn is missed, "
        "but no missed turn is counted (nor a HiScore turn point earned)"
    )


class WokRuleset(RulesetFiles[WokState], Ruleset[WokState]):
    name: str
    title: str
    turn_style: TurnStyle = TurnStyle.SIMULTANEOUS
    aims: ClassVar[tuple[str, ...]]
    transform_kinds: ClassVar[tuple[str, ...]] = TRANSFORM_KINDS
    move_units: ClassVar[tuple[str, ...]] = MOVE_UNITS
    jump_tech: ClassVar[int | None] = None
    map_limits: ClassVar[MapLimits] = MAP_LIMITS
    checks: ClassVar[Mapping[str, Check]]
    spy_ops: ClassVar[Mapping[int, str]]
    """The spy operations by number, as the reports name them."""
    forecast_phases: ClassVar[tuple[Phase, ...]]
    movement_phase: ClassVar[str]
    """The phase that moves units, as the turn names it in the lines it skips."""
    upgrades_first: ClassVar[bool] = False
    """Whether the tech upgrades run before the attacks (``AttackSending``)."""
    turn_limits_attacks: ClassVar[bool] = True
    """Whether the turn stops once the attacks allowed have run (``AttackSending``)."""
    attack_sends: ClassVar[tuple[str, str]] = ARMIES
    """What an attack line sends, as a line that would not run says it (``AttackSending``)."""
    upgrade_troops_phase: ClassVar[str | None] = None
    """The phase that upgrades troops (Intermediate's), as the turn names it."""
    waste_remainder: ClassVar[bool] = False
    """What a transformation leaves over is lost (Standard, Intermediate: "If the number
    converted is not a multiple of the ratio, the extra will be lost"): its turn's and its
    forecast's ``Turn`` say so alike."""
    starts_public: ClassVar[bool] = False
    """Whether every player sees where everyone started (Standard: "Once turn 0 has run, you
    can see on the map where everyone is starting")."""
    absence_policy: ClassVar[str] = absence_words("troops")
    absence_turns: ClassVar[int] = ABSENCE_TURNS
    _last_reading: TurnReading | None = None
    """The reading of the last turn whose reports were asked for (``_reading``)."""
    _last_topten: tuple[WokState, list[ScoreLine]] | None = None
    """The last state whose Top Ten was asked for, and that Top Ten."""

    # a ruleset's own pieces: plain functions, set with staticmethod(...)
    start_state: Callable[[GameSetup, ProvinceMap, Random], WokState]
    run_phases: Callable[[WokState, Mapping[int, Orders], Random], TurnResult[WokState]]
    attacks_allowed: Callable[[int], int]
    forecast_row: Callable[[Province], ProvinceRow] = staticmethod(province_row)
    """A province's line in the forecast (Intermediate's shows its troops)."""

    # --- the same in every WoK ruleset ------------------------------------------------
    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        return "classic60"

    def load_map(self, name: str) -> ProvinceMap:
        found = self.read_map(name)
        return map_from_data(
            found.data, self.map_limits, source=found.source, default_name=found.name
        )

    def map_of_file(self, path: str) -> ProvinceMap:
        return self.load_map(path)

    def form_for(self, state: WokState) -> FormSpec:
        return self.form_for_map(len(state.provinces))

    def new_game(self, setup: GameSetup, rng: Random) -> TurnResult[WokState]:
        return TurnResult(state=self.start_state(setup, self.load_map(setup.map), rng), events=())

    def resolve(
        self, state: WokState, orders: Mapping[int, Mapping[str, Json]], rng: Random
    ) -> TurnResult[WokState]:
        return self.run_phases(state, {p: Orders.from_dict(o) for p, o in orders.items()}, rng)

    def state_to_dict(self, state: WokState) -> JsonObject:
        return state.to_dict(self.name)

    def state_from_dict(self, data: Mapping[str, Json]) -> WokState:
        return WokState.from_dict(data)

    def absent_orders(self, side: SideId) -> JsonObject:
        """What an absent player who sent no orders plays: nothing, not counted missed."""
        return {"player": int(side), "absent": True}

    def hand_ranking(
        self, state: WokState, winners: tuple[int, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The players best first and their places at a game's end (Standard's and
        Intermediate's "ranked based on how long they survived, what their final score
        was and whether they won"); WoK IV ranks its own way."""
        return ranked(state, winners)

    def end_by_hand(
        self, state: WokState, reason: str, unplayed: Sequence[SideId]
    ) -> TurnResult[WokState]:
        """The GM's end (`wtg end`, ``wtg.rules.wok.byhand``): no one wins, the players
        ranked as they stand by ``hand_ranking``."""
        return byhand.end_by_hand(state, reason, unplayed, self.hand_ranking)

    def ended_by_hand(self, state: WokState) -> str | None:
        return byhand.ended_by_hand(state)

    def take_over(self, state: WokState, side: SideId, name: str) -> WokState:
        """Ruling (the texts have no takeover; WoK IV: a quitter "can not re-enter this
        specific game"): a new player takes over a QUIT empire as it stands, provinces, troops,
        EFF and tech, and plays it from the next turn under his own name, with no missed
        turn counted nor a turn point of the quitter's; the quitter stays out. His alliance
        is not the newcomer's ("an agreement to work together to share the victory"): the
        seat names no ally, and no other player names it (``parted`` says whom that ends).
        An empire without a province (RIP), a robot's or one still played cannot be taken
        over."""
        player = state.player(side)
        if player.robot or player.status != QUIT:
            raise ValueError(f"player {side} has not quit (status {player.status})")
        if state.count_of(side) == 0:
            raise ValueError(f"player {side} holds no province any more")
        new = state.clone()
        taken = new.player(side)
        left: JsonObject = {
            "name": taken.name,
            "turn_points": taken.turn_points,
            "quit_on": taken.quit_on,
        }
        taken.before.append(left)  # his HiScore turn points are his still
        taken.name = name
        taken.status = ACTIVE
        taken.missed = 0
        taken.quit_on = None
        taken.turn_points = 0  # the HiScore's, "for every turn a player sent orders": his own
        taken.ally = 0
        for other in new.players:
            if other.ally == side:
                other.ally = 0
        return new

    def parted(self, state: WokState, side: SideId) -> list[SideId]:
        """The sides that name ``side`` as their ally in ``state``: its takeover ends it."""
        return [SideId(p.id) for p in state.players if p.ally == side and p.id != side]

    def seat_name(self, state: WokState, seat: SeatId) -> str | None:
        names = [state.player(side).name for side in self.sides_of(state, seat)]
        if len(set(names)) > 1:  # a Duel's or Trinity's colours: the name and its letter
            return names[0][:-1]
        return names[0] if names else None

    def renamed(self, state: WokState, seat: SeatId, name: str) -> WokState:
        """Each side of ``seat`` called ``name``: a colour made with the name and its
        letter (a Duel's ``AnnA``) keeps its letter, in its name and its label; colours a
        newcomer took over under his name alone (``take_over``) take ``name`` alone."""
        new = state.clone()
        sides = [new.player(side) for side in self.sides_of(new, seat)]
        lettered = len({player.name for player in sides}) > 1
        for player in sides:
            old = player.name
            player.name = f"{name}{old[-1]}" if lettered else name
            if player.label == old:
                player.label = player.name
        return new

    def public_json(self, state: WokState) -> JsonObject:
        return state.to_dict(self.name)

    def public_sides_of(self, state: WokState) -> list[PublicSide]:
        # The players' part of ``public_json`` alone: the sixty provinces beside them are
        # most of its cost, and say nothing of a side (Standard's extra keys neither)
        return public_sides({"players": [p.to_dict() for p in state.players]})

    def turn_of(self, state: WokState) -> int:
        return state.turn

    def is_over(self, state: WokState) -> bool:
        return state.outcome is not None

    def owing(self, state: WokState) -> list[SideId]:
        """No one once the game is over (as Tactics and WISK): no turn waits for orders."""
        if self.is_over(state):
            return []
        return [SideId(p.id) for p in state.players if p.status == ACTIVE and not p.robot]

    def seat_of(self, state: WokState, side: SideId) -> SeatId | None:
        player = state.player(side)
        return None if player.robot else SeatId(player.controller or side)

    def sides_of(self, state: WokState, seat: SeatId) -> list[SideId]:
        return [
            SideId(p.id) for p in state.players if not p.robot and (p.controller or p.id) == seat
        ]

    def robot_orders(self, state: WokState) -> dict[int, JsonObject]:
        return {}

    def accept(self, entries: Sequence[RawEntry], state: WokState, player: int) -> Acceptance:
        context = Context(
            state,
            player,
            attacks=self.attacks_allowed(state.player(player).tech),
            aims=self.aims,
            transform_kinds=self.transform_kinds,
            move_units=self.move_units,
            jump_tech=self.jump_tech,
        )
        good, verdicts = accept_entries(entries, context, self.checks)
        form = self.form_for(state)
        return Acceptance(orders_from_entries(form, player, state.turn + 1, good), verdicts)

    def no_alliance(self, state: WokState) -> str | None:
        """Why no alliance can share the victory of this game (its form then has no
        ALLIANCE section), or None: a ruleset with games where none can sets its own."""
        return None

    def form_context(self, state: WokState, player: int) -> dict[str, object]:
        me = state.player(player)
        context: dict[str, object] = {
            "attacks": self.attacks_allowed(me.tech),
            "tech": me.tech,
            "eff": me.eff,
            "gold": me.gold,
        }
        if self.no_alliance(state) is not None:  # every line of it would be rejected
            context[OMIT] = ("ally",)
        return context

    def report_context(
        self, state: WokState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        return report_context(
            state,
            events,
            player,
            self._reading(state, events),
            attacks_next=self.attacks_allowed(state.player(player).tech),
            spy_ops=self.spy_ops,
            naps=naps_in_force(state, player),
            headhunting=headhunting_in_force(state),
            starts=self._starts(state),
        )

    def _starts(self, state: WokState) -> list[tuple[int, int]]:
        """Where everyone starts, (province, player) by province, on turn 0 of a ruleset
        whose starts are public (Standard: "Once turn 0 has run, you can see on the map
        where everyone is starting"), for a report read without the map picture too."""
        if not self.starts_public or state.turn != 0:
            return []
        return sorted((p.home, p.id) for p in state.players if p.home)

    def board(
        self, state: WokState, player: int | None, events: Sequence[Mapping[str, Json]]
    ) -> Board:
        """The map of the turn as GM seat ``player`` may see it (None: the GM's view)."""
        return wok_board(state, player, events, self.starts_public)

    def holds_nothing(self, state: WokState, seat: int) -> bool:
        """Whether GM seat ``seat`` is an onlooker: out, and holding no province (his report
        mail goes without the map picture, ``wtg.mail.outgoing.pictures``)."""
        return holds_nothing(state, seat)

    def orders_board(
        self,
        state: WokState,
        seat: int,
        orders: Mapping[str, Json],
        events: Sequence[Mapping[str, Json]],
    ) -> Board:
        """The seat's map of the turn with his orders as understood drawn on it."""
        return orders_drawn(self.board(state, seat, events), state, orders)

    def topten(self, state: WokState) -> list[ScoreLine]:
        """The Top Ten of a state, worked out once for the turn's Top Ten and every report."""
        kept = self._last_topten
        if kept is None or kept[0] is not state:
            kept = self._last_topten = (state, top_ten(state))
        return kept[1]

    def _reading(self, state: WokState, events: Sequence[Mapping[str, Json]]) -> TurnReading:
        """The turn's reading, made once for every player's report of it: the engine asks
        for them one by one, with the same state and events (which nobody changes)."""
        reading = self._last_reading
        if reading is None or not reading.of(state, events):
            reading = self._last_reading = TurnReading(state, events, self.topten(state))
        return reading

    def forecast(
        self, state: WokState, orders: Mapping[str, Json], player: int
    ) -> dict[str, object]:
        """The WoK forecast, with the lines the player's own attacks leave without troops
        (``troops_forecast``)."""
        sending = AttackSending(
            movement=self.movement_phase,
            attacks_allowed=self.attacks_allowed,
            upgrades_first=self.upgrades_first,
            turn_limits=self.turn_limits_attacks,
            upgrade_troops=self.upgrade_troops_phase,
            sent=self.attack_sends,
        )
        return troops_forecast(
            state,
            orders,
            player,
            self.forecast_phases,
            self.forecast_row,
            self.waste_remainder,
            sending,
        )


def run_turn_phases(
    state: WokState,
    orders: Mapping[int, Orders],
    rng: Random,
    phases: Sequence[Phase],
    *,
    waste_remainder: bool = False,
) -> TurnResult[WokState]:
    """Resolve the turn after ``state`` with ``phases``, on a copy; ``state`` is untouched.
    ``waste_remainder`` goes to the Turn (Standard and Intermediate WoK: ``Turn``'s)."""
    if state.outcome is not None:
        raise GameFinished(f"game {state.game} ended on turn {state.turn}")
    work = state.clone()
    work.turn = state.turn + 1
    turn = Turn(
        work,
        orders,
        rng,
        tuple(state.oop),
        start_owner=tuple(p.owner for p in state.provinces),
        waste_remainder=waste_remainder,
    )
    for phase in phases:
        phase(turn)
    return TurnResult(state=work, events=tuple(turn.events))
