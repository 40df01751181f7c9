"""Who is to be told that a rollback was undone (`wtg rollback GAME --undo`).

A player who never had word of the rollback (its notice to him taken out of the queue,
never mailed) is told nothing of its undo when nothing changed for him: the reports of the
turns put back go to him as they would have (each mailed already, waiting in the queue, or
to be queued by the next `wtg send`), the coming turn's deadline is the one they say, and
nothing he sent since the rollback was set aside. Any of those not so, he gets the undo's
notice, which carries his report of the latest turn and says what went aside. Reports of
the turns put back that a send set aside for good while the rollback stood (``NO_MORE``:
their turn was no more) are put back in the queue: their turn counts again, as it ran.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence
from pathlib import Path

from wtg.core.ruleset import SeatId
from wtg.files.store import ARCHIVE, RECEIVED, UNDONE, order_files, parsed_meta, turn_name
from wtg.game.engine import Game
from wtg.game.orderfiles import read_order_file
from wtg.game.press import FOLDER as PRESS_FOLDER
from wtg.game.press import press_in
from wtg.gm.rollback import Rollback, put_back_given, rollbacks
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.failedmail import NO_MORE, RESENT
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journal import mailing_mark

_HEX12 = re.compile(r"[0-9a-f]{12}")
"""The digest a report mailed again's id carries after ``RESENT``."""


def report_ident(game: Game, turn: int, seat: int, mark: str) -> str:
    """The outbox id of the seat's report of ``turn`` as `wtg send` names it now: ``-gN``
    for the N rollbacks standing that voided the turn, ``-rN`` for its reruns, the mark of
    the game's name taken again last."""
    again = sum(1 for r in rollbacks(game.store) if r.finished and r.to < turn)
    reruns = game.meta(turn).get("reruns", 0)
    return report_name(game.config.game, turn, seat, again, reruns, mark)


def report_name(name: str, turn: int, seat: int, again: int, reruns: int, mark: str) -> str:
    """The outbox id of a report: the game ``name``'s turn ``turn`` to ``seat``, ``-gN``
    for the ``again`` rollbacks that voided the turn (a turn run again), ``-rN`` for its
    ``reruns``, and the ``mark`` of the name taken again."""
    ident = f"report-{name}-t{turn:04d}-p{seat:02d}"
    ident += f"-g{again}" if again else ""
    ident += f"-r{reruns}" if reruns else ""
    return ident + mark


def put_back_reports(outbox: Outbox, names: Collection[str]) -> int:
    """The mails ``names`` (``set_aside_while_stood``'s: reports and press a send set aside
    for good while a rollback stood, their turn no more, ``NO_MORE``) back in the queue;
    how many. Under the send's lock (the caller's)."""
    for name in names:
        outbox.put_back(name)
    return len(names)


def set_aside_while_stood(
    outbox: Outbox,
    game: Game,
    rollback: Rollback,
    mark: str,
    turns: range,
    seats: Collection[int] | None = None,
) -> list[str]:
    """The outbox names of the reports (and press) of ``turns``, of those ``rollback`` took
    back and its undo put back, that a send set aside for good while it stood (their turn
    was no more, ``NO_MORE``), of every seat or of ``seats``: those ``put_back_reports``
    puts back. Read only (without the send's lock, what a send running sets aside meanwhile
    is not among them)."""
    names = []
    for turn in turns:
        for entry in game.config.players:
            if seats is not None and entry.id not in seats:
                continue
            report = report_ident(game, turn, entry.id, mark)
            press = "press-" + report.removeprefix("report-")
            for ident in (report, press, *_resent(outbox, game, report, turn, entry.id, mark)):
                name = _set_aside_by(outbox, game, rollback, ident, turn)
                if name is not None:
                    names.append(name)
    return names


def put_back_owed(outbox: Outbox, spool: Path, games: Collection[Game]) -> int:
    """What an undo given while a send held the queue left to the next send
    (``rollback.PUT_BACK_OWED``): the reports and press of the turns it put back, but the
    latest (every player was told with his report of it), that a send set aside while the
    rollback stood, back in the queue, but those of the turns a rollback made since took
    back again (``_standing_until``); how many. Under the send's lock (the caller's); the
    mark removed after, so a send killed between puts back what is left the next time."""
    back = 0
    for game in games:
        try:
            every = rollbacks(game.store, undone=True)
        except Exception:  # a game folder is the GM's data: left to the commands that name it
            continue
        for index, rollback in enumerate(every):
            if not (rollback.put_back_owed and rollback.undone and rollback.undo_finished):
                continue
            mark = mailing_mark(spool, game.config.game, game.latest_turn())
            turns = range(rollback.to + 1, _standing_until(rollback, every[index + 1 :]))
            names = set_aside_while_stood(outbox, game, rollback, mark, turns)
            back += put_back_reports(outbox, names)
            put_back_given(game.store, rollback)
    return back


def _standing_until(rollback: Rollback, later: Sequence[Rollback]) -> int:
    """The turn (``rollback.latest`` at most) before which the turns ``rollback``'s undo put
    back still count: a rollback made after it (``later``) that stands took back those
    after its ``to`` again, and the mail a send set aside of them is of a turn that is no
    more once more (that rollback's own undo puts it back)."""
    return min([rollback.latest, *(r.to + 1 for r in later if r.undone is None)])


