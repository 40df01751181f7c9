"""The journal's lists as the GM reads them: the mails quarantined, held for him, set
aside and not answered, a flood's copies not kept, the forms refused for a wrong code and
the orders read late, and the releases cut short. Each is read from the journal
(``wtg.mail.spool.journal``) read only, without a ``Journal``, so that `wtg status`, `wtg
quarantine` and the digest never change the spool; none is read without a journal."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wtg.core import plurals
from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.mail.spool.arrivalrows import arrival_rank, by_arrival, newest_of_each, taken_rank
from wtg.mail.spool.journal import (
    QUARANTINE_AN_ADDRESS,
    UNANSWERED_AN_ADDRESS,
    read_rows,
)
from wtg.text.closename import close_names, either
from wtg.text.shellcommand import shell_command


def kept_here(spool: Path, archive: str) -> str:
    """Where the poll's copy of a mail lies now: ``archive`` as the poll noted it, or, once
    the host was moved (``mv``, or ``wtg restore`` into another folder), the same month and
    name in this spool's archive (the old place named no file: `wtg orders GAME FILE`, the
    command given to file a mail set aside, was refused it)."""
    if not archive or os.path.exists(archive):
        return archive
    noted = Path(archive)
    here = spool / "archive" / noted.parent.name / noted.name
    return str(here) if here.is_file() else archive


class Quarantined(Record):
    """A quarantined message as ``wtg status`` shows it."""

    key: str
    game: str | None
    archive: str
    reason: str
    at: float
    sender: str = ""
    """The From's address, lower-cased ('': a journal that kept none; of a mail held whose
    From holds no address, ``wtg.mail.spool.floodcopies.NO_SENDER``)."""
    player: bool = False
    """Whether that address had a seat here when the poll kept the mail."""


def quarantined(spool: Path) -> list[Quarantined]:
    """Every quarantined message of a spool, oldest first (none without a journal); read
    only, so ``wtg status`` never changes the spool. The GM's lists show
    ``quarantine_listed`` of them."""
    return _kept(spool, "quarantine")


def quarantine_listed(
    every: Sequence[Quarantined],
) -> tuple[list[Quarantined], dict[str, int]]:
    """Of quarantined messages (oldest first), those a list shows: the newest
    ``QUARANTINE_AN_ADDRESS`` of each address, oldest first; and the others counted by
    address, the most first (the ``quarantine_not_listed`` of ``wtg status --json``)."""
    seen: Counter[str] = Counter()
    shown: list[Quarantined] = []
    for item in reversed(every):
        seen[item.sender] += 1
        if seen[item.sender] <= QUARANTINE_AN_ADDRESS:
            shown.append(item)
    over = {s: n - QUARANTINE_AN_ADDRESS for s, n in seen.items() if n > QUARANTINE_AN_ADDRESS}
    return shown[::-1], dict(sorted(over.items(), key=lambda pair: (-pair[1], pair[0])))


def shown_first(listed: Sequence[Quarantined]) -> list[Quarantined]:
    """Mails listed (oldest first) in the order a list cut short shows them (`wtg status`,
    the digest): a seat's address's first, then the strangers', each newest first. A flood
    of strangers' mails quarantined, each from an address of its own, pushed a player's
    older one past the list's end ("and N more", floods45)."""
    return sorted(reversed(listed), key=lambda item: not item.player)


def keys_meant(typed: str, listed: Sequence[Quarantined], cut_short: Sequence[str] = ()) -> str:
    """What the GM may have meant by the key ``typed``, which is none of ``listed`` (the
    mails `wtg quarantine` lists) nor of ``cut_short`` (the keys of the releases cut short it
    lists), as ``did you mean KEY?``, or '': the key at the start of a listing's line pasted
    whole (``maildir:m1.eml  HELD  game g9 ...``), a key without its transport
    (``m1.eml``), the path or name of a mail's copy in the archive, else the close
    spellings (``wtg.text.closename``)."""
    keys = sorted({item.key for item in listed} | set(cut_short))
    first = next(iter(typed.split()), "")
    meant = [first] if first in keys and first != typed else []
    meant = meant or [key for key in keys if key.split(":", 1)[-1] == first]
    copies = {Path(item.archive).name: item.key for item in listed if item.archive}
    meant = meant or ([copies[Path(first).name]] if Path(first).name in copies else [])
    meant = meant or close_names(first, keys)
    return f"did you mean {either(meant)}?" if meant else ""


