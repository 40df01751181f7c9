"""Chess-style (Elo) ratings and win/loss records, from the finished games of a games folder.

Read from the games themselves, oldest finish first, so a rating is always what the
finished games make it: nothing to keep in step, nothing to lose. A game counts when its
ruleset says it is over and its players carry a ``place`` (WoS Tactics: "the game tracks
first, second, and third place"). Humans are known across games by their e-mail address;
bots by their name.

- A game of n humans is n(n-1)/2 matches: the better place wins. Each human's rating
  moves by K / (n - 1) times the sum, over the other humans, of (result - expected), the
  expected result being 1 / (1 + 10^((their rating - mine) / 400)), all from the ratings
  before the game. Ratings start at ``START``. "you never gain or lose rating when playing
  against a bot": bots take no part in ratings.
- Records count every pair who fought in one game, bots included: "Bot Blue has lost 2x
  to me". A player's own totals: games, wins (first places), losses ("there is no tie").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from wtg.core.record import Record
from wtg.core.ruleset import public_sides

START = 1500.0
K_FACTOR = 32.0


class Entry(Record):
    """One player's place in a finished game."""

    key: str
    name: str
    bot: bool
    place: int


class Finished(Record):
    game: str
    finished: str
    """When its last turn ran (ISO time), to put games in order."""
    entries: tuple[Entry, ...]


@dataclass
class Standing:
    key: str
    name: str
    bot: bool
    rating: float = START
    games: int = 0
    wins: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins


@dataclass
class Ratings:
    players: dict[str, Standing] = field(default_factory=dict)
    records: dict[tuple[str, str], int] = field(default_factory=dict)
    """(winner, loser) -> how often the first placed above the second."""
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": [
                {
                    "name": s.name,
                    "bot": s.bot,
                    "rating": None if s.bot else round(s.rating),
                    "games": s.games,
                    "wins": s.wins,
                    "losses": s.losses,
                }
                for s in self.table()
            ],
            "records": [
                {"player": a.name, "opponent": b.name, "wins": wins, "losses": losses}
                for a, b, wins, losses in self.pairs()
            ],
        }


def rate(results: Iterable[Finished]) -> Ratings:
    ratings = Ratings()
    for result in sorted(results, key=lambda r: (r.finished, r.game)):
        _count(ratings, result.entries)
    return ratings


def _count(ratings: Ratings, entries: Sequence[Entry]) -> None:
    ratings.games += 1
    for entry in entries:
        standing = ratings.players.setdefault(entry.key, Standing(entry.key, entry.name, entry.bot))
        standing.name = entry.name
        standing.games += 1
        standing.wins += entry.place == 1
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


def finished_games(games_dir: Path) -> list[Finished]:
    """Every finished game with placings in ``games_dir`` (a folder that is no game, or a
    game that cannot be read, is passed over)."""
    from wtg.gameconfig import ConfigError
    from wtg.gamesdir import Unreadable, scan_games
    from wtg.store import StoreError

    found = []
    for game in scan_games(games_dir).games():
        if isinstance(game, Unreadable):
            continue
        folder = game.store.root
        try:
            state = game.state()
            if not game.ruleset.is_over(state):
                continue
            players = public_sides(game.ruleset.public_json(state))
            emails = {p.id: p.email.lower() for p in game.config.players}
            finished = str(game.meta().get("ran_at", ""))
        except (StoreError, ConfigError, KeyError, ValueError, OSError):
            continue
        entries = tuple(
            Entry(
                key=f"bot:{p.name}" if p.bot else emails.get(p.id, f"name:{p.name}"),
                name=p.name,
                bot=p.bot,
                place=p.place,
            )
            for p in players
            if p.place is not None
        )
        if len(entries) >= 2:
            found.append(Finished(game=folder.name, finished=finished, entries=entries))
    return found
