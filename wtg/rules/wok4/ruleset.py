"""The WoK IV ruleset object: what the engine, the store and the command line call."""

from __future__ import annotations

from wtg.rules.wok.ruleset import WokRuleset
from wtg.rules.wok4.accept import CHECKS
from wtg.rules.wok4.constants import AIMS
from wtg.rules.wok4.phases.spying import OP_NAMES
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
    start_state = staticmethod(start_state)
    run_phases = staticmethod(resolve)
    attacks_allowed = staticmethod(attacks_allowed)
    """Fixed by the tech points the turn starts with (ruling 6)."""
