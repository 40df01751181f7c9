"""One command mail being answered (``Answering``): the answers it makes (``Reply``, as data: the
mail loop renders them from ``templates/mail/lobby/`` and queues them through the outbox),
what its commands share (the game a command names, the seat its code opens) and what a
mail read again did before. Each command's handler (``wtg.lobby.handlers``) works on it.

Nothing here changes a game without the sender's valid secret code (REPORT, AOF, RESIGN,
ABSENCE, PRESS need a ``CODE`` line; an answer that carries a game's secrets goes to the
seat's registered address) or a confirmed address (JOIN, a takeover and RESIGN wait for a
``CONFIRM <code>`` from the address the code was mailed to). Every refusal says why.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from textwrap import fill
from typing import Any

from wtg.core.orders import taken_over_text
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.game.engine import Game
from wtg.game.gameconfig import ConfigError, GameYamlRefused, PlayerEntry
from wtg.game.presslinks import quoted_back
from wtg.game.takeovers import taken_from
from wtg.lobby import confirm, people
from wtg.lobby.commands import (
    MAX_COMMANDS,
    REPLY_LINE,
    VERBS,
    Command,
    CommandMail,
    placeholders,
    stray_words,
)
from wtg.lobby.database import LobbyDatabase, done, remember, stamp
from wtg.lobby.lists import all_lists
from wtg.lobby.newcomername import default_name, from_name
from wtg.lobby.seats import seat_by_code
from wtg.lobby.start import Started, TakenOff, ToldBefore, made_at, start_due
from wtg.text.addresses import from_mailbox
from wtg.text.prose import PHONE


class Reply(Record):
    """One answer mail: to whom, its subject, the template (``mail/lobby/<template>``) and
    what it is rendered with. ``proven``: the address proved itself (a code or a confirmed
    request), so the answer counts against the larger limit of confirmations. ``asks``: the
    code to CONFIRM the answer carries (it counts against that larger limit too, and a code
    whose answer could not be mailed is forgotten). ``private``: a player's private press
    relayed to its reader, counted on its own (``replies_per_hour`` of them an hour from one
    writer to one reader), never in the room of the reader's own answers: another player's
    press never holds back his confirmations, codes or refusals, nor a third's press.
    ``asked_before``: the request was asked before the same, and keeps its code (``asks``,
    ``confirm.ask``): an earlier answer mailed it, so it is not forgotten when this answer
    is held back or not mailed again. ``once_a_day``: a notice that a reply to a code was
    not read as asked (``wtg.lobby.yesno``), mailed to an address at most once a day and
    counted apart from its other answers: an auto-responder that answers each would loop,
    and spend the room of his confirmations. ``on_file``: the answer goes to an address a
    game here had for a seat, never to a From (the player who quit a seat taken over, whose
    address is no seat's once the newcomer has it): it is no answer to a stranger, and never
    counts in the hour's mail to strangers, which anyone's flood may spend. ``notice``: a
    notice to a seat's address of what another's request did to the game (a takeover, told
    to every other player and to the quitter), as the GM's notices are: no limit of
    answers holds it back (a player who had mailed as much as his hour lets him was never told) or
    counts it (each takeover spent the room of every player's own answers); there are as
    many as the seats the GM offers."""

    to: str
    subject: str
    template: str
    context: Mapping[str, Any]
    proven: bool = False
    asks: str | None = None
    private: bool = False
    asked_before: bool = False
    once_a_day: bool = False
    on_file: bool = False
    notice: bool = False


REPEATED = "repeated"
"""The key of an answer's context that holds what it says of its command's repeats (the
mail asked the same command more than once): said above the answer."""
UNREAD = "unread"
"""The key of an answer's context that holds what it says of the mail's command lines not
read (past ``MAX_COMMANDS``) and of its lines not understood (``Unclear``): said above the
first answer to the sender."""
NOT_DONE_SUBJECT = "lines of your mail: not done"
"""The subject of the answer that names a mail's lines not understood or not read, when no
other answer goes to its sender (``Answering._tell_unread``)."""
QUOTED_MOST = 200
"""Characters of a command that an answer quotes (a refusal, the HELP to an unknown one): it
goes to a From anyone may forge, so no one's long line is mailed on to another address in
the host's name."""
REASON_MOST = 400
"""Characters of a refusal's reason, which may quote the command's words (``"..." after that
is not read``); the host's own reasons are shorter."""
CUT = " [...]"
"""What ends a quote cut to its length."""
SUBJECT_MOST = 50
"""Characters of a command that an answer's subject quotes (``in_subject``): with its
outcome (``: not understood``) the Subject line stays within 78 columns, never folded."""
JOIN_NAMES_A_MAIL = 2
"""Names one mail's JOINs may ask under; a JOIN under another name after them is not carried
out, and the first answer says so (``_past_names_note``). A person plays under one name in
every game: two are a newcomer's name and the one he corrected it to below it (both wait,
and confirming one cancels the other). One mail of ten JOINs under ten names made ten
answers with ten codes, three of them mailed (a stranger's codes of an hour) and seven
forgotten without a word to him (docs/mail.md, "Commands by mail")."""
_RUN = re.compile(r"([^\w\s])\1{2,}")
"""A run of one sign (``=====``, ``-----``): decoration, quoted in a subject as one."""


def in_subject(text: str) -> str:
    """A player's command as an answer's subject quotes it: on one line (``marked``), one
    space between its words and none at either end, each run of one sign as one sign
    (``=====`` as ``=``) and words of signs alone in a row as the first, cut at a word
    (within one too long) to ``SUBJECT_MOST`` characters, ``...`` after it. The answer's
    text quotes it as it was."""
    words: list[str] = []
    for word in quoted_back(text).split():
        word = _RUN.sub(r"\1", word)
        signs = not any(char.isalnum() for char in word)
        if signs and words and not any(char.isalnum() for char in words[-1]):
            continue
        words.append(word)
    shown = " ".join(words)
    if len(shown) <= SUBJECT_MOST:
        return shown
    end = shown.rfind(" ", 0, SUBJECT_MOST - 2)
    if end < SUBJECT_MOST // 2:  # a long word: cut within it
        end = SUBJECT_MOST - 3
    return shown[:end].rstrip() + "..."


def cut(text: str, most: int) -> str:
    """``text`` as an answer quotes it: its first ``most`` characters, then ``CUT`` when it
    is longer."""
    return text if len(text) <= most else text[:most] + CUT


Handler = Callable[["Answering", Command], None]
"""What a command does, on the mail being answered (``wtg.lobby.handlers``)."""


@dataclass
class Answering:
    """One command mail being answered: the book, the games, the sender and the moment."""

    book: LobbyDatabase
    games_dir: Path
    games: Callable[[], Mapping[str, Game]]
    sender: str
    display_name: str
    moment: datetime
    order_key: str
    taken_off: TakenOff
    """Tells a waiting player a game made now cannot take why he is off its list
    (``wtg.lobby.start.TakenOff``)."""
    replies: list[Reply] = field(default_factory=list)
    refused: int = 0
    started: list[Started] = field(default_factory=list)
    code: str | None = None
    text: str = ""
    press_end: str = ""
    """The line the PRESS's text ends above, when the sender typed more under it
    (``CommandMail.press_end``)."""
    mail_key: str = ""
    """The mail's key in the journal: a command it carries that changed something is
    remembered by it (``again``)."""
    problems: list[str] = field(default_factory=list)
    """What went wrong making games of the full lists (``wtg.lobby.start``), a line each."""
    warnings: list[str] = field(default_factory=list)
    """What the GM is told beside the commands (``wtg.lobby.domains.taken_note``: a seat
    taken over that gives one domain most of a game's seats), a line each."""
    held_up: list[str] = field(default_factory=list)
    """The requests the game's files hold up until the GM puts them right (a takeover
    cut short that nothing finishes: ``wtg.game.takeoverfinish.TakeoverStuck``), each as
    the GM is told it in ``warnings``: the mail's line is a warning."""
    codes_refused: dict[str, bool] = field(default_factory=dict)
    """The games whose seats a command's CODE opened none of (a code guessed, or mistyped),
    each with whether the mail came from the address of a seat of it (a typo, likely): the
    poll counts them for the GM (``wtg.mail.spool.journallists.wrong_codes``)."""
    codes_elsewhere: set[tuple[str, int]] = field(default_factory=set)
    """The seats (game, seat) whose right code a command carried from another mailbox than
    the seat's (``playing._elsewhere``): the poll counts them for the GM
    (``wtg.mail.spool.journallists.codes_elsewhere``)."""
    host: str = ""
    """The host's From (``Game Master <gm@example.org>``): no newcomer plays under its name."""
    waiting: Callable[[str], Exception | None] = lambda _name: None
    """Why the folder of the game a command names does not open when its mail is to wait
    for the GM (its game.yaml to mend, its format to upgrade: ``Registry.refusal``), raised
    so that the mail waits in the inbox; None when it has no such folder."""
    question: str = ""
    """The first question the sender typed that is no command (``yesno.question``), or "":
    the HELP a mail of no command gets quotes it, saying the host answers none."""
    subject_command: str = ""
    """The command the mail's subject reads as (``questions.subject_command``), or "": the
    HELP a mail of no command gets says the subject is not read for commands."""
    parts_note: str = ""
    """What the HELP a mail of no command gets says of the mail's parts that were not read
    (past the parts read, or nested too deep: the mail loop's words), or ""."""
    taken_off_told: ToldBefore | None = None
    """Whether a waiting player's mail telling him he is off a list is in the outbox
    already (``wtg.lobby.start.ToldBefore``)."""
    came_from: str | None = None
    """The From's address, when the mail is answered at a Reply-To of the same mailbox
    (``sender``): a seat played from either is the mail's own (``playing._elsewhere``)."""
    dashed: tuple[str, ...] = ()
    """The domains whose ``-tag`` is a sub-address (``mail.dash_subaddress_domains``): the
    seats, the lists and the bounds of mail to strangers fold one mailbox's addresses alike
    (``wtg.text.addresses.mailbox_of``)."""
    _begun: int = 0
    """The replies made before the command in hand."""
    _refused_before: int = 0
    """The commands refused before the command in hand."""
    _warned_before: int = 0
    """The GM's lines (``warnings``) made before the command in hand."""
    _held_before: int = 0
    """The requests held up (``held_up``) before the command in hand."""
    _past_names: tuple[Command, ...] = ()
    """The mail's JOINs under a name past ``JOIN_NAMES_A_MAIL`` (``joins_past_names``): not
    carried out, named in the first answer."""
    _repeated: str = ""
    """What the answers to the command in hand say of its repeats in the mail, if any."""
    _coded: bool | None = None
    """Whether the mail's CODE line is the code of a seat of its own address
    (``code_proves_sender``), once looked up."""

    # --- answering --------------------------------------------------------------
    def answer(self, mail: CommandMail, handlers: Mapping[str, Handler]) -> list[Reply]:
        """Carry out the mail's commands in the order written, each by the handler of its
        verb (``wtg.lobby.handlers``); the answers to mail. A command this mail carried out
        before (a poll killed before its journal's commit reads it again) is not carried out
        again: its answers are made again as they were (``again``), so that the outbox,
        which knows them by the mail and their place, queues each once."""
        self.code, self.text, self.press_end = mail.code, mail.text, mail.press_end
        confirm.purge(self.book, self.moment)
        if not mail.commands:
            self.help(question=self.question, subject_line=self.subject_command)
        asked = Counter(_same(command) for command in mail.commands)
        pasted_lines = [
            c for c in mail.commands if c.verb in handlers and placeholders(c) is not None
        ]
        refused: dict[tuple[str, ...], bool] = {}  # each request: whether it was refused
        joins = any(command.verb == "JOIN" for command in mail.commands)
        self._past_names = joins_past_names(mail.commands, self.join_name() if joins else "")
        for command in mail.commands:
            if _same(command) in refused:  # the same request again: its one answer says so
                self.refused += refused[_same(command)]
                continue
            if command in self._past_names:  # named in the first answer (_tell_unread)
                self.refused += 1
                refused[_same(command)] = True
                continue
            self._repeated = _repeated_note(command, asked[_same(command)])
            self._begun, self._refused_before = len(self.replies), self.refused
            self._warned_before, self._held_before = len(self.warnings), len(self.held_up)
            self._carry_out(command, handlers, pasted_lines)
            refused[_same(command)] = self.refused > self._refused_before
        self._repeated = ""
        self._tell_unread(mail)
        return self.replies

    def _tell_unread(self, mail: CommandMail) -> None:
        """The first answer to the sender names the mail's lines not understood and its
        command lines not read; when none goes to him (a REPORT, a RESIGN's code: each to
        the address of its seat), an answer of its own does: before, the note was lost
        there, and nothing told him those lines were not done."""
        notes = (unclear_note(mail), _unread_note(mail), _past_names_note(self._past_names))
        note = "\n\n".join(n for n in notes if n)
        mine = next((i for i, r in enumerate(self.replies) if r.to == self.sender), None)
        if not note:
            return
        if mine is None:
            proven = self.code_proves_sender()
            self.replies.append(
                Reply(self.sender, NOT_DONE_SUBJECT, "not_done", {UNREAD: note}, proven)
            )
            return
        was = self.replies[mine]
        self.replies[mine] = Reply(
            was.to,
            was.subject,
            was.template,
            {**was.context, UNREAD: note},
            was.proven,
            was.asks,
            was.private,
            was.asked_before,
            was.once_a_day,
            was.on_file,
            was.notice,
        )

    def _carry_out(
        self, command: Command, handlers: Mapping[str, Handler], pasted_lines: Sequence[Command]
    ) -> None:
        """One command of the mail, by its handler, or refused with the reason."""
        if self.again(command):
            return
        handler = handlers.get(command.verb)
        pasted = placeholders(command) if handler is not None else None
        stray = stray_words(command) if handler is not None else None
        if pasted is not None and command is not pasted_lines[0]:
            self.refused += 1  # the HELP pasted: its first line's answer names them all
        elif pasted is not None:
            self.refuse(command, _with_others(pasted, pasted_lines), "not understood")
        elif stray is not None:
            self.refuse(command, stray)
        elif handler is None:
            self.help(unknown=command.text())
            self.refused += 1
        else:
            handler(self, command)

    def reply(
        self,
        subject: str,
        template: str,
        proven: bool = False,
        to: str | None = None,
        asks: str | None = None,
        private: bool = False,
        asked_before: bool = False,
        once_a_day: bool = False,
        on_file: bool = False,
        notice: bool = False,
        **context: Any,
    ) -> None:
        if self._repeated:
            context = {**context, REPEATED: self._repeated}
        own = to is None or to == self.sender
        if own and not (proven or private or notice or once_a_day or on_file) and asks is None:
            proven = self.code_proves_sender()  # every answer to a player's own mail alike
        self.replies.append(
            Reply(
                to or self.sender,
                subject,
                template,
                context,
                proven,
                asks,
                private,
                asked_before,
                once_a_day,
                on_file,
                notice,
            )
        )

    def refuse(self, command: Command, reason: str, outcome: str = "not done") -> None:
        """The command was not carried out: its sender is told why (``outcome``: the
        subject's word for it)."""
        self.refused += 1
        # the words it quotes are anyone's, mailed to a From anyone may forge: shown, not
        # carried out (a control character, an escape sequence's ESC, as ``?``), and cut
        typed = quoted_back(command.text())
        reason = cut(quoted_back(reason), REASON_MOST)
        self.reply(
            f"{in_subject(typed)}: {outcome}",
            "refused",
            command=cut(typed, QUOTED_MOST),
            reason=reason,
        )

    def help(self, unknown: str | None = None, question: str = "", subject_line: str = "") -> None:
        """The HELP; ``unknown``: the command it answers, which the host does not know. It
        names the requests of the sender's address that wait for their CONFIRM, with their
        codes: a plain "yes" mailed on its own (a client that keeps no thread, a new mail)
        confirms nothing (``wtg.lobby.yesno``), and lands here. The codes go to the
        address they were mailed to before, whoever wrote this mail. ``question``: the
        question a mail of no command asked (``yesno.question``), quoted back with the
        word that no one answers it; ``subject_line``: the command its subject reads as,
        which the host does not read there."""
        shown = cut(quoted_back(unknown), QUOTED_MOST) if unknown is not None else None
        subject = (
            "the commands of the host" if unknown is None else f"{in_subject(unknown)}: unknown"
        )
        waiting = [
            {"asked": confirm.asked(p), "until": confirm.lapses(p), "code": p.code}
            for p in confirm.waiting_at(self.book, self.sender)
        ]
        proven = self.code_proves_sender()
        self.reply(
            subject,
            "help",
            proven,
            verbs=VERBS,
            unknown=shown,
            waiting=waiting,
            question=question,
            subject_command=subject_line,
            parts_note=self.parts_note if unknown is None else "",
        )

    def code_proves_sender(self) -> bool:
        """Whether the mail's CODE line is the code of a seat here played from the mail's
        own mailbox (its From, or the Reply-To it is answered at; his ``+tag`` is his:
        ``wtg.text.addresses.from_mailbox``, as ``playing._elsewhere`` reads it): its
        writer is that player, and every answer to his mail counts as a proven answer (his
        HELP, LIST, STATUS, a command of his refused, alike), which the day's cap of a forged
        From's answers never holds back (docs/mail.md, "Commands"). A right code in a mail
        From another mailbox proves nothing of that address: a player who knows his own code
        would have the host mail a victim's address his answers past its day's cap, as many
        as ``confirmations_per_hour`` let go; they count as any From's. An answer carrying a
        code to CONFIRM, a private press, a notice keep their own counts."""
        if not self.code:
            return False
        if self._coded is None:
            own = (self.sender, self.came_from)
            seats = (seat_by_code(game, self.code) for game in self.games().values())
            self._coded = any(
                seat is not None and from_mailbox(seat.email, own, self.dashed) for seat in seats
            )
        return self._coded

    # --- what the commands share ---------------------------------------------------
    def game(self, command: Command, name: str | None) -> Game | None:
        """The running game a command names (refused with the reason when there is none)."""
        if not name:
            self.refuse(command, f"{command.verb} needs a game: {command.verb} <game>")
            return None
        game = self.games().get(name.lower())
        if game is None:
            waits = self.waiting(name)
            if waits is not None:  # the game is there, its game.yaml being mended: not gone
                raise waits
            self.refuse(command, self._no_game(name))
        return game

    def _no_game(self, name: str) -> str:
        """Why a command names no game: none of that name, or a waiting list's name (a
        newcomer's ``STATUS wok4`` for the list he joined), which is said, with what shows
        the list and how its games are named."""
        listed = next((wl for wl in all_lists(self.book) if wl.name == name.lower()), None)
        if listed is None:
            return f"there is no game {name!r} here"
        said = (
            f"{listed.name} is a waiting list, not a game: LIST shows it and how many players "
            f"wait on it, and the games made of it are named {listed.name}-1, {listed.name}-2 "
            "and on"
        )
        mine = self._made_for_me(listed.name)
        if mine is not None:  # he waited on it, and its game was made with him
            return f"{said}; the one made with you is {mine}: name that"
        return f"{said} (the mail that starts yours names it)"

    def _made_for_me(self, list_name: str) -> str | None:
        """The latest game made of the list ``list_name`` with the sender in it, or None."""
        person = self.person()
        row = self.book.row(
            "SELECT game FROM entries WHERE list = ? AND game IS NOT NULL AND "
            "(person = ? OR address = ?) ORDER BY since DESC LIMIT 1",
            list_name,
            person.id if person is not None else -1,
            self.sender,
        )
        return None if row is None else str(row["game"])

    def seat(self, command: Command, game: Game) -> PlayerEntry | None:
        """The seat the mail's CODE line opens (refused with the reason when none does)."""
        if not self.code:
            self.refuse(
                command,
                f"{command.verb} needs your secret code for game {game.config.game}: add a line "
                "CODE <your code> (it is in the header of your AOF)",
            )
            return None
        try:
            game.check_config()
        except ConfigError as exc:  # a seat game.yaml lost by an edit: the mail waits
            raise GameYamlRefused(str(exc), game.store.root.name) from None
        entry = seat_by_code(game, self.code)
        if entry is None:
            turn = taken_from(game.store, game.latest_turn(), self.code)
            if turn is None:  # no seat's, now or before: counted for the GM
                mine = (self.sender,)  # his own +tag: his typo
                seats = game.config.players
                own = any(from_mailbox(p.email, mine, self.dashed) for p in seats)
                self.codes_refused[game.config.game] = own
            self.refuse(
                command,
                f"the code is not the code of a player of game {game.config.game}"
                if turn is None
                else taken_over_text(game.config.game, turn),
            )
        return entry

    def person(self) -> people.Person | None:
        return people.person_of(self.book, self.sender)

    def join_name(self) -> str:
        """The name a JOIN without ``AS`` asks under: the sender's own in every game, else
        a newcomer's from his From (``newcomername.default_name``)."""
        mine = self.person()
        return mine.name if mine is not None else default_name(self.display_name, self.sender)

    def from_named(self) -> bool:
        """Whether a JOIN without ``AS`` asks under the name of the sender's From: he is no
        person of the book, and his From has a name (``newcomername.from_name``)."""
        return bool(from_name(self.display_name, self.sender)) and self.person() is None

    def start_full_lists(self) -> None:
        starts = start_due(
            self.book, self.games_dir, self.moment, self.taken_off, self.taken_off_told
        )
        self.started += starts.started
        self.problems += starts.problems

    # --- a mail read again ------------------------------------------------------------
    def done_key(self, command: Command) -> str | None:
        """The command's key in the book: the mail's key and its line (None without one)."""
        return f"{self.mail_key}#{command.line}" if self.mail_key else None

    def done(self, command: Command) -> dict[str, Any] | None:
        """What the command did when this mail was read before (``remember``), or None."""
        key = self.done_key(command)
        return done(self.book, key) if key is not None else None

    def remember(self, command: Command, start: bool = False, **what: Any) -> None:
        """Keep, inside the caller's transaction (``LobbyDatabase.write``), what the command
        did: the answers it made so far, the GM's lines it made (``warnings``, ``held_up``:
        read again, the GM is told them again), ``start`` (full lists are started after it)
        and ``what`` (kept for a command left half done). Its answers must be made before."""
        key = self.done_key(command)
        if key is None:
            return
        replies = [reply.field_values() for reply in self.replies[self._begun :]]
        refused = self.refused - self._refused_before
        kept = {**what, "replies": replies, "refused": refused, "start": start}
        kept["warnings"] = self.warnings[self._warned_before :]
        kept["held_up"] = self.held_up[self._held_before :]
        if start:  # the games it starts are stamped with this moment (``made_at``)
            kept["started_at"] = stamp(self.moment)
        with self.book.write() as db:
            remember(db, key, _reading(command, kept), self.moment)

    def note(self, command: Command, **what: Any) -> None:
        """Keep what a command half done needs to go on when this mail is read again (a
        takeover: the address that quit the seat), in a transaction of its own."""
        key = self.done_key(command)
        if key is None:
            return
        with self.book.write() as db:
            remember(db, key, _reading(command, what), self.moment)

    def again(self, command: Command) -> bool:
        """Whether the command was carried out before: its answers are made again, and
        the GM's lines it made (a warning, a request held up: a poll killed before its
        journal's commit never showed them to him)."""
        before = self.done(command)
        if before is None or "replies" not in before:
            return False
        self.replies += [Reply(**reply) for reply in before["replies"]]
        self.refused += int(before.get("refused", 0))
        self.warnings += _lines(before.get("warnings"))
        self.held_up += _lines(before.get("held_up"))
        if before.get("start"):
            self.start_full_lists()
            at = before.get("started_at")
            if isinstance(at, str):  # the games the first reading made, said again
                named = {started.game for started in self.started}
                for started in made_at(self.book, self.games_dir, at):
                    if started.game not in named:
                        self.started.append(started)
        return True


def _with_others(reason: str, pasted: Sequence[Command]) -> str:
    """The reason a line of the HELP's placeholders is not understood, naming the other
    such lines of the mail (the HELP pasted whole): they are answered with it."""
    others = [c.verb for c in pasted[1:]]
    if not others:
        return reason
    held = (
        "its placeholders or its example" if any(c.example for c in pasted) else "its placeholders"
    )
    return (
        f"{reason}. Nor were the other lines of the HELP in your mail, which hold "
        f"{held} too ({', '.join(others)}): nothing of them was done"
    )


def unclear_note(mail: CommandMail) -> str:
    """What an answer says of the lines the mail typed that look like commands but are none
    (``Unclear``), naming each with the command it looks like (the rest counted), and of
    the command lines typed under a line read as an attribution (``cut_note``), or ""."""
    return "\n\n".join(note for note in (_look_alike_note(mail), cut_note(mail)) if note)


def cut_note(mail: CommandMail) -> str:
    """What an answer says of the command lines the sender typed under a line that reads as
    a reply's attribution (``CommandMail.cut_at``), naming each (the rest counted), or ""."""
    if not mail.under_cut:
        return ""
    shown = [(c.line, c.text()) for c in mail.under_cut]
    lines, one = _lines_named(shown, mail.more_under_cut)
    said = (
        f"{lines} {'was' if one else 'were'} not "
        f"read: {'it stands' if one else 'they stand'} under the line "
        f'"{cut(quoted_back(mail.cut_at), QUOTED_MOST)}", which the host reads as the head '
        "of a mail quoted: nothing under it was read as your commands. To have "
        f"{'it' if one else 'them'} done, mail {'it' if one else 'them'} again without "
        "that line."
    )
    return fill(said, PHONE)


def _look_alike_note(mail: CommandMail) -> str:
    """What an answer says of the lines the mail typed that look like commands but are none
    (``Unclear``), or ""."""
    if not mail.unclear:
        return ""
    lines, one = _lines_named([(c.line, c.typed) for c in mail.unclear], mail.more_unclear)
    meant = ", ".join(f'"{cut(quoted_back(c.meant), QUOTED_MOST)}"' for c in mail.unclear)
    said = (
        f"{lines} {'was' if one else 'were'} not "
        f"understood: nothing of {'it' if one else 'them'} was done. A command stands alone "
        f"on its line with the words it takes: {meant}. Mail {'it' if one else 'them'} "
        "again so."
    )
    return fill(said, PHONE)


def _lines_named(shown: Sequence[tuple[int, str]], more: int) -> tuple[str, bool]:
    """``Line 3 ("STATUS") of your mail``, or ``Lines ... and 2 more lines of your mail``:
    each line of ``shown`` (its number, its text) named, ``more`` counted; and whether
    that is one line."""
    named = [f'{line} ("{cut(quoted_back(text), QUOTED_MOST)}")' for line, text in shown]
    if more:
        named.append(counted(more, "more line"))
    one = len(named) == 1
    listing = named[0] if one else f"{', '.join(named[:-1])} and {named[-1]}"
    return f"{'Line' if one else 'Lines'} {listing} of your mail", one


def _unread_note(mail: CommandMail) -> str:
    """What an answer says of the mail's command lines past ``MAX_COMMANDS`` (named by line
    and word, the rest counted), or "" when every one was read."""
    if not mail.skipped:
        return ""
    named = [f"{c.line} ({quoted_back(c.verb)})" for c in mail.unread]
    more = mail.skipped - len(named)
    if more:
        named.append(counted(more, "more command line"))
    listing = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    one = mail.skipped == 1
    said = (
        f"{'Line' if one else 'Lines'} {listing} of your mail {'was' if one else 'were'} "
        f"not read: the host reads {MAX_COMMANDS} commands of a mail at most. Mail "
        f"{'it' if one else 'them'} again, in a mail of {'its' if one else 'their'} own."
    )
    return fill(said, PHONE)


def joins_past_names(commands: Sequence[Command], own: str = "") -> tuple[Command, ...]:
    """The JOINs of ``commands`` under a name past the first ``JOIN_NAMES_A_MAIL`` names the
    mail's JOINs ask under (the name after ``AS``, in any case and spacing; a JOIN without
    one asks under ``own``, the sender's: ``Answering.join_name``), in the order written. A
    JOIN without ``AS`` and one ``AS`` the sender's own name ask under one name."""
    names: list[str] = []
    past: list[Command] = []
    for command in commands:
        if command.verb != "JOIN":
            continue
        upper = [arg.upper() for arg in command.args]
        name = " ".join(command.args[upper.index("AS") + 1 :]) if "AS" in upper else ""
        name = name or own
        key = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
        if key in names:
            continue
        if len(names) < JOIN_NAMES_A_MAIL:
            names.append(key)
        else:
            past.append(command)
    return tuple(past)


def _past_names_note(past: Sequence[Command]) -> str:
    """What the first answer says of the JOINs under a name past ``JOIN_NAMES_A_MAIL``
    (each by its line and as typed, cut), or "" when there are none."""
    if not past:
        return ""
    named = [f"{c.line} ({cut(quoted_back(c.text()), SUBJECT_MOST)})" for c in past]
    listing = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    one = len(past) == 1
    said = (
        f"{'Line' if one else 'Lines'} {listing} of your mail {'was' if one else 'were'} "
        f"not carried out: the JOINs of one mail ask under {JOIN_NAMES_A_MAIL} names at "
        "most, and a person plays under one name in every game. If you meant "
        f"{'it' if one else 'one of them'}, mail {'it' if one else 'its JOIN'} again, in a "
        "mail of its own."
    )
    return fill(said, PHONE, break_long_words=False, break_on_hyphens=False)


def _lines(kept: object) -> list[str]:
    """The GM's lines a command's record kept (none in one an older wtg kept)."""
    return [str(line) for line in kept] if isinstance(kept, list) else []


def _same(command: Command) -> tuple[str, ...]:
    """A command as the same request: its word and its arguments, in any case."""
    return (command.verb, *(arg.casefold() for arg in command.args))


def _repeated_note(command: Command, times: int) -> str:
    """What the answer to a command a mail asked ``times`` times says of the repeats."""
    if times < 2:
        return ""
    typed = cut(quoted_back(command.text()), QUOTED_MOST)
    return fill(f'Your mail asked "{typed}" {times} times: the same request, answered once.', PHONE)


def _reading(command: Command, what: Mapping[str, Any]) -> Mapping[str, Any]:
    """What the book keeps of a command: ``what``, and for the command a plain reply to a
    code was read as (``wtg.lobby.yesno``), that reading (``reply``): read again, the mail
    is read as it was, though the code it named is used up or cancelled since."""
    if command.line != REPLY_LINE:
        return what
    return {**what, "reply": [command.verb, *command.args]}
