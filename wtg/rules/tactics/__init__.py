"""WoS Tactics: grid battles of up to nine pieces per army, one player's turn at a time.

The package registers the ruleset (``wtg.game.registry`` finds it): ``REGISTRATION`` names its
class and carries its ``new-game`` options and seating, read without importing the rules.
"""

from __future__ import annotations

from wtg.core.ruleset import Registration
from wtg.rules.tactics.options import OPTIONS, SEATING

REGISTRATION = Registration(
    rules="ruleset:Tactics",
    options=OPTIONS,
    seating=SEATING,
    public_board="open",  # a battle has spectators, and each army's score is shown to all
    board_table="pieces",
    score_words=("Hit points", "Pieces"),
    bot_word="bot",
    rating="Elo",
    # the army turn waits for every player (``Tactics.owing``); then "A single player's
    # turn consists of commanding some number of their individual army pieces"
    turns_run=(
        "the first turn, where each player picks his army, runs once every player is READY; "
        "each after it is one player's, in turn, and runs once he is READY (a bot's at once)"
    ),
    sooner=(
        "once those it waits for are READY: every player for the first, where each picks his "
        "army; one player for each after it, whose turn it is"
    ),
)
