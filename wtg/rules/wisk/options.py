"""The `wtg new-game` options of WISK (read by the command line without the rules)."""

from __future__ import annotations

from wtg.core.ruleset import GameOption, Seating

OPTIONS = (
    GameOption("robots", "robots", "Robot players added after the humans (2-6 players in all)."),
    GameOption(
        "assignment",
        "assignment",
        "The initial assignment: territories dealt and armies spread (automatic), dealt "
        "and the rest placed on one AOF (semi), claimed one a turn and the rest placed one "
        "army a turn, as the text (claim: 80 to 125 turns), or claimed and the rest placed "
        "on one AOF (claim-rest).",
        kind="choice",
        choices=("automatic", "semi", "claim", "claim-rest"),
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
        "A human who sends no orders: his new armies are placed for him as a robot would, "
        "and nothing else (place); he passes and the armies are lost (pass); or a robot "
        "plays his whole turn (robot).",
        kind="choice",
        choices=("place", "pass", "robot"),
        default="place",
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
