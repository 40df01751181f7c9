"""`wtg digest`: the GM's daily look at every game in one text: the turns run since the
last digest, the mail the poll quarantined, the mail whose answer a limit of answers held
back, the players' orders in mails that looked automatic (not filed), the players whose
orders are missing, the addresses whose mail bounced, and the game folders that cannot be
read.

The time of the last digest is kept in the spool (``digest.json``); the first digest looks
back a day.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from logging import DEBUG, INFO
from pathlib import Path

from wtg.core.plurals import counted
from wtg.core.printable import on_screen
from wtg.core.record import Record
from wtg.files import private
from wtg.files.diskspace import low_disk
from wtg.files.gamesfolder import SPOOL
from wtg.files.store import write_atomic
from wtg.game.bounces import failing_seats
from wtg.game.engine import Game
from wtg.game.presslinks import unlinked
from wtg.game.schedule import iso, moment_text, parse_iso
from wtg.gm.gamestatus import GameStatus, game_status, overdue
from wtg.host.announcement import cut_short as announcements_cut_short
from wtg.host.announcement import owed_line
from wtg.host.gamesdir import Unreadable, failure_reason, scan_games
from wtg.host.mailedgames import mailed_here, not_sent
from wtg.host.pollhealth import last_poll
from wtg.host.results import ended_words
from wtg.lobby.database import FILE as BOOK_FILE
from wtg.lobby.database import FOLDER as BOOK_FOLDER
from wtg.lobby.database import LobbyDatabase, torn
from wtg.lobby.domains import MadeOfList, TakenToOneDomain, made_of_one_domain, taken_to_one_domain
from wtg.logs.events import log_event
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.digestmark import (
    DIGEST_FILE,
    ROWS,
    RUNS_TOLD,
    exact,
    last_digest,
    read_exact,
    rows_digest,
    rows_until,
    runs_told,
)
from wtg.mail.outgoing.failedmail import Listed, set_aside_since
from wtg.mail.outgoing.notices import owed_lines
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.servers.otherhost import others_seen
from wtg.mail.spool.afterbackup import held_line
from wtg.mail.spool.floodcopies import FLOOD_DAY_FIRST, FLOOD_DAY_NEWEST, FLOOD_FIRST, FLOOD_NEWEST
from wtg.mail.spool.journal import QUARANTINE_AN_ADDRESS, UNANSWERED_AN_ADDRESS, mailed_turns
from wtg.mail.spool.journallists import (
    CodesElsewhere,
    FloodCount,
    Quarantined,
    ReadLate,
    SetAside,
    Unanswered,
    WrongCodes,
    codes_elsewhere,
    flood_not_kept,
    held_mails,
    held_over,
    quarantine_listed,
    quarantined,
    read_late,
    set_aside,
    shown_first,
    unanswered,
    unanswered_not_listed,
    wrong_codes,
)
from wtg.text.prose import WIDTH

FIRST_LOOK = timedelta(days=1)


class TurnRun(Record):
    game: str
    turn: int
    ran_at: str
    ended: str = ""
    """The turn that ended the game: how, and who won, in words; empty for any other."""

    def named(self) -> str:
        """The run as the digest's mark names it (``RUNS_TOLD``): ``g1 4``."""
        return f"{self.game} {self.turn}"


class Missing(Record):
    """A game whose coming turn waits for orders that have not come."""

    game: str
    turn: int
    deadline: str | None
    held: bool
    players: tuple[str, ...]


class NotMailed(Record):
    """A game whose players were never mailed its latest turn (`wtg send` forgotten): its
    orders are not missing, since no player has the turn to answer."""

    game: str
    said: str
    """What `wtg status` says of it on its NOT MAILED line (``wtg.host.mailedgames``)."""


class Overdue(Record):
    """A game whose deadline passed long ago while its turn has not run
    (``wtg.gm.gamestatus.overdue``: no cron line, cron's `wtg` not found)."""

    game: str
    turn: int
    said: str
    """What `wtg status` says of it: how long ago, and what runs it."""


class Failing(Record):
    game: str
    player: str
    address: str
    since: str
    why: str


