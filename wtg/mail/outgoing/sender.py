"""`wtg send`: queue the reports of every turn run since the last send, then deliver the
outbox; and `wtg remind`: poke the players who have sent no orders yet."""

from __future__ import annotations

import email
import email.policy
import itertools
import sqlite3
import time
from collections.abc import Callable, Collection, Sequence
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from logging import DEBUG, ERROR, INFO, WARNING
from pathlib import Path
from typing import NamedTuple

from wtg.aof.mailtext import BEGIN_MARKER, codes_hidden
from wtg.core.errors import GameError
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.core.ruleset import KeepsOptions
from wtg.files.diskflush import flush
from wtg.files.diskspace import writing
from wtg.files.store import StoreError
from wtg.game.engine import Game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.press import Press, press_for, withheld
from wtg.game.report import press_text
from wtg.game.schedule import iso, local_text, moment_text
from wtg.game.turnmeta import TURN_META
from wtg.gm.gamestatus import game_status
from wtg.gm.nextdeadline import moved_deadline, reports_behind
from wtg.gm.rollback import Rollback, rollbacks
from wtg.host.announcement import cut_short as announcements_cut_short
from wtg.host.announcement import owed_line
from wtg.host.config import GmConfig, password_now
from wtg.host.gamesdir import unusable
from wtg.logs.events import log_event
from wtg.mail.outgoing import compose, turnprint
from wtg.mail.outgoing.codereplaced import codes_replaced, reports_replaced
from wtg.mail.outgoing.dkimsign import Signer, SigningFailed, UnsignableMail
from wtg.mail.outgoing.failedmail import (
    gave_deadline_now,
    queued_to_seats,
    set_aside_as_moved,
    undone_queued,
)
from wtg.mail.outgoing.latequeued import LateQueued
from wtg.mail.outgoing.notices import Notices, owed_lines, taken_back
from wtg.mail.outgoing.othersender import other_sender
from wtg.mail.outgoing.outbox import GIVE_UP, Outbox
from wtg.mail.outgoing.pictures import MapPicture, add_picture, for_report, without_picture
from wtg.mail.outgoing.reportagain import ident as mailed_again
from wtg.mail.outgoing.reportagain import mail_report_again
from wtg.mail.outgoing.seataddresses import (
    PutBack,
    addresses_put_back,
    put_back_reason,
    queued_before_reason,
    refused,
    replaced_since,
)
from wtg.mail.outgoing.seatcodes import codes_put_back
from wtg.mail.outgoing.sendevents import log_delivery
from wtg.mail.outgoing.sendstopped import record_send
from wtg.mail.outgoing.undotold import put_back_owed, report_name
from wtg.mail.servers.transport import (
    MaildirTransport,
    PermanentFailure,
    SenderRefused,
    SmtpTransport,
    TemporaryFailure,
    TooBig,
    Transport,
    Unreachable,
)
from wtg.mail.spool.hostgames import Registry
from wtg.mail.spool.journal import Journal, first_noted, mailing_mark
from wtg.mail.spool.runlock import only_one
from wtg.text.addresses import domain_forms
from wtg.text.shellcommand import shell_command

SET_ASIDE = (
    "`wtg outbox` lists the mails set aside for good, `wtg outbox --retry NAME` sends one "
    "again once what it says is corrected (a player's address in game.yaml)"
)
"""What the summary of a send that set mails aside adds: how to send one again."""

SAID_AGAIN = "(said again: the send that set it aside was cut short before it said so)"
"""What the line of a mail set aside for good adds when a later send says it
(``Outbox.untold``)."""

DEFERRED = "`wtg outbox` lists the mails waiting, each with the server's words and its next try"
"""What the summary of a send whose server put mails off adds: where to read why."""


class Delivery(NamedTuple):
    sent: int
    waiting: int
    failed: int
    unreachable: str = ""
    """Why the server could not be reached (then every mail due waits), or ""."""
    refused: tuple[str, ...] = ()
    """A line for each mail set aside for good: its id, why, and where it is kept."""
    unsigned: str = ""
    """Why the DKIM key could not sign (then every mail due stays queued), or ""."""
    sender_refused: str = ""
    """Why the server refuses the From, or another config sends this queue another way
    (``othersender``): then every mail due stays queued; or ""."""
    deferred: int = 0
    """Of the mails waiting, those the server put off this time (a 4xx, a line dropped):
    the others waited for their next try, or for a server that could not be reached."""
    lightened: tuple[str, ...] = ()
    """A line for each mail the server refused as too big with its picture, sent without."""


