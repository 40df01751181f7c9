"""The games directory: one scan finds its games for `status`, `run-turn --due`, `poll`,
`send`, `remind` and `ratings`, with one policy for a folder it cannot use.

A folder is a game when it holds ``game.yaml``; hidden folders (the mail spool
``.mail``), links to another game folder of it and anything else are passed over in
silence. A game folder that cannot be
looked into or opened (a ``game.yaml`` that cannot be read or makes no sense, a ruleset
this wtg does not know) is reported, with its folder and why, and skipped; the other
games go on.

A game is played from one folder. A GM who copies a game's folder inside the games folder
(``cp -r games/g1 games/g1-backup`` before a risky step) makes a second folder that says
it is game g1: run, mailed and put on the site as g1, it would run turns of its own, send
the players its reports, or hide the real game's (``send`` found one g1). The folder
named as its game is that game; a folder that names another folder's game is a copy,
reported and skipped (``open_listed``). A folder the GM renamed is still its game while
no other folder names it.

A copy is told from another game of the same name by what a game is made with and a copy
shares, whatever its file times (``cp -a`` keeps them, a restore from a backup too): its turn
0's moment and seed (``made_as``). A folder named as the game that holds another game (one
of another name, renamed there; or another game of that name, made apart) is not the
original of the folder that names it: the first is no reason to refuse it, the second is
said as what it is, never as a copy the GM might delete.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from wtg.core.errors import GameError, WtgError
from wtg.core.record import Record
from wtg.files.diskspace import disk_full, written
from wtg.files.gamesfolder import SPOOL
from wtg.files.ownership import owner_line
from wtg.files.paths import folder_identity, same_file, subfolders
from wtg.files.sqlitewait import cannot_use, kept_busy
from wtg.files.store import TURN_META, GameStore, StoreError
from wtg.files.writefailed import write_refused
from wtg.game.engine import Game, open_game
from wtg.game.schedule import moment_text, parse_iso
from wtg.gm.gamestatus import game_status
from wtg.text.closename import close_names, either

GAME_FILE = "game.yaml"


class Unreadable(Record):
    """A game folder the scan could not use, and why."""

    folder: Path
    reason: str
    failed: str = "cannot be read"
    """What could not be done with it: read, or ``WRITTEN`` (``unusable``)."""

    def line(self) -> str:
        return f"{self.folder}: {self.failed}, skipped: {self.reason}"


WRITTEN = "cannot be written"
"""What a game folder whose files could be read, but not written, is said as."""


def unusable(folder: Path, exc: BaseException) -> Unreadable:
    """``folder``, a game folder that met ``exc``, and why: said as one that cannot be
    written when the file system refused a write (``writefailed``), else as unreadable."""
    failed = WRITTEN if write_refused(exc) else "cannot be read"
    return Unreadable(folder, failure_reason(exc), failed)


class GamesScan(Record):
    """The game folders of a games directory, in name order, and those it could not use."""

    folders: tuple[Path, ...]
    unreadable: tuple[Unreadable, ...] = ()

    def games(self, shown: Callable[[str], str] = moment_text) -> Iterator[Game | Unreadable]:
        """Each folder's game, opened, in name order; an Unreadable for each folder that
        cannot be opened (and, first, for those the scan could not look into). ``shown``:
        how a reason says a moment (`--json` keeps the files' ISO)."""
        yield from self.unreadable
        for folder in self.folders:
            try:
                yield open_listed(folder, shown)
            except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
                yield Unreadable(folder, failure_reason(exc))


class CopyOfGame(GameError):
    """A folder of the games folder that names the game of another folder (a copy)."""


def open_listed(folder: Path, shown: Callable[[str], str] = moment_text) -> Game:
    """The game of ``folder``, a folder of the games folder; ``CopyOfGame`` when another
    folder of the games folder is that game's (``copy_of``, its moments said by ``shown``)."""
    game = open_game(folder)
    reason = copy_of(folder, game.config.game, shown)
    if reason is not None:
        raise CopyOfGame(reason)
    return game


def copy_of(folder: Path, game: str, shown: Callable[[str], str] = moment_text) -> str | None:
    """Why ``folder``, whose game.yaml says ``game: <game>``, is not that game's folder:
    a folder of that name (but for case) holds a game, or another folder renamed from it
    says the same game. None when it is the game's folder (named so, or the only one).
    ``shown``: how it says the moments the two turns 0 ran at."""
    if folder.name == game:
        return None
    games_dir = folder.parent
    wanted = game.casefold()
    try:
        names = sorted(os.listdir(games_dir))
    except OSError:
        return None  # the scan that found it says why the folder cannot be listed
    named = [n for n in names if n.casefold() == wanted and n != folder.name]
    named = [n for n in named if (games_dir / n / GAME_FILE).is_file()]
    named = [n for n in named if _says(games_dir / n, wanted) is not False]
    if named:
        original = games_dir / named[0]
        if same_file(folder, original):
            return None  # a link to the game's folder (or one it links to) is the game
        ours, theirs = made_as(folder), made_as(original)
        if ours is None or theirs is None or ours == theirs:
            return f"a copy of {original} (its game.yaml says game: {game}). {COPIES}"
        return (
            f"{NAMESAKE} {game} as {original} is, not a copy of it (its turn 0 ran at "
            f"{shown(ours[0])}, that one's at {shown(theirs[0])}): the players' mail for "
            f"{game} goes to {original}, and a game keeps the name it was made with. {NAMESAKES}"
        )
    if folder.name.casefold() == wanted:
        return None
    renamed = [n for n in names if n != folder.name and _says(games_dir / n, wanted) is True]
    if renamed:
        return (
            f"its game.yaml says game: {game}, as that of {games_dir / renamed[0]} does, and "
            f"no folder is named {game}: neither is used until one is moved out. {COPIES}"
        )
    return None


COPIES = (
    "A copy of a game is kept outside the games folder, or in a folder whose name starts "
    "with '.'; a new game is made with `wtg new-game`."
)


NAMESAKE = "another game named"
"""How ``copy_of``'s reason for another game of the same name (not a copy) begins."""
NAMESAKES = (
    "Two games of one name are played from two games folders; one kept out of play is kept "
    "in a folder whose name starts with '.'."
)


def made_as(folder: Path) -> tuple[str, int] | None:
    """What a game is made with and every copy of its folder shares, another game made apart
    not: the moment its turn 0 ran and its seed, as turn 0's ``turn.json`` says them (a
    rollback to turn 0 keeps both). None when they cannot be read (no turn 0, a file edited
    into something else): then nothing tells the game from a copy."""
    try:
        meta = json.loads((GameStore(folder).turn_dir(0) / TURN_META).read_text(encoding="utf-8"))
        ran, seed = meta["ran_at"], meta["seed"]
        parse_iso(ran)
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(seed, int) or isinstance(seed, bool):
        return None
    return ran, seed


def _says(folder: Path, wanted: str) -> bool | None:
    """Whether ``folder`` is a game folder whose game is ``wanted`` (lower case); None for a
    game folder that does not open (the scan names it), whose game cannot be told."""
    if folder.name.startswith(".") or not (folder / GAME_FILE).is_file():
        return False
    try:
        return open_game(folder).config.game.casefold() == wanted
    except Exception:  # a folder that does not open is no game's: the scan names it
        return None


def folders_saying(games_dir: Path, name: str) -> list[Path]:
    """Every folder of ``games_dir`` (hidden ones aside, as the scan leaves them) whose
    game.yaml has a line ``game: <name>`` (case aside), read as text: a game whose file
    does not open (a slip the GM has yet to mend) still holds its name."""
    return holders_of(games_dir, name)[0]


def holders_of(games_dir: Path, name: str) -> tuple[list[Path], list[Unreadable]]:
    """``folders_saying``, and beside it the folders of ``games_dir`` whose game.yaml (or
    the folder itself) could not be read, with why: any of them may hold the game ``name``,
    and a refusal that says no folder holds it says so of the folders it could read."""
    scan = scan_games(games_dir)
    found: list[Path] = []
    unread: list[Unreadable] = list(scan.unreadable)
    for folder in scan.folders:
        try:
            text = (folder / GAME_FILE).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            unread.append(Unreadable(folder / GAME_FILE, failure_reason(exc)))
            continue
        if any(_game_said(line) == name.casefold() for line in text.splitlines()):
            found.append(folder)
    return found, unread


def _game_said(line: str) -> str | None:
    """The game a line of a game.yaml names (``game: g1``, ``GAME: "g1"  # ...``), in
    lower case; None for a line of another key (or an indented one)."""
    key, colon, value = line.partition(":")
    if not colon or key.casefold() != "game":
        return None
    said = value.split("#", 1)[0].strip()
    if len(said) >= 2 and said[0] in "\"'" and said[-1] == said[0]:
        said = said[1:-1]
    return said.casefold()


def folder_problem(path: Path) -> str | None:
    """What keeps ``path`` from being a folder wtg can look into, in words that follow the
    path (``does not exist``, ``is a file, not a folder``, ...); None when it is one. Never
    creates anything: a games folder that is not there is a GM's typo more often than a
    new host (``wtg init`` makes one)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "does not exist"
    except NotADirectoryError:
        return "does not exist (a part of its path is a file, not a folder)"
    except OSError as exc:
        return f"cannot be looked at: {exc.strerror or exc}"
    if not stat.S_ISDIR(mode):
        return "is a file, not a folder"
    try:
        with os.scandir(path) as entries:
            next(entries, None)
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    return None


RESTORED = ".restored"
"""Where `wtg restore` puts the config and the manifest of the backup it came from."""
RESTORING = ".restoring"
"""Where `wtg restore` unpacks before it moves the folders into place: the mark of a
games folder under restore (or whose restore was cut short)."""


def restore_under_way(folder: Path) -> str | None:
    """Why no command may run on the games folder ``folder``: it holds a restore under way
    or cut short (what a poll or a send wrote there, a spool of its own, stopped the
    restore, and a restore given again removes it, the mail it filed with it); None when
    it holds none."""
    if not (folder / RESTORING).is_dir():
        return None
    return (
        f"is being restored, or its restore was cut short (it holds {RESTORING}): no command "
        "runs on it until wtg restore has finished; if none runs now, give the same `wtg "
        f"restore FILE --games-dir {folder.absolute()}` again"
    )


def games_folder_slip(folder: Path, configured: bool = False) -> str | None:
    """Why ``folder``, a folder given as the games folder, is another folder of a host, in
    words that follow the path: a game's folder (it holds game.yaml), or the folder above
    the games folder (the host's, where `wtg init` put wtg.yaml: it holds no game, and a
    folder in it holds games or the mail spool); None when it may be the games folder.
    Taken as the games folder, either holds no game: every poll, turn and mail of the host
    stopped without a word (`status`: "no games in ..."), and a poll on a mail server held
    every player's mail in a spool of its own. ``configured``: ``folder`` is a config's
    games_dir, and one that holds neither a game nor a mail spool (no host ever ran on it:
    `wtg init` makes the spool) beside a folder that holds a host's games is a slip too
    (``_beside_a_host``)."""
    folder = folder.absolute()
    if (folder / GAME_FILE).is_file():
        return (
            f"is the folder of the game {folder.name}, not the games folder that holds it "
            f"(did you mean {folder.parent}?)"
        )
    try:
        inner = subfolders(folder)
    except OSError:
        return None
    if any((folder / name / GAME_FILE).is_file() for name in inner):
        return None
    meant = next(
        (
            folder / name
            for name in inner
            if (folder / name / SPOOL).is_dir() or scan_games(folder / name).folders
        ),
        None,
    )
    if meant is None:
        return _beside_a_host(folder, inner) if configured else None
    return f"holds no game, and {meant} holds a host's games (did you mean {meant}?)"


def _beside_a_host(folder: Path, inner: list[str]) -> str | None:
    """Why ``folder`` (``inner``: its folders), a config's games_dir, is a slip: it holds
    no game and no mail spool, no host ever ran on it, while a folder beside it holds a
    host's games (games_dir edited at 2 a.m. to an empty folder that was there, `games2`
    for `games`): every poll, turn and send ran on it without a word, the players' mail
    left in the other's inbox. None otherwise."""
    if inner or (folder / SPOOL).exists() or (folder / RESTORED).exists():
        return None
    try:
        names = subfolders(folder.parent)
    except OSError:
        return None
    hosts = [
        str(folder.parent / name)
        for name in names
        if name != folder.name and _holds_games(folder.parent / name)
    ]
    if not hosts or len(hosts) > 3:
        return None
    one = len(hosts) == 1
    return (
        "holds no game and no mail spool (no host has run on it: `wtg init` makes the "
        f"spool), and {either(hosts)} beside it hold{'s' if one else ''} a host's games (did "
        f"you mean {'it' if one else 'one of them'}?)"
    )


