"""A seat's report mailed again, to the address game.yaml has for it now (`wtg report GAME
--player N --mail`): for a report `wtg send` mailed to a mistyped address, the address
corrected since. wtg sends a mail once, to the address it had (`wtg outbox --retry` of a
mail sent says so); the GM mailed what `wtg report` printed by hand.

The mail is queued in the outbox as `wtg send` queues a turn's report (its form in it, the
codes of the seat's earlier players starred out, the map picture and its words as the send
gives them: ``pictures.for_report``), and the next `wtg send` mails it. Its
outbox id names a digest of the address and of the report's text, the game, the turn and
the seat (``ident``; a seat's mail to `wtg outbox --retry`: ``failedmail.SEATED``). The
outbox queues an id once, and keeps it among those sent, so the command given again
(killed before or after its one write, the mail's file, written whole or not at all)
queues it if it is not there and never twice. A report that changed since (a rerun, a new
code) or an address corrected again is another mail."""

from __future__ import annotations

from wtg.aof.mailtext import BEGIN_MARKER, codes_hidden
from wtg.core.errors import GameError
from wtg.core.record import Record
from wtg.files.diskflush import flush
from wtg.files.store import StoreError
from wtg.game.engine import Game
from wtg.game.turnmeta import TURN_META
from wtg.gm.nextdeadline import reports_behind
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.failedmail import RESENT
from wtg.mail.outgoing.notices import Notices
from wtg.mail.outgoing.pictures import MapPicture, for_report
from wtg.mail.outgoing.undotold import report_ident
from wtg.text.shellcommand import shell_command

PREFIX = RESENT
"""How the outbox id of a report mailed again begins (never ``report-``: a turn's report as
`wtg send` queues it; a rollback, a rerun or a name taken again sets either aside alike,
``failedmail.undone_queued``)."""


class ReportBehind(GameError):
    """The latest turn's report does not yet say the deadline its ``turn.json`` holds (a
    command that moved it cut short): not mailed, as `wtg send` holds it back."""


class Mailed(Record):
    """A report queued again (``queued``), or found queued or sent before (``lies``: the
    outbox's folder and the mail's name there); ``undrawn``: why the map picture it was due
    could not be drawn ("" when nothing went wrong: drawn, or none due)."""

    ident: str
    to: str
    queued: bool
    lies: tuple[str, str] | None
    undrawn: str = ""

    def said(self) -> str:
        """What became of the report, in words, with its id: queued now, or found where an
        earlier command left it (a send killed after it queued the report, given again;
        `wtg report --mail` before it). Before, a send said "queued again" of a report it
        had found queued, or sent, already."""
        if self.queued:
            return f"the report is queued again with his code, as {self.ident}"
        where = self.lies[0] if self.lies is not None else ""
        if where == "queue":
            return f"the report with his code waits in the queue already, as {self.ident}"
        if where == "sent":
            return f"the report with his code was mailed already, as {self.ident}"
        if where == "failed":
            return (
                f"the report with his code was set aside for good before, as {self.ident} "
                "(`wtg outbox` says why)"
            )
        return f"the report with his code was queued before, as {self.ident}"


def ident(game: Game, seat: int, turn: int, to: str, text: str, mark: str) -> str:
    """The outbox id of ``text``, the seat's report of ``turn``, mailed again to ``to``;
    ``mark``: the mark of the game's name taken again (``Notices``). Its end is that of the
    turn's report as `wtg send` names it now (``-gN``: the rollbacks that voided the turn,
    ``-rN``: its reruns): a rollback or a rerun since sets it aside as it does the report."""
    key = compose.digest(f"{to}\n{text}")[:12]
    tail = report_ident(game, turn, seat, mark).removeprefix("report-")
    return f"{PREFIX}{key}-{tail}"


def older_ident(game: Game, seat: int, turn: int, to: str, text: str, mark: str) -> str:
    """The id an older wtg gave the same mail (``ident`` without ``-gN`` and ``-rN``): one
    it queued or sent is that mail, not queued again under this wtg's id (before, it was,
    and the player had the same report twice)."""
    key = compose.digest(f"{to}\n{text}")[:12]
    return f"{PREFIX}{key}-{game.config.game}-t{turn:04d}-p{seat:02d}{mark}"


def mail_report_again(
    notices: Notices,
    game: Game,
    seat: int,
    turn: int | None,
    picture: MapPicture | None = None,
) -> Mailed:
    """Queue the seat's report of ``turn`` (the latest when None) to its address in
    game.yaml, once; GameError for a seat or a turn the game has not, and ``ReportBehind``
    for a report `wtg send` would hold back. The mail carries what `wtg send` gives the
    report (``pictures.for_report``, with ``picture`` the drawing it is handed): the seat's
    map picture and its note, none for ``MAP: off`` (the seat's settings now), an onlooker
    or a game without pictures. Drawn only when the mail is to be queued."""
    entry = game.config.player(seat)
    name = game.config.game
    latest = game.latest_turn()
    turn = latest if turn is None else turn
    if turn == latest and _behind(game, turn):
        raise ReportBehind(
            f"game {name}: turn {turn}'s reports do not yet say the deadline turn.json holds (a "
            "command that moved it was cut short before it wrote them again; "
            f"`{shell_command('wtg', 'status', name)}` names it): give that command again, then "
            "this one"
        )
    text = codes_hidden(game.report(seat, turn), entry.code)
    made = ident(game, seat, turn, entry.email, text, notices.mark(game))
    for known in (made, older_ident(game, seat, turn, entry.email, text, notices.mark(game))):
        if notices.outbox.known(known):  # queued, sent or set aside before: not drawn again
            lies = notices.outbox.lies(known)
            return Mailed(ident=known, to=entry.email, queued=False, lies=lies)
    chosen = game.settings().read().get(seat, {}) if picture is not None else {}
    extra = for_report(game, turn, seat, picture, chosen, BEGIN_MARKER in text)
    msg = compose.message(
        made,
        notices.sender,
        entry.email,
        f"[{name}] turn {turn} report for {entry.name}",
        text + extra.note,
        when=notices.now,
        kind="auto-generated",
        game=name,
    )
    if extra.picture is not None:
        compose.with_picture(msg, extra.picture.png, extra.picture.filename)
    queued = notices.outbox.add(made, msg, durable=False)
    flush(notices.outbox.root)
    lies = notices.outbox.lies(made)
    return Mailed(ident=made, to=entry.email, queued=queued, lies=lies, undrawn=extra.problem)


def _behind(game: Game, turn: int) -> bool:
    """Whether the turn's ``turn.json`` says its reports are behind its deadline."""
    try:
        return reports_behind(game.store.read_json(turn, TURN_META))
    except StoreError:
        return False  # no deadline moved there: the report is read as ever
