"""`wtg upgrade [--check]`: every game folder of a games folder and its lobby's book brought
to this wtg's format (``wtg.upkeep.folderupgrade``, ``wtg.upkeep.lobbyupgrade``), or, with
``--check``, what would be (``survey``); and the check ``wtg serve`` makes before it starts
(``formats_problem``).

Each game folder is upgraded under its lock: a game another process writes (a turn being
run, mail being filed) is waited for ``BUSY_WAIT`` seconds at most, then skipped with a
line (the next ``wtg upgrade`` takes it). A folder made by a newer wtg is refused with a
line and left as it is; the others go on.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime
from enum import Enum
from pathlib import Path

from wtg.core.record import Record
from wtg.files.store import (
    FORMAT,
    FormatRefused,
    GameLocked,
    GameStore,
    StoreError,
    newer_format,
    read_format,
)
from wtg.host.gamesdir import failure_reason, scan_games
from wtg.lobby.database import BOOK_FORMAT, FILE, FOLDER, book_format, torn_said
from wtg.upkeep.copies import UPGRADES, copies_dir
from wtg.upkeep.folderupgrade import left_over, upgrade_folder
from wtg.upkeep.lobbyupgrade import upgrade_book
from wtg.upkeep.locks import held_within

BUSY_WAIT = 60.0
"""Seconds a game another process writes is waited for before it is skipped."""
BOOK = "the lobby's book"


class State(Enum):
    """Where a game folder or the book stands, as found or once upgraded."""

    CURRENT = "current"
    """At this wtg's format: nothing to do."""
    OLDER = "older"
    """Of an older format, or an upgrade cut short: `wtg upgrade` upgrades it."""
    NEWER = "newer"
    """Made by a newer wtg: refused."""
    UNREADABLE = "unreadable"
    """Its format cannot be read: nothing to do but look at it."""
    LEFT_OVER = "left over"
    """At this wtg's format, with what an upgrade killed as it ended left: `wtg upgrade`
    clears it."""


class Found(Record):
    """A game folder or the lobby's book, and its format as found."""

    name: str
    """The game's name, or ``BOOK``."""
    state: State
    line: str = ""
    """What is to be said of it (nothing for one at this wtg's format)."""


def survey(games_dir: Path) -> list[Found]:
    """Every game folder of ``games_dir``, in name order, then the lobby's book (when there
    is one): the format of each as found. Changes nothing."""
    found = [_folder_found(folder) for folder in scan_games(games_dir).folders]
    book = _book_found(games_dir)
    return found + ([book] if book is not None else [])


def _folder_found(root: Path) -> Found:
    name = root.name
    try:
        number, to = read_format(root)
    except (StoreError, OSError) as exc:
        return Found(name, State.UNREADABLE, f"{name}: skipped: {failure_reason(exc)}")
    if max(number, to or 0) > FORMAT:
        return Found(name, State.NEWER, newer_format(name, max(number, to or 0), FORMAT))
    if to is not None:
        cut = f"{name}: an upgrade to format {to} was cut short: `wtg upgrade` finishes it"
        return Found(name, State.OLDER, cut)
    if number < FORMAT:
        return Found(name, State.OLDER, f"{name}: format {number}: `wtg upgrade` makes it {FORMAT}")
    if left_over(root):
        staging = f"{name}: an upgrade left its staging folder: `wtg upgrade` removes it"
        return Found(name, State.LEFT_OVER, staging)
    return Found(name, State.CURRENT)


def _book_found(games_dir: Path) -> Found | None:
    try:
        with torn_said(games_dir):  # torn: which file, and `wtg restore`
            number = book_format(games_dir)
    except Exception as exc:  # the GM's data: a line, never a stop
        return Found(BOOK, State.UNREADABLE, f"{BOOK}: skipped: {failure_reason(exc)}")
    if number is None:
        return None
    if number > BOOK_FORMAT:
        return Found(BOOK, State.NEWER, newer_format(BOOK, number, BOOK_FORMAT))
    if number < BOOK_FORMAT:
        older = f"{BOOK}: format {number}: `wtg upgrade` makes it {BOOK_FORMAT}"
        return Found(BOOK, State.OLDER, older)
    return Found(BOOK, State.CURRENT)


NOT_YET = "until then no turn runs and its mail waits in the inbox"
"""What a game folder of an older format means for the host until `wtg upgrade`."""
BOOK_NOT_YET = "until then the commands players mail that change it, as JOIN, wait in the inbox"
"""What the lobby's book of an older format means for the host until `wtg upgrade`."""