def folder_meant(path: Path, games: bool = False) -> str | None:
    """The folder beside ``path`` (which is not there) that the GM may have meant, in
    words: its name with the spaces around it gone (``games_dir: "games "``), or the names
    close to it (``gmaes``, ``wtg.text.closename``); ``games``, ``path`` being a games
    folder: else those beside it that hold a host's games (the folder moved or renamed,
    ``games_dir`` left as it was); None when there is none."""
    variable = _variable_meant(path)
    if variable is not None:
        return variable
    path = path.absolute()
    try:
        with os.scandir(path.parent) as entries:
            names = [e.name for e in entries if e.is_dir() and not e.name.startswith(".")]
    except OSError:
        return None
    name = path.name
    if name.strip() != name and name.strip() in names:
        return (
            f"its name {name!r} has a space at an end: did you mean {path.parent / name.strip()}?"
        )
    close = [str(path.parent / meant) for meant in close_names(name, names)]
    if close:
        return f"did you mean {either(close)}?"
    if not games:
        return None
    hosts = [
        str(path.parent / other) for other in sorted(names) if _holds_games(path.parent / other)
    ]
    if not hosts or len(hosts) > 3:
        return None
    which = "which holds a host's games" if len(hosts) == 1 else "each holding a host's games"
    return f"did you mean {either(hosts)}, {which}?"


