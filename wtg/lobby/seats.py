"""Seats of running games: a player's code checked, a resignation filed as the rules' QUIT,
a QUIT seat offered to a new player (`wtg offer-seat`) and taken over, and the results of
finished games written into each person's record."""

from __future__ import annotations

import hmac
import json
import sqlite3
from collections.abc import Collection
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from wtg.core.orders import OrderError
from wtg.core.ruleset import QUIT_STATUS, STILL_IN, SeatId, SideId, public_sides
from wtg.files.store import RECEIVED, order_files, parsed_meta
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.orderfiles import read_order_file
from wtg.game.takeovers import quitters
from wtg.gm.takeover import can_take_over
from wtg.host.gamesdir import failure_reason, open_games
from wtg.lobby import confirm
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase, stamp, torn_said
from wtg.lobby.people import (
    FINISHED,
    QUIT,
    REPLACED,
    WON,
    Person,
    end_play,
    person_of,
    playing,
)
from wtg.text.addresses import bare_address, mailbox_of
from wtg.text.yamlio import dump_yaml


def seat_by_code(game: Game, code: str | None) -> PlayerEntry | None:
    """The seat whose secret code ``code`` is (every seat compared, in constant time)."""
    if not code:
        return None
    given = code.strip().upper().encode()
    found = None
    for entry in game.config.players:
        if hmac.compare_digest(given, entry.code.strip().upper().encode()) and found is None:
            found = entry
    return found


def seat_of_person(
    book: LobbyDatabase, game: Game, address: str, dashed: Collection[str] = ()
) -> int | None:
    """The seat of ``game`` the person writing from ``address`` holds already (from this
    address or another the book knows is his, or from another address of the same mailbox,
    ``mailbox_of``: ``ann+war@`` is Ann's, and ``ann-war@`` at a domain of ``dashed``), or
    None: one seat a person in a game, or he would give orders with two codes."""
    mine = person_of(book, address)
    addresses = _mailboxes(address, mine, dashed)
    for entry in game.config.players:
        if mailbox_of(bare_address(entry.email), dashed) in addresses:
            return entry.id
    if mine is not None:
        row = book.row(
            "SELECT seat FROM plays WHERE person = ? AND game = ? AND result IS NULL",
            mine.id,
            game.config.game,
        )
        if row is not None:
            return int(row["seat"])
    return None


def seat_left(
    book: LobbyDatabase, game: Game, address: str, dashed: Collection[str] = ()
) -> int | None:
    """The seat of ``game`` the person writing from ``address`` left (WoK IV: a quitter "can
    not re-enter this specific game"), or None: one he holds still and has quit, or one a
    newcomer took over from him (the book's play of it, or the takeover's record of his
    address, ``wtg.game.takeovers.quitters``), from any address of his mailbox (``dashed``
    as ``seat_of_person`` reads it)."""
    mine = person_of(book, address)
    addresses = _mailboxes(address, mine, dashed)
    held = seat_of_person(book, game, address, dashed)
    if held is not None:
        return held if has_quit(game, held) else None
    if mine is not None:
        row = book.row(
            "SELECT seat FROM plays WHERE person = ? AND game = ? AND result = ?",
            mine.id,
            game.config.game,
            REPLACED,
        )
        if row is not None:
            return int(row["seat"])
    for seat, left in quitters(game.store, game.latest_turn()).items():
        if addresses & {mailbox_of(bare_address(a), dashed) for a in left}:
            return seat
    return None


def _mailboxes(address: str, mine: Person | None, dashed: Collection[str]) -> set[str]:
    """The mailboxes (``mailbox_of``, ``-tag``s at ``dashed``) of ``address`` and of the
    addresses the book knows are of its person (``mine``)."""
    addresses = (address, *(mine.addresses if mine else ()))
    return {mailbox_of(a.lower(), dashed) for a in addresses}


