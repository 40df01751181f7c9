"""A turn's pictures read its events once. Each player's board read the turn's events.json
again (``Game.events``), ten reads and parses of one file for a turn's ten report mails, and
so did each confirmation's picture; the boards now share one read while the file is
unchanged (``Game.events_view``), as they share the state."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.mapgames import played_game
from wtg.files import store
from wtg.files.store import parsed_turn_file
from wtg.game import engine
from wtg.game.engine import Game, open_game
from wtg.maps import game_board, orders_board

BOARDS: dict[str, Callable[[Game[Any], int], Any]] = {
    "report": lambda game, seat: game_board(game, None, seat),
    # a poll's confirmations are drawn on the board after the turn before, each seat's
    "confirmation": lambda game, seat: orders_board(game, seat, {}),
}
"""Each player's board of the latest turn, as a report's picture and a confirmation's."""


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_every_players_board_of_a_turn_reads_its_events_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    board = BOARDS[kind]
    played_game(tmp_path / "g", "wok4", "small", 3, 2)
    game = open_game(tmp_path / "g")
    read = counted_reads(monkeypatch)
    boards = [board(game, entry.id) for entry in game.config.players]
    assert read.count("events.json") == 1, read
    assert len(boards) == 3
    fresh = open_game(tmp_path / "g")  # the same boards as read afresh for each player
    assert boards == [board(fresh, entry.id) for entry in fresh.config.players]


def test_a_turn_rerun_gives_its_boards_the_new_events(tmp_path: Path) -> None:
    """The events kept are those of the file as it is: a turn's events written again (a
    rerun) are read again."""
    played_game(tmp_path / "g", "wok4", "small", 3, 2)
    game = open_game(tmp_path / "g")
    turn = game.latest_turn()
    before = game_board(game, None, None)
    path = game.store.turn_dir(turn) / "events.json"
    path.write_text("[]", encoding="utf-8")
    after = game_board(game, None, None)
    assert any(spot.marks for spot in before.spots if set(spot.marks) - {"start", "home"})
    assert not any(set(spot.marks) - {"start", "home"} for spot in after.spots)


def counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the turn files parsed from now on (``parsed_turn_file``, which a game's
    reads and ``GameStore.read_json`` parse them by)."""
    read: list[str] = []

    def counted(path: Path | str, raw: bytes) -> Any:
        read.append(Path(path).name)
        return parsed_turn_file(path, raw)

    monkeypatch.setattr(store, "parsed_turn_file", counted)
    monkeypatch.setattr(engine, "parsed_turn_file", counted)
    return read