def held_mails(spool: Path) -> list[Quarantined]:
    """Every message held for the GM (a game this host does not know), oldest first."""
    return _kept(spool, "held")


class HeldArrival(Record):
    """A mail held for the GM as ``wtg orders`` files it: where it is kept, and when it
    arrived (its arrival key, ``wtg.game.arrivalkey``; '' from a journal that kept none)."""

    key: str
    archive: str
    arrived: str


def held_arrivals(spool: Path) -> list[HeldArrival]:
    """The mails held for the GM with where each is kept and when it arrived (none without
    a journal, or with one too old to say); read only."""
    rows = read_rows(spool, "SELECT key, archive, arrived, at FROM held")
    rows = sorted(rows or (), key=lambda row: (float(row[3]), arrival_rank(row[2], row[0])))
    return [HeldArrival(str(k), kept_here(spool, str(a)), str(t)) for k, a, t, _at in rows]


class HeldOver(Record):
    """Mails held whose record the list's bound let go (``Journal.held``), counted: each is
    still in the rejected folder and the archive, and ``wtg quarantine --release KEY`` (the
    key in the poll's log, ``wtg poll -v``) takes it."""

    sender: str
    """The player's address they came from; '' for the addresses with no seat here."""
    mails: int
    at: float
    """When the latest was let go."""


def held_over(spool: Path) -> list[HeldOver]:
    """The counts of mails held not listed, the strangers' first, then by address (none
    without a journal, or with one no poll of this version has opened); read only."""
    rows = read_rows(spool, "SELECT sender, mails, at FROM held_over ORDER BY sender")
    return [HeldOver(printable(str(s)), int(m), float(t)) for s, m, t in rows or ()]


def held_let_go(spool: Path) -> list[str]:
    """The keys of the mails held whose record the list's bound let go (``HELD_AN_ADDRESS``,
    ``HELD_STRANGERS``), oldest first by arrival: each is in the rejected folder, and
    ``wtg quarantine --release-held`` takes it with the listed ones (none without a journal,
    or with one no poll of this version has opened); read only."""
    rows = read_rows(spool, "SELECT key, arrived FROM held_let_go")
    return [str(row[0]) for row in by_arrival(rows or (), 1, 0)]


def releasing(spool: Path) -> list[str]:
    """The keys of the releases cut short (``wtg.mail.poll.release``), oldest first."""
    rows = _rows(spool, "SELECT key, at FROM releases")
    return [str(key) for key, _at in sorted(rows, key=lambda row: taken_rank(row[1], row[0]))]


def cut_short_line(key: str) -> str:
    """What `wtg status` says of the release of mail ``key`` cut short (its mail perhaps
    still in the rejected folder, where no poll looks), with the command that finishes it."""
    return (
        f"CUT SHORT: the release of mail {key} (`wtg quarantine --release`) was cut short: "
        f"give `{shell_command('wtg', 'quarantine', '--release', key)}` again to finish it"
    )


class ReleaseCutShort(Record):
    """A release cut short (``releasing``): the mail's key, and the game its record of mail
    held or quarantined named (None: it named none, or the journal kept none: a release
    begun by a wtg before the column, or of a mail whose record was let go)."""

    key: str
    game: str | None


def releases_cut_short(spool: Path) -> list[ReleaseCutShort]:
    """The releases cut short with the games their mails named, oldest first; read only."""
    rows = read_rows(spool, "SELECT key, game, at FROM releases")
    if rows is None:  # a journal no wtg of this version opened: no game kept
        return [ReleaseCutShort(key, None) for key in releasing(spool)]
    rows = sorted(rows, key=lambda row: taken_rank(row[2], row[0]))
    return [ReleaseCutShort(str(k), g and str(g)) for k, g, _at in rows]


def _kept(spool: Path, table: str) -> list[Quarantined]:
    """The mails of ``table`` (quarantine, held), oldest first: by when the poll took them,
    then by when they arrived (a poll's mails share its moment), then by key."""
    columns = "key, game, archive, reason, at"
    rows = read_rows(spool, f"SELECT {columns}, sender, arrived FROM {table}")
    if rows is None:  # a journal no poll of this version opened: no arrival kept
        rows = [
            (*row, "") for row in read_rows(spool, f"SELECT {columns}, sender FROM {table}") or ()
        ]
    if not rows:  # nor an address
        rows = [(*row, "", "") for row in _rows(spool, f"SELECT {columns} FROM {table}")]
    rows = sorted(rows, key=lambda row: (float(row[4]), arrival_rank(row[6], row[0])))
    # a journal older than the column: none is known as a player's
    players = {str(k) for (k,) in read_rows(spool, f"SELECT key FROM {table} WHERE player") or ()}
    return [  # what an older journal kept unclean, printed clean; the game as named
        Quarantined(
            str(k),
            g and str(g),
            kept_here(spool, str(a)),
            printable(str(r)),
            float(t),
            printable(str(s)),
            str(k) in players,
        )
        for k, g, a, r, t, s, _arrived in rows
    ]


