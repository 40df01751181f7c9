"""The commands on one game: new-game, aof, orders, run-turn, state, status, report, topten;
and the demo."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
from collections.abc import Callable
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from wtg.cli.common import (
    EXIT_NOT_STORED,
    checked_config,
    config_nearby,
    config_path,
    fail,
    given_ruleset,
    gm_config,
    jobs_option,
    known_games_dir,
    note_cut_short,
    open_or_fail,
    os_error_line,
    without_config,
)
from wtg.cli.completion import game_names, map_choices, ruleset_choices
from wtg.cli.durations import Duration
from wtg.cli.firstrun import first_run, mail_spool
from wtg.cli.givenhead import carrying_given, given_head, progress_bar, tell
from wtg.cli.homepath import HomePath, home_taken
from wtg.cli.inputfile import InputFile
from wtg.cli.logs import log_options, start_logging
from wtg.cli.mail import quiet_option
from wtg.cli.movedhost import host_moved, refuse_on_moved_host, refusing
from wtg.cli.othergame import corrected, meant_games
from wtg.cli.status import warn_of_zone
from wtg.core.orders import OrderError
from wtg.core.plurals import counted
from wtg.core.printable import as_typed, on_screen, printable
from wtg.core.ruleset import GameOption, OptionValue
from wtg.data.maps import GAME_MAP, is_map_path
from wtg.files.gamesfolder import SPOOL
from wtg.files.paths import same_file
from wtg.files.store import GameLocked, GameStore
from wtg.game.cutshort import differences
from wtg.game.engine import Game, create_game, cut_short, finish_game
from wtg.game.gameconfig import (
    GAME_NAME_RULE,
    GameConfig,
    check_game_name,
    game_name_meant,
    new_seed,
    parse_player_spec,
    share_addresses,
)
from wtg.game.newgame import check_map_file, check_new_game, maps_and_seats
from wtg.game.registry import GAME_OPTIONS, find_ruleset, registration_of
from wtg.game.samerun import RerunChangesNothing
from wtg.game.schedule import iso, make_schedule, moment_text, utc_text
from wtg.game.textcolumn import row_name
from wtg.gm.control import preview
from wtg.gm.gamestatus import game_status
from wtg.host.configplace import CONFIG_NAME
from wtg.host.cpus import default_jobs
from wtg.host.gamesdir import folders_saying, name_taken
from wtg.host.results import ended_words
from wtg.lobby.database import BookTorn
from wtg.lobby.domains import started_note
from wtg.lobby.duetasks import run_due_tasks
from wtg.lobby.seats import forget_game, records_of_game
from wtg.logs.events import log_event
from wtg.mail.incoming.keptmail import forget_held, kept_mail, kept_texts, mark_filed
from wtg.mail.outgoing import pictures
from wtg.mail.outgoing.notices import Notices
from wtg.mail.spool.journal import (
    forget_mailed,
    mailed_before,
    mailed_turns,
    note_game,
)
from wtg.text.shellcommand import shell_command
from wtg.text.yamlio import load_yaml

if TYPE_CHECKING:  # pydantic (the config's schema) is imported by the commands that read it
    pass


def _ruleset_options(command: Any) -> Any:
    """One click option for each ``new-game`` option any ruleset declares (a flag two
    rulesets share is one option; its choices are theirs together)."""
    merged: dict[str, list[GameOption]] = {}
    owners: dict[str, list[str]] = {}
    for ruleset, declared in GAME_OPTIONS.items():
        for option in declared:
            merged.setdefault(option.flag, []).append(option)
            owners.setdefault(option.flag, []).append(ruleset)
    for flag, same in sorted(merged.items(), reverse=True):
        first = same[0]
        names = [f"--{flag}", f"opt_{first.key}"]
        helps = f"[{', '.join(owners[flag])}] " + " ".join(dict.fromkeys(o.help for o in same))
        helps += _defaults_said(owners[flag], same)
        if first.kind == "flag":
            command = click.option(*names, is_flag=True, default=None, help=helps)(command)
        elif first.kind == "choice":
            choices = list(dict.fromkeys(c for o in same for c in o.choices))
            command = click.option(*names, type=click.Choice(choices), help=helps)(command)
        else:
            kind = click.INT if first.kind == "int" else click.STRING
            command = click.option(*names, type=kind, help=helps)(command)
    return command


def _defaults_said(rulesets: list[str], same: list[GameOption]) -> str:
    """What a ruleset option is without it, for its help (``  [default: attacker]``), as
    click says the defaults of the other options; by ruleset when two rulesets' differ;
    '' when none has one (a flag off, a number the rules choose)."""
    given = {r: o.default for r, o in zip(rulesets, same, strict=True) if o.default is not None}
    if not given or any(value is False for value in given.values()):
        return ""
    if len(set(given.values())) == 1:
        return f"  [default: {next(iter(given.values()))}]"
    return "  [default: " + ", ".join(f"{v} in {r}" for r, v in given.items()) + "]"


def _options_for(ruleset: str, given: dict[str, Any]) -> dict[str, OptionValue]:
    """The game options of ``ruleset`` among the command's ``opt_*`` values; an option of
    another ruleset is an error."""
    declared = {o.key: o for o in GAME_OPTIONS.get(ruleset, ())}
    options: dict[str, OptionValue] = {}
    for name, value in given.items():
        key = name.removeprefix("opt_")
        if value is None:
            continue
        if key not in declared:
            raise click.UsageError(f"--{key.replace('_', '-')} is not an option of {ruleset}")
        options[key] = value
    for key, option in declared.items():
        if key not in options and option.default is not None:
            options[key] = option.default
    return options


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number or 'no'} {noun}s"


def register(group: click.Group) -> None:
    for command in (new_game, aof, orders, run_turn, state, report, topten, demo):
        group.add_command(command)


@refusing
@click.command("new-game")
@click.argument("game_dir", shell_complete=game_names)
@click.option(
    "--ruleset",
    required=True,
    shell_complete=ruleset_choices,
    help="The rules to play by, e.g. wok4.",
)
@click.option(
    "--map",
    "map_name",
    default=None,
    shell_complete=map_choices,
    help="A map of the ruleset (default: its first), or a map file of your own (a path: "
    "ending in .yaml or .yml, or holding a '/'), copied into the game folder.",
)
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME:EMAIL[:CODE]",
    help="A player, in seat order; repeat for each player (none in a game of robots only, "
    "where the ruleset has robots).",
)
@click.option(
    "--share-address",
    "shared",
    type=int,
    multiple=True,
    metavar="N",
    help="Player N (the Nth --player) agrees that the other players' reports show his "
    "address; repeat for each. No address is shown unless its player agreed.",
)
@click.option(
    "--map-pictures/--no-map-pictures",
    default=True,
    show_default=True,
    help="Each report mail carries the player's map as a picture (a player may still say "
    "MAP: off on the AOF); --no-map-pictures: text only, for everybody.",
)
@click.option("--seed", type=int, default=None, help="The game's seed (default: random).")
@click.option(
    "--variant",
    default=None,
    help="A variant of the ruleset, where it has any (default: none, the ruleset's own game).",
)
@click.option(
    "--every",
    "every_days",
    type=Duration("days", click.INT),
    default=None,
    metavar="DAYS",
    help="Deadlines every DAYS days (no deadlines without it); the first at the hour of --at "
    "at least DAYS days after the game is made, so the first turn is a whole one.",
)
@click.option(
    "--at",
    "at_time",
    default="18:00",
    show_default=True,
    metavar="HH:MM",
    help="The hour of the deadlines.",
)
@click.option(
    "--timezone",
    "zone",
    default="UTC",
    show_default=True,
    help="The GM's time zone for deadlines, e.g. Europe/Vienna.",
)
@click.option(
    "--reuse-name",
    is_flag=True,
    default=False,
    help="Take the name of a game this host mailed and whose folder is gone: what the mail "
    "spool remembers of the old game is dropped, and every code is made new (a --player "
    "CODE is refused), so that its players' old forms are refused, never filed here.",
)
@_ruleset_options
@click.pass_context
def new_game(
    ctx: click.Context,
    /,
    game_dir: str,
    ruleset: str,
    map_name: str | None,
    players: tuple[str, ...],
    shared: tuple[int, ...],
    map_pictures: bool,
    seed: int | None,
    variant: str | None,
    every_days: int | None,
    at_time: str,
    zone: str,
    reuse_name: bool,
    **ruleset_options: Any,
) -> None:
    """Create a game and run its turn 0 (start positions, reports and AOFs). GAME_DIR is
    the game's name, the word players write in their mail (lower-case letters a-z, digits,
    '-' and '_'): its folder is made in the games folder (--config's games_dir, or
    --games-dir). Options other than these belong to one ruleset each (see its docs/rules
    page). `wtg send` then mails the players their turn 0."""
    given_ruleset(ruleset)
    if every_days is None:
        _no_schedule_meant(ctx, ruleset)
    folder = new_game_folder(ctx, game_dir, reuse_name)
    refuse_on_moved_host(ctx, folder.parent / SPOOL)  # its players never hear
    if reuse_name:
        _codes_made_new(players)
    try:
        rules = find_ruleset(ruleset)
        options = _options_for(ruleset, ruleset_options)
        entries = [parse_player_spec(spec, i) for i, spec in enumerate(players, start=1)]
        entries = share_addresses(entries, shared)
        chosen = home_taken(map_name) if map_name else rules.default_map(variant, options)
        maps, seats = (
            check_map_file(rules, chosen, variant, len(entries), options)
            if is_map_path(chosen)
            else maps_and_seats(rules, options)
        )
        check_new_game(ruleset, variant, chosen, entries, options, maps, seats)
        game_seed = new_seed() if seed is None else seed
        schedule = make_schedule(every_days, at_time, zone) if every_days is not None else None
        half = cut_short(folder)
        if half is not None:  # made by a run killed before its turn 0: finished as it was made
            wanted = GameConfig(
                game=folder.name,
                ruleset=ruleset,
                map=GAME_MAP if is_map_path(chosen) else chosen,
                seed=game_seed,
                players=tuple(entries),
                variant=variant,
                options=options,
                schedule=schedule,
                map_pictures=map_pictures,
            )
            _finish_cut_short(half, wanted, seed is not None, players)
            return
        freed = reuse_name and _free_name(ctx, folder)
        game = create_game(
            folder,
            ruleset,
            chosen,
            entries,
            game_seed,
            variant,
            options=options,
            schedule=schedule,
            map_pictures=map_pictures,
        )
    except (FileNotFoundError, ValueError) as exc:  # a GM's map file; anything else: WtgGroup
        fail(str(exc))
    deadline = game.deadline()
    tell(
        f"game {game.config.game} created: {ruleset} on map {chosen}, seed {game_seed}, "
        f"{_count(len(entries), 'player')} by mail; turn 0 is ready"
        + (f"; turn 1 is due {moment_text(deadline)}" if deadline else "")
    )
    warn_of_zone(game.config)  # a valid zone, which the GM may not have meant: said now
    if freed:
        tell(
            f"the name {game.config.game} was taken again (--reuse-name): what the mail spool "
            f"remembered of the old game {game.config.game} is dropped, this game's turns are "
            "mailed from turn 0, and its players' old forms, which carry their old codes, are "
            "refused by this game (every code is new)"
        )


def _no_schedule_meant(ctx: click.Context, ruleset: str) -> None:
    """Refuse an hour or a zone of deadlines given without ``--every``: the game would have
    none, and its GM would wait for turns at that hour that never run by themselves. When
    its turns run then is the ruleset's to say (``Registration.turns_run``: in WISK and
    Tactics a turn is one player's)."""
    for param, option in (("at_time", "--at"), ("zone", "--timezone")):
        if ctx.get_parameter_source(param) is click.core.ParameterSource.COMMANDLINE:
            fail(
                f"{option} goes with --every DAYS: without it the game has no deadlines: "
                f"{registration_of(ruleset).turns_run}; give --every, or leave out {option}"
            )


