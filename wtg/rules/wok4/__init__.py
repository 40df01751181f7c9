"""WoK IV "The Final Conflict", user's manual v2.50."""

from __future__ import annotations

import random
from collections.abc import Mapping

from wtg.core.provmap import ProvinceMap
from wtg.core.ruleset import GameSetup, TurnResult
from wtg.rules.wok.orders import Orders
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.accept import CHECKS
from wtg.rules.wok4.constants import AIMS
from wtg.rules.wok4.reach import attacks_allowed
from wtg.rules.wok4.resolve import FORECAST_PHASES, resolve
from wtg.rules.wok4.setup import start_state


class Wok4(WokRuleset):
    name = "wok4"
    title = "World of Kaomaris IV - The Final Conflict"
    aims = AIMS
    checks = CHECKS
    forecast_phases = FORECAST_PHASES

    def start_state(self, setup: GameSetup, game_map: ProvinceMap, rng: random.Random) -> WokState:
        return start_state(setup, game_map, rng)

    def run_phases(
        self, state: WokState, orders: Mapping[int, Orders], rng: random.Random
    ) -> TurnResult:
        return resolve(state, orders, rng)

    def attacks_allowed(self, tech: int) -> int:
        """Fixed by the tech points the turn starts with (ruling 6)."""
        return attacks_allowed(tech)


RULESET = Wok4()
