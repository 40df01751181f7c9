"""Seats the lobby's book shows offered that their game gave to a newcomer already.

`wtg backup` copies the book before the games (``wtg.upkeep.backup``), and holds no lock of
the poll while it copies the games: a newcomer's CONFIRM of a takeover read by a poll
between the book's copy and his game's is in the game's copy (game.yaml gives him the seat,
the takeover's record names him) and not in the book's (the seat still offered, his code
still waiting, the quitter still playing it). Restored so, the book would offer a seat
nobody may take, list the newcomer nowhere and keep the quitter's play running.

``taken_meanwhile`` finds each such seat: an offer not taken whose game's standing takeover
of that seat (the last, its newcomer's name in game.yaml) is the newcomer's whose request
for the seat the book holds still.
``finish_in_book`` does in the book what the takeover's own transaction does
(``wtg.lobby.waitlist``): the newcomer's address confirmed (a person made for it when the
book knows none), the quitter's play ended as replaced, the newcomer's recorded, the offer
taken as of the takeover's time; the newcomer's request is kept, so that his CONFIRM read
again by the restored host is answered as the takeover was (``restored_takeover``,
``wtg.lobby.waitlist``): his welcome with the seat's code, the table told. What the poll
mailed then was queued after the spool's copy and is not in the backup: whether it went out
before the host was lost, only the newcomer can say (``finished_line`` tells the GM).
"""

from __future__ import annotations

import hmac
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from wtg.core.errors import GameError
from wtg.core.jsondata import JsonObject
from wtg.files.store import StoreError
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.schedule import moment_text
from wtg.game.takeovers import QUITTER, QUITTER_NAME, WAS, code_digest, parted_in, taken_over
from wtg.host.gamesdir import open_games
from wtg.lobby.confirm import TAKEOVER
from wtg.lobby.database import LobbyDatabase, stamp
from wtg.lobby.people import REPLACED, confirm_address, record_play
from wtg.text.addresses import address_in, bare_address
from wtg.text.shellcommand import shell_command


class TakenMeanwhile(NamedTuple):
    """A seat offered in the book whose game gave it to ``name`` at ``address`` at ``at``."""

    game: str
    seat: int
    name: str
    address: str
    at: datetime
    quitter: str = ""
    """The address of the player who left the seat (records made before it have none)."""
    parted: tuple[int, ...] = ()
    """The seats whose alliance with him the takeover ended (``wtg.game.takeovers.PARTED``):
    the table's notice made again tells them (records made before it have none)."""
    quitter_name: str = ""
    """His name in the game (records made before it have none)."""


def taken_meanwhile(book: LobbyDatabase, games_dir: Path) -> list[TakenMeanwhile]:
    """The offers of the book (not taken) whose seat its game gave to a newcomer since."""
    rows = book.rows("SELECT game, seat FROM offers WHERE taken IS NULL ORDER BY 1, 2")
    if not rows:
        return []
    games = {game.config.game.lower(): game for game in open_games(games_dir)[0]}
    found: list[TakenMeanwhile] = []
    for row in rows:
        game = games.get(str(row["game"]).lower())
        if game is None:
            continue
        taken = _standing_takeover(game, int(row["seat"]))
        if taken is not None and _asked(book, taken._replace(game=str(row["game"]))):
            found.append(taken._replace(game=str(row["game"])))
    return found


def _asked(book: LobbyDatabase, taken: TakenMeanwhile) -> bool:
    """Whether the newcomer's request for the seat waits in the book still: the takeover
    the game holds is the one his CONFIRM made after the book's copy (an older takeover
    of the seat, whose newcomer quit and whose seat is offered again, has none)."""
    row = book.row(
        "SELECT count(*) FROM pending WHERE kind = ? AND lower(target) = ? AND seat = ? "
        "AND lower(address) = ?",
        TAKEOVER,
        taken.game.lower(),
        taken.seat,
        taken.address.lower(),
    )
    return row is not None and int(row[0]) > 0


def finish_in_book(book: LobbyDatabase, taken: TakenMeanwhile) -> None:
    """The book's side of the takeover ``taken``, in one transaction. sqlite3.Error when the
    book cannot take it (the newcomer's name another person's there). His request is kept:
    his CONFIRM read again by the restored host (the mail moved back to the inbox, or still
    in a maildir the spool holds) is answered as the takeover was, with the seat's code, and
    settles it (``restored_takeover``)."""
    with book.write() as db:
        person = confirm_address(db, taken.address, taken.name, taken.at)
        db.execute(  # the quitter's play (``end_play``), never one of the newcomer's
            "UPDATE plays SET result = ? WHERE game = ? AND seat = ? AND result IS NULL "
            "AND person != ?",
            (REPLACED, taken.game, taken.seat, person),
        )
        record_play(db, person, taken.game, taken.seat, taken.at)
        db.execute(
            "UPDATE offers SET taken = ? WHERE game = ? AND seat = ? AND taken IS NULL",
            (stamp(taken.at), taken.game, taken.seat),
        )