def folder_not_upgraded(root: Path) -> str | None:
    """`wtg status`'s words of the game folder ``root`` when it is of an older format than
    this wtg's (``format 1, this wtg writes format 2: run `wtg upgrade` (...)``); None when
    it is not, or its format cannot be read (the scans say so). Before, `wtg status` showed
    such a game as any other, its players' orders "NO ORDERS YET" while they waited in the
    inbox, and nothing said what to type."""
    found = _folder_found(root)
    if found.state is not State.OLDER:
        return None
    return f"{found.line.partition(': ')[2]} ({NOT_YET})"


def book_not_upgraded(games_dir: Path) -> str | None:
    """`wtg status`'s words of the lobby's book when it is of an older format than this
    wtg's (its JOINs and CONFIRMs wait in the inbox); None when it is not, or there is no
    book, or it cannot be read."""
    found = _book_found(games_dir)
    if found is None or found.state is not State.OLDER:
        return None
    return f"{found.line} ({BOOK_NOT_YET})"


def formats_problem(games_dir: Path) -> str | None:
    """What keeps the host from running on this wtg, in one line: a game folder or book
    made by a newer wtg (upgrade wtg), or some of an older format (`wtg upgrade`); None
    when every one is at this wtg's format. For `wtg serve` as it starts; a folder whose
    format cannot be read is no such problem (the games' scans name it, and skip it)."""
    newer, older = formats_found(games_dir)
    if newer is not None:
        return newer
    return None if older is None else f"{older}: run `wtg upgrade`"


def formats_found(games_dir: Path) -> tuple[str | None, str | None]:
    """What a newer wtg made (its first line, the others counted), and the folders of an
    older format (``1 game folder (g1) of an older format than this wtg's``), each None
    when there is none."""
    found = survey(games_dir)
    newer = [f for f in found if f.state is State.NEWER]
    more = f" (and {len(newer) - 1} more)" if len(newer) > 1 else ""
    older = [f.name for f in found if f.state is State.OLDER]
    return (
        newer[0].line + more if newer else None,
        f"{_listed(older)} of an older format than this wtg's" if older else None,
    )


def _listed(names: list[str]) -> str:
    """``3 game folders (g1, g2, g3) and the lobby's book``, at most five names."""
    games = [name for name in names if name != BOOK]
    shown = ", ".join(games[:5]) + (f" and {len(games) - 5} more" if len(games) > 5 else "")
    parts = [f"{_count(len(games), 'game folder')} ({shown})"] if games else []
    return " and ".join(parts + ([BOOK] if BOOK in names else []))


def counted(names: list[str]) -> str:
    """How many of ``names`` (game folders and ``BOOK``), games and the book apart:
    ``2 game folders and the lobby's book``, ``the lobby's book``, ``0``."""
    games = [name for name in names if name != BOOK]
    parts = [_count(len(games), "game folder")] if games else []
    return " and ".join(parts + ([BOOK] if BOOK in names else [])) or "0"


def at_format(names: list[str]) -> str:
    """``names`` (game folders and ``BOOK``) at this wtg's format, each with its number:
    ``3 game folders at format 2 and the lobby's book at format 2``, ``0 at format 2``.
    The book was counted as a game folder (``4 at format 2`` with three games)."""
    games = [name for name in names if name != BOOK]
    parts = [f"{_count(len(games), 'game folder')} at format {FORMAT}"] if games else []
    parts += [f"{BOOK} at format {BOOK_FORMAT}"] if BOOK in names else []
    return " and ".join(parts) or f"0 at format {FORMAT}"


def _count(number: int, what: str) -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


class Outcome(Enum):
    UPGRADED = "upgraded"
    CURRENT = "current"
    SKIPPED = "skipped"
    """Busy beyond the wait, or its format unreadable: the next `wtg upgrade` tries again."""
    REFUSED = "refused"
    """Made by a newer wtg."""
    FAILED = "failed"


class Done(Record):
    """What `wtg upgrade` did with one game folder or the book, and its line."""

    name: str
    outcome: Outcome
    line: str = ""


