"""The record of the seats taken over after a turn ran (``takeovers.json`` in that turn's
folder: who took over which seat, when), and a takeover made again in a state made anew:
a rerun of the turn (``taken_after_rerun``, which the engine's rerun calls) and a
rollback to an earlier turn (``wtg.gm.takeover.rolled_back_files``) take the seat over
again in the state they make, from the record, as the takeover (``wtg.gm.takeover``) did;
where it no longer can (the seat's player has not quit there), they are refused and say
why (docs/gm.md, "Takeovers, reruns and rollbacks")."""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from hashlib import sha256

from wtg.core.errors import GameError
from wtg.core.jsondata import JsonObject
from wtg.core.ruleset import Renames, Ruleset, S, SeatId, TakesOver
from wtg.files.store import GameStore, StoreError
from wtg.game.gameconfig import GameConfig
from wtg.game.turnmeta import dump_json

RECORD = "takeovers.json"
WAS = "was"
"""A record's key for the SHA-256 (hex) of the seat's code before the takeover, never the
code itself: the old player's code is then known for what it was (``taken_from``). Records
made before it have none."""


QUITTER = "quitter"
"""A record's key for the address of the player who left the seat (game.yaml has the
newcomer's since): the finished game's results keep the quitter and the HiScore turn points
he earned (``quitters``). Records made before it have none."""


PARTED = "parted"
"""A record's key for the seats whose alliance with the quitter the takeover ended (those
whose players named him as their ally: ``parted_seats``), as the state had them before it:
the table's notice tells each of them, and a notice made again from the record (the
newcomer's CONFIRM read again by a host restored from a backup that missed the takeover:
``wtg.lobby.takenoffers``) tells them too. Records made before it have none."""

QUITTER_NAME = "quitter_name"
"""A record's key for the quitter's name in the game (game.yaml has the newcomer's since):
the table's notice names him. Records made before it have none."""


def parted_seats(ruleset: Ruleset[S], state: S, seat: int) -> list[int]:
    """The seats whose alliance with ``seat``'s player a takeover of it ends in ``state``:
    those that name one of its sides as their ally (``TakesOver.parted``), in order."""
    if not isinstance(ruleset, TakesOver):
        return []
    found = {
        ruleset.seat_of(state, other)
        for side in ruleset.sides_of(state, SeatId(seat))
        for other in ruleset.parted(state, side)
    }
    return sorted(int(other) for other in found if other is not None and other != seat)


def seat_name(ruleset: Ruleset[S], state: S, seat: int) -> str | None:
    """The name ``seat`` plays under in ``state`` (a Duel's colours by the name without
    their letter), or None."""
    if not isinstance(ruleset, Renames):
        return None
    named: str | None = ruleset.seat_name(state, SeatId(seat))
    return named


def code_digest(code: str) -> str:
    """The SHA-256 (hex) of a secret code, case and the spaces around it aside."""
    return sha256(code.strip().upper().encode()).hexdigest()


def taken_from(store: GameStore, latest: int, code: str | None) -> int | None:
    """The turn after which the seat whose code ``code`` was was taken over (the latest
    such), or None when no takeover of the game's turns up to ``latest`` took it."""
    if not code or not code.strip():
        return None
    digest = code_digest(code)
    for turn in range(latest, -1, -1):
        for entry in taken_over(store, turn):
            was = entry.get(WAS)
            if isinstance(was, str) and hmac.compare_digest(was, digest):
                return turn
    return None


def refusal(ruleset: Ruleset[S], config: GameConfig, state: S, seat: int) -> str | None:
    """Why ``seat`` cannot be taken over in ``state``, or None when it can."""
    if not isinstance(ruleset, TakesOver):
        return f"the rules of {ruleset.name} have no takeover"
    if ruleset.is_over(state):
        return f"game {config.game} is over"
    try:
        config.player(seat)
    except GameError as error:
        return str(error)
    sides = ruleset.sides_of(state, SeatId(seat))
    if not sides:
        return f"seat {seat} plays no side"
    for side in sides:
        try:
            ruleset.take_over(state, side, "check")
        except ValueError as error:
            return str(error)
    return None


