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
import os
import sqlite3
import threading
from datetime import datetime, timezone
from email.message import Message
from pathlib import Path

from wtg import private
from wtg.aof.mailtext import game_named
from wtg.arrival import comparable
from wtg.config import GmConfig
from wtg.durable import flush
from wtg.mail.answers import Answers
from wtg.mail.bounce import BounceNotes
from wtg.mail.commands import Commands
from wtg.mail.extract import extract_from_message, parse_mail
from wtg.mail.guards import auto_reply_reason, raw_headers, sender_address
from wtg.mail.health import record_poll
from wtg.mail.helpers import (
    HELPERS_FROM,
    SHARE_FROM,
    Handled,
    Helper,
    KeptJournal,
    Note,
    write_notes,
)
from wtg.mail.inbox import HEAD_MAX, Inbox, Incoming
from wtg.mail.inhand import InHand, MailKilled, NoSlot, Slot, suspects
from wtg.mail.journal import Journal
from wtg.mail.outbox import Outbox
from wtg.mail.outcome import LATER, Kind, Outcome, ignored, rejected
from wtg.mail.registry import Registry
from wtg.mail.runlock import only_one
from wtg.mail.shards import split
from wtg.mail.summary import PollSummary
from wtg.mail.timelimit import HandlingStopped, MailClock, MailTooLong
from wtg.store import GameLocked