class Digest(Record):
    since: str
    until: str
    """The moment it was made, to its fraction of a second (``digestmark.exact``)."""
    rows_since: str = ""
    """Where its lists of the journal begin, when not at ``since`` (where the last
    digest's ended: ``digestmark.rows_until``)."""
    rows: str = ""
    """Where they end, when not at the whole second of ``until``: ``until`` itself, or the
    second a poll under way began in (``digestmark.rows_until``)."""
    runs: tuple[TurnRun, ...] = ()
    told_before: tuple[str, ...] = ()
    """The turns run in the second of ``since`` the last digest listed (``runs_told``):
    kept by the mark written before this digest is queued (``mail_and_mark``)."""
    folders: tuple[str, ...] = ()
    """The host's games folder, as given and absolute: a path in it (a kept mail's, a
    game folder's) that is there (``on_disk``) is kept whole in the digest's lines, to be
    copied, and no other word wider than a line (``wtg.text.hostpaths``)."""
    quarantine: tuple[Quarantined, ...] = ()
    """Mail the poll could not handle: those listed
    (``wtg.mail.spool.journallists.quarantine_listed``)."""
    quarantine_not_listed: tuple[tuple[str, int], ...] = ()
    """Of those, the ones the list leaves out (``QUARANTINE_AN_ADDRESS`` of an address are
    listed), counted by address, the most first."""
    held: tuple[Quarantined, ...] = ()
    """Mail for games this host does not know, kept for the GM."""
    held_not_listed: int = 0
    """Mails held whose record the list's bound let go
    (``wtg.mail.spool.journallists.held_over``)."""
    unanswered: tuple[Unanswered, ...] = ()
    """Mails whose answer a limit of answers held back since the last digest."""
    unanswered_not_listed: tuple[tuple[str, int], ...] = ()
    """Of those, the ones the list leaves out (``UNANSWERED_AN_ADDRESS`` of an address are
    listed), counted by address, the most first."""
    set_aside: tuple[SetAside, ...] = ()
    """Players' orders in mails that looked automatic since the last digest, not filed
    (``wtg.mail.incoming.setaside``), newest first."""
    flood_not_kept: tuple[FloodCount, ...] = ()
    """A stranger's mails whose copies a flood's bound let go since the last digest
    (``wtg.mail.spool.floodcopies``), the latest first."""
    wrong_codes: tuple[WrongCodes, ...] = ()
    """The seats whose code forms tried wrong since the last digest, the most tried first
    (``wtg.mail.spool.journallists.wrong_codes``): someone guessing a code tries many."""
    codes_elsewhere: tuple[CodesElsewhere, ...] = ()
    """The seats whose right code came from other addresses than theirs since the last
    digest, the most mails first (``wtg.mail.spool.journallists.codes_elsewhere``): the
    player was told to ask the GM for a new code."""
    read_late: tuple[ReadLate, ...] = ()
    """Players' orders read after their turn ran since the last digest, though their mail
    came in time (``wtg.mail.incoming.readlate``), a player a game, the newest first."""
    missing: tuple[Missing, ...] = ()
    not_mailed: tuple[NotMailed, ...] = ()
    """The games whose latest turn was never mailed to their players, said in place of
    their orders missing: the digest listed as "Orders missing" the players of a turn `wtg
    send` never mailed, who had no turn to answer."""
    overdue: tuple[Overdue, ...] = ()
    """Games whose turn has not run long after its deadline."""
    bounces: tuple[Failing, ...] = ()
    troubles: tuple[str, ...] = ()
    refused: tuple[Listed, ...] = ()
    """Mails `wtg send` set aside for good since the last digest (the server refused them,
    or put them off for days: ``failedmail.set_aside_since``), oldest first."""
    one_domain: tuple[MadeOfList, ...] = ()
    """Games made of a waiting list since the last digest whose players write, most of
    them, from one mail domain (``wtg.lobby.domains``: one person's Sybils, or a large
    provider's players), oldest first."""
    taken_one_domain: tuple[TakenToOneDomain, ...] = ()
    """Games whose seats offered were taken over since the last digest and whose players
    now write, most of them, from one mail domain (``wtg.lobby.domains``), oldest first."""
    owed: tuple[str, ...] = ()
    """What GM commands cut short still owe the players, a line each with the command that
    finishes it, as `wtg status` and `wtg send` say them (``owed_by_commands``)."""
    disk_low: str = ""
    """That the disk of the games folder is nearly full (``wtg.files.diskspace.low_disk``),
    told each morning while there is time to make room; "" when it has room."""
    book: str = ""
    """Why the lobby's book cannot be read (torn, or written over:
    ``wtg.lobby.database.torn``), with what to do; "" when it can, or the host keeps none.
    Every game's news is told all the same; the lists' parts are told without it."""
    turns_held: str = ""
    """Why `run-turn --due` and `wtg serve` run no turn: a host restored from a backup whose
    last poll found mail filed after the backup and never read here
    (``wtg.mail.spool.afterbackup.held_line``); "" when they run them. Told each morning
    while it lasts: under `wtg serve` only its log said it."""
    other_program: str = ""
    """The line of the last poll since the last digest that found mail another program
    put into the IMAP folders the poll files into (``wtg.mail.servers.otherhost``); "" when none."""

    def told_runs(self) -> tuple[str, ...]:
        """The turns run in the second it was made in that it lists, and those of that
        second the last digest listed when it was made in the same (``RUNS_TOLD``): the
        next digest lists the others of that second."""
        second = iso(read_exact(self.until))
        before = self.told_before if self.since == second else ()
        listed = tuple(run.named() for run in self.runs if run.ran_at == second)
        return tuple(dict.fromkeys((*before, *listed)))

    def rows_to(self) -> datetime | None:
        """Where the next digest's lists of the journal begin, when not where it begins."""
        return read_exact(self.rows) if self.rows else None

    def empty(self) -> bool:
        """Nothing to tell: a quiet cron says nothing."""
        return not (
            self.runs
            or self.quarantine
            or self.quarantine_not_listed
            or self.held
            or self.held_not_listed
            or self.unanswered
            or self.unanswered_not_listed
            or self.set_aside
            or self.flood_not_kept
            or self.wrong_codes
            or self.codes_elsewhere
            or self.read_late
            or self.missing
            or self.not_mailed
            or self.overdue
            or self.bounces
            or self.troubles
            or self.refused
            or self.one_domain
            or self.taken_one_domain
            or self.other_program
            or self.owed
            or self.disk_low
            or self.book
            or self.turns_held
        )

    def not_listed(self) -> int:
        """How many mails not answered the list leaves out (``unanswered_not_listed``)."""
        return sum(count for _, count in self.unanswered_not_listed)

    def quarantine_shown(self) -> list[Quarantined]:
        """The mails quarantined listed in the order the digest shows them: a player's
        first (``shown_first``)."""
        return shown_first(self.quarantine)

    def quarantine_left_out(self) -> int:
        """How many mails quarantined the list leaves out (``quarantine_not_listed``)."""
        return sum(count for _, count in self.quarantine_not_listed)

    def on_disk(self, path: str) -> bool:
        """Whether ``path``, a word below one of ``folders``, is there: a stranger's word
        begun with the games folder is no file of it, and is cut as any other."""
        return os.path.lexists(path)

    def text(self, columns: int = WIDTH) -> str:
        """The digest as the GM reads it, printed or mailed, in a terminal either way, its
        lines of at most 78 columns, or of ``columns`` (a narrower terminal's): what its
        lists quote of a stranger's mail (a held mail's game) without a control sequence or
        a pile of marks (``wtg.core.printable.on_screen``), as every line of wtg's for him."""
        rendered = compose.render_gm(
            "digest",
            columns,
            digest=self,
            flood_first=FLOOD_FIRST,
            flood_newest=FLOOD_NEWEST,
            flood_day_first=FLOOD_DAY_FIRST,
            flood_day_newest=FLOOD_DAY_NEWEST,
            unanswered_an_address=UNANSWERED_AN_ADDRESS,
            quarantine_an_address=QUARANTINE_AN_ADDRESS,
        )
        return on_screen(rendered)

    def line(self) -> str:
        """What it tells, counted, in a line (the log's)."""
        counts = (
            f"{counted(len(self.runs), 'turn')} run",
            f"{counted(len(self.missing), 'game')} waiting for orders",
            f"{len(self.not_mailed)} not mailed",
            f"{counted(len(self.quarantine) + self.quarantine_left_out(), 'mail')} quarantined",
            f"{len(self.held)} held",
            f"{len(self.unanswered) + self.not_listed()} not answered",
            f"{counted(len(self.bounces), 'address', 'addresses')} failing",
            f"{counted(len(self.troubles), 'folder')} unreadable",
        )
        told = ", ".join(counts)
        if self.set_aside:  # added last, and only when there are some: the line stays as it was
            told += f", {counted(len(self.set_aside), 'order mail')} set aside"
        if self.flood_not_kept:  # the same
            dropped = sum(c.dropped for c in self.flood_not_kept)
            told += f", {counted(dropped, 'mail')} of a flood not kept"
        if self.overdue:  # the same
            told += f", {counted(len(self.overdue), 'turn')} overdue"
        if self.refused:  # the same
            told += f", {counted(len(self.refused), 'mail')} set aside for good"
        if self.one_domain:  # the same
            told += f", {counted(len(self.one_domain), 'game')} made of a list mostly at one domain"
        if self.taken_one_domain:  # the same
            taken = counted(len(self.taken_one_domain), "game")
            told += f", {taken} taken over mostly at one domain"
        if self.other_program:  # the same
            told += ", another program files into the mailbox's folders"
        if self.owed:  # the same
            told += f", {counted(len(self.owed), 'notice')} owed"
        if self.disk_low:  # the same
            told += ", the disk nearly full"
        if self.wrong_codes:  # the same
            told += f", {counted(sum(w.forms for w in self.wrong_codes), 'wrong code')}"
        if self.codes_elsewhere:  # the same
            mails = sum(c.mails for c in self.codes_elsewhere)
            told += f", {counted(mails, 'code')} used from another address"
        if self.book:  # the same
            told += ", the lobby's book cannot be read"
        if self.turns_held:  # the same
            told += ", the turns due held"
        if self.read_late:  # the same
            told += f", {counted(sum(r.mails for r in self.read_late), 'order mail')} read late"
        return f"since {self.since}: {told}"


