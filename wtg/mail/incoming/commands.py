"""Command mails: a mail to the host whose sender typed commands (``wtg.lobby``) rather than
an order form. The poller asks here about every mail without a form; a player's mail
without a command goes on to the help with his forms it always got, a stranger's gets the
HELP. A reply to the answer that mailed a code to CONFIRM, from the address it went to and
carrying the code, is read for what its sender typed (``wtg.lobby.yesno``: a plain yes
confirms, a no cancels, anything else is told the request waits).
The answers are rendered from ``templates/mail/lobby/`` and queued through the outbox,
under the same loop rules (the poller has already turned away automatic mail) and rate
limits as every answer: answers to an address that proved itself (a secret code, a
confirmed request) and answers carrying a code to CONFIRM count against
``confirmations_per_hour``, all others against ``replies_per_hour``; and every answer to a
stranger (an address that is no player's and never confirmed a request) against the host's
``unconfirmed_per_hour`` (and one address's, one domain's share of it:
``wtg.mail.incoming.strangers``). An answer a limit held back makes the mail's outcome ``not
answered: reply limit: ...``. A stranger's request asked again while the code mailed for it within
the hour waits is not mailed again: the mail's outcome says so (``ignored: asked again: ...`` when
nothing else was answered)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import Message
from functools import lru_cache
from pathlib import Path

from jinja2 import TemplateError

from wtg.core.plurals import counted
from wtg.core.printable import marked
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import archived_folders, mailed_folder, press_in, withheld
from wtg.game.report import PRESS_HEAD, PRESS_WORDS, press_text
from wtg.lobby import confirm, people, questions, yesno
from wtg.lobby.answering import REPEATED, UNREAD, Answering, Reply, unclear_note
from wtg.lobby.commands import REPLY_LINE, CommandMail, read_commands, typed_text
from wtg.lobby.database import BookTorn, LobbyDatabase, torn_said
from wtg.lobby.domains import started_note
from wtg.lobby.handlers import answer
from wtg.mail.incoming import strangercodes, strangers
from wtg.mail.incoming.answers import DAY, ELSEWHERE_SAID, WINDOW, Answers
from wtg.mail.incoming.awaysubject import away_subject
from wtg.mail.incoming.readsmailbox import reads_mailbox
from wtg.mail.message.extract import normalise, normalised_text, parse_mail, part_text
from wtg.mail.message.fromname import display_name
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.notices import Notices
from wtg.mail.outgoing.seataddresses import refused
from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.hostgames import Registry
from wtg.mail.spool.journal import NO_SEAT
from wtg.mail.spool.outcome import (
    Outcome,
    answered,
    changed,
    for_the_gm,
    ignored,
    rejected,
    unanswered,
)
from wtg.text.addresses import domain_forms

TEXT_MAX = 64_000
"""Characters of a mail's first text part read for commands."""
SUBJECT_MAX = 2000
"""Characters of a mail's subject read (for a reply to a code: ``wtg.lobby.yesno``)."""
MAX_REFERENCES = 10
"""Message-IDs of the mails answered looked up (of each header)."""
_MESSAGE_ID = re.compile(r"<[^<>\s]{1,300}>")
PRIVATE_TALLY = "private-press:"
"""The journal counts the private press relayed to an address under this prefix, the game,
the writer (his side and the address of his seat: a newcomer who took a seat over is
not counted the quitter's pieces) and the reader's address: apart from the answers to it
(``Reply.private``), and each writer's apart from the others' (one player's press never
silences another's)."""
PRIVATE_A_DAY = 10
"""Pieces of one writer's private press relayed to one reader in 24 hours. The hour's limit
(``mail.replies_per_hour``, each writer's to each reader) alone let a player have the host
mail another 72 pieces a day, each of up to 4,000 characters, for as long as the game ran,
and the reader could stop none of it. Ten a day is more than any talk between two players
needs; another player's press to the same reader is counted apart."""
PRIVATE_DAY_TALLY = "private-press-day:"
"""The key the private press one writer's was relayed to one reader is counted under for
``PRIVATE_A_DAY``, beside ``PRIVATE_TALLY`` (the hour's)."""
PRIVATE_DAY = "private press a day"
"""What held back a private press past ``PRIVATE_A_DAY`` (as the outcome names a limit)."""
PUT_BACK = "the reader's address is one put back"
"""What held back a private press to a seat whose address in game.yaml is one `wtg send`
saw replaced (``Commands._put_back``), as the outcome names it."""
CODES_TALLY = "codes:"
"""... and the answers that carry a code to CONFIRM (a JOIN's, a WITHDRAW's, a takeover's,
a RESIGN's), which anyone may ask for in anyone's name: apart from the answers to his own
orders and commands, which a flood of forged requests must never hold back."""
NOTICE_TALLY = "reply-notice:"
"""The key the notices that a reply to a code was not read as asked are counted under
(``Reply.once_a_day``), apart from the address's other answers."""
ENDED = "its code no longer waits"
"""Why an answer carrying a code to CONFIRM is not mailed when its code was forgotten or
ended before it went out (``Commands._mailable``)."""


