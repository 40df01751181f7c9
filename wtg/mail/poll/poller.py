"""`wtg poll`: take order mails from the inbox, file them, and answer.

For every waiting message, oldest first as the server received them:
archive the raw message, then decide (an order form, help for a player, or no
answer at all), store the orders through the same intake as `wtg orders`, and
queue the answer in the outbox. A batch of messages becomes durable together
(one flush of the file system, then the journal commit) before the messages are
moved out of the inbox; a crash at any point leaves them to the next poll, which
finds its own earlier work by the message's key and Message-ID.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime, timezone
from email.message import Message
from pathlib import Path

from wtg.aof.copies import typed_order_lines
from wtg.aof.mailtext import MailLine, game_named, mail_lines
from wtg.core.errors import MailError
from wtg.core.numbered import Numbered, numbered
from wtg.core.plurals import counted
from wtg.files import diskflush, private
from wtg.files.diskflush import flush
from wtg.files.sqlitewait import cannot_use
from wtg.files.store import FormatRefused, GameLocked
from wtg.game.arrivalkey import arrival_order, comparable
from wtg.host.config import GmConfig, password_now
from wtg.host.gamesdir import unusable
from wtg.host.pollhealth import last_poll, record_poll
from wtg.lobby.database import BookTorn, torn
from wtg.logs.addresses import log_hiding_addresses
from wtg.logs.events import log_event
from wtg.mail.incoming.answers import Answers
from wtg.mail.incoming.bounce import MARKED, TOO_BIG_SAID, UNREAD_SAID, BounceNotes, marked_lines
from wtg.mail.incoming.commands import Commands
from wtg.mail.incoming.earlieranswers import EarlierAnswers
from wtg.mail.incoming.noreply import (
    Headers,
    auto_reply_reason,
    from_address,
    hosts_own,
    raw_headers,
    sender_address,
)
from wtg.mail.incoming.sameanswer import Asked
from wtg.mail.incoming.senderauth import HEADER, WORD, verdict
from wtg.mail.incoming.setaside import SET_ASIDE, why_shown
from wtg.mail.message.extract import extract_from_message, parse_mail
from wtg.mail.message.mailcopy import QUARANTINED, bytes_mark, earlier_mark, kept_mark
from wtg.mail.outgoing.digestmark import rows_digest
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.poll import underway, workers
from wtg.mail.poll.events import MailEvent, log_mail, log_poll
from wtg.mail.poll.filedafter import BEFORE, inbox_named, unread_after, unread_line
from wtg.mail.poll.hostclaim import HostMoved, look, mailbox_named
from wtg.mail.poll.inprogress import InHand, NoSlot, Slot
from wtg.mail.poll.processes import PollProcesses
from wtg.mail.poll.samekey import told_apart
from wtg.mail.poll.sharing import as_they_came
from wtg.mail.poll.summary import PollSummary, unsent_news
from wtg.mail.poll.timelimit import HandlingStopped, MailClock, MailTooLong
from wtg.mail.poll.waiting import Waiting
from wtg.mail.poll.workers import (
    KeptJournal,
    Note,
)
from wtg.mail.servers.inbox import (
    HEAD_MAX,
    Claimed,
    FiledInFolders,
    ImapInbox,
    Inbox,
    Incoming,
    KeepsFiled,
    MaildirInbox,
)
from wtg.mail.servers.mailboxkeys import key_mark
from wtg.mail.servers.otherhost import (
    Marked,
    Seen,
    keep_marks,
    kept_inbox,
    others_filed,
    others_took,
)
from wtg.mail.spool.afterbackup import backup_made, looked, note_unread
from wtg.mail.spool.asidepruning import unneeded
from wtg.mail.spool.floodcopies import (
    FLOOD_COPIES_DAYS,
    FLOOD_COUNTS_KEPT,
    NO_SENDER,
    day_of,
    may_go,
    trim,
)
from wtg.mail.spool.hostgames import Registry
from wtg.mail.spool.journal import ASIDE_KEPT, MESSAGES_KEPT, REPLIES_KEPT, UNANSWERED_KEPT, Journal
from wtg.mail.spool.outcome import (
    LATER,
    Kind,
    Outcome,
    for_the_gm,
    ignored,
    rejected,
    unheard,
    unheard_rejected,
)
from wtg.mail.spool.runlock import only_one

BOOK_HELD = "its commands not read: held for the GM"
"""What a command mail's outcome says when the lobby's book could not be read
(``wtg.lobby.database.BookTorn``)."""


class PollInterrupted(MailError):
    """The poll was interrupted (Ctrl-C, SIGINT): what it had committed by then."""

    def __init__(self, summary: PollSummary) -> None:
        super().__init__(
            f"poll interrupted: what it had filed is kept ({summary.line()}); the mails it "
            "had not finished wait in the inbox for the next poll"
        )
        self.summary = summary


class Poller:
    def __init__(
        self,
        gm: GmConfig,
        inbox: Inbox,
        now: datetime | None = None,
        *,
        jobs: int = 1,
        journal: Journal | None = None,
        alive: Callable[[], None] | None = None,
        told: Callable[[str], None] | None = None,
        failure_logged: bool = False,
        logged_by_caller: tuple[type[Exception], ...] = (),
        claimed: Claimed | None = None,
        take_over: bool = False,
    ) -> None:
        """``alive``: told after each mail this process handles (`wtg serve`'s ping of
        systemd's watchdog: a batch of mails that each take ``mail.handle_seconds`` lasts
        far longer than the watchdog waits, a mail never does); ``failure_logged``: the
        caller logs a poll that fails itself (`wtg serve`: one line, with its pause);
        ``logged_by_caller``: the failures the caller logs itself, the others logged here
        (`wtg poll --idle` logs a dropped connection, with its pause: the two logged it
        twice)."""
        self.gm = gm
        self.failure_logged = failure_logged
        self.logged_by_caller = logged_by_caller
        self.alive = alive
        self.told = told
        """Given each line of an address a bounce marked failing (``marked_lines``) once its
        batch is on disk, before its mails leave the inbox: a poll killed after that has
        said it (the next one finds the bounce handled, and has nothing to say of it)."""
        self.inbox = inbox
        self.claimed = claimed if claimed is not None else _claimed(inbox)
        """Where the hosts' claims on the mailbox are kept (``wtg.mail.poll.hostclaim``),
        looked at before any mail is moved: the inbox itself, or the one a wrapper of
        `wtg serve` reads; None for an inbox that keeps none (a test's)."""
        self.take_over = take_over
        """`wtg poll --take-over`: this host claims the mailbox whatever the claims say."""
        self.now = now or datetime.now(timezone.utc)
        self.journal = journal if journal is not None else Journal(gm.spool)
        self.outbox = Outbox(gm.spool)
        self.registry = Registry(gm.games_dir)
        self.answers = Answers(gm, self.outbox, self.journal, self.registry, self.now)
        self.bounces = BounceNotes(self.registry, self.answers.loop, self.now, self.outbox)
        self.commands = Commands(self.answers, self.registry)
        self.archive = gm.spool / "archive"
        self._archive_folders: dict[tuple[int, int], Path] = {}
        self._earlier: EarlierAnswers | None = None
        """The outbox's answers as the poll first looked (``_answered``)."""
        self.processes = PollProcesses(jobs, gm.limits.handle_seconds, alive)
        """The poll's other processes (``wtg.mail.poll.processes``): ``jobs`` processes it may file
        on, helpers only with many mails."""
        self.clock = MailClock(gm.limits.handle_seconds)
        """The time a mail may take (``wtg.mail.poll.timelimit``)."""
        self.hand: Slot = NoSlot()
        """This process's note of the mail in hand (``wtg.mail.poll.inprogress``)."""
        self.journal.witness = self._counted
        self.waiting = Waiting()
        """The mails this poll left waiting for a game to mend, bounded
        (``wtg.mail.poll.waiting``)."""
        self.deaths: dict[str, int] = {}
        """The mails the last poll's processes died with: the deaths each caused."""
        self._sender = ("", "")
        """The key of the mail in hand and its From's address ('': none), once read: a mail
        quarantined is listed under it (``QUARANTINE_AN_ADDRESS``)."""
        self.looking = False
        """Whether an earlier poll left its mark (``wtg.mail.poll.underway``): it may have
        queued answers its journal never recorded, which are looked up."""
        self.marked = False
        """Whether this poll wrote its mark (before its first mail's handling)."""
        self.broken: list[str] = []
        """A line for each file the poll went on without (the lobby's book torn: a flood's
        commands not forgotten, ``wtg.mail.spool.floodcopies.forget_done``)."""
        self.unfinished = False
        """Whether a mail found answered by an earlier reading, or one the last poll died
        with, was left in the inbox again (a game another process held): the mark stays
        for the next poll."""

    def run(self) -> PollSummary:
        counts = dict.fromkeys(("seen", "filed", "rejected", "quarantined", "ignored"), 0)
        counts["skipped"] = counts["held"] = counts["unanswered"] = counts["forged"] = 0
        counts["moved"] = counts["answered"] = 0
        events: list[tuple[str, MailEvent]] = []
        try:
            self._look_at_claims()
            self._prune()
            self.hand = self.processes.prepare(self.gm.spool, self.journal)
            self.looking = underway.found(self.gm.spool)
            self.deaths = self.processes.deaths
            self.processes.start(
                self.inbox.backlog(), self.journal, self._helping, single_threaded()
            )
            self.clock.start()
            marks = self._others_filed()
            self._filed_after_the_backup()
            for batch in self.inbox.waiting(self.gm.limits.max_bytes):
                done: list[Incoming] = []
                rejected: list[Incoming] = []
                # a batch's keys are distinct: what the journal kept for them is read at once
                known = self.journal.outcomes([message.key for message in batch])
                # a key of a mail handled before, or of another mail (samekey)
                batch, known = told_apart(batch, known, self.journal, self.archive, self._answered)
                # newest first: when one player sent several mails, the newest is filed and
                # the older ones are only answered (the server's order decides, not ours);
                # commands in the order they came (``as_they_came``)
                newest = sorted(batch, key=lambda m: arrival_order(m.order_key), reverse=True)
                ordered = as_they_came(newest)
                handled = self._handle_all([m for m in ordered if m.key not in known])
                batch_events: list[tuple[str, MailEvent]] = []
                for message in ordered:
                    kept = known.get(message.key)
                    if kept:  # handled by a poll that could not move it: moved now, no news
                        counts["moved"] += 1
                        moved = Outcome.from_text(kept).kind.to_rejected
                        (rejected if moved else done).append(message)
                        continue
                    counts["seen"] += 1
                    outcome = handled[message.key]
                    event = MailEvent(message.key, outcome)
                    batch_events.append((comparable(message.order_key), event))
                    counts[outcome.kind.counted_as] += 1
                    if outcome.held_back and outcome.kind is not Kind.UNANSWERED:
                        counts["unanswered"] += 1  # filed, and its confirmation held back
                    counts["forged"] += outcome.unheard
                    if outcome.kind is Kind.LATER:
                        continue
                    (rejected if outcome.kind.to_rejected else done).append(message)
                batch_events.sort(key=_arrival)
                for _, event in batch_events:  # each is in the journal: logged as done
                    log_mail(event)
                self._tell_bounced(batch_events)
                events += batch_events
                if marks is not None and (done or rejected):
                    marks = self._moving(marks)
                self.inbox.finish(done, rejected)
            self.inbox.settle()
            self._moved(marks)
            self._trim()
            if (self.marked or self.looking) and not self.unfinished:
                underway.clear(self.gm.spool)  # every batch committed
        except Exception as exc:
            self._commit_stopped()
            why = cannot_use(exc) or f"{type(exc).__name__}: {exc}"  # a wait ran out: named
            if isinstance(exc, HostMoved):  # no trouble of a poll's: its line, as said
                why = str(exc)
            logged = self.failure_logged or isinstance(exc, self.logged_by_caller)
            record_poll(self.gm.spool, self.now, why, logged=logged)
            raise
        except KeyboardInterrupt:
            # the batches committed stand; the one under way never committed, and its
            # mails, still in the inbox, are the next poll's (as after a kill)
            stopped = self._summary(counts, events)
            log_event(f"poll interrupted: {stopped.line()}", level=logging.WARNING)
            raise PollInterrupted(stopped) from None
        finally:
            self.clock.stop()
            self.answers.release()
            self.processes.stop()
            self.journal.close()
            underway.ended(self.gm.spool)  # its rows committed, or gone with the batch
        summary = self._summary(counts, events)
        before = last_poll(self.gm.spool)  # cron hears of answers unsent once an hour
        news = unsent_news(summary.unsent(), self.now, before.unsent_said if before else None)
        summary = summary.replaced(unsent_news=news)
        record_poll(self.gm.spool, self.now, None, summary.line(), summary.waiting(), news)
        troubles = summary.unreadable + summary.helpers_died + summary.broken
        hour = sum(event.outcome.strangers for _, event in events)
        log_poll(summary.line(), summary.seen, troubles, hour)
        return summary

    def _look_at_claims(self) -> None:
        """Before anything else: stop (HostMoved) when a copy of this host took the
        mailbox over; the line of one this host took over, told."""
        if self.claimed is None:
            return
        line = look(self.gm.spool, self.claimed, mailbox_named(self.gm), self.now, self.take_over)
        if line is not None and self.told is not None:
            self.told(line)

    def _others_filed(self) -> Marked | None:
        """Before this poll moves any mail: the mail another program put into the folders
        this host files into since its last poll, said (``wtg.mail.servers.otherhost``); the
        folders' marks now, None for an inbox that files into no server's folders."""
        if not isinstance(self.inbox, FiledInFolders):
            return None
        mailbox, marks = self.inbox.mailbox(), self.inbox.folder_marks()
        folder = self.gm.imap.folder if self.gm.imap is not None else mailbox
        line = others_filed(self.gm.spool, mailbox, marks, folder)
        if self.inbox.inbox_gone(kept_inbox(self.gm.spool, mailbox)) and line is None:
            line = others_took(folder)
        if line is not None:
            log_event(f"poll: {line}", level=logging.WARNING)
            if self.told is not None:
                self.told(line)
            keep_marks(self.gm.spool, mailbox, marks, Seen(at=self.now, line=line))
        return Marked(mailbox, marks, moving=False)

    def _filed_after_the_backup(self) -> None:
        """Before this poll moves any mail, on a host restored from a backup: the mail the
        host filed after the backup and never read here, named (``filedafter``); none left,
        the polls look no more. Mail that came after the restore counts too (hosts47:
        before, the look ended at the restore, and what the old host, its cron left on,
        filed between the restore and this host's first poll was named by nothing)."""
        moments = backup_made(self.gm.spool)
        if moments is None:
            looked(self.gm.spool)  # the note removed by the GM: what a poll found, with it
            return
        if not isinstance(self.inbox, KeepsFiled):
            return
        made, restored = moments
        # to this poll, not to the restore: the old host, its cron left on, filed what came
        # until this host's first poll claimed the mailbox (what this host filed, it knows)
        until = max(restored, self.now)
        found = self.inbox.filed_since(made - BEFORE, until, self.gm.limits.max_bytes)
        if found is None:  # the server would not say: the next poll looks again
            return
        unread = unread_after(self.journal, found)
        if not unread:
            looked(self.gm.spool)
            return
        note_unread(self.gm.spool, unread)  # `run-turn --due` holds the turns meanwhile
        line = unread_line(made, inbox_named(self.gm), unread, self.gm.spool)
        log_event(f"poll: {line}", level=logging.WARNING)
        if self.told is not None:
            self.told(line)

    def _moving(self, marks: Marked) -> Marked:
        """Before the poll's first move: no marks kept while it moves (``keep_marks``)."""
        if not marks.moving:
            keep_marks(self.gm.spool, marks.mailbox, None)
        return Marked(marks.mailbox, marks.marks, moving=True)

    def _moved(self, marks: Marked | None) -> None:
        """Once the poll's moves are done: the folders' marks kept as it leaves them."""
        if marks is None or not isinstance(self.inbox, FiledInFolders):
            return
        now = self.inbox.folder_marks() if marks.moving else marks.marks
        keep_marks(self.gm.spool, marks.mailbox, now, inbox=self.inbox.inbox_left())

    def _tell_bounced(self, events: list[tuple[str, MailEvent]]) -> None:
        """The addresses the bounces of a batch on disk marked failing, and the mails they
        said were too big for a player's mailbox: logged (the player's address kept out of
        the log) and ``told``, a line each."""
        keys = _bounces(events)
        lines = marked_lines(self.registry, keys) if keys else []
        for _, event in events:  # a mail too big for the player's mailbox: not marked
            detail = event.outcome.detail
            if event.outcome.kind is Kind.REJECTED and (
                TOO_BIG_SAID in detail or UNREAD_SAID in detail
            ):
                lines.append(detail)
        for line in lines:
            log_hiding_addresses(f"poll: {line}", level=logging.WARNING)
            if self.told is not None:
                self.told(line)

    def _prune(self) -> None:
        """Drop what nobody reads any more, once a poll, before any reply is read: the
        replies no limit reads, the mails not answered that neither ``wtg status`` nor the
        next digest reads (``unanswered_before``; the forms with a wrong code with them), and
        the records of mails set aside that nobody needs (``wtg.mail.spool.asidepruning``).
        One transaction: a kill leaves all of it or none. The journal busy past its timeout
        leaves them to the next poll."""
        moment = self.now.timestamp()
        before = moment - ASIDE_KEPT
        try:
            gone = unneeded(self.journal, self.gm.games_dir, self.gm.spool, before)
        except Exception as exc:  # the games folder is the GM's data: a reason, never a stop
            gone = []  # none judged gone: those filed long ago go all the same
            log_event(f"mails set aside not looked at: {exc}", level=logging.WARNING)
        try:
            self.journal.prune_replies(moment - REPLIES_KEPT)
            self.journal.prune_unanswered(unanswered_before(self.gm.spool, moment))
            self.journal.prune_wrong_codes(unanswered_before(self.gm.spool, moment))
            self.journal.prune_read_late(unanswered_before(self.gm.spool, moment))
            self.journal.prune_set_aside(before, gone)
            self.journal.commit()
        except sqlite3.OperationalError as exc:
            self.journal.db.rollback()
            log_event(
                f"old replies, mails not answered and mails set aside not pruned: {exc}",
                level=logging.WARNING,
            )

    def _trim(self) -> None:
        """Once every mail the poll saw has left the inbox: let go of the copies of a
        flood's mails beyond its bound (``wtg.mail.spool.floodcopies``) and of the records of
        mails handled that no copy check needs (``MESSAGES_KEPT``). The journal busy past its
        timeout leaves them to the next poll."""
        moment = self.now.timestamp()
        maildir = self.inbox.path if isinstance(self.inbox, MaildirInbox) else None
        try:
            before = counts_before(self.gm.spool, moment)
            trimmed = trim(self.journal, maildir, self.now, before, self.gm.games_dir)
            self.journal.prune_messages(moment - MESSAGES_KEPT)
            self.journal.commit()
        except sqlite3.OperationalError as exc:
            self.journal.db.rollback()
            log_event(
                f"a flood's copies and old mail records not pruned: {exc}", level=logging.WARNING
            )
            return
        if trimmed.book is not None:
            self.broken.append(trimmed.book)
        if trimmed.let_go:
            let = counted(trimmed.let_go, "mail")
            log_event(f"{let} of a flood not kept (counted: `wtg status`, the digest)")
        if trimmed.expired:
            old = counted(trimmed.expired, "mail")
            log_event(f"the copies of {old} of strangers kept {FLOOD_COPIES_DAYS} days deleted")

    def _summary(self, counts: dict[str, int], events: list[tuple[str, MailEvent]]) -> PollSummary:
        lost = {lost.line(): None for lost in self.registry.unreadable} | self.processes.unreadable
        folders = {lost.folder.name for lost in self.registry.unreadable} | self.processes.skipped
        bounces = _bounces(events)
        return PollSummary(
            **counts,
            events=tuple(event for _, event in sorted(events, key=_arrival)),
            bounced=tuple(marked_lines(self.registry, bounces)) if bounces else (),
            unreadable=tuple(lost),
            games_skipped=tuple(sorted(folders)),
            helpers_died=tuple(self.processes.died),
            broken=tuple(self.broken) + self.book_said(events),
            unsent_news=False,  # said once a poll is whole (``run``: once an hour at most)
        )

    def book_said(self, events: list[tuple[str, MailEvent]]) -> tuple[str, ...]:
        """The line of a lobby's book the mails of this poll could not read (its command
        mails held, its order mails filed as ever): said once a poll. A helper process
        tells the line with its share's outcomes (``Handled.book``: a CONFIRM beside orders
        met it, the orders filed); a mail held for it (``BOOK_HELD``) has the book read
        again for the line all the same. Said once: not again after a line of the poll's
        that begins with it (a flood's trim that met the book: ``floodcopies.forget_done``)."""
        line = self.commands.book_torn or self.processes.book
        if line is None and any(
            event.outcome.kind is Kind.HELD and BOOK_HELD in event.outcome.detail
            for _, event in events
        ):
            line = torn(self.gm.games_dir)
        if line is None or any(other.startswith(line) for other in self.broken):
            return ()  # a flood's trim said it, adding its own words
        return (line,)

    def _counted(self, tally: str, at: float) -> None:
        """A count against a limit, kept in this process's slot while it has a mail in hand
        (a death takes the journal's note of it, not the slot's)."""
        self.hand.counted(tally, at)

    def _helping(self, hands: InHand | None, deaths: dict[str, int]) -> Helping:
        """The poller in a helper process (``PollProcesses.start`` forks it)."""
        return Helping(self.gm, self.inbox, self.now, hands, deaths)

    def _handle_all(self, messages: list[Incoming]) -> dict[str, Outcome]:
        """Handle a batch's new messages (in the order given), make what was done durable
        and let go of the games: each message's outcome by its key. A mail the last poll
        died with is taken first, alone (``PollProcesses.take_alone``); the others are shared with
        the helpers when there are many (``wtg.mail.poll.processes``). Before any of them,
        the mails an earlier reading cut short (a poll killed before its journal's commit)
        queued answers of (``Answers.answered_before``), in their order, and committed: as
        that reading did, so that what those answers count against a limit (an hour's
        replies, a day's private press) is counted before another mail is judged by it.
        Else a mail taken first (one the last poll died with, or one newer than the
        batch's) found the count without them, its answer went, and theirs went all the
        same: one more than the limit. They are looked up only when an earlier poll left
        its mark (``wtg.mail.poll.underway``: it did not finish); this poll's own is
        written before the first mail is handled."""
        processes = self.processes
        if messages and not self.marked:  # before any answer is queued, here or in a helper
            underway.mark(self.gm.spool, self.now)
            self.marked = True
        earlier = [
            message
            for message in messages
            if self.looking
            and not processes.suspect(message.key)
            and self.answers.answered_before(message.key)
        ]
        handled = self._handle_here(earlier) if earlier else {}
        messages = [message for message in messages if message.key not in handled]
        alone, used = processes.take_alone(self, messages) if processes.suspected else ({}, [])
        # a mail an earlier reading may have cut short, left in the inbox again (its game
        # busy): the mark stays, and the next poll looks it up (the last poll's slots, which
        # named the one it died with, are gone)
        if any(outcome.kind is Kind.LATER for outcome in [*handled.values(), *alone.values()]):
            self.unfinished = True
        handled |= alone
        if processes.counts_kept:  # a quarantined mail's counts: in the helpers' view too
            processes.counts_kept = False
            self._commit()
        rest = [message for message in messages if message.key not in handled]
        shared = processes.shares(len(rest))
        if shared:
            handled |= processes.share(self, rest, self.registry.addresses_in)
        else:
            handled |= {message.key: self.guarded(message) for message in rest}
        self._commit()
        processes.counts_kept = False
        processes.release(shared, used)
        self.answers.release()
        if not (shared or used):
            return handled
        # a mail the glance placed wrong met its game locked by another process: now that
        # every game is free, it is handled again (a game another program holds stays so)
        later = processes.again(messages, handled)
        return handled | self._handle_here(later) if later else handled

    def _handle_here(self, messages: list[Incoming]) -> dict[str, Outcome]:
        """Handle messages in this process, make what was done durable and let go of the
        games: each message's outcome by its key."""
        handled = {message.key: self.guarded(message) for message in messages}
        self._commit()
        self.answers.release()
        return handled

    def guarded(self, message: Incoming) -> Outcome:
        """Handle one message; whatever goes wrong with it stays with it. A message whose
        handling fails, or takes longer than ``mail.handle_seconds`` (``self.clock``), is
        archived, quarantined (moved to the rejected folder) and recorded for the GM, and
        the poll goes on with the next one. Only the disk and the server (OSError,
        sqlite3.Error) stop a poll: they would stop every message. While it is handled,
        its key is in this process's slot (``wtg.mail.poll.inprogress``)."""
        clock = self.clock
        self.hand.take(message.key, self.deaths.get(message.key, 0) if self.deaths else 0)
        try:
            try:
                clock.begin()
                try:
                    return self.handle(message)
                finally:
                    clock.end()  # a tick can raise only before it, into the guard below
            except PermissionError as refused:
                waits = self._waits(refused)
                if waits is None:
                    raise
                return self._waiting(message, waits)
            except (OSError, sqlite3.Error):
                raise
            except MailTooLong as over:
                return self.quarantine(message, HandlingStopped(str(over)))
            except Exception as error:  # any mail is untrusted input
                return self.quarantine(message, error)
        finally:
            self.hand.done()
            if self.alive is not None:
                self.alive()

    def _waits(self, refused: PermissionError) -> Outcome | None:
        """A mail that met a file of one game's folder that another user owns (a command
        run as root left it, ``wtg.files.ownership``) waits in the inbox, and the folder is
        named with the poll's unreadable games; the other games' mail goes on. None when
        the file is not in a game's folder (the spool, the lobby's book: every mail would
        meet it, and the poll stops)."""
        if refused.filename is None:
            return None
        try:
            inside = Path(os.fsdecode(refused.filename)).relative_to(self.gm.games_dir)
        except ValueError:
            return None
        if len(inside.parts) < 2 or inside.parts[0].startswith("."):
            return None
        folder = self.gm.games_dir / inside.parts[0]
        lost = unusable(folder, refused)
        self.registry.unreadable.append(lost)
        return Outcome(Kind.LATER, f"{lost.reason} (the mail waits in the inbox)", folder.name)

    def _waiting(self, message: Incoming, waits: Outcome) -> Outcome:
        """A mail that met another user's file in its game's folder (``_waits``): it waits,
        within the bounds of the mails waiting for a game to mend (``wtg.mail.poll.waiting``);
        beyond them it is held for the GM, as ``handle`` holds one."""
        msg = parse_mail(message.raw or message.head)
        sender = sender_address(raw_headers(msg))
        outcome = self.waiting.bounded(waits, sender or NO_SENDER)
        if outcome.kind is not Kind.HELD:
            return outcome
        message_id = str(msg.get("Message-ID", "")).strip().encode("utf-8", "replace").decode()
        mark = kept_mark(message_id, sender, message.raw, message.head, msg)
        self._record(message, msg, outcome, sender, mark, self._archive(message), beyond=True)
        return outcome

    def quarantine(self, message: Incoming, error: BaseException, look: bool = True) -> Outcome:
        """``look``: whether the game it names is looked for (not in a mail that killed the
        processes reading it)."""
        stopped = isinstance(error, HandlingStopped)  # its text is the reason
        reason = (str(error) if stopped else f"{type(error).__name__}: {error}")[:300]
        game = self._game_named(message) if look else None
        archived = self._archive(message)
        sender = self._sender[1] if look and self._sender[0] == message.key else ""
        at = self.now.timestamp()
        arrived = comparable(message.order_key)
        player = bool(sender and self.registry.seats_of(sender))  # listed first
        self.journal.quarantined(
            message.key, game, str(archived), reason, at, sender, arrived, player
        )
        outcome = Outcome(Kind.QUARANTINED, reason, game)
        # its bytes tell it from another mail given its key (``samekey``); no copy is
        # known by them (``mailcopy.QUARANTINED``)
        mark = bytes_mark(message.raw or message.head, QUARANTINED)
        self.journal.handled(message.key, mark, outcome.text(), at=at)
        return outcome

    def _answered(self, key: str) -> bool:
        """Whether the outbox held answers of the mail ``key`` when this poll first asked
        (``samekey.told_apart``: a key whose mail's copy a flood's trim let go); the outbox's
        names read once a poll, and only for a key the journal and the archive know nothing
        of (answers queued since are of mails this poll handled, which the journal knows)."""
        if self._earlier is None:
            self._earlier = EarlierAnswers(self.outbox)
        return self._earlier.of(key)

    def queued_answers(self, key: str) -> bool:
        """Whether the outbox holds an answer of the mail ``key`` now (a helper's, queued
        before it died: ``PollProcesses``), read afresh."""
        return EarlierAnswers(self.outbox).of(key)

    def _game_named(self, message: Incoming) -> str | None:
        """The game a message that could not be handled names, if a cheap look finds one
        within the time a mail may take."""
        try:
            self.clock.begin()
            try:
                text = (message.raw or message.head)[: HEAD_MAX * 4].decode("utf-8", "replace")
                name = game_named(text)
                game = self.registry.game(name) if name else None
            finally:
                self.clock.end()
        except (Exception, MailTooLong):  # it broke the handling once: trust nothing of it
            return None
        return game.config.game if game is not None else None

    def _commit(self) -> None:
        """Everything written for this batch reaches the disk (one flush a file system: the
        spool is mostly inside the games folder; a game folder may be a symlink onto
        another disk, whose file system the writes there noted, ``diskflush.note``, the
        helpers' too), then the journal says so."""
        systems: dict[int, Path | None] = {}
        for root in (self.gm.games_dir, self.gm.spool):
            with contextlib.suppress(FileNotFoundError):
                systems.setdefault(os.stat(root).st_dev, root)
        for device, folder in diskflush.unflushed().items():
            if device not in systems:
                systems[device] = diskflush.on_device(folder, device)
        for on in systems.values():
            if on is None:  # its folder is gone: every file system flushed
                os.sync()
            else:
                flush(on)
        diskflush.flushed(systems)
        self.journal.commit()

    def _commit_stopped(self) -> None:
        """A poll stopped by the disk or the server (``run``): the records of the mails it
        had answered by then kept, made durable as a batch's are (``_commit``: the files
        they name flushed first), so that none is answered twice. Committed unflushed, a
        machine crash could keep the journal's word that a mail was filed and answered and
        lose the order file and the answer it names: the next poll moved the mail on, its
        orders gone, without a word. When the flush or the commit fails too (the same full
        disk), nothing more is kept (the records roll back with the connection closed: their
        mails wait in the inbox, found answered before by the mark the poll leaves,
        ``wtg.mail.poll.underway``), and the poll's own failure is the one said."""
        try:
            self._commit()
        except (OSError, sqlite3.Error) as failed:
            log_event(f"poll: what it had answered not committed: {failed}", level=logging.WARNING)

    # --- one message ------------------------------------------------------------
    def handle(self, message: Incoming) -> Outcome:
        """What was done with a message (``Kind.LATER``: leave it in the inbox)."""
        archived = self._archive(message)
        self.clock.from_here()  # its copy in the archive changes nothing
        msg = parse_mail(message.raw or message.head)  # parts nest at most MAX_NESTING deep
        message_id = str(msg.get("Message-ID", "")).strip()
        message_id = message_id.encode("utf-8", "replace").decode()  # 8-bit bytes: surrogates
        headers = raw_headers(msg)  # read once for every check below
        sender = sender_address(headers)
        self._sender = (message.key, sender or "")  # a quarantine's list is bounded by it
        # kept in the journal for the Message-ID: a copy is this mail again, not any mail
        # that carries its Message-ID (``wtg.mail.message.mailcopy``)
        mark = kept_mark(message_id, sender, message.raw, message.head, msg)
        copy = self._copy_of(message, message_id, sender, mark)
        if copy is not None:  # a mail too big is known by its header's mark too
            outcome = copy
        elif not message.raw:  # too big: answered from its header, never read
            outcome = self._too_big(message, msg, headers, sender)
        else:  # the same answer to the same words goes once a day (``sameanswer``)
            asked = Asked(lambda: (self.commands.text(msg) or "", self.commands.answered_text(msg)))
            came = from_address(headers, sender)
            with self.answers.answering(asked, came, self._authenticated(headers, came)):
                outcome = self._decide(message, msg, headers, sender, message_id, mark, archived)
        detail = outcome.detail.encode("utf-8", "replace").decode()  # it may quote a header
        if detail != outcome.detail:
            outcome = Outcome(
                outcome.kind,
                detail,
                outcome.game,
                outcome.limited,
                outcome.forged,
                outcome.for_gm,
                outcome.late,
                outcome.strangers,
            )
        bounded = self.waiting.bounded(outcome, sender or NO_SENDER)
        beyond = bounded is not outcome  # held beyond the mails waiting for a mend
        self._record(message, msg, bounded, sender, mark, archived, beyond)
        return bounded

    def _record(
        self,
        message: Incoming,
        msg: Message,
        outcome: Outcome,
        sender: str | None,
        mark: str,
        archived: Path,
        beyond: bool = False,
    ) -> None:
        """What was done with a mail, in the journal (nothing for a mail left waiting).
        ``beyond``: it was held beyond the mails of its address waiting for a mend, the
        newest of which wait in the inbox: bounded as a seat's address is, even while a
        game folder cannot be read (``wtg.mail.poll.waiting``)."""
        if outcome.kind is Kind.HELD:
            self._held(message, msg, outcome.game, str(archived), outcome.detail)
        if outcome.kind is Kind.LATER:
            return
        arrived = comparable(message.order_key)
        told = outcome.held_back or outcome.unheard  # kept apart: the GM is told of it
        moment = self.now.timestamp()  # the moment the poll prunes by (``_trim``)
        self.journal.handled(message.key, mark, outcome.text(), sender or "", arrived, told, moment)
        # a game folder that could not be read may hold the sender's seat: nothing of
        # his goes; a seat's address (a From anyone may write) has its address's bound
        if may_go(outcome) and (beyond or not (sender and self.registry.unreadable)):
            day = day_of(message.received)  # a mail without a sender is no one's
            who = sender or NO_SENDER
            player = beyond or bool(sender and self.registry.seats_of(sender))
            self.journal.flooded(message.key, who, day, arrived, str(archived), player, moment)

    def _held(
        self, message: Incoming, msg: Message, game: str | None, archived: str, detail: str
    ) -> None:
        """The record of a mail held for the GM, with its sender and whether he has a seat
        here: the list keeps a player's mails apart from a flood of strangers'
        (``Journal.held``). A mail whose From holds no address is kept as from
        ``NO_SENDER``: no sender is an older journal's record, which is read as a player's
        (``wtg status``), and a stranger's form told as players' orders left out."""
        sender = sender_address(raw_headers(msg)) or NO_SENDER
        player = bool(self.registry.seats_of(sender))
        at = self.now.timestamp()
        arrived = comparable(message.order_key)
        self.journal.held(message.key, game, archived, detail, at, sender, player, arrived)

    def _too_big(
        self, message: Incoming, head: Message, headers: Headers, sender: str | None
    ) -> Outcome:
        """A mail too big to fetch: its sender told why, unless it is a robot; a bounce is
        read as far as it was fetched (``BounceNotes.noted_big``), as a small one is.
        ``headers``: ``head``'s (``raw_headers``); ``sender``: their ``sender_address``."""
        loop = auto_reply_reason(headers, self.answers.loop)
        forged = (
            (self._forged(headers, message.key) or self._from_host(headers, sender))
            if not loop
            else None
        )
        if forged:
            return unheard_rejected(forged, f", {message.size} bytes (too big)")
        if not loop:
            return self.answers.oversized(message, sender)
        bounce = self.bounces.noted_big(head, message.start, message.key)
        limit = self.gm.limits.max_bytes
        return bounce or rejected(f"not for us ({loop}), {message.size} bytes (over {limit})")

    def _copy_of(
        self, message: Incoming, message_id: str, sender: str | None, mark: str
    ) -> Outcome | None:
        """The outcome of a copy of a mail handled before under another key (its ``mark``,
        or the mark a wtg before this one kept: its rows, kept two weeks, still count);
        None for a mail not met before. A mail too big to fetch is asked too, by the mark
        of its header: met again (moved back into the inbox) it was answered again."""
        before = earlier_mark(message_id, sender, message.raw, message.head)
        earlier = self.journal.key_of_message_id(mark) or self.journal.key_of_message_id(before)
        if earlier and earlier != message.key:
            return ignored(f"a copy of {earlier}")
        return None

    def _decide(
        self,
        message: Incoming,
        msg: Message,
        headers: Headers,
        sender: str | None,
        message_id: str,
        mark: str,
        archived: Path,
    ) -> Outcome:
        """``headers``: the mail's (``raw_headers``); ``sender``: their ``sender_address``;
        ``mark``: the mail's ``kept_mark``, by which a copy of a mail handled before is
        known (``_copy_of``, asked before); ``archived``: its raw copy in the archive."""
        loop = auto_reply_reason(headers, self.answers.loop)
        if loop:  # never answered; a bounce of our mail marks the address failing
            return self.bounces.noted(msg, message.key) or self._set_aside(
                message, msg, loop, archived
            )
        extracted = extract_from_message(msg)
        forged = self._forged(headers, message.key) or self._from_host(headers, sender)
        if forged:
            if extracted.text is None:
                return self._unanswered(message, sender, (), message_id, forged)
            # the host's mail it answers is no text of the sender's, as on the path below
            answered = self.commands.copied_text(msg)
            return self._unanswered(
                message, sender, extracted.texts, message_id, forged, extracted.unread, answered
            )
        if extracted.text is None:
            return self._without_form(
                message, msg, sender, message_id, extracted.unread, extracted.parts_note()
            )
        try:
            outcome = self.answers.orders(
                message,
                sender,
                extracted.texts,
                message_id,
                extracted.unread,
                self.commands.copied_text(msg),
                extracted.parts_note(),
            )
        except GameLocked as exc:
            return later(exc)
        if outcome.kind in (Kind.LATER, Kind.HELD, Kind.QUARANTINED):
            return outcome  # read again, or the GM's already
        # a question typed beside the orders: the host answers none, the GM's line names it
        return for_the_gm(outcome, self.commands.question_beside_a_form(msg, extracted.texts))

    def _set_aside(self, message: Incoming, msg: Message, why: str, archived: Path) -> Outcome:
        """A mail that looks automatic (``why``: the header): never answered, never filed.
        When it holds a player's orders with his right code (his mail program, forwarder
        or script marks his mail so), each seat is recorded for the GM (``wtg status``, the
        digest) with where the mail is kept, and told (``Answers.set_aside``); any other
        (a vacation reply quoting a report, a list's mail) is only counted."""
        plain = rejected(f"not for us ({why})")
        extracted = extract_from_message(msg)
        if extracted.text is None:
            return plain
        try:
            seats = self.answers.set_aside(message, extracted.texts, why)
        except GameLocked as exc:
            return later(exc)
        if not seats:
            return plain
        at = self.now.timestamp()
        shown = why_shown(why)
        for seat in seats:
            self.journal.set_aside(
                message.key,
                seat.game,
                seat.seat,
                shown,
                str(archived),
                at,
                message.order_key,
                message.received.timestamp(),
            )
        named = ", ".join(f"{seat.game} player {seat.seat}" for seat in seats)
        kept = rejected(
            f"not for us ({why}); {SET_ASIDE}: the orders of {named}, with the right code, "
            "not filed (`wtg status` and the digest show it)",
            seats[0].game,
        )
        return for_the_gm(kept, "", held_up=True)  # filed by the GM's `wtg orders`, or none

    def _forged(self, headers: dict[str, list[str]], key: str) -> str | None:
        """``authres: dmarc=fail for example.org`` when the GM's own server found the mail's
        From failing DMARC (``wtg.mail.incoming.senderauth``), else None. A header of his server's
        that cannot be read is no result, and a line in the log."""
        found = headers.get(HEADER)
        if not found:  # most mail, and every mail of a server that adds none
            return None
        said = verdict([str(v) for v in found], self.gm.limits.authserv_id, headers.get("from", []))
        if said.unread:
            log_event(said.unread, mail=key, level=logging.WARNING)
        return f"{WORD}: {said.failed}" if said.failed else None

    def _authenticated(self, headers: dict[str, list[str]], came: str | None) -> str | None:
        """The From's address ``came`` when a header of the GM's own server
        (``mail.authserv_id``) says ``dmarc=pass`` for its domain
        (``wtg.mail.incoming.senderauth``), else None: the mail is its writer's, and its answers
        no backscatter. Without ``mail.authserv_id`` no header is trusted to say so."""
        found = headers.get(HEADER)
        if not found or came is None or not self.gm.limits.authserv_id:
            return None
        said = verdict([str(v) for v in found], self.gm.limits.authserv_id, headers.get("from", []))
        domain = came.rpartition("@")[2].lower()
        return came if said.passed is not None and said.passed == domain else None

    def _from_host(self, headers: dict[str, list[str]], sender: str | None) -> str | None:
        """Why a mail From (or answered at) the host's own address is no one's to answer
        (``noreply.hosts_own``), else None: the host's own mail come back is a loop, turned
        away before; this one is forged. Its JOIN answered went to the host itself and its
        request sat pending; now it is not answered, and its commands are not carried out
        (a mail whose From failed DMARC is treated the same)."""
        came = from_address(headers, sender)
        for address in (came, sender):
            dashed = self.gm.limits.dash_subaddress_domains
            if address is not None and hosts_own(address, self.answers.loop, dashed):
                return f"From the host's own address {address}, without the host's X-Loop"
        return None

    def _unanswered(
        self,
        message: Incoming,
        sender: str | None,
        texts: Sequence[str],
        message_id: str,
        forged: str,
        unread: Sequence[str] = (),
        answered: str = "",
    ) -> Outcome:
        """A mail whose From failed DMARC: never answered (no backscatter to a forged
        address). Its orders are filed when their code is right, the code being the key to
        a player's orders; a mail without a form is a command or a question, each of which
        is an answer to its From: nothing is done. ``unread`` and ``answered`` as for
        ``Answers.orders``: the seat's confirmation names the commands typed beside the
        form as any confirmation does, never a line of the host's mail the reply answers."""
        if not texts:
            return unheard_rejected(forged, " (no order form: nothing done)")
        try:
            with self.answers.silent():
                outcome = self.answers.orders(message, sender, texts, message_id, unread, answered)
        except GameLocked as exc:
            return later(exc)
        return unheard(outcome, forged)

    def _without_form(
        self,
        message: Incoming,
        msg: Message,
        sender: str | None,
        message_id: str,
        unread: Sequence[str] = (),
        parts_note: str = "",
    ) -> Outcome:
        """A mail without an order form: commands to the host (``wtg.mail.incoming.commands``: LIST,
        JOIN, REPORT, ...), else the help it always got, naming the attachments it has that
        were not read (``unread``: a form sent as a document), and saying, as the lobby's
        HELP does, which parts were not read (``parts_note``: past ``extract.PARTS_MAX``, or
        nested too deep)."""
        try:
            commanded = self.commands.handle(message, msg, sender, message_id, parts_note)
        except GameLocked as exc:
            return later(exc)
        except BookTorn as exc:  # the mail's commands need the book: the GM's once restored
            self.commands.book_torn = exc.line
            before = bool(sender) and self.journal.held_for(str(sender), BOOK_HELD)
            self.answers.book_held(message, sender, before)
            return Outcome(
                Kind.HELD,
                f"{exc.line}; {BOOK_HELD} (once the book is restored, `wtg quarantine "
                "--release KEY` puts it back for the next poll, `--release-held` every mail "
                "held)",
                None,
            )
        if commanded is not None:
            return commanded
        text = self.commands.text(msg)
        typed: list[MailLine] = []
        if text is not None:  # the forms of the sender's games, for an order line spaced
            games = {id(game): game for game, _entry in self.registry.seats_of(sender)}
            forms = [game.ruleset.form_for(game.state_view()) for game in games.values()]
            typed = typed_order_lines(mail_lines(text), forms)
        unclear = self.commands.unclear(msg) if text is not None else ""
        question = self.commands.question(msg) if text is not None else ""
        return self.answers.help(
            message, sender, message_id, unread, typed, unclear, question, parts_note
        )

    def _archive(self, message: Incoming) -> Path:
        """The raw message is kept before anything else is done with it."""
        month = (message.received.year, message.received.month)
        folder = self._archive_folders.get(month)
        if folder is None:  # made once a poll: a batch's mails mostly came in one month
            folder = private.make_dirs(self.archive / message.received.strftime("%Y-%m"))
            self._archive_folders[month] = folder
        path = folder / message.kept_in(self.archive).name
        kept = message.kept_bytes()
        # written in place: a temporary file and a rename would buy nothing here, as a poll
        # killed while writing it leaves it torn, but then its batch's journal never
        # committed, the mail is still in the inbox, and the next poll handles it again and
        # writes this file again whole (test_a_torn_archive_copy_is_written_again_whole);
        # a committed batch was flushed to disk first
        private.write_file(path, kept, sync=False)
        return path


def unanswered_before(spool: Path, moment: float) -> float:
    """The moment before which no reader needs the mails not answered: ``wtg status``
    shows the last day (``UNANSWERED_KEPT`` is twice that), the digest every one since the
    last digest (the first looks back a day), however many days ago that was."""
    kept = moment - UNANSWERED_KEPT
    last = rows_digest(spool)  # where the next digest's lists of the journal begin
    return kept if last is None else min(kept, last.timestamp())


def counts_before(spool: Path, moment: float) -> float:
    """The moment before which no reader needs the counts of a flood's mails not kept:
    ``FLOOD_COUNTS_KEPT``, or the last digest when it is older (the next one counts them)."""
    kept = moment - FLOOD_COUNTS_KEPT
    last = rows_digest(spool)  # where the next digest's lists of the journal begin
    return kept if last is None else min(kept, last.timestamp())


def later(exc: GameLocked) -> Outcome:
    """A mail left in the inbox for the next poll: a game another process writes, or one
    this wtg may not write (FormatRefused: the GM runs `wtg upgrade`), which ``poll -v`` says."""
    return Outcome(Kind.LATER, str(exc), exc.game) if isinstance(exc, FormatRefused) else LATER


def _arrival(item: tuple[str, MailEvent]) -> tuple[tuple[str, Numbered], Numbered]:
    """The order the server received the mails in (then the key: each is one mail's), a
    maildir name's digits and an IMAP UID compared as numbers (``arrival_order``)."""
    return arrival_order(item[0]), numbered(item[1].mail)


def single_threaded() -> bool:
    """Whether this process may fork its helpers: it runs one thread, where the OS forks."""
    return hasattr(os, "fork") and threading.active_count() == 1


class Helping(Poller):
    """The poller in a helper process (``wtg.mail.poll.workers``): its journal notes its writes
    for the poller, which writes and commits them."""

    journal: KeptJournal

    def __init__(
        self,
        gm: GmConfig,
        inbox: Inbox,
        now: datetime,
        hands: InHand | None = None,
        deaths: dict[str, int] | None = None,
    ) -> None:
        super().__init__(gm, inbox, now, journal=KeptJournal(gm.spool))
        if hands is not None:
            self.hand = hands.slot(workers.NUMBER)
        self.deaths = dict(deaths or {})
        self.clock.start()

    def answered(self) -> tuple[list[Note], list[str], tuple[str, ...], dict[int, str]]:
        lost = self.registry.unreadable
        notes = self.journal.take()
        written = diskflush.unflushed()  # the poller flushes them (``_commit``)
        diskflush.flushed(written)
        return notes, [u.line() for u in lost], tuple(u.folder.name for u in lost), written

    def release(self) -> None:
        self.journal.forget()
        self.answers.release()

    def book_met(self) -> str | None:
        return self.commands.book_torn


def poll(
    gm: GmConfig,
    inbox: Inbox,
    now: datetime | None = None,
    *,
    jobs: int = 1,
    told: Callable[[str], None] | None = None,
    take_over: bool = False,
) -> PollSummary:
    """Raises AlreadyRunning when another poll of the same spool is under way. ``jobs``:
    the processes it may file on, when many mails wait (``wtg.mail.poll.workers``). ``told``:
    given each line of an address a bounce marked failing, as soon as it is on disk
    (``Poller.told``). Its moment is taken once it has noted that it began
    (``underway.begin``)."""
    with only_one(gm.spool, "poll"), rare_collections():
        now = underway.begin(gm.spool, now)
        return Poller(gm, inbox, now, jobs=jobs, told=told, take_over=take_over).run()


def _bounces(events: Iterable[tuple[str, MailEvent]]) -> set[str]:
    """The keys of the bounces among ``events`` that marked a player's address failing."""
    return {
        event.mail
        for _, event in events
        if event.outcome.kind is Kind.REJECTED and event.outcome.detail.startswith(MARKED)
    }


YOUNG = 20_000
"""Objects made (beyond those freed) between two collections of the youngest ones, during a
poll. Python's 700 has the collector walk the games a poll opened over and over to find
nothing: a poll's objects are freed as it goes, and form no cycles. With 20,000 it walks
them once or twice a thousand mails (bench/bench_maildir.py times the poll)."""


@contextlib.contextmanager
def rare_collections() -> Iterator[None]:
    """The collector runs rarely for the poll (``YOUNG``), as often as before after it."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _claimed(inbox: Inbox) -> Claimed | None:
    return inbox if isinstance(inbox, Claimed) else None


def open_inbox(gm: GmConfig) -> Inbox:
    """The inbox, logged in with the password its file holds now (``password_now``)."""
    if gm.transport == "imap" and gm.imap is not None:
        inbox = ImapInbox(password_now(gm.imap))
        try:  # once the folder is there: a port or a folder mistyped is no mailbox polled
            inbox.key_mark = key_mark(gm.spool, gm.imap)
        except BaseException:
            inbox.close()
            raise
        return inbox
    return MaildirInbox(gm.maildir_in)
