"""The poll's other processes: helpers that share a batch's mails with the poller
(``wtg.mail.poll.workers``), and one for each mail a process of the last poll died with, which
handles it alone (``wtg.mail.poll.inprogress``).

The poller keeps a PollProcesses and gives it what only the poller has: its way of handling a mail
in this process (``Poller.guarded``), of quarantining one, and its journal, which the
helpers' writes go into. PollProcesses gives back each mail's outcome, and says what happened
to the processes (``died``, for the poll's summary).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from wtg.core.plurals import counted
from wtg.files import diskflush
from wtg.mail.poll import workers
from wtg.mail.poll.inprogress import (
    Counted,
    InHand,
    MailKilled,
    Slot,
    most,
    suspects,
    suspects_counted,
)
from wtg.mail.poll.sharing import Roster, split, tied_to
from wtg.mail.poll.timelimit import HandlingStopped
from wtg.mail.poll.workers import HELPERS_FROM, SHARE_FROM, Handled, Handler, Helper, write_notes
from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import LATER, Kind, Outcome

Outcomes = dict[str, Outcome]
"""Mails' outcomes by their keys."""
WATCHED = 3
"""Times ``mail.handle_seconds`` the poller waits for the helper of a mail taken alone:
the helper's own limit stops it within twice that (``wtg.mail.poll.timelimit``); one silent
past it hangs where that limit cannot reach (C code) and is killed, the mail quarantined."""


class Handles(Protocol):
    """What the processes asks of the poller."""

    journal: Journal

    def guarded(self, message: Incoming) -> Outcome:
        """The mail handled in this process, whatever goes wrong with it."""
        ...

    def quarantine(self, message: Incoming, error: BaseException, look: bool = True) -> Outcome:
        """The mail set aside for the GM, with the reason."""
        ...

    def queued_answers(self, key: str) -> bool:
        """Whether the outbox holds an answer of the mail ``key`` now."""
        ...