def has_quit(game: Game, seat: int, turn: int | None = None) -> bool:
    """Whether every side of the seat has quit in the state of ``turn`` (the latest by
    default): he left the game, by his QUIT or a RESIGN, and holds no side still in it."""
    state = game.state_view(turn)
    mine = set(game.ruleset.sides_of(state, SeatId(seat)))
    quit_ = {s.id for s in public_sides(game.ruleset.public_json(state)) if s.status == QUIT_STATUS}
    return bool(mine) and mine <= quit_


def left_at(game: Game, seat: int) -> int | None:
    """The turn the seat's player left the game at (the first of the turns up to the
    latest whose state has him quit), or None while he plays (a newcomer who took the
    seat over plays it again). His last turn played: the reports after it are not his."""
    latest = game.latest_turn()
    if not has_quit(game, seat, latest):
        return None
    turn = latest
    while turn > 0 and has_quit(game, seat, turn - 1):
        turn -= 1
    return turn


def owing_sides(game: Game, seat: int) -> list[SideId]:
    """The sides of a seat whose orders the coming turn waits for: none for a player who
    has quit or is out (his RESIGN has nothing to quit, his ABSENCE nothing to plan)."""
    state = game.state_view()
    owing = set(game.ruleset.owing(state))
    return [s for s in game.ruleset.sides_of(state, SeatId(seat)) if s in owing]


def owes_nothing(game: Game, seat: int, what: str) -> str | None:
    """Why a command for the seat (``what`` it would do: "nothing to quit") cannot be
    carried out when the seat owes no orders, or None."""
    if owing_sides(game, seat):
        return None
    state = game.state_view()
    mine = set(game.ruleset.sides_of(state, SeatId(seat)))
    public = public_sides(game.ruleset.public_json(state))
    if any(s.id in mine and s.status == STILL_IN for s in public):  # WISK, Tactics: a turn each
        return (
            f"player {seat} is in game {game.config.game}, but the coming turn is another "
            f"player's: {what} yet; send the command again when your turn comes"
        )
    return f"player {seat} has no orders to give in game {game.config.game}: {what}"


def resign(game: Game, seat: int, moment: datetime, order_key: str) -> str | None:
    """File the seat's QUIT with the orders it has on file (through the one door, as an order
    file with the seat's code); None, or why it could not be filed."""
    state = game.state_view()
    turn = game.ruleset.turn_of(state) + 1
    sides = owing_sides(game, seat)
    if not sides:
        return owes_nothing(game, seat, "nothing to quit")
    code = game.config.player(seat).code
    for side in sides:
        on_file = game.store.pending_orders(turn).get(side)
        data: dict[str, object] = {}
        if on_file is not None:
            _text, kept = read_order_file(on_file)
            data = dict(kept) if isinstance(kept, dict) else {}
        data.update(game=game.config.game, player=side, turn=turn, code=code, quit=True)
        (result,) = game.submit_all(
            dump_yaml(data), received=moment, order_key=order_key, via="mail"
        )[:1]
        if isinstance(result, OrderError):
            return f"the rules of {game.ruleset.name} took no QUIT: {result}"
    return None


def ran_with_quit(game: Game, order_key: str) -> int | None:
    """The turn that ran with a QUIT the mail ``order_key`` filed (the latest turn), or
    None: a CONFIRM of a RESIGN read again (a poll killed before its journal's commit)
    after the turn ran finds the seat quit by its own QUIT, and is answered as it was. A
    parsed copy that is not its order file's (``wtg.files.store.parsed_meta``) is not what
    the turn ran with."""
    latest = game.latest_turn()
    if latest < 1:
        return None
    for path in order_files(game.store.turn_dir(latest) / RECEIVED).values():
        # the copy only while it is the order file's: a QUIT's filing killed before its
        # order file left its copy beside older orders, which the turn ran with
        meta = parsed_meta(str(path).removesuffix("yaml"))
        if meta is None:
            continue
        orders = meta.get("orders")
        if (
            isinstance(orders, dict)
            and orders.get("quit") is True
            and meta.get("order_key") == order_key
        ):
            return latest
    return None


