"""What the people's book writes of a Duel player, who plays three colours: his play ends
(QUIT) only once every one of his colours has quit (docs/mail.md: a player's record counts
the games he finished and won)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tests.lobby.hall import Hall, address, joined
from wtg.core.ruleset import SeatId
from wtg.game.engine import Game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.people import QUIT, WON


def quit_colours(hall: Hall, game: Game, seat: int, colours: Sequence[int]) -> None:
    """The seat's player quits ``colours`` (order files with his code), and the turn runs."""
    turn = game.latest_turn() + 1
    code = game.config.player(seat).code
    for colour in colours:
        game.submit_all(
            f"game: {game.config.game}\nplayer: {colour}\nturn: {turn}\ncode: {code}\nquit: true\n"
        )
    game.run_turn(now=hall.now, force=True)


def results(hall: Hall) -> dict[int, str | None]:
    """Each seat's result in the book, once `run-turn --due` tended the lobby."""
    hall.due_tasks(hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        return {int(r["seat"]): r["result"] for r in book.rows("SELECT seat, result FROM plays")}


def test_a_duel_player_who_quits_one_colour_of_three_still_plays(tmp_path: Path) -> None:
    """Issue 26, mutant (by hand, wtg/lobby/seats.py): a play ended as QUIT when ANY of the
    player's colours quit rather than ALL. Ann quits one of her three colours: she plays on,
    her play still running; she quits the other two: her play is QUIT, and Bob, the last
    standing, WON."""
    hall = Hall(tmp_path)
    hall.open_list("standard", variant="duel", players=2)
    for number, name in ((1, "Ann"), (2, "Bob")):
        joined(hall, number, f"JOIN standard duel AS {name}")
    game = hall.game("standard-duel-1")
    ann = next(p for p in game.config.players if p.email == address(1))
    colours = list(game.ruleset.sides_of(game.state_view(), SeatId(ann.id)))
    assert len(colours) == 3
    quit_colours(hall, game, ann.id, colours[:1])
    assert results(hall) == {1: None, 2: None}
    quit_colours(hall, game, ann.id, colours[1:])
    bob = 3 - ann.id
    assert results(hall) == {ann.id: QUIT, bob: WON}
