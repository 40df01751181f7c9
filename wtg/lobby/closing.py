"""A waiting list closed by the GM (`wtg close-list NAME`): one opened with the wrong zone,
map or number of players undone, in steps a kill may come between, each safe to give again.

1. Under the lock of the games made from the lists (``start.START_LOCK``: no poll or
   `run-turn --due` makes a game of the list meanwhile), a game of the list a crash left
   half made is settled first, as each poll settles it (``start.repair``): finished when
   its ``game.yaml`` was written, else undone, its players back on the list. A game being
   made from the list is made: its players are its players, and stay in it.
2. One transaction: the list marked closed (no JOIN, no game finds it now), and the JOINs
   waiting for it ended (``confirm.closed``: a late CONFIRM is told the list was closed).
3. Each player still waiting on it is told by mail (``tell``, through the outbox under an
   id that names the list, the moment it closed and the player: a mail queued once), the
   outbox flushed, then, in one transaction, they are taken off it. One whose address no
   mail can go to (an older wtg put it on the list unchecked) is taken off too, and named
   to the GM as not told.

Killed anywhere, the book is consistent: the list open and untouched, or closed with the
players not yet taken off it still waiting on it (`wtg lists` shows them). Given again, the
command does what is left: it tells the players still on it (those already told are told
no second time: their mails' ids are known to the outbox) and takes them off.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from wtg.core.errors import UsageError
from wtg.core.printable import visible
from wtg.core.record import Record
from wtg.files.filelock import exclusive
from wtg.lobby import confirm
from wtg.lobby.closedrecord import note_closed
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import (
    Waiting,
    WaitingList,
    all_lists,
    every_list,
    find_list,
    mark_closed,
    waiting,
)
from wtg.lobby.start import START_LOCK, ListsBusy, busy_words, repair
from wtg.text.closename import close_names, either

Tell = Callable[[WaitingList, Waiting, Sequence[WaitingList]], bool]
"""Queues the mail that tells a player the list was closed (given the lists open now), or
finds it queued before; whether that mail can go (False: his address is none a mail can go
to, and the GM's line says he was not told)."""


class CloseRefused(UsageError, ValueError):
    """A list that cannot be closed as asked (none of that name, closed already); says why."""


class Closed(Record):
    """What a close-list did: the list, whether it closed it now (else it finished a
    close-list cut short), how many players it took off the list told by mail (now, or by
    the run cut short), the JOINs it ended, and the names of those it took off whose
    address no mail can go to (not told: their mails are set aside as failed)."""

    list: WaitingList
    now: bool
    told: int
    ended: int
    problems: tuple[str, ...] = ()
    untold: tuple[str, ...] = ()


def close_list(
    book: LobbyDatabase,
    games_dir: Path,
    name: str,
    moment: datetime,
    tell: Tell,
    flush: Callable[[], None],
) -> Closed:
    """Close the list ``name`` (the module's doc); CloseRefused when there is none of that
    name or it is closed already, ListsBusy when games are being made from the lists."""
    busy = "games are being made from the waiting lists now: give the command again soon"
    folder = book.path.parent
    with exclusive(folder / START_LOCK, lambda: ListsBusy(busy_words(folder))):
        wl = find_list(book, name)
        if wl is None:
            raise CloseRefused(_no_such(name, [w.name for w in every_list(book)]))
        problems: list[str] = []
        ended = 0
        first = wl.closed is None
        if first:
            repair(book, games_dir, moment, problems)
            if book.row("SELECT 1 FROM making WHERE list = ?", wl.name) is not None:
                raise ListsBusy(f"a game of the waiting list {wl.name} is being made: {busy}")
            with book.write() as db:
                mark_closed(db, wl.name, moment)
                ended = confirm.closed(db, wl.name, moment)
            closed = find_list(book, wl.name)
            assert closed is not None
            wl = closed
        assert wl.closed is not None
        # before any mail of the close is queued: a book put back from before it is set
        # right by the record (``closedrecord``); written again when given again
        noted = note_closed(folder, wl.name, wl.opened, wl.closed)
        left = waiting(book, wl.name)
        # closed already, unless this finishes a close cut short before its record with
        # nobody waiting on the list: the record was all that close had left to do
        if not first and not left and not noted:
            raise CloseRefused(f"waiting list {wl.name} is closed already (`wtg lists`)")
        open_now = all_lists(book)
        untold = tuple(player.name for player in left if not tell(wl, player, open_now))
        flush()  # the mails on disk before the book forgets who is owed one
        with book.write() as db:
            for player in left:
                db.execute(
                    "DELETE FROM entries WHERE list = ? AND person = ? AND game IS NULL",
                    (wl.name, player.person),
                )
    told = len(left) - len(untold)
    return Closed(wl, first, told, ended, tuple(problems), untold)


def _no_such(name: str, names: Sequence[str]) -> str:
    meant = close_names(name.lower(), names)
    guess = f": did you mean {either(meant)}?" if meant else ""
    # typed: a character that shows nothing or acts as its escape (``wok4\x1b[2J``), else
    # it read as the name of a list that exists
    return f"no waiting list {visible(name)} (`wtg lists`){guess}"