def offer_seat(book: LobbyDatabase, game: Game, seat: int, moment: datetime) -> None:
    """Offer a QUIT seat to a new player (ValueError with the reason when it cannot be)."""
    why = can_take_over(game, seat)
    if why is not None:
        raise ValueError(f"seat {seat} of game {game.config.game} cannot be offered: {why}")
    if offered_seat(book, game.config.game, seat):
        raise ValueError(f"seat {seat} of game {game.config.game} is offered already")
    with book.write() as db:
        db.execute(
            "INSERT INTO offers (game, seat, offered) VALUES (?, ?, ?)",
            (game.config.game, seat, stamp(moment)),
        )


def withdraw_offer(book: LobbyDatabase, game: str, seat: int) -> None:
    """Take back the offer of ``seat`` of ``game`` (ValueError when it is not offered): a
    JOIN for it is refused from then on, and so is the CONFIRM of one made before
    (``_confirm_takeover`` asks whether the seat is still offered). Refused while a
    takeover of the seat is under way (a poll cut short after it began: game.yaml may give
    the seat to the newcomer already, and the next poll finishes it)."""
    with book.write() as db:
        if _takeover_begun(db, game, seat):
            raise ValueError(
                f"seat {seat} of game {game} is being taken over (a newcomer's CONFIRM was "
                "read by a poll cut short): the next poll finishes it; not withdrawn"
            )
        gone = db.execute(
            "DELETE FROM offers WHERE lower(game) = ? AND seat = ? AND taken IS NULL",
            (game.lower(), seat),
        ).rowcount
    if not gone:
        raise ValueError(
            f"seat {seat} of game {game} is not offered (`wtg lists` names the seats offered)"
        )


def _takeover_begun(db: sqlite3.Connection, game: str, seat: int) -> bool:
    """Whether a takeover of ``seat`` of ``game`` was begun and not finished: the note a
    CONFIRM leaves before it changes the game (``Answering.note``: the quitter's address, its
    game and seat), not yet replaced by what the command did (its replies)."""
    for (what,) in db.execute("SELECT what FROM done"):
        try:
            found = json.loads(str(what))
        except ValueError:
            continue
        if (
            isinstance(found, dict)
            and "replies" not in found
            and str(found.get("game", "")).lower() == game.lower()
            and found.get("seat") == seat
        ):
            return True
    return False


def offered_seat(book: LobbyDatabase, game: str, seat: int | None = None) -> int | None:
    """The seat of ``game`` on offer (the lowest, or ``seat`` if it is), None if none is."""
    rows = book.rows(
        "SELECT seat FROM offers WHERE lower(game) = ? AND taken IS NULL ORDER BY seat",
        game.lower(),
    )
    seats = [int(r[0]) for r in rows]
    if seat is not None:
        return seat if seat in seats else None
    return seats[0] if seats else None


def offers(book: LobbyDatabase) -> list[tuple[str, int, str]]:
    """Every seat on offer: (game, seat, offered since)."""
    rows = book.rows("SELECT game, seat, offered FROM offers WHERE taken IS NULL ORDER BY 1, 2")
    return [(str(r[0]), int(r[1]), str(r[2])) for r in rows]


def seat_taken(book: LobbyDatabase, game: str, seat: int, moment: datetime) -> None:
    with book.write() as db:
        db.execute(
            "UPDATE offers SET taken = ? WHERE game = ? AND seat = ? AND taken IS NULL",
            (stamp(moment), game, seat),
        )


def record_results(book: LobbyDatabase, games_dir: Path, problems: list[str] | None = None) -> int:
    """Write how each running play ended into the people's records: a game over (won,
    finished, or quit), a seat that quit in a running game. The plays so ended. A game
    that cannot be read is left for the next time (a line in ``problems``); the others
    are written."""
    running = playing(book)
    if not running:
        return 0
    games, _unreadable = open_games(games_dir)
    by_name = {game.config.game: game for game in games}
    ended = 0
    for name, plays in running.items():
        game = by_name.get(name)
        if game is None:
            continue
        try:
            results = _results(game, plays)
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            if problems is not None:
                problems.append(f"game {name}: results not written: {failure_reason(exc)}")
            continue
        if results:
            with book.write() as db:
                for seat, result in results:
                    end_play(db, name, seat, result)
            ended += len(results)
    return ended