def command_text(msg: Message) -> str | None:
    """The first text part a person typed (plain text, else HTML made text), normalised. A
    plain part of blanks alone is none: a client that sends an empty plain text beside the
    HTML the person typed in has his commands in the HTML."""
    html: str | None = None
    for part in _typed_parts(msg):
        kind = part.get_content_type()
        if kind not in ("text/plain", "text/html"):
            continue
        text, _notes = part_text(part)
        whole = len(text) <= TEXT_MAX  # read as the form's reader read it, once
        if kind == "text/plain" and text.strip():
            return normalised_text(part) if whole else normalise(text[:TEXT_MAX])
        if kind == "text/plain" or html is not None:
            continue
        if whole:
            html = normalised_text(part)
            continue
        from wtg.mail.message.htmltext import html_to_text  # lxml: only for mail that has HTML

        html = normalise(html_to_text(text[:TEXT_MAX]))
    return html


def _typed_parts(part: Message) -> Iterator[Message]:
    """The leaf parts of a mail that its sender wrote, in order: not an attachment, and
    nothing inside one or inside a mail forwarded whole (``message/rfc822``: the host's
    request forwarded with "not me!" holds its CONFIRM line, which is not the sender's).
    The parser caps the depth of the tree."""
    if part.get_content_disposition() == "attachment" or part.get_content_maintype() == "message":
        return
    if not part.is_multipart():
        yield part
        return
    payload = part.get_payload()
    for sub in payload if isinstance(payload, list) else ():
        if isinstance(sub, Message):
            yield from _typed_parts(sub)