def _rows(spool: Path, query: str) -> list[Any]:
    """The rows of a query, read only (none without a journal)."""
    rows = read_rows(spool, query)
    return [] if rows is None else rows


def _window(since: float, until: float | None) -> str:
    """The rows of the moments from ``since`` (seconds, itself counted) to ``until`` (not
    counted; None: to now), as SQL on their ``at``. The digest's windows meet at the whole
    second its mark keeps (``wtg.mail.outgoing.digest``): a row of the second a digest was
    made in is the next one's, never in both."""
    within = f"at >= {float(since):.6f}"
    return within if until is None else f"{within} AND at < {float(until):.6f}"


class FloodCount(Record):
    """A stranger's mails of one day whose copies a flood's bound did not keep
    (``wtg.mail.spool.floodcopies``), as the digest and ``wtg status`` show them."""

    sender: str
    day: str
    """The day they arrived (UTC): YYYY-MM-DD."""
    dropped: int
    at: float
    """When the latest was let go."""


def flood_not_kept(spool: Path, since: float, until: float | None = None) -> list[FloodCount]:
    """The counts of mails not kept let go since ``since`` (seconds), the latest first (none
    without a journal, or with one no poll of this version has opened); read only."""
    within = _window(since, until)  # numbers: nothing of a mail's in the query
    query = (
        f"SELECT sender, day, dropped, at FROM flood_counts WHERE {within} ORDER BY at DESC, sender"
    )
    rows = read_rows(spool, query)
    return [FloodCount(printable(str(s)), str(d), int(n), float(t)) for s, d, n, t in rows or ()]


class Unanswered(Record):
    """A mail not answered, as the digest and ``wtg status`` show it: a limit of answers held
    its answer back, or its From failed DMARC at the GM's server."""

    key: str
    outcome: str
    at: float


def _unanswered_split(
    spool: Path, since: float, until: float | None = None
) -> tuple[list[Any], Counter[str]] | None:
    """The mails not answered since ``since`` (seconds) a list shows, oldest first by
    arrival, then by when each was handled, then by key: every one with no address, and
    the newest ``UNANSWERED_AN_ADDRESS`` of each address; and how many of each address's
    it leaves out. None from a journal no poll of this version opened."""
    within = _window(since, until)  # numbers: nothing of a mail's in the query
    query = f"SELECT key, outcome, at, sender, arrived FROM unanswered WHERE {within}"
    rows = read_rows(spool, query)
    if rows is None:
        return None
    rows.sort(key=lambda row: (arrival_rank(row[4], ""), taken_rank(row[2], row[0])))
    return newest_of_each(rows, 3, UNANSWERED_AN_ADDRESS)


def unanswered(spool: Path, since: float, until: float | None = None) -> list[Unanswered]:
    """The mails handled since ``since`` (seconds) whose answer a limit held back, oldest
    first (none without a journal); of one address's, the newest
    ``UNANSWERED_AN_ADDRESS`` (``unanswered_not_listed`` counts the others); read only."""
    split = _unanswered_split(spool, since, until)
    if split is None:  # a journal no poll of this version opened: no address to bound by
        within = _window(since, until)
        rows = _rows(spool, f"SELECT key, outcome, at FROM unanswered WHERE {within}")
        rows = sorted(rows, key=lambda row: taken_rank(row[2], row[0]))
    else:
        rows = split[0]
    return [Unanswered(str(row[0]), printable(str(row[1])), float(row[2])) for row in rows]


def unanswered_not_listed(spool: Path, since: float, until: float | None = None) -> dict[str, int]:
    """Of the mails not answered since ``since`` (seconds), those ``unanswered`` leaves
    out, counted by address, the most first; read only. A record with no address (one
    written before the journal kept them) is always listed. The counts of a minute folded
    (``Journal._fold_unanswered``: a flood's mails beyond its bound) count whole when their
    newest mail is since then."""
    split = _unanswered_split(spool, since, until)
    counts = {} if split is None else dict(split[1])
    within = _window(since, until)
    folds = read_rows(
        spool,
        f"SELECT sender, SUM(mails) FROM unanswered_folds WHERE {within} GROUP BY sender",
    )
    for sender, mails in folds or ():
        counts[str(sender)] = counts.get(str(sender), 0) + int(mails)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {printable(sender): count for sender, count in ranked}