MAILING_ROWS = "mailing_rows"
"""The key of ``DIGEST_FILE`` beside ``mailing``: where that digest's lists of the journal
end (``Mailing.rows``)."""
MAILING_TOLD = "mailing_told"
"""The key of ``DIGEST_FILE`` beside ``mailing``: the turns run in its second that digest
listed (``Mailing.told``)."""


class Mailing(Record):
    """A digest mail a run cut short may not have queued: the intent written before it is
    queued, with what names its mail (``queue_digest``)."""

    at: datetime
    """The moment the digest was made at (it tells what happened until then)."""
    day: date | None = None
    """The day it was due, for the service's daily digest (its mail is named after it)."""
    to: str = ""
    """The address it goes to, when not the config's ``from`` (``digest --mail --to``)."""
    rows: datetime | None = None
    """Where its lists of the journal end (``Digest.rows``, else ``at``); None in an intent
    an older wtg wrote. The run that finishes it ends them there too: made again once the
    poll under way had ended, they ran on to ``at``, and the mark after the digest queued
    before the cut (whose lists ended where that poll began) left the poll's rows to
    neither (``finish_mailing``)."""
    told: tuple[str, ...] | None = None
    """The turns run in the second of ``at`` its digest listed (``Digest.told_runs``); None
    in an intent an older wtg wrote. The run that finishes a mail queued before the cut
    marks these told: made again, the digest lists a turn run in that second after it was
    first made, which the mail queued does not (``finish_mailing``)."""


