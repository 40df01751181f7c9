"""PHASE III: entropy, then every worker produces for the aim of its province."""

from __future__ import annotations

from collections.abc import Iterable

from wtg.rules.wok.phases.entropy import lose_eff
from wtg.rules.wok.production import TOTAL_OF_AIM, Rates, work_in_province
from wtg.rules.wok.state import Player, Province
from wtg.rules.wok.turn import Turn
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


def working(turn: Turn) -> None:
    """Every owner's provinces work, in the OoP; a player who sent no orders works too
    ("all orders for your workers remain intact"); neutral provinces raise their defense."""
    state = turn.state
    for pid in turn.oop:
        player = state.player(pid)
        provinces = list(state.provinces_of(pid))
        if provinces:
            lose_eff(turn, player, len(provinces))
            _produce(turn, player, provinces)
    for province in state.provinces:
        if province.owner == 0:
            work_in_province(province, RATES)


def tech_made(provinces: Iterable[Province]) -> int:
    """The tech points the workers of ``provinces`` make: those aimed at TECH (before the
    cap, ``TECH_MAX``)."""
    return sum(p.wok * TECH_PER_WOK for p in provinces if p.aim == "TECH")


def _produce(turn: Turn, player: Player, provinces: list[Province]) -> None:
    totals = {"dfn": 0, "lev": 0, "mis": 0, "spy": 0, "tech": 0, "eff": 0}
    gains: list[tuple[int, int]] = []
    for province in provinces:
        if province.aim == "TECH":
            continue  # tech_made, below
        if province.aim == "EFF":
            totals["eff"] += province.wok // WOK_PER_EFF
        else:
            product = work_in_province(province, RATES)
            totals[TOTAL_OF_AIM[province.aim]] += product
            gains += [(province.id, product)] if province.aim == "LEV" else []
    tech_before = player.tech
    player.tech = min(TECH_MAX, player.tech + tech_made(provinces))
    totals["tech"] = player.tech - tech_before
    totals["eff"] = player.change_eff(totals["eff"])
    if turn.keeps_events:  # a forecast shows none
        turn.emit(
            Production(
                player=player.id,
                dfn=totals["dfn"],
                lev=totals["lev"],
                mis=totals["mis"],
                spy=totals["spy"],
                tech=totals["tech"],
                eff=totals["eff"],
                lev_gains=tuple(gains),
                visible_to=frozenset({player.id}),
            )
        )


RATES = Rates(
    wok_per_def=WOK_PER_DEF_STEP,
    wok_per_mis=WOK_PER_MIS,
    wok_per_spy=WOK_PER_SPY,
    level_gain=lambda province: province.wok * LEV_PER_WOK,
)
"""Every 8 workers 0.1 DEF, every worker 0.005 LEV, every 4 workers 1 MIS or 1 SPY."""
