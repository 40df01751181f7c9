"""What the GM's controls tell the players: a game held or going on, a deadline moved, a
rollback, the GM's announcements. Every notice is queued in the outbox (``wtg send`` mails
it), one a player, once: its outbox id names the event, so a command given again after
it was cut short queues nothing twice.

A notice goes to every player still in the game: not to one who has QUIT (who asked to
hear no more of it), nor to a robot. A player who lost everything still gets his reports,
and so the notices.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Collection, Sequence
from datetime import datetime, timezone
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from wtg.core.record import Record
from wtg.core.ruleset import QUIT_STATUS, SeatId, public_sides
from wtg.files.diskflush import flush
from wtg.files.store import ARCHIVE, UNDONE, turn_name
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.hold import Hold
from wtg.game.namelinks import shown_name
from wtg.game.press import FOLDER as PRESS_FOLDER
from wtg.game.press import press_for, press_in
from wtg.game.schedule import local_text, parse_iso
from wtg.game.takeovers import QUITTER_NAME, code_digest, parted_in
from wtg.gm.extension import Extension, undone_move, unfinished
from wtg.gm.gamestatus import owed_notices
from wtg.gm.newcode import NewCode
from wtg.gm.nextdeadline import latest_turn_meta
from wtg.gm.rollback import (
    Rollback,
    press_taken_back,
    quits_in,
    quits_taken_back,
    rollbacks,
    takeovers_put_back,
)
from wtg.host.announcement import (
    Announcement,
    kept_intent,
    mark_withdrawing,
    withdrawing,
    withdrawn,
)
from wtg.lobby.lists import Waiting, WaitingList
from wtg.lobby.listwords import told
from wtg.mail.message.extract import HEADERS_LOOK, parse_headers
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journal import mail_marks, mailing_mark
from wtg.text.addresses import bare_address
from wtg.text.shellcommand import shell_command


def players_in(game: Game, turn: int | None = None) -> list[PlayerEntry]:
    """The game's GM seats still in it after turn ``turn`` (the latest by default): each
    with a side that has not QUIT (a Duel player's three colours count as one seat)."""
    state = game.state(turn)
    status = {side.id: side.status for side in public_sides(game.ruleset.public_json(state))}
    found = []
    for entry in game.config.players:
        sides = game.ruleset.sides_of(state, SeatId(entry.id))
        if not sides or any(status.get(side) != QUIT_STATUS for side in sides):
            found.append(entry)
    return found


def hearing(game: Game) -> list[PlayerEntry]:
    """Who hears the GM's announcement to ``game``: the players still in it
    (``players_in``) while it goes on; once it is over, every player of it, quit or not:
    an announcement then is of the game's end (its results, the next game), and a QUIT
    asked to hear no more of a game going on (every player was mailed its last report)."""
    if game.ruleset.is_over(game.state()):
        return list(game.config.players)
    return players_in(game)


def rollback_untold(spool: Path, game: Game) -> str | None:
    """`wtg status`'s line for the game's last rollback when a player of it was not told
    of it (``Notices.rolled_back``: no notice of it to his seat queued, sent or set aside),
    or of its undo (``Notices.rollback_undone``, while the game is at the turn put back),
    while the game is still at the turn it went back to: the command was killed after the
    rollback and before its last notice (before any, or between two), or while it finished,
    and the next command that took the game's lock finished it. None otherwise. Read
    only."""
    every = rollbacks(game.store, undone=True)
    undo = bool(every) and every[-1].undone is not None
    done = every if undo else rollbacks(game.store)
    if not done or not done[-1].finished:
        return None
    last = done[-1]
    if game.latest_turn() != (last.latest if undo else last.to):
        return None
    if undo and last.undo_told:  # every notice it owed queued: to some players, none
        return None
    name = game.config.game
    mark = mail_marks(spool).get(name, "")
    key = f"unrollback-{last.ident}" if undo else f"rollback-{last.ident}"
    idents = [
        f"{key}-{name}-p{entry.id:02d}{mark}"
        for entry in players_in(game, last.latest if undo else last.to)
    ]
    lies_in = in_outbox(spool)
    untold = [ident for ident in idents if not lies_in(ident)]
    if not untold:
        return None
    # killed between its notices, some queued: the others' players were told nothing, of
    # the rollback nor of the deadline it set (a move of it not told is marked told by it)
    who = "any player" if len(untold) == len(idents) else "every player"
    if undo:
        return (
            f"the undo of the rollback to turn {last.to} (archive/{last.ident}) was cut short "
            f"before {who} was told: give `{shell_command('wtg', 'rollback', name, '--undo')}` "
            "again (it queues them)"
        )
    return (
        f"the rollback to turn {last.to} (archive/{last.ident}) was cut short before {who} was "
        f"told: give `{shell_command('wtg', 'rollback', name, '--to', str(last.to))}` again (it "
        "queues them)"
    )


def in_outbox(spool: Path) -> Callable[[str], bool]:
    """Whether the mail of an id lies in the outbox of ``spool`` (queued, mailed or set
    aside), under its own name, a spare one (``Outbox.free_name``: its own held another
    id's mail) or an older outbox's name, told by the id its Message-ID carries: a mail
    of another id under its name is not it. Read only: no folder made (a status run by
    root made a root's outbox/pictures/ the GM's sends could not write in), a folder
    missing holds none."""
    return Outbox(spool, make=False).known


def owed_lines(spool: Path, game: Game, *, held_back: bool = True) -> list[str]:
    """What GM commands cut short owe the game's players, a line each named by the game, as
    `wtg status` says them: ``owed_notices`` (``held_back=False``: less what `wtg send`
    holds reports back for, which the send says itself) and a rollback a player was not
    told of (``rollback_untold``). Read only."""
    name = game.config.game
    lines = owed_notices(game, held_back=held_back, told=partial(notice_told, spool, game))
    untold = rollback_untold(spool, game)
    return [f"game {name}: {line}" for line in (*lines, *([untold] if untold else []))]


def addressees(games: Sequence[Game]) -> dict[str, tuple[PlayerEntry, list[str]]]:
    """The players of ``games`` by address (bare): each with his entry (the first) and the
    games he plays in. Of a game that is over, every player, quit or not (``hearing``)."""
    by_address: dict[str, tuple[PlayerEntry, list[str]]] = {}
    for game in games:
        for entry in hearing(game):
            kept = by_address.setdefault(bare_address(entry.email), (entry, []))
            kept[1].append(game.config.game)
    return by_address


class LastRelease(Record):
    """The last release of a game whose notices went to the outbox (``last_release``):
    since when it had been held, when it was released, and how many of its notices wait in
    the queue and were set aside for good (the others were sent)."""

    since: datetime
    at: datetime
    waiting: int
    set_aside: int


class Notices:
    """Queues notices in the outbox of a spool, as mail from ``sender``."""

    def __init__(self, spool: Path, sender: str, now: datetime) -> None:
        self.spool = spool
        self.sender = sender
        self.now = now
        self._marks: dict[str, str] = {}

    @cached_property
    def outbox(self) -> Outbox:
        """The spool's outbox, its folders made when a notice first needs it: a command
        that may have nothing to tell (`run-turn --due` with no list full) writes nothing,
        and works in a games folder it may only read."""
        return Outbox(self.spool)

    def held(self, game: Game, hold: Hold) -> int:
        return self._each(game, hold_key(hold), "the game is on hold", "hold", reason=hold.reason)

    def withdraw_hold(self, game: Game, hold: Hold) -> tuple[int, int, int]:
        """The hold's notices taken back (`wtg hold GAME --undo`), under the send's lock
        (the caller's): none when one of them was mailed. Returns how many were taken out
        of the queue (or of the mails set aside), how many were mailed, and to how many
        players the hold went."""
        return self._withdraw(game, hold_key(hold))

    def released(self, game: Game, hold: Hold) -> int:
        """The hold lifted, told to the players told of the hold (``release_to``). The
        outbox id names the hold and the moment of its release: queued again to finish a
        release cut short, it is the same mail."""
        deadline = game.deadline()
        return self._each(
            game,
            release_key(hold),
            "the game goes on",
            "release",
            to=release_to(self.spool, game, hold),
            turn=game.latest_turn() + 1,
            deadline=self._local(game, deadline),
            passed=bool(deadline and deadline <= self.now),
        )

    def release_unheard(self, game: Game, hold: Hold) -> int:
        """How many players of ``game`` are not told of the release of ``hold``: never
        told of the hold (``release_to``). Read only."""
        return len(players_in(game)) - len(release_to(self.spool, game, hold))

    def new_code(self, game: Game, entry: PlayerEntry) -> str:
        """The player of ``entry`` told his new code (`wtg new-code`), at his address now.
        The outbox id names the code (a digest of it): queued again to finish a new code
        cut short, it is the same mail. What became of it: ``refused``, his address is none
        a mail can go to (the next `wtg send` sets it aside as failed); else ``queued``, or
        ``before``: queued (or mailed) by the command cut short after it, none queued now."""
        name = game.config.game
        body = compose.render(
            "new_code", name=entry.name, game=name, seat=entry.id, code=entry.code
        )
        ident = _code_ident(game, entry.id, entry.code, self._mark(game))
        msg = self._message(ident, entry.email, f"[{name}] your new secret code", body, name)
        added = self.outbox.add(ident, msg, durable=False)
        flush(self.outbox.root)
        if msg.refused:
            return "refused"
        return "queued" if added else "before"

    def withdraw_extension(self, game: Game, extension: Extension) -> tuple[int, int]:
        """The notices of a move of the deadline taken back (`wtg extend GAME --undo`
        before `wtg send` mailed them), under the send's lock (the caller's): none when one
        of them was mailed. Returns how many were taken out of the queue (or of the mails
        set aside) and how many were mailed."""
        taken, went, _players = self._withdraw(game, _extend_key(extension))
        return taken, went

    def extension_waiting(self, game: Game, extension: Extension) -> bool:
        """Whether the notices of the move ``extension`` wait in the queue, none mailed
        (`wtg send` has not run since it): a move given twice. Read only."""
        return self._waiting(game, _extend_key(extension))

    def hold_waiting(self, game: Game, hold: Hold) -> bool:
        """Whether the notices of ``hold`` wait in the queue, none mailed (`wtg send` has
        not run since it): `wtg hold GAME --undo` takes it back unseen. Read only."""
        return self._waiting(game, hold_key(hold))

    def last_release(self, game: Game) -> LastRelease | None:
        """The last release of ``game`` whose notices went to the outbox: the hold's start,
        the release's moment, and where its notices are now; None when none went there.
        Read only: `wtg release` given again names it, where it said only that the game is
        not held."""
        mark = re.escape(mail_marks(self.spool).get(game.config.game, ""))
        named = re.compile(
            rf"release-([0-9]{{14}})-at([0-9]{{14}})-{re.escape(game.config.game)}"
            rf"-p[0-9]+{mark}\.eml"
        )
        found: list[tuple[str, str, str]] = []
        for folder in (self.outbox.queue_dir, self.outbox.sent_dir, self.outbox.failed_dir):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            found += [(m[1], m[2], folder.name) for m in map(named.fullmatch, names) if m]
        if not found:
            return None
        last = max(at for _, at, _ in found)
        since = next(since for since, at, _ in found if at == last)
        where = [folder for _, at, folder in found if at == last]
        return LastRelease(
            since=_moment_of(since),
            at=_moment_of(last),
            waiting=where.count(self.outbox.queue_dir.name),
            set_aside=where.count(self.outbox.failed_dir.name),
        )

    def _waiting(self, game: Game, key: str) -> bool:
        """Whether the notices to the players of ``game`` whose ids begin with ``key``
        wait in the queue, none of them mailed or set aside. Read only."""
        name = game.config.game
        mark = mail_marks(self.spool).get(name, "")
        places = [
            self.outbox.lies(f"{key}-{name}-p{entry.id:02d}{mark}") for entry in players_in(game)
        ]
        waiting = [place for place in places if place is not None]
        return bool(waiting) and all(place[0] == "queue" for place in waiting)

    def _withdraw(self, game: Game, key: str) -> tuple[int, int, int]:
        """The notices to each player of ``game`` whose ids begin with ``key`` (``_one``)
        taken out of the queue (or of the mails set aside), none when one of them was
        mailed: how many were taken, how many were mailed, and to how many players."""
        name = game.config.game
        idents = [f"{key}-{name}-p{entry.id:02d}{self._mark(game)}" for entry in players_in(game)]
        lying = [self.outbox.lies(ident) for ident in idents]
        went = sum(1 for place in lying if place is not None and place[0] == "sent")
        if went:
            return 0, went, len(idents)
        taken = sum(self.outbox.withdraw(place[1]) for place in lying if place is not None)
        return taken, 0, len(idents)

    def extended(self, game: Game, extension: Extension) -> int:
        """The deadline moved. The outbox id names the turn, the new deadline and the
        moment of the move: queued again to finish a move cut short, it is the same mail;
        a later move (even to the same deadline, after a rollback) is a new one."""
        return self._each(
            game,
            _extend_key(extension),
            f"the deadline of turn {extension.turn} has moved",
            "extend",
            turn=extension.turn,
            old=self._local(game, extension.old),
            new=self._local(game, extension.new),
            held=game.held() is not None,
        )

    def rolled_back(self, game: Game, rollback: Rollback) -> int:
        """Each player of the game as it is now, with his report of the turn it is back at
        (the next AOF in it) and whether his orders for the coming turn stand."""
        state = game.state(rollback.to)
        gone = {
            s.id for s in public_sides(game.ruleset.public_json(state)) if s.status == QUIT_STATUS
        }
        standing = quits_in(game.store.pending_dir(rollback.to + 1))  # pending again: it stands
        lost = quits_taken_back(game.store, rollback) - gone - standing
        unprinted = press_taken_back(game.store, rollback)
        put_back = takeovers_put_back(game.store, rollback)
        queued = 0
        for entry in players_in(game, rollback.to):
            sides = set(game.ruleset.sides_of(state, SeatId(entry.id)))
            # an alliance with a quitter whose seat it took over again ends at its turn
            parted = [
                {  # others' names, as the others read them (``shown_name``)
                    "seat": taken["seat"],
                    "name": _shown(taken["name"]),
                    "quitter": _shown(taken.get(QUITTER_NAME)),
                    "sides": game.ruleset.sides_of(state, SeatId(int(str(taken["seat"])))),
                }
                for taken in put_back
                if entry.id in parted_in(taken)
            ]
            queued += self._one(
                game,
                entry,
                f"rollback-{rollback.ident}",
                f"the game is back at turn {rollback.to}",
                "rollback",
                to=rollback.to,
                latest=rollback.latest,
                restored=bool(sides & set(rollback.restored)),
                quit_lost=bool(sides & lost),
                press_lost=bool(sides & unprinted) if sides else entry.id in unprinted,
                parted=parted,
                deadline=self._local(game, rollback.deadline),
                held=game.held() is not None,
                report=game.report(entry.id, rollback.to),
            )
        flush(self.outbox.root)
        return queued

    def withdraw_rolled_back(self, game: Game, rollback: Rollback) -> int:
        """The notices of ``rollback`` (``rolled_back``) not yet mailed taken out of the
        queue (or of the mails set aside), under the send's lock (the caller's), once it is
        undone: mailed beside the undo's, in no sure order, one read last said the game was
        back at the turn it is no more. Those mailed stand. Returns how many were taken."""
        return sum(self.outbox.withdraw(name) for name in self._rolled_back_unsent(game, rollback))

    def ask_withdraw_rolled_back(self, game: Game, rollback: Rollback) -> int:
        """The notices of ``rollback`` not yet mailed asked out of the queue of the `wtg
        send` running (``Outbox.ask_withdraw``): it takes them out before it would mail them
        (those it mailed already stand). Returns how many were asked."""
        unsent = self._rolled_back_unsent(game, rollback)
        for name in unsent:
            self.outbox.ask_withdraw(name)
        return len(unsent)

    def _rolled_back_unsent(self, game: Game, rollback: Rollback) -> list[str]:
        """The outbox names of the notices of ``rollback`` queued or set aside, not mailed."""
        unsent, key = [], f"rollback-{rollback.ident}-{game.config.game}"
        for entry in game.config.players:
            ident = f"{key}-p{entry.id:02d}{self._mark(game)}"
            place = self.outbox.lies(ident)
            if place is not None and place[0] != "sent":
                unsent.append(place[1])
        return unsent

    def rollback_undone(
        self,
        game: Game,
        rollback: Rollback,
        quiet: Collection[int] = (),
        heard: Collection[int] | None = None,
    ) -> int:
        """Each player of the game as it is again, with his report of its latest turn (the
        next AOF in it) and whether his orders for the coming turn are on file; not the
        seats ``quiet``, who never had word of the rollback and need none of its undo
        (``wtg.mail.outgoing.undotold``). ``heard``: the seats whose notice of the rollback
        was mailed (None: not known, as while a send runs); a seat told of the undo for
        another reason (his orders sent since set aside) who is not among them is told
        first that the game was rolled back, which he never heard. The outbox id names the
        rollback: queued again to finish an undo cut short, it is the same mail."""
        latest = game.latest_turn()
        state = game.state(latest)
        on_file = set(game.store.pending_orders(latest + 1))
        aside = game.store.root / ARCHIVE / rollback.ident / UNDONE / turn_name(rollback.to + 1)
        wrote = {piece.side for piece in press_in(aside / PRESS_FOLDER)}
        gone = {
            s.id for s in public_sides(game.ruleset.public_json(state)) if s.status == QUIT_STATUS
        }
        stands = quits_in(game.store.pending_dir(latest + 1)) - gone  # a RESIGN put back
        left = quits_in(aside) - gone - stands  # one sent since: its turn stands without it
        back = {piece.side for piece in press_for(game.store, latest + 1)}  # put back with it
        queued = 0
        for entry in players_in(game, latest):
            if entry.id in quiet:
                continue
            sides = set(game.ruleset.sides_of(state, SeatId(entry.id)))
            queued += self._one(
                game,
                entry,
                f"unrollback-{rollback.ident}",
                f"the rollback is undone: the game is at turn {latest} again",
                "rollback_undone",
                to=rollback.to,
                latest=latest,
                heard=heard is None or entry.id in heard,
                on_file=bool(sides & on_file),
                press_aside=bool(sides & wrote) if sides else entry.id in wrote,
                quit_aside=bool(sides & left),
                press_back=bool(sides & back) if sides else entry.id in back,
                quit_back=bool(sides & stands),
                deadline=self._local(game, rollback.undone_deadline),
                held=game.held() is not None,
                over=game.ruleset.is_over(state),
                report=game.report(entry.id, latest),
            )
        flush(self.outbox.root)
        return queued

    def announce(self, games: Sequence[Game], announcement: Announcement) -> int:
        """The GM's announcement to the players of ``games``: one mail an address, naming
        the games it plays in. The outbox id names the announcement's key and the address:
        queued again to finish an announcement cut short, it is the same mail. A mail about
        one game (its list) ends with the mark of its name taken again, as its notices do
        (``_mark``): `wtg send` sets it aside once a new game has taken the name."""
        key, text = announcement.key, announcement.text
        by_name = {game.config.game: game for game in games}
        queued = 0
        for address, (entry, names) in sorted(addressees(games).items()):
            ident = f"announce-{key}-{hashlib.sha256(address.encode()).hexdigest()[:12]}"
            subject = (
                f"[{names[0]}] a message from the GM"
                if len(names) == 1
                else ("a message from the GM")
            )
            body = compose.render("announce", name=entry.name, games=names, text=text)
            game = names[0] if len(names) == 1 else None  # to several games: no one's list
            ident += self._mark(by_name[game]) if game is not None else ""
            queued += self._queue(ident, entry.email, subject, body, game)
        flush(self.outbox.root)
        return queued

    def waiting_announcement(self, key: str) -> int:
        """How many mails of the announcement ``key`` wait in the outbox's queue."""
        return sum(
            1
            for path in self.outbox.queue_dir.glob(f"announce-{key}-*.eml")
            if _ANNOUNCED.fullmatch(path.stem)
        )

    def list_closed(
        self,
        list_name: str,
        closed: str,
        title: str,
        player: tuple[int, str, str],
        open_now: Sequence[tuple[str, str]],
    ) -> bool:
        """A player who waited on the list ``list_name``, which the GM closed at ``closed``,
        told so, and which lists are open (``open_now``: name and title each). ``player``:
        his number in the lobby's book, his name and his address. The outbox id names the
        list, the moment it closed and the player: queued again to finish a close-list cut
        short, it is the same mail. Flushed by the caller (``flush_outbox``). Whether the
        mail can go: False when his address is none a mail can go to (``compose`` refused it:
        the next `wtg send` sets it aside in the outbox's failed folder)."""
        person, name, address = player
        ident = f"closed-{list_name}-{_stamp(closed)}-p{person}"
        body = compose.render(
            "list_closed", name=name, list=list_name, title=title, lists=list(open_now)
        )
        msg = self._message(ident, address, f"waiting list {list_name} closed", body, None)
        self.outbox.add(ident, msg, durable=False)
        return not msg.refused

    def taken_off(self, wl: WaitingList, player: Waiting, reason: str) -> bool:
        """A player taken off the list ``wl`` when its game was made, who cannot play it
        (``wtg.lobby.start.TakenOff``): told why (``reason``, with what he can do) and that
        he waits on it no more. The outbox id names the list, the player and the moment he
        joined it: a start cut short before it took him off queues the same mail again,
        and a later JOIN of his, taken off again, is told anew. On disk when it returns.
        Whether the mail can go: False when his address is none a mail can go to (``compose``
        refused it: the next `wtg send` sets it aside in the outbox's failed folder)."""
        ident = _taken_off_ident(wl, player)
        body = compose.render(
            "taken_off", name=player.name, list=wl.name, title=told(wl), reason=reason
        )
        subject = f"waiting list {wl.name}: your JOIN was taken back"
        msg = self._message(ident, player.address, subject, body, None)
        self.outbox.add(ident, msg, durable=False)
        flush(self.outbox.root)
        return not msg.refused

    def taken_off_told(self, wl: WaitingList, player: Waiting) -> bool:
        """Whether the mail ``taken_off`` makes for this place of the player's on ``wl`` is
        in the outbox: queued, mailed or set aside (``wtg.lobby.start.ToldBefore``)."""
        return self.outbox.lies(_taken_off_ident(wl, player)) is not None

    def flush_outbox(self) -> None:
        """The mails queued so far on disk to stay (before the book forgets who is owed one)."""
        flush(self.outbox.root)

    # --- the mail ---------------------------------------------------------------------
    def _each(
        self,
        game: Game,
        key: str,
        subject: str,
        template: str,
        to: Sequence[PlayerEntry] | None = None,
        **context: Any,
    ) -> int:
        """The notice to each player of ``game`` still in it (or of ``to``)."""
        told = players_in(game) if to is None else to
        queued = sum(self._one(game, entry, key, subject, template, **context) for entry in told)
        flush(self.outbox.root)
        return queued

    def _one(
        self,
        game: Game,
        entry: PlayerEntry,
        key: str,
        subject: str,
        template: str,
        **context: Any,
    ) -> int:
        name = game.config.game
        body = compose.render(template, name=entry.name, game=name, **context)
        ident = f"{key}-{name}-p{entry.id:02d}{self._mark(game)}"
        return self._queue(ident, entry.email, f"[{name}] {subject}", body, name)

    def mark(self, game: Game) -> str:
        """The mark of the game's name taken again its mails' ids end with (``_mark``)."""
        return self._mark(game)

    def _mark(self, game: Game) -> str:
        """The mark of the game's name taken again (``-nN``) that ends the ids of its
        notices, as its reports' (``mailing_mark``: the game noted in the journal before
        its first notice is queued): `wtg send` sets aside one of the game before, removed
        and made anew under its name since it was queued."""
        name = game.config.game
        if name not in self._marks:
            self._marks[name] = mailing_mark(self.spool, name, game.latest_turn())
        return self._marks[name]

    def _queue(self, ident: str, to: str, subject: str, body: str, game: str | None) -> int:
        """``game``: the game the notice is about (its List-Id), None for several."""
        msg = self._message(ident, to, subject, body, game)
        return int(self.outbox.add(ident, msg, durable=False))

    def _message(
        self, ident: str, to: str, subject: str, body: str, game: str | None
    ) -> compose.Outgoing:
        """A notice's mail (``refused`` when ``to`` is no address a mail can go to)."""
        return compose.message(
            ident, self.sender, to, subject, body, when=self.now, kind="auto-generated", game=game
        )

    def _local(self, game: Game, moment: datetime | str | None) -> str | None:
        """A deadline as the game's reports write it (its schedule's time zone)."""
        if not moment:
            return None
        when = parse_iso(moment) if isinstance(moment, str) else moment
        schedule = game.config.schedule
        return local_text(when, schedule.timezone if schedule else "UTC")


_ANNOUNCED = re.compile(r"announce-(?P<key>[0-9a-f]{12})-[0-9a-f]{12}(?:-n[0-9]+)?")
"""The outbox name of an announcement's mail (``Notices.announce``: its id, which ``safe``
keeps as it is)."""


class Withdrawal(Record):
    """The last announcement, taken back or not: when its first mail was queued, the
    subject of its mails, how many there were, how many were mailed already (then none
    was taken back) and how many were taken back."""

    at: str
    subject: str
    mails: int
    went: int
    taken: int
    finished: bool = False
    """A taking back cut short after its last mail left the queue, finished now (its mark
    and its files gone): nothing was left to take, and no other announcement was taken."""


def withdraw_announcement(spool: Path) -> Withdrawal | None:
    """Take the last announcement back (`wtg announce --withdraw`: the mails of the newest
    one queued, or of the one whose taking back was cut short, taken out of the queue and
    of the mails set aside), unless one of its mails was mailed: then nothing. It is
    marked first (`wtg send` holds its mails back while the mark is there), then its mails
    go, then its intent's file (so that an announcement cut short is not finished again by
    its text given again), then the mark. None when the outbox holds no announcement.
    Under the send's and the announce's locks (the caller's)."""
    outbox = Outbox(spool)
    found: dict[str, list[Path]] = {}
    for folder in (outbox.queue_dir, outbox.sent_dir, outbox.failed_dir):
        for path in folder.glob("announce-*.eml"):
            named = _ANNOUNCED.fullmatch(path.stem)
            if named is not None:
                found.setdefault(named["key"], []).append(path)
    marked = withdrawing(spool)
    begun = [key for key in marked if key in found]
    emptied = [key for key in marked if key not in found]
    if emptied and not begun:
        # cut short after its last mail left the queue (its mark and files left): that
        # one is finished, and no other is taken back; the newest other one, still
        # queued, was, unmeant and unseen by its players
        kept = [kept_intent(spool, key) for key in emptied]
        for key in emptied:
            withdrawn(spool, key)
        at = max((intent.at for intent in kept if intent is not None), default="")
        return Withdrawal(at=at, subject="", mails=0, went=0, taken=0, finished=True)
    if not found:
        return None
    if begun:  # a taking back cut short: that one is finished
        key, paths = begun[0], found[begun[0]]
    else:
        key, paths = max(found.items(), key=lambda item: max(p.stat().st_mtime for p in item[1]))
    first = min(p.stat().st_mtime for p in paths)
    with paths[0].open("rb") as handle:
        subject = str(parse_headers(handle.read(HEADERS_LOOK)).get("Subject", ""))
    at = datetime.fromtimestamp(first, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    went = sum(1 for p in paths if p.parent == outbox.sent_dir)
    taken = 0
    if not went:  # marked first: `wtg send` sends none of its mails while it is taken back
        mark_withdrawing(spool, key)
        taken = sum(outbox.withdraw(p.stem) for p in paths)
        withdrawn(spool, key)
    return Withdrawal(
        at=at, subject=" ".join(subject.split()), mails=len(paths), went=went, taken=taken
    )


def hold_key(hold: Hold) -> str:
    """What the outbox ids of a hold's notices begin with, before the game's name."""
    return f"hold-{_stamp(hold.since)}"


def release_key(hold: Hold) -> str:
    """What the outbox ids of a release's notices begin with (``hold.released`` set)."""
    return f"release-{_stamp(hold.since)}-at{_stamp(hold.released)}"


def _code_ident(game: Game, seat: int, code: str, mark: str) -> str:
    """The outbox id of the mail telling ``seat`` his new ``code`` (``Notices.new_code``)."""
    return f"code-{code_digest(code)[:12]}-{game.config.game}-p{seat:02d}{mark}"


def notice_told(spool: Path, game: Game, what: Hold | NewCode) -> bool:
    """Whether the notice of ``what`` lies in the outbox (queued, mailed or set aside): of a
    hold or a release to every player (``hold_told``), of a new code cut short to its
    seat (`wtg status` says which it is: before, it said ``perhaps never queued`` of one a
    kill had left queued). Read only."""
    if isinstance(what, Hold):
        return hold_told(spool, game, what)
    mark = mail_marks(spool).get(game.config.game, "")
    return in_outbox(spool)(_code_ident(game, what.seat, what.code, mark))


def hold_told(spool: Path, game: Game, hold: Hold) -> bool:
    """Whether every player of the game has the notice of ``hold`` (of its release, with
    ``released`` set) queued, mailed or set aside: a `wtg hold` or `wtg release` killed
    after its last notice and before its last write owes none (given again, it queues
    nothing more). Read only."""
    name = game.config.game
    key = release_key(hold) if hold.released else hold_key(hold)
    mark = mail_marks(spool).get(name, "")
    lies_in = in_outbox(spool)
    told = release_to(spool, game, hold) if hold.released else players_in(game)
    return all(lies_in(f"{key}-{name}-p{entry.id:02d}{mark}") for entry in told)


def release_to(spool: Path, game: Game, hold: Hold) -> list[PlayerEntry]:
    """The players of ``game`` told of the release of ``hold``: every player still in it;
    of a hold whose notices a `wtg hold` (or its ``--undo``) cut short left owed
    (``hold.telling``, kept in the release), those whose notice of the hold lies in the
    outbox (queued, mailed or set aside) alone. Before, the others were told that the
    game goes on, of a hold they had never heard of. Read only."""
    found = players_in(game)
    if not hold.telling:
        return found
    name = game.config.game
    mark = mail_marks(spool).get(name, "")
    lies_in = in_outbox(spool)
    return [e for e in found if lies_in(f"{hold_key(hold)}-{name}-p{e.id:02d}{mark}")]


def taken_back(spool: Path, games: Sequence[Game]) -> tuple[str, ...]:
    """What the outbox names of the mails being taken back begin with (an announcement's
    or a hold's whose taking back was begun and not finished: `wtg announce --withdraw`,
    `wtg hold --undo` cut short): `wtg send` holds them back until it is finished."""
    found = [f"announce-{key}-" for key in withdrawing(spool)]
    for game in games:
        try:
            found.extend(_game_taken_back(game))
        except Exception:  # a game folder is the GM's data: the send names it, skipped
            continue
    return tuple(found)


def _game_taken_back(game: Game) -> list[str]:
    """``taken_back`` of one game: its hold's or its move's notices."""
    found = []
    kept = game.held()
    if kept is not None and kept.taking_back:
        found.append(compose.safe(f"{hold_key(kept)}-{game.config.game}-p"))
    latest = latest_turn_meta(game)
    if unfinished(latest.meta, latest.turn + 1) is not None:  # a move (back) not told
        undone = undone_move(latest.meta, latest.turn + 1)
        if undone is not None:  # `extend --undo` cut short: the move may be taken back
            found.append(compose.safe(f"{_extend_key(undone)}-{game.config.game}-p"))
    return found


def _extend_key(extension: Extension) -> str:
    """What the outbox ids of a move's notices begin with: its turn, new deadline and
    moment."""
    return f"extend-t{extension.turn:04d}-{_stamp(extension.new)}-at{_stamp(extension.at)}"


def _moment_of(stamp: str) -> datetime:
    """The moment a piece of an outbox id says (``_stamp``'s fourteen digits)."""
    return datetime.strptime(stamp, "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)


def _stamp(moment: str) -> str:
    """An ISO time as a piece of an outbox id: its digits."""
    return "".join(ch for ch in moment if ch.isdigit()) or "0"


def _taken_off_ident(wl: WaitingList, player: Waiting) -> str:
    """The outbox id of the mail telling ``player`` he is off ``wl`` (``taken_off``): the
    list, the player and the moment he joined it."""
    return f"takenoff-{wl.name}-p{player.person}-{_stamp(player.since)}"


def _shown(name: object) -> object:
    """A name a record keeps as the others read it (``shown_name``); what is no name (a
    record without it: None) as it is."""
    return shown_name(name) if isinstance(name, str) else name
