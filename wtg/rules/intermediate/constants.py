"""Intermediate WoK numbers, each defined once (those it shares with Standard WoK are beside
the shared code in ``wtg.rules.wok``). Levels are in thousandths, defense in tenths."""

from __future__ import annotations

from wtg.rules.wok.espionage import OP_NAMES, STEAL_GOLD

VARIANT = "skirmish"
""""Currently only skirmish games can be played using the intermediate game engine"."""

# The beginning: "a tech level of 0, 100 GOLD, 100 WOOD, 99 EFF"
START_GOLD = 100
START_WOOD = 100
HEADHUNTING_TURNS = 1
"""As a Standard Skirmish: "headhunting is not allowed on turn one" (ruling)."""

# Terrain
TERRAINS = ("Desert", "Forest", "Mountain", "Plains", "Swamp")
TERRAIN_AIM = {"Desert": "LEV", "Forest": "CHO", "Mountain": "MIN", "Plains": "EFF", "Swamp": "DEF"}
"""The aim a terrain favours: its workers "will produce 50% more of the resource"."""
TERRAIN_BONUS = 50
TECH_BONUS = 5
"""Percent more production a tech level, "regardless of AIM or province type"."""

# Orders
AIMS = ("DEF", "LEV", "MIS", "CHO", "MIN", "EFF")
TRANSFORM_KINDS = ("POP-WOK", "POP-ARM", "WOK-POP", "POP-SPY")
MOVE_UNITS = ("POP", "WOK", "ARM", "MIS", "SPY", "PIK", "ARC", "KNI", "CAT", "TRO")
JUMP_TECH = 10
"""At tech level 10 "you can move directly between any two provinces you own"."""

# Upgrade Troops
UPGRADE_TROOPS_ORDERS = 7
"""The text sets no number of orders; seven, as for transformations and movement (ruling)."""
TROOPS_PER_ORDER = 50
WOOD_ARM_TO_TROOP = 5
WOOD_TROOP_TO_ARM = -2
"""A refund: "reclaiming 2 WOOD per unit"."""
WOOD_TROOP_TO_TROOP = 3

# Growth: "Percentage Increase = 100 * e-POP / 100"
GROWTH_SCALE = 100

# Spying
SPY_OPS = {**OP_NAMES, STEAL_GOLD: "steal GOLD"}
"""The operations as a report names them, gold in capitals as everywhere in a report
(ruling 28): the text's list has "Steal Gold"."""
