"""The `wtg new-game` data of WoK IV: no options of its own, and the players it seats."""

from __future__ import annotations

from wtg.core.ruleset import GameOption, Seating

OPTIONS: tuple[GameOption, ...] = ()

SEATING = (
    Seating(
        least=2,
        rule='"10 players may try their luck"; "If a game starts with less then 10 Players all '
        'empty slots are considered like Players that have QUIT" (ruling: at least 2, at most '
        "the map's seats)",
    ),
)
