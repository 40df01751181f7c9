"""Standard WoK numbers, each defined once (those all WoK rulesets share are in
``wtg.rules.wok.limits``). Levels are in thousandths, defense in tenths."""

from __future__ import annotations

AIMS = ("DEF", "LEV", "MIS", "SPY", "MIN", "EFF")

# Bombing
BOMB_KILLS = ("arm", "spy", "dfn")
"""A hit destroys 1 ARM, 1 SPY or 0.1 DEF, picked at random."""

# Working: workers per unit (the MIS rate is a ruling, 1 per 3)
WOK_PER_DEF_STEP = 8
WOK_PER_MIS = 3
WOK_PER_SPY = 4
WOK_PER_EFF = 4
GOLD_PER_WOK = 1
LEV_GAIN_MAX = 1000
"""LEV rises by WOK / (ARM x LEV), at most 1 (1000 thousandths) a turn."""

# The end of the game
ALLIANCE_MIN_PLAYERS = 6
"""Shared victory only "if the game started with more than 5 players"."""
HEADHUNTING_TURNS = 1
