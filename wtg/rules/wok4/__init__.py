"""WoK IV "The Final Conflict", user's manual v2.50.

The package registers the ruleset (``wtg.game.registry`` finds it): ``REGISTRATION`` names its
class and carries its ``new-game`` options and seating, read without importing the rules.
"""

from __future__ import annotations

from wtg.core.ruleset import Registration
from wtg.rules.wok4.options import OPTIONS, SEATING

REGISTRATION = Registration(
    rules="ruleset:Wok4",
    options=OPTIONS,
    seating=SEATING,
    no_board=(
        "The WoK IV manual shows each player his own provinces and their borders, and "
        "everyone the Top Ten: who holds the other provinces is not published."
    ),
    hiscore=True,
)
