"""A takeover's writes in the game (``wtg.gm.takeover``), and the mark that keeps a
takeover cut short from being built on.

A takeover writes game.yaml, the quitter's settings, the latest turn's state, reports and
AOFs, then its record (``takeovers.json``): a kill between them leaves the latest turn half
rewritten. Before the first of them it writes ``takeover-under-way.json`` in the game's
folder (``MARK``): all the takeover is to write (the turn it is made after, the seat, the
newcomer's name, address and new code, when, the quitter's code's digest and address),
and it removes the mark once the record is written. Whatever finds the mark under the
game's lock (a turn run or rerun, a rollback or its undo, the next takeover, the poll that
reads the mail again) finishes that takeover first (``finish_cut_short``), in the turn it
was begun after: no turn is run from a takeover half done, and no takeover finishing writes
into a later turn (docs/gm.md, "Takeovers, reruns and rollbacks").
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from wtg.core.errors import GameError
from wtg.core.jsondata import Json, json_list, json_object, or_none, whole, word
from wtg.core.ruleset import S
from wtg.files import private
from wtg.files.store import GameStore, StoreError, fsync_dir, write_atomic
from wtg.game.gameconfig import PlayerEntry, check_new_game
from wtg.game.playersettings import PlayerSettings
from wtg.game.takeovers import (
    PARTED,
    QUITTER,
    QUITTER_NAME,
    RECORD,
    WAS,
    refusal,
    taken,
    taken_over,
)
from wtg.game.turnmeta import dump_json
from wtg.text.addresses import bare_address

if TYPE_CHECKING:
    from wtg.game.engine import Game

MARK = "takeover-under-way.json"


class TakeoverStuck(GameError):
    """A takeover cut short that nothing finishes (``not_finished``): the GM's text, which
    names the mark's path and what to do; a newcomer whose CONFIRM it holds up is told in
    his own words (``wtg.lobby.waitlist``)."""


@dataclass(frozen=True)
class Takeover:
    """All one takeover writes: made after turn ``turn``, seat ``seat`` given to ``name``
    at ``address`` with the code ``code``, ``at`` (ISO time); ``was`` and ``quitter``, the
    digest of the quitter's code and his address, when known; ``parted``, the seats whose
    alliance with him it ends, and ``quitter_name``, his name in the game, when known
    (``wtg.game.takeovers``)."""

    turn: int
    seat: int
    name: str
    address: str
    code: str
    at: str
    was: str | None = None
    quitter: str | None = None
    parted: tuple[int, ...] = ()
    quitter_name: str | None = None


def under_way(root: Path) -> Takeover | None:
    """The takeover of the game at ``root`` cut short (its mark), or None. StoreError,
    naming the file, for a mark that is not one (edited by hand)."""
    path = root / MARK
    try:
        data: Json = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise StoreError(f"{path} cannot be read ({error}): put it right by hand") from error
    try:
        kept = json_object(data)
        return Takeover(
            turn=whole(kept["turn"]),
            seat=whole(kept["seat"]),
            name=word(kept["name"]),
            address=word(kept["address"]),
            code=word(kept["code"]),
            at=word(kept["at"]),
            was=or_none(word, kept.get("was")),
            quitter=or_none(word, kept.get("quitter")),
            parted=tuple(whole(seat) for seat in json_list(kept.get(PARTED, []))),
            quitter_name=or_none(word, kept.get(QUITTER_NAME)),
        )
    except (KeyError, TypeError) as error:
        raise StoreError(
            f"{path} is not the mark of a takeover under way ({error}): put it right by hand"
        ) from error


def make(game: Game[S], takeover: Takeover) -> None:
    """The takeover carried out whole, the caller holding the game's lock: its mark, its
    writes (``finish``), the mark gone."""
    write_atomic(game.store.root / MARK, json.dumps(asdict(takeover), indent=1) + "\n")
    finish(game, takeover)


def finish_cut_short(game: Game[S]) -> Takeover | None:
    """The takeover of ``game`` cut short, if any, finished (the caller holds the game's
    lock); it, or None when none was under way."""
    takeover = under_way(game.store.root)
    if takeover is not None:
        finish(game, takeover)
    return takeover


def not_finished(game: Game[S], takeover: Takeover) -> str | None:
    """Why ``takeover``, cut short, cannot be finished in the game as it is now (the game
    at an earlier turn than its, or at a later one whose game.yaml does not give the seat
    to its newcomer), saying what to do; None when it can (``finish``)."""
    latest, seat, name = game.latest_turn(), takeover.seat, takeover.name
    if latest == takeover.turn:
        return None
    held = game.config.player(seat)
    if latest > takeover.turn and held.name == name and same_address(held.email, takeover.address):
        return None
    return (
        f"game {game.config.game}: the takeover of seat {seat} by {name}, begun after "
        f"turn {takeover.turn}, was cut short, and the game is at turn {latest} now: it "
        f"is not finished in a turn it was not made after. Check the seat in game.yaml "
        f"and turn {latest}'s {RECORD}, then remove {game.store.root / MARK}"
    )


def finish(game: Game[S], takeover: Takeover) -> None:
    """What ``takeover`` writes that is not written yet (each write stands where it was
    made), then its mark removed: in the latest turn when a wtg that knew no mark ran turns
    since, game.yaml giving the seat to the newcomer. GameError, nothing written, when it
    cannot be finished (``TakeoverStuck``, saying why: ``not_finished``)."""
    store, seat, name = game.store, takeover.seat, takeover.name
    latest = game.latest_turn()
    held = game.config.player(seat)
    if latest != takeover.turn:
        why = not_finished(game, takeover)
        if why is not None:
            raise TakeoverStuck(why)
        # moved on by a wtg that knew no mark, game.yaml giving the seat to the newcomer
        # already (its first write): the turns since were mailed to him, and the rest is
        # finished in the latest turn, as a takeover found in game.yaml without a mark is
        # (``wtg.gm.takeover``); nothing more when its record stands (its last write)
        if last_taker(store, latest, seat) == name:
            _unmarked(store)
            return
        takeover = replace(takeover, turn=latest, address=held.email, code=held.code)
    done = taken_over(store, latest)  # a record edited by hand: refused, not lost
    if not (held.name == name and same_address(held.email, takeover.address)):
        entry = PlayerEntry(seat, name, takeover.address, takeover.code)
        players = tuple(entry if p.id == seat else p for p in game.config.players)
        check_new_game(game.config.game, players)
        game.write_players(players)
    PlayerSettings(store.root).forget(seat)  # the quitter's choices are not his
    state = game.state(latest)
    if refusal(game.ruleset, game.config, state, seat) is None:  # not yet in the state
        state = taken(game.ruleset, state, seat, name)
    folder = store.turn_dir(latest)
    _write_over(folder, game.turn_files_again(latest, state))
    mine = [e["name"] for e in done if e["seat"] == seat]
    if not mine or mine[-1] != name:
        done.append({"seat": seat, "name": name, "at": takeover.at})
        if takeover.was is not None:
            done[-1][WAS] = takeover.was
        if takeover.quitter is not None:
            done[-1][QUITTER] = takeover.quitter
        if takeover.quitter_name is not None:
            done[-1][QUITTER_NAME] = takeover.quitter_name
            done[-1][PARTED] = list(takeover.parted)
        write_atomic(folder / RECORD, dump_json(done))
    _unmarked(store)


def _unmarked(store: GameStore) -> None:
    """The mark of the takeover under way removed, once all it writes is written."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(store.root / MARK)
    fsync_dir(store.root)


def last_taker(store: GameStore, latest: int, seat: int) -> str | None:
    """The name of the last to take ``seat`` over in the records of turns up to
    ``latest`` (the newest record that names the seat), or None."""
    for turn in range(latest, -1, -1):
        mine = [e for e in taken_over(store, turn) if e["seat"] == seat]
        if mine:
            return str(mine[-1]["name"])
    return None


def same_address(one: str, other: str) -> bool:
    """Whether two addresses (with their names or not) are one mailbox."""
    return bare_address(one) == bare_address(other)


def _write_over(folder: Path, files: dict[str, str]) -> None:
    """A turn's files written over its folder, each atomically, the state first."""
    for relpath, text in sorted(files.items(), key=lambda item: item[0] != "state.json"):
        write_atomic(private.make_dirs((folder / relpath).parent) / Path(relpath).name, text)
