"""WISK, a Risk game by mail: 42 territories, cards, dice battles, missions, robots.

The package registers the ruleset (``wtg.game.registry`` finds it): ``REGISTRATION`` names its
class and carries its ``new-game`` options and seating, read without importing the rules.
"""

from __future__ import annotations

from wtg.core.ruleset import Registration
from wtg.rules.wisk.options import OPTIONS, SEATING

REGISTRATION = Registration(
    rules="ruleset:Wisk",
    options=OPTIONS,
    seating=SEATING,
    public_board="open",  # WISK is Risk, played on one open board
    board_table="territories",
    score_words=("Armies", "Territories"),
    # "play clockwise in turn": a turn is one player's, and waits for him alone
    turns_run="each turn is one player's, in turn, and runs once he is READY (a robot's at once)",
    sooner="once the player whose turn it is is READY",
)
