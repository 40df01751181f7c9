"""The games_dir of a config read again by `wtg serve` at a reload (SIGHUP).

A service serves one games folder from its start to its end: a reload that names another
is refused, the old config kept. Before the service compares the folders, the new
games_dir is looked at as a command's is at its start (``wtg.cli.common``): a folder not
there is named with the folder meant (``gmaes``, ``games ``), a folder that is no games
folder (the host's own, a game's, an empty one beside the games) is named so, and the
folder served, spelled another way (``../host/games``, a path through a link, the full
path for a relative one), is the folder served.
"""

from __future__ import annotations

from pathlib import Path

from wtg.files.paths import folder_identity
from wtg.host.config import ConfigError, GmConfig
from wtg.host.gamesdir import folder_meant, folder_problem, games_folder_slip


def reloaded_games_dir(new: GmConfig, served: Path, path: Path) -> GmConfig:
    """``new``, the config of ``path`` read again, with the games_dir of the service
    (``served``) when its own names that folder another way; a ConfigError when its
    games_dir cannot be used, or is a slip for the games folder: the service keeps the
    old config and logs why. A folder of games other than ``served`` is left for the
    service to refuse (a host moved is served anew by a restart)."""
    folder = new.games_dir
    problem = folder_problem(folder)
    if problem is not None:
        meant = folder_meant(folder, games=True) if problem == "does not exist" else None
        raise ConfigError(
            f"{path}: games_dir {folder} {problem}"
            f"{f' ({meant})' if meant else ''}: correct it, then reload again "
            f"(wtg serve goes on serving {served})"
        )
    if folder == served:
        return new
    same = folder_identity(folder)
    if same is not None and same == folder_identity(served):
        return new.replaced(games_dir=served)
    slip = games_folder_slip(folder, configured=True)
    if slip is not None:
        raise ConfigError(
            f"{path}: games_dir {folder} {slip}: correct it, then reload again "
            f"(wtg serve goes on serving {served}; a restart would be refused the same)"
        )
    return new
