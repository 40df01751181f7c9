"""Working as Standard and Intermediate WoK have it: each province's workers make what its aim
says, summed over the empire, at the same base rates (0.1 DEF for every 8 WOK, LEV by WOK /
(ARM x LEV) at most 1, 1 MIS for every 3 WOK, 1 SPY for every 4, 1 gold a worker for MIN,
1 EFF for every 4 WOK; Intermediate's CHO 1 WOOD a worker). False Orders leave a province's
workers idle. A ruleset gives the percent its workers make (Intermediate's terrain and tech
bonuses; 100 in Standard) and the event that reports it."""

from __future__ import annotations

from collections.abc import Callable

from wtg.core.events import Event
from wtg.rules.wok.production import TOTAL_OF_AIM, Rates, work_in_province
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn

WOK_PER_DEF_STEP = 8
WOK_PER_MIS = 3
WOK_PER_SPY = 4
WOK_PER_EFF = 4
GOLD_PER_WOK = 1
WOOD_PER_WOK = 1
LEV_GAIN_MAX = 1000
"""LEV rises by WOK / (ARM x LEV), at most 1 (1000 thousandths) a turn."""

Made = dict[str, int]
"""What an empire's workers made: dfn, lev, mis, spy, gold, wood and eff."""
Percent = Callable[[Player | None, Province], int]
"""The percent of the base rate a province's workers make (None: a neutral province)."""
LevGains = tuple[tuple[int, int], ...]
"""Each province of aim LEV and the level its workers gained there, in thousandths."""
Report = Callable[[Player, Made, int, LevGains], Event]
"""The event of a player's production (what was made, provinces idle, the level gained in
each province)."""


def level_gain(wok: int, arm: int, lev: int) -> int:
    """ "LEV increases by WOK / (ARM X LEV) (maximum of 1)", in thousandths; no armies, no
    gain (ruling: there is nobody to train)."""
    if arm == 0:
        return 0
    return min(LEV_GAIN_MAX, wok * 1_000_000 // (arm * lev))


RATES = Rates(
    wok_per_def=WOK_PER_DEF_STEP,
    wok_per_mis=WOK_PER_MIS,
    wok_per_spy=WOK_PER_SPY,
    level_gain=lambda p: level_gain(p.wok, p.troops, p.lev),
)
"""0.1 DEF per 8 WOK, 1 MIS per 3 WOK (Standard: a ruling), 1 SPY per 4 WOK, LEV by WOK /
(ARM x LEV), ARM counting every troop where there are troop types."""


def work_phase(turn: Turn, percent: Percent, report: Report) -> None:
    """Every empire works, in the Order of Play; then the neutral provinces ("their workers
    will also increase the defence level")."""
    for pid in turn.oop:
        provinces = list(turn.state.provinces_of(pid))
        if provinces:
            player = turn.state.player(pid)
            made, idle, gains = _empire_work(player, provinces, percent)
            player.gold += made["gold"]
            if player.wood is not None:
                player.wood += made["wood"]
            made["eff"] = player.change_eff(made["eff"])
            turn.emit(report(player, made, idle, gains))
    for province in turn.state.provinces:
        if province.owner == 0 and not province.idle:
            work_in_province(province, RATES, percent(None, province))


def _empire_work(
    player: Player, provinces: list[Province], percent: Percent
) -> tuple[Made, int, LevGains]:
    made = dict.fromkeys(("dfn", "lev", "mis", "spy", "gold", "wood", "eff"), 0)
    idle = 0
    gains: list[tuple[int, int]] = []
    for province in provinces:
        rate = percent(player, province)
        work = province.wok * rate
        if province.idle:
            idle += 1
        elif province.aim == "MIN":
            made["gold"] += work * GOLD_PER_WOK // 100
        elif province.aim == "CHO":
            made["wood"] += work * WOOD_PER_WOK // 100
        elif province.aim == "EFF":
            made["eff"] += work // (100 * WOK_PER_EFF)
        else:
            product = work_in_province(province, RATES, rate)
            made[TOTAL_OF_AIM[province.aim]] += product
            gains += [(province.id, product)] if province.aim == "LEV" else []
    return made, idle, tuple(gains)