class SendSummary(Record):
    queued: int = 0
    press: int = 0
    """Press mails queued (a turn's press, apart from the reports)."""
    sent: int = 0
    waiting: int = 0
    deferred: int = 0
    """Of the mails waiting, those the server put off this time (``Delivery.deferred``)."""
    failed: int = 0
    unreachable: str = ""
    unreadable: tuple[str, ...] = ()
    """A line for each game folder that could not be opened (skipped; ``wtg.host.gamesdir``)."""
    undrawn: tuple[str, ...] = ()
    """A line for each report that went out without its map picture because the picture
    could not be drawn (``wtg.mail.outgoing.pictures``), or the server refused the mail with it as
    too big (``Delivery.lightened``)."""
    refused: tuple[str, ...] = ()
    """A line for each mail set aside for good (``Delivery.refused``), and for each set aside
    before delivery as it was to a seat at an address put back (``set_aside_put_back``)."""
    overtaken: tuple[str, ...] = ()
    """A line for each mail of the queue set aside for good before delivery because the
    game has overtaken what it told (``set_aside_undone``: a reminder whose player's orders
    came or whose turn ran, a report of a turn rolled back or run again, a mail of a game
    whose name a new game took): counted in ``failed`` with the others, but nothing is to
    be corrected, and cron is not told of it (``needs_gm``)."""
    unsigned: str = ""
    """Why the DKIM key could not sign; the mail stays queued (``Delivery.unsigned``)."""
    sender_refused: str = ""
    """Why the server refuses the From; the mail stays queued (``Delivery.sender_refused``)."""
    skipped: tuple[str, ...] = ()
    """The folder of each game skipped (``unreadable`` says why), by name, in name order:
    the summary line names them, as `run-turn --due` names a game it failed, and `wtg send`
    exits 1 once the other games are done."""
    first_mailed: tuple[str, ...] = ()
    """A line for each game this host mailed for the first time past its turn 0 (copied in
    from another host): mailed from its latest turn on (``_first_mailed``); and for each
    game found put back to an earlier turn than it mailed (``_put_back``), or a seat's code
    or address to one replaced since (``seatcodes.codes_put_back``,
    ``seataddresses.addresses_put_back``)."""
    owed: tuple[str, ...] = ()
    """A line for each GM command cut short before every player was told (a hold, a
    release, a deadline's move, an announcement), with the command that finishes it: no
    send mails those notices, and `wtg status` alone said so (``owed_notices``)."""

    def busy(self) -> bool:
        """Anything queued, sent, put off by the server or failed, or a game skipped: worth
        a line even under --quiet. Mails that only waited for their next try are not: cron
        would mail the same line at every run until the server takes them."""
        mailed = self.queued or self.press or self.sent
        return bool(mailed or self.needs_gm())

    def needs_gm(self) -> bool:
        """Anything gone wrong or waiting on the GM: a mail set aside for good or put off by
        the server, the server not reached, the From refused, the key not signing, a game
        skipped, notices owed. `wtg send -q` (cron's) prints its line only then: reports
        queued and sent as they should be are no news, and cron mailed the GM at every run
        that mailed a player."""
        stopped = self.unreachable or self.unsigned or self.sender_refused
        told = self.skipped or self.owed
        return bool(self.deferred or self.set_aside() or stopped or told)

    def gm_lines(self, quiet: bool = False) -> tuple[str, ...]:
        """The send's lines for the GM beside its summary line, in the order `wtg send` says
        them: the folders skipped, the pictures not drawn, the mails set aside for good
        (those an earlier send left unsaid among them: ``tell`` says them, and they are
        counted said after it), those the game overtook (not when ``quiet``: they need
        nothing of him), the games mailed anew, the notices owed."""
        return (
            self.unreadable
            + self.undrawn
            + self.refused
            + (() if quiet else self.overtaken)
            + self.first_mailed
            + tuple(f"NOTICES OWED: {line}" for line in self.owed)
        )

    def set_aside(self) -> bool:
        """A mail set aside for good this run that is the GM's to correct (an address, a
        server's refusal): one the game overtook needs nothing of him."""
        return self.failed > len(self.overtaken)

    def line(self) -> str:
        press = f" and {counted(self.press, 'press mail')}" if self.press else ""
        line = (
            f"{counted(self.queued, 'report')}{press} queued; {counted(self.sent, 'mail')} sent, "
            f"{self.waiting} waiting to be retried, {self.failed} refused for good"
        )
        if self.set_aside():
            line += f"; {SET_ASIDE}"
        if self.overtaken:
            line += (
                f"; {counted(len(self.overtaken), 'mail')} of them overtaken by the game, "
                "nothing to correct: what it told is no more (a reminder whose orders came "
                "or whose turn ran, a report of a turn run again or rolled back, a code or a "
                "report's form a later `wtg new-code` or a takeover replaced)"
            )
        if self.deferred:
            line += f"; {DEFERRED}"
        if self.unreachable:
            line += f"; the mail server could not be reached: {self.unreachable}"
        if self.unsigned:
            line += f"; nothing sent unsigned, the mail stays queued: {self.unsigned}"
        if self.sender_refused:
            line += f"; the mail stays queued: {self.sender_refused}"
        if self.skipped:
            line += f"; skipped: {', '.join(self.skipped)}"
        return line


def open_transport(gm: GmConfig) -> Transport:
    """The transport, logged in with the password its file holds now (``password_now``)."""
    if gm.transport == "imap" and gm.smtp is not None:
        return SmtpTransport(password_now(gm.smtp))
    return MaildirTransport(gm.maildir_out)


class Queued(NamedTuple):
    reports: int
    undrawn: tuple[str, ...] = ()
    """Why a report that was due a map picture went out without it, a line each."""
    skipped: tuple[str, ...] = ()
    """A line for each game whose reports could not be queued (a folder without its turn
    0, a report that cannot be read): skipped, the others queued."""
    press: int = 0
    """The press mails queued (a turn's press, to each player, apart from his report)."""
    folders: tuple[Path, ...] = ()
    """The folder of each game in ``skipped``, in its order."""
    first_mailed: tuple[str, ...] = ()
    """A line for each game mailed from its latest turn on (``_first_mailed``)."""
    addresses: tuple[PutBack, ...] = ()
    """Each seat found at an address put back (``addresses_put_back``): said once the send
    knows whether it set a mail of the seat aside."""


def queue_reports(
    gm: GmConfig,
    outbox: Outbox,
    journal: Journal,
    now: datetime,
    registry: Registry | None = None,
    picture: MapPicture | None = None,
) -> Queued:
    """Each player's report (with the next AOF in the body) of every turn not yet mailed,
    with the player's map as a picture when ``picture`` draws one (``wtg.mail.outgoing.pictures``),
    and the turn's press, when players wrote any, in a mail of its own (``press_text``)."""
    queued = pressed = 0
    undrawn: list[str] = []
    skipped: list[str] = []
    folders: list[Path] = []
    first: list[str] = []
    addresses: list[PutBack] = []
    for game in (registry or Registry(gm.games_dir)).games().values():
        try:
            said = _first_mailed(journal, game) or _put_back(journal, game)
            first += [said] if said else []  # said once, whatever becomes of its reports
            first += codes_put_back(journal, game)  # said once too
            addresses += addresses_put_back(journal, game)  # said once; its mail set aside
            made, press = _queue_game(gm, outbox, journal, now, game, picture, undrawn)
        except sqlite3.Error:  # the journal: every game's, not this one's
            raise
        except HeldBack as behind:  # the turns before it queued; the others go on
            log_event(f"reports not queued: {behind}", game=game.config.game, level=WARNING)
            skipped.append(f"{game.store.root}: {behind}")
            folders.append(game.store.root)
            continue
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            lost = unusable(game.store.root, exc)
            log_event(f"reports not queued: {lost.line()}", game=game.config.game, level=WARNING)
            skipped.append(lost.line())
            folders.append(lost.folder)
            continue
        queued += made
        pressed += press
    return Queued(
        queued,
        tuple(undrawn),
        tuple(skipped),
        pressed,
        tuple(folders),
        tuple(first),
        tuple(addresses),
    )


def _first_mailed(journal: Journal, game: Game) -> str | None:
    """A game this host never mailed nor ran a turn of, past its turn 0, was copied in
    from another host, whose players had its earlier reports there, and would have had
    each again: it is mailed from its latest turn on (``Journal.begin_mailing``). What is
    to be said of it, or None for any other game. Uncommitted: the game's first turn queued
    commits it."""
    name = game.config.game
    latest = game.latest_turn()
    if latest < 1 or not journal.begin_mailing(name, latest):
        return None
    return first_noted(name, latest)


