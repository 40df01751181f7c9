"""The WISK ruleset object: what the engine, the store and the command line call.

A sequential game: ``owing`` is the active player alone (nobody while a robot is to
move; the engine then takes the robot's order file from ``robot_orders``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from wtg.aof.orderfile import orders_from_entries
from wtg.core import board as drawn
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import Acceptance, RawEntry
from wtg.core.places import shared_places
from wtg.core.ruleset import (
    GameSetup,
    OptionValue,
    Ruleset,
    ScoreLine,
    SeatId,
    SideId,
    TurnResult,
    TurnStyle,
)
from wtg.rules.base import RulesetFiles
from wtg.rules.wisk import byhand
from wtg.rules.wisk.accept import accept_entries
from wtg.rules.wisk.board import Board, board_from_data
from wtg.rules.wisk.constants import DEFAULT_MAP
from wtg.rules.wisk.forecast import forecast
from wtg.rules.wisk.orderdrawing import orders_drawn
from wtg.rules.wisk.picture import board_picture
from wtg.rules.wisk.resolve import resolve
from wtg.rules.wisk.setup import start_state
from wtg.rules.wisk.state import ACTIVE, WiskState
from wtg.rules.wisk.strategy import plan
from wtg.rules.wisk.view import form_context, public_json, report_context


class Wisk(RulesetFiles[WiskState], Ruleset[WiskState]):
    name = "wisk"
    title = "WISK - the world domination game"
    gm_report = True
    """Every turn writes reports/gm.txt, the public report (`wtg report GAME --gm`)."""
    turn_style = TurnStyle.SEQUENTIAL

    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        return DEFAULT_MAP

    def played_options(self, state: WiskState) -> Mapping[str, OptionValue]:
        """The options stored at turn 0 (``KeepsOptions``), and the robots it added: the
        rules read no others."""
        kept = state.options.to_dict()
        played = {k: v for k, v in kept.items() if isinstance(v, str | int | bool)}
        return {**played, "robots": sum(1 for player in state.players if player.robot)}

    def load_board(self, name: str) -> Board:
        found = self.read_map(name)
        return board_from_data(found.data, found.source, found.name)

    def new_game(self, setup: GameSetup, rng: Random) -> TurnResult[WiskState]:
        if setup.variant:
            raise ValueError(f"{self.name} has no variants (not {setup.variant!r})")
        return TurnResult(state=start_state(setup, self.load_board(setup.map), rng), events=())

    def resolve(
        self, state: WiskState, orders: Mapping[int, Mapping[str, Json]], rng: Random
    ) -> TurnResult[WiskState]:
        return resolve(state, orders, rng)

    def state_to_dict(self, state: WiskState) -> JsonObject:
        return state.to_dict()

    def state_from_dict(self, data: Mapping[str, Json]) -> WiskState:
        return WiskState.from_dict(data)

    def public_json(self, state: WiskState) -> JsonObject:
        return public_json(state)

    def turn_of(self, state: WiskState) -> int:
        return state.turn

    def end_by_hand(
        self, state: WiskState, reason: str, unplayed: Sequence[SideId]
    ) -> TurnResult[WiskState]:
        """The GM's end (`wtg end`, ``wtg.rules.wisk.byhand``)."""
        return byhand.end_by_hand(state, reason, unplayed)

    def ended_by_hand(self, state: WiskState) -> str | None:
        return byhand.ended_by_hand(state)

    def is_over(self, state: WiskState) -> bool:
        return state.over

    def owing(self, state: WiskState) -> list[SideId]:
        if state.over or state.player(state.active).robot:
            return []
        return [SideId(state.active)]

    def seat_of(self, state: WiskState, side: SideId) -> SeatId | None:
        return None if state.player(side).robot else SeatId(side)

    def sides_of(self, state: WiskState, seat: SeatId) -> list[SideId]:
        return [SideId(p.id) for p in state.players if p.id == seat and not p.robot]

    def seat_name(self, state: WiskState, seat: SeatId) -> str | None:
        found = [p.name for p in state.players if p.id == seat and not p.robot]
        return found[0] if found else None

    def renamed(self, state: WiskState, seat: SeatId, name: str) -> WiskState:
        new = state.clone()
        for player in new.players:
            if player.id == seat and not player.robot:
                player.name = name
        return new

    def robot_orders(self, state: WiskState) -> dict[int, JsonObject]:
        if state.over or not state.player(state.active).robot:
            return {}
        return {state.active: plan(state, state.active)}

    def accept(self, entries: Sequence[RawEntry], state: WiskState, player: int) -> Acceptance:
        good, verdicts = accept_entries(entries, state, player)
        return Acceptance(orders_from_entries(self.form, player, state.turn + 1, good), verdicts)

    def form_context(self, state: WiskState, player: int) -> dict[str, object]:
        return form_context(state, player)

    def report_context(
        self, state: WiskState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        return report_context(state, events, player)

    def board(
        self, state: WiskState, player: int | None, events: Sequence[Mapping[str, Json]]
    ) -> drawn.Board:
        """The map picture's data (``wtg map``): an open board, the player's own cards and
        mission beside it."""
        return board_picture(state, player, events)

    def orders_board(
        self,
        state: WiskState,
        seat: int,
        orders: Mapping[str, Json],
        events: Sequence[Mapping[str, Json]],
    ) -> drawn.Board:
        """The seat's map of the turn with his orders as understood drawn on it."""
        return orders_drawn(self.board(state, seat, events), state, orders)

    def topten(self, state: WiskState) -> list[ScoreLine]:
        """The winner first, then the players still in by territories and armies, then the
        eliminated, the last out first. The score is the armies on the board. Equal keys
        share a rank, the next skipped (docs/rules/wisk.md)."""

        def key(pid: int) -> tuple[int, int, int, int, int]:
            p = state.player(pid)
            mine = state.territories_of(pid)
            armies = sum(state.armies(t) for t in mine)
            return (pid != state.winner, not p.alive, -len(mine), -p.out_on, -armies)

        ranked = sorted((p.id for p in state.players), key=lambda pid: (key(pid), pid))
        lines = []
        for rank, pid in zip(shared_places([key(pid) for pid in ranked]), ranked, strict=True):
            p, mine = state.player(pid), state.territories_of(pid)
            status = "winner" if pid == state.winner else p.status
            if state.over and status == ACTIVE:
                status = "standing"  # no turn is left to be active in
            score = sum(state.armies(t) for t in mine)
            lines.append(ScoreLine(rank, pid, p.name, score, len(mine), status))
        return lines

    def forecast(
        self, state: WiskState, orders: Mapping[str, Json], player: int
    ) -> dict[str, object]:
        return forecast(state, orders, player)
