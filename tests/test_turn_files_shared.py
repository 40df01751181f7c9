"""A game keeps each turn file it parsed while the file is unchanged on disk
(``Game._turn_json``) and hands the one parsed object to every caller in the process: a
caller that changed what it was given would change what every later read sees, the state a
poll checks orders against, a deadline, a map's events. The parsed files stay as their
bytes say, whatever a caller does with what it is handed (tidy47)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.mail.loop import players
from wtg.core.jsondata import Json, JsonObject
from wtg.game.engine import Game, create_game
from wtg.game.turnmeta import TURN_META, gm_marks, turn_meta
from wtg.maps.source import game_board


def _scrambled(value: Any, seen: set[int] | None = None) -> None:
    """Empty every list, dict and set reachable from ``value`` (through its attributes as
    well): what a careless caller could do to a state it was told it may change."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, type(None))):
        return
    seen.add(id(value))
    if isinstance(value, dict):
        for item in list(value.values()):
            _scrambled(item, seen)
        value.clear()
    elif isinstance(value, (list, set)):
        for item in list(value):
            _scrambled(item, seen)
        value.clear()
    elif isinstance(value, tuple):
        for item in value:
            _scrambled(item, seen)
    else:
        slots = [s for k in type(value).__mro__ for s in getattr(k, "__slots__", ())]
        fields = [*getattr(value, "__dict__", {}).values()]
        fields += [getattr(value, s) for s in slots if s != "__dict__" and hasattr(value, s)]
        for item in fields:
            _scrambled(item, seen)


RULESETS = [
    ("wok4", "small"),
    ("standard", "classic60"),
    ("wisk", "classic"),
    ("tactics", "meadow"),
]
"""A ruleset of each kind of state, each with a map of its own."""


def _played(root: Path, ruleset: str, map_name: str) -> Game:
    game = create_game(root / ruleset, ruleset, map_name, players(3), seed=5)
    game.run_turn(force=True)
    return game


@pytest.mark.parametrize(("ruleset", "map_name"), RULESETS)
def test_a_state_changed_by_its_caller_leaves_the_parsed_file_alone(
    tmp_path: Path, ruleset: str, map_name: str
) -> None:
    """``Game.state`` gives a state its caller may change: nothing of it is the parsed
    ``state.json`` the game keeps for the next read."""
    game = _played(tmp_path, ruleset, map_name)
    on_disk = game.store.read_json(1, "state.json")
    _scrambled(game.state())
    assert game.ruleset.state_to_dict(game.state()) == on_disk
    assert game.ruleset.state_to_dict(game.state_view()) == on_disk


def test_a_turns_meta_changed_by_its_caller_leaves_the_parsed_file_alone(
    tmp_path: Path,
) -> None:
    """``Game.meta`` is the caller's own (a rerun adds to it): changing it changes nothing
    a later read of ``turn.json`` gives."""
    game = _played(tmp_path, "wok4", "small")
    data = game.store.read_json(1, TURN_META)
    meta = game.meta(1)
    assert meta == turn_meta(data) and "ran_at" in meta
    _scrambled(meta)
    assert game.meta(1) == turn_meta(data)


def test_the_gms_marks_are_the_callers_own() -> None:
    """``gm_marks`` of a parsed ``turn.json`` (the game's, kept for the next read: a rerun
    reads them so into the ``turn.json`` it writes) shares nothing with it: before, its
    ``moved`` was the parsed file's own list, each move its own dict."""
    moved: list[Json] = [
        {"from": "2026-01-01T18:00:00Z", "to": "2026-01-02T18:00:00Z", "told": False}
    ]
    data: JsonObject = {"turn": 1, "moved": moved, "deadline_set": "2026-01-01T18:00:00Z"}
    marks = gm_marks(data)
    assert marks == {"moved": moved, "deadline_set": "2026-01-01T18:00:00Z"}
    _scrambled(marks)
    assert data["moved"] == [
        {"from": "2026-01-01T18:00:00Z", "to": "2026-01-02T18:00:00Z", "told": False}
    ]


@pytest.mark.parametrize(("ruleset", "map_name"), RULESETS)
def test_a_boards_drawing_leaves_the_shared_events_and_state_alone(
    tmp_path: Path, ruleset: str, map_name: str
) -> None:
    """Every player's board of a turn is drawn from one shared state and one shared list of
    events (``Game.state_view``, ``Game.events_view``): no board, nor a board changed by
    its caller, changes them."""
    game = _played(tmp_path, ruleset, map_name)
    events, state = game.store.read_json(1, "events.json"), game.store.read_json(1, "state.json")
    for player in (None, 1, 2, 3):
        _scrambled(game_board(game, 1, player))
    assert list(game.events_view(1)) == events
    assert game.ruleset.state_to_dict(game.state_view(1)) == state