def _put_back(journal: Journal, game: Game) -> str | None:
    """A game whose latest turn is before the last turn this host mailed of it, with no
    rollback to say why: its folder was put back from a copy (a backup's, `tar -xzf` of an
    upgrade's) while the host ran on. Its turns from the latest on are mailed again, as
    after a rollback, the latest's report again too (the players' latest report is of a
    turn that is no more, and its form is refused): before, the send counted them mailed,
    and the turns run again from there never reached a player. One put back and run on
    before a send, to its last turn mailed or past it, is ``_run_on``'s. What is to be said
    of it, or None for any other game. Committed."""
    name = game.config.game
    latest, mailed = game.latest_turn(), journal.mailed_turn(name)
    if any(not journal.rollback_seen(name, r.ident) for r in rollbacks(game.store)) or any(
        not r.undo_finished for r in rollbacks(game.store, undone=True)
    ):
        return None  # a rollback not yet reckoned with, or cut short: ``_queue_game``'s
    if latest >= mailed:
        return _run_on(journal, game, min(latest, mailed))
    return _noted_put_back(  # its latest report mailed again whatever it reads
        journal,
        name,
        (latest, latest - 1),
        f"game {name} is at turn {latest}, though its turn {mailed} was mailed: its folder "
        f"was put back from a copy (a backup, an upgrade's copy), not by a rollback; its "
        f"players are mailed turn {latest}'s report again, and each turn run from it",
    )


def _run_on(journal: Journal, game: Game, top: int) -> str | None:
    """``_put_back`` of a game folder put back by hand and run on before a send: at its
    last turn mailed again, or past it (``turnprint.run_anew``). Each turn run anew that
    came out otherwise than the one its players had is mailed again (as after a put-back:
    ``_mailed_as_is``), and those after it. A turn rerun (`run-turn --rerun`) not yet
    reckoned with is ``_queue_game``'s. Committed."""
    name = game.config.game
    anew = turnprint.run_anew(journal, game, top)
    if anew is None:
        return None
    if any(
        not journal.rollback_seen(name, f"rerun-t{turn:04d}-{times}")
        for turn, times in _reruns(game, anew, top).items()
    ):
        return None
    return _noted_put_back(  # a known report from turn anew on: mailed if not as is
        journal,
        name,
        (anew - 1, anew - 1),
        f"game {name}'s turn {anew} is not the turn {anew} its players were mailed: its "
        f"folder was put back from a copy (a backup, an upgrade's copy), not by a rollback, "
        f"and run on; its players are mailed each turn run from it that came out otherwise",
    )


def _noted_put_back(journal: Journal, name: str, turns: tuple[int, int], said: str) -> str:
    """The put-back of game ``name`` noted in the journal and committed: ``turns``, the turn
    it was put back to (``Journal.saw_put_back``: a report known from it on is mailed
    again when it is not as it was, ``_mailed_as_is``) and the turn counted mailed last;
    ``said`` warned of, with what to tell the players, and returned."""
    put_back, mailed = turns
    journal.saw_put_back(name, put_back)
    journal.set_mailed_turn(name, mailed)
    journal.commit()
    said = f"{said} (tell them why: `{shell_command('wtg', 'announce', name, 'TEXT')}`)"
    log_event(said, game=name, level=WARNING)
    return said


def _mailed_as_is(outbox: Outbox, ident: str, report: str) -> bool:
    """Whether the mail the outbox keeps as sent (or queued) under ``ident`` carries
    ``report`` as it reads now: a turn run again after its folder was put back, which came
    out as it did before, is not mailed twice. A mail set aside for good reached no one."""
    lies = outbox.lies(ident)
    folders = {"queue": outbox.queue_dir, "sent": outbox.sent_dir}
    if lies is None or lies[0] not in folders:
        return False
    try:
        raw = (folders[lies[0]] / f"{lies[1]}.eml").read_bytes()
    except OSError:
        return False
    body = email.message_from_bytes(raw, policy=email.policy.default).get_body(("plain",))
    if not isinstance(body, EmailMessage):
        return False
    try:
        text = body.get_content()
    except (LookupError, ValueError):  # a charset or an encoding no longer read
        return False
    return isinstance(text, str) and report.strip() in text.replace("\r\n", "\n")


class HeldBack(GameError):
    """A game's reports not queued, for a reason a GM command cut short left: the command
    given again ends it (the other games go on)."""


class RollbackCutShort(HeldBack):
    """A `wtg rollback` of the game counts (its archive folder is named) and was cut short
    before it finished: the turns it takes back may still be in ``turns/``, the reports of
    the turn it goes back to may not yet say the deadline it sets. None of the game's
    reports are queued until it is finished (the rollback given again, or any command that
    takes the game's lock), the other games go on."""

    def __init__(self, game: Game, rollback: Rollback, what: str = "reports") -> None:
        name = game.config.game
        given = ["--undo"] if rollback.undone is not None else ["--to", str(rollback.to)]
        command = shell_command("wtg", "rollback", name, *given)
        super().__init__(
            f"its {what} are held back: a `{command}` was cut short "
            f"before it finished (archive/{rollback.ident}): give it again, then `wtg send`"
        )


def _rollback_cut_short(game: Game, what: str = "reports") -> None:
    """RollbackCutShort when a rollback of the game (or its undo) counts and is not
    finished: until it is, the game's turns and deadline may be those it takes back (puts
    back) or the ones before it, and its orders not yet pending again (set aside)."""
    cut = [r for r in rollbacks(game.store) if not r.finished]
    cut += [r for r in rollbacks(game.store, undone=True) if not r.undo_finished]
    if cut:
        raise RollbackCutShort(game, cut[-1], what)


class ReportsBehind(HeldBack):
    """The latest turn's reports do not yet say the deadline its ``turn.json`` holds (a
    `wtg extend`, `wtg release` or `wtg rollback --undo` killed after it moved it:
    ``wtg.gm.nextdeadline``):
    they are not queued, the game's earlier turns are, the other games go on."""

    def __init__(self, game: Game, turn: int) -> None:
        name = game.config.game
        super().__init__(
            f"its turn {turn} reports are held back: they do not yet say the deadline turn.json "
            f"holds (a `{shell_command('wtg', 'extend', name, 'HOURS')}`, "
            f"`{shell_command('wtg', 'release', name)}` or "
            f"`{shell_command('wtg', 'rollback', name, '--undo')}` was cut short before it wrote "
            "them again): give the command again, then `wtg send`"
        )


def _behind(game: Game, turn: int) -> bool:
    """Whether the turn's ``turn.json`` says its reports are behind its deadline."""
    try:
        return reports_behind(game.store.read_json(turn, TURN_META))
    except StoreError:
        return False  # no deadline moved there: the report is read as ever


