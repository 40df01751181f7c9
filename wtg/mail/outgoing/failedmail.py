"""`wtg outbox`: what waits in the outbox's queue and what `wtg send` set aside for good
(``outbox/failed/``: the server refused it, 550 no such user, or its address was not one
address), and a mail set aside put back in the queue for the next send (``--retry NAME``,
``--retry-all``). An announcement to a game whose name a new game has taken since it was
queued (its id's mark is not the name's now) is not put back: it was for the game that is
gone.

A mail to a player of a game goes back to the address his game.yaml gives now: the GM
corrected it there, and the mail that failed (his turn's report) reaches him. The player
is found by the mail's id, which names his seat when the mail is his alone (a report, the
press, a reminder, a GM's notice: ``report-<game>-t0003-p02``): the id is read back from
the mail's outbox name (``compose.safe`` undone, a spare name's ``__N`` dropped), checked
against the digest its Message-ID carries, and the game is the one its List-Id names. A
mail whose id names no seat (a confirmation, an answer to a command, a stranger's or the
lobby's answer) goes back to the address it had. Its name and Message-ID stay as they
were: ``Outbox.sent_header`` finds it once sent, and a player's answer threads under it.

Text from a mail (a subject holding a player's name, a server's refusal) is shown through
``printable``, on one line. The listing only reads; a retry holds the send's lock (a send
running meanwhile could take the mail half put back) and moves each mail with
``Outbox.put_back``.
"""

from __future__ import annotations

import contextlib
import email.errors
import email.header
import email.policy
import email.utils
import json
import re
import shlex
from collections.abc import Sequence
from datetime import datetime, timezone
from email.message import Message
from pathlib import Path

from wtg.core.errors import MailError
from wtg.core.jsondata import JsonObject
from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.files.store import StoreError
from wtg.game.engine import Game
from wtg.game.gameconfig import ConfigError, PlayerEntry
from wtg.game.schedule import iso, moment_text, parse_iso
from wtg.game.takeovers import taken_over
from wtg.game.turnmeta import TurnMeta
from wtg.gm.gamestatus import GameStatus, game_status
from wtg.gm.nextdeadline import moved_before, moved_deadline
from wtg.gm.rollback import Rollback, rollbacks
from wtg.host.gamesdir import open_games
from wtg.mail.message.extract import HEADERS_LOOK, parse_headers
from wtg.mail.outgoing.codereplaced import carries_another_code, tells_another_code
from wtg.mail.outgoing.compose import digest, one_address, with_recipient
from wtg.mail.outgoing.listid import label
from wtg.mail.outgoing.outbox import Outbox, failed_note, own_id
from wtg.mail.outgoing.seataddresses import still_put_back, taken_again
from wtg.mail.outgoing.utf8address import header_text
from wtg.mail.spool.journal import mail_marks
from wtg.mail.spool.runlock import AlreadyRunning, only_one
from wtg.text.addresses import ascii_domain, bare_address
from wtg.text.closename import close_names, either
from wtg.text.shellcommand import shell_command

NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,179}")
"""An outbox name as ``compose.safe`` makes it (and a spare's ``__N``): never a path
separator, never a leading dot."""
SEATED = (
    r"(?:(?:report|press)-{game}-t\d{{4}}-p(\d{{2,}})(?:-g\d+)?(?:-r\d+)?(?:-n\d+)?"
    r"|remind-{game}-t\d{{4}}-p(\d{{2,}})(?:-g\d+)?(?:-r\d+)?(?:-d\d{{14}})?(?:-a\d+)?(?:-n\d+)?"
    r"|(?:hold|release|extend|rollback|unrollback)-.+-{game}-p(\d{{2,}})(?:-n\d+)?"
    r"|resend-[0-9a-f]{{12}}-{game}-t\d{{4}}-p(\d{{2,}})(?:-g\d+)?(?:-r\d+)?(?:-n\d+)?"
    r"|code-[0-9a-f]{{12}}-{game}-p(\d{{2,}})(?:-n\d+)?)"
)
"""The id of a mail to one seat of game ``{game}``: a report or the press of a turn (run
again: ``-gN``, ``-rN``; ``wtg.mail.outgoing.sender``), a reminder (of a turn put off by
rollbacks, ``-gN``, of a report run again, ``-rN``, of a deadline moved, ``-dN``, of one
moved back after its reminder was set aside, ``-aN``; each
ending ``-nN`` in a game whose name was taken again: ``Journal.mail_mark``), a GM's notice
(``wtg.mail.outgoing.notices``; ending ``-nN`` too), a report mailed again
(``wtg.mail.outgoing.reportagain``), a new code (`wtg new-code`: ``notices._code_ident``);
the seat's number is the group that matched."""
OF_TURN = (
    r"(?:report-|press-|resend-[0-9a-f]{{12}}-){game}-t(\d{{4}})-p\d{{2,}}(?:-g(\d+))?"
    r"(?:-r(\d+))?(?:-n\d+)?"
)
"""The id of a turn's report or press to one seat of game ``{game}``, or of a report mailed
again (``wtg.mail.outgoing.reportagain``): the turn, then how many rollbacks had voided it
when it was queued (``-gN``: each one that went back to an earlier turn) and how often it
had been run again (``-rN``; an older wtg wrote it only while the turn was the game's
last), as ``wtg.mail.outgoing.sender`` writes them."""
RESENT = "resend-"
"""How the id of a report mailed again begins (``wtg.mail.outgoing.reportagain``)."""
REMINDER = (
    r"remind-{game}-t(\d{{4}})-p(\d{{2,}})(?:-g(\d+))?(?:-r(\d+))?(?:-d(\d{{14}}))?(?:-a\d+)?"
    r"(?:-n\d+)?"
)
"""The id of a reminder to one seat of game ``{game}``: the turn whose orders it asks for,
the seat, then how many rollbacks had put that turn off when it was queued (``-gN``: each one back
to a turn before it) and how often the turn before it had been run again (``-rN``: its
form is of that turn's report as the rerun made it), and the deadline it gave when one had
moved it since the turn set it (``-dN``: year to second, UTC; ``moved_deadline``); none,
none, none. A ``-aN`` after them (2 and on) is a reminder of a deadline moved back to, whose
reminder before was set aside as moved (``MOVED_SINCE``): not counted."""
MARKED = re.compile(r"-p\d{2,}(?:-g\d+)?(?:-r\d+)?(?:-d\d{14})?(?:-a\d+)?(-n\d+)?\Z")
"""The end of the id of a report, press, reminder or notice to a seat (``OF_TURN``,
``REMINDER``, ``SEATED``), with the mark of the name taken again it carries, if any."""
MOVED_SINCE = "'s deadline was moved since, to "
"""What the reason of a reminder set aside because its deadline moved says
(``_GameRecords.undone``): a deadline moved back to the one it gave is reminded of under
an id of its own (``set_aside_as_moved``)."""
NOTICES = ("hold-", "release-", "extend-", "rollback-", "unrollback-")
"""How the id of a GM's notice to a seat begins (``wtg.mail.outgoing.notices``)."""
ANNOUNCED = "announce-"
"""How the id of a GM's announcement begins (``wtg.mail.outgoing.notices``): one an address, not a
seat's; one about one game (its List-Id) ends with the game's mark (``NAME_MARK``)."""
NAME_MARK = re.compile(r"(-n\d+)?\Z")
"""The mark of the name taken again an announcement's id ends with, if any (its key and
its address's digest are hex: no ``-n`` in them)."""
TAKEN_AGAIN = (
    "game {game}'s name was taken again by a new game since it was queued (`new-game "
    "--reuse-name`): the mail was to a player of the game before it, and is not sent"
)
"""Why a report, press or reminder in the queue of a game whose name a new game took since
is set aside: a send cut short, or the server down, before the old game's folder was
removed."""
NO_MORE = "that turn is no more, its mail is not sent (the mail of the turn as it is now goes)"
"""What the reason a report or press of a turn undone since is set aside adds."""
NOT_REMINDED = "the reminder is not sent (`wtg remind` reminds the players of the coming turn)"
"""What the reason a reminder of a turn run (or put off by a rollback) since is set aside
adds."""
_SPARE = re.compile(r"__\d+\Z")
_ESCAPED = re.compile(r"(?:_[0-9a-f]{2})+")


