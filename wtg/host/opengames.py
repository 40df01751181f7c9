"""Game data others on the machine may read: the games folder, its mail spool, the lobby's
book, a game's folder or its game.yaml (the players' secret codes and addresses) with a
bit of group or others set, as a folder made or a file copied by hand leaves it (wtg makes
them 0700 and 0600: ``wtg.files.private``). `wtg check-config` says which, and the chmod
that mends it, as it does for a password file (``wtg.host.config.loose_password_files``)."""

from __future__ import annotations

from pathlib import Path

from wtg.files.gamesfolder import SPOOL
from wtg.files.paths import subfolders
from wtg.files.private import SHARED_BITS
from wtg.text.shellcommand import shell_command

GAME_FILE = "game.yaml"
BOOK_FOLDER = ".people"
BOOK_FILE = "people.sqlite"


def open_game_data(games_dir: Path) -> list[str]:
    """A line for the games folder and its spool, and one for each game (its folder, its
    game.yaml or both), when group or others may use it; none for what cannot be looked
    at (check-config says so of the games folder on its own line)."""
    lines = []
    for folder, what in ((games_dir, "the games folder"), (games_dir / SPOOL, "the mail spool")):
        mode = _mode(folder)
        if mode is not None and mode & SHARED_BITS:
            lines.append(
                f"{what} {folder} is mode {mode:04o}: others on this machine can look into it "
                "(the players' codes and addresses); make it the GM's alone: "
                f"{shell_command('chmod', '700', str(folder))}"
            )
    book = _open_book(games_dir / BOOK_FOLDER)
    if book is not None:
        lines.append(book)
    try:
        names = subfolders(games_dir)
    except OSError:
        return lines
    for name in names:
        line = _open_game(games_dir / name)
        if line is not None:
            lines.append(line)
    return lines


def all_at_once(games_dir: Path, lines: list[str]) -> str | None:
    """One line for the ``lines`` of ``open_game_data`` when there are several: a host
    copied by a means that kept no modes (a tarball made elsewhere, ``rsync -r``) opens
    every game and the spool, a line and a chmod each, twenty for twenty games (gmtrial43),
    where one command mends them all. None for one line or none."""
    if len(lines) < 2:
        return None
    return (
        f"the games folder {games_dir}: the {len(lines)} lines above name what in it others "
        "on this machine may use (a copy that kept no modes?): one command makes all of it "
        f"the GM's alone: {_private(games_dir)}"
    )


def _open_game(folder: Path) -> str | None:
    """A line when the game's folder or its game.yaml is open to group or others; None
    when neither is, or the folder holds no game."""
    config = folder / GAME_FILE
    file_mode = _mode(config)
    if file_mode is None:
        return None
    folder_mode = _mode(folder)
    said = [
        f"{what} is mode {mode:04o}"
        for what, mode in (("its folder", folder_mode), (GAME_FILE, file_mode))
        if mode is not None and mode & SHARED_BITS
    ]
    if not said:
        return None
    can = (
        "can read the players' codes and addresses"
        if file_mode & SHARED_BITS
        else "can look into it (its reports, orders and mails)"
    )
    return (
        f"game {folder}: {' and '.join(said)}: others on this machine {can}; make it the "
        f"GM's alone: {_private(folder)}"
    )


def _open_book(folder: Path) -> str | None:
    """A line when the lobby's book (the waiting lists' players, their addresses and
    confirmation codes) or its folder is open to group or others, as a host moved with a
    tar that kept no modes leaves it; None when neither is, or there is no book. Before,
    check-config named the spool and the games but not the book."""
    file_mode, folder_mode = _mode(folder / BOOK_FILE), _mode(folder)
    said = [
        f"{what} is mode {mode:04o}"
        for what, mode in (("its folder", folder_mode), (BOOK_FILE, file_mode))
        if mode is not None and mode & SHARED_BITS
    ]
    if not said:
        return None
    return (
        f"the lobby's book {folder}: {' and '.join(said)}: others on this machine can read the "
        f"players' addresses and codes; make it the GM's alone: {_private(folder)}"
    )


def _mode(path: Path) -> int | None:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return None


def _private(folder: Path) -> str:
    """The command that makes ``folder`` and all in it the GM's alone, as a shell takes it
    pasted whole (a folder named with a space: ``'/home/ann/my games'``)."""
    return shell_command("chmod", "-R", "go-rwx", str(folder))
