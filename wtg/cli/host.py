"""`wtg init [DIR]`: a new host's folders and config (the work is in wtg.host.newhost)."""

from __future__ import annotations

import shlex
import stat
from pathlib import Path

import click


def register(group: click.Group) -> None:
    group.add_command(init)


@click.command()
@click.argument("folder", metavar="[DIR]", default=".")
@click.option(
    "--from",
    "sender",
    default=None,
    metavar="'NAME <ADDRESS>'",
    help="The From of the mail the host sends (default: Game Master <gm@localhost>; the "
    "config's `from`, to change later).",
)
def init(folder: str, sender: str | None) -> None:
    """Make a new host in DIR (default: the current folder): the config DIR/wtg.yaml, on
    the maildir transport, and the games folder DIR/games with its mail folders (0700).
    A config that is there already is never written over; a folder whose name begins or
    ends with a space (pasted along) is refused."""
    # deferred: pydantic (the config's schema): only `wtg init` writes a config
    from wtg.host.newhost import DEFAULT_FROM, make_host

    made = make_host(Path(folder).expanduser(), sender or DEFAULT_FROM)
    config = made.config.absolute()
    games = made.games_dir.absolute()
    mode = stat.S_IMODE(games.stat().st_mode)
    kept = (
        "0700"
        if mode == 0o700
        else f"there already, mode {mode:04o}: others on this machine may look into it; "
        f"chmod 700 {games}"
    )
    click.echo(f"config {config}: maildir transport, from {sender or DEFAULT_FROM}")
    click.echo(f"games folder {games} ({kept}), its mail in .mail/")
    click.echo(f"next: export WTG_CONFIG={shlex.quote(str(config))}; wtg check-config")