def _resent(outbox: Outbox, game: Game, report: str, turn: int, seat: int, mark: str) -> set[str]:
    """The ids of the seat's reports of ``turn`` mailed again (`wtg report --mail`,
    ``RESENT``) that lie among the mails set aside: their id ends as ``report``'s does (the
    turn's report as `wtg send` names it now), or as an older wtg ended it (no ``-gN``, no
    ``-rN``). Before, the undo left them there, and `wtg outbox --retry` alone put them
    back."""
    tails = {
        report.removeprefix("report-"),
        report_name(game.config.game, turn, seat, 0, 0, mark).removeprefix("report-"),
    }
    found = set()
    for path in outbox.failed_dir.glob(f"{RESENT}*.eml"):
        key = path.stem.removeprefix(RESENT)[:12]
        for tail in tails:
            ident = f"{RESENT}{key}-{tail}"
            if _HEX12.fullmatch(key) and path.stem == compose.safe(ident):
                found.add(ident)
    return found


def _set_aside_by(
    outbox: Outbox, game: Game, rollback: Rollback, ident: str, turn: int
) -> str | None:
    """The name of the mail ``ident`` (of turn ``turn``) when a send set it aside for good
    because ``rollback`` took its turn back; None otherwise (not set aside, or for another
    reason: a server's refusal stands)."""
    place = outbox.lies(ident)
    if place is None or place[0] != "failed":
        return None
    try:
        note = json.loads((outbox.failed_dir / f"{place[1]}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    error = str(note.get("error", "")) if isinstance(note, dict) else ""
    why = f"game {game.config.game}'s turn {turn} was rolled back to turn {rollback.to} since"
    return place[1] if error.startswith(why) and error.endswith(NO_MORE) else None


def heard_of(outbox: Outbox, game: Game, rollback: Rollback, mark: str) -> set[int]:
    """The seats whose notice of ``rollback`` was mailed (``Notices.rolled_back``'s id)."""
    name = game.config.game
    heard = set()
    for entry in game.config.players:
        place = outbox.lies(f"rollback-{rollback.ident}-{name}-p{entry.id:02d}{mark}")
        if place is not None and place[0] == "sent":
            heard.add(entry.id)
    return heard


def needing_nothing(
    outbox: Outbox,
    game: Game,
    rollback: Rollback,
    heard: Collection[int],
    mailed_turn: int,
    mark: str,
) -> set[int]:
    """The seats of the game that need no notice of ``rollback``'s undo (the module's
    rule): not among ``heard``, whose reports of the turns put back each lie in the queue
    or were sent, or are of a turn after ``mailed_turn`` (the mail journal's: the next
    send queues them) or were set aside while the rollback stood (``put_back_reports``
    then puts them back); none when the undo moved the deadline (a game not over). Read
    only."""
    over = game.ruleset.is_over(game.state())
    if not (over or rollback.undo_kept_deadline):
        return set()
    aside = game.store.root / ARCHIVE / rollback.ident / UNDONE / turn_name(rollback.to + 1)
    ran_with = game.store.turn_dir(rollback.to + 1) / RECEIVED
    sent_aside = _sent_since(aside, ran_with) | {
        piece.side for piece in press_in(aside / PRESS_FOLDER)
    }
    state = game.state()
    quiet = set()
    for entry in game.config.players:
        sides = set(game.ruleset.sides_of(state, SeatId(entry.id)))
        wrote = bool(sides & sent_aside) if sides else entry.id in sent_aside
        if entry.id in heard or wrote:
            continue
        turns = range(rollback.to + 1, rollback.latest + 1)
        if all(_coming(outbox, game, rollback, t, entry.id, mark, t > mailed_turn) for t in turns):
            quiet.add(entry.id)
    return quiet


def _sent_since(aside: Path, ran_with: Path) -> set[int]:
    """The sides whose orders the undo set aside (``aside``) are not those the turn ran
    with (``ran_with``, its ``received/``), which the rollback made pending again (READY
    taken off, the submission's ``order_key`` kept): orders sent since the rollback. Where
    either's key is not known (no parsed copy, or one that is not its order file's: a
    filing killed between the two), the orders themselves, READY aside, are compared."""
    return {side for side, path in order_files(aside).items() if _sent(path, ran_with / path.name)}


def _sent(aside: Path, ran_with: Path) -> bool:
    """Whether the orders ``aside`` are not the submission ``ran_with``."""
    mine, theirs = _order_key(aside), _order_key(ran_with)
    if mine is not None and theirs is not None:
        return mine != theirs
    return _orders(aside) is None or _orders(aside) != _orders(ran_with)


def _order_key(path: Path) -> str | None:
    """The ``order_key`` an order file's parsed copy keeps (which submission it is), while
    the copy is that file's (``wtg.files.store.parsed_meta``)."""
    data = parsed_meta(str(path).removesuffix("yaml"))
    key = data.get("order_key") if data is not None else None
    return key if isinstance(key, str) else None


def _orders(path: Path) -> dict[str, object] | None:
    """An order file's orders, READY aside; None when it cannot be read."""
    try:
        _text, data = read_order_file(path)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    return {name: value for name, value in data.items() if name != "ready"}


def _coming(
    outbox: Outbox, game: Game, rollback: Rollback, turn: int, seat: int, mark: str, due: bool
) -> bool:
    """Whether the seat's report of ``turn`` reaches its player: sent, in the queue, set
    aside while the rollback stood (``put_back_reports`` puts it back), or never queued
    and to be queued by the next send (``due``)."""
    ident = report_ident(game, turn, seat, mark)
    place = outbox.lies(ident)
    if place is None:
        return due
    return place[0] in ("queue", "sent") or bool(_set_aside_by(outbox, game, rollback, ident, turn))