def host_folders_above(path: Path) -> list[tuple[Path, str]]:
    """The folders above ``path`` that are a host's games folder (its mail spool in it) or
    a game's folder (its game.yaml), nearest first, each with what it is in words."""
    found: list[tuple[Path, str]] = []
    for above in path.absolute().parents:
        if (above / GAME_FILE).is_file():
            found.append((above, f"the folder of the game {above.name}"))
        elif (above / SPOOL).is_dir():
            found.append((above, "a host's games folder"))
    return found


def _holds_games(folder: Path) -> bool:
    """Whether ``folder`` is a host's games folder: its mail spool, or a game, in it."""
    try:
        return (folder / SPOOL).is_dir() or bool(scan_games(folder).folders)
    except OSError:
        return False


def _variable_meant(path: Path) -> str | None:
    """A ``$HOME`` (or ``${HOME}``) in ``path``, which a config does not expand (a line
    copied from a shell script), in words with the folder it holds when that is one; None
    when ``path`` holds no variable."""
    raw = str(path)
    found = re.search(r"\$(\{\w+\}|\w+)", raw)
    if found is None:
        return None
    start = raw.rfind(os.sep, 0, found.start()) + 1
    expanded = Path(raw[:start]) / os.path.expandvars(raw[start:])
    said = f"a config expands no variable, {found.group(0)} here"
    if "$" not in str(expanded) and expanded.is_dir():
        return f"{said}: did you mean {expanded}?"
    return f"{said}: write the folder's path (~ for your home is taken)"