def _codes_made_new(specs: tuple[str, ...]) -> None:
    """End the command when a --player gives a code alongside --reuse-name: a form of the
    old game of the name says the same game and perhaps the same seat and turn, and only
    its code keeps it out of this one."""
    for seat, spec in enumerate(specs, start=1):
        if len(spec.split(":")) == 3:
            fail(
                f"--player {seat} gives a code, and --reuse-name makes every code new: a form "
                "of the old game of this name carries its player's old code, and a code given "
                "again would file it into this game; leave the code out"
            )


def _free_name(ctx: click.Context, folder: Path) -> bool:
    """Drop what the mail spool of the games folder remembers of a game of ``folder``'s
    name (``forget_mailed``), and cut what the lobby's book holds of it from the name
    (``forget_game``: its seats on offer, the takeovers waiting, its plays); whether the
    spool remembered anything. Nothing without a games folder (a game run by hand mails
    nothing)."""
    games_dir = known_games_dir(ctx)
    if games_dir is None:
        return False
    forget_game(games_dir, folder.name, datetime.now(timezone.utc))
    return forget_mailed((games_dir / SPOOL).absolute(), folder.name)


def _name_held(games_dir: Path, name: str) -> None:
    """End `new-game --reuse-name` when another folder of the games folder still says it
    is game ``name`` (a game renamed in its folder, a copy): the old game is still here,
    and its mail records are its own. The game's own folder (a `new-game` cut short, given
    again) is no other."""
    for held in folders_saying(games_dir, name):
        if held.name == name:
            continue
        fail(
            f"--reuse-name: the game {name} is still here, in {held.absolute()} (its game.yaml "
            f"says game: {name}): its mail records are its own; move that folder out of the "
            "games folder first, or give this game another name"
        )


