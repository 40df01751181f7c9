"""The numbers of the WISK rules, named once."""

from __future__ import annotations

START_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
""""2 players, 40 armies each; 3 players, 35 armies each; 4 players, 30 ...; 5 players; 25
...; 6 players; 20 armies each." """
MIN_PLAYERS = min(START_ARMIES)
MAX_PLAYERS = max(START_ARMIES)

TERRITORIES_PER_ARMY = 3
""""for every 3 territories occupied, 1 army can be obtained" """
MIN_REINFORCEMENT = 3
""""so 3 armies is the minimum" """

ESCALATION = (4, 6, 8, 10, 12, 15, 20)
""""The number for armies in each turn are 4, 6, 8, 10, 12, 15, 20, ..." """
ESCALATION_STEP = 5
""""...and 5+ for each turn afterwards" """
FIXED_VALUES = {
    "infantry": 4,
    "cavalry": 6,
    "artillery": 8,
    "one of each": 10,
    "one wild": 12,
    "two wild": 14,
}
"""The other variant: "3 infantries = 4 armies, 3 cavalries = 6 armies, 3 artilleries = 8
armies, 1 of each kind = 10 armies, 2 cards and 1 wild card = 12 armies, 1 cards and 2
wild cards = 14 armies." """
TRADE_BONUS = 2
""""2 more armies are given and must place to that territory" """
SET_SIZE = 3
MUST_TRADE = 5
""""If you have five or more cards, you must exchange armies with your card." """
MUST_TRADE_ON_ELIMINATION = 6
""""If you have six or more cards, you must use your card to exhange armies" """
TRADE_DOWN_TO = MUST_TRADE - 1
"""After an elimination, trading goes on until fewer than five cards are left."""

ATTACK_DICE = 3
DEFENCE_DICE = 2
DIE_FACES = 6
STAY_BEHIND = 1
""""at least 1 army is required to stay in the home territories" """

ESCALATING = "escalating"
FIXED = "fixed"
CARD_RULES = (ESCALATING, FIXED)
TIES_ATTACKER = "attacker"
TIES_DEFENDER = "defender"
TIE_RULES = (TIES_ATTACKER, TIES_DEFENDER)
AUTOMATIC = "automatic"
SEMI = "semi"
CLAIM = "claim"
"""The text's own assignment: claims, then "the rest of the army ... with 1 army in each
turn"."""
CLAIM_REST = "claim-rest"
"""Claims, then each player places all the rest on one AOF (ruling 5's option)."""
ASSIGNMENTS = (AUTOMATIC, SEMI, CLAIM, CLAIM_REST)
CLAIMS = (CLAIM, CLAIM_REST)
MISSING_PLACE = "place"
"""A human without orders: his new armies are placed as a robot would; nothing else."""
MISSING_PASS = "pass"
MISSING_ROBOT = "robot"
MISSING_RULES = (MISSING_PLACE, MISSING_PASS, MISSING_ROBOT)

MISSION_FALLBACK_TERRITORIES = 24
"""A "destroy" mission against oneself, nobody, or a player someone else destroyed becomes
"occupy 24 territories"."""

DEFAULT_MAP = "classic"
