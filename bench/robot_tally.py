"""A tournament's games counted for one side: wins, losses and draws, moving first and
second, the first mover's wins, the games that ended, with Wilson's 95% interval."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from bench.robot_games import Played
from wtg.core.jsondata import JsonObject

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(wins: int, games: int) -> tuple[float, float]:
    """Wilson's 95% score interval of a win rate of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    spread = Z95 * Z95 / games
    centre = (rate + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rate:
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> JsonObject:
        low, high = wilson(self.wins, self.games)
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "low": low, "high": high}

    def text(self) -> str:
        low, high = wilson(self.wins, self.games)
        return (
            f"{100 * self.rate:5.1f}% [{100 * low:.1f}-{100 * high:.1f}] ({self.wins}/{self.games})"
        )


@dataclass(frozen=True)
class Tally:
    """The games of one tournament, for the side that sat in seat ``seats[i]`` of game i."""

    games: int
    wins: int
    losses: int
    draws: int
    moving_first: Rate
    moving_later: Rate
    first_mover: Rate
    ended: int
    median_turns: float
    rejected: dict[str, int]
    past_first_round: Rate
    """The games not decided in the first round of turns (each seat's first turn), and
    the side's wins among them."""

    @classmethod
    def of(cls, played: Sequence[Played], seats: Sequence[int]) -> Tally:
        wins = sum(g.winner == seat for g, seat in zip(played, seats, strict=True))
        draws = sum(g.winner is None for g in played)
        first = [g for g, seat in zip(played, seats, strict=True) if seat == 0]
        later = [g for g, seat in zip(played, seats, strict=True) if seat != 0]
        rejected: dict[str, int] = {}
        for game in played:
            for name, count in game.rejected.items():
                rejected[name] = rejected.get(name, 0) + count
        return cls(
            games=len(played),
            wins=wins,
            losses=len(played) - wins - draws,
            draws=draws,
            moving_first=Rate(sum(g.winner == 0 for g in first), len(first)),
            moving_later=Rate(
                sum(g.winner == s for g, s in zip(played, seats, strict=True) if s), len(later)
            ),
            first_mover=Rate(sum(g.winner == 0 for g in played), len(played)),
            ended=sum(g.decided for g in played),
            median_turns=statistics.median(g.turns for g in played) if played else 0.0,
            rejected=rejected,
            past_first_round=Rate(
                sum(g.winner == s for g, s in zip(played, seats, strict=True) if _past(g)),
                sum(1 for g in played if _past(g)),
            ),
        )

    @property
    def overall(self) -> Rate:
        return Rate(self.wins, self.games)

    def to_json(self) -> JsonObject:
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_rate": self.overall.to_json(),
            "moving_first": self.moving_first.to_json(),
            "moving_later": self.moving_later.to_json(),
            "first_mover_wins": self.first_mover.to_json(),
            "ended": self.ended,
            "median_turns": self.median_turns,
            "rejected_lines": {name: count for name, count in self.rejected.items()},
            "past_first_round": self.past_first_round.to_json(),
        }


def _past(game: Played) -> bool:
    """Whether the game went on past the first round of turns."""
    return game.turns > len(game.sides)
