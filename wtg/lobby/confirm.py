"""Confirmation codes: what a JOIN, a takeover, a WITHDRAW or a RESIGN waits for. The answer
to the request carries a code; only a reply ``CONFIRM <code>`` from the address the code was
sent to counts (no one joins another person's address, no one takes another off a list, no
one resigns for another player), or a plain reply from it that carries the code
(``wtg.lobby.yesno``). Codes are compared in constant time.

One address may have several requests of a kind for one list or game waiting, each under
another name and with its own code: a From is easily forged, so a second request under
another name never voids the first (whose code only its address was mailed), and confirming
one ends the others (``settle``). What an ended request was, which request was confirmed in
its place and when, is kept as long as a purged code is (``ENDED``): the CONFIRM of an ended
code is told what happened and what to do, never "no request waits" (it confirms nothing).
The JOINs to a list the GM closes (`wtg close-list`) are ended so too (``closed``): their
codes no longer count, even once a list of that name is opened again.

A code is good for ``GOOD_FOR``. Older codes are purged from the requests waiting (at every
command mail and every ``run-turn --due``: ``purge``), so that forged requests never pile
up; what a purged code was for is kept another ``GOOD_FOR`` (the ``expired`` table), so that
its CONFIRM is refused with that reason rather than as a code never mailed.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from sqlite3 import Connection, Row

from wtg.core.record import Record
from wtg.game.gameconfig import new_code
from wtg.lobby.database import LobbyDatabase, remember, stamp

JOIN = "join"
TAKEOVER = "takeover"
RESIGN = "resign"
WITHDRAW = "withdraw"
GOOD_FOR = timedelta(days=7)
KEPT_EXPIRED = GOOD_FOR
"""How long a purged code is remembered, for the reason its CONFIRM is refused."""
ENDED = "ended:"
"""The prefix of the keys the requests another confirmation ended are kept under in the
book's ``done`` table (then the address, ``:`` and the code), beside what each mail's
commands did and as long (``DONE_KEPT``, longer than a code counts and is remembered): no
mail's key begins so."""


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
    book: LobbyDatabase,
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
            return Asked(code, before=True, others=others)
        code = new_code()
        db.execute(
            "INSERT INTO pending (code, kind, address, target, name, seat, made) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (code, kind, address, target, name, seat, stamp(moment)),
        )
    return Asked(code, before=False, others=others)


def settle(
    db: Connection, found: Pending, moment: datetime, then: Callable[[Pending], str]
) -> list[Pending]:
    """The request ``found`` confirmed, inside the caller's transaction: its code used, and
    the other requests of its kind from its address for its list or game ended (another
    name asked meanwhile: whichever the address confirms stands). Each ended request is
    kept with ``found`` and ``then(ended)``, what its sender may do now, for the CONFIRM of
    its code (``answered``). The requests ended."""
    rows = db.execute(
        "SELECT * FROM pending WHERE kind = ? AND address = ? AND target = ? AND code != ? "
        "ORDER BY made",
        (found.kind, found.address, found.target, found.code),
    ).fetchall()
    db.execute(
        "DELETE FROM pending WHERE code = ? OR (kind = ? AND address = ? AND target = ?)",
        (found.code, found.kind, found.address, found.target),
    )
    ended = [_pending(row) for row in rows]
    for request in ended:
        kept = {
            "request": _fields(request),
            "by": _fields(found),
            "on": stamp(moment),
            "then": then(request),
        }
        remember(db, f"{ENDED}{request.address}:{request.code}", kept, moment)
    return ended


def closed(db: Connection, name: str, moment: datetime) -> int:
    """The JOINs waiting for the list ``name``, which the GM closed, ended (inside the
    caller's transaction): each kept, as ``settle`` keeps those it ends, for the CONFIRM of
    its code. How many were ended."""
    rows = db.execute(
        "SELECT * FROM pending WHERE kind = ? AND target = ? ORDER BY made", (JOIN, name)
    ).fetchall()
    db.execute("DELETE FROM pending WHERE kind = ? AND target = ?", (JOIN, name))
    for request in map(_pending, rows):
        kept = {"request": _fields(request), "closed": name, "on": stamp(moment)}
        remember(db, f"{ENDED}{request.address}:{request.code}", kept, moment)
    return len(rows)


def described(request: Pending) -> str:
    """A request waiting beside another, as the other's answer names it: ``of 2026-11-22 to
    join wok4 as Ann``."""
    return f"of {request.made[:10]} {_wanted(request)}"


def _wanted(request: Pending) -> str:
    """What a JOIN or a takeover asked for: ``to join wok4 as Ann``."""
    if request.kind == TAKEOVER:
        return f"to take over seat {request.seat} of game {request.target} as {request.name}"
    return f"to join {request.target} as {request.name}"


