"""Standard WoK numbers, each defined once (those all WoK rulesets share are in
``wtg.rules.wok.limits``). Levels are in thousandths, defense in tenths."""

from __future__ import annotations

AIMS = ("DEF", "LEV", "MIS", "SPY", "MIN", "EFF")

# Bombing
BOMB_KILLS = ("arm", "spy", "dfn")
"""A hit destroys 1 ARM, 1 SPY or 0.1 DEF, picked at random."""

# The end of the game
HEADHUNTING_TURNS = 1
