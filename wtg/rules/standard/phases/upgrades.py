"""Phase 9, upgrades: "The first upgrade of a turn costs 100 gold, the second 200 and the
third 300 gold"."""

from __future__ import annotations

from wtg.rules.standard.constants import (
    TECH_LEVEL_MAX,
    UPGRADE_COSTS,
    UPGRADE_DEF,
    UPGRADE_EFF,
    UPGRADE_LEV,
    UPGRADE_MIS,
    UPGRADE_SPY,
    UPGRADES,
)
from wtg.rules.standard.events import Upgraded
from wtg.rules.wok.limits import DEF_MAX, EFF_MAX, LEV_MAX, MIS_MAX, SPY_MAX
from wtg.rules.wok.state import Player
from wtg.rules.wok.turn import Turn

PHASE = "9 upgrades"


def upgrades(turn: Turn) -> None:
    """Ruling: the price steps up with each upgrade bought; an order that cannot be paid is
    skipped and the next one is tried at the same price."""
    for player, orders in turn.players_in_order():
        bought = 0
        for name in orders.upgrade:
            if bought == len(UPGRADE_COSTS):
                turn.skip(player.id, PHASE, f"upgrade {name}", "only 3 upgrades a turn")
                continue
            cost = UPGRADE_COSTS[bought]
            if name not in UPGRADES:
                turn.skip(player.id, PHASE, f"upgrade {name}", "no such upgrade")
            elif player.gold < cost:
                turn.skip(
                    player.id,
                    PHASE,
                    f"upgrade {name}",
                    f"it costs {cost} gold and you have {player.gold}",
                )
            else:
                player.gold -= cost
                bought += 1
                apply_upgrade(turn, player, name)
                turn.emit(
                    Upgraded(
                        player=player.id,
                        upgrade=name,
                        cost=cost,
                        gold_left=player.gold,
                        visible_to=frozenset({player.id}),
                    )
                )


def apply_upgrade(turn: Turn, player: Player, name: str) -> None:
    """Tech +1 level; EFF +30; all provinces +0.5 DEF, +5 MIS or +2 SPY; all armies +0.3 LEV."""
    if name == "TECH":
        player.tech = min(TECH_LEVEL_MAX, player.tech + 1)
        return
    if name == "EFF":
        player.eff = min(EFF_MAX, player.eff + UPGRADE_EFF)
        return
    for province in turn.state.provinces_of(player.id):
        if name == "DEF":
            province.dfn = min(DEF_MAX, province.dfn + UPGRADE_DEF)
        elif name == "LEV" and province.arm:
            province.lev = min(LEV_MAX, province.lev + UPGRADE_LEV)
        elif name == "MIS":
            province.mis = min(MIS_MAX, province.mis + UPGRADE_MIS)
        elif name == "SPY":
            province.spy = min(SPY_MAX, province.spy + UPGRADE_SPY)
