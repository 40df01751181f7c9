"""A seat's new secret code (`wtg new-code GAME --player N`): for a code a stranger may
have read (a report mailed to a mistyped address the server took, a player who asks for
one). Written by hand in game.yaml, the code changed, but the player's planned absences
(``wtg.game.absences``: kept under a digest of his code, so that a newcomer who takes the
seat over is away on none of them) were his no longer, and he was never told his code.

Written in steps, each finished by the command given again after a kill: the new code
first in ``GAME_DIR/newcode.json`` (``NEW_CODE``), then the absences under it, then
game.yaml, then the latest turn's report and form of the seat with it; the caller
queues the player's mail, then ``done`` removes the record. Orders on file stay (they
were taken with the old code, as the seat's), and the old code is refused from the moment
game.yaml has the new one.

A takeover of the game cut short (``wtg.game.takeoverfinish``) is finished first, as the
other commands on the game finish it, in the turn it was begun after; one of the seat
itself refuses the new code (``TakeoverOfSeat``), nothing written: the code in its mark is
the newcomer's, which he is told when it is finished, and a code given over it would
leave him with one refused. Only the latest turn's report and form are written again: the
older turns' are the record of what was mailed then, with the code he had (refused now, so
nothing a stranger reads in one is of use). The forms refused for a wrong code on the seat
stay counted (``wtg status``, the digest: a day's, then dropped): they are what the GM
looks at to see whether a stranger was guessing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from wtg.core.errors import GameError
from wtg.core.record import Record
from wtg.core.ruleset import S
from wtg.files.store import write_atomic
from wtg.game.absences import absences, keep_absences
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry, new_code
from wtg.game.takeoverfinish import finish_cut_short, under_way
from wtg.gm.control import how_over
from wtg.text.shellcommand import shell_command

NEW_CODE = "newcode.json"
"""The new code being given (``seat``, ``code``) until the player's mail is queued."""


class NoSuchSeat(GameError):
    """The game has no player of the seat given."""


class TakeoverOfSeat(GameError):
    """A takeover of the seat itself was cut short: its code is the newcomer's."""


class NewCode(Record):
    seat: int
    code: str
    again: bool
    """A new code a command killed before had begun: finished, the same code."""


def give_new_code(game: Game, seat: int) -> tuple[PlayerEntry, NewCode]:
    """Give ``seat`` a new code (or finish the one begun for it); returns the player's entry
    with it. The caller holds the game's lock. NoSuchSeat for a seat the game has not;
    TakeoverOfSeat for a seat whose takeover was cut short (another seat's is finished);
    a new code begun for another seat is finished first (GameError saying so); a game
    over refuses a new one (GameError)."""
    store = game.store
    cut_short = under_way(store.root)
    if cut_short is not None and cut_short.seat == seat:
        name = game.config.game
        raise TakeoverOfSeat(
            f"game {name}: the takeover of seat {seat} by {cut_short.name} (begun after turn "
            f"{cut_short.turn}) was cut short: the code it gives him is the one he is told, and no "
            "new code is given over it. Let it finish first "
            f"(`{shell_command('wtg', 'status', name)}` "
            "says what finishes it), then give "
            f"`{shell_command('wtg', 'new-code', name, '--player', str(seat))}` "
            "again if it is still wanted"
        )
    finish_cut_short(game)  # another seat's: it stands, in the turn it was begun after
    begun = _begun(store.root)
    if begun is not None and begun.seat != seat:
        again = shell_command("wtg", "new-code", game.config.game, "--player", str(begun.seat))
        raise GameError(
            f"game {game.config.game}: a new code for player {begun.seat} was begun and cut short: "
            f"give `{again}` first"
        )
    entry = next((p for p in game.config.players if p.id == seat), None)
    if entry is None:
        seats = ", ".join(str(p.id) for p in game.config.players)
        raise NoSuchSeat(f"game {game.config.game} has no player {seat} (its players: {seats})")
    if begun is None:
        _not_over(game)
        begun = NewCode(seat=seat, code=new_code(), again=False)
        record = {"seat": seat, "code": begun.code}
        write_atomic(store.root / NEW_CODE, json.dumps(record) + "\n")
    given = PlayerEntry(entry.id, entry.name, entry.email, begun.code, entry.share_address)
    players = tuple(given if p.id == seat else p for p in game.config.players)
    now = game.config.with_players(players)
    kept = absences(store, game.config)  # the old code's (none once moved: cut short)
    kept.update(absences(store, now))  # those moved already
    if kept:
        keep_absences(store, now, kept)
    if entry.code != begun.code:
        game.write_players(players)
    _forms_again(game, seat)
    return given, begun