def _queue_game(
    gm: GmConfig,
    outbox: Outbox,
    journal: Journal,
    now: datetime,
    game: Game,
    picture: MapPicture | None,
    undrawn: list[str],
) -> tuple[int, int]:
    """Queue one game's reports of the turns not yet mailed, and their press; how many of
    each."""
    queued = pressed = 0
    name = game.config.game
    game.check_config()  # a report for each seat of the game, or none
    _rollback_cut_short(game)  # its turns may be those it takes back
    undone = [r for r in rollbacks(game.store) if r.finished]
    if any(not journal.rollback_seen(name, r.ident) for r in undone):
        _after_rollbacks(journal, name, undone)  # their turns run again: mailed again
    latest = game.latest_turn()
    reruns = _reruns(game, max(journal.mailed_turn(name), 1), latest)
    for turn, times in reruns.items():
        if not journal.rollback_seen(name, f"rerun-t{turn:04d}-{times}"):
            _after_rerun(journal, name, turn, times)  # its reports mailed again
    chosen = game.settings().read() if picture is not None else {}
    if latest > journal.mailed_turn(name) and not journal.mailing(name):
        journal.begin_mailing(name)  # known before its first mail is queued
        journal.commit(f"noting game {name} before its first report is queued")
    mark = journal.mail_mark(name)  # a name taken again: its ids are not the old game's
    put_back = journal.put_back_turn(name)  # its folder put back by hand: mailed before
    again_from = latest + 1 if put_back is None else put_back  # a known report mailed again
    for turn in range(journal.mailed_turn(name) + 1, latest + 1):
        if turn == latest and _behind(game, turn):
            raise ReportsBehind(game, turn)  # mailed once they say the deadline that holds
        before = (queued, pressed, len(undrawn))
        again = sum(1 for r in undone if r.to < turn)  # rollbacks that voided it
        press = withheld(press_for(game.store, turn), game.config.players)
        for entry in game.config.players:
            # the report of a turn run again (-gN) and rerun (-rN)
            ident = report_name(name, turn, entry.id, again, reruns.get(turn, 0), mark)
            if press:
                pressed += _queue_press(gm, outbox, game, turn, entry, press, ident, now)
            if outbox.known(ident) and turn < again_from:
                continue
            subject = f"[{name}] turn {turn} report for {entry.name}"
            # a turn before a takeover, mailed late: the seat's report, the quitter's code
            # in its form, which is not the newcomer's to see
            report = codes_hidden(game.report(entry.id, turn), entry.code)
            if outbox.known(ident):  # mailed before the folder went back: again, unless
                if turn > again_from and _mailed_as_is(outbox, ident, report):
                    continue  # run again as it ran: the player has it (the first is his form)
                ident = mailed_again(game, entry.id, turn, entry.email, report, mark)
                if outbox.known(ident):  # this very report was mailed again already
                    continue
            form = BEGIN_MARKER in report  # else no MAP: line for the note to ask for
            extra = for_report(game, turn, entry.id, picture, chosen.get(entry.id, {}), form)
            undrawn += [extra.problem] if extra.problem else []
            drawn = extra.picture
            msg = compose.message(
                ident,
                gm.sender,
                entry.email,
                subject,
                report + extra.note,
                when=now,
                kind="auto-generated",
                game=name,
            )
            if drawn is not None:
                compose.with_picture(msg, drawn.png, drawn.filename)
            queued += outbox.add(ident, msg, durable=False)
        flush(outbox.root)
        journal.set_mailed_turn(name, turn)
        journal.note_print(name, turn, turnprint.turn_print(game, turn))  # run anew: known
        journal.commit(f"noting game {name}'s turn {turn} mailed, its reports queued")
        _log_queued(name, turn, queued - before[0], pressed - before[1], undrawn[before[2] :])
    return queued, pressed


def _log_queued(name: str, turn: int, reports: int, press: int, undrawn: list[str]) -> None:
    """The lines of a turn's reports queued, and of each map picture that could not be
    drawn."""
    if reports or press:
        extra = f" and {counted(press, 'press mail')}" if press else ""
        log_event(f"{counted(reports, 'report')}{extra} queued", game=name, turn=turn)
    for problem in undrawn:
        log_event(f"a report went without its map: {problem}", game=name, turn=turn, level=WARNING)


def _queue_press(
    gm: GmConfig,
    outbox: Outbox,
    game: Game,
    turn: int,
    entry: PlayerEntry,
    press: Sequence[Press],
    report_ident: str,
    now: datetime,
) -> int:
    """The turn's press to one player, in a mail of its own (its id the report's, with
    ``press-`` for ``report-``); 1 when it was queued now."""
    ident = "press-" + report_ident.removeprefix("report-")
    if outbox.known(ident):
        return 0
    name = game.config.game
    msg = compose.message(
        ident,
        gm.sender,
        entry.email,
        f"[{name}] press of turn {turn}",
        press_text(name, turn, press),
        when=now,
        kind="auto-generated",
        game=name,
    )
    return outbox.add(ident, msg, durable=False)


def _after_rollbacks(journal: Journal, name: str, undone: list[Rollback]) -> None:
    """The game was rolled back since the last send: its reports are mailed again from
    the turn after the earliest rollback not yet reckoned with (each turn run again is a
    new mail: ``-gN``). Committed at once, with the rollbacks marked seen."""
    fresh = [r.to for r in undone if not journal.rollback_seen(name, r.ident)]
    journal.set_mailed_turn(name, min(journal.mailed_turn(name), *fresh))
    for rollback in undone:
        journal.saw_rollback(name, rollback.ident)
    journal.commit()


def _reruns(game: Game, first: int, latest: int) -> dict[int, int]:
    """How many times each turn from ``first`` to ``latest`` was run again (``run-turn
    --rerun``), those run once left out. The last turn mailed is among them: it may have
    been rerun, and the next turn run, before a send."""
    found = {turn: game.meta(turn).get("reruns", 0) for turn in range(first, latest + 1)}
    return {turn: times for turn, times in found.items() if times}


def _after_rerun(journal: Journal, name: str, turn: int, reruns: int) -> None:
    """Turn ``turn`` was run again (``run-turn --rerun``, after the GM corrected orders)
    since the last send: its reports are mailed again, each a new mail (``-rN``), and
    those of any turn run after it for the first time. Committed at once, with the rerun
    marked seen (the journal keeps it beside the rollbacks)."""
    journal.set_mailed_turn(name, min(journal.mailed_turn(name), turn - 1))
    journal.saw_rollback(name, f"rerun-t{turn:04d}-{reruns}")
    journal.commit()


