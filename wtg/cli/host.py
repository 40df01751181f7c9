"""`wtg init [DIR]`: a new host's folders and config (the work is in wtg.host.newhost)."""

from __future__ import annotations

import stat
from pathlib import Path

import click
from click.core import ParameterSource

from wtg.cli.common import fail, refuse_root_on_anothers
from wtg.cli.givenhead import tell
from wtg.host.configplace import CONFIG_NAME
from wtg.text.shellcommand import shell_command


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
@click.pass_context
def init(ctx: click.Context, folder: str, sender: str | None) -> None:
    """Make a new host in DIR (default: the current folder): the config DIR/wtg.yaml, on
    the maildir transport, and the games folder DIR/games with its mail folders (0700).
    A config that is there already is never written over; a folder whose name begins or
    ends with a space (pasted along) is refused, and so is no DIR while WTG_CONFIG (or
    --config) names a config in another folder (give DIR: `wtg init .` for one here)."""
    # deferred: pydantic (the config's schema): only `wtg init` writes a config
    from wtg.host.newhost import DEFAULT_FROM, make_host

    if ctx.get_parameter_source("folder") is ParameterSource.DEFAULT:
        named = other_host(ctx)
        if named is not None:
            fail(named)
    target = Path(folder).expanduser().absolute()
    there = next(f for f in (target, *target.parents) if f.exists())
    refuse_root_on_anothers(there, "the folder")  # a host root made is root's alone
    made = make_host(Path(folder).expanduser(), sender or DEFAULT_FROM)
    config = made.config.absolute()
    games = made.games_dir.absolute()
    mode = stat.S_IMODE(games.stat().st_mode)
    kept = (
        "0700"
        if mode == 0o700
        else f"there already, mode {mode:04o}: others on this machine may look into it; "
        f"{shell_command('chmod', '700', str(games))}"
    )
    tell(f"config {config}: maildir transport, from {sender or DEFAULT_FROM}")
    tell(f"games folder {games} ({kept}), its mail in .mail/")
    if made.found is not None:  # a host's games kept, its config lost
        tell(
            f"note: {games} holds a host's games already ({made.found}) and its mail spool: "
            "the config made is on the maildir transport, which mails nothing to a player: "
            "if these games were played through a mail server, write its imap: and smtp: "
            "sections into the config before any poll or send"
        )
    tell(f"next: export WTG_CONFIG={shell_command(str(config))}; wtg check-config")


def other_host(ctx: click.Context) -> str | None:
    """What to say when ``wtg init`` without DIR would make a host in the current folder
    while WTG_CONFIG (or --config) names a config in another: every later command would go
    on using that one. The GM meant that host (made already, or to be made in its
    folder), or did not know the variable was set; None when it names none or one here."""
    root = ctx.find_root()
    given = root.obj.get("config") if root.obj else None
    if not given:
        return None
    config = Path(given).absolute()
    here = Path.cwd()
    if config.parent == here:
        return None
    source = root.get_parameter_source("config")
    by = "--config" if source is ParameterSource.COMMANDLINE else "WTG_CONFIG"
    instead = (
        f"for a second host here, in {here}, give the folder: `wtg init .` (then export "
        f"WTG_CONFIG={shell_command(str(here / CONFIG_NAME))})"
    )
    if config.exists():
        return (
            f"{by} names the host {config}, made already (`wtg check-config` checks it), and "
            f"`wtg init` with no folder makes one in the current folder; {instead}"
        )
    made = "makes it" if config.name == CONFIG_NAME else f"makes {config.parent / CONFIG_NAME}"
    return (
        f"{by} names {config}, not made yet, and `wtg init` with no folder makes a host in the "
        f"current folder: `{shell_command('wtg', 'init', str(config.parent))}` {made}; {instead}"
    )