def _not_over(game: Game) -> None:
    """Refuse a new code for a game that is over: it takes no more orders, and the mail
    told the player to write the code in each form he sends and that his next report's
    form carries it. One begun before the game ended is finished (game.yaml may have it:
    the player is told it)."""
    how = how_over(game)
    if how is None:
        return
    name = game.config.game
    raise GameError(
        f"game {name} is over ({how} at turn {game.latest_turn()}): it takes no more "
        "orders, and its codes serve only to have the host mail a player his reports "
        "again, to his own address: no new code was given"
    )


def _forms_again(game: Game, seat: int) -> None:
    """The latest turn's report and order form of ``seat`` written again with his new
    code (the form the player fills in, and the report `wtg report` prints for the GM to
    mail, said the old one); the other players' files are left as they are."""
    latest = game.latest_turn()
    folder = game.store.turn_dir(latest)
    mine = f"p{seat:02d}."
    for relpath, text in game.turn_files_again(latest).items():
        where, _, name = relpath.rpartition("/")
        if where not in ("reports", "aofs") or not name.startswith(mine):
            continue
        path = folder / relpath
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            write_atomic(path, text)


def _begun(root: Path) -> NewCode | None:
    """The new code a command killed before began (``NEW_CODE``), or None."""
    try:
        data = json.loads((root / NEW_CODE).read_text(encoding="utf-8"))
        seat, code = data["seat"], data["code"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(seat, int) or not isinstance(code, str) or not code:
        return None
    return NewCode(seat=seat, code=code, again=True)


def cut_short_line(game: Game[S], queued: Callable[[NewCode], bool] | None = None) -> str | None:
    """What a new code cut short owes its player (``wtg status``'s NOTICES OWED, the
    digest's): begun and not known finished (the record is removed once his mail is
    queued), what it did already, whether his mail is queued (``queued``: whether the mail
    of that code lies in the outbox, queued, mailed or set aside; the mail loop's
    ``notice_told``; None: not known) and what finishes it; None when none was cut short.
    Before, nothing said it: killed once game.yaml had the new code, the player's orders
    were refused for a code he had never been told, until the GM thought to give the
    command again. And it said ``perhaps never queued`` of a mail queued already."""
    begun = _begun(game.store.root)
    if begun is None:
        return None
    name, seat = game.config.game, begun.seat
    entry = next((p for p in game.config.players if p.id == seat), None)
    written = entry is not None and entry.code == begun.code
    done_so_far = (
        "game.yaml has it, and his old code is refused already"
        if written
        else "game.yaml does not have it yet: his old code is still his"
    )
    again = f"give `{shell_command('wtg', 'new-code', name, '--player', str(seat))}` again"
    told = queued(begun) if queued is not None else None
    if told:
        return (
            f"the new code for player {seat} was cut short after his mail was queued "
            f"({NEW_CODE}; {done_so_far}): {again} to finish it (it queues no second mail)"
        )
    mail = "his mail not queued" if told is False else "his mail perhaps never queued"
    return (
        f"the new code for player {seat} was cut short, {mail} ({NEW_CODE}; {done_so_far}): "
        f"{again} (it finishes the same code and mails it once)"
    )


def done(game: Game) -> None:
    """The player's mail is queued: the new code given (``NEW_CODE`` removed)."""
    (game.store.root / NEW_CODE).unlink(missing_ok=True)