def set_aside_undone(outbox: Outbox, spool: Path, games: Sequence[Game]) -> list[str]:
    """Set aside for good each report or press in the queue whose turn was rolled back or
    run again since it was queued (``failedmail.undone_queued``: a send killed after it
    queued a turn's reports and before it delivered them, then a `run-turn --rerun`): the
    turn it tells of is no more, and the report of the turn as it is goes beside it under
    the same subject. And each mail telling a seat a code it no longer has (``codereplaced``:
    `wtg new-code` given twice). A line for each, as a mail refused for good has
    (``Delivery``)."""
    lines = []
    for name, why in undone_queued(spool, games) + codes_replaced(outbox.queue_dir, games):
        path = outbox.queue_dir / f"{name}.eml"
        log_delivery(name, path, f"set aside for good: {why}", WARNING)
        outbox.failed(name, why)
        lines.append(f"mail {name} set aside for good: {why} (kept in {outbox.failed_dir})")
    return lines


def mailed_again_with_codes(
    outbox: Outbox, gm: GmConfig, games: Sequence[Game], picture: MapPicture | None
) -> list[str]:
    """Set aside for good each report of a latest turn in the queue whose form carries a
    code its seat has no longer (``codereplaced.reports_replaced``: `wtg new-code` given
    while it waited), once the report is queued again as it is now, with his code
    (``reportagain.mail_report_again``; one whose reports are behind a deadline moved is
    left as it is). A line for each, as a mail refused for good has."""
    lines = []
    for stale in reports_replaced(outbox.queue_dir, games):
        notices = Notices(gm.spool, gm.sender, datetime.now(timezone.utc))
        try:  # queued again first: a kill before the set-aside finds it queued, not twice
            again = mail_report_again(notices, stale.game, stale.seat, stale.turn, picture)
        except GameError:  # its reports behind a deadline moved (the send says so): as it is
            continue
        path = outbox.queue_dir / f"{stale.name}.eml"
        log_delivery(stale.name, path, f"set aside for good: {stale.why}", WARNING)
        outbox.failed(stale.name, stale.why)
        lines.append(
            f"mail {stale.name} set aside for good: {stale.why}, as {again.ident} (kept in "
            f"{outbox.failed_dir})"
        )
    return lines


def set_aside_put_back(
    outbox: Outbox,
    journal: Journal,
    games: Sequence[Game],
    refusals: dict[str, dict[int, str]] | None = None,
    seats: set[tuple[str, int]] | None = None,
) -> list[str]:
    """Set aside for good each mail in the queue to a seat at the address game.yaml gives it
    when that is one replaced since (``seataddresses``: its folder put back from a copy
    made before the GM corrected it): a stranger's, perhaps, and the report carries the
    seat's code. `wtg outbox --retry` sends it once the address is corrected. So is one
    queued to an address of the seat that game.yaml has replaced since (the GM corrected
    a typo while it waited), unless the seat was taken over since it was made (it is the
    predecessor's): `wtg outbox --retry` sends it to the address there. A line for each,
    as a mail refused for good has (``Delivery``). ``refusals``: each game's seats whose
    address is put back (``seataddresses.refused``), when the caller read them already;
    ``seats``: given, each game and seat a mail to its put-back address was set aside of
    is added to it."""
    lines = []
    if refusals is None:
        refusals = {game.config.game: refused(journal, game) for game in games}
    for mail in queued_to_seats(outbox.root.parent, games):
        game = mail.game.config.game
        if not mail.to:
            continue
        if refusals[game].get(mail.seat) in domain_forms(mail.to):  # its To in IDNA, perhaps
            why = put_back_reason(game, mail.seat, mail.to)
            if seats is not None:
                seats.add((game, mail.seat))
        elif not mail.taken_over and replaced_since(journal, mail.game, mail.seat, mail.to):
            why = queued_before_reason(game, mail.seat, mail.to, mail.name)
        else:
            continue
        logged = f"set aside for good: player {mail.seat}'s address is one replaced since"
        log_delivery(mail.name, outbox.queue_dir / f"{mail.name}.eml", logged, WARNING)
        line = f"mail {mail.name} set aside for good: {why} (kept in {outbox.failed_dir})"
        outbox.failed(mail.name, why, tell=line)
        lines.append(line)
    return lines


def draw_pictures(outbox: Outbox, games_dir: Path) -> None:
    """Draw the pictures queued mails are to carry (a confirmation's orders: the poll that
    queued it left the drawing to the send), each into its mail before it is sent."""
    opened: dict[str, Game] = {}

    def game_of(name: str) -> Game:
        if name not in opened:
            opened[name] = open_game(games_dir / name)
        return opened[name]

    for name, path, request in outbox.pictures_wanted():
        try:
            raw, problem = add_picture(path.read_bytes(), request, game_of)
        except OSError as error:  # sent or moved meanwhile: nothing to draw into
            raw, problem = None, f"{name}: no map picture: {error}"
        if problem:
            log_event(f"send: {problem}", mail=name, level=WARNING)
        outbox.drawn(name, raw)


def deliver(
    outbox: Outbox,
    transport: Transport,
    clock: Callable[[], float] = time.time,
    signer: Signer | None = None,
    sender: str | None = None,
    alive: Callable[[], None] | None = None,
    held_back: tuple[str, ...] = (),
    screen: Callable[[str, Path], str | None] | None = None,
) -> Delivery:
    """Send what is due, each mail signed by ``signer`` when there is one (DKIM,
    ``wtg.mail.outgoing.dkimsign``): how many were sent, still wait, failed for good, why the server
    could not be reached if it could not, and why the key could not sign if it could not
    (then nothing goes out unsigned: every mail due waits for the next send). ``sender``:
    the From each mail goes out with (the config's now; a mail queued with another From,
    say before the GM corrected a From the server refused, is sent with this one).
    ``alive``: told after each mail the server was asked to take (`wtg serve`'s ping of
    systemd's watchdog: a slow server and a turn's many reports outlast the watchdog, a
    mail never does). ``held_back``: what the names of mails that wait begin with (a hold
    or an announcement being taken back: ``notices.taken_back``). ``screen``: why a mail
    is set aside for good as it is about to go (``latequeued``: one queued to a seat at an
    address put back while this send ran), None for one that goes."""
    run = _Delivering(outbox, transport, clock, signer, sender, alive, held_back, screen)
    try:
        for ident, path in itertools.chain(outbox.waiting(), run.lighter):
            run.one(ident, path)
    finally:
        transport.close()
    run.say_why_they_wait()
    return Delivery(
        run.sent,
        run.waiting,
        len(run.refused),
        run.down,
        tuple(run.refused),
        run.unsigned,
        run.sender_refused,
        run.deferred,
        tuple(run.went),
    )


