"""The `wtg new-game` options of WoS Tactics (read by the command line without the rules)."""

from __future__ import annotations

from wtg.core.ruleset import GameOption, Seating

OPTIONS = (
    GameOption(
        "bots",
        "bots",
        "Bots to add to the battle (2 to 4 armies in all, humans and bots).",
    ),
    GameOption(
        "pieces-per-turn",
        "pieces_per_turn",
        "Pieces a player moves a turn: 1, 2, 3, 4, or every rested piece (default rested).",
        kind="choice",
        choices=("1", "2", "3", "4", "rested"),
    ),
    GameOption(
        "war-points",
        "war_points",
        "Guild war points a first place earns for each guild warrior of another guild "
        "beaten (the world's tacticsWinGivesWarPoints; default 0: none).",
    ),
    GameOption(
        "guilds",
        "guilds",
        'The guild each human fights for, by seat: "1=Red Hand, 2=Blue Moon" (with --war-points).',
        kind="text",
    ),
    GameOption(
        "assets",
        "assets",
        "A world's asset folder (its tactics_ini.txt and map images; default: the shipped one).",
        kind="text",
    ),
)

SEATING = (
    Seating(
        least=0,
        most=4,
        robots_option="bots",
        together=(2, 4),
        rule='"Up to four players may take part in a single battle"; "supports bots to fill in '
        'missing roles"',
    ),
)
