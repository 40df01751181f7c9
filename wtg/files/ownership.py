"""Files of the host that another user owns.

Every file and folder of a host is its owner's alone (0600 and 0700, ``wtg.files.private``).
A command run once as another user (``sudo wtg run-turn g1 --now`` on an older wtg, a
``cp -a`` or a restore as root) leaves files the host's own user may not read or write,
and every later run of his cron meets "Permission denied". ``owner_line`` turns such an
error into one line that names the file, its owner, who wtg runs as, and the ``chown``
that gives the host back.

A file or folder of the host's own user may keep him out too: a ``chmod 000`` (or ``chmod
-R go-rwx`` typed as ``chmod -R a-rwx``), a copy that kept no modes. Then the line names it,
its mode, and the ``chmod`` that gives its owner back what wtg needs (``closed_to_owner``);
before, it said "[Errno 13] Permission denied" and no more, and the poll named no file.
"""

from __future__ import annotations

import os
import pwd
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from wtg.files.gamesfolder import SPOOL
from wtg.text.shellcommand import shell_command


def user_name(uid: int) -> str:
    """The login name of ``uid``, or ``the user N`` when it has none."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"the user {uid}"


SUDO_PATH = (Path("/usr/sbin"), Path("/usr/bin"), Path("/sbin"), Path("/bin"))
"""The folders every sudo's ``secure_path`` holds (Debian's adds /usr/local/bin, Red
Hat's does not): a wtg in one of them is found by ``sudo -u NAME wtg``."""


def running_wtg() -> str:
    """The running wtg as a command another user gives under sudo: ``wtg`` when sudo's
    PATH finds it (``SUDO_PATH``), else its full path (a venv's ``/opt/wtg/.venv/bin/wtg``,
    which sudo's ``secure_path`` leaves out: ``sudo -u wtg wtg`` said "command not found"),
    or ``PYTHON -m wtg`` for a ``python -m wtg``. Plain ``wtg`` when the program running
    is none of these (wtg called from other Python code)."""
    given = sys.argv[0] if sys.argv else ""
    if not given:
        return "wtg"
    program = Path(os.path.abspath(given))
    if program.resolve() == Path(__file__).resolve().parents[1] / "__main__.py":
        return shell_command(sys.executable, "-m", "wtg")
    if program.name != "wtg" or not program.is_file():
        return "wtg"
    if program.parent in SUDO_PATH:
        return "wtg"
    return shell_command(os.fspath(program))


def owned_by_another(path: Path) -> tuple[Path, int] | None:
    """The path at or above ``path`` that stopped this process and the other user who owns
    it: the first of them this process may look at, when it is not its own. None when it
    is its own (a mode the owner set) or nothing there can be looked at."""
    me = os.geteuid()
    for candidate in (path, *path.parents):
        try:
            owner = os.stat(candidate).st_uid
        except OSError:  # not there (a file to be made), or in a folder it may not search
            continue
        return (candidate, owner) if owner != me else None
    return None


OWNER_NEEDS_FOLDER = stat.S_IRWXU
"""What wtg needs of a folder of the host: to list it, make files in it and pass through it."""
OWNER_NEEDS_FILE = stat.S_IRUSR | stat.S_IWUSR
"""What wtg needs of a file of the host: to read it and write it."""


def closed_to_owner(path: Path) -> Path | None:
    """The outermost file or folder at or above ``path`` that is this process's own and
    whose mode keeps its owner from what wtg needs of it (``OWNER_NEEDS_FOLDER``, and of
    ``path`` itself ``OWNER_NEEDS_FILE``); None when there is none that can be looked at."""
    me = os.geteuid()
    for candidate in (*reversed(path.parents), path):
        try:
            found = os.stat(candidate)
        except OSError:  # beneath a folder closed to us (found above), or not there yet
            return None
        if found.st_uid != me:
            continue
        folder = stat.S_ISDIR(found.st_mode)
        if folder and found.st_mode & OWNER_NEEDS_FOLDER != OWNER_NEEDS_FOLDER:
            return candidate
        if (
            candidate == path
            and not folder
            and found.st_mode & OWNER_NEEDS_FILE != OWNER_NEEDS_FILE
        ):
            return candidate
    return None


