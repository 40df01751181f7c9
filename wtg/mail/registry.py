"""The games a poll can file orders for, and who plays in them (by e-mail address)."""

from __future__ import annotations

import email.utils
from pathlib import Path

from wtg.engine import Game
from wtg.gameconfig import PlayerEntry
from wtg.gamesdir import Unreadable, open_games


class Registry:
    def __init__(self, games_dir: Path) -> None:
        self.games_dir = games_dir
        self._games: dict[str, Game] | None = None
        self.unreadable: list[Unreadable] = []
        """The game folders that could not be opened (``wtg.gamesdir``), once scanned."""

    def games(self) -> dict[str, Game]:
        """Every game of the games directory that opens, by its lower-cased id."""
        if self._games is None:
            games, self.unreadable = open_games(self.games_dir)
            self._games = {game.config.game.lower(): game for game in games}
        return self._games

    def forget(self) -> None:
        """Scan the games directory again at the next question (a game was made)."""
        self._games = None

    def game(self, game_id: str) -> Game | None:
        return self.games().get(game_id.strip().lower())

    def seats_of(self, address: str | None) -> list[tuple[Game, PlayerEntry]]:
        """The games and seats registered to an e-mail address."""
        if not address:
            return []
        wanted = address.lower()
        found = []
        for game in self.games().values():
            for entry in game.config.players:
                if email.utils.parseaddr(entry.email)[1].lower() == wanted:
                    found.append((game, entry))
        return found