def mark_digest(
    spool: Path,
    now: datetime,
    mailing: Mailing | datetime | None = None,
    rows: datetime | None = None,
    told: Sequence[str] = (),
) -> None:
    """The next digest tells what happened after ``now``. ``mailing``: the intent written
    before the digest made at that moment is queued (``now`` stays the last), which a
    run cut short before its mark leaves for the next to finish (``digest_intent``).
    ``rows``: where its lists of the journal begin, when not at ``now`` (``Digest.rows``).
    ``told``: the turns run in the second of ``now`` listed (``Digest.told_runs``)."""
    private.make_dirs(spool)
    data: dict[str, str | list[str]] = {"last": iso(now)}
    if told:
        data[RUNS_TOLD] = list(told)
    if rows is not None and exact(rows) != iso(now):
        data[ROWS] = exact(rows)
    if isinstance(mailing, datetime):
        mailing = Mailing(mailing)
    if mailing is not None:
        data["mailing"] = exact(mailing.at)
        data |= {"day": mailing.day.isoformat()} if mailing.day is not None else {}
        data |= {"to": mailing.to} if mailing.to else {}
        data |= {MAILING_ROWS: exact(mailing.rows)} if mailing.rows is not None else {}
        data |= {MAILING_TOLD: list(mailing.told)} if mailing.told is not None else {}
    write_atomic(spool / DIGEST_FILE, json.dumps(data) + "\n")


