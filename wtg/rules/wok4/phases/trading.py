"""PHASE V: tech trades, then the workers' aims."""

from __future__ import annotations

from wtg.core.plurals import counted
from wtg.rules.wok.limits import DEF_MAX, EFF_MAX, LEV_MAX, MIS_MAX, SPY_MAX
from wtg.rules.wok.phases.aims import change_aims
from wtg.rules.wok.state import Player
from wtg.rules.wok.turn import Turn
from wtg.rules.wok4.constants import (
    TRADE_DEF_100,
    TRADE_DEF_350,
    TRADE_EFF_250,
    TRADE_LEV_200,
    TRADE_LEV_350,
    TRADE_LINES,
    TRADE_MIS_150,
    TRADE_SPY_150,
    TRADES,
)
from wtg.rules.wok4.events import TechTraded


def tech_trades(turn: Turn) -> None:
    for player, orders in turn.players_in_order():
        for points in orders.trade[:TRADE_LINES]:
            text = f"trade {counted(points, 'tech point')}"
            if points not in TRADES:
                turn.skip(player.id, "V trades", text, "no such trade")
            elif player.tech < points:
                have = counted(player.tech, "tech point")
                turn.skip(player.id, "V trades", text, f"you have only {have}")
            else:
                player.tech -= points
                apply_trade(turn, player, points)
                if turn.keeps_events:  # a forecast shows none
                    turn.emit(
                        TechTraded(
                            player=player.id,
                            points=points,
                            tech_left=player.tech,
                            visible_to=frozenset({player.id}),
                        )
                    )


def apply_trade(turn: Turn, player: Player, points: int) -> None:
    """Manual section 6, each bonus up to its limit."""
    if points == 250:
        player.eff = min(EFF_MAX, player.eff + TRADE_EFF_250)
        return
    for province in turn.state.provinces_of(player.id):
        if points == 100:
            province.dfn = min(DEF_MAX, province.dfn + TRADE_DEF_100)
        elif points == 150:
            # "only ... if the Province contains workers (who build the missiles)
            # or Population (who recruit the Spies)"
            if province.wok > 0:
                province.mis = min(MIS_MAX, province.mis + TRADE_MIS_150)
            if province.pop > 0:
                province.spy = min(SPY_MAX, province.spy + TRADE_SPY_150)
        elif points == 200:
            if province.arm > 0:
                province.lev = min(LEV_MAX, province.lev + TRADE_LEV_200)
        elif points == 350:
            province.dfn = min(DEF_MAX, province.dfn + TRADE_DEF_350)
            if province.arm > 0:
                province.lev = min(LEV_MAX, province.lev + TRADE_LEV_350)


def aims(turn: Turn) -> None:
    """PHASE V: "Only 4 provinces can change their workers aim in every turn"."""
    change_aims(turn, "V aims")