class Listed(Record, kw_only=True):
    """A mail of the outbox, as `wtg outbox` lists it."""

    name: str
    to: str
    """The address it goes to (bare), "" when it has none (its address was not one)."""
    subject: str
    error: str = ""
    """Why it was set aside (failed), or the server's last words (a mail deferred)."""
    attempts: int = 0
    next_try: float = 0.0
    game: str = ""
    """The game of the player it is to, when its id names his seat."""
    player: int | None = None
    now_to: str = ""
    """That player's address on file now, when it is another (a retry sends it there)."""
    taken_over: str = ""
    """When the seat was taken over by a new player after the mail was made (the mail was
    his predecessor's: a retry does not send it), "" when it was not."""
    made_anew: str = ""
    """When the game of that name was made after the mail was (a game made anew under the
    name of one gone: the mail was to a player of that one, a retry does not send it), ""
    when it was not."""
    turn_undone: str = ""
    """What undid the turn the mail reports (a report or press of a turn rolled back or
    run again since it was made: that turn is no more, a retry does not send it; a
    reminder of a turn that has run since, or that a rollback put off), "" when its turn
    is still the game's."""
    withdrawing: bool = False
    """A command asked the `wtg send` running to take it out rather than mail it
    (``Outbox.ask_withdraw``: a rollback's notice, the rollback undone): it goes, or is
    taken out by the next send, not mailed."""

    def queued_json(self) -> dict[str, object]:
        """A mail of the queue, as `wtg outbox --json` gives it."""
        return {
            "name": self.name,
            "to": self.to,
            "subject": self.subject,
            "attempts": self.attempts,
            "next_try": iso(datetime.fromtimestamp(self.next_try, timezone.utc))
            if self.next_try
            else None,
            "error": self.error or None,
            "withdrawing": self.withdrawing,
        }

    def failed_json(self) -> dict[str, object]:
        """A mail set aside for good, as `wtg outbox --json` gives it."""
        return {
            "name": self.name,
            "to": self.to,
            "subject": self.subject,
            "error": self.error,
            "game": self.game or None,
            "player": self.player,
            "now_to": self.now_to or None,
            "taken_over": self.taken_over or None,
            "made_anew": self.made_anew or None,
            "turn_undone": self.turn_undone or None,
            "withdrawing": self.withdrawing,
        }


class Outboxed(Record):
    """The outbox as `wtg outbox` shows it: the queue, then the mails set aside."""

    queued: tuple[Listed, ...]
    failed: tuple[Listed, ...]


class Retried(Record):
    """A mail put back in the queue: where it goes now and what the GM is told."""

    name: str
    to: str
    was: str = ""
    """The address it had, when it goes to another now."""
    line: str = ""


class RetryRefused(MailError):
    """A mail that cannot be put back (no such mail, sent already, no address to send it
    to): the one line that says why."""


def _asked_out(folder: Path) -> frozenset[str]:
    """The names of the mails a command asked a running send to take out of the queue
    (``Outbox.ask_withdraw``: a file each in ``folder``); read only."""
    try:
        return frozenset(p.name for p in folder.iterdir() if not p.name.startswith("."))
    except FileNotFoundError:
        return frozenset()