def name_taken(games_dir: Path, name: str) -> str | None:
    """The name of a folder of ``games_dir`` that is ``name`` but for case (mail names a
    game in any case: two such games could not be told apart); None when there is none."""
    wanted = name.casefold()
    return next((n for n in sorted(os.listdir(games_dir)) if n.casefold() == wanted), None)


def renamed_game(games_dir: Path, name: str) -> Path | None:
    """The folder of ``games_dir`` that is game ``name`` under another folder name (the GM
    renamed it): the only folder whose game.yaml says ``game: <name>``; None when no folder
    says it, or when two do (neither is the game then: ``copy_of``)."""
    if name != name.casefold():
        return None  # a game's name is lower case: `no_such_game` says which one is meant
    found = [
        folder
        for folder in scan_games(games_dir).folders
        if folder.name != name and _says(folder, name) is True
    ]
    taken = name_taken(games_dir, name)  # a game's folder of that name but for case
    if len(found) != 1 or (taken is not None and (games_dir / taken / GAME_FILE).is_file()):
        return None  # (what ``copy_of`` would find, without opening every game again)
    return found[0]


def game_elsewhere(games_dir: Path, name: str) -> Path | None:
    """The folder of ``games_dir`` whose game is ``name`` when the folder named ``name``
    holds another game (its game.yaml says ``game: g02``: two folders swapped, or one renamed
    over the name): the only other folder whose game is ``name``, as the poll files the
    mail for ``name`` there. None when the folder named ``name`` holds that game (or says
    none that can be read: opening it says why), for a link (a name the GM gave a game on
    purpose), and when no other folder, or two, hold it (``another_game``'s refusal says
    so)."""
    folder = games_dir / name
    said = game_said_in(folder)
    if name.startswith(".") or said is None or said == name.casefold() or folder.is_symlink():
        return None
    found = [folder for folder in folders_saying(games_dir, name) if folder.name != name]
    return found[0] if len(found) == 1 else None


def game_said_in(folder: Path) -> str | None:
    """The game ``folder``'s game.yaml names (lower case), read as text; None when it has
    none, or none that can be read."""
    try:
        text = (folder / GAME_FILE).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return next((said for said in map(_game_said, text.splitlines()) if said), None)


