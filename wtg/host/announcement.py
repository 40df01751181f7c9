"""The GM's announcement (``wtg announce``): the text, the games it goes to and the mails it
owes are one intent, safe to give again after a kill.

The intent is a file of the mail spool, written whole before any mail is queued::

    SPOOL/announce/179542516000.json
        {"key": "179542516000", "at": "2026-11-23T09:12:40Z", "target": "g1",
         "text": "The server moves on Sunday.", "games": ["g1"]}

Then every address's mail is queued (its outbox id names the key, so queuing it again
writes nothing new), flushed to disk, and the file renamed ``KEY.queued``: the intent is
finished. A run killed anywhere in between leaves the file; the next ``announce`` of the
same text to the same target (a game's name, or ``--all``) finds it and finishes it,
queuing only the mails that are missing, to the games it named then, instead of
announcing again. While a mail of a finished one waits in the outbox's queue, the same
text to the same target is refused (the shell's arrow key: two mails a player at the
next send); once none waits (mailed, or set aside), its file goes at the next
announcement, and the same text announced again is a new announcement. All of it under
the spool's announce lock: two announcements at once wait for nothing, the second is
refused. One left cut short is shown by ``wtg status``
(``cut_short``, ``owed_line``), with the command that finishes it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path

from wtg.core.errors import MailError
from wtg.core.record import Record
from wtg.files import private
from wtg.files.filelock import exclusive
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, moment_text
from wtg.text.shellcommand import shell_command

FOLDER = "announce"
LOCK = ".announce.lock"
ALL = "--all"
"""The target of an announcement to every running game."""


class Announcement(Record):
    """The GM's text to the players of some games: its key (in every mail's outbox id), when
    it was given, to what (a game's name or ``--all``) and to which games then."""

    key: str
    at: str
    target: str
    text: str
    games: tuple[str, ...]


QUEUED = ".queued"
"""The suffix of a finished announcement's file (``KEY.queued``, its intent renamed), kept
while a mail of it waits in the outbox's queue."""
LAST_KEY = "last-key"
"""The newest announcement's key (``SPOOL/announce/last-key``): each new one is after it."""
KEY_DIGITS = 12
"""An announcement's key is twelve digits (the outbox ids' shape: twelve hex digits)."""


class StillQueued(MailError):
    """The same text to the same target as an announcement whose mails wait in the queue."""


def announce(
    spool: Path,
    target: str,
    text: str,
    games: Sequence[str],
    now: datetime,
    tell: Callable[[Announcement], int],
    waiting: Callable[[str], int],
) -> tuple[Announcement, bool, int]:
    """Announce ``text`` to the players of ``games`` (given as ``target``): ``tell`` queues
    the mails and returns how many were new. When an announcement of that text to that
    target was cut short before it was finished, that one is finished instead. Refused
    (StillQueued, nothing written) when a finished one of that text to that target has
    mails waiting in the outbox's queue (``waiting``: how many, of an announcement's key).
    Returns the announcement, whether it is new, and the mails queued."""
    folder = private.make_dirs(spool / FOLDER)
    with locked(spool):
        for stale in folder.glob(".*.json.tmp"):  # a write killed: its announcement never was
            stale.unlink()
        found = unfinished(folder, target, text)
        new = found is None
        if found is None:
            _refuse_still_queued(folder, target, text, waiting)
            at = iso(now)
            key = _new_key(folder, now)  # its own: the same text given twice is two mails
            found = Announcement(key=key, at=at, target=target, text=text, games=tuple(games))
            write_atomic(folder / f"{key}.json", _dump(found))  # the intent
        queued = tell(found)  # flushed to disk before the intent is finished
        intent = folder / f"{found.key}.json"
        if intent.exists():
            intent.replace(folder / f"{found.key}{QUEUED}")  # finished, its text kept
        return found, new, queued


def _new_key(folder: Path, now: datetime) -> str:
    """A new announcement's key: its moment in hundredths of a second, twelve digits, or the
    number after the newest key given (``LAST_KEY``) when the clock says no more than that
    (the same moment, or a clock set back). `wtg send` mails its queue in name order, so
    each player gets the GM's announcements in the order he gave them; and a key never
    names the mails of an announcement before it. Noted before its intent is written."""
    last = folder / LAST_KEY
    newest = -1
    with contextlib.suppress(OSError, ValueError):
        newest = int(last.read_text(encoding="ascii").strip())
    key = max(round(now.timestamp() * 100), newest + 1)
    if not 0 <= key < 10**KEY_DIGITS:  # a note edited by hand: the moment alone
        key = round(now.timestamp() * 100)
    text = f"{key:0{KEY_DIGITS}d}"
    write_atomic(last, f"{text}\n")
    return text


def _refuse_still_queued(
    folder: Path, target: str, text: str, waiting: Callable[[str], int]
) -> None:
    """StillQueued when an announcement of ``text`` to ``target`` has mails waiting in the
    queue; the files of finished announcements none of whose mails wait are removed."""
    for path in sorted(folder.glob(f"*{QUEUED}")):
        earlier = _load(path)
        left = waiting(path.name.removesuffix(QUEUED))
        if not left:
            path.unlink(missing_ok=True)
        elif earlier is not None and (earlier.target, earlier.text) == (target, text):
            again = (
                shell_command("wtg", "announce", target, "-") + " < FILE"
                if "\n" in text
                else finishing(earlier)
            )
            raise StillQueued(
                f"the same text was announced to {target} at {moment_text(earlier.at)}, and {left} "
                f"of its mails still {'waits' if left == 1 else 'wait'} in the outbox's queue: not "
                "queued again (the players would get it twice at the next send). To mail it "
                f"twice, give `{again}` again once `wtg send` has mailed the first; `wtg announce "
                "--withdraw` takes the first back"
            )


WITHDRAWING = ".withdrawing"
"""The suffix of the mark of an announcement being taken back (`wtg announce --withdraw`):
``SPOOL/announce/KEY.withdrawing``, written before its first mail leaves the queue and
removed after its last; `wtg send` sends none of its mails while it is there."""


def withdrawing(spool: Path) -> list[str]:
    """The keys of the announcements whose taking back was begun and not finished."""
    folder = spool / FOLDER
    return sorted(p.name.removesuffix(WITHDRAWING) for p in folder.glob(f"*{WITHDRAWING}"))


def mark_withdrawing(spool: Path, key: str) -> None:
    """The mark that the announcement ``key`` is being taken back, on disk."""
    write_atomic(private.make_dirs(spool / FOLDER) / f"{key}{WITHDRAWING}", "")


def kept_intent(spool: Path, key: str) -> Announcement | None:
    """The announcement ``key`` as its file keeps it (cut short or finished), None when
    no file of it is left or it cannot be read."""
    for suffix in (".json", QUEUED):
        found = _load(spool / FOLDER / f"{key}{suffix}")
        if found is not None:
            return found
    return None


def withdrawn(spool: Path, key: str) -> None:
    """The announcement ``key`` taken back: its intent (if cut short) and its mark gone,
    the mark last."""
    (spool / FOLDER / f"{key}.json").unlink(missing_ok=True)
    (spool / FOLDER / f"{key}{QUEUED}").unlink(missing_ok=True)
    (spool / FOLDER / f"{key}{WITHDRAWING}").unlink(missing_ok=True)


@contextlib.contextmanager
def locked(spool: Path) -> Iterator[None]:
    """The spool's announce lock held for the block: MailError at once when another
    announcement (or its withdrawal) holds it."""
    with exclusive(spool / LOCK, lambda: MailError(f"{spool} has another announcement going")):
        yield


def unfinished(folder: Path, target: str, text: str) -> Announcement | None:
    """The earliest announcement of ``text`` to ``target`` in ``folder`` not yet finished;
    None when there is none. A file that cannot be read as one is left as it is."""
    found = [a for a in map(_load, sorted(folder.glob("*.json"))) if a is not None]
    same = [a for a in found if (a.target, a.text) == (target, text)]
    return min(same, key=lambda a: a.at) if same else None


def _dump(announcement: Announcement) -> str:
    data = announcement.field_values()
    data["games"] = list(announcement.games)
    return json.dumps(data, indent=1) + "\n"


def _load(path: Path) -> Announcement | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    fields = [data.get(name) for name in ("key", "at", "target", "text")]
    games = data.get("games")
    if not all(isinstance(value, str) for value in fields) or not isinstance(games, list):
        return None
    if path.stem != data["key"] or not all(isinstance(name, str) for name in games):
        return None
    return Announcement(
        key=data["key"],
        at=data["at"],
        target=data["target"],
        text=data["text"],
        games=tuple(games),
    )


def cut_short(spool: Path) -> tuple[list[tuple[Path, Announcement]], list[Path]]:
    """The announcements of the spool not finished (cut short), each with its file, oldest
    first; and the files there that cannot be read as one (edited by hand: left as they
    are, shown all the same)."""
    folder = spool / FOLDER
    found: list[tuple[Path, Announcement]] = []
    unreadable: list[Path] = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        announcement = _load(path)
        if announcement is None:
            unreadable.append(path)
        else:
            found.append((path, announcement))
    return sorted(found, key=lambda item: item[1].at), unreadable


def finishing(announcement: Announcement) -> str:
    """The command that finishes ``announcement``: its text given again to its target, as
    the shell reads it (quoted), after `--` when it begins with a dash (else click reads it
    as an option and refuses it)."""
    text = announcement.text
    ends = ["--"] if text.startswith("-") else []
    return shell_command("wtg", "announce", announcement.target, *ends, text)


def owed_line(path: Path, announcement: Announcement) -> str:
    """``wtg status``'s line for an announcement cut short (kept in ``path``), and what to
    give: the command itself for a text of one line, the text from a file for one of
    several (a status line is one line)."""
    target = announcement.target
    if "\n" in announcement.text:
        give = (
            f"give `{shell_command('wtg', 'announce', target, '-')} < FILE` again, FILE holding "
            "its text (the "
            f'"text" of {path})'
        )
    else:
        give = f"give `{finishing(announcement)}` again"
    return (
        f"the announcement to {target} (at {announcement.at}, kept in {path}) was cut short "
        f"before every player was told: {give} (it mails only those it did not mail yet)"
    )


def owed_data(path: Path, announcement: Announcement) -> dict[str, object]:
    """``wtg status --json``'s entry for an announcement cut short: its fields, its file and
    the command that finishes it (``give``)."""
    data: dict[str, object] = json.loads(_dump(announcement))
    return {**data, "file": str(path), "give": finishing(announcement)}