def outboxed(games_dir: Path, spool: Path) -> Outboxed:
    """The queue (each mail with its retry state) and the mails set aside for good (each
    with why, and the address its player has now when it is another); read only."""
    root = spool / "outbox"
    asked = _asked_out(root / "withdrawing")
    queued = []
    for path in _mails(root / "queue"):
        head = _head(path)
        if head is None:
            continue  # sent or set aside meanwhile
        state = _state(root / "queue" / f"{path.stem}.json")
        queued.append(
            Listed(
                name=path.stem,
                to=_to(head),
                subject=_subject(head),
                error=_shown(str(state.get("error", ""))),
                attempts=_number(state.get("attempts")),
                next_try=float(_number(state.get("next_try"))),
                withdrawing=path.stem in asked,
            )
        )
    failed = []
    games: list[Game] | None = None
    records = _GameRecords()
    for path in _mails(root / "failed"):
        head = _head(path)
        if head is None:
            continue  # put back meanwhile
        if games is None:
            games = open_games(games_dir)[0]
        ident, fits = _addressed(path.stem, head, games)
        seat = _one_seat(fits)
        to = _to(head)
        now = _address_now(seat[1]) if seat is not None else ""
        anew = records.made_anew(seat[0], head) if seat is not None else None
        since = records.since(seat[0], seat[1].id, head) if seat and not anew else None
        undone = records.undone(seat[0], ident, head) if seat and ident and not anew else None
        if since is not None or anew is not None or undone is not None:
            now = ""  # not his, or of no turn: a retry does not send it
        failed.append(
            Listed(
                name=path.stem,
                to=to,
                subject=_subject(head),
                error=_shown(failed_note(spool, path.stem).get("error", "")),
                game=seat[0].config.game if seat is not None else "",
                player=seat[1].id if seat is not None else None,
                now_to=_shown(now) if now and not _same_address(now, to) else "",
                taken_over=since or "",
                made_anew=anew or "",
                turn_undone=undone or "",
                withdrawing=path.stem in asked,
            )
        )
    return Outboxed(tuple(queued), tuple(failed))


def undone_queued(spool: Path, games: Sequence[Game]) -> list[tuple[str, str]]:
    """Each report or press in the queue whose turn was undone since it was queued (rolled
    back, or run again: ``wtg run-turn --rerun``), as its name and why, in words: a send
    cut short between queuing a turn's reports and delivering them left them there, and
    the report of the turn as it is now goes beside them. And each reminder in the queue
    whose turn has run since, or that a rollback put off (``_reminded_undone``): the
    server was down, or the send killed, when `wtg remind` queued it, and it would ask
    for orders of a turn that is over. And each of them queued for a game whose name a new
    game has taken since (``new-game --reuse-name``: the mark its name ends with is not the
    name's now, ``Journal.mail_mark``), and each GM's notice of a hold, a release, a
    deadline moved or a rollback (``NOTICES``) so queued, and each announcement about the
    game (``ANNOUNCED``): it was to a player of the game that is gone, and the new game's
    player would get it beside his own. A report mailed again (``RESENT``: `wtg report
    --mail`) is set aside as a turn's report is, on the counts its id carries. Read only."""
    records = _GameRecords()
    marks = mail_marks(spool)
    found: list[tuple[str, str]] = []
    for path in _mails(spool / "outbox" / "queue"):
        if path.stem.startswith(ANNOUNCED):
            game = _announced_game(path, games, marks)
            if game is not None:
                found.append((path.stem, TAKEN_AGAIN.format(game=game)))
            continue
        notice = path.stem.startswith(NOTICES)
        if not (notice or path.stem.startswith(("report-", "press-", "remind-", RESENT))):
            continue
        head = _head(path)
        if head is None:
            continue  # sent meanwhile
        ident, fits = _addressed(path.stem, head, games)
        seat = _one_seat(fits)
        if seat is None or ident is None:
            continue
        name = seat[0].config.game
        if _mark_of(ident) != marks.get(name, ""):
            found.append((path.stem, TAKEN_AGAIN.format(game=name)))
            continue
        if notice:
            continue  # of no turn: a rollback's, hold's, release's or move's, sent as is
        if records.made_anew(seat[0], head) is not None:
            continue
        undone = records.undone(seat[0], ident, head)
        if undone is not None:
            adds = NOT_REMINDED if path.stem.startswith("remind-") else NO_MORE
            found.append((path.stem, f"game {seat[0].config.game}'s {undone}: {adds}"))
    return found


class QueuedToSeat(Record):
    """A mail in the queue to one seat of a game (``queued_to_seats``)."""

    name: str
    game: Game
    seat: int
    to: str
    """The address it goes to, bare ("" for none)."""
    taken_over: bool
    """Whether the seat was taken over since it was made (``_GameRecords.since``): the mail
    is to the predecessor, at his address."""


def queued_to_seats(spool: Path, games: Sequence[Game]) -> list[QueuedToSeat]:
    """Each mail in the queue to one seat of a game of ``games`` (``SEATED``). Read only."""
    found = []
    records = _GameRecords()
    for path in _mails(spool / "outbox" / "queue"):
        mail = queued_to_seat(path, games, records)
        if mail is not None:
            found.append(mail)
    return found


def queued_to_seat(
    path: Path, games: Sequence[Game], records: _GameRecords | None = None
) -> QueuedToSeat | None:
    """The mail of the queue at ``path`` when it is to one seat of a game of ``games``
    (``SEATED``), else None (or sent meanwhile); ``records``: the games' takeovers read
    once for many mails (without it, ``taken_over`` is not looked for: False). Read only."""
    head = _head(path)
    if head is None:
        return None
    seat = _one_seat(_addressed(path.stem, head, games)[1])
    if seat is None:
        return None
    game, entry = seat
    taken = records is not None and records.since(game, entry.id, head) is not None
    return QueuedToSeat(path.stem, game, entry.id, _to(head), taken)


def _announced_game(path: Path, games: Sequence[Game], marks: dict[str, str]) -> str | None:
    """The game an announcement in the queue is about (its List-Id), when a new game has
    taken its name since it was queued (its id's mark is not the name's now); None when it
    is not so, or the mail names no one game of ``games`` (to several games: sent as is)."""
    head = _head(path)
    listed = _list_label(head) if head is not None else None
    ident = _ident(path.stem, head) if head is not None else None
    if listed is None or ident is None:
        return None
    named = [g.config.game for g in games if label(g.config.game) == listed]
    if len(named) != 1:
        return None
    found = NAME_MARK.search(ident)
    mark = (found[1] if found else None) or ""
    return named[0] if mark != marks.get(named[0], "") else None


def _mark_of(ident: str) -> str:
    """The mark of the name taken again that the id of a report, press or reminder ends
    with (``-n2``), "" for none."""
    found = MARKED.search(ident)
    return found[1] or "" if found else ""


def failed_names(spool: Path) -> list[str]:
    """The names of the mails set aside for good, sorted."""
    return [path.stem for path in _mails(spool / "outbox" / "failed")]


