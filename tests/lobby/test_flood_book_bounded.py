"""A stranger's flood does not grow the host's files without bound (attack39 measured a
flood of 3,000 strangers' mails making about 4 MB of lobby book and 3.5 MB of journal, kept
30 and 2 days: the book's ``done`` kept a row a command, the journal's ``unanswered`` a row
a mail whose answer a limit held back). Once the poll lets go of the copies of a flood's
mails beyond its day's bound (``wtg.mail.spool.floodcopies``), the book forgets what their
commands did and the journal counts those not answered a row a minute an address: the
rows left are the bound's (the first and newest ``FLOOD_FIRST`` + ``FLOOD_NEWEST`` of an
address's day, ``FLOOD_DAY_FIRST`` + ``FLOOD_DAY_NEWEST`` of all strangers'), and the second
half of a flood grows neither file. A player with a seat who mails his orders and a command
in the middle of it is handled and answered, his mails kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, ann_and_bob
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.database import FILE, FOLDER
from wtg.mail.spool.floodcopies import FLOOD_DAY_FIRST, FLOOD_DAY_NEWEST, FLOOD_FIRST, FLOOD_NEWEST
from wtg.mail.spool.journal import JOURNAL_FILE
from wtg.mail.spool.journallists import unanswered, unanswered_not_listed

A_POLL = 100
"""The flood's mails a poll finds (a poll every five minutes)."""
COMMANDS = (
    "JOIN wok4 AS Flood{n}",
    "JOIN wok4",
    "WITHDRAW wok4",
    "HELP",
    "LIST",
    "CONFIRM ABCDEFGHJK",
    "STATUS wok4-1",
)
"""What the flood's mails ask, in turn: a new request each, a request asked again, a code
guessed, the host's questions."""
BOOK_MOST = 320 * 1024
"""Bytes the lobby's book (with its -wal) stays under through the floods here: 4,000 of a
stranger's mails (before, 1.35 MB from one address, 864 kB from an address each, and
growing; now about 160 kB and 210 kB, the codes waiting growing with the hours)."""
JOURNAL_MOST = 720 * 1024
"""Bytes the journal (with its -wal) stays under through the floods here (before, 1.4 MB
from one address, 2.1 MB from an address each, and growing; now about 390 kB and 600 kB)."""
HOURS_GROWTH = 64 * 1024
"""Bytes the second half of a flood may add to a file: the rows the limits let each hour
(the answers mailed, ``replies``; the codes that wait, ``pending``) grow with the hours the
flood lasts, not with its mails."""


def flood(hall: Hall, mails: int, first: int, many: bool) -> int:
    """``mails`` of a stranger's mails, ``A_POLL`` a poll five minutes apart, from one
    address (``many``: each from an address of its own at a domain of its own): how many
    the polls did not answer (a limit held the answer back)."""
    held = 0
    for n in range(first, first + mails):
        sender = f"f{n}@evil{n}.example" if many else "flood@evil.example"
        hall.mail(sender, COMMANDS[n % len(COMMANDS)].format(n=n))
        if (n + 1) % A_POLL == 0 or n + 1 == first + mails:
            outcomes = hall.poll(hours=5 / 60).outcomes
            held += sum(text.startswith("not answered: ") for _key, text in outcomes)
    return held


def size(path: Path) -> int:
    """The bytes of an SQLite file and its -wal."""
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size + (wal.stat().st_size if wal.is_file() else 0)


def sizes(hall: Hall) -> tuple[int, int]:
    """The bytes of the lobby's book and of the journal."""
    book = hall.gm.games_dir / FOLDER / FILE
    return size(book), size(hall.gm.spool / JOURNAL_FILE)


def rows(path: Path, table: str) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    finally:
        db.close()


def player_in_the_flood(hall: Hall, player: PlayerEntry, form: str) -> None:
    """``player`` mails his orders and a STATUS with his code while the flood comes: each is
    answered."""
    hall.mail(player.email, form)
    hall.mail(player.email, f"STATUS wok4-1\nCODE {player.code}")


@pytest.mark.parametrize("many", [False, True], ids=["one address", "many addresses"])
def test_a_strangers_flood_grows_neither_book_nor_journal_past_its_bound(
    tmp_path: Path, many: bool
) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    seat = game.config.players.index(ann) + 1
    half = 2000 if not many else 1000
    held = flood(hall, half, 0, many)
    after_half = sizes(hall)
    player_in_the_flood(hall, ann, game.aof(seat))
    held += flood(hall, half, half, many)
    book, journal = sizes(hall)
    assert book <= BOOK_MOST and journal <= JOURNAL_MOST, (after_half, (book, journal))
    # the second half grew neither: the pages the first let go hold it
    assert book <= after_half[0] + HOURS_GROWTH, (after_half, book)
    assert journal <= after_half[1] + HOURS_GROWTH, (after_half, journal)

    # the rows left are the bound's: the mails kept, and the requests whose code waits
    kept = FLOOD_FIRST + FLOOD_NEWEST if not many else FLOOD_DAY_FIRST + FLOOD_DAY_NEWEST
    path = hall.gm.games_dir / FOLDER / FILE
    assert rows(path, "done") <= kept + 2 + rows(path, "pending") + 10  # the game's own
    spool = hall.gm.spool
    assert rows(spool / JOURNAL_FILE, "unanswered") <= kept
    # every mail not answered is counted still, for the GM
    listed = unanswered(spool, 0)
    not_listed = sum(unanswered_not_listed(spool, 0).values())
    assert len(listed) + not_listed == held, (len(listed), not_listed, held)

    # the player's orders and his command were handled and answered
    answers = {m.subject for m in hall.new_mails(ann.email)}
    assert "[wok4-1] orders for turn 1 received" in answers, answers
    assert any(s.startswith("STATUS wok4-1") or "status" in s.lower() for s in answers), answers
