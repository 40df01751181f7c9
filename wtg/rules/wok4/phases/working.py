"""PHASE III: entropy, then every worker produces for the aim of its province."""

from __future__ import annotations

from wtg.rules.wok.limits import DEF_MAX, EFF_MAX, EFF_MIN, LEV_MAX, MIS_MAX, SPY_MAX
from wtg.rules.wok.phases.entropy import lose_eff
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn, clamp
from wtg.rules.wok4.constants import (
    LEV_PER_WOK,
    TECH_MAX,
    TECH_PER_WOK,
    WOK_PER_DEF_STEP,
    WOK_PER_EFF,
    WOK_PER_MIS,
    WOK_PER_SPY,
)
from wtg.rules.wok4.events import Production

_TOTAL_OF_AIM = {"DEF": "dfn", "LEV": "lev", "MIS": "mis", "SPY": "spy"}


def working(turn: Turn) -> None:
    """Every owner's provinces work, in the OoP; a player who sent no orders works too
    ("all orders for your workers remain intact"); neutral provinces raise their defense."""
    state = turn.state
    for pid in turn.oop:
        player = state.player(pid)
        provinces = [p for p in state.provinces if p.owner == pid]
        if provinces:
            lose_eff(turn, player, len(provinces))
            _produce(turn, player, provinces)
    for province in state.provinces:
        if province.owner == 0:
            _work(province)


def _produce(turn: Turn, player: Player, provinces: list[Province]) -> None:
    totals = {"dfn": 0, "lev": 0, "mis": 0, "spy": 0, "tech": 0, "eff": 0}
    for province in provinces:
        if province.aim == "TECH":
            totals["tech"] += province.wok * TECH_PER_WOK
        elif province.aim == "EFF":
            totals["eff"] += province.wok // WOK_PER_EFF
        else:
            totals[_TOTAL_OF_AIM[province.aim]] += _work(province)
    tech_before = player.tech
    player.tech = min(TECH_MAX, player.tech + totals["tech"])
    totals["tech"] = player.tech - tech_before
    eff_before = player.eff
    player.eff = clamp(player.eff + totals["eff"], EFF_MIN, EFF_MAX)
    totals["eff"] = player.eff - eff_before
    turn.emit(
        Production(
            player=player.id,
            dfn=totals["dfn"],
            lev=totals["lev"],
            mis=totals["mis"],
            spy=totals["spy"],
            tech=totals["tech"],
            eff=totals["eff"],
            visible_to=frozenset({player.id}),
        )
    )


def _work(province: Province) -> int:
    """Produce the province's own aim (DEF, LEV, MIS, SPY); returns what was gained."""
    aim, wok = province.aim, province.wok
    if aim == "DEF":
        before = province.dfn
        province.dfn = min(DEF_MAX, province.dfn + wok // WOK_PER_DEF_STEP)
        return province.dfn - before
    if aim == "LEV":
        before = province.lev
        province.lev = min(LEV_MAX, province.lev + wok * LEV_PER_WOK)
        return province.lev - before
    if aim == "MIS":
        before = province.mis
        province.mis = min(MIS_MAX, province.mis + wok // WOK_PER_MIS)
        return province.mis - before
    if aim == "SPY":
        before = province.spy
        province.spy = min(SPY_MAX, province.spy + wok // WOK_PER_SPY)
        return province.spy - before
    return 0
