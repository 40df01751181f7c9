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
from wtg.rules.wok.limits import DEF_MAX, EFF_MAX, EFF_MIN, LEV_MAX, MIS_MAX, SPY_MAX
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn, clamp


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
            _work(province)  # "their workers will also increase the defence level"


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
            made[_TOTAL_OF_AIM[province.aim]] += _work(province)
    player.gold += made["gold"]
    before = player.eff
    player.eff = clamp(player.eff + made["eff"], EFF_MIN, EFF_MAX)
    made["eff"] = player.eff - before
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


_TOTAL_OF_AIM = {"DEF": "dfn", "LEV": "lev", "MIS": "mis", "SPY": "spy"}


def _work(province: Province) -> int:
    """Produce the province's own aim (DEF, LEV, MIS, SPY); returns what was gained."""
    aim, wok = province.aim, province.wok
    if aim == "DEF":
        gained = min(DEF_MAX, province.dfn + wok // WOK_PER_DEF_STEP) - province.dfn
        province.dfn += gained
    elif aim == "LEV":
        gained = min(LEV_MAX, province.lev + level_gain(wok, province.arm, province.lev))
        gained -= province.lev
        province.lev += gained
    elif aim == "MIS":
        gained = min(MIS_MAX, province.mis + wok // WOK_PER_MIS) - province.mis
        province.mis += gained
    elif aim == "SPY":
        gained = min(SPY_MAX, province.spy + wok // WOK_PER_SPY) - province.spy
        province.spy += gained
    else:
        gained = 0
    return gained