def scan_games(games_dir: Path) -> GamesScan:
    """The games of ``games_dir`` (none when it does not exist)."""
    if not games_dir.is_dir():
        return GamesScan(())
    try:
        entries = sorted(games_dir.iterdir())
    except OSError as exc:
        return GamesScan((), (Unreadable(games_dir, failure_reason(exc)),))
    folders: list[Path] = []
    unreadable: list[Unreadable] = []
    for path in entries:
        if path.name.startswith("."):
            continue
        try:
            if (path / GAME_FILE).is_file():
                folders.append(path)
        except OSError as exc:  # a folder wtg may not look into
            unreadable.append(Unreadable(path, failure_reason(exc)))
    return GamesScan(tuple(_without_links_to_others(folders)), tuple(unreadable))


def _without_links_to_others(folders: list[Path]) -> list[Path]:
    """``folders`` but the links to another of them (``ln -s g1 games/current``, for a
    GM's scripts): the same game, passed over in silence, as a hidden folder is; listed,
    it was named a copy of its own game, and `wtg status` exited 1 for it at every run.
    Of several links to one folder outside (``games/g1`` and ``games/current`` to
    ``/srv/g1``) one is the game: the one named as that folder, else the first."""
    links = [folder for folder in folders if folder.is_symlink()]
    if not links:
        return folders
    real = {os.path.realpath(folder) for folder in folders if folder not in links}
    kept: dict[str, Path] = {}  # a folder outside: the link that is its game
    for link in links:
        target = os.path.realpath(link)
        if target not in real and (target not in kept or link.name == Path(target).name):
            kept[target] = link
    chosen = set(kept.values())
    return [f for f in folders if f not in links or f in chosen]


def open_games(games_dir: Path) -> tuple[list[Game], list[Unreadable]]:
    """The games of ``games_dir`` that open, and the folders that do not, with why."""
    games: list[Game] = []
    unreadable: list[Unreadable] = []
    for found in scan_games(games_dir).games():
        if isinstance(found, Unreadable):
            unreadable.append(found)
        else:
            games.append(found)
    return games, unreadable


def games_unreadable(games_dir: Path) -> list[Unreadable]:
    """The game folders of ``games_dir`` that the commands on every game would skip, with
    why: one that does not open (a game.yaml that does not read), and one whose latest turn
    does not read with its game.yaml (a player's entry deleted, its ruleset changed), as
    `wtg status` looks at each (``game_status``)."""
    found: list[Unreadable] = []
    for game in scan_games(games_dir).games():
        if isinstance(game, Unreadable):
            found.append(game)
            continue
        try:
            game_status(game)
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            found.append(Unreadable(game.store.root, failure_reason(exc)))
    return found


def failure_reason(exc: BaseException, games_dir: Path | None = None) -> str:
    """What went wrong, in one line: the message of an error wtg expects (a ruleset it does
    not know, a file it cannot read: on a file another user owns, who and the ``chown`` to
    run; a database's error, with what it was writing: ``diskspace.written``), the kind
    and message of any other (an error in wtg). Given ``games_dir``, an
    error of a full disk says so, with the room left (``wtg.files.diskspace``)."""
    owned = owner_line(exc)
    if owned is not None:
        return owned
    what = written(exc)  # a database's error, and what was being written in it
    waited = cannot_use(exc)  # another wtg kept a database busy past the wait
    if what is not None:
        text = f"{what} cannot be used: {exc}{kept_busy(exc)}"
    elif waited is not None:
        text = waited
    elif isinstance(exc, KeyError) and exc.args:  # UnknownRuleset: its message, unquoted
        text = str(exc.args[0])
    elif isinstance(exc, (WtgError, GameError, StoreError, OSError, ValueError)):
        text = str(exc)
    else:
        text = f"an error in wtg: {type(exc).__name__}: {exc}"
    full = disk_full(games_dir, exc) if games_dir is not None else None
    text = f"{text}: {full}" if full else text
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "; ".join(line for line in lines if line)[:500]  # a problem a line, told apart


def games_folder_moved(games_dir: Path, started: tuple[int, int] | None, who: str) -> str | None:
    """Why ``who`` (``wtg serve``), started on the games folder ``games_dir`` whose
    ``folder_identity`` was ``started``, must stop: the folder is gone, or another is in
    its place. Going on, its poll would make a new games folder (and a mail spool) of the
    old name and file the players' mail there, for no game, or serve a folder whose spool's
    locks it does not hold. None while it is the same folder."""
    now = folder_identity(games_dir)
    if now == started:
        return None
    if now is None:
        return (
            f"the games folder {games_dir} is gone (moved or removed while {who} ran): {who} "
            "stops rather than make a new one; correct games_dir in the config if it moved, "
            f"then start {who} again"
        )
    return (
        f"the games folder {games_dir} is another folder than the one {who} started on "
        f"(moved, or another put in its place, while it ran): {who} stops; start it again "
        "to serve the folder there now"
    )
