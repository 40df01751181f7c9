"""A new player takes over a seat whose player quit (`wtg offer-seat`, then a mail
``JOIN <game>``): the rules' takeover of each side the seat plays, a new name, address and
secret code in game.yaml (the old code stops working at once), the quitter's settings
(``MAP: off``) dropped, and the latest turn's state,
reports and AOFs written again, so that what the new player is mailed and what the next
turn runs from are the seat as taken over.

The latest turn's folder is rewritten file by file (each file atomically): game.yaml
first, then the state, then the reports, all after a mark of the takeover under way that a
turn run, a rollback or the next takeover finish first (``wtg.game.takeoverfinish``).
``takeovers.json`` in that turn folder records who took over which seat, when, and the
SHA-256 of the code it had (``was``, never the code): the takeovers made after that turn
ran. A mail with the old code is answered that
the seat was taken over (``wtg.game.takeovers.taken_from``).

The takeover stands when that turn is made again (docs/gm.md, "Takeovers, reruns and
rollbacks"): a rerun of the turn (``wtg.game.takeovers.taken_after_rerun``) and a rollback
to an earlier turn (``rolled_back_files``) take the seat over again in the state they
make, from the record, as ``take_over`` did; where it no longer can (the seat's player has
not quit there), they are refused and say why.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from wtg.core.errors import GameError
from wtg.core.jsondata import Json, JsonObject
from wtg.core.ruleset import S
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry, check_new_game, new_code
from wtg.game.takeoverfinish import Takeover, finish_cut_short, last_taker, make, same_address
from wtg.game.takeovers import (
    PARTED,
    QUITTER_NAME,
    RECORD,
    again,
    code_digest,
    parted_seats,
    refusal,
    seat_name,
    standing,
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
    parted: Sequence[int] | None = None,
    quitter_name: str | None = None,
) -> PlayerEntry:
    """Give ``seat`` to a new player; returns his entry (with his new code). GameError when
    the seat cannot be taken over. Its writes are marked under way before the first
    (``wtg.game.takeoverfinish``): a takeover of the game cut short is finished first, in
    the turn it was begun after. ``again``: this takeover was begun before and may have
    been cut short (a poll killed, its mail read again): finished (here, or by whatever
    found its mark: a turn run since), it writes nothing, not even into a turn run since;
    game.yaml giving the seat to ``name`` at ``address`` without a mark nor a record (cut
    short by a wtg that made no mark) keeps his code and the rest is done. ``was``: the
    digest of the quitter's code (``code_digest``) as the caller noted it before it began,
    for the record of a takeover begun again after game.yaml had the new code;
    ``quitter``: his address, noted likewise (the record keeps it: his HiScore turn points
    stay his, ``wtg.host.results``); ``parted`` and ``quitter_name``: the seats whose
    alliance with him it ends and his name, noted likewise (the record keeps them, for the
    table's notice made again from it: ``wtg.game.takeovers.PARTED``); a takeover begun
    now finds them itself when not given."""
    with game.store.lock():
        finish_cut_short(game)
        latest = game.latest_turn()
        taken_over(game.store, latest)  # a record edited by hand: refused, not lost
        held = game.config.player(seat)
        at = moment.isoformat()
        if again and held.name == name and same_address(held.email, address):
            if last_taker(game.store, latest, seat) == name:
                return held  # done whole: nothing more to write, in this turn or a later one
            ended = tuple(parted or ())
            takeover = Takeover(
                latest, seat, name, held.email, held.code, at, was, quitter, ended, quitter_name
            )
        else:
            why = can_take_over(game, seat)
            if why is not None:
                raise GameError(
                    f"seat {seat} of game {game.config.game} cannot be taken over: {why}"
                )
            was, quitter = code_digest(held.code), held.email
            if parted is None:
                parted = parted_seats(game.ruleset, game.state_view(), seat)
            entry = PlayerEntry(seat, name, address, new_code())
            players = tuple(entry if p.id == seat else p for p in game.config.players)
            check_new_game(game.config.game, players)  # refused before anything is written
            takeover = Takeover(
                latest, seat, name, address, entry.code, at, was, quitter, tuple(parted), held.name
            )
        make(game, takeover)
    return game.config.player(seat)


def rolled_back_files(game: Game[S], to: int, meta: TurnMeta | None = None) -> dict[str, str]:
    """The files to write over turn ``to``'s folder when the game is rolled back to it: its
    state, reports, AOFs and Top Ten with every seat taken over after a later turn taken
    over again by its last newcomer (oldest first), written with ``meta`` (its
    ``turn.json`` with the deadline the rollback sets), and its record with those
    takeovers added, all of them, each standing one with the quitter's name and the seats
    whose alliance with him it ends at turn ``to`` (``PARTED``: the rollback's notice tells
    them, ``wtg.mail.outgoing.notices``), but a seat taken over again there too (its player
    is a newcomer who named no one); {} when no seat was taken over after turn ``to``.
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
    told: dict[int, JsonObject] = {}  # each standing entry, as made again at turn ``to``
    stand = standing(later)
    # a seat taken over again too is played by a newcomer who came after: he named no one
    newcomers = {int(str(entry["seat"])) for _turn, entry in stand}
    for turn, entry in stand:
        seat = int(str(entry["seat"]))
        ended: list[Json] = [  # told with the rollback
            other for other in parted_seats(game.ruleset, state, seat) if other not in newcomers
        ]
        named = seat_name(game.ruleset, state, seat) or entry.get(QUITTER_NAME)
        told[id(entry)] = {**entry, PARTED: ended}
        if isinstance(named, str):  # a record's key is a name or absent, never null
            told[id(entry)][QUITTER_NAME] = named
        state, why = again(game.ruleset, game.config, state, entry)
        if why is not None:
            raise GameError(
                f"game {game.config.game} cannot be rolled back to turn {to}: seat "
                f"{entry['seat']} was taken over by {entry['name']} after turn {turn}, and at "
                f"turn {to} {why}; roll back to turn {turn} or later"
            )
    files = game.turn_files_again(to, state, meta)
    again_at = [told.get(id(e), e) for _, e in later]
    record: Sequence[JsonObject] = [*taken_over(game.store, to), *again_at]
    files[RECORD] = dump_json(list(record))
    return files
