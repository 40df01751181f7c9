"""What one poll did: the counts of its mails, each mail's outcome, and what the GM should
know (game folders it could not open, helper processes that died)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

from wtg.core.record import Record
from wtg.mail.poll.events import MailEvent
from wtg.mail.poll.waiting import WAITS
from wtg.mail.spool.outcome import Kind

BOOK_WAITS = "the lobby's book"
"""How ``PollSummary.waiting`` names the commands left waiting for the lobby's book to be
mended (`wtg upgrade` of a book of an older format): after the games, as the line says
them (``waiting for a mend: g1 2, the lobby's book 1``). Before, they were counted among
those left for the next poll alone, and `wtg poll -q` (cron's) said nothing of them."""

UNSENT_SAID_EVERY = timedelta(hours=1)
"""How often at most `wtg poll -q` says that answers went unsent (``PollSummary.unsent_news``):
the hour of the limits that hold them back (``replies_per_hour``)."""


def unsent_news(unsent: bool, now: datetime, said: datetime | None) -> bool:
    """Whether a poll at ``now`` whose mails went without their answers (``unsent``) says so,
    the last poll that said so having been at ``said`` (None: never): the first does, then
    one an ``UNSENT_SAID_EVERY`` after the last. A ``said`` ahead of ``now`` (the clock set
    back) is no bound: the news is said, and counts from then."""
    return unsent and (said is None or not timedelta() <= now - said < UNSENT_SAID_EVERY)


class PollSummary(Record):
    seen: int = 0
    filed: int = 0
    """Mails whose orders were stored."""
    rejected: int = 0
    """Mails with orders that could not be accepted (wrong code, a form of no game here,
    too big), each answered where the sender is a player; and mail that must get no
    answer (automatic replies, bounces, mailing lists)."""
    quarantined: int = 0
    """Mails whose handling failed: kept in the archive for the GM (``wtg status``)."""
    ignored: int = 0
    """Everything else: no orders in the mail (those on file stand), older than the
    orders on file, copies, automatic mail without a form, commands whose answers were all
    mailed before."""
    answered: int = 0
    """A player's mail without a form, answered: its commands (JOIN, CONFIRM, a takeover,
    ...) or help. Counted among the ignored before; the line says it apart (``, answered
    N`` after ``ignored N``) when a poll answered any, so that a GM reading it at night
    does not take the joins for ignored."""
    skipped: int = 0
    """Left in the inbox for the next poll (a game being written, say)."""
    unanswered: int = 0
    """Mails whose answer a limit of answers held back (``not answered: reply limit``)."""
    forged: int = 0
    """Mails whose From is forged: it failed DMARC at the GM's server (``not answered:
    authres``), or it is the host's own address on a mail the host did not send. Not
    answered, their orders filed when their code is right; counted here as well."""
    held: int = 0
    """Forms of games this host does not know: kept for the GM (``wtg quarantine``)."""
    moved: int = 0
    """Mails an earlier poll handled and could not move out of the inbox (the line to the
    server cut, the poll killed): moved now, nothing done with them again, counted in
    none of the others, ``seen`` neither (no news for cron)."""
    events: tuple[MailEvent, ...] = ()
    """What was done with each mail, in the order the server received them: the log's
    lines and those of ``wtg poll -v`` (``wtg.mail.poll.events``). The key names the
    archived copy (``archive/YYYY-MM/<key>.eml``, ``:`` as ``-``)."""
    unreadable: tuple[str, ...] = ()
    """A line for each game folder that could not be opened (skipped; ``wtg.host.gamesdir``)."""
    games_skipped: tuple[str, ...] = ()
    """The folder of each game in ``unreadable``, by name, in name order: the summary line
    names them (``; skipped: g02``), as `wtg send`'s does, and `wtg poll` exits 1 once the
    other games' mail is done."""
    bounced: tuple[str, ...] = ()
    """A line for each player's address a delivery report marked failing this poll
    (``wtg.mail.incoming.bounce.marked_lines``): said on stderr, as the games skipped are."""
    helpers_died: tuple[str, ...] = ()
    """A line for each helper process that died before the poll let it go
    (``wtg.mail.poll.workers``): how it ended, and what became of its mails."""
    broken: tuple[str, ...] = ()
    """A line for each file the poll could not read and went on without (the lobby's
    book: a flood's commands not forgotten, its mails let go all the same): the summary
    line says them (``; not read: ...``), so `wtg status --host` does."""
    unsent_news: bool = False
    """Whether this poll held back an answer (a limit of answers) or left a player's form
    from a forged From unanswered (filed or standing with its right code, no confirmation
    sent), and no poll said such news within the last ``UNSENT_SAID_EVERY``: `wtg poll -q`
    prints its line then (``unsent``). A forged From's mail that did nothing (no form, a
    wrong code: spam mostly) is no news for cron; the digest and `wtg status` list it."""

    def line(self) -> str:
        text = (
            f"filed {self.filed}, rejected {self.rejected}, quarantined {self.quarantined}, "
            f"ignored {self.ignored}"
        )
        text += f", answered {self.answered}" if self.answered else ""
        text += f", held for the GM {self.held}" if self.held else ""
        text += f", left for the next poll {self.skipped}{self._mended()}" if self.skipped else ""
        text += f", not answered (reply limit) {self.unanswered}" if self.unanswered else ""
        text += f", not answered (From forged) {self.forged}" if self.forged else ""
        text += (
            f", moved out of the inbox (an earlier poll had handled them) {self.moved}"
            if self.moved
            else ""
        )
        text += f", helper processes died {len(self.helpers_died)}" if self.helpers_died else ""
        text += f"; skipped: {', '.join(self.games_skipped)}" if self.games_skipped else ""
        return text + "".join(f"; not read: {line}" for line in self.broken)

    def needs_gm(self) -> bool:
        """Anything the GM has to see to: a mail quarantined, held for him (a form of a game
        this host does not know) or left waiting for a game he has to mend, a game folder
        skipped, a helper process dead, a file the poll went on without (``broken``: the
        lobby's book torn), a player's address a bounce marked failing, a mail
        that holds what only he can see to (``Outcome.for_gm``: a question the host answers
        none, a request a game's files hold up, a list its commands filled whose game could
        not be made, a seat taken over to one domain, orders with their right code set aside
        from a mail that looks automatic). `wtg poll -q` (cron's) prints its line only then:
        mail filed, answered or turned away as it should be is no news, and cron mailed the
        GM at every run that filed a mail. Answers not sent (``unsent_news``) are news once
        an hour at most: a flood the limits hold back is a line an hour, never one a mail."""
        told = (
            self.games_skipped or self.helpers_died or self.bounced or self.broken or self.waiting()
        )
        events = any(event.outcome.for_gm for event in self.events)
        return bool(self.quarantined or self.held or told or events or self.unsent_news)

    def unsent(self) -> bool:
        """Whether a mail of this poll went without the answer it would have had: a limit
        held it back, or a form with its right code came from a forged From (``unheard``,
        not rejected). The news ``unsent_news`` says once an hour at most."""
        return any(
            event.outcome.held_back
            or (event.outcome.unheard and event.outcome.kind is not Kind.REJECTED)
            for event in self.events
        )

    def waiting(self) -> dict[str, int]:
        """The mails left waiting for a game the GM has to mend (``wtg.mail.poll.waiting``), by
        game, in name order, then those waiting for the lobby's book (``BOOK_WAITS``)."""
        waits = Counter(
            event.game
            for event in self.events
            if event.outcome.kind is Kind.LATER and event.outcome.detail and event.game
        )
        book = sum(  # the book's refusal names no game (``wtg.lobby.database``)
            1
            for event in self.events
            if event.outcome.kind is Kind.LATER and event.outcome.detail and not event.game
        )
        return dict(sorted(waits.items())) | ({BOOK_WAITS: book} if book else {})

    def mends(self) -> tuple[str, ...]:
        """A line for each game (then the lobby's book) whose mail this poll left waiting for
        a mend: what to do, as its first such mail's outcome says it (``format 1, this wtg
        writes format 2: run `wtg upgrade```, a game.yaml to correct), in the order of
        ``waiting``. The summary line only counts them (`` (waiting for a mend: g1 2)``), and
        `run-turn --due` and `check-config` name the command: a poll says it too. A game
        skipped is left out: its ``wtg:`` line on stderr says why already."""
        said: dict[str, str] = {}
        for event in self.events:
            if event.outcome.kind is Kind.LATER and event.outcome.detail:
                why = event.outcome.detail.split(WAITS)[0].rstrip()
                said.setdefault(event.game or BOOK_WAITS, why)
        return tuple(
            f"waiting for a mend: {said[name]}"
            for name in self.waiting()
            if name not in self.games_skipped
        )

    def _mended(self) -> str:
        """`` (waiting for a mend: g1 20, g2 3)``: ``waiting``; '' when none."""
        waits = self.waiting()
        if not waits:
            return ""
        return f" (waiting for a mend: {', '.join(f'{g} {n}' for g, n in waits.items())})"

    @property
    def outcomes(self) -> tuple[tuple[str, str], ...]:
        """(message key, what was done with it) for each mail, from ``events``."""
        return tuple((event.mail, event.text()) for event in self.events)

    def busy(self) -> bool:
        return bool(self.seen)


__all__ = ["BOOK_WAITS", "UNSENT_SAID_EVERY", "PollSummary", "unsent_news"]
