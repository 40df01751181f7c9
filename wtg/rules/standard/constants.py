"""Standard WoK numbers, each defined once (those all WoK rulesets share are in
``wtg.rules.wok.limits``). Levels are in thousandths, defense in tenths."""

from __future__ import annotations

AIMS = ("DEF", "LEV", "MIS", "SPY", "MIN", "EFF")

# Bombing
BOMB_ORDERS = 5
BOMB_MISSILES_MAX = 99
BOMB_KILLS = ("arm", "spy", "dfn")
"""A hit destroys 1 ARM, 1 SPY or 0.1 DEF, picked at random."""

# Attacks
ATTACKS_BASE = 3
ATTACKS_MAX = 7
ATTACK_LINES = 7
LEV_GAIN_ATTACKER_WINS = 6
LEV_GAIN_DEFENDER_WINS = 3
LEV_GAIN_EMPTY = 200_000
"""Into an empty province: 0.2 / level, i.e. 200,000 / level in thousandths."""
DEF_WEIGHT = 4

# Working: workers per unit (the MIS rate is a ruling, 1 per 3)
WOK_PER_DEF_STEP = 8
WOK_PER_MIS = 3
WOK_PER_SPY = 4
WOK_PER_EFF = 4
GOLD_PER_WOK = 1
LEV_GAIN_MAX = 1000
"""LEV rises by WOK / (ARM x LEV), at most 1 (1000 thousandths) a turn."""

# Upgrades
UPGRADE_COSTS = (100, 200, 300)
UPGRADES = ("TECH", "EFF", "DEF", "LEV", "MIS", "SPY")
UPGRADE_EFF = 30
UPGRADE_DEF = 5
UPGRADE_LEV = 300
UPGRADE_MIS = 5
UPGRADE_SPY = 2
TECH_LEVEL_MAX = 99

# Spying
SPY_ORDERS = 5
SPY_PROVINCE, SPY_PLAYER, PROPAGANDA, FALSE_ORDERS, STEAL_GOLD = 1, 2, 3, 4, 5
OP_NAMES = {
    SPY_PROVINCE: "spy province",
    SPY_PLAYER: "spy player",
    PROPAGANDA: "spread propaganda",
    FALSE_ORDERS: "false orders",
    STEAL_GOLD: "steal gold",
}
PROPAGANDA_EFF = 2
GOLD_PER_THIEF = 10

# The end of the game
ALLIANCE_MIN_PLAYERS = 6
"""Shared victory only "if the game started with more than 5 players"."""
HEADHUNTING_TURNS = 1