def mode_note(path: Path) -> str | None:
    """What to say of a refusal on ``path`` when a file or folder of this user's keeps him
    out (``closed_to_owner``): which, its mode and the ``chmod`` that opens it to its owner
    alone (a folder's whole games folder, ``-R``, for what a folder closed to him hides may
    be closed too); None when no mode is the cause."""
    culprit = closed_to_owner(path)
    if culprit is None:
        return None
    found = os.stat(culprit)
    mode = stat.S_IMODE(found.st_mode)
    if stat.S_ISDIR(found.st_mode):
        fix = shell_command("chmod", "-R", "u+rwX", os.fspath(games_folder_of(culprit) or culprit))
    else:
        fix = shell_command("chmod", "u+rw", os.fspath(culprit))
    return (
        f"{culprit} is mode {mode:04o}, closed to its owner, {user_name(os.geteuid())}, whom "
        f"wtg runs as (a chmod, or a copy that kept no modes, made it so?): run `{fix}` (it "
        "opens nothing to anyone else)"
    )


def games_folder_of(path: Path) -> Path | None:
    """The games folder ``path`` is in: the folder above it that holds the mail spool."""
    for folder in path.parents:
        try:
            if (folder / SPOOL).is_dir():
                return folder
        except OSError:
            continue
    return None


def owner_line(exc: BaseException) -> str | None:
    """``exc``, a refusal of the file system on a path another user owns, as one line: the
    path, the file or folder that belongs to the other user, and the ``chown`` to run
    (on the games folder when the path is in one); on a path of this user's whose mode
    keeps him out, that file or folder, its mode and the ``chmod`` to run. None for any
    other error."""
    note = owner_note(exc)
    if note is None or not isinstance(exc, OSError):
        return None
    return f"{os.fsdecode(exc.filename)}: {exc.strerror or 'Permission denied'}: {note}"


def root_on_anothers(folder: Path, what: str, as_user: Callable[[str], str]) -> str | None:
    """Why root is refused ``folder`` (``what``: "the games folder", ...), which another
    user owns (a host its service user runs, or one unpacked from another machine's tarball
    as root, which keeps its owner's number): what root writes there (0600, as every file of
    a host) only root could read, and the host's own runs would fail on it. ``as_user``
    gives the command as that user (``sudo -u OWNER wtg ...``). None when this process is
    not root, the folder is root's, or it cannot be looked at."""
    if os.geteuid() != 0:
        return None
    owner = owner_of(folder)
    if owner is None or owner == 0:
        return None
    name = user_name(owner)
    return (
        f"{what} {folder.absolute()} belongs to {name}, and wtg runs as root here: run it as "
        f"{name} ({as_user(name)}), or what root writes there would be root's alone, "
        "and the host's own runs would fail on it"
    )


def owner_of(path: Path) -> int | None:
    """The uid that owns ``path``; None when it cannot be looked at."""
    try:
        return os.stat(path).st_uid
    except OSError:
        return None


def wrong_user_note(path: Path, owner: int) -> str:
    """What to say when ``path``, and the host it is of, belong to another user who is not
    root: the host is his (its service, its cron run as him), and this command was run as
    the wrong user (another login's crontab, a shell of another user). A ``chown`` to this
    user would take the host from its own runs: the command is to be run as its owner."""
    name = user_name(owner)
    return (
        f"{path} belongs to {name}, whose host this is, and wtg runs as "
        f"{user_name(os.geteuid())}: run wtg as {name} (`{shell_command('sudo', '-u', name)} "
        f"{running_wtg()} ...`, "
        f"or from {name}'s crontab), and change no owner"
    )


def owner_note(exc: BaseException) -> str | None:
    """``owner_line`` without the path and the error: whose the file is and what to run."""
    if not isinstance(exc, PermissionError) or exc.filename is None:
        return None
    path = Path(os.fsdecode(exc.filename))
    found = owned_by_another(path)
    if found is None:
        return mode_note(path)
    culprit, owner = found
    me = user_name(os.geteuid())
    whole = games_folder_of(culprit) or culprit
    if owner != 0 and owner_of(whole) == owner:  # the host is his: wtg runs as the wrong user
        return wrong_user_note(culprit, owner)
    typed = shell_command("chown", "-R", me, str(whole))
    return (
        f"{culprit} belongs to {user_name(owner)}, and wtg runs as {me} (a command run as "
        f"{user_name(owner)}, or by sudo, made it?): run `{typed}` as root"
    )
