"""Planned absences (a mail's ``ABSENCE <game> <from> <to>``, planned by ``wtg.gm.absence``):
the turns a seat will be away, kept in ``GAME_DIR/absences.json``, and the orders the
engine gives its sides for those turns when they send none. What those orders do is the
ruleset's (``PlansAbsence``; WoK: dig in without a missed turn counted), up to its limit
of turns a game.

An absence is its player's: the file keeps, beside each seat's turns (``"3": [5, 6]``),
whose they are (``"holders": {"3": <digest of his code>}``), and a new player who takes
the seat over (``wtg.gm.takeover``: a new code) is away on none of them. A file written
before holders were kept counts for whoever holds the seat.

Beside them, the turns each mail's ABSENCE planned (``"sources": {"<mail key>#<line>":
[5, 6]}``, the latest ``SOURCES_KEPT``), written with them in one go: a mail read again
(a poll killed before its journal's commit, and perhaps a turn run meanwhile) finds its
absence planned (``planned_by``) and is answered as it was, never refused for it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence

from wtg.core.jsondata import Json
from wtg.core.ruleset import PlansAbsence, Ruleset, S, SeatId
from wtg.files.store import GameStore, write_atomic
from wtg.game.gameconfig import GameConfig

FILE = "absences.json"
HOLDERS = "holders"
SOURCES = "sources"
SOURCES_KEPT = 100
"""Mails whose absences the file remembers: a mail is read again by the next poll."""


def _file(store: GameStore) -> dict[str, Json]:
    """The file as written ({} when there is none, or it cannot be read)."""
    try:
        data = json.loads((store.root / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _sources(data: Mapping[str, Json]) -> dict[str, list[int]]:
    kept = data.get(SOURCES)
    if not isinstance(kept, dict):
        return {}
    return {
        str(source): [t for t in turns if isinstance(t, int)]
        for source, turns in kept.items()
        if isinstance(turns, list)
    }


def planned_by(store: GameStore, source: str) -> list[int] | None:
    """The turns the ABSENCE of ``source`` (a mail's key and its command's line) planned,
    or None when it planned none here."""
    return _sources(_file(store)).get(source)


def absences(store: GameStore, config: GameConfig) -> dict[int, list[int]]:
    """The turns each seat's player will be (or was) away: of the player who holds it now
    (``config``), not of one before him."""
    data = _file(store)
    kept = data.get(HOLDERS)
    holders = kept if isinstance(kept, dict) else {}
    return {
        int(seat): [t for t in turns if isinstance(t, int)]
        for seat, turns in data.items()
        if str(seat).isdigit()
        and isinstance(turns, list)
        and holders.get(str(seat), holder(config, int(seat))) == holder(config, int(seat))
    }


def holder(config: GameConfig, seat: int) -> str | None:
    """Who holds ``seat`` now, as the file names him: a digest of his code (None for a seat
    the game does not have)."""
    entry = next((p for p in config.players if p.id == seat), None)
    return hashlib.sha256(entry.code.encode()).hexdigest()[:16] if entry is not None else None


def away_in(store: GameStore, config: GameConfig, turn: int) -> set[int]:
    """The seats of the game's players that are away in ``turn`` (planned absences)."""
    seats = {p.id for p in config.players}
    return {s for s, turns in absences(store, config).items() if turn in turns and s in seats}


def absent_orders(
    store: GameStore, ruleset: Ruleset[S], config: GameConfig, state: S, turn: int
) -> dict[int, Mapping[str, Json]]:
    """The orders of the sides away in ``turn`` (those that sent orders play them)."""
    if not isinstance(ruleset, PlansAbsence):
        return {}
    owing = set(ruleset.owing(state))
    found: dict[int, Mapping[str, Json]] = {}
    for seat in sorted(away_in(store, config, turn)):
        for side in ruleset.sides_of(state, SeatId(seat)):
            if side in owing:
                found[side] = ruleset.absent_orders(side)
    return found


def keep_absences(
    store: GameStore,
    config: GameConfig,
    kept: Mapping[int, list[int]],
    source: str | None = None,
    planned: Sequence[int] = (),
) -> None:
    """Write the turns each seat's player will be away (``absences``'s, changed), each
    seat's with whose they are (its holder now); ``source``: the mail's command that
    planned the turns ``planned``, remembered with them (``planned_by``)."""
    sources = _sources(_file(store))
    if source is not None:
        sources.pop(source, None)
        sources[source] = list(planned)
    data: dict[str, object] = {str(k): v for k, v in sorted(kept.items())}
    data[HOLDERS] = {str(k): holder(config, k) for k in sorted(kept)}
    if sources:
        data[SOURCES] = dict(list(sources.items())[-SOURCES_KEPT:])
    write_atomic(store.root / FILE, json.dumps(data) + "\n")