def digest_intent(spool: Path) -> Mailing | None:
    """The digest whose mail a run cut short may not have queued, or None."""
    try:
        data = json.loads((spool / DIGEST_FILE).read_text(encoding="utf-8"))
        at = read_exact(str(data["mailing"]))
        day = date.fromisoformat(str(data["day"])) if "day" in data else None
        to = data.get("to")
        rows = read_exact(str(data[MAILING_ROWS])) if MAILING_ROWS in data else None
        told = data.get(MAILING_TOLD)
        named = (
            tuple(run for run in told if isinstance(run, str)) if isinstance(told, list) else None
        )
        return Mailing(at, day, to if isinstance(to, str) else "", rows, named)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def finish_mailing(games_dir: Path, sender: str) -> str | None:
    """The digest of a run cut short before its mark (``digest --mail``'s or the
    service's): made again for its moment, queued (once: its outbox id names its moment,
    or the day it was due, and the outbox knows it when it was queued before the cut) and
    marked told. Its outbox id; None when no run was cut short."""
    spool = games_dir / SPOOL
    intent = digest_intent(spool)
    if intent is None:
        return None
    made = make_digest(games_dir, intent.at, rows_end=intent.rows)
    queued = Outbox(spool).known(digest_ident(intent.at, intent.day))
    ident = queue_digest(spool, sender, intent.to or sender, made.text(), intent.at, intent.day)
    # the mail queued before the cut tells the runs its intent names, not this one's
    told = intent.told if queued and intent.told is not None else made.told_runs()
    mark_digest(spool, intent.at, rows=made.rows_to(), told=told)
    return ident


def mail_and_mark(
    games_dir: Path, sender: str, to: str, made: Digest, day: date | None = None
) -> str | None:
    """Queue the digest ``made`` to ``to``, the intent first (killed before the mark, the
    next run queues it: ``finish_mailing``), then mark it told; its outbox id. ``day``:
    the day it was due (the service's daily digest is named after it). None, and nothing
    queued or marked, when a digest mailed earlier in its second holds its name (`wtg
    digest --mail` twice in one second): the next digest lists what it held. Marked told
    unmailed, its lists of the journal, which end at the moment it was made and not at
    its whole second (``digestmark.exact``), held the records of a poll run between the
    two, and no digest told them. A second digest due the same ``day`` (the clock set back
    after the first was mailed) is named after its second, as `wtg digest --mail`'s is: named
    after the day, the outbox took it for the first, and it was marked told unmailed."""
    spool = games_dir / SPOOL
    now = read_exact(made.until)
    if day is not None and Outbox(spool).known(digest_ident(now, day)):
        day = None
    if day is None and Outbox(spool).known(digest_ident(now)):
        return None
    since = parse_iso(made.since)
    mailing = Mailing(now, day, "" if to == sender else to, made.rows_to() or now, made.told_runs())
    rows_since = read_exact(made.rows_since) if made.rows_since else None
    mark_digest(spool, since, mailing, rows_since, made.told_before)
    ident = queue_digest(spool, sender, to, made.text(), now, day)
    # told: the next tells what happens after
    mark_digest(spool, now, rows=made.rows_to(), told=made.told_runs())
    return ident