def _finish_cut_short(half: Game, wanted: GameConfig, seeded: bool, specs: tuple[str, ...]) -> None:
    """Finish the game a `new-game` killed before its turn 0 made, if ``wanted`` (this
    command's settings) is that game (``wtg.game.cutshort``); otherwise end the command,
    saying what differs and what to do."""
    kept, folder = half.config, half.store.root.absolute()
    coded = [len(spec.split(":")) == 3 for spec in specs]
    differs = differences(kept, wanted, seeded, coded)
    if differs:
        fail(
            f"{folder} holds a game {kept.game} whose `wtg new-game` was cut short before its "
            f"turn 0, with {', '.join(differs)}: give that command again to finish it, or "
            f"remove the folder (rm -r {folder}) and make the game anew"
        )
    game = finish_game(half.store.root)
    deadline = game.deadline()
    tell(
        f"game {kept.game} was made by a `wtg new-game` cut short before its turn 0: finished "
        f"as it was made: {kept.ruleset} on map {kept.map}, seed {kept.seed}, "
        f"{_count(len(kept.players), 'player')} by mail; turn 0 is ready"
        + (f"; turn 1 is due {moment_text(deadline)}" if deadline else "")
    )


def _slash_meant(given: str) -> str:
    """A name by the rule of a GAME_DIR with a ``/`` in a name (``"Kaomaris: Öst/West"``,
    ``spring/2027``), as `` (did you mean kaomaris-ost-west?)``, or after a name
    (``spring/``, typed or completed), as `` (... at its end: did you mean spring?)``; ""
    for a path (``../g1``, ``/srv/g1``, ``games/../g1``), whose folder's name is no slip of
    the name."""
    parts = given.replace(os.altsep or os.sep, os.sep).split(os.sep)
    named = [part for part in parts if part]
    if len(named) == 1 and parts[0] and named[0] not in (".", ".."):
        meant = game_name_meant(named[0])
        return f" (a name has no '/' at its end: did you mean {meant}?)" if meant else ""
    if any(part in ("", ".", "..") for part in parts):
        return ""
    meant = game_name_meant(given)
    return f" (a name has no '/': did you mean {meant}?)" if meant else ""