def answered(book: LobbyDatabase, address: str, code: str, moment: datetime) -> Pending | str:
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
    ended = _ended(book, address, code)
    if ended is not None and "closed" in ended:
        request = _from_fields(ended["request"])
        return (
            f"the GM closed the waiting list {ended['closed']} on {str(ended['on'])[:10]}: "
            f"your request ({_wanted(request)}) no longer counts (LIST shows the lists open)"
        )
    if ended is not None:
        request, by = _from_fields(ended["request"]), _from_fields(ended["by"])
        return (
            f"that request ({_wanted(request)}) was ended on {str(ended['on'])[:10]}, when "
            f"your request {_wanted(by)} was confirmed (whichever of the two you confirm "
            f"stands, and ends the other). {ended['then']}"
        )
    return (
        f"no request from your address waits for the code {code[:16]} (a code counts "
        f"only from the address it was mailed to, and for {GOOD_FOR.days} days)"
    )


def _matching(book: LobbyDatabase, table: str, address: str, code: str) -> Pending | None:
    given = code.strip().upper().encode()
    found: Pending | None = None
    for row in book.rows(f"SELECT * FROM {table} WHERE address = ?", address):
        if hmac.compare_digest(given, str(row["code"]).upper().encode()) and found is None:
            found = _pending(row)
    return found


def _ended_rows(book: LobbyDatabase, address: str) -> list[Row]:
    """The requests from ``address`` that another confirmation ended, as kept (``settle``)."""
    prefix = f"{ENDED}{address}:"
    upper = prefix[:-1] + chr(ord(":") + 1)  # the keys that begin with ``prefix``
    rows = book.rows("SELECT mail, what FROM done WHERE mail >= ? AND mail < ?", prefix, upper)
    # a code holds no ":": the key of another address that begins with this one's is none
    return [row for row in rows if ":" not in str(row["mail"])[len(prefix) :]]


def _ended(book: LobbyDatabase, address: str, code: str) -> dict[str, object] | None:
    """What was kept of the request from ``address`` for ``code`` that another confirmation
    ended, or None (compared in constant time, as the codes waiting are)."""
    given = code.strip().upper().encode()
    found: dict[str, object] | None = None
    for row in _ended_rows(book, address):
        mine = str(row["mail"]).rsplit(":", 1)[1].upper().encode()
        if hmac.compare_digest(given, mine) and found is None:
            kept = json.loads(str(row["what"]))
            found = kept if isinstance(kept, dict) else None
    return found


def waiting_at(book: LobbyDatabase, address: str) -> list[Pending]:
    """The requests waiting for a code mailed to ``address`` (purged ones aside), oldest
    first."""
    rows = book.rows("SELECT * FROM pending WHERE address = ? ORDER BY made", address)
    return [_pending(row) for row in rows]


def waiting_at_domain(book: LobbyDatabase, domain: str) -> list[Pending]:
    """The requests waiting for a code mailed to an address at ``domain`` (its case as
    stored: lower), oldest first."""
    pattern = "%@" + domain.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    rows = book.rows(
        "SELECT * FROM pending WHERE address LIKE ? ESCAPE '\\' ORDER BY made", pattern
    )
    return [_pending(row) for row in rows]


def mailed_to(book: LobbyDatabase, address: str) -> list[Pending]:
    """Every code mailed to ``address`` that a reply may still name: the requests waiting,
    then those purged as expired (whose reply is told that they lapsed), then those another
    confirmation ended (told so)."""
    return [
        _pending(row)
        for table in ("pending", "expired")
        for row in book.rows(f"SELECT * FROM {table} WHERE address = ? ORDER BY made", address)
    ] + [
        _from_fields(kept["request"])
        for row in _ended_rows(book, address)
        if isinstance(kept := json.loads(str(row["what"])), dict)
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


def _fields(request: Pending) -> dict[str, object]:
    return request.field_values()


def _from_fields(kept: object) -> Pending:
    """A request as ``_fields`` kept it."""
    if not isinstance(kept, dict):
        raise ValueError(f"not a request kept in the lobby's book: {kept!r}")
    name, seat = kept.get("name"), kept.get("seat")
    return Pending(
        str(kept["code"]),
        str(kept["kind"]),
        str(kept["address"]),
        str(kept["target"]),
        str(name) if name is not None else None,
        int(seat) if seat is not None else None,
        str(kept["made"]),
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


def purge(book: LobbyDatabase, moment: datetime) -> int:
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


def waiting_for(book: LobbyDatabase, code: str) -> Pending | None:
    """The request that waits for ``code`` (as the mail gave it, in any case), or None."""
    row = book.row("SELECT * FROM pending WHERE code = ?", code.strip().upper())
    return _pending(row) if row is not None else None


def waits(book: LobbyDatabase, code: str) -> bool:
    """Whether a request waits for ``code`` (its CONFIRM would be taken)."""
    return book.row("SELECT 1 FROM pending WHERE code = ?", code) is not None


def forget(book: LobbyDatabase, code: str) -> None:
    with book.write() as db:
        db.execute("DELETE FROM pending WHERE code = ?", (code,))
