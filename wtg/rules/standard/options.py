"""The `wtg new-game` options of Standard WoK (read by the command line without the rules)."""

from __future__ import annotations

from wtg.core.ruleset import GameOption, Seating

OPTIONS = (
    GameOption(
        "headhunting-turns",
        "headhunting_turns",
        "Turns the home provinces are protected from headhunting (default 1; Duel and "
        "Trinity fix their own).",
    ),
)

SEATING = (
    Seating(
        least=2,
        most=10,
        rule='"Two to Ten players battle it out for control of a map with 20 to 60 provinces"',
    ),
    Seating(
        variant="skirmish",
        least=2,
        rule='"skirmishes can be played with as few as 2 players on maps as small as 20 '
        'provinces. The number of players is determined by the map" (ruling: at most the '
        "map's seats)",
    ),
    Seating(
        variant="duel",
        least=2,
        most=2,
        colours=3,
        robots=4,
        rule='"The two human players play three colours each, on a map of 60 provinces. '
        'Another four colours are taken by robot players"',
    ),
    Seating(
        variant="duel-lite",
        least=2,
        most=2,
        colours=2,
        robots=4,
        rule="Duel-Lite: a Duel whose two humans play two colours each (RULE-NOTES); the four "
        "robots stay (ruling 18)",
    ),
    Seating(
        variant="trinity",
        least=3,
        most=3,
        colours=2,
        robots=4,
        rule='"There are three players each taking control of two colours, with another four '
        'colours being controlled by robot players"',
    ),
)