def make_digest(games_dir: Path, now: datetime, rows_end: datetime | None = None) -> Digest:
    """What the GM should know of every game of ``games_dir`` since the last digest.
    ``rows_end``: where its lists of the journal end, as the digest of a run cut short
    ended them (``Mailing.rows``); where a poll under way began, or ``now``, when None."""
    spool = games_dir / SPOOL
    since = last_digest(spool, now) or now - FIRST_LOOK
    # what happened until the whole second the mark keeps (``mark_digest``), where the next
    # digest begins: a mail of this second after it was made is the next one's, as is one
    # of this second before it (a file's time or a journal's has its fraction of a second)
    made_at = parse_iso(iso(now))
    listed_before = runs_told(spool, since)
    until = made_at.timestamp()
    # the journal's lists: from where the last digest's ended, to the moment it is made
    # (a poll's rows carry the moment it began: one run just before, in this second, is
    # told now), or to where a poll under way began (its rows, not committed yet, are the
    # next digest's)
    rows_since = rows_digest(spool, now) or since
    rows_end = rows_until(spool, rows_since, now) if rows_end is None else rows_end
    start, end = rows_since.timestamp(), rows_end.timestamp()
    runs: list[TurnRun] = []
    missing: list[Missing] = []
    unsent: list[NotMailed] = []
    mailed = mailed_turns(spool)  # the last turn mailed of each game, as `wtg status` reads it
    late: list[Overdue] = []
    bounces: list[Failing] = []
    troubles: list[str] = []
    owed: list[str] = []
    addresses: dict[str, dict[int, str]] = {}
    book = torn(games_dir) or ""
    polled = last_poll(spool)
    waiting = dict(polled.waiting) if polled is not None else {}
    for found in scan_games(games_dir).games():
        if isinstance(found, Unreadable):
            waits = waiting.get(found.folder.name)
            wait = "waits" if waits == 1 else "wait"
            told = f"; {counted(waits or 0, 'mail')} {wait} in the inbox for it (the last poll)"
            told = told if waits else ""
            troubles.append(found.line() + told)
            continue
        try:
            runs += _runs(found, since, made_at, listed_before)
            status = game_status(found)
            latest, name = found.latest_turn(), status["game"]
            ours = mailed_here(mailed, name, latest)
            unmailed = not_sent(latest, mailed.get(name, -1), ours)
            if unmailed is not None and not status["over"]:  # no player has the turn
                unsent.append(NotMailed(status["game"], unmailed))
            else:
                missing += _missing(status)
            said = overdue(status, now)
            if said is not None:
                late.append(Overdue(status["game"], status["turn"], said))
            bounces += failing_of(found)
            owed += owed_lines(spool, found)
            if status["takeover_cut_short"] is not None:  # as `wtg status` says it
                owed.append(f"game {status['game']}: {status['takeover_cut_short']}")
            addresses[found.config.game] = {p.id: p.email for p in found.config.players}
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            troubles.append(f"{found.store.root}: cannot be read, skipped: {failure_reason(exc)}")
    kept, kept_over = quarantine_listed(quarantined(spool))
    seen = others_seen(spool)
    made = Digest(
        since=iso(since),
        until=exact(now),
        folders=tuple(dict.fromkeys((str(games_dir), str(games_dir.absolute())))),
        runs=tuple(runs),
        told_before=tuple(sorted(listed_before)),
        quarantine=tuple(kept),
        quarantine_not_listed=tuple(kept_over.items()),
        held=tuple(held_mails(spool)),
        held_not_listed=sum(item.mails for item in held_over(spool)),
        rows_since=exact(rows_since) if exact(rows_since) != iso(since) else "",
        rows=exact(rows_end) if rows_end != made_at else "",
        unanswered=tuple(unanswered(spool, start, end)),
        unanswered_not_listed=tuple(unanswered_not_listed(spool, start, end).items()),
        set_aside=tuple(set_aside(spool, start, end)),
        flood_not_kept=tuple(flood_not_kept(spool, start, end)),
        wrong_codes=tuple(wrong_codes(spool, start, end)),
        codes_elsewhere=tuple(codes_elsewhere(spool, start, end)),
        read_late=tuple(read_late(spool, start, end)),
        missing=tuple(missing),
        not_mailed=tuple(unsent),
        overdue=tuple(late),
        bounces=tuple(bounces),
        troubles=tuple(troubles),
        refused=tuple(set_aside_since(spool, since.timestamp(), until)),
        one_domain=tuple(_one_domain(games_dir, since) if not book else ()),
        taken_one_domain=tuple(_taken_one_domain(games_dir, since, addresses) if not book else ()),
        other_program=seen.line if seen is not None and seen.at >= since else "",
        owed=(*owed, *(owed_line(path, made) for path, made in announcements_cut_short(spool)[0])),
        disk_low=low_disk(games_dir) or "",
        book=book,
        turns_held=held_line(spool, "the inbox") or "",
    )
    log_event(f"digest: {made.line()}", level=DEBUG if made.empty() else INFO)
    return made


def digest_ident(now: datetime, day: date | None = None) -> str:
    """The outbox id of the digest made at ``now``: named after its second, or after
    ``day`` for the service's daily digest."""
    return f"digest-day-{day:%Y%m%d}" if day is not None else f"digest-{now:%Y%m%dT%H%M%S}"


