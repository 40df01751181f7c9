"""Numbers every WoK ruleset shares, each defined once. Levels are in thousandths, defense in
tenths: integers keep every sum exact and every rerun byte-identical (a level of 1.750 is
1750, a defense of 0.3 is 3). A ruleset's own numbers live in its ``constants``."""

from __future__ import annotations

# Limits of a province and a player
POP_MAX = 999
ARM_MAX = 999
WOK_MAX = 125
LEV_MIN = 1000
LEV_MAX = 9999
DEF_MAX = 99
MIS_MAX = 99
SPY_MAX = 99
EFF_MIN = 1
EFF_MAX = 99
START_EFF = 99

# Transformations and movement
POP_PER_WOK = 2
POP_PER_ARM = 4
POP_PER_SPY = 5
"""Intermediate WoK: "Convert POP to SPY in a ratio of 5:1"."""
WOK_PER_POP = 2
UNITS_PER_ORDER = 50
POP_ARM_ORDERS = 3
TRANSFORM_ORDERS = 7
MOVE_ORDERS = 7
TRANSFORM_KINDS = ("POP-WOK", "POP-ARM", "WOK-POP")
MOVE_UNITS = ("POP", "WOK", "ARM", "MIS", "SPY")
AIM_CHANGES = 4
DEFAULT_AIM = "DEF"

# Growth: (population below, percent)
GROWTH = ((100, 20), (200, 15), (300, 10), (400, 6), (POP_MAX + 1, 3))

# Neutral provinces
NEUTRAL_RECRUITS = 2
NEUTRAL_LEV = 1000

# Missed turns
MISSED_TURNS_TO_QUIT = 3
ABSENCE_TURNS = 6
"""Ruling: the most turns one player may be away (a mail's ABSENCE) in one game."""

# Start values: WoK IV's section 4, which Standard WoK keeps (its tables are lost: a ruling)
HOME_DEF = 10
HOME_SPY = 10
HOME_WOK = 24
HOME_ARM = 12
HOME_LEV = 1750
NEUTRAL_WOK = 16
NEUTRAL_ARM = 5
NEUTRAL_DEF = 3
NEUTRAL_EFF = 99
"""Neutrals have no EFF of their own; they fight at the best EFF a player can have (ruling)."""
