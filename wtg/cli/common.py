"""The command group and what every command shares: errors, game folders, the GM config."""

from __future__ import annotations

import errno
import io
import os
import sqlite3
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from wtg.cli.givenhead import carrying_given, given_path, on_terminal, tell
from wtg.cli.homepath import home_taken
from wtg.cli.pipes import leave_quietly, stdout_reader_gone
from wtg.cli.slips import (
    ARGS,
    COMMAND_WORDS,
    command_slip,
    folder_missing,
    option_after,
    option_slip,
    words_slip,
)
from wtg.core.errors import WtgError
from wtg.core.plurals import counted
from wtg.core.printable import on_screen, printable
from wtg.files.diskspace import disk_full, written
from wtg.files.ownership import owner_line, owner_note, root_on_anothers, running_wtg
from wtg.files.paths import same_file
from wtg.files.sqlitewait import kept_busy, waited_for
from wtg.game.engine import open_game
from wtg.game.registry import UnknownRuleset, find_ruleset, ruleset_meant, variant_meant
from wtg.host.configplace import CONFIG_NAME, config_in
from wtg.host.gamesdir import (
    NAMESAKE,
    copy_of,
    folder_meant,
    folder_problem,
    game_elsewhere,
    games_folder_slip,
    holders_of,
    name_taken,
    renamed_game,
    restore_under_way,
    scan_games,
)
from wtg.host.relativedir import FULL_PATH, relative_games_dir
from wtg.lobby.lists import list_of_host
from wtg.logs.waits import listen
from wtg.text.closename import close_names, either
from wtg.text.shellcommand import shell_command

if TYPE_CHECKING:  # pydantic (the config's schema) is imported by the commands that read it
    from wtg.host.config import GmConfig

EXIT_NOT_STORED = 2
F = TypeVar("F", bound=Callable[..., Any])


def jobs_option(help: str) -> Callable[[F], F]:
    """``--jobs N``: how many processes a command may run at once (None: the cores)."""
    return click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N", help=help)


def say(text: str, whole: Iterable[str] = ()) -> None:
    """A line that may hold text that came by mail: printed without its control
    sequences (``wtg.core.printable``), the commands it names carrying the options given
    (``wtg.cli.givenhead.tell``); on a terminal, the words of ``whole`` (players' names)
    never broken between two lines."""
    tell(text, whole=whole)


def fail(message: str, code: int = 1) -> NoReturn:
    """Each line of ``message`` as a line of its own on stderr, then exit ``code``; a reason
    may quote a file or a mail: without its control sequences (``wtg.core.printable``). The
    commands it names (an error of a layer below's too) carry the ``--config`` and
    ``--games-dir`` given (``wtg.cli.givenhead.carrying_given``)."""
    for line in on_screen(carrying_given(message)).splitlines() or [""]:
        click.echo(on_terminal(f"wtg: {line}", err=True), err=True)  # broken at its width
    sys.exit(code)


def os_error_line(exc: OSError) -> str:
    """An error of the file system in one line: the path and what went wrong with it (on a
    file another user owns, who and the ``chown`` to run: ``wtg.files.ownership``)."""
    owned = owner_line(exc)
    if owned is not None:
        return owned
    what = exc.strerror or str(exc) or type(exc).__name__
    paths = [str(p) for p in (exc.filename, exc.filename2) if p is not None]
    return f"{' -> '.join(paths)}: {what}" if paths else what


