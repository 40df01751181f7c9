"""Ratings and win/loss records, from the finished games of a games folder, a table a ruleset.

Read from the games themselves (``wtg.host.results``), oldest finish first, so a rating is always
what the finished games make it: nothing to keep in step, nothing to lose. Humans are known
across games by their e-mail address (never shown); bots and robots by their name.

- **WoS Tactics: Elo**, "using the chess rating algorithm". A game of n humans is
  n(n-1)/2 matches: the better place wins. Each human's rating moves by K / (n - 1) times
  the sum, over the other humans, of (result - expected), the expected result being
  1 / (1 + 10^((their rating - mine) / 400)), all from the ratings before the game.
  Ratings start at ``START``. "you never gain or lose rating when playing against a bot":
  bots take no part in ratings. Records count every pair who fought in one game, bots
  included: "Bot Blue has lost 2x to me". A player's own totals: games, wins (first
  places; a WoK game that ended with "no one left" is no one's: ``results.won``), losses
  ("there is no tie").
- **Every other ruleset (WoK IV, Standard, Intermediate, WISK): openskill's
  Plackett-Luce model**, from the final placings of the humans (robots take no part), a
  shared place a tie: Standard's "the players are ranked based on how long they
  survived, what their final score was and whether they won and the player ratings are
  updated accordingly" (the ranking is the rules', ``wtg.host.results``). The rating shown is
  the model's ordinal, mu - 3 sigma: 0 for a newcomer, rising as the games say more.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from wtg.game.registry import registration_of
from wtg.host.results import Entry, Finished, finished_games, rated, won

START = 1500.0
K_FACTOR = 32.0
ELO = "Elo"
PLACKETT_LUCE = "Plackett-Luce"


@dataclass
class Standing:
    key: str
    name: str
    bot: bool
    rating: float = START
    games: int = 0
    wins: int = 0
    skill: PlackettLuceRating | None = None
    """Plackett-Luce: the model's estimate (mu, sigma); ``rating`` is its ordinal."""

    @property
    def losses(self) -> int:
        return self.games - self.wins


@dataclass
class Ratings:
    """The ratings of one ruleset (``ruleset`` "" when the games are not sorted by it)."""

    ruleset: str = ""
    method: str = ELO
    players: dict[str, Standing] = field(default_factory=dict)
    records: dict[tuple[str, str], int] = field(default_factory=dict)
    """(winner, loser) -> how often the first placed above the second (Elo rulesets)."""
    games: int = 0

    def record(self, first: str, second: str) -> tuple[int, int]:
        """``first``'s wins and losses against ``second``."""
        return self.records.get((first, second), 0), self.records.get((second, first), 0)

    def table(self) -> list[Standing]:
        """Rated humans by rating, then bots, then by name."""
        return sorted(self.players.values(), key=lambda s: (s.bot, -s.rating, s.name.lower()))

    def pairs(self) -> list[tuple[Standing, Standing, int, int]]:
        """Every two players who met: (player, opponent, player's wins, player's losses),
        each pair once, by name."""

        def order(key: str) -> tuple[str, str]:
            return (self.players[key].name.lower(), key)

        met = {tuple(sorted(pair, key=order)) for pair in self.records}
        rows = []
        for a, b in sorted(met, key=lambda pair: (order(pair[0]), order(pair[1]))):
            wins, losses = self.record(a, b)
            rows.append((self.players[a], self.players[b], wins, losses))
        return rows

    def shown(self, standing: Standing) -> float | None:
        """The rating as printed: Elo a whole number, Plackett-Luce to two places; None for
        a bot."""
        if standing.bot:
            return None
        return round(standing.rating) if self.method == ELO else round(standing.rating, 2)

    def rows(self) -> list[dict[str, Any]]:
        """A row a player (``wtg ratings --json``): player, rating, games, wins, ..."""
        rows = []
        for s in self.table():
            row: dict[str, Any] = {
                "ruleset": self.ruleset,
                "player": s.name,
                "rating": self.shown(s),
                "games": s.games,
                "wins": s.wins,
                "losses": s.losses,
                "bot": s.bot,
            }
            if s.skill is not None:
                row["mu"] = round(s.skill.mu, 3)
                row["sigma"] = round(s.skill.sigma, 3)
            rows.append(row)
        return rows

    def record_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "ruleset": self.ruleset,
                "player": a.name,
                "opponent": b.name,
                "wins": wins,
                "losses": losses,
            }
            for a, b, wins, losses in self.pairs()
        ]


