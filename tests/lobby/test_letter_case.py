"""Letters' case never tells people apart: a player's secret code is read in whatever case
he types it (docs/mail.md: a command that needs the code takes it on a ``CODE`` line), and
his address in whatever case the game or his mail client writes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, ann_and_bob
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat


@pytest.mark.parametrize("typed", [str.lower, str.swapcase])
def test_a_code_typed_in_another_case_opens_the_seat(
    typed: Callable[[str], str], tmp_path: Path
) -> None:
    """Issue 26, mutant: a code compared case-sensitively in ``seat_by_code``. Ann's code
    typed in lower case (or its cases swapped) on a REPORT's CODE line is still her code:
    the report comes back, not "the code is not the code of a player"."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = game.config.players[0]
    written = typed(ann.code)
    assert written != ann.code  # the codes have letters: a case to change
    again = hall.answer(ann.email, f"REPORT {game.config.game} 0\nCODE {written}")
    assert again.subject == f"[{game.config.game}] turn 0 report for {ann.name}", again.body
    assert game.report(ann.id, 0) in again.body


def test_a_player_whose_address_the_game_writes_in_capitals_takes_no_second_seat(
    tmp_path: Path,
) -> None:
    """Issue 26, mutant (by hand, wtg/lobby/seats.py): a seat's address compared with the
    sender's case-sensitively. The GM made the game with Cid's address as
    `Cid@Players.Example`; his client writes `cid@players.example`. His JOIN on the seat the
    GM offers is refused: he plays seat 3 already."""
    hall = Hall(tmp_path)
    seats = [
        PlayerEntry(1, "Ann", address(1), "CODEANN1"),
        PlayerEntry(2, "Bob", address(2), "CODEBOB2"),
        PlayerEntry(3, "Cid", "Cid@Players.Example", "CODECID3"),
        PlayerEntry(4, "Dee", address(4), "CODEDEE4"),
    ]
    game = create_game(hall.gm.games_dir / "g1", "wok4", "small", seats, seed=3, now=hall.now)
    game.submit_all("game: g1\nplayer: 4\nturn: 1\ncode: CODEDEE4\nquit: true\n")
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("g1"), 4, hall.now)
    refused = hall.answer("cid@players.example", "JOIN g1")
    assert "you play seat 3 of game g1\nalready" in refused.body
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []
