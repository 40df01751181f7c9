"""`wtg quarantine`: the mails the poll could not handle and those it held, listed,
their records dropped (``--forget``) or the mails put back in the inbox (``--release``,
``--release-held``)."""

from __future__ import annotations

import imaplib
import json
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

import click

from wtg.cli.common import checked_config, fail, games_root
from wtg.cli.givenhead import carrying_given, given_head, host_paths, on_disk, tell_fitted
from wtg.cli.movedhost import refuse_on_moved_host, refusing
from wtg.cli.quarantinejson import held_entry, listing
from wtg.core.plurals import counted
from wtg.core.printable import visible
from wtg.files.gamesfolder import SPOOL
from wtg.game.gameconfig import name_quoted
from wtg.host.gamesdir import scan_games
from wtg.mail.spool.journal import QUARANTINE_AN_ADDRESS, Journal
from wtg.mail.spool.journallists import (
    Quarantined,
    held_let_go,
    held_mails,
    held_over,
    keys_meant,
    quarantine_listed,
    quarantined,
    releasing,
)
from wtg.text.closename import close_names, either
from wtg.text.prose import WIDTH, listed, path_then
from wtg.text.shellcommand import shell_command


def _more(mails: int) -> str:
    """``mails`` more, counted: "1 more mail", "3 more mails"."""
    return counted(mails, "more mail")


def register(group: click.Group) -> None:
    group.add_command(quarantine)


@refusing
@click.command()
@click.option("--forget", "keys", multiple=True, metavar="KEY", help="Drop this record.")
@click.option("--forget-all", is_flag=True, help="Drop every record.")
@click.option(
    "--release",
    "released",
    multiple=True,
    metavar="KEY",
    help="Put this mail (held, quarantined or rejected) back in the inbox: the next poll "
    "handles it as new.",
)
@click.option(
    "--release-held",
    is_flag=True,
    help="Put every mail held back in the inbox, those the list does not show too (its bound "
    "let their records go), and finish every release cut short: once the lobby's book is "
    "restored, or the games the mails name are there.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the list as JSON: each mail with its key, game, path, reason and when it came.",
)
@click.pass_context
def quarantine(
    ctx: click.Context,
    keys: tuple[str, ...],
    forget_all: bool,
    released: tuple[str, ...],
    release_held: bool,
    as_json: bool,
) -> None:
    """The mails the poll could not handle (kept in the archive) and those it held (a game
    this host does not know; one close to a game of the host names it, and the `wtg orders`
    that files it there). Once you have dealt with one (answered its sender, filed its
    orders with `wtg orders`, which drops a held mail's record itself), --forget KEY drops
    its record: `wtg status` counts what is left. --release KEY puts a mail held,
    quarantined or rejected back in the inbox for the next poll (once its game is there,
    the games_dir corrected, or wtg mended); --release-held puts back every mail held,
    listed or not (the list keeps an address's first and newest), as once the lobby's book is
    restored. --json prints the list as one JSON object, for a script (the keys whole)."""
    if as_json and (released or keys or forget_all or release_held):
        fail(
            "--json goes alone: it prints the list (not with --release, --release-held, "
            "--forget or --forget-all)"
        )
    if released or release_held:
        if keys or forget_all:
            fail("--release and --release-held go alone (not with --forget or --forget-all)")
        refuse_on_moved_host(ctx, games_root(ctx) / SPOOL)  # the mail is the other host's
        if release_held:
            released = _every_held(games_root(ctx) / SPOOL, released)
            if not released:
                tell_fitted("no mail held: nothing to release")
                return
        _release(ctx, released, summed=release_held)
        return
    games_dir = games_root(ctx)
    spool = games_dir / SPOOL
    if keys and not forget_all:  # a mistyped key drops nothing, and says so
        listed = [*quarantined(spool), *held_mails(spool)]
        known = {item.key for item in listed}
        unknown = [key for key in keys if key not in known]
        cut_short = [key for key in unknown if key in releasing(spool)]
        if cut_short:  # listed as RELEASE CUT SHORT: its record is gone, its release is not
            fail(
                f"mail {cut_short[0]} is not held: its release was cut short, and the mail may "
                "lie in the rejected folder, where no poll looks: give `wtg quarantine "
                f"--release {cut_short[0]}` again to finish it; nothing dropped"
            )
        if unknown:
            others = [item for item in listed if item.key not in keys]  # not one given
            meant = keys_meant(unknown[0], others) if len(unknown) == 1 else ""
            meant = f"; {meant}" if meant else ""
            fail(
                f"no mail {', '.join(map(visible, unknown))} is quarantined or held: nothing "
                f"dropped{meant} "
                "(`wtg quarantine` lists the keys)"
            )
    if keys or forget_all:
        journal = Journal(spool)
        try:
            gone = journal.forget_quarantined(None if forget_all else list(keys))
        finally:
            journal.close()
        tell_fitted(f"{counted(gone, 'record')} dropped")
        return
    every = quarantined(spool)
    kept, kept_over = quarantine_listed(every)
    held, under_way = held_mails(spool), releasing(spool)
    over = held_over(spool)
    if as_json:
        folders = scan_games(games_dir).folders if held else ()
        entries = [held_entry(item, *_guessed(item, folders)) for item in held]
        let_go = held_let_go(spool)
        found = listing(len(every), kept, kept_over, entries, over, under_way, let_go)
        click.echo(json.dumps({"games_dir": str(games_dir), **found}, indent=1))
        return
    if not (kept or held or under_way or over):
        tell_fitted("no mail quarantined or held")
    for item in kept:  # the key and game, the path whole on its own line, the reason under it
        tell_fitted(f"{item.key}  game {name_quoted(item.game)}")
        for line in path_then(
            item.archive,
            carrying_given(item.reason),
            width=WIDTH - 2,
            paths=host_paths(),
            on_disk=on_disk,
        ):
            tell_fitted(f"  {line}", files=[item.archive])
    for sender, left in kept_over.items():  # the newest of an address are listed
        tell_fitted(
            f"{_more(left)} quarantined from {sender or '(no address read)'} not "
            f"listed (the newest {QUARANTINE_AN_ADDRESS} are): each is in the archive, the "
            "poll's log (`wtg poll -v`) names its key, and --forget-all drops every record"
        )
    folders = scan_games(games_dir).folders if held else ()
    for item in held:
        tell_fitted(f"{item.key}  HELD  game {name_quoted(item.game)}")
        shown = path_then(
            item.archive,
            carrying_given(item.reason),
            width=WIDTH - 2,
            paths=host_paths(),
            on_disk=on_disk,
        )
        for line in [*shown, *_meant(item, folders)]:
            tell_fitted(f"  {line}", files=[item.archive])
    for count in over:  # the list's bound let their records go (docs/gm.md)
        tell_fitted(
            f"{_more(count.mails)} HELD from {count.sender or 'addresses with no seat here'}"
            " not listed (the first and the newest are): each is in the rejected folder and the "
            "archive (but a flood's beyond its bound, `wtg status`), `--json` names its key "
            "(held_not_listed_keys), and --release-held takes it with every mail held"
        )
    for key in under_way:
        tell_fitted(
            f"{key}  RELEASE CUT SHORT: give `wtg quarantine --release {key}` again to finish it"
        )


