"""The WoS Tactics ruleset object: what the engine, the store and the command line call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

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
from wtg.rules.tactics import byhand
from wtg.rules.tactics.accept import accept_entries
from wtg.rules.tactics.army import SetupError
from wtg.rules.tactics.forecast import forecast
from wtg.rules.tactics.orderdrawing import orders_drawn
from wtg.rules.tactics.picture import board_picture
from wtg.rules.tactics.resolve import resolve
from wtg.rules.tactics.setup import start_state
from wtg.rules.tactics.state import ACTIVE, ARMY, OVER, Player, TacticsState
from wtg.rules.tactics.strategy import plan_orders
from wtg.rules.tactics.view import form_context, report_context
from wtg.rules.tactics.world import slug
from wtg.rules.tactics.worlds import TacticsLibrary, Worlds


class Tactics(RulesetFiles[TacticsState], Ruleset[TacticsState]):
    name = "tactics"
    title = "WoS Tactics"
    turn_style = TurnStyle.SEQUENTIAL

    def __init__(self, library: TacticsLibrary) -> None:
        super().__init__(library)
        self.worlds: Worlds = library

    def map_names(self) -> list[str]:
        return [slug(m.name) for m in self.worlds.world({}).maps]

    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        """The first map of the game's world: ``--assets`` when it names one, else ours."""
        return slug(self.worlds.world(options).maps[0].name)

    def played_options(self, state: TacticsState) -> Mapping[str, OptionValue]:
        """The options turn 0 was made with that the state keeps (``KeepsOptions``): the
        pieces a player moves a turn, the bots, the war points; the rules read no others
        of game.yaml (its ``guilds`` and ``assets`` too were read at turn 0 alone)."""
        return {
            "pieces_per_turn": state.pieces_per_turn,
            "bots": sum(1 for player in state.players if player.bot),
            "war_points": state.war_points,
        }

    def new_game(self, setup: GameSetup, rng: Random) -> TurnResult[TacticsState]:
        """Reads the world (``--assets`` or ours) and the map's images, then sets up."""
        world = self.worlds.world(setup.options)
        spec = world.map_named(setup.map)
        if spec is None:
            known = ", ".join(m.name for m in world.maps)
            raise SetupError(f"no map {setup.map!r} in {world.folder} (maps: {known})")
        board = self.worlds.board(world, spec)
        return TurnResult(state=start_state(setup, world, spec, board, rng), events=())

    def resolve(
        self, state: TacticsState, orders: Mapping[int, Mapping[str, Json]], rng: Random
    ) -> TurnResult[TacticsState]:
        return resolve(state, orders, rng)

    def state_to_dict(self, state: TacticsState) -> JsonObject:
        return state.to_dict()

    def state_from_dict(self, data: Mapping[str, Json]) -> TacticsState:
        return TacticsState.from_dict(data)

    def public_json(self, state: TacticsState) -> JsonObject:
        return state.to_dict()

    def turn_of(self, state: TacticsState) -> int:
        return state.turn

    def end_by_hand(
        self, state: TacticsState, reason: str, unplayed: Sequence[SideId]
    ) -> TurnResult[TacticsState]:
        """The GM's end (`wtg end`, ``wtg.rules.tactics.byhand``)."""
        return byhand.end_by_hand(state, reason, unplayed)

    def ended_by_hand(self, state: TacticsState) -> str | None:
        return state.ended_by_gm

    def is_over(self, state: TacticsState) -> bool:
        return state.phase == OVER

    def owing(self, state: TacticsState) -> list[SideId]:
        """The army turn waits for every human; after it, only for the active player (a
        bot's turn waits for nobody)."""
        if state.phase == OVER:
            return []
        if state.phase == ARMY:
            return [SideId(p.id) for p in state.players if not p.bot and p.status == ACTIVE]
        return [] if state.player(state.active).bot else [SideId(state.active)]

    def seat_of(self, state: TacticsState, side: SideId) -> SeatId | None:
        return None if state.player(side).bot else SeatId(side)

    def sides_of(self, state: TacticsState, seat: SeatId) -> list[SideId]:
        return [SideId(p.id) for p in state.players if p.id == seat and not p.bot]

    def seat_name(self, state: TacticsState, seat: SeatId) -> str | None:
        found = [p.name for p in state.players if p.id == seat and not p.bot]
        return found[0] if found else None

    def renamed(self, state: TacticsState, seat: SeatId, name: str) -> TacticsState:
        new = state.clone()
        for player in new.players:
            if player.id == seat and not player.bot:
                player.name = name
        return new

    def robot_orders(self, state: TacticsState) -> dict[int, JsonObject]:
        if state.phase == OVER or state.phase == ARMY or not state.player(state.active).bot:
            return {}
        return {state.active: plan_orders(state, state.active)}

    def accept(self, entries: Sequence[RawEntry], state: TacticsState, player: int) -> Acceptance:
        return accept_entries(self.form, entries, state, player)

    def form_context(self, state: TacticsState, player: int) -> dict[str, object]:
        return form_context(state, player)

    def report_context(
        self, state: TacticsState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        return report_context(state, events, player)

    def board(
        self, state: TacticsState, player: int | None, events: Sequence[Mapping[str, Json]]
    ) -> drawn.Board:
        """The map picture's data (``wtg map``): the open battlefield, with the player's
        reach and threat marks."""
        return board_picture(state, player, events)

    def orders_board(
        self,
        state: TacticsState,
        seat: int,
        orders: Mapping[str, Json],
        events: Sequence[Mapping[str, Json]],
    ) -> drawn.Board:
        """The seat's battlefield of the turn with his orders as understood drawn on it."""
        return orders_drawn(self.board(state, seat, events), state, orders)

    def topten(self, state: TacticsState) -> list[ScoreLine]:
        """Those still fighting by pieces left and hit points (equal ones share a rank),
        then the placed by place; the battle's winner (first place: "all armies dead but
        one") is the WINNER, as in WISK's, not ACTIVE."""

        def key(player: Player) -> tuple[bool, int, int, int]:
            # an army still fighting has no place yet and will place above every army out
            army = state.army(player.id)
            return (
                player.place is not None,
                player.place or 0,
                -len(army),
                -sum(p.hp for p in army),
            )

        # equal armies share a rank, the next skipped, as WoK's and WISK's Top Tens rank
        ranked = sorted(state.players, key=lambda player: (key(player), player.id))
        lines = []
        for rank, player in zip(shared_places([key(p) for p in ranked]), ranked, strict=True):
            army = state.army(player.id)
            lines.append(
                ScoreLine(
                    rank=rank,
                    player=player.id,
                    name=player.name,
                    score=sum(p.hp for p in army),
                    provinces=len(army),
                    status=state.status_shown(player),
                )
            )
        return lines

    def forecast(
        self, state: TacticsState, orders: Mapping[str, Json], player: int
    ) -> dict[str, object]:
        return forecast(state, orders, player)