def finished_line(taken: TakenMeanwhile) -> str:
    """What the GM is told of a takeover ``finish_in_book`` wrote into the book."""
    return (
        f"game {taken.game}, seat {taken.seat}: taken over by {taken.name} <{taken.address}> at "
        f"{stamp(taken.at)}, after the backup copied the lobby's book and before it copied the "
        "game; the book now says so too (the offer taken, his play recorded). The mails that poll "
        "queued (his, with the seat's code; the table's) are not in the backup: move his CONFIRM "
        "back to the inbox with the rest, and the first poll answers it as the takeover was; "
        "without it, "
        f"`{shell_command('wtg', 'new-code', taken.game, '--player', str(taken.seat))}` mails him "
        "a new code"
    )


def unfinished_line(taken: TakenMeanwhile, why: str) -> str:
    """What the GM is told of such a takeover the book could not take."""
    withdraw = shell_command("wtg", "offer-seat", taken.game, str(taken.seat), "--withdraw")
    new_code = shell_command("wtg", "new-code", taken.game, "--player", str(taken.seat))
    return (
        f"game {taken.game}, seat {taken.seat}: game.yaml gives it to {taken.name} "
        f"<{taken.address}> (taken over at {moment_text(taken.at)}, after the backup copied the "
        f"lobby's book), and the book still offers it; it could not be written into the book "
        f"({why}): withdraw the offer (`{withdraw}`); the mail that gave him the seat is not in "
        f"the backup: `{new_code}` mails him a new code"
    )


def restored_takeover(
    book: LobbyDatabase, game: Game, seat: int, address: str
) -> TakenMeanwhile | None:
    """The takeover of ``seat`` by the newcomer at ``address`` that ``finish_in_book`` wrote
    into the book, or None: the game's last takeover of the seat is his (by his address: the
    name game.yaml gives him may be one the GM put right since), and the book offers the
    seat no more (his request, which the caller holds, kept since). A takeover the poll made
    itself settled his request in the transaction that took the offer."""
    taken = _standing_takeover(game, seat)
    if taken is None or taken.address.lower() != address.lower():
        return None
    row = book.row(
        "SELECT count(*) FROM offers WHERE lower(game) = ? AND seat = ? AND taken IS NULL",
        game.config.game.lower(),
        seat,
    )
    return taken if row is not None and int(row[0]) == 0 else None


def _standing_takeover(game: Game, seat: int) -> TakenMeanwhile | None:
    """The last takeover of ``seat`` the game recorded, if game.yaml still gives the seat
    to its newcomer (``_newcomers``); None when there is none (or its record cannot be
    read)."""
    try:
        latest = game.latest_turn()
        for turn in range(latest, -1, -1):
            for entry in reversed(taken_over(game.store, turn)):
                if entry["seat"] != seat:
                    continue
                holder = game.config.player(seat)
                if not _newcomers(holder, entry):
                    return None
                address = address_in(holder.email)
                quitter, quitter_name = entry.get(QUITTER), entry.get(QUITTER_NAME)
                return TakenMeanwhile(
                    game.config.game,
                    seat,
                    holder.name,
                    address,
                    _moment(str(entry["at"])),
                    quitter if isinstance(quitter, str) else "",
                    parted_in(entry),
                    quitter_name if isinstance(quitter_name, str) else "",
                )
    except (StoreError, GameError, OSError, ValueError):
        return None
    return None


def _newcomers(holder: PlayerEntry, entry: JsonObject) -> bool:
    """Whether game.yaml's ``holder`` of a seat is the newcomer of its takeover ``entry``:
    by the name the record keeps; or, his name edited since (the GM put it right: it is
    his to), by holding neither the quitter's address nor the quitter's code, what a seat
    given back to the quitter holds, one of them at least known to the record (one made
    before either was kept goes by the name alone). The newcomer's address is matched by
    the caller against the book's request for the seat."""
    if holder.name == entry["name"]:
        return True
    quitter, was = entry.get(QUITTER), entry.get(WAS)
    if not isinstance(quitter, str) and not isinstance(was, str):
        return False
    if isinstance(quitter, str) and bare_address(holder.email) == bare_address(quitter):
        return False
    return not (isinstance(was, str) and hmac.compare_digest(code_digest(holder.code), was))


def _moment(text: str) -> datetime:
    """A time of a takeover's record (ISO 8601 with its offset)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