class Commands:
    """The poller's hook for mails without a form."""

    def __init__(self, answers: Answers, registry: Registry) -> None:
        self.answers = answers
        self.registry = registry
        self._mail: Message | None = None
        self._read_of_mail: dict[str, str | None] = {}
        """What was read of the mail in hand (``_mail``): its text (``text``), the host's
        mail it answers (``answered_text``) or holds (``copied_text``), each read once for
        the checks that ask (a mail without a form is asked by five)."""
        self.book_torn: str | None = None
        """Why the lobby's book could not be read, once a mail met it so
        (``wtg.lobby.database.torn``): the poll says it once (its summary line)."""

    def _kept(self, msg: Message) -> dict[str, str | None]:
        """What was read of ``msg`` so far: nothing when it is another mail than the last."""
        if self._mail is not msg:
            self._mail, self._read_of_mail = msg, {}
        return self._read_of_mail

    def text(self, msg: Message) -> str | None:
        """``command_text`` of ``msg``, read once."""
        kept = self._kept(msg)
        if "text" not in kept:
            kept["text"] = command_text(msg)
        return kept["text"]

    def handle(
        self,
        message: Incoming,
        msg: Message,
        sender: str | None,
        message_id: str,
        parts_note: str = "",
    ) -> Outcome | None:
        """The outcome of a command mail; None when the mail is no command mail and its
        sender a player of a game here (he gets the help with his forms). A stranger's mail
        without a command gets the HELP: no mail a person wrote goes unanswered, and
        ``parts_note`` (``Extracted.parts_note``: the parts of it that were not read) is
        said in it."""
        if sender is None:
            return None
        text = self.text(msg)
        answered = self.answered_text(msg)
        mail = _read(msg, text, self.copied_text(msg))
        subject = _subject(msg)
        hint = yesno.Hint(subject, text or "", answered, away_subject(subject))
        if _no_command(mail) and not hint.possible() and self.registry.seats_of(sender):
            return None  # the help with his forms, naming the lines not understood
        display = display_name(msg)
        with torn_said(self.answers.gm.games_dir), LobbyDatabase(self.answers.gm.games_dir) as book:
            typed = typed_text(text or "", answered)
            reply = yesno.read_as(book, sender, mail, hint, typed, display, message.key)
            if reply is None and _no_command(mail) and self.registry.seats_of(sender):
                return None
            if reply is not None:  # a reply to a code, read for what it says
                mail = reply
            elif mail is None:
                mail = CommandMail((), None, "")
            notices = Notices(self.answers.gm.spool, self.answers.gm.sender, self.answers.now)
            desk = Answering(
                book,
                self.answers.gm.games_dir,
                self._games,
                sender,
                display,
                self.answers.now,
                message.order_key,
                notices.taken_off,
                mail_key=message.key,
                taken_off_told=notices.taken_off_told,
                host=self.answers.gm.sender,
                waiting=self.registry.refusal,
                came_from=self.answers.came_from,
                dashed=self.answers.gm.limits.dash_subaddress_domains,
                question=yesno.question(typed, mail, _subject(msg)) or "",
                subject_command=questions.subject_command(subject),
                parts_note=parts_note,
            )
            replies = answer(desk, mail)
            owner = reads_mailbox(
                self.answers.outbox, msg, sender, self.answers.loop, self.answers.now
            )
            held, again, hour = self._queue(message, replies, sender, message_id, book, owner)
        stamp = self.answers.now.timestamp()  # a code guessed by commands counts as by forms
        for game, own in desk.codes_refused.items():
            rows = self.answers.gm.limits.wrong_code_rows
            self.answers.journal.wrong_code(message.key, game, NO_SEAT, sender, own, stamp, rows)
        for game, seat in sorted(desk.codes_elsewhere):
            self.answers.journal.code_elsewhere(message.key, game, seat, sender, stamp)
        if desk.started:
            self.registry.forget()
        outcome = _outcome(mail, desk, held, again)
        if held and hour == len(held) and outcome.held_back and not outcome.for_gm:
            outcome = changed(outcome, outcome.detail, strangers=True)
        return outcome

    def _queue(
        self,
        message: Incoming,
        replies: list[Reply],
        sender: str,
        message_id: str,
        book: LobbyDatabase,
        owner: bool = False,
    ) -> tuple[list[str], list[str], int]:
        """Queue the answers under the limits of answers; what each held back answer was and
        the limit that held it, what each answer not mailed again was (its code went to
        the stranger within the hour: ``strangers.ASKED_AGAIN``), and how many of those held
        back the hour's mail to strangers held (``strangers.HOUR_BOUNDS``). A held answer's code to
        CONFIRM is forgotten unless an earlier answer mailed it (``Reply.asked_before``):
        no CONFIRM can come for a code never mailed. ``owner``: the mail answers one the
        host sent to ``sender`` (``readsmailbox``): no day's codes hold back its codes."""
        held: list[str] = []
        again: list[str] = []
        hour = 0
        limits = self.answers.gm.limits
        private_held: str | None = None
        codes, known = self._code_days()
        for index, reply in enumerate(replies):
            if private_held is not None and reply.template == "press_relayed":
                reply = _not_relayed(reply, private_held)  # its writer is told, not lied to
            elif self._to_a_put_back_seat(reply, sender):  # his form, his code: not there
                held.append(f"{reply.subject[:60]!r} to {reply.to} ({PUT_BACK})")
                self._forget_unmailed_code(book, reply, PUT_BACK, None)
                reply = _put_back_refusal(reply, sender)
            body = _body(reply)
            room = (reply.proven or reply.asks is not None) and not reply.private
            limit = limits.confirmations_per_hour if room else None
            stranger = None
            if not reply.on_file and self._stranger(book, reply.to):  # a code, a From: no proof
                stranger = strangers.CODE if reply.asks is not None else strangers.OTHER
            tally = None  # the answers to the address, or a count of their own:
            day_tally = None
            if reply.private:  # each writer's to each reader: none silences the others
                writer = _writer_key(reply)
                reader = compose.address_key(reply.to)
                tally = f"{PRIVATE_TALLY}{_game_of(reply)}:{writer}:{reader}"
                day_tally = f"{PRIVATE_DAY_TALLY}{_game_of(reply)}:{writer}:{reader}"
            elif reply.asks is not None:  # forged requests never hold back his orders' answers
                tally = f"{CODES_TALLY}{compose.address_key(reply.to)}"
            window = WINDOW
            if reply.once_a_day:  # an auto-responder answering each never loops
                tally, limit, window = f"{NOTICE_TALLY}{compose.address_key(reply.to)}", 1, DAY
            ident = f"cmd-{message.key}-{index}"
            late = False  # a code past the address's day of codes (``strangercodes``)
            bound = None if reply.asks is None else codes if stranger else known
            if reply.asks is not None and not self._mailable(book, reply.asks, ident):
                why: str | None = ENDED
            elif reply.private and self._put_back(reply):
                why = PUT_BACK
            elif day_tally is not None and self._day_spent(day_tally, ident):
                why = PRIVATE_DAY
            elif bound is not None and self._codes_spent(bound, reply.to, ident, owner, sender):
                late = bound.late_open(reply.to)
                why = None if late else bound.limit
                if late and reply.asks is not None:
                    note = strangercodes.waiting_note(
                        book, reply.to, reply.asks, limits.dash_subaddress_domains
                    )
                    body = f"{body.rstrip()}\n\n{note}" if note else body
            else:
                why = None
            if why is None:
                why = self.answers.reply(
                    ident,
                    reply.to,
                    reply.subject,
                    body,
                    message_id if reply.to == sender else None,
                    limit=limit,
                    stranger=stranger,
                    tally=tally,
                    game=_game_of(reply),
                    asks=reply.asks,
                    window=window,
                    echo=not reply.private and reply.asks is None and not reply.notice,
                    limited=not reply.notice,  # a notice of the game: no answer to hold back
                    daily=not reply.private,  # bound a day on its own: ``PRIVATE_A_DAY``
                )
                if why is None and day_tally is not None:
                    self.answers.journal.replied(day_tally, self.answers.now.timestamp())
                if why is None and bound is not None:
                    bound.mailed(reply.to, late)
            if reply.private:  # the writer's copy that follows says what became of this one
                private_held = why
            if why is None:
                continue
            to = "" if compose.address_key(reply.to) == sender else f" to {reply.to}"
            subject = reply.subject.replace(reply.asks, "<code>") if reply.asks else reply.subject
            if why == strangers.ASKED_AGAIN:
                again.append(f"{subject[:60]!r}{to}")
                continue
            self._forget_unmailed_code(book, reply, why, bound)
            hour += why in strangers.HOUR_BOUNDS
            if why in (strangers.DOMAIN_SHARE, strangers.NEW_DOMAINS):
                why = f"{why}: @{self.answers.strangers.held_domain}"
            held.append(f"{subject[:60]!r}{to} ({why})")
        return held, again, hour

    def _code_days(self) -> tuple[strangercodes.StrangerCodes, strangercodes.StrangerCodes]:
        """The day's bounds on the codes to CONFIRM the host mails an address: a
        stranger's (``stranger_codes_per_day``), and a player's, one who confirmed
        (``replies_per_day``: a From proves no one, and 20 an hour were 480 codes a day,
        attack41)."""
        limits = self.answers.gm.limits

        def bound(per_day: int, *limit: str) -> strangercodes.StrangerCodes:
            late = limits.stranger_late_hours * 3600.0
            now = self.answers.now.timestamp()
            domains = limits.dash_subaddress_domains
            return strangercodes.StrangerCodes(
                self.answers.journal, now, per_day, late, domains, *limit
            )

        codes = bound(limits.stranger_codes_per_day)
        return codes, bound(limits.replies_per_day, strangercodes.KNOWN_DAY)

    def _forget_unmailed_code(
        self,
        book: LobbyDatabase,
        reply: Reply,
        why: str,
        bound: strangercodes.StrangerCodes | None,
    ) -> None:
        """Forget the code to CONFIRM of the answer ``reply`` that ``why`` held back, unless
        an earlier answer mailed it (no CONFIRM can come for a code never mailed) or it was
        held past the day's codes and is kept to wait, listed in a later mail (a few an
        hour: kept whether or not an earlier answer mailed it)."""
        limits = self.answers.gm.limits
        kept = (
            bound is not None
            and why == bound.limit
            and reply.asks is not None
            and self.answers.strangers.keep(
                self.answers.now.timestamp(),
                compose.address_key(reply.to),
                reply.asks,
                limits.unconfirmed_per_address,
                limits.unconfirmed_per_hour,
            )
        )
        if reply.asks is not None and not reply.asked_before and not kept:
            confirm.forget(book, reply.asks)

    def _day_spent(self, tally: str, ident: str) -> bool:
        """Whether the private press of ``tally`` (one writer's to one reader) was relayed
        ``PRIVATE_A_DAY`` times in the last 24 hours; never for one queued already (an
        earlier reading of the mail, cut short before its journal's commit, queued it: it
        goes, and is counted again)."""
        if self.answers.outbox.known(ident):
            return False
        since = self.answers.now.timestamp() - DAY
        return self.answers.journal.replies_counted(tally, since) >= PRIVATE_A_DAY

    def _put_back(self, reply: Reply) -> bool:
        """Whether ``reply`` goes to an address its game gives a seat that `wtg send` saw
        replaced (``seataddresses.refused``: the game's folder put back from a copy made
        before the GM corrected it, a stranger's perhaps): a private press is not relayed
        there (attack43)."""
        name = _game_of(reply)
        game = self.registry.game(name) if name is not None else None
        if game is None:
            return False
        put_back = refused(self.answers.journal, game).values()
        return any(address in put_back for address in domain_forms(compose.address_key(reply.to)))

    def _to_a_put_back_seat(self, reply: Reply, sender: str) -> bool:
        """Whether ``reply`` is a player's answer mailed to his seat's address in game.yaml
        (his form, his code, his press's copy: never to the mail's From) when that is one
        put back (``_put_back``) and not the From: the mail came from his address now, and
        the stranger at the old one would have it (review43b). A private press is held as
        its own (``PUT_BACK``), a notice of another's request goes as the GM's do."""
        if reply.private or reply.notice or sender in domain_forms(compose.address_key(reply.to)):
            return False
        return self._put_back(reply)

    def _codes_spent(
        self,
        codes: strangercodes.StrangerCodes,
        to: str,
        ident: str,
        owner: bool = False,
        sender: str = "",
    ) -> bool:
        """Whether the address ``to`` had its day's codes (``codes``: a stranger's,
        ``mail.stranger_codes_per_day``; a player's, ``mail.replies_per_day``); never for
        the writer whose From the GM's server vouched for, nor for the ``sender`` of a mail
        that answers one the host sent him there (``owner``: ``readsmailbox``), nor for an
        answer queued already (an earlier reading of the mail, cut short before its
        journal's commit, queued it: it goes)."""
        if compose.address_key(to) == self.answers.authenticated:
            return False  # the writer himself: no forger's flood (docs/mail.md, "Commands")
        if owner and compose.address_key(to) == compose.address_key(sender):
            return False  # he reads the mailbox the host mailed: no forger (attack43)
        return not self.answers.outbox.known(ident) and codes.spent(to)

    def _mailable(self, book: LobbyDatabase, code: str, ident: str) -> bool:
        """Whether an answer carrying a code to CONFIRM may go out: its code still waits, or
        the answer is in the outbox already (queued by an earlier reading of the mail). A
        code no longer waits when a limit held its answer back at an earlier reading of the
        mail (a poll killed before its journal's commit, read again when the limit has
        room: ``confirm.forget``), or a command of the same mail ended the request: mailed,
        it would be refused as a code never mailed."""
        return confirm.waits(book, code) or self.answers.outbox.known(ident)

    def unclear(self, msg: Message) -> str:
        """What the help to a player's mail without a command says of the lines it typed
        that look like commands but are none (``answering.unclear_note``), or ""."""
        mail = _read(msg, self.text(msg), self.copied_text(msg))
        return unclear_note(mail) if mail is not None else ""

    def question(self, msg: Message) -> str:
        """The first question a player's mail without a command typed (``yesno.question``),
        or "": the help with his forms quotes it, saying the host answers none, and the
        GM's line for the mail names it (``asked``)."""
        typed = typed_text(self.text(msg) or "", self.copied_text(msg))
        return yesno.question(typed, None, _subject(msg)) or ""

    def question_beside_a_form(self, msg: Message, texts: Sequence[str]) -> str:
        """The first question a mail of order forms asked beside them, or in its subject
        (``questions.beside_a_form``), or "": the GM's line for the mail names it."""
        return questions.beside_a_form(texts, _subject(msg), self.copied_text(msg)) or ""

    def answered_text(self, msg: Message) -> str:
        """The text of the host's own mail this one answers (named by its In-Reply-To or
        References, read back from the outbox's sent/), or "": its lines, pasted into the
        reply, are never read as the sender's commands. Read once a mail."""
        kept = self._kept(msg)
        found = kept.get("answered")
        if found is None:
            named = [
                str(value)
                for name in ("In-Reply-To", "References")
                for value in msg.get_all(name, [])
            ]
            found = kept["answered"] = self._sent_text(named[: 2 * MAX_REFERENCES])
        return found

    def copied_text(self, msg: Message) -> str:
        """The text of the host's own mail whose lines a mail holds (``answered_text``), or
        of the host's mail it forwards inline, named by a Message-ID on the forwarded header
        lines (s-nail's ``forward``: no In-Reply-To), or "": lines of neither are read as
        commands, and what the sender typed under such a mail's end is read
        (``wtg.lobby.commands.original_end``). A forward is no reply to a code: only
        ``answered_text`` makes a mail one (``wtg.lobby.yesno``). The host's press mails
        pasted into it, whatever mail it answers, come first (``_press_pasted``). Read once
        a mail."""
        kept = self._kept(msg)
        found = kept.get("copied")
        if found is None:
            text = self.text(msg) or ""
            answered = self.answered_text(msg)
            forwarded = _forwarded_ids(text) if not answered else []
            own = answered or self._sent_text(forwarded) or self._code_mails(text)
            pasted = self._press_pasted(text, own)
            # the press first: the last line of the mail answered ends its copy
            found = kept["copied"] = f"{pasted}\n{own}" if pasted else own
        return found

    def _code_mails(self, text: str) -> str:
        """The text of the host's mails that mailed the code of a ``CONFIRM <code>`` line
        ``text`` holds, when a request waits for that code: the request's answer, made again
        from what its command kept (the book's ``done``), and the HELP, the late code's list
        and the answer to a reply that did not confirm it, which name the request waiting,
        made again from it; "" when none. A mail that
        names no mail of the host's may hold one pasted all the same, unquoted: an
        auto-responder without the standard headers answers a request forged in its owner's
        name with the mail that asks him to CONFIRM it under its own words, and its
        ``CONFIRM`` line, read as his, carried out the forger's WITHDRAW (attack39). A line of
        such a copy is none of the sender's (``copied``); the line typed alone confirms as
        ever. At most ``CODE_MAILS_LOOKED`` codes a mail, each in its ``CODE_MAIL_ROWS``
        newest commands."""
        lines = _CONFIRM_LINE.finditer(text) if _may_say(text, "confirm") else ()
        codes = dict.fromkeys(found.group(1).upper() for found in lines)
        if not codes:
            return ""
        made: list[str] = []
        try:
            with torn_said(self.answers.gm.games_dir):
                self._made_again(codes, made)
        except BookTorn as exc:  # nothing of the book known: its mails are none of these
            self.book_torn = exc.line
        return "\n".join(made)

    def _made_again(self, codes: dict[str, None], made: list[str]) -> None:
        """``_code_mails``'s mails of ``codes``, made again into ``made``."""
        with LobbyDatabase(self.answers.gm.games_dir) as book:
            addresses: dict[str, None] = {}
            for code in list(codes)[:CODE_MAILS_LOOKED]:
                request = confirm.waiting_for(book, code)
                if request is None:
                    continue  # a CONFIRM of no request waiting does nothing: nothing to know
                addresses[request.address] = None
                waiting = {"asked": confirm.asked(request), "until": confirm.lapses(request)}
                made.append(
                    compose.render(
                        "lobby/help",
                        unknown=None,
                        question="",
                        waiting=[{**waiting, "code": request.code}],
                    )
                )
                made.append(
                    compose.render(
                        "lobby/codes_waiting", waiting=[strangercodes.listed(request)], more=0
                    )
                )
                made.append(
                    compose.render(
                        "lobby/reply_unconfirmed",
                        request=waiting["asked"],
                        until=waiting["until"],
                        code=request.code,
                        strict=request.kind not in yesno.CONFIRMS,
                        yes=False,
                        question=None,
                    )
                )
                rows = book.rows(
                    "SELECT what FROM done WHERE what LIKE ? ORDER BY at DESC LIMIT ?",
                    f"%{code}%",
                    CODE_MAIL_ROWS,
                )
                for row in rows:  # the request's own answer last: its last line ends a copy
                    made.extend(_replies_naming(str(row["what"]), code))
            for address in addresses:
                made[:0] = self._address_mails(book, address)

    def _address_mails(self, book: LobbyDatabase, address: str) -> list[str]:
        """The host's mails that list every request waiting at ``address`` with its code,
        made again as they list them now: the HELP (the requests of the address), and a late
        code's list (those of its mailbox, sub-addresses too, the newest first). A forger
        who had four requests or more wait at a person's address, then a mail of no command
        answered there, had her auto-responder paste back a HELP of four ``CONFIRM`` lines,
        and the fourth, its code beyond the ``CODE_MAILS_LOOKED`` made again one by one,
        was read as hers (attack40): each request is in these lists of all of them."""
        mine = confirm.waiting_at(book, address)
        help_mail = compose.render(
            "lobby/help",
            unknown=None,
            question="",
            waiting=[
                {"asked": confirm.asked(p), "until": confirm.lapses(p), "code": p.code}
                for p in mine
            ],
        )
        dashed = self.answers.gm.limits.dash_subaddress_domains
        box = strangercodes.waiting_at_mailbox(book, address, dashed)
        listed = [strangercodes.listed(p) for p in reversed(box)]
        return [help_mail, compose.render("lobby/codes_waiting", waiting=listed, more=0)]

    def _press_pasted(self, text: str, copied: str) -> str:
        """The text of each press mail of the host's whose head (``PRESS_HEAD``: its game and
        turn) ``text`` holds, unquoted, when it is no line of ``copied`` already (the mail
        answered): made again as the send made it, from the game's press of that turn once
        it ran (``mailed_folder``: the press kept for a turn to come was mailed to no one,
        and a head naming it would tell the sender what it holds by the lines passed
        over), or as the archive keeps an earlier run of that turn (``archived_folders``: a
        rollback took it back, a rerun replaced it; its press mail was made all the same).
        A player pastes the press mail into his reply to another mail (the next report), or
        into a mail to the host: its head, in capitals, is no PRESS of his, nor its lines
        his text. At most ``PRESS_PASTED`` of them, the first, each made once while its
        press files stand as they are (``_press_mail``)."""
        found = PRESS_HEAD.finditer(text) if PRESS_WORDS in text else ()  # most mails: none
        heads = dict.fromkeys(
            (match.group(1), int(match.group(2)))
            for match in found
            if match.group(0).strip() not in copied
        )
        made: list[str] = []
        for name, turn in list(heads)[:PRESS_PASTED]:
            game = self.registry.game(name)
            if game is None:
                continue
            # the press mail of the turn as it stands, and of each run of it archived
            for folder in (mailed_folder(game.store, turn), *archived_folders(game.store, turn)):
                files = _press_files(folder)
                if files:
                    mail = _press_mail(game.config.game, turn, folder, files, game.config.players)
                    made.append(mail)
        return "\n".join(made)

    def _sent_text(self, values: list[str]) -> str:
        """The text of the first mail the host sent that ``values`` name by Message-ID."""
        domain = compose.id_domain(self.answers.loop)
        for value in values:
            for message_id in _MESSAGE_ID.findall(value)[:MAX_REFERENCES]:
                raw = self.answers.outbox.sent_mail(message_id, domain)
                text = command_text(parse_mail(raw)) if raw is not None else None
                if text:
                    return text
        return ""

    def _stranger(self, book: LobbyDatabase, to: str) -> bool:
        """Whether an address is no player's of a game here and never confirmed a request."""
        address = compose.address_key(to)
        return not self.registry.seats_of(address) and people.person_of(book, address) is None

    def _games(self) -> Mapping[str, Game]:
        return self.registry.games()