def new_game_folder(ctx: click.Context, given: str, reuse_name: bool = False) -> Path:
    """Where `new-game GAME_DIR` makes the game: a name alone goes into the games folder
    (--games-dir or the config's games_dir, which must be there), a path must name a
    folder directly in it. The name follows the one rule of a game's name
    (``GAME_NAME_RULE``), and no game of the folder has it but for case, nor had it and
    was mailed (unless ``reuse_name``: `new-game --reuse-name`). Anything else
    ends the command, saying the rule; nothing is made. Without a games folder (no config,
    no --games-dir) GAME_DIR is the game's folder, made with the folders above it, as for
    a game the GM runs by hand."""
    given = home_taken(given)  # a ~ the shell left: the home folder
    games_dir = known_games_dir(ctx)
    bare = os.sep not in given and (os.altsep is None or os.altsep not in given)
    folder = (games_dir or Path()) / given if bare else Path(given)
    if games_dir is not None and not bare and same_file(folder, games_dir):
        fail(
            f"{given} is the games folder itself, not a new game's folder: give the new game's "
            "name alone (`wtg new-game NAME ...`), and its folder is made in it"
        )
    if games_dir is not None and not bare and not same_file(folder.parent, games_dir):
        fail(
            f"{given} is not a folder directly in the games folder {games_dir.absolute()}: "
            f"give the game's name alone (`wtg new-game NAME ...`){_slash_meant(given)}"
        )
    named = given if bare else folder.name
    meant = game_name_meant(named) if games_dir is not None else None
    there = GameStore(games_dir / meant) if games_dir is not None and meant else None
    if there is not None and meant != named and there.exists() and there.turns():
        fail(  # `did you mean g1?` of a game there: `new-game g1`, as told, refused in turn
            f"{as_typed(named)} cannot be a game's name: {GAME_NAME_RULE}; {meant}, by the "
            f"rule, is a game there already ({there.root.absolute()}, orders for turn "
            f"{there.latest_turn() + 1}): give the new game another name"
        )
    check_game_name(named)  # WtgGroup says the rule
    store = GameStore(folder)
    if store.exists() and store.turns():  # made whole: no `new-game` cut short to finish
        coming = store.latest_turn() + 1  # the turn `wtg status` names: the one orders are for
        fail(
            f"a game {folder.name} is there already ({folder.absolute()}, orders for turn "
            f"{coming}): give the new game another name "
            f"(`{shell_command('wtg', 'status', folder.name)}` shows that one)"
        )
    if games_dir is None and bare and config_nearby() is not None:
        fail(  # a host's folder (its wtg.yaml here or above) and no config: WTG_CONFIG lost
            without_config(
                f"no config: the game would be made in {folder.absolute()}, where no poll or "
                "send of the host looks, and its players never mailed; give --config FILE "
                f"(or export WTG_CONFIG), or ./{given} for a game of its own run by hand"
            )
        )
    if games_dir is None:  # a game of its own, run by hand: its folder is made as needed
        return folder
    taken = name_taken(games_dir, folder.name)
    if taken is not None and taken != folder.name:
        fail(
            f"the games folder {games_dir.absolute()} holds {taken!r} already: a game's name is "
            "read without case in a mail, so give this game another"
        )
    spool = (games_dir / SPOOL).absolute()
    if reuse_name:
        _name_held(games_dir, folder.name)
    if not reuse_name and not (folder / "game.yaml").exists() and mailed_before(spool, folder.name):
        fail(
            f"a game {folder.name} was made and mailed on this host before (its folder is gone "
            f"or renamed, its mail records in {spool} are not): a new game of that name would "
            "never have its reports mailed; give this game another name, or take the name "
            "again with --reuse-name (its old players' forms are then refused by the new game, "
            "whose codes are all new)"
        )
    if not reuse_name and not (folder / "game.yaml").exists():
        _refuse_lobby_records(games_dir, folder.name)
    return folder


def _refuse_lobby_records(games_dir: Path, name: str) -> None:
    """End a plain `new-game` of a name whose game is gone (its folder removed before
    anything was mailed) but whose seats on offer, takeovers waiting or plays the lobby's
    book still holds: they go by the name, and would stand for the new game. --reuse-name
    cuts them (``forget_game``). A torn book is said with why the game waits for it: a
    name it holds cannot be told from one it does not."""
    try:
        held = records_of_game(games_dir, name)
    except BookTorn as exc:
        fail(
            f"{exc.line}; a new game's name is looked up in it first (a game of that name "
            "gone, its seats on offer or its plays kept there, would stand for the new one): "
            "make the game once the book is back"
        )
    if not any(held):
        return
    fail(
        f"the lobby's book still holds a game {name} whose folder is gone "
        f"({_count(held.offers, 'seat')} on offer, "
        f"{_count(held.requests, 'takeover or resignation request')} waiting, "
        f"{_count(held.plays, 'play')}): a new game of that name would take them over (its "
        "seats offered to anyone, the old players' results as its own); give this game "
        "another name, or take the name again with --reuse-name, which cuts them from it "
        "(the plays kept under the old game's name, marked removed)"
    )


@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option("--player", type=int, required=True, help="Whose AOF (the player's number).")
@click.pass_context
def aof(ctx: click.Context, game_dir: str, player: int) -> None:
    """Print a player's AOF for the coming turn."""
    game = open_or_fail(ctx, game_dir)
    click.echo(game.aof(player), nl=False)


