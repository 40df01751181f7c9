"""A player who quit a seat a newcomer took over keeps, in the finished game's results, the
HiScore turn points he earned (wtg.host.results: ``left``). Before, the seat was the
newcomer's alone and the quitter dropped out of the results: his turn points were lost to
the HiScore, and the ratings never counted the game of his."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, offer
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game
from wtg.gm.takeover import take_over
from wtg.host.results import Entry, finished_games
from wtg.lobby.people import as_people
from wtg.rules.wok.state import WokState
from wtg.site.hiscore import ScoreLine, hiscore

MOMENT = datetime(2026, 11, 23, 9, 30, tzinfo=timezone.utc)


def played_out(game: Game[WokState], quitter: int, take: Callable[[], object]) -> None:
    """Every seat plays two turns, ``quitter`` quits in the next (2 turn points, the
    others 3), ``take`` gives his seat to a newcomer, who plays the turn after while the
    other three quit: he is the last one standing."""
    for _turn in (1, 2):
        for seat in (1, 2, 3, 4):
            game.submit(filled_aof(game, seat))
        game.run_turn(now=MOMENT)
    turn, name = game.latest_turn() + 1, game.config.game
    for seat in (1, 2, 3, 4):
        code = game.config.player(seat).code
        game.submit_all(
            filled_aof(game, seat)
            if seat != quitter
            else f"game: {name}\nplayer: {seat}\nturn: {turn}\ncode: {code}\nquit: true\n"
        )
    game.run_turn(now=MOMENT)
    assert game.state().player(quitter).turn_points == 2
    take()
    turn, name = game.latest_turn() + 1, game.config.game
    for seat in (1, 2, 3, 4):
        code = game.config.player(seat).code
        game.submit_all(
            filled_aof(game, seat)
            if seat == quitter
            else f"game: {name}\nplayer: {seat}\nturn: {turn}\ncode: {code}\nquit: true\n"
        )
    game.run_turn(now=MOMENT)
    assert game.state().outcome is not None


def test_the_quitter_of_a_seat_taken_over_keeps_his_turn_points(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), seed=7).typed(WOK4)
    played_out(game, 4, lambda: take_over(game, 4, "Nia", "new@example.org", MOMENT))
    (result,) = finished_games(tmp_path)
    # before: Dee was in no entry, her two turn points lost
    assert [(e.name, e.place, e.turn_points, e.quit) for e in result.entries] == [
        ("Nia", 1, 1, False),
        ("Ann", 2, 3, True),
        ("Bob", 2, 3, True),
        ("Cid", 2, 3, True),
        ("Dee", 5, 2, True),
    ]
    assert result.entries[0] == Entry(
        key="new@example.org", name="Nia", bot=False, place=1, seat=4, turn_points=1
    )
    assert result.entries[-1] == Entry(
        key="dee@example.org",
        name="Dee",
        bot=False,
        place=5,
        seat=4,
        turn_points=2,
        quit=True,
        left=True,
    )
    assert len(result.entries) == 5 and result.seats == 4
    lines = hiscore([result]).lines
    assert lines[0] == ScoreLine(1, "Nia", 1, 1, 12, 1)
    assert lines[-1] == ScoreLine(5, "Dee", 1, 0, 0, 2)


def test_the_quitter_is_the_person_the_book_knows_by_his_address(tmp_path: Path) -> None:
    """A game from a waiting list: the book knows each seat's person; the quitter is his
    own person (not the newcomer's, who plays his seat now)."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ()).typed(WOK4)
    quitter = game.config.player(4)

    def take() -> None:
        offer(hall, 4)
        asked = hall.answer("n9@players.example", "JOIN wok4-1 AS Nia")
        hall.mail("n9@players.example", f"CONFIRM {asked.code()}")
        hall.poll(hours=1)
        game.config = hall.game("wok4-1").config

    played_out(game, 4, take)
    (result,) = as_people(hall.gm.games_dir, finished_games(hall.gm.games_dir))
    names = {(entry.name, entry.place, entry.turn_points) for entry in result.entries}
    assert ("Nia", 1, 1) in names and (quitter.name, 5, 2) in names
    keys = [entry.key for entry in result.entries]
    assert all(key.startswith("person:") for key in keys) and len(set(keys)) == 5