def retry(games_dir: Path, spool: Path, names: Sequence[str] | None) -> list[Retried | str]:
    """Put each mail ``names`` names (every mail set aside, for None) back in the queue,
    under the send's lock: a ``Retried`` each, or the line that says why it was not (the
    others go on). AlreadyRunning when a send holds the lock."""
    try:
        with only_one(spool, "send"):
            outbox = Outbox(spool)
            games = open_games(games_dir)[0]
            records = _GameRecords()
            marks = mail_marks(spool)
            done: list[Retried | str] = []
            for name in failed_names(spool) if names is None else names:
                try:
                    done.append(_retry_one(outbox, games, records, marks, name, names is None))
                except RetryRefused as refused:
                    done.append(str(refused))
            outbox.drop_stray_notes()
            return done
    except AlreadyRunning:
        raise AlreadyRunning(
            f"a wtg send is running on {spool}: give the command again once it is done "
            "(nothing was put back)"
        ) from None


def _retry_one(
    outbox: Outbox,
    games: Sequence[Game],
    records: _GameRecords,
    marks: dict[str, str],
    given: str,
    every: bool = False,
) -> Retried:
    """Put one mail set aside back in the queue (``retry``); ``marks``: the mark of each
    game name taken again (``mail_marks``), which an announcement's id is checked against;
    ``every``: retried by `--retry-all`, not by its name (``_named_for_put_back``)."""
    name = given.removesuffix(".eml")
    if not NAME.fullmatch(name):
        raise RetryRefused(
            f"{given!r} is no name of the outbox (a name is letters, digits, '.', '_' and "
            "'-', as `wtg outbox` lists it): nothing put back"
        )
    again = _queued_already(outbox, name)
    if again is not None:
        return again
    kept = _kept_alone(outbox, games, name)
    raw = kept.read_bytes()
    head = parse_headers(raw[:HEADERS_LOOK])
    to = _to(head)
    note = failed_note(outbox.root.parent, name)
    why = _shown(note.get("error", "")) or "no reason kept"
    ident, fits = _addressed(name, head, games)  # read once: the seat and the refusals
    seat = _one_seat(fits)
    if len(fits) > 1:
        named = " and ".join(game.config.game for game, _ in fits)
        raise RetryRefused(
            f"mail {name} is to a player's seat of games {named} alike (its id fits each, "
            "and it carries no List-Id to tell which): nothing put back, its player cannot "
            "be told; send it by hand if it is still wanted"
        )
    if seat is None and ident is not None and re.fullmatch(SEATED.format(game=".+"), ident):
        raise RetryRefused(
            f"mail {name} is to a player's seat, of no game of this host that opens now (a "
            "game.yaml to mend? `wtg status` names the folders it cannot read): nothing put "
            "back, his address cannot be looked up"
        )
    anew = _announced_game(kept, games, marks) if name.startswith(ANNOUNCED) else None
    if anew is not None:  # the old game's codes and facts, to its players
        raise RetryRefused(
            f"mail {name} is an announcement to game {anew} before its name was taken again "
            "by a new game (`new-game --reuse-name`): it was for the players of the game "
            "that is gone, and is not sent; announce again to the new game's players; "
            "nothing put back"
        )
    if seat is None:
        if not to:
            raise RetryRefused(
                f"mail {name} has no address to go to ({why}) and is no player's mail of a "
                "game: nothing put back"
            )
        outbox.put_back(name)
        return Retried(
            name,
            to,
            line=f"{name}: back in the queue, to {to} (the same address: the mail is to no "
            f"player of a game; it was refused for good: {why})",
        )
    game, entry = seat
    _check_still_owed(records, name, game, entry, ident, head)
    if carries_another_code(kept, game):
        mail_it = shell_command(
            "wtg", "report", game.config.game, "--player", str(entry.id), "--mail"
        )
        raise RetryRefused(
            f"mail {name} carries in its form a code game {game.config.game}'s player "
            f"{entry.id} has no longer (a later `wtg new-code`): it is not sent; `{mail_it}` "
            "queues his report with his code (once: it says so when `wtg send` queued it "
            "again already); nothing put back"
        )
    now = _address_now(entry)
    if now and _same_address(now, to):
        if every and still_put_back(outbox.root.parent, game, entry.id):
            raise RetryRefused(_named_for_put_back(name, game, entry, now))
        taken_again(outbox.root.parent, game, entry.id, now)  # the GM's word, if put back
        outbox.put_back(name)
        if "was" in note:  # a retry cut short after the new To was written: given again
            was = note["was"]
            return Retried(name, now, was, _moved(name, now, was, game, entry))
        return Retried(
            name,
            to,
            line=f"{name}: back in the queue, to {to}: game {game.config.game} player "
            f"{entry.id}'s address is unchanged, and it was refused for good: {why} (the "
            "server may refuse it again: then it is set aside again)",
        )
    changed, problem = with_recipient(raw, entry.email)
    if changed is None:
        raise RetryRefused(
            f"mail {name} is to game {game.config.game} player {entry.id}, whose address in "
            f"game.yaml cannot be used ({_shown(problem)}): correct it there, nothing put back"
        )
    outbox.put_back(name, changed, was=to)
    return Retried(name, now, to, _moved(name, now, to, game, entry))


def _named_for_put_back(name: str, game: Game, entry: PlayerEntry, to: str) -> str:
    """Why `--retry-all` left the mail ``name`` set aside: its seat's address in game.yaml
    is one put back (``seataddresses``), a stranger's perhaps, which only a retry naming the
    mail takes as the player's again."""
    return (
        f"mail {name} stays set aside: game {game.config.game} player {entry.id}'s address in "
        f"game.yaml, {to}, is one replaced since (its folder was put back from an older "
        f"copy), and --retry-all does not send a seat's mail there: correct `email:` in "
        f"{shlex.quote(game.config.game)}/game.yaml to his address now, then `wtg outbox "
        f"--retry-all`; or, if {to} is his again, "
        f"`{shell_command('wtg', 'outbox', '--retry', name)}` "
        "mails it there and his mail from then on"
    )


