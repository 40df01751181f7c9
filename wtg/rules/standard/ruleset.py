"""The Standard WoK ruleset object: what the engine, the store and the CLI call."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from wtg.aof.form import FormSpec, load_form
from wtg.aof.orderfile import entries_from_orders, orders_from_entries
from wtg.core.orders import Acceptance, RawEntry, Verdict
from wtg.core.provmap import MapLimits, ProvinceMap, load_map
from wtg.core.ruleset import GameSetup, ScoreLine, TurnResult, TurnStyle
from wtg.paths import form_path, games_path
from wtg.rules.standard.accept import accept_standard
from wtg.rules.standard.phases.attacks import attacks_allowed
from wtg.rules.standard.resolve import FORECAST_PHASES, resolve
from wtg.rules.standard.robots import robot_orders
from wtg.rules.standard.setup import start_state
from wtg.rules.wok.forecast import forecast
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.score import top_ten
from wtg.rules.wok.state import ACTIVE, WokState
from wtg.rules.wok.view import report_context

MAP_LIMITS = MapLimits(pop_min=50, pop_max=130)
DEFAULT_MAPS = {
    None: "classic60",
    "skirmish": "trial",
    "duel": "classic60",
    "duel-lite": "classic60",
    "trinity": "classic60",
}


class Standard:
    name = "standard"
    title = "World of Kaomaris - Standard WoK"
    turn_style = TurnStyle.SIMULTANEOUS

    @cached_property
    def form(self) -> FormSpec:
        return load_form(form_path(self.name))

    def map_names(self) -> list[str]:
        return sorted(p.stem for p in games_path(self.name).glob("*.yaml"))

    def default_map(self, variant: str | None) -> str:
        return DEFAULT_MAPS.get(variant, "classic60")

    def load_map(self, name: str) -> ProvinceMap:
        path = games_path(self.name) / f"{name}.yaml"
        if not path.is_file():
            known = ", ".join(self.map_names()) or "none"
            raise FileNotFoundError(f"no map {name!r} for {self.name} (maps: {known})")
        return load_map(path, MAP_LIMITS)

    def new_game(self, setup: GameSetup, rng: random.Random) -> TurnResult:
        return TurnResult(state=start_state(setup, self.load_map(setup.map), rng), events=())

    def resolve(
        self, state: WokState, orders: Mapping[int, Mapping[str, Any]], rng: random.Random
    ) -> TurnResult:
        return resolve(state, {pid: Orders.from_dict(o) for pid, o in orders.items()}, rng)

    def state_to_dict(self, state: WokState) -> dict[str, Any]:
        return state.to_dict(self.name)

    def state_from_dict(self, data: Mapping[str, Any]) -> WokState:
        return WokState.from_dict(data)

    def public_json(self, state: WokState) -> dict[str, Any]:
        """The contract's keys on every player: ``robot``, ``rips``, ``colour_of`` (the
        human controlling a colour; absent for robots and plain players)."""
        data = state.to_dict(self.name)
        for entry, player in zip(data["players"], state.players, strict=True):
            entry.setdefault("robot", player.robot)
            entry.setdefault("rips", list(player.rips))
            entry.pop("controller", None)
            if player.controller is not None:
                entry["colour_of"] = player.controller
        return data

    def turn_of(self, state: WokState) -> int:
        return state.turn

    def is_over(self, state: WokState) -> bool:
        return state.outcome is not None

    def owing(self, state: WokState) -> list[int]:
        """Every standing player but the robots, whose orders the engine writes."""
        return [p.id for p in state.players if p.status == ACTIVE and not p.robot]

    def seat_of(self, state: WokState, side: int) -> int | None:
        """The GM seat (human) who gives the orders of ``side``: itself, or a colour's
        controller; None for robots."""
        player = state.player(side)
        return None if player.robot else player.controller or side

    def sides_of(self, state: WokState, seat: int) -> list[int]:
        return [p.id for p in state.players if not p.robot and (p.controller or p.id) == seat]

    def robot_orders(self, state: WokState) -> dict[int, dict[str, Any]]:
        return robot_orders(state)

    def entries_from_dict(
        self, data: Mapping[str, Any]
    ) -> tuple[list[RawEntry], list[Verdict], list[str]]:
        return entries_from_orders(self.form, data)

    def accept(self, entries: Sequence[RawEntry], state: WokState, player: int) -> Acceptance:
        good, verdicts = accept_standard(entries, state, player)
        return Acceptance(orders_from_entries(self.form, player, state.turn + 1, good), verdicts)

    def form_context(self, state: WokState, player: int) -> dict[str, Any]:
        me = state.player(player)
        return {
            "attacks": attacks_allowed(me.tech),
            "tech": me.tech,
            "eff": me.eff,
            "gold": me.gold,
        }

    def report_context(
        self, state: WokState, events: Sequence[Mapping[str, Any]], player: int
    ) -> dict[str, Any]:
        return report_context(
            state, events, player, attacks_next=attacks_allowed(state.player(player).tech)
        )

    def topten(self, state: WokState) -> list[ScoreLine]:
        return top_ten(state)

    def forecast(self, state: WokState, orders: Mapping[str, Any], player: int) -> dict[str, Any]:
        return forecast(state, orders, player, FORECAST_PHASES)


RULESET = Standard()