def _results(game: Game, plays: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """How each of a game's running plays ended, when it has: (seat, result)."""
    state = game.state_view()
    over = game.ruleset.is_over(state)
    public = game.ruleset.public_json(state)
    sides = {s.id: s for s in public_sides(public)}
    winners = _winners(public)
    found: list[tuple[int, str]] = []
    for _person, seat in plays:
        mine = [sides[s] for s in game.ruleset.sides_of(state, SeatId(seat)) if s in sides]
        if any(s.id in winners or s.place == 1 for s in mine) and over:
            found.append((seat, WON))
        elif mine and all(s.status == QUIT_STATUS for s in mine):
            found.append((seat, QUIT))
        elif over:
            found.append((seat, FINISHED))
    return found


def _winners(public: object) -> set[int]:
    """The winners a ruleset's public state names (``outcome.winners``), if any."""
    outcome = public.get("outcome") if isinstance(public, dict) else None
    found = outcome.get("winners") if isinstance(outcome, dict) else None
    return {w for w in found if isinstance(w, int)} if isinstance(found, list) else set()


class GameRecords(NamedTuple):
    """What the lobby's book holds of a game by its name, as ``forget_game`` cuts it."""

    offers: int
    """Its seats on offer, not taken."""
    requests: int
    """The takeovers and resignations of it waiting for a CONFIRM."""
    plays: int


def records_of_game(games_dir: Path, game: str) -> GameRecords:
    """What the lobby's book holds of ``game`` (any case) that ``forget_game`` would cut: a
    new game of the name would stand for it. None of it without a book; no book is made."""
    if not (games_dir / FOLDER / FILE).is_file():
        return GameRecords(0, 0, 0)
    key = game.lower()
    with torn_said(games_dir), LobbyDatabase(games_dir) as book:
        counts = book.row(
            "SELECT (SELECT count(*) FROM offers WHERE lower(game) = ? AND taken IS NULL),"
            " (SELECT count(*) FROM pending WHERE kind IN (?, ?) AND lower(target) = ?),"
            " (SELECT count(*) FROM plays WHERE lower(game) = ?)",
            key,
            confirm.TAKEOVER,
            confirm.RESIGN,
            key,
            key,
        )
    assert counts is not None  # one row of counts, always
    return GameRecords(int(counts[0]), int(counts[1]), int(counts[2]))


def forget_game(games_dir: Path, game: str, moment: datetime) -> bool:
    """What the lobby's book holds of a removed game whose name a new game takes (``wtg
    new-game --reuse-name``), cut from the name, in one transaction: each goes by the
    game's name alone, and would stand for the new game. Its seats on offer and the
    takeovers and resignations waiting for a CONFIRM are dropped (a seat of the new game
    was offered to anyone, and an old newcomer's code took it over once it quit); its
    plays are kept, under ``NAME (removed STAMP)`` (a name no game has), for the people's
    records (or the new game's seats were their persons: its results theirs, in the
    HiScore and ratings). Whether the book held any; no book is made."""
    if not (games_dir / FOLDER / FILE).is_file():
        return False
    key = game.lower()
    with torn_said(games_dir), LobbyDatabase(games_dir) as book, book.write() as db:
        dropped = db.execute(
            "DELETE FROM offers WHERE lower(game) = ? AND taken IS NULL", (key,)
        ).rowcount
        dropped += db.execute(
            "DELETE FROM pending WHERE kind IN (?, ?) AND lower(target) = ?",
            (confirm.TAKEOVER, confirm.RESIGN, key),
        ).rowcount
        dropped += db.execute(
            "UPDATE OR IGNORE plays SET game = ? WHERE lower(game) = ?",
            (f"{game} (removed {stamp(moment)})", key),
        ).rowcount
    return dropped > 0