@refusing
@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.argument("file", type=InputFile("r", encoding="utf-8", errors="replace"))
@click.option(
    "--player",
    type=int,
    default=None,
    help=(
        "Whose orders (checked against the file; default: the player the file names); a "
        "seat's number takes all its colours' forms."
    ),
)
@click.option(
    "--correct",
    is_flag=True,
    help="Correct the orders of the last turn run, for `run-turn --rerun`.",
)
@click.pass_context
def orders(ctx: click.Context, game_dir: str, file: Any, player: int | None, correct: bool) -> None:
    """Store a filled AOF or an order file (YAML) and print what was accepted and rejected.

    Exit 0 when the orders (or a setting such as MAP: off) were stored, 2 when nothing
    could be stored. A form naming another game (a mail held for a mistyped GAME line) is
    filed only when its code is that of the player it names in this game.
    """
    # deferred: the AOF parser: only the commands that read orders
    from wtg.game.intake import Unchanged

    game = open_or_fail(ctx, game_dir)
    text = file.read()
    now = datetime.now(timezone.utc)
    spool = game.store.root.parent / SPOOL  # the host's, when the game is one of its games
    refuse_on_moved_host(ctx, spool)  # filed here, the player's orders are lost
    given = None if file.name in ("-", "<stdin>") else Path(file.name)
    kept = kept_mail(spool, given, text, now)
    if correct or kept.received is None:  # a correction, or no mail: filed as of now
        kept = kept.replaced(received=None, order_key=None)
    else:  # newer orders of the player's on file win over it
        tell(f"wtg: the mail arrived {utc_text(iso(kept.received))}: filed as of then", err=True)
    on_file = {} if correct else _orders_on_file(game)
    try:
        results = game.submit_all(
            kept_texts(given, text),
            player=player,
            correct=correct,
            received=kept.received,
            order_key=kept.order_key,
        )
    except GameLocked as exc:
        fail(str(exc))
    except OSError as exc:  # the game's folder, not the file: a line saying which
        fail(os_error_line(exc))
    except Exception as exc:  # any file is untrusted input: a reason, never a traceback
        fail(f"the orders could not be read: {type(exc).__name__}: {exc}"[:500])
    stored = dealt = 0
    for result in results:  # what is printed quotes the lines of the file (a player's mail):
        if isinstance(result, OrderError):  # each without its control sequences
            tell(printable(f"wtg: orders not stored: {result}"), err=True)
        elif isinstance(result, Unchanged):
            dealt += 1  # read and told: the GM has seen what it gave
            stands = f"the orders of {result.on_file} stand" if result.on_file else "none on file"
            tell(printable(f"wtg: orders not stored: {result.reason}; {stands}"), err=True)
            for verdict in result.verdicts:
                tell(printable(f"  {verdict.describe()}"), err=True)
            stored += bool(result.settings)  # a setting (MAP: off) was stored
        elif result.superseded:
            dealt += 1
            tell(
                f"wtg: orders not stored: later orders of player {result.player} are already "
                "on file (they stand)",
                err=True,
            )
        else:
            stored += 1
            click.echo(on_screen(result.confirmation()), nl=False)
            replaced = on_file.get((result.turn, result.player))
            if replaced and not result.ready_only and not any(v.accepted for v in result.verdicts):
                tell(
                    f"wtg: note: these replace the orders of player {result.player} received "
                    f"{replaced} (they are no longer on file): the form gives no order, and is "
                    "filed as no orders this turn",
                    err=True,
                )
    if kept.keys and stored + dealt:  # dealt with: no longer listed as set aside, not filed
        try:
            mark_filed(spool, kept.keys, game.config.game, now)
        except (OSError, sqlite3.Error) as exc:
            tell(f"wtg: the mail is still listed as set aside: {exc}", err=True)
    if kept.held and stored + dealt:  # a mail held for its GAME line, filed: off the list
        try:
            forget_held(spool, kept.held)
        except (OSError, sqlite3.Error) as exc:
            tell(f"wtg: the mail is still listed as held: {exc}", err=True)
        else:
            tell(
                f"wtg: mail {', '.join(kept.held)} was held for the GM: no longer listed by "
                "`wtg quarantine`",
                err=True,
            )
    if not stored:
        sys.exit(EXIT_NOT_STORED)


def _orders_on_file(game: Game) -> dict[tuple[int, int], str]:
    """When each player's orders on file for the coming turn were received, by (turn,
    player): what a blank form given to `wtg orders` replaces, said so ({} when it cannot
    be read: the filing itself says what is wrong)."""
    turn = game.latest_turn() + 1
    found: dict[tuple[int, int], str] = {}
    try:
        for pid, path in game.store.pending_orders(turn).items():
            orders = load_yaml(path.read_text(encoding="utf-8"))
            if isinstance(orders, dict) and any(
                value for key, value in orders.items() if key not in _NO_ORDER
            ):
                received = game.store.pending_meta(turn, pid).get("received")
                found[(turn, pid)] = str(received or "?")
    except (OSError, ValueError):
        return {}
    return found


_NO_ORDER = frozenset({"player", "turn", "ready"})
"""The keys of an order file that give no order (a blank form has only these)."""