def rate(results: Iterable[Finished], ruleset: str = "") -> Ratings:
    """Elo ratings and records of ``results``."""
    ratings = Ratings(ruleset=ruleset, method=ELO)
    for result in sorted(filter(rated, results), key=lambda r: (r.finished, r.game)):
        _count(ratings, result)
    return ratings


def _tally(ratings: Ratings, result: Finished, entries: Sequence[Entry]) -> None:
    """Games and wins of each of ``entries`` in one game (``results.won``: a game that
    ended with "no one left" is no one's win)."""
    ratings.games += 1
    for entry in entries:
        standing = ratings.players.setdefault(entry.key, Standing(entry.key, entry.name, entry.bot))
        standing.name = entry.name
        standing.games += 1
        standing.wins += won(result, entry)


def _count(ratings: Ratings, result: Finished) -> None:
    entries = result.entries
    _tally(ratings, result, entries)
    for a, b in combinations(entries, 2):
        winner, loser = (a, b) if a.place < b.place else (b, a)
        ratings.records[(winner.key, loser.key)] = (
            ratings.records.get((winner.key, loser.key), 0) + 1
        )
    humans = [e for e in entries if not e.bot]
    if len(humans) < 2:
        return
    before = {e.key: ratings.players[e.key].rating for e in humans}
    weight = K_FACTOR / (len(humans) - 1)
    for me in humans:
        change = 0.0
        for other in humans:
            if other.key == me.key:
                continue
            expected = 1 / (1 + 10 ** ((before[other.key] - before[me.key]) / 400))
            change += (1.0 if me.place < other.place else 0.0) - expected
        ratings.players[me.key].rating = before[me.key] + weight * change


def rate_plackett_luce(results: Iterable[Finished], ruleset: str = "") -> Ratings:
    """openskill's Plackett-Luce ratings of the humans of ``results``, from their places."""
    model = PlackettLuce()
    ratings = Ratings(ruleset=ruleset, method=PLACKETT_LUCE)
    for result in sorted(filter(rated, results), key=lambda r: (r.finished, r.game)):
        humans = [e for e in result.entries if not e.bot]
        if len(humans) < 2:
            continue
        _tally(ratings, result, humans)
        standings = [ratings.players[e.key] for e in humans]
        before = [s.skill or model.rating() for s in standings]
        after = model.rate([[skill] for skill in before], ranks=[float(e.place) for e in humans])
        for standing, (skill,) in zip(standings, after, strict=True):
            standing.skill = skill
            standing.rating = skill.ordinal()
    return ratings


def method_of(ruleset: str) -> str:
    """Elo or Plackett-Luce, as the ruleset's registration says (``rating``)."""
    return ELO if registration_of(ruleset).rating == ELO else PLACKETT_LUCE


def rate_rulesets(results: Iterable[Finished], only: str | None = None) -> list[Ratings]:
    """A table a ruleset that has finished games (or ``only`` that one, even with none),
    in the ruleset's name order, each by its method."""
    by_ruleset: dict[str, list[Finished]] = {}
    for result in results:
        by_ruleset.setdefault(result.ruleset, []).append(result)
    if only is not None:
        by_ruleset = {only: by_ruleset.get(only, [])}
    tables = []
    for name, games in sorted(by_ruleset.items()):
        rater = rate if method_of(name) == ELO else rate_plackett_luce
        tables.append(rater(games, name))
    return tables


def ratings_json(tables: Sequence[Ratings]) -> dict[str, Any]:
    """What ``wtg ratings --json`` prints: each ruleset's method and games, a row a player
    and ruleset (keys ``player``, ``rating``, ``games``, ``wins``, ...), the Elo records."""
    return {
        "games": sum(t.games for t in tables),
        "rulesets": {t.ruleset: {"method": t.method, "games": t.games} for t in tables},
        "players": [row for t in tables for row in t.rows()],
        "records": [row for t in tables for row in t.record_rows()],
    }


__all__ = [
    "ELO",
    "PLACKETT_LUCE",
    "START",
    "Entry",
    "Finished",
    "Ratings",
    "Standing",
    "finished_games",
    "rate",
    "rate_plackett_luce",
    "rate_rulesets",
    "ratings_json",
]
