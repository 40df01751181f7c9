"""What the poller does with a mail, and the answers it queues: confirmations, help,
rejections and the wrong-code notice. Answers go out only through the outbox."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import lru_cache
from typing import NamedTuple

from jinja2 import Template

from wtg.aof.copies import ORDER_LINE
from wtg.aof.mailtext import (
    BEGIN_MARKER,
    MailLine,
    game_value,
    games_glanced,
    headers_in,
    mail_lines,
)
from wtg.aof.orderfile import orders_from_yaml
from wtg.core.jsondata import JsonObject
from wtg.core.orders import OrderError, OrderRefused, TakenOverCode, Verdict, WrongCode
from wtg.core.printable import quoted, visible
from wtg.core.ruleset import PublicSide, SeatId, SideId, State, public_sides
from wtg.game.engine import Game
from wtg.game.gameconfig import ConfigError, GameYamlRefused, PlayerEntry
from wtg.game.intake import NO_ORDERS, NONE_ACCEPTED, ReadAfterItRan, Submission, Unchanged
from wtg.game.presslinks import LINKS_SAID, links_said, quoted_back
from wtg.game.schedule import local_text, parse_iso
from wtg.gm.gamestatus import game_status
from wtg.host.config import GmConfig
from wtg.lobby.commands import NONE_BESIDE, Beside, typed_beside_a_form
from wtg.mail.incoming import lastanswer
from wtg.mail.incoming.earlieranswers import EarlierAnswers
from wtg.mail.incoming.noreply import ReplyLimiter
from wtg.mail.incoming.readlate import told_late
from wtg.mail.incoming.sameanswer import SAME_ANSWER, Asked
from wtg.mail.incoming.setaside import (
    NOTICE_WINDOW,
    gives_orders,
    notice_tally,
    seat_named,
    why_shown,
)
from wtg.mail.incoming.strangers import ASKED_AGAIN, OTHER, Strangers
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.pictures import orders_picture
from wtg.mail.servers.inbox import Incoming
from wtg.mail.spool.hostgames import Registry
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import (
    Kind,
    Outcome,
    answered,
    for_the_gm,
    held,
    ignored,
    rejected,
    stored,
    unanswered,
    unsaid,
)
from wtg.text.addresses import from_mailbox
from wtg.text.closename import close_names, either
from wtg.text.prose import PHONE, wrapped

WINDOW = 3600.0
REPLIES_LIMIT = "replies_per_hour"
CONFIRMATIONS_LIMIT = "confirmations_per_hour"
"""The limits that may hold an answer back, by their keys in the config's ``mail`` (and those
of the mail to strangers: ``wtg.mail.incoming.strangers``)."""
DAY = 24 * 3600.0
DAY_LIMIT = "replies_per_day"
DAY_TALLY = "day:"
"""The key the answers counted against ``replies_per_hour`` (help, refusals, a command's
answer, a wrong code's notice of his own address) are counted under a day as well, after
the address they went to (``day:ann@example.org``): a forged From had the host mail any
address 72 of them a day. Never a confirmation of orders, nor any answer to a form whose
code was right (``confirmations_per_hour`` alone holds those), nor a private press (which
has its own day's bound); held back past it by ``DAY_LIMIT``."""
ONE_A_DAY = "one a day"
"""The limit that held back a notice mailed at most once a ``DAY`` (a limit of one)."""
NOT_ACCEPTED = "your orders were not accepted"
"""The subject of the answer to a form none of whose order lines could be accepted, and of
a mail refused (after its game's tag, or capitalised when no game is known)."""
NO_FORM = "no order form found in your mail"
"""The subject of the help a player's mail without a form gets (after its game's tag)."""
WRONG_CODE_TALLY = "wrong-code:"
ELSEWHERE_TALLY = "elsewhere:"
"""After ``WRONG_CODE_TALLY``: the notices of wrong codes from other addresses than the
seat's, one a day, counted apart from those of his own address's."""
"""The journal counts the wrong code notices mailed to an address under this prefix and the
address: apart from the answers to his own mail, which a stranger's forms never hold back."""
ELSEWHERE_SAID = ", with the seat's code from another address"
"""What the GM's line of a mail (``wtg poll -v``, the log) says after the orders it filed
or the command it answered when its seat's right code came from another mailbox than the
seat's: someone else has the code (shared, or read in a report forwarded), as the player is
told; the GM heard nothing of it."""
COLOUR_TALLY = "colour:"
"""The key the answers to one colour's orders are counted under, a colour of a seat of
several (``colour:3:ann@example.org``): each colour of a Duel or Trinity player has his
``confirmations_per_hour``, as a player of one has."""
GAME_SHOWN = 80
"""Characters of a game name read from a mail that are kept and shown (a held mail's)."""
LINE_SHOWN = 400
"""Characters of an order line's verdict an answer quotes: a longer one keeps its start
and its end (the reason), a note of how much was left out between them."""


class AsideSeat(NamedTuple):
    """A seat whose orders a mail set aside held: its game, and the seat (``2 Bob``)."""

    game: str
    seat: str


def games_named(texts: Sequence[str]) -> list[str]:
    """The games the forms (or order files) of a mail name, in the order written."""
    names: dict[str, None] = {}
    for text in texts:
        for header in headers_in(mail_lines(text)):
            if header.values.get("game"):
                names.setdefault(header.values["game"].strip().lower())
    if not names:
        for text in texts:
            data, _problems = orders_from_yaml(text)
            if data is not None and isinstance(game := data.get("game"), str):
                names.setdefault(game_value(game).lower())
    return list(names)


HELD_SUBJECT = "Your mail waits for the game master"
"""The subject of the answer to a mail held for the GM."""


class Answers:
    def __init__(
        self, gm: GmConfig, outbox: Outbox, journal: Journal, registry: Registry, now: datetime
    ) -> None:
        self.gm = gm
        self.outbox = outbox
        self.journal = journal
        self.registry = registry
        self.now = now
        self.loop = compose.loop_id(gm.sender)
        self._book_told: set[str] = set()
        """The addresses told this poll that a mail of theirs waits for the lobby's book
        (``book_held``)."""
        self.strangers = Strangers(
            gm.spool,
            gm.limits.unconfirmed_per_hour,
            gm.limits.unconfirmed_per_address,
            gm.limits.unconfirmed_domain_share,
            gm.limits.dash_subaddress_domains,
            gm.limits.unconfirmed_new_domain_share,
        )
        self.locks = contextlib.ExitStack()
        """The locks of the games this batch of mails filed orders for (``release``)."""
        self._locked: set[int] = set()
        self._sides: dict[int, tuple[State, dict[SideId, PublicSide]]] = {}
        self._forecasts: dict[str, Template] = {}
        """The forecast template of each ruleset, found once a poll."""
        self.silenced = False
        """Whether the mail being handled may get no answer (``silent``)."""
        self.asked: Asked | None = None
        """The mail being handled, whose answers are not mailed again to the same words
        within a day (``answering``, ``wtg.mail.incoming.sameanswer``)."""
        self.came_from: str | None = None
        """The From's address of the mail being handled, when it is answered at a Reply-To
        (``answering``)."""
        self.authenticated: str | None = None
        """The address (``compose.address_key``) of the mail being handled's From when the
        GM's own server found it its domain's (``dmarc=pass`` in a header of
        ``mail.authserv_id``: ``wtg.mail.incoming.senderauth``): answers to it are to its
        writer, never backscatter, and no day's cap holds them back (``answering``)."""
        self._earlier: EarlierAnswers | None = None
        """The outbox's names, read at the first ``answered_before`` of the poll."""
        self.counted: set[tuple[str, int | None, float]] = set()
        """The addresses (with the limit and its window) an answer to the mail being handled
        was counted against: its other answers (a Duel mail's three forms) are not counted again."""

    @contextlib.contextmanager
    def answering(
        self, asked: Asked, came_from: str | None = None, authenticated: str | None = None
    ) -> Iterator[None]:
        """While a mail is handled: an answer the same words got that day, to the same
        address, word for word, is not queued again (``wtg.mail.incoming.sameanswer``).
        ``came_from``: the address of its From, when it is answered at a Reply-To of the same
        mailbox. ``authenticated``: its From's address, when the GM's server found the From
        its domain's (``self.authenticated``)."""
        self.asked = asked
        self.counted = set()
        self.came_from = came_from
        self.authenticated = compose.address_key(authenticated) if authenticated else None
        try:
            yield
        finally:
            self.asked = None
            self.counted = set()
            self.came_from = None
            self.authenticated = None

    def _elsewhere(self, sender: str | None, entry: PlayerEntry) -> bool:
        """Whether the mail being handled came from another mailbox than the seat's: its
        answer address (``sender``) and its From are both another (a player mailing from
        his own address with a Reply-To of his mailbox in a domain below it is at home, and
        from his own ``+tag``, ``from_mailbox``: the answer reaches his mailbox)."""
        if sender is None:
            return False
        came = (sender, self.came_from)
        return not from_mailbox(entry.email, came, self.gm.limits.dash_subaddress_domains)

    def _code_elsewhere(
        self, message: Incoming, sender: str | None, game: Game, entry: PlayerEntry
    ) -> bool:
        """``_elsewhere`` of a mail that carried the seat's right code, counted for the GM
        when true (``Journal.code_elsewhere``): the player is told to ask him for a new
        code, and `wtg status` and the digest say it to him as well."""
        elsewhere = self._elsewhere(sender, entry)
        if elsewhere and sender is not None:
            stamp = self.now.timestamp()
            self.journal.code_elsewhere(message.key, game.config.game, entry.id, sender, stamp)
        return elsewhere

    @contextlib.contextmanager
    def silent(self) -> Iterator[None]:
        """While the mail whose From failed DMARC is handled (``wtg.mail.incoming.senderauth``):
        nothing is queued to its From because of it, no answer, no rejection, no notice of
        a wrong code; its orders are filed as any mail's when their code is right, and the
        seat's own address gets their confirmation, which says that the From failed its
        check (a forger who knows the code does not replace a player's orders unseen)."""
        self.silenced = True
        try:
            yield
        finally:
            self.silenced = False

    def _hold(self, game: Game) -> None:
        """Take a game's lock for the rest of the batch: its state, turn and files are read
        once, and stay true (GameLocked when another process writes it). With the lock the
        batch lets go of what it read of the game: a cron poll opens hundreds of games,
        and what each kept alive would be walked by every collection of the garbage
        collector to the end of the poll."""
        if id(game.store) not in self._locked:
            self.locks.enter_context(game.store.lock())
            self.locks.callback(game.let_go)
            self.locks.callback(self._sides.pop, id(game), None)
            self._locked.add(id(game.store))

    def release(self) -> None:
        """Let go of the games' locks, once the batch is on disk."""
        self.locks.close()
        self._locked.clear()

    # --- orders ------------------------------------------------------------------
    def orders(
        self,
        message: Incoming,
        sender: str | None,
        texts: Sequence[str],
        message_id: str,
        unread: Sequence[str] = (),
        answered: str = "",
        parts_note: str = "",
    ) -> Outcome:
        """File the orders of a mail's forms, game by game, and answer each form; a form
        that gave no orders says the attachments that were not read (``unread``: the
        filled form sent as a document beside the blank one quoted). ``answered``: the text
        of the host's mail it answers or forwards (``Commands.copied_text``), whose lines
        pasted into it are no commands of the sender's. ``parts_note``: what each answer of
        a form read says of the mail's parts that were not (``Extracted.parts_note``): a
        form of his among them was not read, where before nothing said so."""
        beside = typed_beside_a_form(texts, answered)  # named in every answer: not carried out
        named, games = self._games_of(texts)
        opened = {game.config.game.casefold() for game in games}
        for name in named:  # one game of the mail to mend (or upgrade): the whole mail waits
            refused = self.registry.refusal(name) if name.casefold() not in opened else None
            if refused is not None:  # a format this wtg may not read: the GM acts, it waits
                raise refused
        if named and not games:
            return self._held(message, sender, named[0])
        if not games:
            reason = "the form names no game (keep the GAME/TURN/PLAYER/CODE header as it is)"
            return self._reject(message, sender, reason, reply_to_id=message_id, beside=beside)
        outcomes: list[Outcome] = []
        for game in games:
            self._hold(game)
            try:
                game.meta()  # a turn.json edited by hand (TurnFileEdited) waits as game.yaml's
                results = game.submit_all(
                    texts,
                    received=message.received,
                    order_key=message.order_key,
                    via="mail",
                    durable=False,
                )
            except ConfigError as exc:  # its game.yaml says other than its turns: it waits
                raise GameYamlRefused(str(exc), game.store.root.name) from None
            for result in results:
                if beside and isinstance(result, (Submission, Unchanged)):
                    result.notes.append(_not_carried_out(beside.commands, beside.more))
                if unread and isinstance(result, Unchanged):
                    result.notes.append(unread_note(unread))
                if parts_note and isinstance(result, (Submission, Unchanged)):
                    result.notes.append(parts_note)
                outcomes.append(
                    self._answer(message, sender, game, result, message_id, len(outcomes), beside)
                )
        return next((o for o in outcomes if o.kind is Kind.STORED), outcomes[0])

    def _games_of(self, texts: Sequence[str]) -> tuple[list[str], list[Game]]:
        """The games a mail's forms name, and those of them this host has."""
        named = games_glanced(texts)  # one regex; the headers whole only if need be
        games = [game for name in named if (game := self.registry.game(name)) is not None]
        if not games:  # a header wrapped after its GAME:, say: read the headers whole
            named = games_named(texts)
            games = [game for name in named if (game := self.registry.game(name)) is not None]
        return named, games

    def set_aside(self, message: Incoming, texts: Sequence[str], why: str) -> list[AsideSeat]:
        """The seats whose orders, with their right code, a mail that looks automatic holds
        (``why``: the header, ``wtg.mail.incoming.noreply``): read, never filed, never answered.
        Each seat's registered address (never the mail's sender, which may be an
        auto-responder) is told, at most once a day for each game (``wtg.mail.incoming.setaside``):
        a mail with his orders for two games tells him of both. A form without
        orders (the blank form of a report an auto-responder quoted) is none."""
        games = self._games_of(texts)[1]
        shown = why_shown(why)
        found: list[AsideSeat] = []
        for game in games:
            self._hold(game)
            name = game.config.game
            for result in game.read_only(texts):
                if isinstance(result, OrderError) or not gives_orders(result):
                    continue
                entry = self._seat_entry(game, result.player, game.state_view())
                found.append(AsideSeat(name, seat_named(result.player, entry.name)))
                body = compose.render(
                    "set_aside", name=entry.name, game=name, player=result.player, why=shown
                )
                self._queue(
                    f"setaside-{message.key}-{len(found)}",
                    entry.email,
                    f"[{name}] your orders were not stored: your mail looked automatic",
                    body,
                    None,
                    limit=1,
                    tally=notice_tally(name, entry.email),
                    game=name,
                    window=NOTICE_WINDOW,
                )
        return found

    def _answer(
        self,
        message: Incoming,
        sender: str | None,
        game: Game,
        result: Submission | Unchanged | OrderError,
        message_id: str,
        index: int,
        beside: Beside = NONE_BESIDE,
    ) -> Outcome:
        """Answer one form of a mail (a Duel player sends one form a colour); ``beside``:
        the commands the sender typed beside the forms (``typed_beside_a_form``), named
        in a rejection as not carried out (the answers to forms filed add them to their
        notes)."""
        name = game.config.game
        if isinstance(result, WrongCode):
            own, held = self._wrong_code(message, sender, game, result.player or 0, beside)
            if own:  # the notice is his answer: two mails a form doubled a forger's flood
                return unsaid(rejected("wrong code or player", name), held)
            return self._reject(
                message,
                sender,
                "it could not be accepted",
                quiet=True,
                game=name,
                reply_to_id=message_id,
                beside=beside,
            )
        if isinstance(result, OrderRefused) and result.player is not None:
            # the code was right: an answer to the player's own orders, counted as one
            entry = self._seat_entry(game, result.player, game.state_view())
            limit = self.gm.limits.confirmations_per_hour
            refused = self._reject(
                message,
                entry.email,
                str(result),
                index,
                game=name,
                limit=limit,
                reply_to_id=message_id,
                beside=beside,
                proven=True,
                elsewhere=self._code_elsewhere(message, sender, game, entry),
                due=_due(game, result.player),
            )
            if not isinstance(result, ReadAfterItRan):
                return refused
            kept = message.kept_in(self.gm.spool / "archive")
            told = told_late(refused, name, result.player, result.late, kept)
            # for `wtg status GAME` and the digest: the GM reads them in the morning too
            self.journal.read_late(name, result.player, told.late, self.now.timestamp())
            return told
        if isinstance(result, OrderError):
            return self._reject(
                message,
                sender,
                str(result),
                index,
                game=name,
                reply_to_id=message_id,
                beside=beside,
                replaced=isinstance(result, TakenOverCode),
            )
        # the game as the answer says it (the seat, its sides, their names), read once for
        # the answer: its file is read whole at each use (``Game.state_view``)
        state = game.state_view()
        entry = self._seat_entry(game, result.player, state)
        away = ELSEWHERE_SAID if self._elsewhere(sender, entry) else ""
        if isinstance(result, Unchanged):
            held = self._unchanged(message, sender, game, state, entry, result, message_id, index)
            why = f"{result.reason} ({name} p{result.player}){away}"
            return unsaid(ignored(why, name), held)
        held = self._confirm(message, sender, game, state, entry, result, message_id, index)
        if result.superseded:
            mine = f"older than the orders on file of {name} p{result.player}{away}"
            return unsaid(ignored(mine, name), held)
        filed = f"{name} turn {result.turn} player {result.player}{away}"
        return unsaid(stored(filed, name), held)

    def _seat_entry(self, game: Game, side: int, state: State) -> PlayerEntry:
        """The GM seat (address and code) that gives a side's orders in ``state``, the
        game's latest (``Game.state_view``)."""
        seat = game.ruleset.seat_of(state, SideId(side))
        return game.config.player(seat if seat is not None else side)

    def _unchanged(
        self,
        message: Incoming,
        sender: str | None,
        game: Game,
        state: State,
        entry: PlayerEntry,
        result: Unchanged,
        message_id: str,
        index: int,
    ) -> str | None:
        """The mail named the player's form but gave no order: what is on file stands.
        None when the answer is queued, else the limit that held it back. A mail from
        another address than the seat's is said to be (never which address): someone else
        has his code. ``state``: the game's latest."""
        elsewhere = self._code_elsewhere(message, sender, game, entry)
        verdicts, links = _verdicts_shown(game, result.verdicts)
        body = compose.render(
            "unchanged",
            source="elsewhere" if elsewhere else None,
            game=game.config.game,
            turn=result.turn,
            player=entry,
            side=result.player,
            # the side's name, as the confirmation gives it ('player 3 (AldricB)'): a Duel's
            # three answers to one mail said 'player 1', 'player 3', 'player 5' alone
            side_name=self._side(game, state, result.player).name,
            reason=result.reason,
            on_file=result.on_file,
            # his orders for the turn are to come, by the deadline the report gave him: an
            # answer that took none of his lines said nothing of when they were due
            deadline=_deadline_of(game, result.turn),
            verdicts=verdicts,
            notes=_with_links_said(result.notes, links),
        )
        # the subject says what the body does: orders refused are not "no orders found"
        said = NOT_ACCEPTED if result.reason == NONE_ACCEPTED else NO_ORDERS
        subject = f"[{game.config.game}] {said}{_colour(game, state, entry, result.player)}"
        ident = _ident("unchanged", message, index)
        return self._answer_player(
            ident, game, state, entry, subject, body, message_id, side=result.player
        )

    def _confirm(
        self,
        message: Incoming,
        sender: str | None,
        game: Game,
        latest: State,
        entry: PlayerEntry,
        submission: Submission,
        message_id: str,
        index: int = 0,
    ) -> str | None:
        """The confirmation of filed orders, to the seat's registered address: None when it
        is queued, else the limit that held it back. Orders from ``sender``, another address
        than the seat's, are said to be (never which address): a player whose code was read
        in a report he forwarded or quoted to a list learns that his orders were replaced.
        ``latest``: the game's latest state, which the orders of the turn after it were
        checked against (a poll's are: its turn's state is read again only for others)."""
        elsewhere = self._code_elsewhere(message, sender, game, entry)
        source = "unproven" if self.silenced else "elsewhere" if elsewhere else None
        before = submission.turn - 1
        state = latest if before == game.latest_turn() else game.state_view(before)
        deadline = _deadline_of(game, submission.turn)
        accepted = len([v for v in submission.verdicts if v.accepted])  # one pass, no generator
        ready = bool(submission.orders.get("ready"))
        verdicts, links = _verdicts_shown(game, submission.verdicts)
        body = compose.render(
            "confirmation",
            game=game.config.game,
            ruleset=game.ruleset.name,
            turn=submission.turn,
            player=entry,
            side=self._side(game, state, submission.player),
            superseded=submission.superseded,
            received=f"{message.received:%Y-%m-%d %H:%M:%S} UTC",
            deadline=deadline,
            ready=ready,
            unready=_unready(game, entry, submission.player) if ready else [],
            alone=_alone(game, state, entry),
            notes=_with_links_said(submission.notes, links),
            accepted=accepted,
            rejected=len(submission.verdicts) - accepted,
            verdicts=verdicts,
            forecast=None
            if submission.superseded
            else game.ruleset.forecast(state, submission.orders, submission.player),
            masked_code=compose.mask_code(entry.code),
            forecast_template=self._forecast_template(game.ruleset.name),
            source=source,
        )
        subject = f"[{game.config.game}] orders for turn {submission.turn} received"
        subject += _colour(game, latest, entry, submission.player)
        ident = _ident("conf", message, index)

        picture = (  # drawn by the send, not here: a poll files the mails in hand first
            orders_picture(
                game,
                entry.id,
                submission.turn,
                submission.orders,
                lines=len(submission.verdicts),
            )
            if game.config.map_pictures
            else None
        )
        # a confirmation says when its mail was received: never the same answer twice; it
        # goes to the seat's own address, whose orders changed, whatever the mail's From,
        # and threads to the mail only when it was his (the other's Message-ID names its
        # domain: a mail he never had, and the address the note keeps from him)
        thread = message_id if source is None else ""
        return self._answer_player(
            ident,
            game,
            latest,
            entry,
            subject,
            body,
            thread,
            picture,
            echo=False,
            seat=True,
            side=submission.player,
        )

    def _answer_player(
        self,
        ident: str,
        game: Game,
        state: State,
        entry: PlayerEntry,
        subject: str,
        body: str,
        message_id: str,
        picture: JsonObject | None = None,
        echo: bool = True,
        seat: bool = False,
        side: int | None = None,
    ) -> str | None:
        """An answer to a player's orders, to the registered address, in the thread, with
        the ``picture`` the send is to draw for it (``wtg.mail.outgoing.pictures``): None when it is
        queued, else the limit that held it back. ``echo``: whether it may be the same
        answer as another to the same words (``wtg.mail.incoming.sameanswer``). ``seat``: it tells
        the seat of orders its code filed, and goes out even for a mail whose From failed DMARC
        (``silent``): no backscatter, the address is the game's own. ``side``: the side
        whose orders they are; a seat of several (a Duel's colours) counts each colour's
        answers apart (``COLOUR_TALLY``): a player who mails each colour's form apart has as
        many rounds of an hour as a player of one colour."""
        limit = self.gm.limits.confirmations_per_hour
        name = game.config.game
        sides = game.ruleset.sides_of(state, SeatId(entry.id))
        several = side is not None and len(sides) > 1
        tally = f"{COLOUR_TALLY}{side}:{compose.address_key(entry.email)}" if several else None
        # the colour's last answer of the hour names it: its limit holds back its answers
        colour = ""
        if several and side is not None:
            shown = _colour(game, state, entry, side)  # " (Player1B)"
            colour = shown[2:-1] if shown else f"player {side}"
        return self._queue(
            ident,
            entry.email,
            subject,
            body,
            message_id,
            limit=limit,
            tally=tally,
            game=name,
            picture=picture,
            echo=echo,
            seat=seat,
            once=True,
            colour=colour,
        )

    def _forecast_template(self, ruleset: str) -> Template:
        kept = self._forecasts.get(ruleset)
        if kept is None:
            kept = self._forecasts[ruleset] = compose.forecast_template(ruleset)
        return kept

    def _side(self, game: Game, state: State, side: int) -> PublicSide:
        """A side of the game, as the confirmation names it (number and name); the sides of
        a state are read once for all the mails of its game."""
        kept = self._sides.get(id(game))
        if kept is None or kept[0] is not state:
            sides = {s.id: s for s in game.ruleset.public_sides_of(state)}
            kept = self._sides[id(game)] = (state, sides)
        return kept[1].get(SideId(side)) or PublicSide(id=SideId(side), name="", status="")

    # --- help, rejections, notices -------------------------------------------------
    def help(
        self,
        message: Incoming,
        sender: str | None,
        message_id: str | None = None,
        unread: Sequence[str] = (),
        typed: Sequence[MailLine] = (),
        unclear: str = "",
        question: str = "",
        parts_note: str = "",
    ) -> Outcome:
        """A player's mail without a form: the forms of the games where orders are due, and
        for the others why none are (a stranger gets nothing); in the thread of the mail
        (``message_id``), its subject naming the game when the player has one; the
        attachments of it that were not read named (``unread``: a form saved as a document
        or zipped is not read), and the order lines he typed (``typed``: in a reply that
        left the report out), which no form's header lets be read; ``unclear``: what it
        says of the lines he typed that look like commands but are none; ``question``: the
        first question he typed (``yesno.question``), quoted back with the word that the
        host answers none and that the GM is shown it, as the GM's line for the mail is;
        ``parts_note``: what is said of the parts of the mail that were not read, past
        ``extract.PARTS_MAX`` or nested too deep (``Extracted.parts_note``): a form there was
        not read either."""
        mine = self.registry.seats_of(sender)
        if not mine:
            return rejected("no order form, and not from a player")
        due = [_owes_orders(g, SeatId(e.id)) for g, e in mine]
        forms = [g.aof(e.id) for (g, e), owed in zip(mine, due, strict=True) if owed]
        on_file = [
            line
            for (g, e), owed in zip(mine, due, strict=True)
            if owed and (line := _on_file(g, SeatId(e.id))) is not None
        ]
        idle = [_not_due(g) for (g, _), owed in zip(mine, due, strict=True) if not owed]
        body = compose.render(
            "help",
            name=mine[0][1].name,
            forms=forms,
            count=sum(form.count(BEGIN_MARKER) for form in forms),
            on_file=on_file,
            idle=idle,
            unread=unread_note(unread) if unread else "",
            typed=typed_note(typed, bool(forms)) if typed else "",
            unclear=unclear,
            question=question,
            parts_note=parts_note,
        )
        games = sorted({g.config.game for g, _ in mine})
        subject = f"[{games[0]}] {NO_FORM}" if len(games) == 1 else NO_FORM.capitalize()
        held = self._queue(
            f"help-{message.key}",
            mine[0][1].email,
            subject,
            body,
            message_id,
            game=games[0] if len(games) == 1 else None,
        )
        if held is not None:
            return for_the_gm(unanswered(f"the help ({held})"), question)
        return for_the_gm(answered("help sent" if forms else "told no orders are due"), question)

    def oversized(self, message: Incoming, sender: str | None) -> Outcome:
        """A mail too big to read: its sender, when a player (and no robot), is told so."""
        limit = self.gm.limits.max_bytes
        return self._reject(
            message,
            sender,
            f"it is {message.size} bytes, over the limit of {limit}: send your form or "
            "commands again as plain text, without attachments",
        )

    def _held(self, message: Incoming, sender: str | None, named: str) -> Outcome:
        """A form of a game this host does not know (a mistyped GAME line, a game not made
        yet, a games_dir mistyped in the config): not rejected but held for the GM, who
        may put it back for the next poll (``wtg quarantine --release KEY``). A registered
        player is told it waits for the GM, with the games he plays here and those of them
        closest to the name he typed (``GAME: g33`` for his ``g3``; ``wtg.text.closename``);
        a stranger is told nothing."""
        # kept whole, its invisible characters too (``wok4-1\u200b``), and shown escaped
        # (``name_quoted``, ``visible``): left out, the name showed as that of a game that
        # exists, to the GM (status, digest, held lists) and to the player
        game = named[:GAME_SHOWN]
        reason = (
            f"the form names game {quoted(game)}, which is no game of this host: "
            "held for the GM (`wtg quarantine --release KEY` puts it back for the next poll)"
        )
        mine = self.registry.seats_of(sender)
        if sender and mine:  # his own games alone: the host names no one else's to anyone
            games = sorted({g.config.game for g, _ in mine})
            typed = "".join(ch for ch in named if ch.isprintable())[:GAME_SHOWN]
            meant = either(close_names(typed, games))
            body = compose.render("held", game=visible(game), games=games, meant=meant)
            self._queue(_ident("held", message, 0), sender, HELD_SUBJECT, body, None)
        return held(reason, game)

    def book_held(self, message: Incoming, sender: str | None, told_before: bool) -> None:
        """A mail of commands held for the GM, the lobby's book torn (``wtg.mail.poll``'s
        ``BOOK_HELD``): a registered player is told once that it waits for the GM and is
        answered once he has put it right (not again while a mail of his held so waits:
        ``told_before``, or one of this poll's was told); a stranger is told nothing (his
        From proves nothing, and a flood of forged JOINs would have the host mail each)."""
        if not sender or told_before or not self.registry.seats_of(sender):
            return
        key = sender.lower()
        if key in self._book_told:
            return
        self._book_told.add(key)
        body = compose.render("book_held")
        self._queue(_ident("bookheld", message, 0), sender, HELD_SUBJECT, body, None)

    def _reject(
        self,
        message: Incoming,
        to: str | None,
        reason: str,
        index: int = 0,
        quiet: bool = False,
        game: str | None = None,
        limit: int | None = None,
        reply_to_id: str | None = None,
        beside: Beside = NONE_BESIDE,
        proven: bool = False,
        replaced: bool = False,
        elsewhere: bool = False,
        due: str | None = None,
    ) -> Outcome:
        """Reject; tell ``to`` why when it is a registered player (never another stranger),
        within ``limit`` answers an hour (default: ``replies_per_hour``); an answer the limit
        held back is said in the outcome (``unsaid``). ``game``: the game the orders were
        for, when known, named in the subject; ``reply_to_id``: the mail answered, whose
        thread the answer joins; ``beside``: the commands typed beside the form, named as
        not carried out: whole when the form's code was right (``proven``), else by their
        command words alone (the From may be forged: the host writes no stranger's words to
        a player). ``replaced``: the form's code was its seat's before a takeover
        (``TakenOverCode``), which proves its old player, no longer registered: he is told,
        counted as an answer to a stranger (the From may be forged). ``elsewhere``: the
        form's right code came from another address than its seat's, told to the seat (never
        which address). ``due``: the turn the player owes orders for and its deadline
        (``_due``), said under the refusal: what he is to do next, and by when."""
        heldback = None
        registered = bool(to and self.registry.seats_of(to))
        if to and (registered or replaced):
            typed = beside.commands
            named = typed if proven else tuple(dict.fromkeys(c.split()[0] for c in typed))
            note = _not_carried_out(named, beside.more) if named else None
            body = compose.render(
                "rejected",
                reason=None if quiet else reason,
                note=note,
                elsewhere=game if elsewhere else None,
                due=due,
            )
            subject = f"[{game}] {NOT_ACCEPTED}" if game else NOT_ACCEPTED.capitalize()
            ident = _ident("rejected", message, index)
            stranger = None if registered else OTHER
            heldback = self._queue(
                ident,
                to,
                subject,
                body,
                reply_to_id,
                limit=limit,
                stranger=stranger,
                game=game,
                once=proven,
            )
        return unsaid(rejected("wrong code or player" if quiet else reason, game), heldback)

    def _wrong_code(
        self,
        message: Incoming,
        sender: str | None,
        game: Game,
        player: int,
        beside: Beside = NONE_BESIDE,
    ) -> tuple[bool, str | None]:
        """The seat's registered address is told that someone tried a wrong code: whether
        it came from that address, never from which other one (a stranger's, or another
        player's: an address is shown to nobody it was not given to). Anyone may make the
        host write it: these notices are counted apart (``WRONG_CODE_TALLY``), never against
        the answers to the player's own mail: of a form from his own address (his own
        typo, likely), at most ``replies_per_hour`` an hour; from another address, one a
        day (a stranger's forms, sent all day, mailed him three an hour, 72 a day, each
        saying what the first had said). Whether the mail came from the seat's own address,
        and the limit that held the notice back (None: queued). From his own address the
        notice is the mail's answer (``beside``: the commands typed beside the form, named
        by their words alone, as a rejection of a wrong code names them): a rejection that
        says no more goes beside it no longer."""
        seat = game.ruleset.seat_of(game.state_view(), SideId(player))  # a colour: no seat
        entry = game.config.player(seat if seat is not None else player)
        own = sender is not None and not self._elsewhere(sender, entry)
        stamp = self.now.timestamp()  # counted for the GM: a code tried again and again
        self.journal.wrong_code(
            message.key,
            game.config.game,
            entry.id,
            sender or "",
            own,
            stamp,
            self.gm.limits.wrong_code_rows,
        )
        words = tuple(dict.fromkeys(c.split()[0] for c in beside.commands))
        note = _not_carried_out(words, beside.more) if own and words else None
        body = compose.render(
            "wrong_code", name=entry.name, game=game.config.game, player=player, own=own, note=note
        )
        elsewhere = "" if own else ELSEWHERE_TALLY
        window = WINDOW if own else DAY
        # one a seat (a Duel's colours are its one): a form put first hides no other
        held = self._queue(
            f"wrongcode-{message.key}-{game.config.game}-p{entry.id}",
            entry.email,
            f"[{game.config.game}] someone sent orders for you with a wrong code",
            body,
            None,
            limit=None if own else 1,
            tally=f"{WRONG_CODE_TALLY}{elsewhere}{compose.address_key(entry.email)}",
            game=game.config.game,
            window=window,
        )
        return own, held

    def reply(
        self,
        ident: str,
        to: str,
        subject: str,
        body: str,
        reply_to_id: str | None,
        limit: int | None = None,
        stranger: str | None = None,
        tally: str | None = None,
        game: str | None = None,
        asks: str | None = None,
        window: float = WINDOW,
        echo: bool = True,
        limited: bool = True,
        daily: bool = True,
    ) -> str | None:
        """Queue an answer of another kind (a command mail's: ``wtg.mail.incoming.commands``) under
        the same rate limits: None when it is queued, else the name of the limit that held
        it back, or ``strangers.ASKED_AGAIN``. ``stranger``: the answer goes to an address
        that is no player's and never confirmed a request, and counts against the host's
        hourly mail to strangers as an answer of that kind (``wtg.mail.incoming.strangers``). The
        code to CONFIRM it carries (``asks``) is not mailed again when it went to that
        address within the hour, a stranger's or not (``ASKED_AGAIN``). ``tally``: the key
        the limits count the mail under, when not its address's (a private press is
        counted apart from the answers to its reader). ``game``: the game the answer is
        about (its List-Id).
        ``window``: the seconds ``limit`` counts over, when not an hour. ``echo``: whether
        it is held back as the same answer to the same words (``wtg.mail.incoming.sameanswer``; not
        a private press relayed to its reader, nor an answer that mails a code to CONFIRM:
        each is counted apart). ``limited``: whether a limit of answers holds it back and
        counts it (not a notice to a seat's address of what another's request did to the
        game: a takeover told to the table, ``Reply.notice``). ``daily``: whether it counts
        against ``replies_per_day`` when against ``replies_per_hour`` (``DAY_TALLY``)."""
        return self._queue(
            ident,
            to,
            subject,
            body,
            reply_to_id,
            limit,
            stranger,
            tally,
            game,
            asks=asks,
            window=window,
            echo=echo,
            limited=limited,
            daily=daily,
        )

    def answered_before(self, key: str) -> bool:
        """Whether an earlier reading of the mail ``key`` queued an answer of it (a poll
        killed before its journal's commit: the mail is read again, and its answers
        queued then go out, counted again): any of its answers, however many and whichever
        a limit held back (``wtg.mail.incoming.earlieranswers``: the outbox's names read
        once, when first asked). Asked only after a poll that did not finish
        (``wtg.mail.poll.underway``)."""
        if self._earlier is None:
            self._earlier = EarlierAnswers(self.outbox)
        return self._earlier.of(key)

    def _count(
        self, counted: tuple[str, int | None, float], stamp: float, once: bool, day: str | None
    ) -> None:
        """An answer to the mail being handled counted against its address's limit: once a
        mail for the answers to its forms' right codes (``once``), each answer else (and
        outside a mail's handling); and under ``day`` (``DAY_TALLY``), when the day's cap
        holds it."""
        if once and counted in self.counted:
            return
        self.journal.replied(counted[0], stamp)
        if day is not None:
            self.journal.replied(day, stamp)
        if self.asked is not None:
            self.counted.add(counted)

    def _queue(
        self,
        ident: str,
        to: str,
        subject: str,
        body: str,
        reply_to_id: str | None,
        limit: int | None = None,
        stranger: str | None = None,
        tally: str | None = None,
        game: str | None = None,
        picture: JsonObject | None = None,
        asks: str | None = None,
        window: float = WINDOW,
        echo: bool = True,
        seat: bool = False,
        once: bool = False,
        limited: bool = True,
        daily: bool = True,
        colour: str = "",
    ) -> str | None:
        """Queue an answer unless this address had too many in the last ``window`` seconds
        (an hour by default) (or, for a stranger, the host mailed too many strangers, or his
        domain, or his address too many codes, or the code ``asks`` went to him within the
        hour), or (``echo``) it is the answer the same words got that day
        (``wtg.mail.incoming.sameanswer``: an auto-responder quoting the host's answers), or it is
        about a mail whose From failed DMARC and is not (``seat``) the seat's news of orders its
        code filed: None when queued (now or before), else the name of the limit that held it back
        (or ``ASKED_AGAIN``). ``once``: an answer to a form whose code was right, counted once
        with the mail's other such answers to the same address (``_count``). ``limited``:
        False for a notice no limit holds back or counts (``reply``). ``daily``: whether an
        answer counted against ``replies_per_hour`` is counted against ``replies_per_day``
        too (``DAY_TALLY``; not a private press, bound a day on its own). ``colour``: the
        colour of a seat of several whose confirmations ``tally`` counts apart
        (``COLOUR_TALLY``): its last answer of the hour says so, naming it, as an address's
        does (the other tallies are no address's answers, and carry no note)."""
        if self.silenced and not seat:  # the mail's outcome says why nothing went out
            return None
        address = tally or compose.address_key(to)
        stamp = self.now.timestamp()
        # one mail is one answer against a limit, however many forms it held (a Duel
        # player's three colours): its other answers to a form's right code (``once``) go
        # with the one counted; an answer to a form that proves no seat (a wrong code, a
        # player the game has not) counts each, or one mail of forty such forms is forty
        # answers for one count
        counted = (address, limit, window)
        # the day's cap bounds the answers a forged From has the host mail: none to the
        # From the GM's server found its domain's (``authenticated``), the writer himself
        day = (
            f"{DAY_TALLY}{compose.address_key(to)}"
            if daily
            and limited
            and limit is None
            and window == WINDOW
            and compose.address_key(to) != self.authenticated
            else None
        )
        same = self.asked.key(to, subject, body) if echo and self.asked is not None else None
        name = self.outbox.free_name(ident)  # looked up once: ``put`` queues it there
        if name is None:
            # queued by an earlier reading of this mail (each id is one mail's) whose batch
            # never reached the journal (a poll killed before its commit, a helper process
            # that died): the count of it went with that batch, and is made again, or a
            # notice mailed at most once a day would go a second time that day; and so is
            # its note as the answer to these words (``sameanswer``), or an auto-responder's
            # next reply, quoting it, was answered again
            if limited:
                self._count(counted, stamp, once, day)
            if same is not None:
                self.journal.replied(same, stamp)
            return None
        if same is not None and self.journal.replied_since(same, stamp - DAY):
            return SAME_ANSWER
        if stranger is None and asks is not None:  # a stranger's: counted in ``charge``
            key = compose.address_key(to)
            if self.strangers.asked_again(stamp, key, asks, ident, self.outbox.known):
                return ASKED_AGAIN
        hourly: lastanswer.Last | None = None
        if limited and (stranger is not None or not once or counted not in self.counted):
            held, hourly = self._hour_room(address, stamp, limit, window, tally, colour)
            if held is not None:
                return held
        held, daily_last = self._day_room(day, stamp) if day is not None else (None, None)
        if held is not None:
            return held
        last = lastanswer.latest(hourly, daily_last)
        if stranger is not None:
            key = compose.address_key(to)
            vouched = key == self.authenticated  # his own mail: no forger spends its room
            why = self.strangers.charge(
                stranger, stamp, key, asks, ident, self.outbox.known, vouched=vouched
            )
            if why is not None:
                return why
            full = self.strangers.full_until
            if full is not None and limited and tally is None:
                # the last answer the hour's mail to strangers lets go to the address says
                # so: it held back the next, which carried the address's own note
                kind = lastanswer.STRANGER
                last = lastanswer.latest(last, lastanswer.Last(self.strangers.cap, full, kind=kind))
        msg = compose.message(
            ident,
            self.gm.sender,
            to,
            subject,
            lastanswer.with_note(body, last),
            when=self.now,
            reply_to_id=reply_to_id,
            game=game,
        )
        self.outbox.put(ident, name, msg, durable=False, picture=picture)
        if limited:
            self._count(counted, stamp, once, day)
        if same is not None:
            self.journal.replied(same, stamp)
        return None

    def _hour_room(
        self,
        address: str,
        stamp: float,
        limit: int | None,
        window: float,
        tally: str | None,
        colour: str,
    ) -> tuple[str | None, lastanswer.Last | None]:
        """Whether ``address`` (an address's key or a tally) has room for one more answer
        within ``window``, capped at ``limit`` (``replies_per_hour`` when None): the name
        of the limit that holds it back, or None and the note of the hour's last answer
        (the next are held back) when it is that, for an address or a colour's orders."""
        history = self.journal.replies_since(address, stamp - window)
        cap = limit if limit is not None else self.gm.limits.replies_per_hour
        if not ReplyLimiter.allowed(address, stamp, history, cap, window):
            if (cap, window) == (1, DAY):
                return ONE_A_DAY, None
            return (CONFIRMATIONS_LIMIT if limit is not None else REPLIES_LIMIT), None
        if (tally is None or colour) and window == WINDOW:
            # the hour's last answer to the address (or to a colour's orders) says so:
            # the next are held back
            until = lastanswer.last_until(history, stamp, cap, window)
            kind = lastanswer.ANSWER if limit is None else lastanswer.CONFIRMATION
            if until is not None:
                return None, lastanswer.Last(cap, until, kind=kind, colour=colour)
        return None, None

    def _day_room(self, day: str, stamp: float) -> tuple[str | None, lastanswer.Last | None]:
        """Whether the day's tally ``day`` has room for one more answer under
        ``replies_per_day``: ``DAY_LIMIT`` when it has none, or None and the note of the
        day's last answer when it is that, as the hour's."""
        spent = self.journal.replies_counted(day, stamp - DAY)
        per_day = self.gm.limits.replies_per_day
        if spent >= per_day:
            return DAY_LIMIT, None
        if spent + 1 >= per_day:  # the day's last answer says so too, as the hour's
            first = self.journal.first_reply_since(day, stamp - DAY)
            until = min(stamp, first if first is not None else stamp) + DAY
            return None, lastanswer.Last(per_day, until, per=lastanswer.DAY)
        return None, None


def _colour(game: Game, state: State, entry: PlayerEntry, side: int) -> str:
    """`` (Player1B)`` after an answer's subject, for a seat playing several sides (a Duel's
    colours): the three answers to one mail of three forms had one subject each, and the
    inbox did not say which colour's orders were refused. Empty for a seat of one side.
    ``state``: the game's latest."""
    if len(game.ruleset.sides_of(state, SeatId(entry.id))) < 2:
        return ""
    named = {s.id: s.name for s in game.ruleset.public_sides_of(state)}
    name = named.get(SideId(side), "")
    return f" ({name})" if name else ""


def _unready(game: Game, entry: PlayerEntry, side: int) -> list[str]:
    """The other sides of a seat playing several (a Duel's colours) that the coming turn
    waits for and are not READY, as ``Player1B (#3)``: a colour's READY is not his."""
    if len(game.ruleset.sides_of(game.state_view(), SeatId(entry.id))) < 2:
        return []
    return [
        f"{p['name']} (#{p['id']})"
        for p in game_status(game)["players"]
        if p["seat"] == entry.id and p["id"] != side and p["owes_orders"] and not p["ready"]
    ]


def _alone(game: Game, state: State, entry: PlayerEntry) -> bool:
    """Whether the turn after ``state`` waits for the orders of ``entry``'s seat alone (his
    turn in WISK, or in Tactics after its army turn): his confirmation says the turn runs
    once he is READY, not once every player is."""
    owing = set(game.ruleset.owing(state))
    return bool(owing) and owing <= set(game.ruleset.sides_of(state, SeatId(entry.id)))


def _due(game: Game, side: int) -> str | None:
    """``turn 2 are due by the deadline, Wed 09 Dec 2026 18:00 Europe/Vienna (17:00 UTC)``:
    the turn a refused player owes orders for and its deadline, as his confirmation and
    his report say it; None in a game without deadlines, or when the coming turn does not
    wait for him (the game over, a turn of another player's, he quit)."""
    schedule = game.config.schedule
    if not schedule:
        return None
    try:
        latest = game.latest_turn()
        if side not in game.ruleset.owing(game.state_view(latest)):
            return None
        stamp = game.deadline_stamp(latest)
    except Exception:  # the refusal goes out all the same, without the deadline
        return None
    if stamp is None:
        return None
    return f"turn {latest + 1} are due by the deadline, {_deadline_text(stamp, schedule.timezone)}"


def _deadline_of(game: Game, turn: int) -> str | None:
    """The deadline of orders for ``turn`` as a confirmation shows it; None in a game
    without a schedule (its turn file is not asked), or of a turn that never comes."""
    schedule = game.config.schedule
    if schedule is None:
        return None
    stamp = game.deadline_stamp(turn - 1)
    return _deadline_text(stamp, schedule.timezone) if stamp else None


@lru_cache(maxsize=64)
def _deadline_text(stamp: str, zone: str) -> str:
    """A deadline as its turn file writes it (``Game.deadline_stamp``), as a confirmation shows it
    (``local_text``): a game's mails share one, read and written once."""
    return local_text(parse_iso(stamp), zone)


def _ident(kind: str, message: Incoming, index: int) -> str:
    """The outbox id of an answer: one a form of the mail (a Duel mail has three)."""
    return f"{kind}-{message.key}" + (f"-{index}" if index else "")


def _verdicts_shown(game: Game, verdicts: Sequence[Verdict]) -> tuple[list[str], list[str]]:
    """The verdicts' lines as an answer shows them (``_described``), and the note it adds
    under them when a line quoted held a web address (``links_said``): each verdict said
    once for both."""
    said = [v.describe() for v in verdicts]
    return _described(game, verdicts, said), links_said(said)


def _described(game: Game, verdicts: Sequence[Verdict], said: Sequence[str]) -> list[str]:
    """The verdicts' lines as a mail may show them: no secret code in them, a long one cut
    in its middle (``_cut``), each character that is not printable (a terminal's escape
    sequence, a NUL) as ``?`` and each web address defanged (``_shown``). The lines are
    what the sender typed, mailed to the seat's registered address, which need not be his
    (a code shared or stolen), and no server refuses a mail for a NUL in them. Each is
    wrapped to a phone's 72 columns after the order line it quotes (``line 5: REJECTED A2:
    12 99 2``), which stays whole on its line: its reason or note is broken at its words,
    its continuations indented. ``said``: each verdict's ``describe()``."""
    if not verdicts:  # no line at all: the join of none would be one empty line
        return []
    codes = {p.id: p.code for p in game.config.players}
    # a code masked keeps its length: the order line that a verdict quotes ends where it
    # ended, before its ": reason" (``_shown`` says where once it is quoted back)
    heads = [
        len(line) - len(v.reason) - 2 if v.reason else len(line)
        for v, line in zip(verdicts, said, strict=True)
    ]
    described = compose.mask_codes("\n".join(said), codes).split("\n")
    if len(described) != len(heads):  # a line break in a verdict: its order line unknown
        heads = [0] * len(described)
    return [_quoted(*_shown(line, head)) for line, head in zip(described, heads, strict=True)]


def _shown(line: str, head: int) -> tuple[str, int]:
    """A verdict's line as an answer may quote it (``quoted_back``: each character that is
    not printable as ``?``, each web address defanged), its order line (its first ``head``
    characters) and its reason apart, and the order line's length so written. The writer
    may be anyone with the seat's code: a thief's ``http://wtg-login.example/reset`` in a
    line reached the seat's player as a link, in a mail from the host's own address."""
    order = quoted_back(line[:head])
    return order + quoted_back(line[head:]), len(order)


def _quoted(line: str, head: int) -> str:
    """A verdict's line cut (``_cut``) and wrapped, its first ``head`` characters (the order
    line it quotes, as much of it as the cut keeps) whole."""
    if len(line) > LINE_SHOWN:
        head = min(head, LINE_SHOWN * 2 // 3)
    return wrapped(_cut(line), width=PHONE, kept=head)


def _cut(line: str) -> str:
    """``line`` as an answer quotes it: at most about ``LINE_SHOWN`` characters, so that a
    line of a megabyte mailed in is not mailed back to the seat's address (whoever wrote it)."""
    if len(line) <= LINE_SHOWN:
        return line
    head, tail = LINE_SHOWN * 2 // 3, LINE_SHOWN // 3
    return f"{line[:head]} [... {len(line) - head - tail} characters ...] {line[-tail:]}"


def _owes_orders(game: Game, seat: SeatId) -> bool:
    """Whether a GM seat has orders to give: one of the sides it plays (a Duel's three
    colours, whose numbers are not the seat's) is one the next turn waits for."""
    state = game.state_view()
    owing = set(game.ruleset.owing(state))
    return any(side in owing for side in game.ruleset.sides_of(state, seat))


def _on_file(game: Game, seat: SeatId) -> str | None:
    """The orders a GM seat has on file for the coming turn, as the help says them (the
    blank form it mails would replace them): None when it has none."""
    state = game.state_view()
    turn = game.ruleset.turn_of(state) + 1
    metas = [game.store.pending_meta(turn, side) for side in game.ruleset.sides_of(state, seat)]
    filed = [meta for meta in metas if meta]
    if not filed:
        return None
    received = max(str(meta.get("received") or "") for meta in filed)
    ready = " READY" if all(meta.get("ready") for meta in filed) else ""
    when = f" of {received}" if received else ""
    return f"game {game.config.game}, turn {turn}: your orders{when} are on file{ready}"


def _not_due(game: Game) -> str:
    """Why a player has no orders to give in a game now."""
    state = game.state_view()
    if game.ruleset.is_over(state):
        return f"game {game.config.game} is over"
    turn = game.ruleset.turn_of(state) + 1
    owing = set(game.ruleset.owing(state))
    names = [s.name for s in public_sides(game.ruleset.public_json(state)) if s.id in owing]
    if not names:
        return f"game {game.config.game}, turn {turn}: a robot is to move"
    return f"game {game.config.game}, turn {turn}: the turn waits for {', '.join(names)}"


TYPED_SHOWN = 6
"""Order lines typed without a form that the help names (the others it counts)."""


def typed_note(typed: Sequence[MailLine], form_below: bool) -> str:
    """What a player is told of the order lines he typed in a mail without a form (a reply
    that left the report out), one paragraph; ``form_below``: the help holds his form.
    Each line is named by its number and its order's label alone: the mail's From may be
    forged, and nothing else of its text goes to the player's address."""
    shown = []
    for line in typed[:TYPED_SHOWN]:
        match = ORDER_LINE.fullmatch(line.text)
        label = f"{match[1].upper()}{int(match[2])}" if match else "?"
        shown.append(f"{line.number} ({label})")
    more = len(typed) - len(shown)
    last = f"{more} more" if more else shown.pop()
    listed = f"{', '.join(shown)} and {last}" if shown else last
    one = len(typed) == 1
    where = "into the form below" if form_below else "into the form of your next report"
    return (
        f"{'Line' if one else 'Lines'} {listed} of your mail "
        f"{'looks like an order line' if one else 'look like order lines'}, but "
        f"{'was' if one else 'were'} not read: order lines are read only "
        f"with the GAME/TURN/PLAYER/CODE header of the form they are for. Type "
        f"{'it' if one else 'them'} above your report, quoted in a reply to it, or {where}."
    )


def unread_note(unread: Sequence[str]) -> str:
    """What a player is told of his mail's attachments that were not read (``unread``: a
    form saved as a document, zipped, photographed), one sentence."""
    if len(unread) == 1:
        said = f"Its attachment {unread[0]} was not read"
    else:
        said = f"Its attachments {', '.join(unread)} were not read"
    outlook = [name for name in unread if _outlook_item(name)]
    told = (
        f"{said}: the form is read only as text, in the mail itself or attached as a .txt "
        "file, not from a document, a PDF, a picture or a zip."
    )
    if not outlook:
        return told
    which = f"{outlook[0]} is" if len(outlook) == 1 else f"{', '.join(outlook)} are"
    return (
        f"{told} {which} a mail Outlook attached as a file (.msg), never opened: forward "
        "the report with Forward, not Forward as Attachment, your orders typed above it, "
        "or type them in a reply to the report."
    )


def _outlook_item(name: str) -> bool:
    """Whether an attachment not read is a mail Outlook attached as a file: a saved
    ``.msg`` (``application/vnd.ms-outlook``), dragged into a mail or forwarded so."""
    return name.casefold().endswith(".msg") or name == "application/vnd.ms-outlook"


def _not_carried_out(commands: Sequence[str], more: int = 0) -> str:
    """The note of an order mail's answer on the commands its sender typed in it, ``more``
    of them past those named (counted, not named)."""
    shown = ", ".join(f'"{quoted_back(c)}"' for c in commands) + (
        f" and {more} more" if more else ""
    )
    noun = "command" if len(commands) + more == 1 else "commands"
    return "\n".join(
        [
            f"Your mail also holds the {noun} {shown}: NOT carried out.\nA mail with an "
            "order form is read for its orders alone: send commands in a mail of their own.",
            *links_said(commands),
        ]
    )


def _with_links_said(notes: Sequence[str], links: Sequence[str]) -> list[str]:
    """An order mail's answer's notes, with why an order line's web address is bracketed
    (``links``, from ``_verdicts_shown``) unless a note says it already (of a command
    beside the form)."""
    said = any(LINKS_SAID in note for note in notes)
    return [*notes, *([] if said else links)]