def queue_digest(
    spool: Path, sender: str, to: str, text: str, now: datetime, day: date | None = None
) -> str:
    """The digest as a mail to the GM, in the outbox (`wtg send` mails it; durable before
    the digest is marked told): its outbox id, named after its moment, or after ``day``
    for the service's daily digest. Queued once: an id the outbox knows is not again. Its
    web addresses are defanged (``mailed_text``)."""
    ident = digest_ident(now, day)
    subject = f"wtg digest {day or now:%Y-%m-%d}"
    mailed = mailed_text(text)
    msg = compose.message(ident, sender, to, subject, mailed, when=now, kind="auto-generated")
    if Outbox(spool).add(ident, msg):
        log_event("digest queued as a mail to the GM", mail=ident)
    return ident


LINKS_SAID = (
    "Web addresses in this digest are written with [.] and [:] (wtg-login[.]example)\n"
    "so that no mail client makes them links: the mails it quotes wrote them, not\n"
    "wtg.\n"
)
"""The line under a mailed digest whose web addresses ``mailed_text`` defanged."""


def mailed_text(text: str) -> str:
    """The digest's ``text`` as the GM's mail carries it: each web address in it defanged
    (``wtg.game.presslinks.unlinked``: ``https[:]//wtg-login[.]example/reset``), with a line
    under it saying why. What it quotes of a mail (the game a held form names, a stranger's
    commands, a bounce's words) anyone may have written, and his mail client made it a link
    in a mail from the host's own address (attack47). The host's own words hold none
    (its paths, ``docs/mail.md``, are kept); printed, the digest is as it came."""
    shown = unlinked(text)
    return text if shown == text else f"{shown}\n{LINKS_SAID}"


def _one_domain(games_dir: Path, since: datetime) -> list[MadeOfList]:
    """The games made of a list since ``since`` whose players write, most of them, from
    one domain; none when the host keeps no lobby's book (and none is made)."""
    if not (games_dir / BOOK_FOLDER / BOOK_FILE).is_file():
        return []
    with LobbyDatabase(games_dir) as book:
        return made_of_one_domain(book, since)


def _taken_one_domain(
    games_dir: Path, since: datetime, addresses: dict[str, dict[int, str]]
) -> list[TakenToOneDomain]:
    """The games a seat of was taken over since ``since`` whose players (``addresses``, by
    seat) write, most of them, from one domain, two seats taken over among them; none when
    the host keeps no lobby's book."""
    if not (games_dir / BOOK_FOLDER / BOOK_FILE).is_file():
        return []
    with LobbyDatabase(games_dir) as book:
        return taken_to_one_domain(book, since, addresses)


def _runs(game: Game, since: datetime, until: datetime, told: frozenset[str]) -> list[TurnRun]:
    """The game's turns that ran from ``since`` to ``until`` (whole seconds, as ``ran_at``
    keeps them), oldest first, but those of the second ``since`` in ``told`` (the last
    digest listed them: ``runs_told``)."""
    found = []
    for turn in reversed(game.store.turns()):
        ran_at = game.meta(turn).get("ran_at")
        if not ran_at:
            break
        ran = parse_iso(ran_at)
        if ran < since:
            break
        if ran > until or (ran == since and f"{game.config.game} {turn}" in told):
            continue  # the next digest's (a clock's second later), or told
        found.append(TurnRun(game.config.game, turn, ran_at))
    if found and found[0].turn == game.store.latest_turn():
        ended = ended_words(game, found[0].ran_at)
        if ended:
            found[0] = found[0].replaced(ended=ended)
    return found[::-1]


def _missing(status: GameStatus) -> list[Missing]:
    if status["over"]:
        return []
    names = tuple(
        f"{p['id']} {p['name']}" for p in status["players"] if p["owes_orders"] and not p["orders"]
    )
    if not names:
        return []
    due = status["deadline"]  # as the GM commands' lines say one
    shown = moment_text(due) if due else None
    return [Missing(status["game"], status["turn"], shown, status["held"], names)]


def failing_of(game: Game) -> list[Failing]:
    """The game's players whose address is marked failing (its mail bounced: ``wtg
    bounces``), each with its latest bounce."""
    return [
        Failing(game.config.game, f"{entry.id} {entry.name}", mark.address, mark.since, mark.why)
        for entry, mark in failing_seats(game.store.root, game.config.players)
    ]
