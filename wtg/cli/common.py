"""The command group and what every command shares: errors, game folders, the GM config."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from wtg.core.errors import WtgError
from wtg.core.printable import printable

if TYPE_CHECKING:
    from wtg.config import GmConfig

EXIT_NOT_STORED = 2
F = TypeVar("F", bound=Callable[..., Any])


def jobs_option(help: str) -> Callable[[F], F]:
    """``--jobs N``: how many processes a command may run at once (None: the cores)."""
    return click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N", help=help)


def say(text: str) -> None:
    """A line that may hold text that came by mail: printed without its control
    sequences (``wtg.core.printable``)."""
    click.echo(printable(text))


def fail(message: str, code: int = 1) -> NoReturn:
    """Each line of ``message`` as a line of its own on stderr, then exit ``code``."""
    for line in message.splitlines() or [""]:
        click.echo(f"wtg: {line}", err=True)
    sys.exit(code)


class WtgGroup(click.Group):
    """The command group: the one place where an error wtg expects (``wtg.core.errors``)
    becomes its message on stderr and its exit status; any other is a bug and shows its
    traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except WtgError as exc:
            fail(str(exc), exc.exit_code)


def gm_config(ctx: click.Context) -> GmConfig:
    """The GM config of ``--config`` / ``WTG_CONFIG`` (the maildir default without one); a
    config that cannot be used ends the command (exit 1) with a line for each problem."""
    from wtg.config import load_config

    path = ctx.obj.get("config") if ctx.obj else None
    return load_config(Path(path) if path else None)  # a ConfigError: a line a problem


def games_root(ctx: click.Context) -> Path:
    """The games directory: --games-dir (or WTG_GAMES_DIR), else the config's games_dir."""
    obj = ctx.obj or {}
    return Path(obj["games_dir"]) if obj.get("games_dir") else gm_config(ctx).games_dir


def game_path(ctx: click.Context, game_dir: str) -> Path:
    """A bare name is looked up in the games directory (--games-dir, WTG_GAMES_DIR, or the
    config's games_dir)."""
    obj = ctx.obj or {}
    games_dir = obj.get("games_dir")
    if not games_dir and obj.get("config"):
        games_dir = str(gm_config(ctx).games_dir)
    if games_dir and os.sep not in game_dir and not Path(game_dir).exists():
        return Path(games_dir) / game_dir
    return Path(game_dir)


def open_or_fail(ctx: click.Context, game_dir: str) -> Any:
    """The game of GAME_DIR; one that cannot be opened ends the command (``WtgGroup``)."""
    from wtg.engine import open_game

    return open_game(game_path(ctx, game_dir))


@click.group(cls=WtgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--config",
    envvar="WTG_CONFIG",
    type=click.Path(dir_okay=False),
    help="The GM's config file (games_dir, imap, smtp, maildir transport).",
)
@click.option(
    "--games-dir",
    envvar="WTG_GAMES_DIR",
    type=click.Path(file_okay=False),
    help="Where bare game names are looked up (default: the config's games_dir).",
)
@click.version_option(package_name="wtg", message="wtg %(version)s")
@click.pass_context
def main(ctx: click.Context, config: str | None, games_dir: str | None) -> None:
    """wtg: a play-by-mail turn generator."""
    ctx.obj = {"config": config, "games_dir": games_dir}