@refusing
@click.command("run-turn")
@click.argument("game_dir", required=False, shell_complete=game_names)
@click.option("--rerun", is_flag=True, help="Resolve the last turn again from its archived input.")
@click.option(
    "--due",
    is_flag=True,
    help="Run every game of the config's games_dir whose deadline has passed or "
    "whose turn has the READY it waits for (every player's, or the one player's whose move "
    "it is; for cron; exits 1 when a game failed or was held back, as in a mail outage).",
)
@jobs_option("With --due: run N games at a time, each in a process (default: the cores).")
@click.option(
    "--preview",
    "preview_dir",
    default=None,
    type=HomePath(),
    metavar="OUT",
    help="Resolve the turn into the folder OUT (state, events, reports, AOFs, orders) "
    "without committing it: the game folder is left as it is, and no mail goes out.",
)
@click.option(
    "--force", is_flag=True, help="Run the turn even though the GM holds the game (wtg hold)."
)
@click.option(
    "--now",
    "now_anyway",
    is_flag=True,
    help="Run the turn now though its deadline is ahead and players still owe orders "
    "(without it such a run is refused, naming them).",
)
@click.option(
    "--unmailed",
    is_flag=True,
    help="Run the turn though the players have not been mailed the last one yet "
    "(`wtg send`): those without orders lose the turn (without it such a run is refused).",
)
@click.option(
    "--just-mailed",
    is_flag=True,
    help="Run the turn though the last one ran and was mailed only minutes ago and no "
    "player has sent orders since (without it such a run before the deadline is refused: "
    "a run-turn given twice by mistake).",
)
@click.option(
    "--unchanged",
    is_flag=True,
    help="With --rerun: run the turn again though nothing changed since it ran (no orders "
    "corrected), and mail every player the same report again (without it such a rerun is "
    "refused).",
)
@quiet_option
@log_options
@click.pass_context
def run_turn(
    ctx: click.Context,
    game_dir: str | None,
    rerun: bool,
    due: bool,
    jobs: int | None,
    preview_dir: str | None,
    force: bool,
    now_anyway: bool,
    unmailed: bool,
    just_mailed: bool,
    unchanged: bool,
    quiet: bool,
    log_format: str,
    log_level: str | None,
    log_file: str | None,
) -> None:
    """Resolve the coming turn and write its reports, AOFs and Top Ten. Before the
    deadline, while players still owe orders, only with --now. With --log-level or
    --log-file, each game's turn run, held back or failed is logged, a line each."""
    start_logging(log_format, log_level, log_file)
    if (
        due
        and game_dir
        and not any((rerun, preview_dir, force, now_anyway, unmailed, just_mailed, unchanged))
    ):  # `run-turn --due g1`: one of the two meant
        fail(
            "--due runs every game that is due, and takes no game: `wtg run-turn --due` runs them "
            f"all, `{shell_command('wtg', 'run-turn', game_dir)}` the game {game_dir} alone"
        )
    if due:
        if (
            game_dir
            or rerun
            or preview_dir
            or force
            or now_anyway
            or unmailed
            or just_mailed
            or unchanged
        ):
            fail(
                "--due runs all due games of games_dir: give no GAME_DIR, --rerun, "
                "--preview, --force, --now, --unmailed, --just-mailed or --unchanged"
            )
        _run_due(ctx, jobs, quiet)
    if jobs is not None:
        fail("--jobs goes with --due")
    if not game_dir:
        config = "" if known_games_dir(ctx) is not None else " --config FILE"
        fail(
            "give the game whose turn to run (`wtg run-turn GAME`), or --due to run every "
            f"game that is due (`wtg{config} run-turn --due`)"
        )
    if unchanged and not rerun:
        fail("--unchanged goes with --rerun: it runs the last turn again though nothing changed")
    game = open_or_fail(ctx, game_dir)
    if preview_dir is not None:
        _preview(game, Path(preview_dir), rerun)
        return
    spool = mail_spool(ctx, game)
    if spool is not None:
        stopped = host_moved(ctx, spool)
        if stopped is not None:  # its reports would reach the players beside the other's
            fail(f"run-turn: {stopped}")
    refused = _hand_run_refused(ctx, game, spool, force, rerun, now_anyway, unmailed, just_mailed)
    if refused is not None:
        fail(refused)
    noting = first_run(spool, game) if spool and not rerun else None
    earlier = set(game.store.kept_runs(game.latest_turn())) if rerun else set()
    unsent = "" if rerun or now_anyway else _unsent_without_deadline(game)
    try:
        turn = game.run_turn(
            rerun=rerun, force=force, before_commit=noting, refuse_unchanged=not unchanged
        )
    except RerunChangesNothing as exc:  # the wrong game? the one with a correction named
        said = carrying_given(str(exc))  # its `wtg orders`, `wtg run-turn`: the --config given
        fail(said + meant_games(game, corrected, "wtg run-turn {game} --rerun"))
    done = "rerun" if rerun else "resolved"
    log_event(f"turn {turn} {done} (run-turn by hand)", game=game.config.game, turn=turn)
    back = _taken_back(ctx, game, game_dir, turn, rerun) if now_anyway or rerun or unsent else ""
    # the folder this rerun made (by name, not by order: a clock set back sorts it first)
    kept = [p for p in game.store.kept_runs(turn) if p not in earlier] if rerun else []
    # the run it replaced, which the players may have been mailed, is kept: where
    replaced = "".join(
        f" (the run it replaced kept in {p.relative_to(game.store.root)}/turns/{turn:04d})"
        for p in kept
    )
    ended = ended_words(game, str(game.meta(turn).get("ran_at") or ""))
    over = f": {ended}" if ended else ""
    tell(f"turn {turn} of game {game.config.game} {done}{unsent}{replaced}{over}{back}")


def _unsent_without_deadline(game: Game) -> str:
    """What the line of a hand run of a game without deadlines says of the players whose
    orders it ran without (" without orders from 2 Dan (...)"), "" when each sent his: such
    a game runs when told, with no `--now`, and the line of one given for the wrong game
    said "resolved" alone, a player's turn lost without a word (newgm48). A game with a
    deadline refuses such a run before its deadline (``too_early``)."""
    if game.deadline() is not None:
        return ""
    try:
        status = game_status(game)
    except Exception:  # its run says what is wrong with it; this line adds nothing then
        return ""
    missing = [
        f"{p['id']} {p['name']}"
        for p in status["players"]
        if p["owes_orders"] and not p["orders"] and not p["ready"]
    ]
    if not missing:
        return ""
    return (
        f" without orders from {', '.join(missing)} (a game without deadlines runs when told, "
        "whoever has sent orders)"
    )


def _hand_run_refused(
    ctx: click.Context,
    game: Game,
    spool: Path | None,
    force: bool,
    rerun: bool,
    now_anyway: bool,
    unmailed: bool,
    just_mailed: bool,
) -> str | None:
    """Why a hand run of ``game``'s coming turn is refused: its latest turn not mailed yet
    (``--unmailed``), its deadline ahead while players owe orders (``--now``), the last
    turn mailed a moment ago (``--just-mailed``); None when it may run. The first that
    holds is said, in that order, and the command it names to run the turn all the same
    carries the options of every other that holds: the `--now` a refusal named was then
    refused for the turn not mailed, naming another option still."""
    if rerun or not (force or game.held() is None):  # a hold says its own
        return None
    now = datetime.now(timezone.utc)
    checks: list[tuple[str, Callable[[str], str | None]]] = []
    if spool is not None and not unmailed:
        # deferred: the config's schema (pydantic), through the due run: only a hand run on
        # a host that mails
        from wtg.cli.unmailed import unmailed_refusal

        checks.append((" --unmailed", lambda g: unmailed_refusal(spool, game, g, _head(ctx, game))))
    if not now_anyway:
        # deferred: the due run (the config's schema, a process pool): only `run-turn` needs it
        from wtg.host.due import too_early

        checks.append((" --now", lambda g: too_early(game, now, given=g, head=given_head())))
    if spool is not None and not just_mailed:
        # deferred: the config's schema (pydantic), through the due run: only a hand run on
        # a host that mails
        from wtg.cli.justmailed import just_mailed_refusal

        checks.append(
            (" --just-mailed", lambda g: just_mailed_refusal(spool, game, now, g, _head(ctx, game)))
        )
    holding = [(flag, say) for flag, say in checks if say("") is not None]
    if not holding:
        return None
    own, say = holding[0]
    needed = {flag for flag, _ in holding[1:]}
    given = {" --force": force, " --now": now_anyway or " --now" in needed}
    given |= {" --unmailed": " --unmailed" in needed, " --just-mailed": " --just-mailed" in needed}
    return say("".join(flag for flag, on in given.items() if on and flag != own))


