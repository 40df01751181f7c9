"""The Intermediate WoK ruleset object: what the engine, the store and the CLI call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core.jsondata import Json
from wtg.core.provmap import MapLimits
from wtg.core.ruleset import OptionValue
from wtg.rules.intermediate.accept import CHECKS
from wtg.rules.intermediate.constants import (
    AIMS,
    JUMP_TECH,
    MOVE_UNITS,
    SPY_OPS,
    TERRAINS,
    TRANSFORM_KINDS,
)
from wtg.rules.intermediate.phases.troops import PHASE as UPGRADE_TROOPS
from wtg.rules.intermediate.resolve import FORECAST_PHASES, MOVEMENT, resolve
from wtg.rules.intermediate.setup import start_state
from wtg.rules.intermediate.view import troop_row, troop_view
from wtg.rules.wok.attacking import TROOPS, attacks_allowed
from wtg.rules.wok.ruleset import MAP_LIMITS, WokRuleset
from wtg.rules.wok.state import WokState

DEFAULT_MAP = "marchlands"


class Intermediate(WokRuleset):
    name = "intermediate"
    title = "World of Kaomaris - Intermediate WoK"
    aims = AIMS
    transform_kinds = TRANSFORM_KINDS
    move_units = MOVE_UNITS
    jump_tech = JUMP_TECH
    map_limits = MapLimits(
        pop_min=MAP_LIMITS.pop_min, pop_max=MAP_LIMITS.pop_max, terrains=frozenset(TERRAINS)
    )
    checks = CHECKS
    spy_ops = SPY_OPS
    forecast_phases = FORECAST_PHASES
    movement_phase = MOVEMENT
    upgrades_first = True
    """Phase 1, before the attacks of phase 3."""
    upgrade_troops_phase = UPGRADE_TROOPS
    attack_sends = TROOPS
    """Troops of every kind (its ruling 31)."""
    forecast_row = staticmethod(troop_row)
    """With the troops, and the wood after the turn."""
    starts_public = True
    waste_remainder = True

    start_state = staticmethod(start_state)
    run_phases = staticmethod(resolve)
    attacks_allowed = staticmethod(attacks_allowed)

    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        return DEFAULT_MAP

    def played_options(self, state: WokState) -> Mapping[str, OptionValue]:
        """The options turn 0 was made with that the state keeps (``KeepsOptions``): the
        turns the homes are kept from headhunting."""
        return {"headhunting_turns": state.protection}

    def form_context(self, state: WokState, player: int) -> dict[str, object]:
        return {**super().form_context(state, player), "wood": state.player(player).wood or 0}

    def report_context(
        self, state: WokState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        return troop_view(state, events, player, super().report_context(state, events, player))