class _Delivering:
    """One delivery of the outbox (``deliver``): each mail due tried in turn, and what came
    of them counted. Once the server cannot be reached, the DKIM key cannot sign or the
    server refuses the From, every mail after waits for the next send."""

    def __init__(
        self,
        outbox: Outbox,
        transport: Transport,
        clock: Callable[[], float],
        signer: Signer | None,
        sender: str | None,
        alive: Callable[[], None] | None,
        held_back: tuple[str, ...],
        screen: Callable[[str, Path], str | None] | None = None,
    ) -> None:
        self.outbox = outbox
        self.screen = screen
        self.transport = transport
        self.clock = clock
        self.signer = signer
        self.sender = sender
        self.alive = alive
        self.held_back = held_back
        self.sent = self.waiting = self.deferred = 0
        self.down = self.unsigned = self.sender_refused = ""
        self.refused: list[str] = []
        self.lighter: list[tuple[str, Path]] = []  # refused as too big, to go again without picture
        self.lightened: dict[str, str] = {}  # each one's refusal
        self.went: list[str] = []

    def one(self, ident: str, path: Path) -> None:
        """Send the mail ``ident`` of the queue unless it must wait or be set aside."""
        outbox = self.outbox
        if ident.startswith(self.held_back):  # a hold or an announcement being taken back
            log_delivery(ident, path, "waits: what it says is being taken back", DEBUG)
            self.waiting += 1
            return
        if outbox.asked(ident) and outbox.withdraw(ident):  # asked while this send ran
            log_delivery(ident, path, "taken out of the queue: what it says was undone")
            return
        screened = self.screen(ident, path) if self.screen is not None else None
        if screened:  # queued while this send ran, to a seat at an address put back
            self.set_aside(ident, path, screened)
            return
        state = outbox.state(ident)
        if state.get("refused"):  # compose could not make it sendable: set aside for good
            self.set_aside(ident, path, str(state.get("error", "")))
            return
        if (
            self.down
            or self.unsigned
            or self.sender_refused
            or float(state.get("next_try", 0)) > self.clock()
        ):
            later = (
                "the mail server could not be reached"
                if self.down
                else "the DKIM key"
                if self.unsigned
                else "smtp.from"
                if self.sender_refused
                else "its next try"
            )
            log_delivery(ident, path, f"waits for {later}", DEBUG)
            self.waiting += 1
            return
        raw = self.ready(ident, path)
        if raw is not None:
            self.offer(ident, path, raw)

    def ready(self, ident: str, path: Path) -> bytes | None:
        """The mail as it goes out: with the From of now, signed when a key signs; None when
        the key cannot sign (it waits, and every mail after it) or cannot sign this mail
        (set aside)."""
        raw = path.read_bytes()
        if self.sender is not None:
            raw = compose.with_sender(raw, self.sender)
        if self.signer is None:
            return raw
        try:
            return self.signer.sign(raw)
        except SigningFailed as exc:
            self.unsigned = str(exc)  # the key's fault, not this mail's: all of them wait
            log_delivery(ident, path, f"stays queued, not signed: {self.unsigned}", WARNING)
            self.waiting += 1
        except UnsignableMail as exc:
            self.set_aside(ident, path, str(exc))
        return None

    def offer(self, ident: str, path: Path, raw: bytes) -> None:
        """Hand the mail to the server, and keep what it answered: sent, put off, refused as
        too big (to go again without its picture) or for good."""
        outbox = self.outbox
        try:
            try:
                self.transport.send(ident, raw)
            finally:
                if self.alive is not None:
                    self.alive()
        except SenderRefused as exc:  # the From's fault, not this mail's: all of them wait
            self.sender_refused = str(exc)
            # the config's fault, said once by the send's line (``send: N mails stay
            # queued: ...``): this one said it again, the GM's login hidden as <address>
            log_delivery(
                ident, raw, "stays queued with every mail due (the send's line says why)", DEBUG
            )
            self.waiting += 1
            return
        except Unreachable as exc:
            self.down = str(exc) or type(exc).__name__  # the next run tries again
            log_delivery(ident, raw, f"deferred: the mail server could not be reached: {self.down}")
            self.waiting += 1
            return
        except TemporaryFailure as exc:
            self.put_off(ident, path, raw, exc)
            return
        except TooBig as exc:
            without = without_picture(path.read_bytes())
            if without is None:
                too = " (without its picture too)" if ident in self.lightened else ""
                self.set_aside(ident, path, f"{exc}{too}")
                return
            outbox.drawn(ident, without)
            why = f"refused as too big ({exc}): it goes again without its picture"
            log_delivery(ident, raw, why, WARNING)
            self.lighter.append((ident, path))
            self.lightened[ident] = str(exc)
            return
        except PermanentFailure as exc:
            self.set_aside(ident, path, str(exc))
            return
        outbox.sent(ident)
        log_delivery(ident, raw, "sent")
        self.sent += 1
        if ident in self.lightened:
            self.went.append(
                f"mail {ident} went without its picture, which made it too big for the "
                f"mail server ({self.lightened[ident]}); its text says so"
            )

    def put_off(self, ident: str, path: Path, raw: bytes, exc: TemporaryFailure) -> None:
        """The server put the mail off: tried again later, or set aside once it has put it
        off for ``GIVE_UP`` since the first time."""
        outbox = self.outbox
        since = outbox.deferred_since(ident)
        if since is not None and self.clock() - since >= GIVE_UP:
            first = iso(datetime.fromtimestamp(since, timezone.utc))
            tries = int(outbox.state(ident).get("attempts", 0)) + 1
            why = f"the server has put it off since {first} ({tries} tries), the last "
            self.set_aside(ident, path, f"{why}time: {exc}")
            return
        at = outbox.retry_later(ident, str(exc), self.clock())
        retry = datetime.fromtimestamp(at, timezone.utc)
        log_delivery(ident, raw, f"deferred to {moment_text(retry)}: {exc}", WARNING)
        self.waiting += 1
        self.deferred += 1

    def set_aside(self, ident: str, path: Path, why: str) -> None:
        """Move the mail to failed/ for good, with a line for the GM saying how to send it
        again once what it says is corrected."""
        log_delivery(ident, path, f"refused for good: {why}", ERROR)
        kept = self.outbox.failed_dir / f"{ident}.eml"
        line = (
            f"mail {ident} refused for good: {why} (kept in {kept}; correct what it says, then "
            f"`{shell_command('wtg', 'outbox', '--retry', ident)}` sends it again)"
        )
        self.outbox.failed(ident, why, tell=line)
        self.refused.append(line)

    def say_why_they_wait(self) -> None:
        """The send's lines for the GM when every mail due waits: the server could not be
        reached, the key could not sign, or the server refused the From."""
        waiting = self.waiting
        if self.down:
            log_event(
                f"send: the mail server could not be reached ({self.down}): "
                f"{counted(waiting, 'mail')} {'waits' if waiting == 1 else 'wait'} for the next "
                "send",
                level=WARNING,
            )
        if self.unsigned:
            log_event(
                f"send: the DKIM key cannot sign ({self.unsigned}): {counted(waiting, 'mail')} "
                f"{'stays' if waiting == 1 else 'stay'} queued, "
                "none is sent unsigned (it would land in spam); the next send sends them once "
                "the key can sign (`wtg check-config` checks it)",
                level=ERROR,
            )
        if self.sender_refused:
            stay = "stays" if waiting == 1 else "stay"
            log_event(
                f"send: {counted(waiting, 'mail')} {stay} queued: {self.sender_refused}",
                level=ERROR,
            )