_FORWARDED_ID = re.compile(r"^message-id:[ \t]*(<[^<>\s]{1,300}>)[ \t]*$", re.I | re.M)


_CONFIRM_LINE = re.compile(r"^[ \t]*confirm:?[ \t]+([a-z0-9]{10})[ \t]*$", re.I | re.M)
"""A ``CONFIRM <code>`` line as a mail may hold it (``_code_mails``)."""
CODE_MAILS_LOOKED = 3
"""The codes of one mail's ``CONFIRM`` lines whose mails are made again (``_code_mails``): a
mail confirms one or two requests; a mail of a thousand lines costs no more."""
CODE_MAIL_ROWS = 20
"""The newest commands whose kept answers are read for one code (``_code_mails``): the
request's answer, a request asked again, the HELPs that named it waiting."""


def _replies_naming(what: str, code: str) -> list[str]:
    """The text of each answer a command kept (``what``: the book's ``done`` JSON) whose
    words name ``code``, made again from its template and words as the mail loop made it;
    an answer an older wtg kept that its template no longer makes is passed over."""
    try:
        kept = json.loads(what)
    except ValueError:
        return []
    replies = kept.get("replies") if isinstance(kept, dict) else None
    made = []
    for reply in replies if isinstance(replies, list) else []:
        if not isinstance(reply, dict):
            continue
        template, context = reply.get("template"), reply.get("context")
        if not isinstance(template, str) or not isinstance(context, dict):
            continue
        if code not in json.dumps(context):
            continue
        try:
            made.append(compose.render(f"lobby/{template}", **context))
        except (TemplateError, TypeError, ValueError):
            continue
    return made