def _taken_back(ctx: click.Context, game: Game, game_dir: str, turn: int, rerun: bool) -> str:
    """What ends the line of a turn run with --now or run again with --rerun (given for
    the wrong game, no guard can catch either): the rollback that takes the turn back, for
    the GM who sees the wrong name, begun as the refusals' commands are (``_head``). Given
    no config and none beside the games folder, the rollback names the config to give
    (``--config FILE``) and the game by its folder: a rollback tells the players from the
    config's address, and stops without one."""
    beside = game.store.root.parent.absolute().parent / CONFIG_NAME
    what = f"turn {turn}" if rerun else "it"  # a rerun's turn: the run it replaced is kept
    if config_path(ctx) is None and not beside.is_file():
        where = str(game.store.root.absolute())
        back = shell_command("wtg", "--config", "FILE", "rollback", where, "--to", str(turn - 1))
        return (
            f"; the wrong game? `{back}` takes {what} back (FILE: the host's config, whose "
            "address tells the players)"
        )
    back = f"{_head(ctx, game)} {shell_command('rollback', game_dir, '--to', str(turn - 1))}"
    return f"; the wrong game? `{back}` takes {what} back"


def _head(ctx: click.Context, game: Game) -> str:
    """How the commands a hand run's refusal names begin: `wtg` under a config, else with
    the config beside the game's games folder (``command_head``): given no config, the
    `wtg send` it named was answered "no config". Under a config given on the command
    line, with it (and a ``--games-dir`` given): ``given_head``."""
    if config_path(ctx) is not None:
        return given_head()
    # deferred: the config's schema (pydantic), through the due run and the journal: only a
    # refusal given no config needs it
    from wtg.cli.unmailed import command_head

    return command_head(game.store.root.parent)


def _preview(game: Any, out: Path, rerun: bool) -> None:
    """`run-turn --preview OUT`: the turn resolved into OUT, nothing committed."""
    turn, files = preview(game, out, datetime.now(timezone.utc), rerun=rerun)
    reports = sum(1 for name in files if name.startswith("reports/"))
    tell(
        f"turn {turn} of game {game.config.game} previewed in {out}: "
        f"{counted(len(files), 'file')}, {counted(reports, 'report')}; nothing committed, "
        "no mail queued"
    )


def _lists_held(names: tuple[str, ...]) -> str:
    """What ends the line of lists a backup held back: those ready to start, by name, and
    what a backup hung past its copy does to them; '' when none is ready."""
    if not names:
        return ""
    shown = ", ".join(names)
    if len(names) == 1:
        return (
            f"; the waiting list {shown} is ready to start and waits for it (a backup hung "
            "past its copy keeps it waiting until the backup is ended)"
        )
    return (
        f"; the waiting lists {shown} are ready to start and wait for it (a backup hung "
        "past its copy keeps them waiting until the backup is ended)"
    )


def _run_due(ctx: click.Context, jobs: int | None, quiet: bool) -> NoReturn:
    """Every due game: a line for each game run, held, failed or skipped and the summary
    line; on a terminal a progress bar while they run, under cron (or with ``quiet``, the
    -q every other cron line of the docs takes) nothing at all when no game was due. Exit 1
    when a game failed or was held."""
    # deferred: the due run (the config's schema, a process pool): only `run-turn` needs it
    from wtg.host.due import run_due

    # deferred: the mail servers' clients (IMAP): only a due run looks at the mailbox's claims
    from wtg.mail.poll.filedafter import turns_held
    from wtg.mail.poll.hostclaim import turns_stopped

    gm = checked_config(ctx)
    moment = datetime.now(timezone.utc)
    stopped = turns_stopped(gm, moment)  # a copy of this host serves the games now
    if stopped is not None:
        fail(f"run-turn --due: {stopped}")
    held = turns_held(gm)  # restored: orders may lie unread in the processed folder
    if held is not None:
        fail(f"run-turn --due: {held}")
    notices = Notices(gm.spool, gm.sender, moment)
    tasks = run_due_tasks(gm.games_dir, moment, notices.taken_off, notices.taken_off_told)
    for started in tasks.started:
        made = f"game {started.game} made from the waiting list {started.list}"
        tell(made + started_note(started.players))
    for problem in tasks.problems:
        tell(f"lobby: {problem}", err=True)
    # not failed: the next run makes the lists' games; said under cron's -q when a list
    # ready to start waits for the backup (a hung one keeps it waiting: the GM ends it)
    if tasks.waited and (tasks.held or not quiet):
        tell(f"lobby: {tasks.waited}{_lists_held(tasks.held)}")
    mailed = mailed_turns(gm.spool)

    def said(line: str) -> None:  # a game copied in, run before its first send
        tell(printable(f"wtg: {line}"), err=True)

    run = run_due(
        gm,
        jobs=jobs or default_jobs(),
        lobby=tasks.problems,
        mailed=mailed,
        first_ran=partial(note_game, gm.spool),
        said=said,
    )
    terminal = sys.stderr.isatty() and not quiet
    later: list[tuple[str, bool]] = []  # on a terminal, the lines wait for the bar to end
    bar = progress_bar(len(run.folders), "run-turn --due")
    results = run.games()
    try:
        with bar if terminal else contextlib.nullcontext(bar):
            for result in results:
                line = result.line()  # a reason may quote a game.yaml: never its controls
                line = None if line is None else printable(line)
                if terminal:
                    bar.update(1, result.folder.name)
                    later += [(line, result.ok)] if line is not None else []
                elif line is not None:
                    tell(line, err=not result.ok)
    except KeyboardInterrupt:  # Ctrl-C: the games in hand finish, no other starts
        results.close()
        later += [(printable(line), result.ok) for result in run.late if (line := result.line())]
        for line, ok in sorted(later) if terminal else later:
            tell(line, err=not ok)
        fail(
            f"run-turn --due interrupted: {run.line()}; each turn it ran is kept, and the "
            "games it did not run are run by the next `run-turn --due`"
        )
    for line, ok in sorted(later):
        tell(line, err=not ok)
    if terminal or run.acted:
        tell(printable(run.line()))  # the folders it names: printable
    sys.exit(1 if run.failed else 0)