def send(
    gm: GmConfig,
    transport: Transport | None = None,
    now: datetime | None = None,
    picture: MapPicture | None = None,
    alive: Callable[[], None] | None = None,
    said: Collection[str] = (),
    tell: Callable[[SendSummary], object] | None = None,
) -> SendSummary:
    """Queue the reports of every turn run since the last send (each with the player's map
    as a picture when ``picture`` draws one), then deliver the outbox (``alive``: as
    ``deliver`` has it). ``said``: the owed lines (``SendSummary.owed``) the log has
    already (`wtg serve`'s send rounds): not logged again. ``tell``: what says the summary
    to the GM (`wtg send`'s lines for cron), called before the mails set aside for good are
    counted said (``Outbox.told``); without it, the log says them. A mail an earlier send
    set aside and was killed before it said so is said by this one (``Outbox.untold``)."""
    moment = now or datetime.now(timezone.utc)
    with only_one(gm.spool, "send"):  # two sends of one outbox could mail a message twice
        outbox = Outbox(gm.spool)
        earlier = [f"{line} {SAID_AGAIN}" for line in outbox.untold()]
        journal = Journal(gm.spool)
        registry = Registry(gm.games_dir)
        aside: set[tuple[str, int]] = set()  # the seats at an address put back set aside
        try:
            queued = queue_reports(gm, outbox, journal, moment, registry, picture)
            games = list(registry.games().values())
            late = LateQueued(outbox, journal, games)  # before: those after are looked at
            put_back = set_aside_put_back(outbox, journal, games, late.refusals, aside)
        except sqlite3.Error as exc:  # a full disk, most often: the file named
            writing(exc, f"the mail journal {journal.path}")
            raise
        finally:
            journal.close()
        unread = [lost.folder for lost in registry.unreadable]
        undone = set_aside_undone(outbox, gm.spool, list(registry.games().values()))
        undone += mailed_again_with_codes(outbox, gm, list(registry.games().values()), picture)
        back = put_back_owed(outbox, gm.spool, list(registry.games().values()))
        if back:  # an undo given while another send held the queue left them to this one
            log_event(
                f"send: {counted(back, 'report or press mail', 'reports or press mails')} set "
                "aside while a rollback stood put back in the queue: the rollback was undone "
                "while another send ran"
            )
        outbox.drop_stray_notes()  # those of a send cut short
        for name in outbox.withdraw_asked():  # asked while another send ran: not mailed
            log_event(f"send: mail {name} taken out of the queue: what it says was undone")
        signer = Signer(gm.dkim) if gm.dkim is not None else None  # the key read at each send
        draw_pictures(outbox, gm.games_dir)
        shared = other_sender(gm, moment)
        if shared is not None:  # another config sends this queue another way: none sent
            log_event(f"send: the mail stays queued: {shared}", level=ERROR)
            done = Delivery(0, len(list(outbox.waiting())), 0, sender_refused=shared)
        else:
            done = deliver(
                outbox,
                transport or open_transport(gm),
                signer=signer,
                sender=gm.sender,
                alive=alive,
                held_back=taken_back(gm.spool, list(registry.games().values())),
                screen=late.put_back,
            )
        held = [name for name, _ in outbox.waiting()] if stopped_by(done) else []
        record_send(
            gm.spool, moment, stopped_by(done), done.sent, done.waiting, done.deferred, held
        )
        summary = SendSummary(
            queued=queued.reports,
            press=queued.press,
            sent=done.sent,
            waiting=done.waiting,
            deferred=done.deferred,
            failed=done.failed + len(undone) + len(put_back) + len(earlier),
            unreachable=done.unreachable,
            unreadable=(*(lost.line() for lost in registry.unreadable), *queued.skipped),
            undrawn=(*queued.undrawn, *done.lightened),
            refused=(*earlier, *put_back, *done.refused),
            overtaken=tuple(undone),
            unsigned=done.unsigned,
            sender_refused=done.sender_refused,
            skipped=tuple(sorted({f.name for f in (*unread, *queued.folders)})),
            first_mailed=(
                *queued.first_mailed,
                *(seat.line((seat.game, seat.seat) in aside) for seat in queued.addresses),
            ),
            owed=owed_by_commands(gm.spool, registry),
        )
        new_owed = [line for line in summary.owed if line not in said]
        busy = summary.replaced(owed=tuple(new_owed)).busy()
        log_event(f"send: {summary.line()}", level=INFO if busy else DEBUG)
        for lost in registry.unreadable:
            log_event(f"send: {lost.line()}", level=WARNING)
        for line in new_owed:
            log_event(f"send: {line}", level=WARNING)
        for line in earlier:
            log_event(f"send: {line}", level=WARNING)
        if tell is not None:
            tell(summary)
        outbox.told()  # a kill before: the next send says them again, never none
    return summary


def stopped_by(done: Delivery) -> str:
    """Why a delivery sent nothing that was due, as ``wtg status --host`` says it
    (``sendstopped``); "" when nothing stopped it."""
    if done.unreachable:
        return f"the mail server could not be reached: {done.unreachable}"
    if done.sender_refused:
        return done.sender_refused
    if done.unsigned:
        return f"the DKIM key cannot sign, and nothing is sent unsigned: {done.unsigned}"
    return ""


def owed_by_commands(spool: Path, registry: Registry) -> tuple[str, ...]:
    """The notices GM commands cut short owe the players (``owed_lines``, less what the
    send holds reports back for and says so), and the announcements cut short, a line each
    with the command that finishes it, as `wtg status` and the digest say them."""
    lines = []
    for game in sorted(registry.games().values(), key=lambda game: game.config.game):
        try:
            lines += owed_lines(spool, game, held_back=False)
        except Exception:  # a game folder is the GM's data: the send names it, skipped
            continue
    announced, _unread = announcements_cut_short(spool)
    return (*lines, *(owed_line(path, made) for path, made in announced))


class Reminded(NamedTuple):
    queued: int
    unreadable: tuple[str, ...] = ()
    """A line for each game folder that could not be opened (skipped; ``wtg.host.gamesdir``)."""
    skipped: tuple[str, ...] = ()
    """The folder of each game skipped (``unreadable`` says why), by name, in name order:
    the summary line names them, as `wtg send`'s does, and `wtg remind` exits 1 once the
    other games are done."""

    def line(self) -> str:
        skipped = f"; skipped: {', '.join(self.skipped)}" if self.skipped else ""
        return f"{counted(self.queued, 'reminder')} queued{skipped}"


