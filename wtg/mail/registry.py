"""The games a poll can file orders for, and who plays in them (by e-mail address)."""

from __future__ import annotations

import email.utils
from pathlib import Path

from wtg.engine import Game, open_game
from wtg.gameconfig import ConfigError, PlayerEntry
from wtg.store import StoreError


class Registry:
    def __init__(self, games_dir: Path) -> None:
        self.games_dir = games_dir
        self._games: dict[str, Game] | None = None

    def games(self) -> dict[str, Game]:
        """Every game of the games directory, by its lower-cased id."""
        if self._games is None:
            self._games = {}
            if self.games_dir.is_dir():
                for path in sorted(self.games_dir.iterdir()):
                    if path.name.startswith(".") or not (path / "game.yaml").is_file():
                        continue
                    try:
                        game = open_game(path)
                    except (StoreError, ConfigError, KeyError):
                        continue
                    self._games[game.config.game.lower()] = game
        return self._games

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