def _queued_already(outbox: Outbox, name: str) -> Retried | None:
    """The mail ``name`` in the queue and no more in failed/, put back by a retry before
    (the command given again): what it says of it, or None when it is not so. One queued as
    it was made, which cannot be sent, is refused: the next send sets it aside again."""
    kept = outbox.failed_dir / f"{name}.eml"
    queued = outbox.queue_dir / f"{name}.eml"
    if kept.is_file() or not queued.is_file():
        return None
    state = outbox.state(name)
    if state.get("refused"):  # queued as made: the next send sets it aside, as it is
        raise RetryRefused(
            f"mail {name} waits in the queue, but as it was made it cannot be sent "
            f"({_shown(str(state.get('error', '')))}): the next wtg send sets it aside, then "
            f"`{shell_command('wtg', 'outbox', '--retry', name)}` puts it back to the address on "
            "file"
        )
    line = f"{name}: waits in the queue already; the next `wtg send` sends it"
    return Retried(name, _to(parse_headers(queued.read_bytes()[:HEADERS_LOOK])), line=line)


def _kept_alone(outbox: Outbox, games: Sequence[Game], name: str) -> Path:
    """The file of the mail ``name`` in failed/, refused when it is not there, or when a
    copy of it is in the queue or among the mails sent too (a copy made by hand): a mail
    goes out at most once."""
    kept = outbox.failed_dir / f"{name}.eml"
    if not kept.is_file():
        raise RetryRefused(_sent_to_another(outbox, games, name) or _not_set_aside(outbox, name))
    if (outbox.queue_dir / f"{name}.eml").exists():
        raise RetryRefused(
            f"mail {name} is both in {outbox.failed_dir} and in {outbox.queue_dir} (copied by "
            "hand?): remove the one that should not go out, nothing was put back"
        )
    sent = outbox.sent_dir / f"{name}.eml"
    if sent.exists():  # a copy put in failed/ by hand: a mail goes out at most once
        raise RetryRefused(
            f"mail {name} was sent already (the server took it: {sent}); the copy in "
            f"failed/ is not sent again: remove it from {outbox.failed_dir}"
        )
    return kept


def _check_still_owed(
    records: _GameRecords,
    name: str,
    game: Game,
    entry: PlayerEntry,
    ident: str | None,
    head: Message,
) -> None:
    """Refuse the mail ``name`` to ``entry``'s seat of ``game`` when the seat's player is
    owed it no more: the game was made anew since, the seat taken over, or the turn it is
    of (a reminder's, a report's) rolled back."""
    anew = records.made_anew(game, head)
    if anew is not None:
        raise RetryRefused(
            f"mail {name} was to a player of the game {game.config.game} that was before it "
            f"was made anew ({anew}): it is not sent to this game's player {entry.id}; "
            "nothing put back"
        )
    since = records.since(game, entry.id, head)
    if since is not None:
        raise RetryRefused(
            f"mail {name} was to the player who had game {game.config.game} seat {entry.id} "
            f"before it was taken over ({since}): it is not sent to the new player (his own "
            "reports come to him); nothing put back"
        )
    if tells_another_code(name, game, entry.id):
        raise RetryRefused(
            f"mail {name} tells game {game.config.game}'s player {entry.id} a code he has no "
            "longer (a later `wtg new-code`, or a takeover): it is not sent, the mail of the "
            "code he has goes; nothing put back"
        )
    undone = records.undone(game, ident, head) if ident is not None else None
    if undone is not None and ident is not None and ident.startswith("remind-"):
        raise RetryRefused(
            f"mail {name} is a reminder of game {game.config.game}, whose {undone}: it is "
            "not sent (`wtg remind` reminds the players of the coming turn); nothing put back"
        )
    if undone is not None:
        raise RetryRefused(
            f"mail {name} is of game {game.config.game}, whose {undone}: that turn is no "
            "more, its mail is not sent (the mail of the turn as it is now goes with `wtg "
            "send`); nothing put back"
        )


def _moved(name: str, now: str, was: str, game: Game, entry: PlayerEntry) -> str:
    before = f"was {was}" if was else "it had no usable address"
    return (
        f"{name}: back in the queue, to {now} ({before}), game {game.config.game} player "
        f"{entry.id}'s address in game.yaml now; the next `wtg send` sends it"
    )