class Poller:
    def __init__(
        self,
        gm: GmConfig,
        inbox: Inbox,
        now: datetime | None = None,
        *,
        jobs: int = 1,
        journal: Journal | None = None,
    ) -> None:
        self.gm = gm
        self.inbox = inbox
        self.now = now or datetime.now(timezone.utc)
        self.jobs = jobs
        """Processes the poll may file on (``wtg.mail.helpers``: only with many mails)."""
        self.journal = journal if journal is not None else Journal(gm.spool)
        self.outbox = Outbox(gm.spool)
        self.registry = Registry(gm.games_dir)
        self.answers = Answers(gm, self.outbox, self.journal, self.registry, self.now)
        self.bounces = BounceNotes(self.registry, self.answers.loop, self.now, self.outbox)
        self.commands = Commands(self.answers, self.registry)
        self.archive = gm.spool / "archive"
        self._archive_folders: dict[tuple[int, int], Path] = {}
        self.helpers: list[Helper] = []
        self._unreadable: dict[str, None] = {}
        """The lines of the game folders the helpers could not open."""
        self._died: list[str] = []
        """A line for each helper that died (``PollSummary.helpers_died``)."""
        self.clock = MailClock(gm.limits.handle_seconds)
        """The time a mail may take (``wtg.mail.timelimit``)."""
        self.hand: Slot = NoSlot()
        """This process's note of the mail in hand (``wtg.mail.inhand``)."""
        self.in_hand: InHand | None = None
        self.deaths: dict[str, int] = {}
        """The mails the last poll's processes died with: the deaths each caused."""
        self._suspected: dict[str, int] = {}
        """Those of ``deaths`` not yet taken up (each alone, first: ``_taken_alone``)."""
        self.alone: list[Helper] = []
        """A helper process for each of them, forked with the others."""
        self._left: set[str] = set()
        """Mails a helper died with in this poll: left to the next, which takes each alone."""

    def run(self) -> PollSummary:
        counts = dict.fromkeys(("seen", "filed", "rejected", "quarantined", "ignored"), 0)
        counts["skipped"] = 0
        outcomes: list[tuple[str, str, Outcome]] = []
        try:
            self._note_suspects()
            self._start_helpers()
            self.clock.start()
            for batch in self.inbox.waiting(self.gm.limits.max_bytes):
                done: list[Incoming] = []
                rejected: list[Incoming] = []
                # a batch's keys are distinct: what the journal kept for them is read at once
                known = self.journal.outcomes([message.key for message in batch])
                # newest first: when one player sent several mails, the newest is filed and
                # the older ones are only answered (the server's order decides, not ours)
                ordered = sorted(batch, key=lambda m: comparable(m.order_key), reverse=True)
                handled = self._handle_all([m for m in ordered if m.key not in known])
                for message in ordered:
                    counts["seen"] += 1
                    kept = known.get(message.key)
                    outcome = Outcome.from_text(kept) if kept else handled[message.key]
                    outcomes.append((comparable(message.order_key), message.key, outcome))
                    counts[outcome.kind.counted_as] += 1
                    if outcome.kind is Kind.LATER:
                        continue
                    (rejected if outcome.kind.to_rejected else done).append(message)
                self.inbox.finish(done, rejected)
            self.inbox.settle()
        except Exception as exc:
            self.journal.commit()
            record_poll(self.gm.spool, self.now, f"{type(exc).__name__}: {exc}")
            raise
        finally:
            self.clock.stop()
            self.answers.release()
            for helper in self.helpers + self.alone:
                helper.stop()
            if self.in_hand is not None:
                self.in_hand.close()
            self.journal.close()
        record_poll(self.gm.spool, self.now, None)
        done_with = tuple((key, outcome.text()) for _, key, outcome in sorted(outcomes))
        lost = {lost.line(): None for lost in self.registry.unreadable} | self._unreadable
        return PollSummary(
            **counts, outcomes=done_with, unreadable=tuple(lost), helpers_died=tuple(self._died)
        )

    def _note_suspects(self) -> None:
        """The mails the last poll's processes died with (``wtg.mail.inhand``), and this
        poll's slots: one a process it may fork, one a mail to take alone."""
        found = suspects(self.gm.spool)
        if found:
            known = self.journal.outcomes(list(found))
            self.deaths = {key: n for key, n in found.items() if key not in known}
            self._suspected = dict(self.deaths)
        self.in_hand = InHand(self.gm.spool, self.jobs + len(self.deaths))
        self.hand = self.in_hand.slot(0)

    def _start_helpers(self) -> None:
        """Helper processes for a poll of many mails, and one for each mail to take alone,
        forked before the first fetch, and only by a process of one thread: a thread
        holding a lock (SQLite's, say) when the process forks would hold it in the helper
        for ever."""
        alone = sum(1 for deaths in self.deaths.values() if deaths < 2)
        if not (alone or self.jobs > 1) or not single_threaded():
            return
        many = self.jobs > 1 and self.inbox.backlog() >= HELPERS_FROM
        if not (many or alone):
            return
        from wtg.mail import helpers

        gm, inbox, now, hands, deaths = self.gm, self.inbox, self.now, self.in_hand, self.deaths
        self.journal.close()  # no SQLite connection may cross the fork (``reopen``)
        try:
            if many:
                self.helpers = helpers.start(
                    self.jobs - 1, lambda: Helping(gm, inbox, now, hands, deaths)
                )
            if alone:
                self.alone = helpers.start(
                    alone, lambda: Helping(gm, inbox, now, hands, deaths), first=self.jobs
                )
        finally:
            self.journal.reopen()

    def _handle_all(self, messages: list[Incoming]) -> dict[str, Outcome]:
        """Handle a batch's new messages (in the order given), make what was done durable
        and let go of the games: each message's outcome by its key. A mail the last poll
        died with is taken first, alone (``_taken_alone``); the others are shared with the
        helpers when there are many (``wtg.mail.helpers``)."""
        handled, used = self._taken_alone(messages) if self._suspected else ({}, [])
        rest = [message for message in messages if message.key not in handled]
        shared = bool(self.helpers) and len(rest) >= SHARE_FROM
        if shared:
            handled |= self._shared(rest)
        else:
            handled |= {message.key: self.guarded(message) for message in rest}
        self._commit()
        for helper in (self.helpers if shared else []) + used:
            if helper.line is not None and not helper.release():
                self._died.append(
                    f"a helper process {helper.ended} once its mails were on disk: none lost"
                )
        for helper in used:
            helper.stop()
        self.answers.release()
        self.helpers = [helper for helper in self.helpers if helper.line is not None]
        if not (shared or used):
            return handled
        # a mail the glance placed wrong met its game locked by another process: now that
        # every game is free, it is handled again (a game another program holds stays so)
        later = [
            message
            for message in messages
            if handled[message.key].kind is Kind.LATER
            and message.key not in self._left
            and message.key not in self.deaths
        ]
        return handled | self._handle_here(later) if later else handled

    def _shared(self, messages: list[Incoming]) -> dict[str, Outcome]:
        """Handle messages on every process: each helper a share, the first share here."""
        shares = split(messages, len(self.helpers) + 1, self.registry.addresses_in)
        for helper, share in zip(self.helpers, shares[1:], strict=True):
            helper.send(share)
        handled = {message.key: self.guarded(message) for message in shares[0]}
        for helper in self.helpers:
            answer = helper.receive()
            if answer is None:  # it died: its share is the poller's (its locks died too)
                handled |= self._after_death(helper)
                continue
            handled |= self._taken(answer)
        return handled

    def _taken(self, answer: Handled) -> dict[str, Outcome]:
        """A helper's answer taken in: its journal writes written here (uncommitted), the
        game folders it could not open noted; its mails' outcomes by key."""
        write_notes(self.journal, answer.notes)
        self._unreadable |= dict.fromkeys(answer.unreadable)
        return dict(answer.outcomes)

    def _after_death(self, helper: Helper) -> dict[str, Outcome]:
        """A helper died with its share: the poll handles the share again, all but the mail
        the helper had in hand (its slot says which), which may be what killed it: that
        one is left to the next poll, which takes it alone (or quarantined, when it had
        killed a process before)."""
        line = f"a helper process {helper.ended} with {len(helper.share)} mail(s) to handle"
        noted = self.in_hand.read(helper.number) if self.in_hand is not None else None
        culprit = next((m for m in helper.share if noted and m.key == noted[0]), None)
        handled: dict[str, Outcome] = {}
        if culprit is not None and noted is not None:
            if noted[1] + 1 >= 2:
                handled[culprit.key] = self._killed(culprit, noted[1] + 1, helper.ended)
                line += f": {culprit.key}, in hand when it died, is quarantined (a second death)"
            else:
                handled[culprit.key] = LATER
                self._left.add(culprit.key)
                line += f": {culprit.key}, in hand when it died, is left to the next poll"
            line += "; the poll handled the others again"
        else:
            line += ": the poll handled them again"
        self._died.append(line)
        again = [message for message in helper.share if message.key not in handled]
        return handled | {message.key: self.guarded(message) for message in again}

    def _taken_alone(self, messages: list[Incoming]) -> tuple[dict[str, Outcome], list[Helper]]:
        """The mails of the batch a process of the last poll died with, each handled alone
        by a helper of its own, before the others: a death there is its second, and the
        poll, which outlives it, quarantines it. Without such a helper (a process of
        threads cannot fork), here, its slot counting the death it would be; a mail of two
        deaths is quarantined unread. Returns their outcomes and the helpers used."""
        handled: dict[str, Outcome] = {}
        used: list[Helper] = []
        for message in messages:
            deaths = self._suspected.pop(message.key, None)
            if deaths is None:
                continue
            if deaths >= 2 or not self.alone:
                handled[message.key] = (
                    self._killed(message, deaths, "") if deaths >= 2 else self.guarded(message)
                )
                continue
            helper = self.alone.pop()
            used.append(helper)
            helper.send([message])
            answer = helper.receive()
            if answer is None:
                handled[message.key] = self._killed(message, deaths + 1, helper.ended)
                continue
            handled |= self._taken(answer)
        return handled, used

    def _killed(self, message: Incoming, deaths: int, ended: str) -> Outcome:
        """Quarantine a mail that killed the processes handling it (never read again)."""
        last = f"; the last {ended}" if ended else ""
        reason = (
            f"{deaths} processes handling it died with it in hand{last}: it may exhaust the "
            "memory or crash a parser; what they wrote before they died stands"
        )
        return self.quarantine(message, MailKilled(reason), look=False)

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
        its key is in this process's slot (``wtg.mail.inhand``)."""
        clock = self.clock
        self.hand.take(message.key, self.deaths.get(message.key, 0) if self.deaths else 0)
        try:
            try:
                clock.begin()
                try:
                    return self.handle(message)
                finally:
                    clock.end()  # a tick can raise only before it, into the guard below
            except (OSError, sqlite3.Error):
                raise
            except MailTooLong as over:
                return self.quarantine(message, HandlingStopped(str(over)))
            except Exception as error:  # any mail is untrusted input
                return self.quarantine(message, error)
        finally:
            self.hand.done()

    def quarantine(self, message: Incoming, error: BaseException, look: bool = True) -> Outcome:
        """``look``: whether the game it names is looked for (not in a mail that killed the
        processes reading it)."""
        stopped = isinstance(error, HandlingStopped)  # its text is the reason
        reason = (str(error) if stopped else f"{type(error).__name__}: {error}")[:300]
        game = self._game_named(message) if look else None
        archived = self._archive(message)
        self.journal.quarantined(message.key, game, str(archived), reason, self.now.timestamp())
        outcome = Outcome(Kind.QUARANTINED, reason)
        self.journal.handled(message.key, "", outcome.text())
        return outcome

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
        spool is mostly inside the games folder), then the journal says so."""
        systems: dict[int, Path] = {}
        for root in (self.gm.games_dir, self.gm.spool):
            with contextlib.suppress(FileNotFoundError):
                systems.setdefault(os.stat(root).st_dev, root)
        for root in systems.values():
            flush(root)
        self.journal.commit()

    # --- one message ------------------------------------------------------------
    def handle(self, message: Incoming) -> Outcome:
        """What was done with a message (``Kind.LATER``: leave it in the inbox)."""
        self._archive(message)
        self.clock.from_here()  # its copy in the archive changes nothing
        msg = parse_mail(message.raw or message.head)  # parts nest at most MAX_NESTING deep
        message_id = str(msg.get("Message-ID", "")).strip()
        message_id = message_id.encode("utf-8", "replace").decode()  # 8-bit bytes: surrogates
        if not message.raw:  # too big: answered from its header, never read
            outcome = self._too_big(message, msg)
        else:
            outcome = self._decide(message, msg, message_id)
        detail = outcome.detail.encode("utf-8", "replace").decode()  # it may quote a header
        if detail != outcome.detail:
            outcome = Outcome(outcome.kind, detail)
        if outcome.kind is not Kind.LATER:
            self.journal.handled(message.key, message_id, outcome.text())
        return outcome

    def _too_big(self, message: Incoming, head: Message) -> Outcome:
        """A mail too big to fetch: its sender told why, unless it is a robot; a bounce is
        read as far as it was fetched (``BounceNotes.noted_big``), as a small one is."""
        headers = raw_headers(head)
        loop = auto_reply_reason(headers, self.answers.loop)
        if not loop:
            return self.answers.oversized(message, sender_address(headers))
        bounce = self.bounces.noted_big(head, message.start, message.key)
        limit = self.gm.limits.max_bytes
        return bounce or rejected(f"not for us ({loop}), {message.size} bytes (over {limit})")

    def _decide(self, message: Incoming, msg: Message, message_id: str) -> Outcome:
        earlier = self.journal.key_of_message_id(message_id)
        if earlier and earlier != message.key:
            return ignored(f"a copy of {earlier}")
        headers = raw_headers(msg)
        loop = auto_reply_reason(headers, self.answers.loop)
        if loop:  # never answered; a bounce of our mail marks the address failing
            return self.bounces.noted(msg, message.key) or rejected(f"not for us ({loop})")
        sender = sender_address(headers)
        extracted = extract_from_message(msg)
        if extracted.text is None:
            return self._without_form(message, msg, sender, message_id)
        try:
            return self.answers.orders(message, sender, extracted.texts, message_id)
        except GameLocked:
            return LATER

    def _without_form(
        self, message: Incoming, msg: Message, sender: str | None, message_id: str
    ) -> Outcome:
        """A mail without an order form: commands to the host (``wtg.mail.commands``: LIST,
        JOIN, REPORT, ...), else the help it always got."""
        try:
            commanded = self.commands.handle(message, msg, sender, message_id)
        except GameLocked:
            return LATER
        return commanded if commanded is not None else self.answers.help(message, sender)

    def _archive(self, message: Incoming) -> Path:
        """The raw message is kept before anything else is done with it."""
        month = (message.received.year, message.received.month)
        folder = self._archive_folders.get(month)
        if folder is None:  # made once a poll: a batch's mails mostly came in one month
            folder = private.make_dirs(self.archive / message.received.strftime("%Y-%m"))
            self._archive_folders[month] = folder
        path = folder / (message.key.replace(":", "-") + ".eml")
        kept = message.raw or (
            message.start + b"\n(too big: the rest was not fetched)\n"
            if message.start
            else message.head + b"\n(too big: the body was not fetched)\n"
        )
        # written in place, not through a temporary file and a rename (7 µs a mail): a poll
        # killed while writing it leaves it torn, but then its batch's journal never
        # committed, the mail is still in the inbox, and the next poll handles it again and
        # writes this file again whole (test_a_torn_archive_copy_is_written_again_whole);
        # a committed batch was flushed to disk first
        private.write_file(path, kept, sync=False)
        return path


def single_threaded() -> bool:
    """Whether this process may fork its helpers: it runs one thread, where the OS forks."""
    return hasattr(os, "fork") and threading.active_count() == 1


class Helping(Poller):
    """The poller in a helper process (``wtg.mail.helpers``): its journal notes its writes
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
        from wtg.mail import helpers

        if hands is not None:
            self.hand = hands.slot(helpers.NUMBER)
        self.deaths = dict(deaths or {})
        self.clock.start()

    def answered(self) -> tuple[list[Note], list[str]]:
        return self.journal.take(), [lost.line() for lost in self.registry.unreadable]

    def release(self) -> None:
        self.journal.forget()
        self.answers.release()


def poll(gm: GmConfig, inbox: Inbox, now: datetime | None = None, *, jobs: int = 1) -> PollSummary:
    """Raises AlreadyRunning when another poll of the same spool is under way. ``jobs``:
    the processes it may file on, when many mails wait (``wtg.mail.helpers``)."""
    with only_one(gm.spool, "poll"):
        return Poller(gm, inbox, now, jobs=jobs).run()


def open_inbox(gm: GmConfig) -> Inbox:
    from wtg.mail.inbox import ImapInbox, MaildirInbox

    if gm.transport == "imap" and gm.imap is not None:
        return ImapInbox(gm.imap)
    return MaildirInbox(gm.maildir_in)
