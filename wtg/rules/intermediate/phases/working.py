"""Phase 5, working: "Workers in a province with the appropriate AIM will produce 50% more of
the resource" (Desert LEV, Forest CHO, Mountain MIN, Plains EFF, Swamp DEF) and "your
workers will receive a 5% bonus per tech level, regardless of AIM or province type"; the
base rates are Standard WoK's, with CHO: "Each WOK produces 1 WOOD"."""

from __future__ import annotations

from wtg.core.events import Event
from wtg.rules.intermediate.constants import TECH_BONUS, TERRAIN_AIM, TERRAIN_BONUS
from wtg.rules.intermediate.events import Production
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
from wtg.rules.wok.working import LevGains, Made, work_phase


def production_percent(player: Player | None, province: Province) -> int:
    """Ruling: the bonuses add up, 100% + 50% on the favoured aim + 5% a tech level (a
    neutral province has no tech level), and multiply what the workers make."""
    percent = 100
    if province.terrain is not None and TERRAIN_AIM.get(province.terrain) == province.aim:
        percent += TERRAIN_BONUS
    if player is not None:
        percent += TECH_BONUS * player.tech
    return percent


def working(turn: Turn) -> None:
    work_phase(turn, production_percent, _production)


def _production(player: Player, made: Made, idle: int, lev_gains: LevGains) -> Event:
    """What the player's workers made, the wood they chopped among it, and his provinces
    whose workers were idle."""
    return Production(
        player=player.id,
        dfn=made["dfn"],
        lev=made["lev"],
        mis=made["mis"],
        spy=made["spy"],
        eff=made["eff"],
        lev_gains=lev_gains,
        gold=made["gold"],
        wood=made["wood"],
        idle=idle,
        visible_to=frozenset({player.id}),
    )