class _GameRecords:
    """Each game's takeovers (``takeovers.json`` of every turn), when it was made (its turn
    0 ran), its rollbacks and how often each turn was run again, read once a command: a
    flood of mails set aside, each looked up, read no turn's record twice."""

    def __init__(self) -> None:
        self._read: dict[Path, tuple[list[JsonObject], str | None]] = {}
        self._made: dict[Path, str] = {}
        self._rollbacks: dict[Path, list[Rollback]] = {}
        self._metas: dict[tuple[Path, int], TurnMeta] = {}
        self._latest: dict[Path, int | None] = {}
        self._status: dict[Path, GameStatus] = {}

    def undone(self, game: Game, ident: str, head: Message) -> str | None:
        """What undid the turn whose report or press is the mail of id ``ident`` (``head``
        its headers) since the mail was made, in words (``turn 3 was rolled back to turn 2
        since (at)``, ``turn 3 was run again since ...``); None when the turn is still the
        game's, or the mail is of no turn. The id says which turn, and how many rollbacks
        had voided it and how often it had been run again when it was queued (``OF_TURN``):
        a rollback recorded since to a turn before it, or a rerun of it since, undid it.
        A reminder (``REMINDER``) is undone when the turn it asks orders for has run, or
        the game went back before it, or the turn before it was run again, since it was
        queued (its id counts those before: ``_reminded_undone``)."""
        reminded = re.fullmatch(REMINDER.format(game=re.escape(game.config.game)), ident)
        if reminded is not None:
            counted = int(reminded[3] or 0), int(reminded[4] or 0)
            turn = int(reminded[1])
            return (
                self._reminded_undone(game, turn, *counted)
                or self._answered(game, turn, int(reminded[2]))
                or self._moved_since(game, turn, reminded[5], _date(head))
            )
        found = re.fullmatch(OF_TURN.format(game=re.escape(game.config.game)), ident)
        if found is None:
            return None
        turn, voided, reruns = int(found[1]), int(found[2] or 0), int(found[3] or 0)
        earlier = [r for r in self._rollbacks_of(game) if r.to < turn]
        if found[2] is None and ident.startswith(RESENT):
            earlier = _after_made(earlier, head)
        if len(earlier) > voided:  # the first one the mail did not count undid its turn
            back = earlier[voided]
            return f"turn {turn} was rolled back to turn {back.to} since ({_shown(back.at)})"
        latest = self._latest_of(game)
        if latest is None or turn > latest:
            return None  # no rollback recorded undid it: not refused on a guess
        if self._meta(game, turn).get("reruns", 0) <= reruns:
            return None
        if found[3] is None and turn < latest:
            # queued by an older wtg once the next turn had run (no -rN then): after its reruns
            after = _moment(self._meta(game, turn + 1).get("ran_at", ""))
            made = _date(head)
            if after is not None and made is not None and made >= after:
                return None
        return f"turn {turn} was run again since (`wtg run-turn --rerun`)"

    def _reminded_undone(self, game: Game, turn: int, voided: int, reruns: int) -> str | None:
        """What made a reminder of turn ``turn``'s orders untrue since it was made: that
        turn has run (its orders are late for good), or a rollback to a turn before it
        beyond the ``voided`` its id counted (back before the turn before it: the turn it
        asks for comes later, by another deadline; or back from that turn itself: it comes
        again, by the deadline the rollback set, from a report the reminder's form is not
        of), or the turn before it run again more often than the ``reruns`` its id counted
        (``run-turn --rerun``: its report, and the form the reminder carries, are another
        now). A reminder an older wtg queued after a rollback or a rerun (its id counting
        none) is set aside too: the next `wtg remind` reminds of the turn as it is, under
        an id of its own."""
        latest = self._latest_of(game)
        if latest is None:
            return None
        if latest >= turn:
            return f"turn {turn}, whose orders the reminder asked for, has run since"
        earlier = [r for r in self._rollbacks_of(game) if r.to < turn]
        if len(earlier) > voided:  # the first one the reminder did not count undid it
            back = earlier[voided]
            if back.to < turn - 1:
                return (
                    f"turn {turn - 1} was rolled back to turn {back.to} since ({_shown(back.at)})"
                )
            return (
                f"turn {turn}, whose orders the reminder asked for, ran since and was "
                f"rolled back to turn {back.to} ({_shown(back.at)})"
            )
        if turn > 1 and latest == turn - 1 and self._meta(game, turn - 1).get("reruns", 0) > reruns:
            return f"turn {turn - 1} was run again since (`wtg run-turn --rerun`)"
        return None

    def _answered(self, game: Game, turn: int, seat: int) -> str | None:
        """Whether the seat a reminder of turn ``turn`` went to has sent the orders it asks
        for since it was queued (the server down, or the send killed, when `wtg remind`
        queued it): every side of his that owes orders has them on file."""
        if self._latest_of(game) != turn - 1:
            return None
        status = self._status.get(game.store.root)
        if status is None:
            status = self._status[game.store.root] = game_status(game)
        if status["turn"] != turn:
            return None
        owing = [p for p in status["players"] if p["seat"] == seat and p["owes_orders"]]
        if owing and all(p["orders"] for p in owing):
            return f"player {seat} has sent the orders for turn {turn} since"
        return None

    def _rollbacks_of(self, game: Game) -> list[Rollback]:
        found = self._rollbacks.get(game.store.root)
        if found is None:
            found = self._rollbacks[game.store.root] = rollbacks(game.store)
        return found

    def _moved_since(
        self, game: Game, turn: int, gave: str | None, made: datetime | None
    ) -> str | None:
        """Whether the deadline of turn ``turn`` a reminder gave (``gave``: its id's
        ``-dN``; none, the one the turn set) is not the game's now: `wtg extend`, its undo
        or a release moved it since the reminder was queued, and the next `wtg remind`
        reminds of the new one under an id of its own (``moved_deadline``). One with no
        ``-dN`` made (``made``) after the move that set the deadline now was queued by a
        wtg before round 46, which gave no id of its own to a moved deadline: it gave this
        one (``moved_before``; hosts47: before, it was set aside as moved since)."""
        if self._latest_of(game) != turn - 1:
            return None
        try:
            now = game.deadline_stamp()
            moved = moved_deadline(game)
        except StoreError:
            return None
        if now is None:
            return None
        said = parse_iso(now).astimezone(timezone.utc).strftime("%Y%m%d%H%M%S")
        if (gave is None and moved is None) or gave == said:
            return None
        if gave is None and made is not None and moved_before(game, made):
            return None
        return f"turn {turn}{MOVED_SINCE}{moment_text(now)}"

    def _latest_of(self, game: Game) -> int | None:
        root = game.store.root
        if root not in self._latest:
            try:
                self._latest[root] = game.latest_turn()
            except StoreError:
                self._latest[root] = None
        return self._latest[root]

    def _meta(self, game: Game, turn: int) -> TurnMeta:
        key = (game.store.root, turn)
        found = self._metas.get(key)
        if found is None:
            found = self._metas[key] = game.meta(turn)
        return found

    def made_anew(self, game: Game, head: Message) -> str | None:
        """When ``game`` was made (its turn 0 ran), when that was after the mail of
        ``head`` was made (its Date): the mail was to a player of a game of the same name
        that is gone (its folder removed, a new game made under its name), never to be
        sent to this one's (a mail whose Date cannot be read too: it is not sent on a
        guess); None when it was not (or the game does not say when it was made)."""
        made = self._made.get(game.store.root)
        if made is None:
            made = self._made[game.store.root] = str(game.meta(0).get("ran_at") or "")
        began = _moment(made)
        if began is None:
            return None
        sent = _date(head)
        if sent is None or sent < began:
            return _shown(made)
        return None

    def since(self, game: Game, seat: int, head: Message) -> str | None:
        """When ``seat`` was taken over by a new player after the mail of ``head`` was made
        (its Date; a takeover's record in ``takeovers.json``), None when it was not: the
        mail was to his predecessor (a report, private press), never to be sent to him. A
        record that cannot be read counts as a takeover: a mail is not sent on a guess."""
        made = _date(head)
        entries, error = self._of(game)
        for entry in entries:
            if entry["seat"] != seat:
                continue
            at = _moment(str(entry["at"]))
            if made is None or at is None or at > made:
                return _shown(str(entry["at"]))
        return error

    def _of(self, game: Game) -> tuple[list[JsonObject], str | None]:
        """The game's takeovers, oldest first, up to a record that cannot be read (then why,
        on one line)."""
        found = self._read.get(game.store.root)
        if found is None:
            entries: list[JsonObject] = []
            error = None
            try:
                for turn in range(game.latest_turn() + 1):
                    entries.extend(taken_over(game.store, turn))
            except StoreError as problem:
                error = _shown(f"{problem}")
            found = self._read[game.store.root] = (entries, error)
        return found


