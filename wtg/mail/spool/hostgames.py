"""The games a poll can file orders for, and who plays in them (by e-mail address).

A poll opens only the games its mails name: a game's folder is named as the game (``wtg
new-game`` makes it so), so a mail for ``GAME: t7`` opens ``t7`` and nothing else; a host
with a thousand games pays for the few that have mail (opening one reads its YAML file),
not for them all. The whole folder is scanned only when a question needs every
game (who plays from this address?) or a name is no folder's (a GM who renamed one).
"""

from __future__ import annotations

import os
from pathlib import Path

from wtg.files.store import FormatRefused
from wtg.game.engine import Game, open_game
from wtg.game.gameconfig import ConfigError, GameYamlRefused, PlayerEntry
from wtg.host.gamesdir import GAME_FILE, Unreadable, failure_reason, open_games
from wtg.text.addresses import bare_address


class NotOurs(FormatRefused):
    """A game whose folder holds a file another user owns (a command run as root left it:
    ``wtg.files.ownership``): its game is there, so its mail waits in the inbox, as for a
    game.yaml to mend, until the GM's ``chown`` lets the first poll after it file it."""


class Registry:
    def __init__(self, games_dir: Path) -> None:
        self.games_dir = games_dir
        self._games: dict[str, Game] | None = None
        self._opened: dict[Path, Game | None] = {}
        """The folders opened one by one: their game, or None when it would not open."""
        self._folders: dict[str, list[Path]] | None = None
        self._found: dict[str, Game] = {}
        """The games found by their folder's name, by the name asked: a poll asks once a mail,
        and the folder's look-up (a path and a stat) is made once a game."""
        self.unreadable: list[Unreadable] = []
        """The game folders that could not be opened (``wtg.host.gamesdir``): those looked at."""
        self._refused: dict[Path, FormatRefused] = {}
        """The folders opened one by one that this wtg refused for their format or their
        game.yaml."""

    def games(self) -> dict[str, Game]:
        """Every game of the games directory that opens, by its lower-cased id."""
        if self._games is None:
            games, unreadable = open_games(self.games_dir)
            opened = {g.store.root: g for g in self._opened.values() if g is not None}
            games = [opened.get(game.store.root, game) for game in games]  # one Game a folder
            self._games = {game.config.game.lower(): game for game in games}
            self.unreadable = unreadable
        return self._games

    def forget(self) -> None:
        """Scan the games directory again at the next question (a game was made)."""
        self._games = self._folders = None
        self._opened.clear()
        self._found.clear()

    def game(self, game_id: str) -> Game | None:
        wanted = game_id.strip().lower()
        if self._games is None:
            named = self._named(wanted)
            if named is not None:
                return named
            if self._unopened(wanted):
                return None  # its folder would not open: said in ``unreadable``
        return self.games().get(wanted)

    def _named(self, wanted: str) -> Game | None:
        """The game in the folder named ``wanted`` (but for case), when that is the game
        it holds, without a scan of the games folder."""
        if self._games is not None:
            return self._games.get(wanted)
        found = self._found.get(wanted)
        if found is not None:
            return found
        folder = self._folder_named(wanted)
        game = self._open(folder) if folder is not None else None
        if game is None or game.config.game.lower() != wanted:
            return None
        self._found[wanted] = game
        return game

    def _unopened(self, wanted: str) -> bool:
        """Whether the folder named ``wanted`` would not open (a scan would not either)."""
        folder = self._folder_named(wanted)
        return folder is not None and self._open(folder) is None

    def _folder_named(self, wanted: str) -> Path | None:
        """The one game folder whose name is ``wanted`` but for case (None: none, or two)."""
        if self._folders is None:
            self._folders = {}
            try:
                names = os.listdir(self.games_dir)
            except OSError:
                names = []  # no folder yet, or one the poll may not read: the scan says why
            for name in names:
                if not name.startswith("."):
                    self._folders.setdefault(name.lower(), []).append(self.games_dir / name)
        found = self._folders.get(wanted, [])
        return found[0] if len(found) == 1 and (found[0] / GAME_FILE).is_file() else None

    def _open(self, folder: Path) -> Game | None:
        if folder not in self._opened:
            try:
                self._opened[folder] = open_game(folder)
            except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
                self.unreadable.append(Unreadable(folder, failure_reason(exc)))
                self._opened[folder] = None
                if isinstance(exc, FormatRefused):
                    self._refused[folder] = exc
                elif isinstance(exc, ConfigError):  # the GM's slip in game.yaml: it waits
                    self._refused[folder] = GameYamlRefused(failure_reason(exc))
                elif isinstance(exc, PermissionError):  # another user's file: it waits too
                    self._refused[folder] = NotOurs(
                        f"{failure_reason(exc)} (the mail waits in the inbox)"
                    )
        return self._opened[folder]

    def refusal(self, game_id: str) -> FormatRefused | None:
        """Why the folder of the game ``game_id`` does not open, when it is its format (made
        by a newer wtg, an upgrade cut short) or its game.yaml (``GameYamlRefused``): its
        mail waits for the GM, in the inbox, and is not held as a form of a game this host
        does not know. None otherwise."""
        folder = self._folder_named(game_id.strip().lower())
        if folder is None:
            return None
        self._open(folder)
        refused = self._refused.get(folder)
        if refused is not None:
            refused.game = folder.name
        return refused

    def addresses_in(self, game_id: str) -> tuple[str, ...]:
        """The registered addresses of the players of a game, as ``game`` finds it but
        without scanning the games folder (a game whose folder has another name gives
        none)."""
        game = self._named(game_id.strip().lower())
        return tuple(entry.email for entry in game.config.players) if game is not None else ()

    def seats_of(self, address: str | None) -> list[tuple[Game, PlayerEntry]]:
        """The games and seats registered to an e-mail address."""
        if not address:
            return []
        wanted = address.lower()
        found = []
        for game in self.games().values():
            for entry in game.config.players:
                if bare_address(entry.email) == wanted:
                    found.append((game, entry))
        return found