@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option("--turn", type=int, default=None, help="After which turn (default: the latest).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole state as JSON.")
@click.pass_context
def state(ctx: click.Context, game_dir: str, turn: int | None, as_json: bool) -> None:
    """Print the state of the game (secret codes are never printed)."""
    game = open_or_fail(ctx, game_dir)
    note_cut_short(game)
    current = game.state(turn)
    if turn is None or turn == game.latest_turn():
        current = game.named_state(current)  # a name the GM put right, said at once
    data = game.ruleset.public_json(current)
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
    tell(printable(f"game {game.config.game} ({data['ruleset']}), turn {data['turn']}"))
    for p in data["players"]:
        tell(printable(f"  player {p['id']:>2} {row_name(str(p['name']), 20)} {p['status']}"))


@refusing
@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option(
    "--player",
    type=int,
    default=None,
    help="Whose report: the player's number, as `wtg status GAME` lists them (give it or --gm).",
)
@click.option(
    "--gm",
    is_flag=True,
    help="The GM's report: what every player may see (WISK; a game of robots only has no other).",
)
@click.option("--turn", type=int, default=None, help="After which turn (default: the latest).")
@click.option(
    "--mail",
    is_flag=True,
    help="Queue the player's report (and form) to his address in game.yaml now, once "
    "(the next `wtg send` mails it): for one mailed to an address corrected since.",
)
@click.pass_context
def report(
    ctx: click.Context, game_dir: str, player: int | None, gm: bool, turn: int | None, mail: bool
) -> None:
    """Print a player's report, or the GM's (the latest turn unless --turn); with --mail,
    queue the player's to his address in game.yaml instead."""
    if gm == (player is not None):
        fail("give --player N or --gm")
    if mail and player is None:
        fail("--mail goes with --player N: the GM's report is not mailed")
    game = open_or_fail(ctx, game_dir)
    if mail and player is not None:
        _mail_report(ctx, game, player, turn)
        return
    note_cut_short(game)
    click.echo(on_screen(game.report(player, turn)), nl=False)


def _mail_report(ctx: click.Context, game: Game, seat: int, turn: int | None) -> None:
    """`wtg report GAME --player N --mail`: the report queued (``wtg.mail.outgoing.reportagain``),
    under the game's lock (no turn half written meanwhile); refused, nothing queued, in a
    game a command cut short left half written."""
    # deferred: the mail's making (the config's schema): only --mail needs it
    from wtg.mail.outgoing.reportagain import mail_report_again

    name = game.config.game
    now = datetime.now(timezone.utc)
    refuse_on_moved_host(ctx, mail_spool(ctx, game))
    notices = Notices(game.store.root.parent / SPOOL, gm_config(ctx).sender, now)
    with game.store.lock():
        cut = game.cut_short()
        if cut:
            fail(
                f"game {name}: {'; '.join(cut)}: its report is not mailed before that is finished "
                f"(`{shell_command('wtg', 'status', name)}` says what finishes it)"
            )
        done = mail_report_again(notices, game, seat, turn, pictures.map_drawing())
    said = f"game {name} player {seat}'s report"
    if done.undrawn:
        tell(f"wtg: {said} goes without its map: {done.undrawn}", err=True)
    if done.queued:
        tell(f"{said} queued to {done.to}: `wtg send` mails it")
    elif done.lies is not None and done.lies[0] == "sent":
        tell(
            f"{said} was mailed to {done.to} already ({done.lies[1]}): the same report is "
            "mailed to an address once"
        )
    elif done.lies is not None and done.lies[0] == "failed":
        tell(f"{said} to {done.to} was set aside for good ({done.lies[1]}): `wtg outbox` says why")
    else:
        tell(f"{said} waits in the queue already, to {done.to}: `wtg send` mails it")


@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option("--turn", type=int, default=None, help="After which turn (default: the latest).")
@click.pass_context
def topten(ctx: click.Context, game_dir: str, turn: int | None) -> None:
    """Print the Top Ten."""
    game = open_or_fail(ctx, game_dir)
    note_cut_short(game)
    click.echo(game.topten(turn), nl=False)


@click.command()
@click.argument("out_dir", default="demo-output")
@click.option(
    "--turns", type=click.IntRange(min=0), default=10, show_default=True, help="Turns to play."
)
@click.option(
    "--seed",
    type=int,
    default=2026,
    show_default=True,
    help="The game's seed: the same seed plays the same game.",
)
def demo(out_dir: str, turns: int, seed: int) -> None:
    """Play a 10-player WoK IV game through the whole mail loop on the maildir transport: each
    player answers the report mail with a filled-in AOF, `poll` files the orders,
    `run-turn --due` runs the turn, `send` mails the reports."""
    # deferred: the whole mail loop and the site: only the demo plays through them
    from wtg.cli.demo import run_demo

    run_demo(Path(out_dir), turns=turns, seed=seed, echo=click.echo)