def _after_made(earlier: list[Rollback], head: Message) -> list[Rollback]:
    """The rollbacks of ``earlier`` that may have undone the turn of a report mailed again
    whose id counts none (``-gN`` absent): those not recorded before the mail was made (its
    Date; one of the same second counts). This wtg counts in the id every rollback standing
    when it queues one, so a rollback before it is one an older wtg, which wrote no
    ``-gN``, did not count: it came before the mail, which shows the turn as it ran again
    (before, such a mail was set aside as undone)."""
    made = _date(head)
    if made is None:
        return earlier
    kept = []
    for back in earlier:
        at = _moment(back.at)
        if at is None or at >= made.replace(microsecond=0):
            kept.append(back)
    return kept


def _date(head: Message) -> datetime | None:
    """When the mail of ``head`` was made (its Date, with its offset), None when that
    cannot be read (no Date, no offset, a number past any clock's: a file put by hand)."""
    try:
        made = email.utils.parsedate_to_datetime(str(head.get("Date", "")))
    except (TypeError, ValueError, OverflowError):
        return None
    return made if made.tzinfo is not None else None


def _moment(text: str) -> datetime | None:
    """A moment of a game's files: a turn's ``ran_at`` as ``schedule.iso`` writes it (its
    ``Z``, which ``fromisoformat`` reads only from Python 3.11), or a takeover's ``at`` as
    ``datetime.isoformat`` does; None for a moment without its offset, or none at all."""
    with contextlib.suppress(ValueError):
        return parse_iso(text)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _address_now(entry: PlayerEntry) -> str:
    """The player's address in game.yaml now, bare; "" when it is not one address."""
    return _shown(bare_address(entry.email)) if one_address(entry.email) else ""


def _same_address(now: str, to: str) -> bool:
    """Whether game.yaml's address ``now`` is the one a mail went ``to``: alike once each
    domain is in IDNA (game.yaml writes ``δοκιμή@παράδειγμα.δοκιμή``, the mail's To the
    domain as SMTP carries it; before, `wtg outbox` said such a player's address "is now"
    the one it was, and a retry rewrote the mail's To for nothing)."""
    return now == to or ascii_domain(now).lower() == ascii_domain(to).lower()


def _sent_to_another(outbox: Outbox, games: Sequence[Game], name: str) -> str | None:
    """Why ``name``, sent already to a player's address that game.yaml has corrected since
    (a typo the GM mended by hand after the send), is not sent again, and how the player
    gets what it said: wtg sends a mail once, and the server took this one. None for any
    other mail (sent to the address on file, to no player, or not sent)."""
    sent = outbox.sent_dir / f"{name}.eml"
    try:
        head = parse_headers(sent.read_bytes()[:HEADERS_LOOK])
    except OSError:
        return None
    seat = seat_of(name, head, games)
    if seat is None:
        return None
    game, entry = seat
    to, now = _to(head), _address_now(entry)
    if not now or _same_address(now, to):
        return None
    report = re.fullmatch(rf"report-{re.escape(game.config.game)}-t(\d+)-p\d+(-.*)?", name)
    # a report's form carried his secret code to that address: whoever reads it there can
    # send his orders, until he has a new one (which the report printed then carries)
    player = ["--player", str(entry.id)]
    new_code = shell_command("wtg", "new-code", game.config.game, *player)
    turn = ["--turn", str(int(report[1]))] if report else []
    report_again = shell_command("wtg", "report", game.config.game, *player, *turn, "--mail")
    how = (
        f"his report carried his secret code there: `{new_code}` gives him a new one, mailed to "
        f"{now}; then `{report_again}` queues his report to {now} (the next `wtg send` mails it)"
        if report
        else f"it told his new code there: `{new_code}` gives him another, mailed to {now}"
        if name.startswith("code-")
        else f"tell him at {now} what it said"
    )
    return (
        f"mail {name} was sent already, to {to} (the server took it: {sent}), and game "
        f"{game.config.game} player {entry.id}'s address in game.yaml is {now} now: it went "
        f"to the address as it was, and wtg sends a mail once; {how} (his mail from now on "
        f"goes to {now})"
    )


def _not_set_aside(outbox: Outbox, name: str) -> str:
    """Why ``name``, in neither failed/ nor the queue, cannot be put back: it was sent, or
    it is no mail set aside (with the name of one it is close to)."""
    if (outbox.sent_dir / f"{name}.eml").is_file():
        return (
            f"mail {name} was sent already (the server took it: {outbox.sent_dir / name}.eml): "
            "nothing to put back"
        )
    close = close_names(name, failed_names(outbox.root.parent))
    meant = f": did you mean {either(close)}?" if close else ""
    return f"no mail {name} was set aside for good{meant} (`wtg outbox` lists them)"


def seat_of(name: str, head: Message, games: Sequence[Game]) -> tuple[Game, PlayerEntry] | None:
    """The game and the player the mail ``name`` is to, when its id names his seat and
    the seat is in a game of ``games``: the id read back from the name and checked against
    the digest of its Message-ID, the game the one its List-Id names (when it carries
    one); None for any other mail."""
    return _one_seat(_addressed(name, head, games)[1])


def _addressed(
    name: str, head: Message, games: Sequence[Game]
) -> tuple[str | None, list[tuple[Game, int]]]:
    """The id of the mail ``name`` (``_ident``), and each game of ``games`` whose seat it
    names, with the seat's number (``_seats``; none without an id)."""
    ident = _ident(name, head)
    return ident, _seats(ident, head, games) if ident is not None else []