def taken(ruleset: Ruleset[S], state: S, seat: int, name: str) -> S:
    """``state`` with each side of ``seat`` taken over by ``name`` (``refusal`` said yes)."""
    assert isinstance(ruleset, TakesOver)
    for side in ruleset.sides_of(state, SeatId(seat)):
        state = ruleset.take_over(state, side, name)
    return state


def quitters(store: GameStore, latest: int) -> dict[int, list[str]]:
    """The address of each player who left a seat taken over up to turn ``latest``, by
    seat, the first first (records without one, or that cannot be read, give none)."""
    found: dict[int, list[str]] = {}
    for turn in range(latest + 1):
        try:
            entries = taken_over(store, turn)
        except StoreError:
            continue
        for entry in entries:
            address = entry.get(QUITTER)
            if isinstance(address, str):
                found.setdefault(int(str(entry["seat"])), []).append(address)
    return found


def taken_over(store: GameStore, turn: int) -> list[JsonObject]:
    """The takeovers recorded in turn ``turn``'s folder (those made after it ran), oldest
    first: ``seat``, ``name``, ``at`` each, and ``was`` (``WAS``) in those made since it
    was kept. StoreError, naming the file, for a record that
    is not one (edited by hand): a takeover is never dropped unseen."""
    if not (store.turn_dir(turn) / RECORD).is_file():
        return []
    data = store.read_json(turn, RECORD)
    if not isinstance(data, list) or not all(_is_entry(entry) for entry in data):
        raise StoreError(
            f"{store.turn_dir(turn) / RECORD} is not a list of takeovers, each with its seat "
            "(a number), name and time: put it right by hand"
        )
    return data


def _is_entry(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("seat"), int)
        and isinstance(entry.get("name"), str)
        and isinstance(entry.get("at"), str)
        and isinstance(entry.get(WAS, ""), str)
        and isinstance(entry.get(QUITTER_NAME, ""), str)
        and _seats(entry.get(PARTED, []))
    )


def _seats(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(seat, int) for seat in value)


def parted_in(entry: JsonObject) -> tuple[int, ...]:
    """The seats ``PARTED`` of a recorded takeover (none in a record made before it)."""
    kept = entry.get(PARTED)
    return tuple(seat for seat in kept if isinstance(seat, int)) if isinstance(kept, list) else ()


def again(
    ruleset: Ruleset[S], config: GameConfig, state: S, entry: JsonObject
) -> tuple[S, str | None]:
    """``state`` with the seat of a recorded takeover taken over again, or ``state`` as it
    is and why the seat cannot be taken over there."""
    seat = int(str(entry["seat"]))
    why = refusal(ruleset, config, state, seat)
    if why is not None:
        return state, why
    return taken(ruleset, state, seat, str(entry["name"])), None


def standing(taken: Sequence[tuple[int, JsonObject]]) -> list[tuple[int, JsonObject]]:
    """The takeovers that stand, each with the turn it was made after: the last of each
    seat (one whose newcomer quit and was taken over again is the last newcomer's), in
    their order."""
    last = {entry["seat"]: place for place, (_turn, entry) in enumerate(taken)}
    return [item for place, item in enumerate(taken) if last[item[1]["seat"]] == place]


def taken_after_rerun(
    store: GameStore, ruleset: Ruleset[S], config: GameConfig, turn: int, state: S
) -> tuple[S, dict[str, str]]:
    """``state``, turn ``turn`` resolved again (a rerun), with every seat taken over after
    the turn ran taken over again, as its record says (the last newcomer of a seat taken
    over twice, as after a rollback: ``_standing``), and the record to keep in the new
    folder ({} when there is none). GameError when one can no longer be (the rerun is
    refused: game.yaml gives the seat to its new player)."""
    record = taken_over(store, turn)
    for _turn, entry in standing([(turn, e) for e in record]):
        state, why = again(ruleset, config, state, entry)
        if why is not None:
            raise GameError(
                f"turn {turn} cannot be rerun: seat {entry['seat']} was taken over by "
                f"{entry['name']} after it ran, and in the rerun {why}"
            )
    return state, ({RECORD: dump_json(record)} if record else {})
