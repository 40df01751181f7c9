"""WoK IV v2.50 numbers, each defined once (those all WoK rulesets share are in
``wtg.rules.wok.limits``). Levels are in thousandths, defense in tenths."""

from __future__ import annotations

# Limits (manual section 4, 5, 6)
TECH_MAX = 999

AIMS = ("DEF", "LEV", "MIS", "SPY", "TECH", "EFF")

# Transformations (section 4, PHASE IV)

# Growth: (population below, percent)

# Working (section 5): workers per unit of output
WOK_PER_DEF_STEP = 8  # +0.1 DEF
LEV_PER_WOK = 5  # +0.005 LEV per worker
WOK_PER_MIS = 4
WOK_PER_SPY = 4
TECH_PER_WOK = 1
WOK_PER_EFF = 8

# Tech (section 6)
TRADES = (100, 150, 200, 250, 350)
TRADE_DEF_100 = 3
TRADE_MIS_150 = 5
TRADE_SPY_150 = 2
TRADE_LEV_200 = 300
TRADE_EFF_250 = 60
TRADE_DEF_350 = 6
TRADE_LEV_350 = 500
ATTACKS_BY_TECH = ((50, 3), (100, 4), (150, 5), (200, 6), (TECH_MAX + 1, 7))
ATTACK_LINES = 7

# Bombing (section 7, PHASE I)
BOMB_ORDERS = 5
LONG_RANGE_REACH = 3
BOMB_ARMIES = (1, 5)
BOMB_SPIES = (1, 5)
BOMB_DEF = 1
BOMB_TECH = (5, 13)
BOMB_DETECT_PER_SPY = 3
DETECT_MIN = 1
CHANCE_MAX = 99

# Combat (PHASE II)
DEF_WEIGHT = 4
DEF_LOSS_CHANCE = 3
LEV_BONUS_PER_ROUND = 3
LEV_BONUS_EMPTY = 100

# Spying (section 7, PHASE VI)
SPY_ORDERS = 5
SPY_NEIGHBOUR_PER_SPY = 2
SABOTAGE_PENALTY = 20
MIS_PER_SABOTEUR = 3
SPIES_PER_DEF_HIT = 3
DEF_PER_DEF_HIT = 2
POP_PER_THIEF = 15
TRADE_LINES = 5

# EFF won and lost by spying (ruling: the manual gives directions, not numbers)
EFF_SPY_SUCCESS = 2
EFF_SPY_PLAYER_SUCCESS = 4
EFF_SPY_FAILURE = 2
EFF_SPY_PLAYER_FAILURE = 6
EFF_VICTIM_LOSS = 2
EFF_VICTIM_FOILED = 1
EFF_VICTIM_FOILED_PLAYER = 3

# Missed turns and the end of the game (section 3)
QUITS_FOR_BITTER_END = 5

# Victory points (ruling on a public proposal; the manual gives none)
VP_SOLE_WIN = 12
VP_SHARED_WIN = 5
VP_PLACED = 2
VP_SURVIVED = 1
VP_BITTER_END = 1