def escape_what_the_terminal_cannot_write() -> None:
    """Write what the encoding of stdout and stderr has no character for (a terminal or
    cron in ISO-8859-1, a player's name in another script) as its escape (``\\u5c71``):
    the command stopped there with a traceback. UTF-8 writes everything, and is left as it
    is."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").replace("_", "-").lower()
        if isinstance(stream, io.TextIOWrapper) and encoding not in ("utf-8", "utf8"):
            stream.reconfigure(errors="backslashreplace")


class WtgGroup(click.Group):
    """The command group: the one place where an error wtg expects (``wtg.core.errors``)
    becomes its message on stderr and its exit status, and so does an error of the file
    system (a folder that is a file, one wtg may not write in, a full disk): the path and
    what went wrong, in one line (stdout piped into a reader that stopped, as `| head`,
    ends it without a word: ``wtg.cli.pipes``); an SQLite database that cannot be written
    likewise; and Ctrl-C, in one line rather than click's "Aborted!". A usage error says
    what was meant when it is a slip ``wtg.cli.slips`` knows. Any other is a bug and shows
    its traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        escape_what_the_terminal_cannot_write()
        listen(lambda text: tell(printable(f"wtg: note: {text}"), err=True))
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:  # Ctrl-C: a command stopped anywhere is as one killed
            fail(INTERRUPTED)
        except click.NoSuchOption as exc:  # `wtg status --config F`: the group's option
            raise carrying(option_slip(self, exc, ctx.meta.get(ARGS, []))) from None
        except click.UsageError as exc:  # `wtg hold g1 "the server moves"`: --reason meant
            given = exc.ctx
            args = ctx.meta.get(ARGS, [])
            meant = (
                option_after(exc, args)
                or folder_missing(exc, args, lambda: _games_folder_given(given))
                or words_slip(exc, lambda: _games_folder_given(given))
            )
            raise carrying(meant or exc) from None
        except WtgError as exc:
            fail(str(exc), exc.exit_code)
        except BrokenPipeError as exc:  # `wtg status | head`: the reader has what it wanted
            if stdout_reader_gone():
                leave_quietly()
            fail(os_error_line(exc))
        except OSError as exc:
            fail(with_full_disk(os_error_line(exc), exc))
        except Exception as exc:
            if isinstance(exc, sqlite3.Error):
                what = written(exc) or waited_for(exc) or "a database of the games folder"
                fail(with_full_disk(f"{what} cannot be used: {exc}{_busy(exc)}", exc))
            raise

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[ARGS] = list(args)  # the words as typed, for the slips click's words miss
        after = super().parse_args(ctx, args)
        ctx.meta[COMMAND_WORDS] = list(after)  # the command's, after its name
        return after

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """`wtg run-turn-due` (a cron line's space lost before an option, its dashes with
        it): click offered `run-turn`, and the line run as told ran no game. The command
        and option meant."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            meant = command_slip(self, ctx, args[0] if args else "")
            if meant is None:
                raise
            raise meant from exc


def carrying(exc: click.UsageError) -> click.UsageError:
    """``exc`` (a slip's, or click's own) with each command its message gives begun as the
    command line was (``wtg.cli.givenhead.carrying_given``): `wtg --config F hold g1
    moving` was told `wtg hold g1 --reason moving`, which ran against the host the shell's
    WTG_CONFIG named, or none. Click prints its usage lines before it as they are."""
    said = exc.format_message()
    carried = carrying_given(said)
    return exc if carried == said else click.UsageError(carried, exc.ctx)


def _games_folder_given(ctx: click.Context | None) -> Path | None:
    """The games folder given to the command of ``ctx`` (--games-dir, the config's), for
    a slip's message: read without a word on a config that cannot be; None when none."""
    folder = ((ctx.obj or {}).get("games_dir") if ctx is not None else None) or None
    if not folder and ctx is not None and config_path(ctx) is not None:
        try:
            folder = gm_config(ctx).games_dir
        except (WtgError, OSError, ValueError):
            folder = None
    return Path(folder) if folder else None


def _busy(exc: sqlite3.Error) -> str:
    """What to do when another process kept a database busy past the wait (SQLite's
    "database is locked", which said nothing of it); "" for any other error."""
    busy = kept_busy(exc)
    return f"{busy}; give the command again once that one is done" if busy else ""


GAMES_FOLDER = "wtg.games_folder"
"""The key of the command's games folder in click's ``Context.meta`` (shared by a command
and its group), once ``checked_games_dir`` has checked it."""


AGAIN = ", then give the command again (each file is written whole or not at all)"


def with_full_disk(line: str, exc: BaseException, then: str = AGAIN) -> str:
    """``line``, and that the disk of the games folder is full when ``exc`` (a write's, a
    database's) came of that (``wtg.files.diskspace``), and ``then``."""
    ctx = click.get_current_context(silent=True)
    games = ctx.meta.get(GAMES_FOLDER) if ctx is not None else None
    full = disk_full(games, exc) if games is not None else None
    return f"{line}: {full}{then}" if full else line


INTERRUPTED = (
    "interrupted (Ctrl-C): what it had finished is kept, as after a kill; the same command "
    "given again takes up the rest (`wtg status` shows where the games stand)"
)

NO_CONFIG = (
    "no config: neither --config FILE nor the environment variable WTG_CONFIG names one; "
    "give it (`wtg init DIR` makes one for a new host)"
)
NO_GAMES_DIR = (
    "no games folder: neither --games-dir (WTG_GAMES_DIR) nor --config (WTG_CONFIG) is "
    "given; give one of them (`wtg init DIR` makes a config for a new host)"
)


def given_ruleset(name: str, command: str = "new-game") -> None:
    """A ruleset named on the command line (``command``: new-game, open-list) that this wtg
    has not ends the command, with the one meant when one is close (``WoK4``: did you mean
    wok4?), or the ruleset and variant to give for a variant's name (``duel``)."""
    try:
        find_ruleset(name)
    except UnknownRuleset as exc:
        variants = variant_meant(name)
        meant = ruleset_meant(name)
        if variants:
            variant = variants[0][1]
            rulesets = [ruleset for ruleset, _ in variants]
            ways = [
                f"--ruleset {ruleset} --variant {variant}"
                if command == "new-game"
                else f"`wtg {command} {ruleset} --variant {variant}`"
                for ruleset in rulesets
            ]
            fail(
                f"{exc.args[0]}: {variant} is a variant of {' and '.join(rulesets)}: give "
                + " or ".join(ways)
            )
        fail(f"{exc.args[0]}: did you mean {either(meant)}?" if meant else str(exc.args[0]))


def config_nearby(games_dir: Path | None = None) -> Path | None:
    """The host's config (``wtg.yaml``, as `wtg init` names it) in the current folder, or
    above it as far as a game's folder of its games folder, or beside ``games_dir`` (the
    games folder given with ``--games-dir``, as `wtg init` makes them); None when there is
    none. A command given no config names it and never reads it: a cron line that lost its
    ``--config`` must not run on whatever config its folder holds."""
    try:
        here = Path.cwd()
    except OSError:  # the current folder was removed
        here = None
    folders = [] if here is None else [here, here.parent, here.parent.parent]
    if games_dir is not None:
        folders.append(games_dir.absolute().parent)
    for folder in folders:
        if (folder / CONFIG_NAME).is_file():
            return folder / CONFIG_NAME
    return None


def without_config(line: str) -> str:
    """``line``, a refusal for want of a config, and the config of the current folder
    when there is one (the GM ran the command in his host's folder, without
    ``WTG_CONFIG``), or the one beside the games folder given (``--games-dir``)."""
    misnamed = variable_misnamed()
    if misnamed is not None:
        return f"{line}; {misnamed}"
    ctx = click.get_current_context(silent=True)
    given = ((ctx.find_root().obj or {}).get("games_dir") if ctx is not None else None) or None
    found = config_nearby(Path(given) if given else None)
    if found is None:
        return line
    typed = shell_command(str(found))
    return f"{line}; there is one at {found}: `export WTG_CONFIG={typed}` (or --config {typed})"


WTG_VARIABLES = ("WTG_CONFIG", "WTG_GAMES_DIR")


def variable_misnamed() -> str | None:
    """The environment variable that names a config or a folder under a name close to
    ``WTG_CONFIG`` or ``WTG_GAMES_DIR`` (``export WTG_CONFG=...``, ``wtg_config=...``),
    and the export meant; None when there is none. A slip of the export was told only
    that no config was given, though the GM had just given one."""
    for name, value in sorted(os.environ.items()):
        if not name.upper().startswith("WTG") or name in WTG_VARIABLES or not value:
            continue
        meant = close_names(name, WTG_VARIABLES)
        if len(meant) == 1 and os.path.exists(os.path.expanduser(value)):
            shown = shell_command(value)
            return (
                f"the environment has {name}={shown}, not {meant[0]}: export "
                f"{meant[0]}={shown} (and unset {name})"
            )
    return None


def config_path(ctx: click.Context) -> Path | None:
    """The config file of ``--config`` or ``WTG_CONFIG``; None when neither names one."""
    path = ctx.obj.get("config") if ctx.obj else None
    return Path(path) if path else None


def gm_config(ctx: click.Context) -> GmConfig:
    """The GM config of ``--config`` / ``WTG_CONFIG``. Without one the command ends (exit
    1) saying where it looked: a cron line that lost its ``--config`` must not run on a
    config of its own. A config that cannot be used ends it with a line a problem."""
    # deferred: pydantic (the config's schema): only the commands that read the config
    from wtg.host.config import load_config

    path = config_path(ctx)
    if path is None:
        fail(without_config(NO_CONFIG))
    gm = load_config(path)  # a ConfigError: a line a problem
    for server in (gm.imap, gm.smtp):
        if server is not None and server.password_file is not None:
            given_path(server.password_file)  # a line saying it cannot be read keeps it whole
    return gm


def checked_games_dir(
    folder: Path, source: str, configured: bool = False, gm: GmConfig | None = None
) -> Path:
    """``folder`` when it is a folder wtg can look into; else the command ends with the
    path, what is wrong and where it came from (``source``). Nothing is created: a
    mistyped games_dir made silently would take every order mail for a stranger's.
    ``configured``: ``folder`` is the config's games_dir (``games_folder_slip``); ``gm``:
    that config, whose relative games_dir not there is said with what it was read against
    (``wtg.host.relativedir``)."""
    problem = folder_problem(folder)
    if problem is not None:
        meant = folder_meant(folder, games=True) if problem == "does not exist" else None
        relative = _relative(gm) if problem == "does not exist" and not meant else None
        if relative is not None:  # what it was read against, and what to write
            read, line = relative
            fail(
                f"the games folder {folder.absolute()} ({source}) does not exist: {read}: "
                + (
                    f"write {line}"
                    if line
                    else f"write {FULL_PATH}, or make a new host with `wtg init DIR`"
                )
            )
        owned = owner_note(PermissionError(errno.EACCES, problem, os.fspath(folder)))
        if problem.endswith("Permission denied") and owned is not None:
            fail(f"the games folder {folder.absolute()} ({source}) {problem}: {owned}")
        fail(
            f"the games folder {folder.absolute()} ({source}) {problem}"
            f"{f' ({meant})' if meant else ''}: correct it, or make a new host with `wtg init DIR`"
        )
    slip = games_folder_slip(folder, configured)
    if slip is not None:
        fail(f"the games folder {folder.absolute()} ({source}) {slip}: correct it")
    restoring = restore_under_way(folder)
    if restoring is not None:  # cron's lines fired during a `wtg restore` into it
        fail(f"the games folder {folder.absolute()} ({source}) {restoring}")
    refuse_root_on_anothers(folder, "the games folder")
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta[GAMES_FOLDER] = folder
    return folder


def _relative(gm: GmConfig | None) -> tuple[str, str | None] | None:
    """What the refusal of ``gm``'s games_dir, not there, says of it when it is relative."""
    if gm is None or gm.file is None:
        return None
    return relative_games_dir(gm.games_dir_written, gm.file, Path.cwd())


def refuse_root_on_anothers(folder: Path, what: str) -> None:
    """Root is refused on a folder another user owns (``root_on_anothers``); ``sudo -u
    OWNER wtg ...`` is the way."""
    refused = root_on_anothers(folder, what, _as_user)
    if refused is not None:
        fail(refused)


def _as_user(name: str) -> str:
    """The command as the user ``name``: ``sudo -u NAME wtg ...``, with the config's and
    the games folder's options when the environment gave them (sudo leaves WTG_CONFIG and
    WTG_GAMES_DIR behind, and the command it ran said "no config")."""
    root = click.get_current_context(silent=True)
    root = root.find_root() if root is not None else None
    given: list[str] = []
    left: list[str] = []
    for option, variable in (("config", "WTG_CONFIG"), ("games_dir", "WTG_GAMES_DIR")):
        value = root.obj.get(option) if root is not None and root.obj else None
        source = root.get_parameter_source(option) if root is not None else None
        if value and source is click.core.ParameterSource.ENVIRONMENT:
            path = os.fspath(Path(value).absolute())
            given.append(shell_command(f"--{option.replace('_', '-')}", path) + " ")
            left.append(variable)
    said = f"sudo -u {name} {running_wtg()} {''.join(given)}..."
    if not left:
        return said
    return f"{said}: sudo leaves {' and '.join(left)} behind"


def games_source(ctx: click.Context) -> str:
    """Where the games folder comes from, as a refusal names it."""
    path = config_path(ctx)
    return f"games_dir of {path}" if path is not None else "--games-dir"


def _games_dir_option(ctx: click.Context) -> str:
    """How the games folder was given on the command line: the option, or the variable
    that stood in for it, as a refusal names it (the GM corrects what he wrote)."""
    source = ctx.find_root().get_parameter_source("games_dir")
    return "WTG_GAMES_DIR" if source is click.core.ParameterSource.ENVIRONMENT else "--games-dir"


def checked_config(ctx: click.Context) -> GmConfig:
    """The GM config (``gm_config``) of a command that works on the games: its games_dir
    checked (``checked_games_dir``), and a maildir folder it names that is a file refused
    (one that is missing is made by the first poll or send, as check-config says)."""
    gm = gm_config(ctx)
    refuse_two_games_folders(ctx, gm)
    checked_games_dir(gm.games_dir, games_source(ctx), configured=True, gm=gm)
    if gm.transport == "maildir":
        for key, folder in (("maildir_in", gm.maildir_in), ("maildir_out", gm.maildir_out)):
            problem = folder_problem(folder)
            if problem is not None and problem != "does not exist":
                fail(f"{key} {folder} ({config_path(ctx)}) {problem}: correct {key}")
            if not is_default_maildir(gm, key):  # the GM's own folder: never made here
                refuse_a_maildir_not_there(key, folder, problem, config_path(ctx))
    return gm


def is_default_maildir(gm: GmConfig, key: str) -> bool:
    """Whether the config's ``key`` (maildir_in, maildir_out) is the folder of the games
    folder's ``.mail`` that wtg makes itself, not one the config names."""
    return bool(getattr(gm, key) == gm.spool / key.replace("_", "-"))


def refuse_a_maildir_not_there(
    key: str, folder: Path, problem: str | None, config: Path | None
) -> None:
    """A maildir_in or maildir_out the config names that is not there, or no Maildir, ends
    the command: made silently, a typo's folder would be polled (or filled) for ever while
    the mail lies in the one meant (the folders of the games folder's .mail are made by the
    first poll or send)."""
    where = f"{key} {folder} ({config})"
    if problem == "does not exist":
        meant = folder_meant(folder)
        fail(
            f"{where} does not exist{f' ({meant})' if meant else ''}: correct {key}, or make "
            f"it a Maildir (mkdir -p {folder}/cur {folder}/new {folder}/tmp)"
        )
    missing = [sub for sub in ("cur", "new", "tmp") if not (folder / sub).is_dir()]
    if missing:
        fail(
            f"{where} is not a Maildir (no {', '.join(missing)}): correct {key}, or make it "
            f"one (mkdir -p {' '.join(str(folder / sub) for sub in missing)})"
        )


def games_root(ctx: click.Context, gm: GmConfig | None = None) -> Path:
    """The games directory: --games-dir (or WTG_GAMES_DIR), else the config's games_dir;
    checked (``checked_games_dir``). ``gm``: the config the command has read already
    (``gm_config``), not read again."""
    obj = ctx.obj or {}
    if obj.get("games_dir"):
        if config_path(ctx) is not None:
            refuse_two_games_folders(ctx, gm or gm_config(ctx))
        folder = checked_games_dir(Path(obj["games_dir"]), _games_dir_option(ctx))
    else:
        if config_path(ctx) is None:
            fail(without_config(NO_GAMES_DIR))
        gm = gm or gm_config(ctx)
        folder = checked_games_dir(gm.games_dir, games_source(ctx), configured=True, gm=gm)
    given_path(folder)  # the lines the command prints keep it whole, to be copied
    return folder


def refuse_two_games_folders(ctx: click.Context, gm: GmConfig) -> None:
    """--games-dir (or WTG_GAMES_DIR, left exported from another host or the demo) and a
    config whose games_dir is another folder end the command: `wtg status` read the one,
    and poll, send and `run-turn --due` the other, each without a word."""
    given = (ctx.obj or {}).get("games_dir")
    if not given:
        return
    if os.path.abspath(given) == os.path.abspath(gm.games_dir):
        return
    option = _games_dir_option(ctx)
    fail(
        f"two games folders: {Path(given).absolute()} ({option}) and "
        f"{gm.games_dir.absolute()} ({games_source(ctx)}): give one of them "
        f"({'unset WTG_GAMES_DIR' if option == 'WTG_GAMES_DIR' else 'drop --games-dir'}, or "
        "give no config)"
    )


def known_games_dir(ctx: click.Context) -> Path | None:
    """The games directory when one is given (--games-dir, WTG_GAMES_DIR or a config),
    checked; None when none is."""
    obj = ctx.obj or {}
    if not obj.get("games_dir") and config_path(ctx) is None:
        return None
    return games_root(ctx)


def game_path(ctx: click.Context, game_dir: str) -> Path:
    """A bare name is looked up in the games directory (--games-dir, WTG_GAMES_DIR, or the
    config's games_dir): the folder of that name, else the one the GM renamed from it
    (``renamed_game``: still the game, as the poll and `wtg status` take it). A leading ~
    is the home folder (``home_taken``). A name with a slash after it (``kao/``, as a
    shell's Tab completes a folder of the games folder) is that name, unless it is a folder
    here."""
    game_dir = home_taken(game_dir)
    if game_dir.rstrip(os.sep) and not Path(game_dir).exists():
        game_dir = game_dir.rstrip(os.sep)  # `kao/`, completed from the games folder: kao
    if os.sep not in game_dir and not Path(game_dir).exists():
        games_dir = known_games_dir(ctx)
        if games_dir is not None:
            path = games_dir / game_dir
            if not path.exists() and not game_dir.startswith("."):
                return renamed_game(games_dir, game_dir) or path
            # the folder named so holds another game: the game of the name, as the poll
            # files its mail (``another_game`` refuses the folder's when none holds it)
            return game_elsewhere(games_dir, game_dir) or path
    if os.sep not in game_dir and not game_dir.startswith("."):
        # a name that is a folder here (the GM in the games folder, `cd games`): the game
        # of the name all the same, as from any other folder (it was refused, said to be
        # in no other folder, where the folder swapped with it held it)
        here = Path(game_dir)
        return game_elsewhere(here.absolute().parent, game_dir) or here
    return Path(game_dir)


def open_or_fail(ctx: click.Context, game_dir: str) -> Any:
    """The game of GAME_DIR; one that cannot be opened ends the command (``WtgGroup``), a
    name that is no game of the games folder with the games it has."""
    path = game_path(ctx, game_dir)
    if not path.exists():
        games_dir = known_games_dir(ctx)
        name = game_dir.rstrip(os.sep) or game_dir  # `kao/`: the name kao
        if path.name == name and games_dir is not None and path.parent == games_dir:
            fail(no_such_game(games_dir, name))
        fail(no_such_folder(game_dir, path, games_dir))
    refuse_root_on_anothers(path, "the game folder")
    # the lines the command prints keep it, and its games folder (the spool's), whole
    given_path(path)
    given_path(path.absolute().parent)
    if path.is_dir() and not (path / "game.yaml").exists():
        slip = not_a_game_folder(game_dir, path)
        if slip is not None:
            fail(slip)
    # absolute: `.`, the game's own folder, has no games folder above it (`./..` is `.`),
    # and the host's guards and mail are found there
    game = open_game(path.absolute())
    copy = copy_refused(path, game.config.game, lambda: _played_from(ctx))
    if copy is not None:
        fail(copy)
    other = another_game(game_dir, path, game.config.game)
    if other is not None:
        fail(other)
    if not game.store.turns():  # a making killed between game.yaml and turn 0
        fail(
            f"game {game.config.game} ({path.absolute()}) has no turn 0: its making was cut "
            "short; give the same `wtg new-game` again to finish it (a game made from a "
            "waiting list: the next `wtg run-turn --due` finishes it)"
        )
    return game


def another_game(given: str, path: Path, game: str) -> str | None:
    """Why GAME_DIR ``given``, typed as a game's name, is not used: the folder of that name
    (``path``) holds another game, ``game`` (its game.yaml says so), and no other folder
    holds the game of the name (``game_path``'s ``game_elsewhere``), in words true of what
    is there (``_elsewhere``: none, two, or none of those that could be read). A GM who
    typed g01 ran a turn of g02, unwarned. None when the game is the one named, for a
    folder given as a path (a slash in it: the folder, whatever game it holds) or a hidden
    one, and for a link (``ln -s g01 games/current``: a name the GM gave the game on purpose)."""
    word = given.rstrip(os.sep) or given
    if os.sep in word or word.startswith(".") or path.name != word or path.is_symlink():
        return None
    if game.casefold() == word.casefold():
        return None
    folder = path.absolute()
    named = folder.parent / game
    move = (
        ""
        if named.exists()
        else "; to give the folder the game's own name: "
        + shell_command("mv", str(folder), str(named))
    )
    return (
        f"{word} is not game {word}: the folder {folder} holds game {game} (its game.yaml "
        f"says game: {game}), and {_elsewhere(folder, word)}; nothing was done. To act on "
        f"game {game}, give its folder, {folder}{move}"
    )


def _elsewhere(folder: Path, word: str) -> str:
    """Where else the game ``word`` is, in words, for ``another_game``'s refusal: in no
    other folder; in two or more, none of them taken for it (a copy beside its game, which
    ``copy_of`` tells apart); or in none of those that could be read, the others named with
    why."""
    found, unread = holders_of(folder.parent, word)
    others = [str(other) for other in found if other.name != folder.name]
    if len(others) > 1:
        listed = f"{', '.join(others[:-1])} and {others[-1]}"
        return (
            f"{counted(len(others), 'other folder')} say game: {word}, {listed}, and a name "
            "picks none of them: give the folder you mean (`wtg status` names those that are "
            "copies)"
        )
    if len(others) == 1:  # (written there since the name was looked up)
        return f"the folder {others[0]} says game: {word}; give it, if it is the game meant"
    if not unread:
        return f"no other folder a game {word}"
    which = "; ".join(f"{u.folder} cannot be read: {u.reason}" for u in unread)
    return (
        f"no other folder that could be read a game {word} ({which}: it may hold the game "
        f"{word}, which the command leaves alone until it can be read)"
    )


def copy_refused(
    path: Path, game: str, games_dir: Callable[[], Path | None] = lambda: None
) -> str | None:
    """Why the game folder ``path``, whose game.yaml says ``game: <game>``, is not used: a
    copy of another folder's game in the games folder (``wtg.host.gamesdir.copy_of``),
    which `run-turn --due`, `send` and `status` skip. Given by its name or folder, it was
    run and filed as that game: a turn run in it reached no player, and `status` said `wtg
    send` would mail it. None for the game's own folder, for a copy in a hidden folder,
    kept so on purpose, and for one outside the host's games folder (``games_dir``, called
    only for a copy; None when no config or --games-dir names it), as the refusal tells the
    GM to keep it. ``path`` is looked at as given and as the folder it is (its links
    followed): a link to the game's own folder (``games/current``) is the game, and so is
    one to the folder the game's own is a link to (``games/current`` and ``games/g1`` both
    to ``/srv/g1``); a link elsewhere to a copy in the games folder is that copy."""
    given = Path(os.path.abspath(path))
    candidates = (
        [given] if os.path.realpath(path) == str(given) else [given, Path(os.path.realpath(path))]
    )
    copies = [(folder, _copy_reason(folder, game)) for folder in candidates]
    if all(reason is None for _, reason in copies):
        return None
    played = games_dir()
    if played is not None:  # the folders that are in the games folder, the others never run
        copies = [(folder, why) for folder, why in copies if same_file(folder.parent, played)]
    if not copies or any(reason is None for _, reason in copies):
        return None
    folder, reason = copies[0]
    hidden = os.fspath(folder.parent / f".{folder.name}")
    kept = "out of play" if str(reason).startswith(NAMESAKE) else "as a copy"
    return (
        f"{folder} is not used: {reason} `run-turn --due`, `send` and `status` skip it, and a turn "
        f"run in it would reach no player. To keep it {kept}: "
        f"{shell_command('mv', str(folder), hidden)}"
    )


def _copy_reason(folder: Path, game: str) -> str | None:
    """``copy_of`` for the folder ``folder`` (absolute), None for a hidden one."""
    return None if folder.name.startswith(".") else copy_of(folder, game)


def _played_from(ctx: click.Context) -> Path | None:
    """The games folder the config or --games-dir (WTG_GAMES_DIR) names, unchecked; None
    when neither is given."""
    given = (ctx.obj or {}).get("games_dir")
    if given:
        return Path(given)
    return None if config_path(ctx) is None else gm_config(ctx).games_dir


def not_a_game_folder(given: str, path: Path) -> str | None:
    """Why ``path`` (GAME_DIR ``given``, a folder without game.yaml) is no game, when it is
    another folder of a host: a games folder (the games in it named), or a folder inside a
    game's (``turns/0003``: the game named). None for any other folder."""
    for folder in path.absolute().parents:
        if (folder / "game.yaml").is_file():
            return (
                f"{given} is a folder inside the game {folder.name} ({folder}), not a game's "
                f"folder: give the game ({folder.name}, or its folder {folder})"
            )
    names = [folder.name for folder in scan_games(path).folders]
    if not names:
        return None
    more = f" and {len(names) - SHOWN_GAMES} more" if len(names) > SHOWN_GAMES else ""
    return (
        f"{given} is a games folder, not a game: give one of its games by its name "
        f"({', '.join(names[:SHOWN_GAMES])}{more}), with --games-dir {given} or the config "
        "whose games_dir it is"
    )


def no_such_folder(given: str, path: Path, games_dir: Path | None) -> str:
    """Why GAME_DIR ``given`` (``path``, not there) opens no game: said with the folder it
    was looked for in, which under cron is not the GM's (a relative path, a WTG_CONFIG his
    shell exports and cron does not); the game of the games folder it may mean, by name."""
    where = f"no game folder {path.absolute()}"
    if not path.is_absolute():
        where += f" ({given} from the current folder {Path.cwd()})"
    if games_dir is not None and (games_dir / path.name / "game.yaml").is_file():
        return (
            f"{where}: did you mean the game {path.name} of the games folder? Give its name "
            f"alone ({path.name})"
        )
    if games_dir is not None and _in_folder(path, games_dir):  # a typo of a game's folder
        return f"{where}: {no_such_game(games_dir, path.name)}"
    if games_dir is None and os.sep not in given:
        return without_config(
            f"{where}, and no games folder to look {given!r} up in: give --config FILE (or "
            "--games-dir); cron and systemd do not see a WTG_CONFIG your shell exports"
        )
    return f"{where}: give a game's name (with --config) or its folder"


def _in_folder(path: Path, folder: Path) -> bool:
    """Whether ``path`` (not there) would be directly in ``folder``."""
    return same_file(path.absolute().parent, folder)


SHOWN_GAMES = 10


def _option_named(word: str) -> str | None:
    """The option of the command running whose long name is ``word`` with its dashes lost
    or one of them (``due``, ``-due``: ``--due``), or None."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return None
    wanted = f"--{word.lstrip('-')}"
    opts = {opt for param in ctx.command.params for opt in param.opts if opt.startswith("--")}
    return wanted if wanted in opts and word != wanted else None


def no_such_game(games_dir: Path, name: str) -> str:
    """Why ``name`` names no game of ``games_dir``: the game meant when only the case is
    wrong, else the games there are (the first few)."""
    where = f"no game {name!r} in the games folder {games_dir.absolute()}"
    meant = name_taken(games_dir, name)
    if meant is not None and (games_dir / meant / "game.yaml").is_file():
        return f"{where}: did you mean {meant}? (a game's name is lower case)"
    bare = name.strip()
    if bare != name and (games_dir / bare / "game.yaml").is_file():
        return f"{where}: did you mean {bare}? (the name given has a space at an end)"
    option = _option_named(name)
    if option is not None:  # `wtg run-turn due`: the dashes lost
        return f"{where}: did you mean the option {option}? (a word without dashes is a game)"
    names = [folder.name for folder in scan_games(games_dir).folders]
    waiting = list_of_host(games_dir, name)
    if waiting is not None:  # `wtg status wok4`: a list's name, not a game's
        where += f": {waiting.name} is a waiting list, not a game"
        shows = "`wtg lists` shows it and who waits on it"
        made = [n for n in names if n.startswith(f"{waiting.name}-")]
        if waiting.closed is not None:
            shows = "it is closed; `wtg lists` shows it"
        games = f"; the games made from it: {', '.join(made[:SHOWN_GAMES])}" if made else ""
        return f"{where} ({shows}{games})"
    if not names:
        return f"{where}, which has no game yet (`wtg new-game` makes one)"
    more = f" and {len(names) - SHOWN_GAMES} more" if len(names) > SHOWN_GAMES else ""
    shown = ", ".join(names[:SHOWN_GAMES])
    close = close_names(name, names)  # `tset1`; `test3`: test1 and test2, as close
    if close:
        where += f": did you mean {either(close)}?"
    return f"{where} (its games: {shown}{more}; `wtg status` gives a line for each)"


@click.group(cls=WtgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--config",
    envvar="WTG_CONFIG",
    metavar="FILE",
    help="The host's config file, made by `wtg init` (default: the environment variable "
    f"WTG_CONFIG; a leading ~ is your home folder). A folder given: the {CONFIG_NAME} in it.",
)
@click.option(
    "--games-dir",
    envvar="WTG_GAMES_DIR",
    metavar="DIR",
    help="Where bare game names are looked up (default: the environment variable "
    "WTG_GAMES_DIR, else the config's games_dir).",
)
@click.version_option(package_name="wtg", message="wtg %(version)s")
@click.pass_context
def main(ctx: click.Context, config: str | None, games_dir: str | None) -> None:
    """wtg: a play-by-mail turn generator.

    A new host: `wtg init DIR`, then `export WTG_CONFIG=DIR/wtg.yaml` (or --config
    DIR/wtg.yaml on each command) and `wtg check-config`; docs/gm.md, "A new GM's first
    day", goes on from there. `wtg COMMAND --help` says what a command does; its GAME_DIR
    is a game's name (looked up in the games folder) or the path of a game's folder."""
    # a ~ the shell did not expand (WTG_CONFIG=~/... in a crontab or a systemd unit, a
    # quoted --config '~/...') is the home folder, as in the config's own paths
    if config:  # the folder of a host given for its config: the config in it
        config = os.path.expanduser(config)
        found = config_in(Path(config))
        config = os.fspath(found) if found != Path(config) else config
    ctx.obj = {
        "config": config,
        "games_dir": os.path.expanduser(games_dir) if games_dir else games_dir,
    }


def note_cut_short(game: Any) -> None:
    """A note on stderr of what a writer killed midway left half done (``Game.cut_short``):
    the game a command that reads it shows (`wtg state`, `map`, `report`, `topten`) is not
    the one its next writer leaves. On stderr: what it prints stays as it was (JSON)."""
    try:
        cut = game.cut_short()
    except WtgError as error:
        cut = [str(error)]
    name = game.config.game
    for line in cut:
        tell(
            printable(
                f"wtg: note: game {name}: {line}: what is shown here may change once the next "
                f"command on the game finishes it (`{shell_command('wtg', 'status', name)}` says "
                "what finishes it)"
            ),
            err=True,
        )