class SetAside(Record):
    """A player's orders in a mail that looked automatic, not filed: as the digest and
    ``wtg status`` show them."""

    key: str
    game: str
    seat: str
    """The seat whose code the form carried: its number and name (``2 Bob``)."""
    why: str
    """The header that made the mail look automatic (``Precedence: bulk``)."""
    archive: str
    at: float


def set_aside(spool: Path, since: float, until: float | None = None) -> list[SetAside]:
    """The players' orders set aside since ``since`` (seconds) and not filed by the GM since
    (``wtg orders``: ``Journal.aside_filed``), newest first (none without a journal); read
    only."""
    within = _window(since, until)  # numbers: nothing of a mail's in the query
    taken = "SELECT s.key, game, seat, why, archive, at"
    query = (  # a poll's mails share its moment (at): the newest arrived first among them
        f"{taken}, r.order_key FROM set_aside AS s LEFT JOIN aside_arrived AS r "
        f"ON r.key = s.key WHERE {within} AND NOT EXISTS (SELECT 1 FROM "
        "aside_filed AS f WHERE f.key = s.key AND f.game = s.game) ORDER BY game, seat"
    )
    rows = read_rows(spool, query)
    if rows is None:  # a journal no poll of this version has opened: nothing filed in it
        rows = [(*row, "") for row in _rows(spool, f"{taken} FROM set_aside AS s WHERE {within}")]
    return [_set_aside(spool, row) for row in _aside_order(rows, newest_first=True)]


def _aside_order(rows: Sequence[Sequence[Any]], newest_first: bool = False) -> list[Sequence[Any]]:
    """Rows of mails set aside (key, game, seat, why, archive, at, arrival key), oldest
    first (or the newest): by when the poll set them aside, then by when they arrived, then
    by key; the games of one mail as the rows came."""
    return sorted(
        rows, key=lambda row: (float(row[5]), arrival_rank(row[6], row[0])), reverse=newest_first
    )


class WrongCodes(Record):
    """The forms refused for a wrong code of one seat since a moment, as the digest says
    them: a code tried again and again is someone guessing it."""

    game: str
    seat: int
    """``NO_SEAT`` for the codes of commands (a command's CODE names no seat)."""
    forms: int
    """How many forms, or mails of commands (a mail of two for the seat counts once)."""
    elsewhere: int
    """Of those, how many came from an address other than the seat's."""
    addresses: int
    """The addresses other than the seat's they came from (of the newest
    ``WRONG_CODE_ROWS`` forms, when ``more_addresses``)."""
    more_addresses: bool = False
    """Whether older forms from other addresses were only counted (a flood: the journal
    keeps a row of the newest ``WRONG_CODE_ROWS`` of a seat), so that ``addresses`` is how
    many at least."""


class CodesElsewhere(Record):
    """The mails that carried one seat's right code from another mailbox than the seat's
    since a moment (a forged From, the player at work, or someone who read his code), as
    `wtg status` and the digest say them."""

    game: str
    seat: int
    mails: int
    addresses: int
    """The other addresses they came from."""


def codes_elsewhere(spool: Path, since: float, until: float | None = None) -> list[CodesElsewhere]:
    """The seats whose right code came from other addresses than theirs since ``since``
    (seconds), the most mails first (none without a journal, or in one no poll of this
    version has opened); read only."""
    within = _window(since, until)  # numbers: nothing of a mail's in the query
    rows = read_rows(
        spool,
        "SELECT game, seat, COUNT(*), COUNT(DISTINCT sender) FROM codes_elsewhere "
        f"WHERE {within} GROUP BY game, seat",
    )
    found = [
        CodesElsewhere(game=printable(str(g)), seat=int(s), mails=int(n), addresses=int(a))
        for g, s, n, a in rows or ()
    ]
    return sorted(found, key=lambda item: (-item.mails, item.game, item.seat))


class ReadLate(Record):
    """A player's orders read after their turn ran, since a moment, as `wtg status GAME`
    and the digest say them: one a player a game."""

    game: str
    seat: int
    mails: int
    """How many of his mails were read so."""
    line: str
    """The GM's line of the last of them (``wtg.mail.incoming.readlate.gm_line``): what
    came when, and the commands that run the turn again with them."""
    at: float
    """The moment of the poll that read the last of them."""

    def said(self) -> str:
        """Its line, with how many mails when more than one."""
        if self.mails == 1:
            return self.line
        return f"{self.line}; {plurals.counted(self.mails, 'mail')} of his were read so"