def _one_seat(fits: Sequence[tuple[Game, int]]) -> tuple[Game, PlayerEntry] | None:
    """The game and the player of the one seat the id fits; None when it fits none, or
    two games and no List-Id tells which, or the seat is gone from game.yaml."""
    if len(fits) != 1:
        return None
    game, number = fits[0]
    try:
        return game, game.config.player(number)
    except ConfigError:  # the seat is gone from game.yaml
        return None


def _seats(ident: str, head: Message, games: Sequence[Game]) -> list[tuple[Game, int]]:
    """Each game of ``games`` (of the List-Id, when the mail carries one) whose seat the id
    ``ident`` names, with the seat's number. A notice's id holds its stamps before the
    game's name, and a rollback's stamp holds ``-``: without a List-Id (a mail made before
    mails carried one), ``hold-<stamp>-x-g-p03`` is game x-g's and game g's alike."""
    listed = _list_label(head)
    found = []
    for game in games:
        game_name = game.config.game
        if listed is not None and listed != label(game_name):
            continue
        seat = re.fullmatch(SEATED.format(game=re.escape(game_name)), ident)
        if seat is not None:
            found.append((game, int(next(n for n in seat.groups() if n))))
    return found


def _ident(name: str, head: Message) -> str | None:
    """The id the mail was queued under, read back from its outbox name, when the digest
    its Message-ID carries says it is that id (a name cut short, or an older outbox's,
    gives none)."""
    own = own_id(str(head.get("Message-ID", "")))
    if own is None or own[0] != name:
        return None
    stem = _SPARE.sub("", name)  # a spare name carries the id of its own name
    if "__" in stem:  # a name cut short (its id's hash): the id is not in it
        return None
    try:
        ident = _ESCAPED.sub(lambda m: bytes.fromhex(m[0].replace("_", "")).decode("utf-8"), stem)
    except (UnicodeDecodeError, ValueError):
        return None
    return ident if digest(ident) == own[1] else None


def _list_label(head: Message) -> str | None:
    """The label of the game's list the mail's List-Id names (``<label.domain>``), None
    when it carries none."""
    value = str(head.get("List-Id", ""))
    found = re.search(r"<([a-z0-9-]+)\.", value)
    return found[1] if found else None


def set_aside_since(spool: Path, since: float, until: float | None = None) -> list[Listed]:
    """The mails `wtg send` set aside for good from ``since`` to before ``until`` (its note
    in ``failed/`` written then; None: to now) and still there, oldest first: each with its
    address, subject and why (the digest's list; a `wtg serve` host has no cron to mail the
    send's lines). The digest's windows meet at a whole second: a mail set aside in the
    second a digest was made in, before it, is the next digest's, not listed by both."""
    found = []
    for path in _mails(spool / "outbox" / "failed"):
        try:
            when = (path.parent / f"{path.stem}.json").stat().st_mtime
        except OSError:
            continue  # put back meanwhile, or a mail set aside before notes were
        inside = since <= when and (until is None or when < until)
        head = _head(path) if inside else None
        if head is None:
            continue
        error = _shown(failed_note(spool, path.stem).get("error", ""))
        found.append(
            (when, Listed(name=path.stem, to=_to(head), subject=_subject(head), error=error))
        )
    return [listed for _, listed in sorted(found, key=lambda item: (item[0], item[1].name))]


def _mails(folder: Path) -> list[Path]:
    try:
        return sorted(path for path in folder.glob("*.eml") if NAME.fullmatch(path.stem))
    except OSError:  # not there (no mail was ever queued), or not ours to read
        return []


def _head(path: Path) -> Message | None:
    try:
        with open(path, "rb") as handle:
            return parse_headers(handle.read(HEADERS_LOOK))
    except OSError:
        return None


def _state(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _number(value: object) -> int:
    return int(value) if isinstance(value, (int, float)) else 0


def _to(head: Message) -> str:
    """The address a mail goes to, bare and lower-cased ("" when it has none), an encoded
    word in it read (``_decoded``), one written in UTF-8 too (``header_text``: a mail to an
    own part not in ASCII, which the digest listed as ``������@...``)."""
    return _shown(bare_address(_decoded(" ".join(header_text(head, "To").split()))))


def _decoded(value: str) -> str:
    """A To whose address holds an encoded word, as compose writes an internationalised
    domain (``bob@=?utf-8?q?b=C3=BCcher?=.example``), as its reader and the send's server
    read it (``bob@bücher.example``), the address alone: game.yaml's is compared with it. Any
    other To as it is (attack43: before, a mail to a seat at such an address put back
    from an older copy was not known as one, and went to it)."""
    if "=?" not in value:
        return value
    try:  # the stdlib's parser raises more than HeaderParseError on broken input
        found = email.policy.default.header_factory("To", value).addresses
    except (email.errors.HeaderParseError, AttributeError, IndexError, TypeError, ValueError):
        return value
    if len(found) != 1 or not (found[0].username and found[0].domain):
        return value
    return str(found[0].addr_spec)


def _subject(head: Message) -> str:
    """A mail's subject as its reader sees it (encoded words decoded), on one line."""
    subject = str(head.get("Subject", ""))
    with contextlib.suppress(LookupError, ValueError, email.errors.HeaderParseError):
        subject = str(email.header.make_header(email.header.decode_header(subject)))
    return _shown(subject)


def _shown(text: str) -> str:
    """Text from a mail or a server, safe for the GM's terminal, on one line."""
    return " ".join(printable(text).split())


def gave_deadline_now(game: Game, path: Path) -> bool:
    """Whether the reminder at ``path``, its id with no ``-dN``, gave the game's deadline
    now though a move set it: queued after the move by a wtg before round 46
    (``moved_before``)."""
    head = _head(path)
    made = None if head is None else _date(head)
    return made is not None and moved_before(game, made)


def set_aside_as_moved(spool: Path, name: str) -> bool:
    """Whether the mail ``name`` of the outbox of ``spool`` was set aside for good because
    the deadline it gave was moved since (``MOVED_SINCE``): a reminder never sent."""
    return MOVED_SINCE in failed_note(spool, name).get("error", "")