class HostUpgrade:
    """`wtg upgrade` on a games folder: ``upgrades()`` upgrades every game folder, then the
    lobby's book, one at a time (the module's doc), and tells what it did with each."""

    def __init__(self, games_dir: Path, now: datetime, wait: float = BUSY_WAIT) -> None:
        self.games_dir = games_dir
        self.now = now
        self.wait = wait
        self.folders = scan_games(games_dir).folders
        self.book = (games_dir / FOLDER / FILE).is_file()
        self.done: list[Done] = []
        self.copies = games_dir / UPGRADES

    @property
    def total(self) -> int:
        """How many game folders and books there are to look at."""
        return len(self.folders) + self.book

    def upgrades(self) -> Iterator[Done]:
        for root in self.folders:
            yield self._done(_upgraded_folder(root, self.now, self.wait))
        if self.book:
            yield self._done(_upgraded_book(self.games_dir, self.now))

    def _done(self, item: Done) -> Done:
        self.done.append(item)
        return item

    def count(self, outcome: Outcome) -> int:
        return sum(1 for item in self.done if item.outcome is outcome)

    @property
    def ok(self) -> bool:
        """Every game folder and the book looked at is at this wtg's format now."""
        return all(d.outcome in (Outcome.UPGRADED, Outcome.CURRENT) for d in self.done)

    def line(self) -> str:
        """The summary line."""
        upgraded = [d.name for d in self.done if d.outcome is Outcome.UPGRADED]
        text = (
            f"{_listed(upgraded)} upgraded to format {FORMAT} (a copy of each before, in "
            f"{self.copies})"
            if upgraded
            else "nothing upgraded"
        )
        current = [d.name for d in self.done if d.outcome is Outcome.CURRENT]
        text += f"; {at_format(current)} already" if current else ""
        for outcome in (Outcome.SKIPPED, Outcome.REFUSED, Outcome.FAILED):
            number = self.count(outcome)
            text += f"; {number} {outcome.value}" if number else ""
        if self.count(Outcome.SKIPPED):
            text += " (`wtg upgrade` again takes those skipped)"
        return f"wtg upgrade: {text}"


def _upgraded_folder(root: Path, now: datetime, wait: float) -> Done:
    name = root.name
    found = _folder_found(root)
    if found.state is State.CURRENT:
        return Done(name, Outcome.CURRENT)
    if found.state is State.NEWER:
        return Done(name, Outcome.REFUSED, found.line)
    if found.state is State.UNREADABLE:
        return Done(name, Outcome.SKIPPED, found.line)
    store = GameStore(root)
    try:
        with held_within(
            lambda: store.lock(upgrading=True),
            GameLocked,
            time.monotonic() + wait,
            waiting=lambda: None,  # the line of a game skipped says it was waited for
            final=(FormatRefused,),  # a newer folder: waiting will not make it older
        ) as held:
            if not held:
                return Done(
                    name,
                    Outcome.SKIPPED,
                    f"{name}: skipped: another process kept writing it for {wait:g} s",
                )
            result = upgrade_folder(store, copies_dir(root.parent), now)
    except FormatRefused as exc:  # made newer meanwhile
        return Done(name, Outcome.REFUSED, f"{name}: {failure_reason(exc)}")
    except Exception as exc:  # a game folder is the GM's data: a line, the others go on
        return Done(name, Outcome.FAILED, f"{name}: failed: {failure_reason(exc)}")
    if result is None:
        return Done(name, Outcome.CURRENT)
    how = f"format {result.found} -> {FORMAT}"
    if result.finished:
        how += " (an upgrade cut short, finished)"
    copy = f", a copy before: {result.copy.name}" if result.copy is not None else ""
    return Done(name, Outcome.UPGRADED, f"{name}: {how}{copy}")


def _upgraded_book(games_dir: Path, now: datetime) -> Done:
    found = _book_found(games_dir)
    if found is None or found.state is State.CURRENT:
        return Done(BOOK, Outcome.CURRENT)
    if found.state is State.NEWER:
        return Done(BOOK, Outcome.REFUSED, found.line)
    if found.state is State.UNREADABLE:
        return Done(BOOK, Outcome.SKIPPED, found.line)
    try:
        result = upgrade_book(games_dir, copies_dir(games_dir), now)
    except FormatRefused as exc:
        return Done(BOOK, Outcome.REFUSED, failure_reason(exc))
    except Exception as exc:  # the book is the GM's data: a line, never a stop
        return Done(BOOK, Outcome.FAILED, f"{BOOK}: failed: {failure_reason(exc)}")
    if result is None:
        return Done(BOOK, Outcome.CURRENT)
    return Done(
        BOOK,
        Outcome.UPGRADED,
        f"{BOOK}: format {result.found} -> {BOOK_FORMAT}, a copy before: {result.copy.name}",
    )
