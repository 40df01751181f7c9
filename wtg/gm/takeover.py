"""A new player takes over a seat whose player quit (`wtg offer-seat`, then a mail
``JOIN <game>``): the rules' takeover of each side the seat plays, a new name, address and
secret code in game.yaml (the old code stops working at once), the quitter's settings
(``MAP: off``) dropped, and the latest turn's state,
reports and AOFs written again, so that what the new player is mailed and what the next
turn runs from are the seat as taken over.

The latest turn's folder is rewritten file by file (each file atomically): game.yaml
first, then the state, then the reports. ``takeovers.json`` in that turn folder records
who took over which seat, when, and the SHA-256 of the code it had (``was``, never the
code): the takeovers made after that turn ran. A mail with the old code is answered that
the seat was taken over (``wtg.game.takeovers.taken_from``).

The takeover stands when that turn is made again (docs/gm.md, "Takeovers, reruns and
rollbacks"): a rerun of the turn (``wtg.game.takeovers.taken_after_rerun``) and a rollback
to an earlier turn (``rolled_back_files``) take the seat over again in the state they
make, from the record, as ``take_over`` did; where it no longer can (the seat's player has
not quit there), they are refused and say why.
"""

from __future__ import annotations

import email.utils
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from wtg.core.errors import GameError
from wtg.core.jsondata import JsonObject
from wtg.core.ruleset import S
from wtg.files import private
from wtg.files.store import GameStore, write_atomic
from wtg.game.configedit import with_players
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry, check_new_game, new_code
from wtg.game.playersettings import PlayerSettings
from wtg.game.takeovers import (
    QUITTER,
    RECORD,
    WAS,
    again,
    code_digest,
    refusal,
    standing,
    taken,
    taken_over,
)
from wtg.game.turnmeta import TurnMeta, dump_json


def can_take_over(game: Game[S], seat: int) -> str | None:
    """Why ``seat`` cannot be taken over now, or None when it can."""
    return refusal(game.ruleset, game.config, game.state_view(), seat)


def take_over(
    game: Game[S],
    seat: int,
    name: str,
    address: str,
    moment: datetime,
    again: bool = False,
    was: str | None = None,
    quitter: str | None = None,
) -> PlayerEntry:
    """Give ``seat`` to a new player; returns his entry (with his new code). GameError when
    the seat cannot be taken over. ``again``: this takeover was begun before and may have
    been cut short (a poll killed, its mail read again): what was done stands (game.yaml
    already giving the seat to ``name`` at ``address`` keeps his code; a state that has the
    seat taken over is not taken over twice) and the rest is done. ``was``: the digest of
    the quitter's code (``code_digest``) as the caller noted it before it began, for the
    record of a takeover begun again after game.yaml had the new code; ``quitter``: his
    address, noted likewise (the record keeps it: his HiScore turn points stay his,
    ``wtg.host.results``)."""
    with game.store.lock():
        latest = game.latest_turn()
        done = taken_over(game.store, latest)  # a record edited by hand: refused, not lost
        held = game.config.player(seat)
        if again and held.name == name and _same_address(held.email, address):
            entry = held  # game.yaml was written: the state perhaps, the record not
            state = game.state(latest)
            if can_take_over(game, seat) is None:
                state = taken(game.ruleset, state, seat, name)
        else:
            why = can_take_over(game, seat)
            if why is not None:
                raise GameError(
                    f"seat {seat} of game {game.config.game} cannot be taken over: {why}"
                )
            state = taken(game.ruleset, game.state(latest), seat, name)
            was, quitter = code_digest(held.code), held.email
            entry = PlayerEntry(seat, name, address, new_code())
            players = tuple(entry if p.id == seat else p for p in game.config.players)
            check_new_game(game.config.game, players)
            game.store.write_config(with_players(game.store.config_text(), game.config, players))
            game.config = game.config.with_players(players)
        PlayerSettings(game.store.root).forget(seat)  # the quitter's choices are not his
        folder = game.store.turn_dir(latest)
        _write_over(folder, game.turn_files_again(latest, state))
        if not (again and _recorded(game.store, latest, seat, name)):
            done.append({"seat": seat, "name": name, "at": moment.isoformat()})
            if was is not None:  # unknown to a takeover begun again without the caller's
                done[-1][WAS] = was
            if quitter is not None:  # likewise
                done[-1][QUITTER] = quitter
            write_atomic(folder / RECORD, dump_json(done))
    return entry


def _recorded(store: GameStore, latest: int, seat: int, name: str) -> bool:
    """Whether the record of the latest turn (or of the turn before, when one ran since the
    takeover was cut short) has ``name`` as the last to take ``seat`` over."""
    for turn in (latest, latest - 1):
        mine = [e for e in taken_over(store, turn) if e["seat"] == seat] if turn >= 0 else []
        if mine:
            return mine[-1]["name"] == name
    return False


def _same_address(one: str, other: str) -> bool:
    return email.utils.parseaddr(one)[1].lower() == email.utils.parseaddr(other)[1].lower()


def _write_over(folder: Path, files: dict[str, str]) -> None:
    """A turn's files written over its folder, each atomically, the state first."""
    for relpath, text in sorted(files.items(), key=lambda item: item[0] != "state.json"):
        write_atomic(private.make_dirs((folder / relpath).parent) / Path(relpath).name, text)


def rolled_back_files(game: Game[S], to: int, meta: TurnMeta | None = None) -> dict[str, str]:
    """The files to write over turn ``to``'s folder when the game is rolled back to it: its
    state, reports, AOFs and Top Ten with every seat taken over after a later turn taken
    over again by its last newcomer (oldest first), written with ``meta`` (its
    ``turn.json`` with the deadline the rollback sets), and its record with those
    takeovers added, all of them; {} when no seat was taken over after turn ``to``.
    GameError when one cannot be taken over at turn ``to`` (its player had not quit
    yet): the rollback is refused."""
    later = [
        (turn, entry)
        for turn in range(to + 1, game.latest_turn() + 1)
        for entry in taken_over(game.store, turn)
    ]
    if not later:
        return {}
    state = game.state(to)
    for turn, entry in standing(later):
        state, why = again(game.ruleset, game.config, state, entry)
        if why is not None:
            raise GameError(
                f"game {game.config.game} cannot be rolled back to turn {to}: seat "
                f"{entry['seat']} was taken over by {entry['name']} after turn {turn}, and at "
                f"turn {to} {why}; roll back to turn {turn} or later"
            )
    files = game.turn_files_again(to, state, meta)
    record: Sequence[JsonObject] = [*taken_over(game.store, to), *(e for _, e in later)]
    files[RECORD] = dump_json(list(record))
    return files
