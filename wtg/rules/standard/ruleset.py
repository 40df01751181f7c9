"""The Standard WoK ruleset object: what the engine, the store and the CLI call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from wtg.aof.render import OMIT
from wtg.core.jsondata import Json, JsonObject
from wtg.core.ruleset import OptionValue
from wtg.rules.standard.accept import CHECKS, no_alliance, no_vote
from wtg.rules.standard.constants import AIMS
from wtg.rules.standard.phases.attacks import attacks_allowed
from wtg.rules.standard.phases.victory import humans_rips
from wtg.rules.standard.resolve import FORECAST_PHASES, MOVEMENT, resolve
from wtg.rules.standard.robots import robot_orders
from wtg.rules.standard.setup import COLOURS, RIP_TARGET, start_state
from wtg.rules.wok.espionage import OP_NAMES
from wtg.rules.wok.ruleset import WokRuleset, absence_words
from wtg.rules.wok.state import ACTIVE, WokState

DEFAULT_MAPS = {"skirmish": "trial"}


class Standard(WokRuleset):
    name = "standard"
    title = "World of Kaomaris - Standard WoK"
    aims = AIMS
    checks = CHECKS
    spy_ops = OP_NAMES
    forecast_phases = FORECAST_PHASES
    movement_phase = MOVEMENT
    starts_public = True
    waste_remainder = True
    absence_policy = absence_words("armies")

    def default_map(self, variant: str | None, options: Mapping[str, OptionValue]) -> str:
        return DEFAULT_MAPS.get(str(variant), "classic60")

    def played_options(self, state: WokState) -> Mapping[str, OptionValue]:
        """The options turn 0 was made with that the state keeps (``KeepsOptions``): the
        turns the homes are kept from headhunting; none of a Duel, Duel-Lite or Trinity,
        which fix their own whatever game.yaml says."""
        if state.variant in COLOURS:
            return {}
        return {"headhunting_turns": state.protection}

    start_state = staticmethod(start_state)
    run_phases = staticmethod(resolve)
    attacks_allowed = staticmethod(attacks_allowed)
    no_alliance = staticmethod(no_alliance)
    """A variant without alliances, a game that started with 5 players or fewer."""

    def form_context(self, state: WokState, player: int) -> dict[str, object]:
        """The WoK form's, without the VOTE section in a game with no vote (a Duel,
        Duel-Lite or Trinity, ``no_vote``): every line of it would be rejected."""
        context = super().form_context(state, player)
        if no_vote(state) is not None:
            omitted = cast(tuple[str, ...], context.get(OMIT, ()))
            context[OMIT] = (*omitted, "vote_end")
        return context

    def report_context(
        self, state: WokState, events: Sequence[Mapping[str, Json]], player: int
    ) -> dict[str, object]:
        """The WoK report's, and in a game won by RIPs (Duel, Trinity) the race to them: the
        count that wins, whether it rose, the human's RIPs over all his colours, while the
        game goes on (``rip_race``; ``lost`` once every colour of his is RIPed or QUIT, a
        Trinity's other two playing on); the RIPs that win, for the end said in words
        (``rip_target``)."""
        context = super().report_context(state, events, player)
        context["rip_target"] = state.rip_target
        seat = state.player(player).controller
        if state.rip_target and state.outcome is None and seat is not None:
            colours = [p for p in state.players if p.controller == seat]
            context["rip_race"] = {
                "target": state.rip_target,
                "raised": state.rip_target > RIP_TARGET,
                "first": RIP_TARGET,
                "count": humans_rips(state).get(seat, 0),
                "lost": all(p.status != ACTIVE for p in colours),
            }
        else:
            context["rip_race"] = None
        return context

    def robot_orders(self, state: WokState) -> dict[int, JsonObject]:
        return robot_orders(state)

    def public_json(self, state: WokState) -> JsonObject:
        """The contract's keys on every player: ``robot``, ``rips``, ``colour_of`` (the
        human controlling a colour; absent for robots and plain players)."""
        data = state.to_dict(self.name)
        players: list[Json] = []
        for player in state.players:
            entry = player.to_dict()
            entry.setdefault("robot", player.robot)
            entry.setdefault("rips", [*player.rips])
            entry.pop("controller", None)
            if player.controller is not None:
                entry["colour_of"] = player.controller
            players.append(entry)
        data["players"] = players
        return data
