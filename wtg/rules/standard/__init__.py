"""Standard WoK, with its variants Skirmish, Duel, Duel-Lite and Trinity.

The package registers the ruleset (``wtg.game.registry`` finds it): ``REGISTRATION`` names its
class and carries its ``new-game`` options and seating, read without importing the rules.
"""

from __future__ import annotations

from wtg.core.ruleset import Registration
from wtg.rules.standard.options import OPTIONS, SEATING

REGISTRATION = Registration(
    rules="ruleset:Standard",
    options=OPTIONS,
    seating=SEATING,
    # "Once turn 0 has run, you can see on the map where everyone is starting": who holds
    # each province, not what is in it (that is for spies)
    public_board="holders",
    board_table="provinces",
    hiscore=True,
)
