"""Confirmation codes: what a JOIN, a takeover, a WITHDRAW or a RESIGN waits for. The answer
to the request carries a code; only a reply ``CONFIRM <code>`` from the address the code was
sent to counts (no one joins another person's address, no one takes another off a list, no
one resigns for another player), or a plain reply from it that carries the code
(``wtg.lobby.replied``). Codes are compared in constant time.

One address may have several requests of a kind for one list or game waiting, each under
another name and with its own code: a From is easily forged, so a second request under
another name never voids the first (whose code only its address was mailed), and confirming
one ends the others (``settle``).

A code is good for ``GOOD_FOR``. Older codes are purged from the requests waiting (at every
command mail and every ``run-turn --due``: ``purge``), so that forged requests never pile
up; what a purged code was for is kept another ``GOOD_FOR`` (the ``expired`` table), so that
its CONFIRM is refused with that reason rather than as a code never mailed.
"""

from __future__ import annotations

import hmac
from datetime import datetime, timedelta
from sqlite3 import Connection, Row

from wtg.core.record import Record
from wtg.game.gameconfig import new_code
from wtg.lobby.database import Book, stamp

JOIN = "join"
TAKEOVER = "takeover"
RESIGN = "resign"
WITHDRAW = "withdraw"
GOOD_FOR = timedelta(days=7)
KEPT_EXPIRED = GOOD_FOR
"""How long a purged code is remembered, for the reason its CONFIRM is refused."""


class Pending(Record):
    code: str
    kind: str
    address: str
    target: str
    name: str | None
    seat: int | None
    made: str


class Asked(Record):
    """The code a request waits for; ``before``: the request was asked before, the same in
    every word, and waits for this code still (a mail that carried it may be on its way);
    ``others``: the requests of the same kind from the same address for the same list or game
    that wait beside it (another name, another seat), each for its own code."""

    code: str
    before: bool
    others: tuple[Pending, ...] = ()


def ask(
    book: Book,
    kind: str,
    address: str,
    target: str,
    moment: datetime,
    name: str | None = None,
    seat: int | None = None,
) -> Asked:
    """The code for a request. A request asked again the same (a newcomer who mails his
    JOIN twice) keeps the code it waits for, good ``GOOD_FOR`` from now: the code of any
    answer he got works. One asked otherwise (another name: a newcomer who changed his
    mind, or a From forged) waits beside the earlier one with a code of its own: nothing
    from a forged From voids the code its address was mailed, and whichever is confirmed
    ends the others (``settle``)."""
    with book.write() as db:
        rows = db.execute(
            "SELECT * FROM pending WHERE kind = ? AND address = ? AND target = ? ORDER BY made",
            (kind, address, target),
        ).fetchall()
        same = next((r for r in rows if r["name"] == name and r["seat"] == seat), None)
        others = tuple(_pending(r) for r in rows if same is None or r["code"] != same["code"])
        if same is not None:
            code = str(same["code"])
            db.execute("UPDATE pending SET made = ? WHERE code = ?", (stamp(moment), code))
            return Asked(code, True, others)
        code = new_code()
        db.execute(
            "INSERT INTO pending (code, kind, address, target, name, seat, made) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (code, kind, address, target, name, seat, stamp(moment)),
        )
    return Asked(code, False, others)


def settle(db: Connection, found: Pending) -> list[Pending]:
    """The request ``found`` confirmed, inside the caller's transaction: its code used, and
    the other requests of its kind from its address for its list or game ended (another
    name asked meanwhile: whichever the address confirms stands). The requests ended."""
    rows = db.execute(
        "SELECT * FROM pending WHERE kind = ? AND address = ? AND target = ? AND code != ? "
        "ORDER BY made",
        (found.kind, found.address, found.target, found.code),
    ).fetchall()
    db.execute(
        "DELETE FROM pending WHERE code = ? OR (kind = ? AND address = ? AND target = ?)",
        (found.code, found.kind, found.address, found.target),
    )
    return [_pending(row) for row in rows]


