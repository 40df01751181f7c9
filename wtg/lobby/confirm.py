"""Confirmation codes: what a JOIN, a takeover or a RESIGN waits for. The answer to the
request carries a code; only a reply ``CONFIRM <code>`` from the address the code was sent
to counts (no one joins another person's address, no one resigns for another player). A
code is good for ``GOOD_FOR``; codes are compared in constant time."""

from __future__ import annotations

import hmac
from datetime import datetime, timedelta

from wtg.core.record import Record
from wtg.gameconfig import new_code
from wtg.lobby.book import Book, stamp

JOIN = "join"
TAKEOVER = "takeover"
RESIGN = "resign"
GOOD_FOR = timedelta(days=7)


class Pending(Record):
    code: str
    kind: str
    address: str
    target: str
    name: str | None
    seat: int | None
    made: str


def ask(
    book: Book,
    kind: str,
    address: str,
    target: str,
    moment: datetime,
    name: str | None = None,
    seat: int | None = None,
) -> str:
    """A new code for a request (one asked again replaces the earlier code)."""
    code = new_code()
    with book.write() as db:
        db.execute(
            "DELETE FROM pending WHERE kind = ? AND address = ? AND target = ?",
            (kind, address, target),
        )
        db.execute(
            "INSERT INTO pending (code, kind, address, target, name, seat, made) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (code, kind, address, target, name, seat, stamp(moment)),
        )
    return code


def answered(book: Book, address: str, code: str, moment: datetime) -> Pending | str:
    """The request ``address`` confirms with ``code``, or why there is none."""
    given = code.strip().upper().encode()
    found: Pending | None = None
    for row in book.rows("SELECT * FROM pending WHERE address = ?", address):
        if hmac.compare_digest(given, str(row["code"]).upper().encode()) and found is None:
            found = Pending(
                str(row["code"]),
                str(row["kind"]),
                str(row["address"]),
                str(row["target"]),
                row["name"],
                row["seat"],
                str(row["made"]),
            )
    if found is None:
        return (
            f"no request from your address waits for the code {code[:16]} (a code counts "
            "only from the address it was mailed to)"
        )
    if found.made < stamp(moment - GOOD_FOR):
        forget(book, found.code)
        return f"the code {found.code} is older than {GOOD_FOR.days} days: send the request again"
    return found


def forget(book: Book, code: str) -> None:
    with book.write() as db:
        db.execute("DELETE FROM pending WHERE code = ?", (code,))


def waiting_codes(book: Book) -> int:
    row = book.row("SELECT count(*) FROM pending")
    return int(row[0]) if row is not None else 0
