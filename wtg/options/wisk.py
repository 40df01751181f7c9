"""The `wtg new-game` options of WISK (read by the command line without the rules)."""

from __future__ import annotations

from wtg.core.ruleset import GameOption, Seating

OPTIONS = (
    GameOption("robots", "robots", "Robot players added after the humans (2-6 players in all)."),
    GameOption(
        "assignment",
        "assignment",
        "The initial assignment: territories dealt and armies spread (automatic), dealt "
        "and the rest placed on one AOF (semi), or claimed one a turn (claim).",
        kind="choice",
        choices=("automatic", "semi", "claim"),
        default="automatic",
    ),
    GameOption(
        "cards",
        "cards",
        "Card sets: escalating (4, 6, 8, 10, 12, 15, 20, +5) or fixed by kind.",
        kind="choice",
        choices=("escalating", "fixed"),
        default="escalating",
    ),
    GameOption(
        "missions",
        "missions",
        "Each player gets a secret mission that wins the game.",
        kind="flag",
    ),
    GameOption(
        "ties",
        "ties",
        "Who wins a tie of dice: the attacker (as the WISK text) or the defender.",
        kind="choice",
        choices=("attacker", "defender"),
        default="attacker",
    ),
    GameOption(
        "missing",
        "missing",
        "A human who sends no orders passes (pass) or a robot plays his turn (robot).",
        kind="choice",
        choices=("pass", "robot"),
        default="pass",
    ),
)

SEATING = (
    Seating(
        least=0,
        most=6,
        robots_option="robots",
        together=(2, 6),
        rule='"a stragetic board game for 2 to 6 players"; "the number of players in the game '
        '(including both human and robot players)"',
    ),
)