def remind(gm: GmConfig, now: datetime | None = None) -> Reminded:
    """Queue a reminder for every player without orders whose deadline is near; once a turn."""
    moment = now or datetime.now(timezone.utc)
    outbox = Outbox(gm.spool)
    queued = 0
    registry = Registry(gm.games_dir)
    skipped: list[str] = []
    folders: list[Path] = []
    for game in registry.games().values():
        try:
            queued += _remind_game(gm, game, outbox, moment)
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            lost = unusable(game.store.root, exc)
            log_event(f"no reminders: {lost.line()}", game=game.config.game, level=WARNING)
            skipped.append(lost.line())
            folders.append(lost.folder)
    if queued:
        flush(outbox.root)
    for unread in registry.unreadable:
        log_event(f"remind: {unread.line()}", level=WARNING)
    names = {f.name for f in (*(lost.folder for lost in registry.unreadable), *folders)}
    reminded = Reminded(
        queued, (*(lost.line() for lost in registry.unreadable), *skipped), tuple(sorted(names))
    )
    log_event(f"remind: {reminded.line()}", level=INFO if queued or names else DEBUG)
    return reminded


AGAIN_MOST = 100
"""The reminders of one deadline set aside as moved that ``_reminder_ident`` steps over:
each was a move of the deadline and a move back."""


def _reminder_ident(outbox: Outbox, spool: Path, base: str, mark: str) -> str:
    """The id of a reminder: ``base``, then ``mark`` (the name taken again). A reminder of
    that id set aside because its deadline was moved since (``set_aside_as_moved``) was
    never sent, and the deadline is that one again (`extend --undo`, a release): the first
    of ``-a2``, ``-a3``, ... not so set aside goes before the mark. One sent, queued or set
    aside for another reason (an address refused) keeps its id: once a deadline."""
    ident = base + mark
    for again in range(2, AGAIN_MOST + 2):
        where = outbox.lies(ident)
        if where is None or where[0] != "failed" or not set_aside_as_moved(spool, where[1]):
            return ident
        ident = f"{base}-a{again}{mark}"
    return ident


def _queued_before_46(outbox: Outbox, game: Game, ident: str) -> str | None:
    """``ident``, the id with no ``-dN`` of a reminder of a moved deadline, when a wtg
    before round 46 queued or sent it of the deadline now (``gave_deadline_now``): the
    reminder of that deadline is that one, not one more under an id of its own."""
    where = outbox.lies(ident)
    if where is None or where[0] == "failed":
        return None
    path = outbox.root / where[0] / f"{where[1]}.eml"
    return ident if gave_deadline_now(game, path) else None


def _remind_game(gm: GmConfig, game: Game, outbox: Outbox, now: datetime) -> int:
    """The game's reminders, the game noted in the journal before the first is queued
    (``mailing_mark``: a game never sent yet, removed and made anew under its name, would
    else find its players reminded with the old game's codes); the mark of its name taken
    again ends their ids (``Journal.mail_mark``)."""
    _rollback_cut_short(game, "reminders")  # they would ask for orders it restores
    deadline = game.deadline()
    schedule = game.config.schedule
    if deadline is None or schedule is None or not now < deadline or game.held():
        return 0
    if deadline - now > timedelta(hours=gm.limits.remind_hours):
        return 0
    status = game_status(game)
    turn = status["turn"]
    # the turn put off by rollbacks (``-gN``) or the report its form is of run again
    # (``-rN``): a reminder of its own, as a report's id says so; one queued before is set
    # aside by `wtg send` (``failedmail``) and never holds the new one back
    again = sum(1 for r in rollbacks(game.store) if r.finished and r.to < turn)
    reruns = game.meta(turn - 1).get("reruns", 0) if turn > 0 else 0
    undone = (f"-g{again}" if again else "") + (f"-r{reruns}" if reruns else "")
    # a deadline moved since the turn set it (extend, its undo, a release): a reminder of
    # its own (``-dN``, the deadline in UTC), one queued of the deadline before not sent
    moved = moved_deadline(game) is not None
    plain = undone
    if moved:
        undone += f"-d{deadline.astimezone(timezone.utc):%Y%m%d%H%M%S}"
    queued = 0
    owing = [p for p in status["players"] if p["owes_orders"]]
    lacking = [p for p in owing if not p["orders"]]
    mark = mailing_mark(gm.spool, game.config.game, game.latest_turn()) if lacking else ""
    # the options the game plays: those its state keeps from turn 0, not game.yaml's now
    played = game.config.options
    if lacking and isinstance(game.ruleset, KeepsOptions):
        played = game.ruleset.played_options(game.state())
    for seat in dict.fromkeys(p["seat"] for p in lacking):  # a Duel's colours: one a seat
        entry = game.config.player(seat)
        sides = [p for p in owing if p["seat"] == seat]
        missing = [f"{p['name']} (#{p['id']})" for p in sides if not p["orders"]]
        on_file = [f"{p['name']} (#{p['id']})" for p in sides if p["orders"]]
        base = f"remind-{game.config.game}-t{turn:04d}-p{entry.id:02d}{undone}"
        ident = _reminder_ident(outbox, gm.spool, base, mark)
        if moved:  # one a wtg before round 46 queued of this deadline: once a deadline
            ident = (
                _queued_before_46(outbox, game, base.removesuffix(undone) + plain + mark) or ident
            )
        body = compose.render(
            "reminder",
            name=entry.name,
            game=game.config.game,
            turn=status["turn"],
            deadline=local_text(deadline, schedule.timezone),
            # the forms of the sides still without orders: one on file is not sent again (a
            # blank form mailed back for it would set its orders aside)
            form=game.aof(entry.id, only={p["id"] for p in sides if not p["orders"]}),
            forms=sum(1 for p in sides if not p["orders"]),
            ruleset=game.ruleset.name,
            options=played,
            missing=missing if on_file else [],
            on_file=on_file,
            # turns missed in a row by the sides without orders (a Duel's: the most)
            missed=max((p["missed_turns"] for p in sides if not p["orders"]), default=0),
        )
        msg = compose.message(
            ident,
            gm.sender,
            entry.email,
            f"[{game.config.game}] reminder: no orders for turn {status['turn']} yet",
            body,
            when=now,
            kind="auto-generated",
            game=game.config.game,
        )
        if outbox.add(ident, msg, durable=False):
            log_event("reminder queued", game=game.config.game, turn=status["turn"], mail=ident)
            queued += 1
    return queued
