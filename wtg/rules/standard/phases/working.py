"""Phase 4, working: the workers of each province produce for its aim (the rules are
``wtg.rules.wok.working``, shared with Intermediate WoK, at 100% here)."""

from __future__ import annotations

from wtg.core.events import Event
from wtg.rules.standard.events import Production
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.working import LevGains, Made, level_gain, work_phase

__all__ = ["level_gain", "working"]


def working(turn: Turn) -> None:
    work_phase(turn, _full_rate, _production)


def _full_rate(player: Player | None, province: Province) -> int:
    return 100


def _production(player: Player, made: Made, idle: int, lev_gains: LevGains) -> Event:
    """What the player's workers made, and his provinces whose workers were idle."""
    return Production(
        player=player.id,
        dfn=made["dfn"],
        lev=made["lev"],
        mis=made["mis"],
        spy=made["spy"],
        eff=made["eff"],
        lev_gains=lev_gains,
        gold=made["gold"],
        idle=idle,
        visible_to=frozenset({player.id}),
    )
