"""The WoK IV ruleset object: what the engine, the store and the command line call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core.jsondata import Json
from wtg.rules.wok.phases.movement import MOVEMENT
from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.accept import CHECKS, no_alliance
from wtg.rules.wok4.constants import AIMS
from wtg.rules.wok4.phases.spying import OP_NAMES
from wtg.rules.wok4.phases.victory import bitter_end, quit_count, ranked_players
from wtg.rules.wok4.reach import attacks_allowed
from wtg.rules.wok4.resolve import FORECAST_PHASES, resolve
from wtg.rules.wok4.setup import start_state


class Wok4(WokRuleset):
    name = "wok4"
    title = "World of Kaomaris IV - The Final Conflict"
    aims = AIMS
    checks = CHECKS
    spy_ops = OP_NAMES
    forecast_phases = FORECAST_PHASES
    movement_phase = MOVEMENT
    start_state = staticmethod(start_state)
    run_phases = staticmethod(resolve)
    attacks_allowed = staticmethod(attacks_allowed)
    """Fixed by the tech points the turn starts with (ruling 6)."""
    turn_limits_attacks = False
    """Its order file holds the first N attack lines only, cut when accepted (ruling 6):
    the turn runs every line it holds."""
    no_alliance = staticmethod(no_alliance)
    """A game fought to the bitter end (ruling 21)."""

    def hand_ranking(
        self, state: WokState, winners: tuple[int, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """WoK IV's ranking of a game's end (``ranked_players``: the killed by how late,
        quitters last, turn points breaking ties)."""
        return ranked_players(state, winners)

    def report_context(
        self, state: WokState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        """The WoK report's, and while a game fought to the bitter end goes on, the seats
        empty or QUIT that made it one (``bitter_end``; None otherwise)."""
        context = super().report_context(state, events, player)
        fought = state.outcome is None and bitter_end(state)
        context["bitter_end"] = (quit_count(state), state.seats) if fought else None
        return context