class PollProcesses:
    def __init__(
        self, jobs: int, limit: float = 0.0, alive: Callable[[], None] | None = None
    ) -> None:
        self.jobs = jobs
        """Processes the poll may file on (helpers only with many mails)."""
        self.watch = WATCHED * limit if limit > 0 else 0.0
        """Seconds the poller waits for the helper of a mail taken alone (0: no limit;
        ``limit`` is ``mail.handle_seconds``)."""
        self.alive = alive
        """Called while the poller waits for such a helper (a service's watchdog)."""
        self.helpers: list[Helper] = []
        self.alone: list[Helper] = []
        """A helper process for each mail to take alone, forked with the others."""
        self.in_hand: InHand | None = None
        self.deaths: dict[str, int] = {}
        """The mails the last poll's processes died with: the deaths each caused."""
        self._suspected: dict[str, int] = {}
        """Those of ``deaths`` not yet taken up (each alone, first: ``take_alone``)."""
        self.counted: dict[str, Counted] = {}
        """What the process that died with each of ``deaths`` had counted against the
        limits while it had it in hand (``counts_kept``)."""
        self.counts_kept = False
        """Whether a mail quarantined in this batch had its counts written into the
        poller's journal (the poller commits them before helpers judge mails by them)."""
        self.left: set[str] = set()
        """Mails a helper died with in this poll: left to the next, which takes each alone."""
        self.died: list[str] = []
        """A line for each helper that died (``PollSummary.helpers_died``)."""
        self.unreadable: dict[str, None] = {}
        """The lines of the game folders the helpers could not open."""
        self.skipped: set[str] = set()
        """Those folders' names (``PollSummary.games_skipped``)."""
        self.book: str | None = None
        """Why the lobby's book could not be read, as a helper's mail met it
        (``Handled.book``): the poller says it once."""

    def prepare(self, spool: Path, journal: Journal) -> Slot:
        """Reads the mails the last poll's processes died with, and makes this poll's
        slots: one a process it may fork, one a mail to take alone. Returns the poller's."""
        found = suspects(spool)
        if found:
            known = journal.outcomes(list(found))
            self.deaths = {key: n for key, n in found.items() if key not in known}
            self._suspected = dict(self.deaths)
            counted = suspects_counted(spool)
            self.counted = {key: counted[key] for key in self.deaths if key in counted}
        self.in_hand = InHand(spool, self.jobs + len(self.deaths))
        return self.in_hand.slot(0)

    def start(
        self,
        backlog: int,
        journal: Journal,
        make: Callable[[InHand | None, dict[str, int]], Handler],
        may_fork: bool,
    ) -> None:
        """Helper processes for a poll of ``backlog`` mails when there are many, and one for
        each mail to take alone: forked before the first fetch, and only by a process of
        one thread (``may_fork``): a thread holding a lock (SQLite's, say) when the process
        forks would hold it in the helper for ever. ``make`` makes a helper's poller."""
        alone = sum(1 for deaths in self.deaths.values() if deaths < 2)
        many = self.jobs > 1 and backlog >= HELPERS_FROM
        if not (many or alone) or not may_fork:
            return
        hands, deaths = self.in_hand, self.deaths
        journal.close()  # no SQLite connection may cross the fork (``reopen``)
        try:
            if many:
                self.helpers = workers.start(self.jobs - 1, lambda: make(hands, deaths))
            if alone:
                # the poller watches these (``watch``): it sees a death or a hang of theirs
                # itself, so a poll killed while one has its mail (from outside: the GM, a
                # reboot) counts no death of the mail's; the next poll takes it alone again
                theirs = {key: n - 1 for key, n in deaths.items()} if self.watch else deaths
                self.alone = workers.start(alone, lambda: make(hands, theirs), first=self.jobs)
        finally:
            journal.reopen()

    @property
    def suspected(self) -> bool:
        """Whether mails the last poll died with are still to be taken up."""
        return bool(self._suspected)

    def suspect(self, key: str) -> bool:
        """Whether the mail ``key`` is one the last poll died with, still to be taken up."""
        return key in self._suspected

    def shares(self, count: int) -> bool:
        """Whether a batch of ``count`` mails to handle is shared with the workers."""
        return bool(self.helpers) and count >= SHARE_FROM

    def share(self, poller: Handles, messages: list[Incoming], roster: Roster) -> Outcomes:
        """Handle messages on every process: each helper a share, the first share in the
        poller (``roster``: a game's players' addresses, ``wtg.mail.poll.sharing``)."""
        shares = split(messages, len(self.helpers) + 1, roster)
        for helper, share in zip(self.helpers, shares[1:], strict=True):
            helper.send(share)
        handled = {message.key: poller.guarded(message) for message in shares[0]}
        for helper in self.helpers:
            answer = helper.receive()
            if answer is None:  # it died: its share is the poller's (its locks died too)
                handled |= self._after_death(poller, helper, roster)
                continue
            handled |= self._taken(poller.journal, answer)
        return handled

    def take_alone(
        self, poller: Handles, messages: list[Incoming]
    ) -> tuple[Outcomes, list[Helper]]:
        """The mails of the batch a process of the last poll died with, each handled alone
        by a helper of its own, before the others: a death there is its second, and the
        poll, which outlives it, quarantines it. Without such a helper (a process of
        threads cannot fork), in the poller, its slot counting the death it would be; a
        mail of two deaths is quarantined unread. Returns their outcomes and the helpers
        used."""
        handled: Outcomes = {}
        used: list[Helper] = []
        for message in messages:
            deaths = self._suspected.pop(message.key, None)
            if deaths is None:
                continue
            if deaths >= 2 or not self.alone:
                handled[message.key] = (
                    self._killed(poller, message, deaths, "", None)
                    if deaths >= 2
                    else poller.guarded(message)
                )
                continue
            helper = self.alone.pop()
            used.append(helper)
            helper.send([message])
            answer = helper.receive(self.watch, self.alive)
            if answer is None:
                handled[message.key] = (
                    self._silent(poller, message, helper.silent, helper.number)
                    if helper.silent
                    else self._killed(poller, message, deaths + 1, helper.ended, helper.number)
                )
                continue
            handled |= self._taken(poller.journal, answer)
        return handled, used

    def release(self, shared: bool, used: list[Helper]) -> None:
        """The batch is on disk: the helpers that filed it let go of their games, and those
        used for a mail alone end."""
        for helper in (self.helpers if shared else []) + used:
            if helper.line is not None and not helper.release():
                self.died.append(
                    f"a helper process {helper.ended} once its mails were on disk: none lost"
                )
        for helper in used:
            helper.stop()
        self.helpers = [helper for helper in self.helpers if helper.line is not None]

    def again(self, messages: list[Incoming], handled: Outcomes) -> list[Incoming]:
        """The mails that met their game locked by another process of this poll (a mail
        the split placed wrong), to handle again now that every game is free; not those
        a process died with, nor those that wait for the GM (a game.yaml to mend: the
        outcome says why), each counted once by the process that met it
        (``wtg.mail.poll.waiting``)."""
        return [
            message
            for message in messages
            if handled[message.key].kind is Kind.LATER
            and not handled[message.key].detail
            and message.key not in self.left
            and message.key not in self.deaths
        ]

    def stop(self) -> None:
        for helper in self.helpers + self.alone:
            helper.stop()
        if self.in_hand is not None:
            self.in_hand.close()

    def _taken(self, journal: Journal, answer: Handled) -> Outcomes:
        """A helper's answer taken in: its journal writes written into the poller's journal
        (uncommitted), the game folders it could not open noted; its mails' outcomes."""
        write_notes(journal, answer.notes)
        diskflush.noted(answer.written or {})
        self.unreadable |= dict.fromkeys(answer.unreadable)
        self.skipped |= set(answer.skipped)
        self.book = self.book or answer.book
        return dict(answer.outcomes)

    def _after_death(self, poller: Handles, helper: Helper, roster: Roster) -> Outcomes:
        """A helper died with its share: the poller handles the share again, all but the
        mail the helper had in hand (its slot says which), which may be what killed it:
        that one is left to the next poll, which takes it alone (or quarantined, when it
        had killed a process before). When the helper had queued that mail's answers
        before it died, their counts against the limits died with its journal notes: the
        mails tied to it (its sender's, its games' players': ``wtg.mail.poll.sharing``)
        wait with it, and the next poll counts them (the answers found queued) before it
        judges those mails by the limits. Handled now, a mail of its address found the
        count without them, and an answer went past the limit."""
        share = counted(len(helper.share), "mail")
        line = f"a helper process {helper.ended} with {share} to handle"
        noted = self.in_hand.read(helper.number) if self.in_hand is not None else None
        culprit = next((m for m in helper.share if noted and m.key == noted[0]), None)
        handled: Outcomes = {}
        if culprit is not None and noted is not None:
            if noted[1] + 1 >= 2:
                handled[culprit.key] = self._killed(
                    poller, culprit, noted[1] + 1, helper.ended, helper.number
                )
                line += f": {culprit.key}, in hand when it died, is quarantined (a second death)"
            else:
                handled[culprit.key] = LATER
                self.left.add(culprit.key)
                line += f": {culprit.key}, in hand when it died, is left to the next poll"
                if poller.queued_answers(culprit.key):
                    tied = tied_to(culprit, helper.share, roster)
                    for message in tied:
                        handled[message.key] = LATER
                        self.left.add(message.key)
                    if tied:
                        line += (
                            f" with the {counted(len(tied), 'mail')} tied to it (its answers were "
                            "queued, and are counted against the limits first)"
                        )
            line += "; the poll handled the others again"
        else:
            line += ": the poll handled them again"
        self.died.append(line)
        again = [message for message in helper.share if message.key not in handled]
        return handled | {message.key: poller.guarded(message) for message in again}

    def _silent(self, poller: Handles, message: Incoming, seconds: float, number: int) -> Outcome:
        """Quarantine a mail whose process of its own never answered (never read again)."""
        reason = (
            f"its handling, in a process of its own, gave no answer in {seconds:g} s "
            f"({WATCHED} times mail.handle_seconds) and was stopped; a poll before had died "
            "with it in hand: it may hang a parser in C code, where the time limit cannot "
            "stop it; what was written before stands"
        )
        self._counts_kept(poller, message.key, number)
        return poller.quarantine(message, HandlingStopped(reason), look=False)

    def _killed(
        self, poller: Handles, message: Incoming, deaths: int, ended: str, number: int | None
    ) -> Outcome:
        """Quarantine a mail that killed the processes handling it (never read again);
        ``number``: the slot of the helper that died with it in this poll (None: it is
        quarantined unread, for the deaths of earlier polls)."""
        last = f"; the last {ended}" if ended else ""
        reason = (
            f"{deaths} processes handling it died with it in hand{last}: it may exhaust the "
            "memory or crash a parser; what they wrote before they died stands (if they "
            "were killed from outside, a reboot or a `kill -9`, `wtg quarantine --release "
            "KEY` puts it back for the next poll)"
        )
        self._counts_kept(poller, message.key, number)
        return poller.quarantine(message, MailKilled(reason), look=False)

    def _counts_kept(self, poller: Handles, key: str, number: int | None) -> None:
        """The counts against the limits of the answers a mail's readings queued (or found
        queued), written into the poller's journal as the mail is quarantined: they died
        with the processes' journal notes, and the mail is never read again to make them
        anew, but its answers go out. Without them a mail of the same address was judged
        without those answers, and answered past its limit (``wtg.mail.poll.inprogress``)."""
        counted = self.counted.pop(key, ())
        if number is not None and self.in_hand is not None:
            read = self.in_hand.read(number)
            if read is not None and read[0] == key:
                counted = most(counted, self.in_hand.counted(number))
        for tally, at in counted:
            poller.journal.replied(tally, at)
        self.counts_kept = self.counts_kept or bool(counted)
