"""Upgrades bought with gold, as Standard and Intermediate WoK have them: "The first upgrade
of a turn costs 100 gold, the second 200 and the third 300 gold". Each ruleset runs
``buy_upgrades`` in its own place of the turn (Standard: phase 9, Intermediate: phase 1)."""

from __future__ import annotations

from typing import ClassVar

from wtg.core.events import Event
from wtg.rules.wok.limits import DEF_MAX, EFF_MAX, LEV_MAX, MIS_MAX, SPY_MAX
from wtg.rules.wok.state import Player
from wtg.rules.wok.turn import Turn

UPGRADE_COSTS = (100, 200, 300)
UPGRADES = ("TECH", "EFF", "DEF", "LEV", "MIS", "SPY")
UPGRADE_EFF = 30
UPGRADE_DEF = 5
UPGRADE_LEV = 300
UPGRADE_MIS = 5
UPGRADE_SPY = 2
TECH_LEVEL_MAX = 99


class Upgraded(Event):
    kind: ClassVar[str] = "upgraded"
    player: int
    upgrade: str
    cost: int
    gold_left: int


def buy_upgrades(turn: Turn, phase: str, gold: str = "gold") -> None:
    """Ruling: the price steps up with each upgrade bought; an order that cannot be paid is
    skipped and the next one is tried at the same price. ``gold``: the ruleset's word for
    its gold in the reason of a skipped order (Intermediate's text writes ``100 GOLD``)."""
    for player, orders in turn.players_in_order():
        bought = 0
        for name in orders.upgrade:
            if bought == len(UPGRADE_COSTS):
                turn.skip(player.id, phase, f"upgrade {name}", "only 3 upgrades a turn")
                continue
            cost = UPGRADE_COSTS[bought]
            if name not in UPGRADES:
                turn.skip(player.id, phase, f"upgrade {name}", "no such upgrade")
            elif player.gold < cost:
                turn.skip(
                    player.id,
                    phase,
                    f"upgrade {name}",
                    f"it costs {cost} {gold} and you have {player.gold}",
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
    """Tech +1 level; EFF +30; all provinces +0.5 DEF, +5 MIS or +2 SPY; all armies (every
    troop, where there are troop types) +0.3 LEV."""
    if name == "TECH":
        player.tech = min(TECH_LEVEL_MAX, player.tech + 1)
        return
    if name == "EFF":
        player.eff = min(EFF_MAX, player.eff + UPGRADE_EFF)
        return
    for province in turn.state.provinces_of(player.id):
        if name == "DEF":
            province.dfn = min(DEF_MAX, province.dfn + UPGRADE_DEF)
        elif name == "LEV" and province.troops:
            province.lev = min(LEV_MAX, province.lev + UPGRADE_LEV)
        elif name == "MIS":
            province.mis = min(MIS_MAX, province.mis + UPGRADE_MIS)
        elif name == "SPY":
            province.spy = min(SPY_MAX, province.spy + UPGRADE_SPY)
