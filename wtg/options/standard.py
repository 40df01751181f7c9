"""The `wtg new-game` options of Standard WoK (read by the command line without the rules)."""

from __future__ import annotations

from wtg.core.ruleset import GameOption

OPTIONS = (
    GameOption(
        "headhunting-turns",
        "headhunting_turns",
        "Turns the home provinces are protected from headhunting (default 1; Duel and "
        "Trinity fix their own).",
    ),
)