def described(request: Pending) -> str:
    """A request waiting beside another, as the other's answer names it: ``of 2026-11-22 to
    join wok4 as Ann``."""
    made = request.made[:10]
    if request.kind == TAKEOVER:
        return (
            f"of {made} to take over seat {request.seat} of game {request.target} as {request.name}"
        )
    return f"of {made} to join {request.target} as {request.name}"


def answered(book: Book, address: str, code: str, moment: datetime) -> Pending | str:
    """The request ``address`` confirms with ``code``, or why there is none."""
    purge(book, moment)
    found = _matching(book, "pending", address, code)
    if found is not None:
        return found
    gone = _matching(book, "expired", address, code)
    if gone is not None:
        return (
            f"the code {gone.code} was mailed on {gone.made[:10]} and is good for "
            f"{GOOD_FOR.days} days only: your request ({asked(gone)}) has lapsed; send it again"
        )
    return (
        f"no request from your address waits for the code {code[:16]} (a code counts "
        f"only from the address it was mailed to, and for {GOOD_FOR.days} days)"
    )


def _matching(book: Book, table: str, address: str, code: str) -> Pending | None:
    given = code.strip().upper().encode()
    found: Pending | None = None
    for row in book.rows(f"SELECT * FROM {table} WHERE address = ?", address):
        if hmac.compare_digest(given, str(row["code"]).upper().encode()) and found is None:
            found = _pending(row)
    return found


def mailed_to(book: Book, address: str) -> list[Pending]:
    """Every code mailed to ``address`` that a reply may still name: the requests waiting,
    then those purged as expired (whose reply is told that they lapsed)."""
    return [
        _pending(row)
        for table in ("pending", "expired")
        for row in book.rows(f"SELECT * FROM {table} WHERE address = ? ORDER BY made", address)
    ]


def _pending(row: Row) -> Pending:
    return Pending(
        str(row["code"]),
        str(row["kind"]),
        str(row["address"]),
        str(row["target"]),
        row["name"],
        row["seat"],
        str(row["made"]),
    )


def lapses(request: Pending) -> str:
    """When a request's code stops counting, as its answers say it."""
    made = datetime.strptime(request.made, "%Y-%m-%dT%H:%M:%SZ")
    return (made + GOOD_FOR).strftime("%Y-%m-%d %H:%M UTC")


def asked(request: Pending) -> str:
    """The request a code was mailed for, as its sender wrote it: ``JOIN wok4``."""
    if request.kind == RESIGN:
        return f"RESIGN {request.target}"
    if request.kind == WITHDRAW:
        return f"WITHDRAW {request.target}"
    return f"JOIN {request.target}"


def purge(book: Book, moment: datetime) -> int:
    """Codes older than ``GOOD_FOR`` leave the requests waiting (remembered as expired for
    ``KEPT_EXPIRED``); the number purged. Nothing is written when there is nothing to do."""
    cutoff = stamp(moment - GOOD_FOR)
    forgotten = stamp(moment - GOOD_FOR - KEPT_EXPIRED)
    stale = book.row("SELECT count(*) FROM pending WHERE made < ?", cutoff)
    old = book.row("SELECT 1 FROM expired WHERE made < ? LIMIT 1", forgotten)
    count = int(stale[0]) if stale is not None else 0
    if not count and old is None:
        return 0
    with book.write() as db:
        db.execute(
            "INSERT OR REPLACE INTO expired (code, kind, address, target, name, seat, made) "
            "SELECT code, kind, address, target, name, seat, made FROM pending WHERE made < ?",
            (cutoff,),
        )
        db.execute("DELETE FROM pending WHERE made < ?", (cutoff,))
        db.execute("DELETE FROM expired WHERE made < ?", (forgotten,))
    return count


def waits(book: Book, code: str) -> bool:
    """Whether a request waits for ``code`` (its CONFIRM would be taken)."""
    return book.row("SELECT 1 FROM pending WHERE code = ?", code) is not None


def forget(book: Book, code: str) -> None:
    with book.write() as db:
        db.execute("DELETE FROM pending WHERE code = ?", (code,))