def read_late(spool: Path, since: float, until: float | None = None) -> list[ReadLate]:
    """The players' orders read after their turn ran by polls since ``since`` (seconds),
    one a player a game, the newest first (none without a journal, or in one no poll of
    this version has opened); read only."""
    within = _window(since, until)  # numbers: nothing of a mail's in the query
    rows = read_rows(
        spool,
        f"SELECT game, seat, mails, line, at FROM read_late WHERE {within} "
        "ORDER BY at DESC, game, seat",
    )
    found: dict[tuple[str, int], ReadLate] = {}
    for game, seat, mails, line, at in rows or ():
        key = (str(game), int(seat))
        newest = found.get(key)
        if newest is None:
            found[key] = ReadLate(
                game=str(game), seat=int(seat), mails=int(mails), line=str(line), at=float(at)
            )
        else:
            found[key] = newest.replaced(mails=newest.mails + int(mails))
    return list(found.values())


def wrong_codes(spool: Path, since: float, until: float | None = None) -> list[WrongCodes]:
    """The seats whose code was tried wrong since ``since`` (seconds), the most tried first
    (none without a journal, or in one no poll of this version has opened); read only. The
    counts of a minute folded (``Journal._fold_wrong_codes``) count whole when their newest
    form is since then."""
    within = _window(since, until)  # numbers: nothing of a mail's in the query
    rows = read_rows(
        spool,
        "SELECT game, seat, COUNT(*), SUM(1 - own), COUNT(DISTINCT CASE WHEN own = 0 THEN "
        f"sender END) FROM wrong_codes WHERE {within} GROUP BY game, seat",
    )
    folds = read_rows(
        spool,
        "SELECT game, seat, SUM(forms), SUM(elsewhere) FROM wrong_code_folds "
        f"WHERE {within} GROUP BY game, seat",
    )
    counted: dict[tuple[str, int], list[int]] = {}
    for g, s, n, e, a in rows or ():
        counted[(str(g), int(s))] = [int(n), int(e or 0), int(a or 0), 0]
    for g, s, n, e in folds or ():
        seat = counted.setdefault((str(g), int(s)), [0, 0, 0, 0])
        seat[0] += int(n)
        seat[1] += int(e or 0)
        seat[3] = int(e or 0)
    found = [
        WrongCodes(printable(game), seat, forms, elsewhere, max(addresses, bool(more)), bool(more))
        for (game, seat), (forms, elsewhere, addresses, more) in counted.items()
    ]
    return sorted(found, key=lambda item: (-item.forms, item.game, item.seat))


def set_aside_entries(spool: Path) -> list[SetAside]:
    """Every mail set aside the journal holds, filed by the GM or not, oldest first (none
    without a journal); read only."""
    taken = "SELECT s.key, game, seat, why, archive, at"
    rows = read_rows(
        spool,
        f"{taken}, r.order_key FROM set_aside AS s LEFT JOIN aside_arrived AS r ON r.key = s.key "
        "ORDER BY game, seat",
    )
    if rows is None:  # a journal older than the arrivals kept
        rows = [(*row, "") for row in _rows(spool, f"{taken} FROM set_aside AS s")]
    return [_set_aside(spool, row) for row in _aside_order(rows)]


def _set_aside(spool: Path, row: Sequence[Any]) -> SetAside:
    """A mail set aside from its row (key, game, seat, why, archive, at, arrival key)."""
    key, game, seat, why, archive, at, _arrived = row
    return SetAside(
        str(key),
        printable(str(game)),
        printable(str(seat)),
        printable(str(why)),
        kept_here(spool, str(archive)),
        float(at),
    )


class Arrival(Record):
    """When a mail set aside arrived, as the poll read it (``Journal.set_aside``)."""

    key: str
    """The message."""
    order_key: str
    received: float


def aside_arrival(spool: Path, key: str) -> Arrival | None:
    """When the mail set aside under ``key`` arrived; None when the journal did not keep it
    (a journal of an older version, or none). Read only."""
    rows = read_rows(spool, "SELECT order_key, received FROM aside_arrived WHERE key = ?", (key,))
    if not rows:
        return None
    order_key, received = rows[0]
    return Arrival(key, str(order_key), float(received))
