"""Winning: world domination, or a secret mission when the game has missions.

The text's list under "To win the game, you can either:-" is empty; the classic game,
which WISK follows, is won by holding every territory, or (as a game option) by
completing one's secret mission (RULE-NOTES.md has the classic missions)."""

from __future__ import annotations

from wtg.rules.wisk.board import Mission
from wtg.rules.wisk.constants import MISSION_FALLBACK_TERRITORIES
from wtg.rules.wisk.events import GameWon
from wtg.rules.wisk.state import WiskState
from wtg.rules.wisk.turn import Turn

DOMINATION = "domination"
MISSION = "mission"


def destroy_target(state: WiskState, pid: int, mission: Mission) -> int:
    """The player a "destroy" mission names (by seat); 0 when the seat is empty or the
    player's own, or when someone else destroyed him: the mission is then 24 territories."""
    if not mission.destroy or mission.destroy > len(state.players):
        return 0
    target = state.players[mission.destroy - 1]
    if target.id == pid:
        return 0
    if not target.alive and target.eliminated_by != pid:
        return 0
    return target.id


def describe(state: WiskState, pid: int, mission: Mission) -> str:
    """The mission as its player reads it, with what it has become."""
    if mission.continents:
        names = " and ".join(mission.continents)
        more = f", and {mission.extra} more continent of your choice" if mission.extra else ""
        return f"conquer {names}{more}"
    if mission.destroy:
        target = destroy_target(state, pid, mission)
        if target:
            return f"destroy all armies of {state.player(target).name} (player #{target})"
        return f"occupy {MISSION_FALLBACK_TERRITORIES} territories"
    if mission.armies > 1:
        return (
            f"occupy {mission.territories} territories with at least {mission.armies} armies each"
        )
    return f"occupy {mission.territories} territories"


def mission_done(state: WiskState, pid: int, mission: Mission) -> bool:
    held = state.continents_of(pid)
    if mission.continents:
        if not all(name in held for name in mission.continents):
            return False
        return len(held) - len(mission.continents) >= mission.extra
    if mission.destroy:
        target = destroy_target(state, pid, mission)
        if target:
            return not state.player(target).alive
        return len(state.territories_of(pid)) >= MISSION_FALLBACK_TERRITORIES
    strong = [t for t in state.territories_of(pid) if state.armies(t) >= mission.armies]
    return len(strong) >= mission.territories


def check_victory(turn: Turn) -> bool:
    """ "the system will check from the objectives to see the whether you win the game":
    the active player wins by holding every territory, or by his mission."""
    state, pid = turn.state, turn.player
    if state.winner:
        return True
    if all(h.owner == pid for h in state.holdings):
        return _win(turn, DOMINATION, "")
    me = turn.me
    if state.options.missions and me.mission:
        mission = state.board.mission(me.mission)
        if mission_done(state, pid, mission):
            return _win(turn, MISSION, describe(state, pid, mission))
    return False


def _win(turn: Turn, how: str, mission: str) -> bool:
    turn.state.winner = turn.player
    turn.state.won_by = how
    turn.emit(GameWon(player=turn.player, how=how, mission=mission, public=True))
    return True
