"""Phase 4, working: the workers of each province produce for its aim."""

from __future__ import annotations

from wtg.rules.standard.constants import (
    GOLD_PER_WOK,
    LEV_GAIN_MAX,
    WOK_PER_DEF_STEP,
    WOK_PER_EFF,
    WOK_PER_MIS,
    WOK_PER_SPY,
)
from wtg.rules.standard.events import Production
from wtg.rules.wok.production import TOTAL_OF_AIM, Rates, work_in_province
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn


def level_gain(wok: int, arm: int, lev: int) -> int:
    """ "LEV increases by WOK / (ARM X LEV) (maximum of 1)", in thousandths; no armies, no
    gain (ruling: there is nobody to train)."""
    if arm == 0:
        return 0
    return min(LEV_GAIN_MAX, wok * 1_000_000 // (arm * lev))


def working(turn: Turn) -> None:
    for pid in turn.oop:
        provinces = [p for p in turn.state.provinces if p.owner == pid]
        if provinces:
            _produce(turn, turn.state.player(pid), provinces)
    for province in turn.state.provinces:
        if province.owner == 0 and not province.idle:
            work_in_province(
                province, RATES
            )  # "their workers will also increase the defence level"


def _produce(turn: Turn, player: Player, provinces: list[Province]) -> None:
    made = {"dfn": 0, "lev": 0, "mis": 0, "spy": 0, "gold": 0, "eff": 0}
    idle = 0
    for province in provinces:
        if province.idle:
            idle += 1
        elif province.aim == "MIN":
            made["gold"] += province.wok * GOLD_PER_WOK
        elif province.aim == "EFF":
            made["eff"] += province.wok // WOK_PER_EFF
        else:
            made[TOTAL_OF_AIM[province.aim]] += work_in_province(province, RATES)
    player.gold += made["gold"]
    made["eff"] = player.change_eff(made["eff"])
    turn.emit(
        Production(
            player=player.id,
            dfn=made["dfn"],
            lev=made["lev"],
            mis=made["mis"],
            spy=made["spy"],
            gold=made["gold"],
            eff=made["eff"],
            idle=idle,
            visible_to=frozenset({player.id}),
        )
    )


RATES = Rates(
    wok_per_def=WOK_PER_DEF_STEP,
    wok_per_mis=WOK_PER_MIS,
    wok_per_spy=WOK_PER_SPY,
    level_gain=lambda p: level_gain(p.wok, p.arm, p.lev),
)
"""0.1 DEF per 8 WOK, 1 MIS per 3 WOK (ruling), 1 SPY per 4 WOK, LEV by WOK / (ARM x LEV)."""