def _every_held(spool: Path, given: Sequence[str]) -> tuple[str, ...]:
    """The keys `--release-held` puts back: those ``given`` (``--release KEY``), the
    releases cut short, the mails held the list shows and those whose record its bound let
    go (``held_let_go``), each once, in that order."""
    every = [*given, *releasing(spool), *(item.key for item in held_mails(spool))]
    return tuple(dict.fromkeys([*every, *held_let_go(spool)]))


def _guessed(item: Quarantined, folders: Sequence[Path]) -> tuple[list[str], list[str]]:
    """The games of the host close to the one a held mail names (``GAME: g33`` for
    ``g3``), and the command that files the mail into each (``wtg orders`` takes a form of
    another game when its code is that game's player's, begun with the options given);
    none when none is close."""
    if not item.game:
        return [], []
    named = {folder.name: folder for folder in folders}
    meant = close_names(item.game, named)
    head = given_head()  # the --config and --games-dir given, as the text's commands carry
    # a folder with a blank (``My Games``) run as given
    return meant, [
        f"{head} {shell_command('orders', str(named[name]), item.archive)}" for name in meant
    ]


def _meant(item: Quarantined, folders: Sequence[Path]) -> list[str]:
    """What a held mail's lines add when the game it names is close to a game of the host
    (``_guessed``): that game, and the command that files the mail into it, each command
    whole on a line of its own (it is copied), indented as the reason."""
    meant, commands = _guessed(item, folders)
    if not meant:
        return []
    files = [f"    `{command}`" for command in commands]
    these = "this files it there" if len(meant) == 1 else "each of these files it there"
    said = f"-- did you mean {either(meant)}? {these} when its code is that game's player's:"
    shown = listed(said, "    ", "    ", WIDTH - 2, host_paths(), on_disk)
    return [*shown.split("\n"), *files]


def _release(ctx: click.Context, keys: tuple[str, ...], summed: bool) -> None:
    """`wtg quarantine --release KEY...`: each mail back in the inbox, a line each;
    `--release-held` (``summed``), every mail held: one line for all (a flood held is
    thousands), said before a refusal or any error that stops the rest (a server's, a
    disk's, a connection lost: the mails released before it are counted)."""
    # deferred: the mail servers' clients (IMAP): only a release reaches them
    from wtg.mail.poll.release import ReleaseRefused, Releases
    from wtg.mail.servers.probe import said

    gm = checked_config(ctx)
    refused: list[str] = []
    moved: list[bool] = []  # a mail each released: moved now, or back already
    try:  # the line said whatever stops the rest: a disk, a connection lost, Ctrl-C
        with Releases(gm) as releases:  # one connection to the IMAP server for all
            for key in keys:  # a key mistyped among several holds back none of the others
                try:
                    if summed:
                        moved.append(releases.released(key, datetime.now(timezone.utc)))
                    else:
                        tell_fitted(releases.release(key, datetime.now(timezone.utc)))
                except ReleaseRefused as exc:
                    refused.append(str(exc))
                except imaplib.IMAP4.error as exc:  # the server: nothing moved, again
                    fail(f"{key}: the mail server refused: {said(exc)}; give the command again")
    finally:
        _say_released(moved)
    if refused:
        fail("; ".join(refused))


def _say_released(moved: Sequence[bool]) -> None:
    """The line of the mails `--release-held` released (``moved``: each moved now, or found
    back already, its release cut short and finished); nothing when none was."""
    if not moved:
        return
    finished = moved.count(False)
    whose = "its release" if finished == 1 else "their releases"
    were = f" ({finished} back already, {whose} cut short: finished)" if finished else ""
    which = "it" if len(moved) == 1 else "each"
    tell_fitted(
        f"{counted(len(moved), 'mail')} back in the inbox{were}; the next poll handles {which} "
        "as new"
    )