PRESS_PASTED = 3
"""The press mails pasted into one mail that are made again to be known (``_press_pasted``):
a player pastes one, or the two of a thread; a mail of a thousand heads costs no more."""


PRESS_MAILS_KEPT = 64
"""The press mails made again that are kept for the next mail naming them (``_press_mail``):
a turn's is up to some 45,000 characters."""


def _press_files(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """The press files of ``folder`` as they stand (name, time of change, size), in name
    order: the key a press mail made again is kept by (``_press_mail``); none when there
    are none, or the folder cannot be read."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        return tuple(
            (entry.name, (stat := entry.stat()).st_mtime_ns, stat.st_size)
            for entry in entries
            if entry.name.endswith(".json") and entry.is_file()
        )
    except OSError:
        return ()


@lru_cache(maxsize=PRESS_MAILS_KEPT)
def _press_mail(
    game: str,
    turn: int,
    folder: Path,
    files: tuple[tuple[str, int, int], ...],
    players: tuple[PlayerEntry, ...],
) -> str:
    """The press mail of ``game``'s ``turn`` as its send made it (the press of ``folder``,
    the codes and addresses of ``players`` withheld), "" for none: made once
    while its ``files`` and the players stand as they are, for the mails that paste it or
    only its head (a stranger's of three heads each, from as many addresses as he likes,
    made it three times a mail: some 200 times a mail's work)."""
    press = withheld(press_in(folder), players)
    return press_text(game, turn, press) if press else ""


def _forwarded_ids(text: str) -> list[str]:
    """The Message-IDs on the header lines of a mail forwarded inline (``text``: its
    ``command_text``), as s-nail's ``forward`` writes them under its ``-------- Original
    Message --------`` (a forward is no reply: no In-Reply-To names the host's mail it
    holds)."""
    read = text[:TEXT_MAX]
    return _FORWARDED_ID.findall(read)[:MAX_REFERENCES] if _may_say(read, "message-id:") else []


def _may_say(text: str, word: str) -> bool:
    """Whether ``text`` may hold ``word`` (ASCII, small letters) in any case, as a line's
    pattern that ignores case reads it (``_CONFIRM_LINE``, ``_FORWARDED_ID``): a text of
    ASCII alone is looked through as a string, not by the pattern, which tries each of its
    places as a line's start; any other text is left to the pattern, whose case folding
    knows letters ``lower`` does not (a dotless ``ı`` is an ``i`` to it)."""
    return not text.isascii() or word in text.lower()


def _read(msg: Message, text: str | None, answered: str) -> CommandMail | None:
    """The commands of a mail's text (``read_commands``); an auto-reply's (its subject:
    ``awaysubject``) without the lines that look like commands but are none, which no one
    typed to the host (``Status: away``), nor those under an attribution (``cut_at``: the
    mail it answers, pasted): it is answered as usual, never named a line."""
    mail = read_commands(text, answered) if text is not None else None
    if mail is None or not (mail.unclear or mail.under_cut) or not away_subject(_subject(msg)):
        return mail
    if not mail.commands and mail.code is None:
        return None
    return mail.replaced(unclear=(), more_unclear=0, cut_at="", under_cut=(), more_under_cut=0)


def _no_command(mail: CommandMail | None) -> bool:
    """Whether a mail holds no command and no CODE line: none at all, or only lines that
    look like commands but are none (``resign g1 please``). A player's such mail gets the
    help with his forms, as a mail without a command does, naming those lines; before, it
    got the host's HELP, which named them but not his forms."""
    return mail is None or (not mail.commands and mail.code is None)


def _subject(msg: Message) -> str:
    """The mail's subject, its encoded words decoded (as it stands when they cannot be)."""
    raw = next((str(value) for key, value in msg.raw_items() if key.lower() == "subject"), "")
    raw = " ".join(raw[:SUBJECT_MAX].split())
    if "=?" not in raw:
        return raw
    try:
        return str(make_header(decode_header(raw)))
    except (HeaderParseError, ValueError, LookupError, UnicodeError):  # a broken word
        return raw


def _writer_key(reply: Reply) -> str:
    """Whose private press ``reply`` relays, as its tallies count it: the writer's side and
    the address his seat has (``writer_address``). The side alone counted a quitter's pieces
    against the newcomer who took his seat over, who got no private press to that reader
    for up to 24 hours and was told he had sent it all."""
    side = getattr(reply.context.get("writer"), "side", "")
    address = reply.context.get("writer_address")
    return f"{side}:{compose.address_key(address)}" if isinstance(address, str) else f"{side}"


def _game_of(reply: Reply) -> str | None:
    """The game an answer is about (its List-Id): the one its text names, if any."""
    game = reply.context.get("game")
    return game if isinstance(game, str) and game else None


def _put_back_refusal(reply: Reply, sender: str) -> Reply:
    """What the writer is told at his From in place of ``reply``, held back from his seat's
    address put back (``Commands._to_a_put_back_seat``): the answer was not mailed (what
    his command did to the game, a press relayed, stays done)."""
    return Reply(
        sender,
        f"{reply.subject}: not mailed",
        "not_mailed",
        {
            "answer": reply.subject,
            "game": _game_of(reply),
            "reason": (
                "it is one the game master replaced, given back by a copy of the game put "
                "back, and a stranger's perhaps; the game master is told, and it is being "
                "set right: ask for it again later"
            ),
        },
    )


def _not_relayed(copy: Reply, why: str) -> Reply:
    """The answer to a private press's writer when the press itself was held back by the
    hourly limit of its reader's (or ``PRIVATE_A_DAY``): a refusal that says so, in place of
    the copy."""
    game, side = copy.context["game"], copy.context["side"]
    reason = (
        f"player {side} has been relayed as much private press this hour as he may get "
        f"({why}); nothing went to him: send it again later"
    )
    if why == PUT_BACK:
        reason = (
            f"player {side}'s address in game {game} is one the game master replaced, given "
            "back by a copy of the game put back: the game master is told, and it is being "
            "set right; nothing went to him: send it again later"
        )
    if why == PRIVATE_DAY:
        reason = (
            f"player {side} has been relayed as much of your private press today as one "
            f"player may send another ({PRIVATE_A_DAY} pieces in 24 hours); nothing went to "
            "him: send it again tomorrow"
        )
    return Reply(
        copy.to,
        f"PRESS {game} TO {side}: not done",
        "refused",
        {"command": f"PRESS {game} TO {side}", "reason": reason},
        proven=True,
    )


def _body(reply: Reply) -> str:
    """The text of the answer ``reply``, after the notes of a command asked again in the
    mail and of the mail's commands past the limit, when it has them."""
    body = compose.render(f"lobby/{reply.template}", **reply.context)
    if reply.context.get(REPEATED):  # the same command asked again in the mail
        body = f"{reply.context[REPEATED]}\n\n{body}"
    if reply.context.get(UNREAD):  # the mail's commands past the limit
        body = f"{reply.context[UNREAD]}\n\n{body}"
    return body


def _outcome(mail: CommandMail, desk: Answering, held: list[str], again: list[str]) -> Outcome:
    """What was done, as ``wtg poll -v``, ``wtg status`` and the digest show it: the
    commands as the mail wrote them, but for any character that is not printable. An
    answer not mailed again (``again``) is said beside the rest; a mail whose answers were
    all such is ``ignored``, as a copy is."""
    said = (c.text() if c.line != REPLY_LINE else yesno.shown(c) for c in mail.commands)
    words = marked(", ".join(text[:40] for text in said)) or "HELP"
    if mail.skipped:  # past MAX_COMMANDS: named to the sender, counted for the GM
        words += f" ({mail.skipped} more not read)"
    if desk.codes_elsewhere:  # someone else has the seat's code: the player is told, the GM too
        seats = ", ".join(f"{game} p{seat}" for game, seat in sorted(desk.codes_elsewhere))
        words += f"{ELSEWHERE_SAID} ({seats})"
    held = [marked(line) for line in held]
    # the GM's to see to: a request held up, a list no game was made of, a seat taken
    # over to one domain; `wtg poll -q` says the mail's line for it (``needs_gm``)
    gm = bool(desk.held_up or desk.problems or desk.warnings)
    made = (f"{s.game}{started_note(s.players)}" for s in desk.started)
    started = f"; started {', '.join(made)}" if desk.started else ""
    started += "".join(f"; {problem}" for problem in desk.problems)
    started += "".join(f"; {warning}" for warning in desk.warnings)
    started += "".join(f"; {line}" for line in seats_taken(desk.replies))
    if again:
        started += f"; {_again(again)}"
    if held:
        of = counted(len(desk.replies), "answer")  # 1 of 4 answers, 1 of 1 answer
        what = f"{len(held)} of {of} held back: {'; '.join(held)}"
        return for_the_gm(unanswered(f"{what}; commands: {words}{started}"), desk.question, gm)
    if again and len(again) == len(desk.replies):  # what is the GM's said all the same
        warned = "".join(f"; {line}" for line in (*desk.problems, *desk.warnings))
        repeated = ignored(f"{_again(again)}; commands: {words}{warned}")
        return for_the_gm(repeated, desk.question, gm)
    if not mail.commands:
        return for_the_gm(answered("HELP (no command found)"), desk.question)
    if desk.refused and desk.refused >= len(mail.commands):
        warned = "".join(f"; {line}" for line in (*desk.problems, *desk.warnings))  # his to do
        refused = rejected(f"commands refused: {words}{warned}")
        return for_the_gm(refused, desk.question, gm)
    return for_the_gm(answered(f"commands: {words}{started}"), desk.question, gm)


def seats_taken(replies: Sequence[Reply]) -> list[str]:
    """The seats the mail's commands took over (each newcomer's welcome: a mail read again
    makes it again), as the mail's record says them: ``seat 3 of wok4-1 taken over by
    Newcomer``."""
    return [
        marked(f"seat {r.context['seat']} of {r.context['game']} taken over by {r.context['name']}")
        for r in replies
        if r.template == "taken_over"
    ]


def _again(again: list[str]) -> str:
    """The answers not mailed again, as an outcome says them."""
    lines = "; ".join(marked(line) for line in again)
    return f"asked again: {lines} not mailed again (its code went out within the hour and waits)"
