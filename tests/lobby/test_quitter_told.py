"""The player who quit a seat taken over is told, whatever strangers mailed the host: the
notice to him went out as an answer to a stranger (his address no seat's once the newcomer
has it, and the book knows no player of a game the GM made), so it counted against the
hour's mail to strangers, and a stranger's HELPs that had spent it held it back: he never
learnt that his seat went to someone else and his code stopped working. His address is
the one the game had for the seat, not a From anyone may forge."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from tests.lobby.hall import Hall, address
from wtg.game.engine import create_game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offer_seat


def test_the_quitter_is_told_after_strangers_spent_the_hour(tmp_path: Path) -> None:
    hall = Hall(tmp_path, unconfirmed_per_hour=2)  # one answer an hour without a code
    entries = players(3)
    game = create_game(hall.gm.games_dir / "kao", "wok4", "small", entries, 1, now=hall.now)
    quitter = entries[2]
    game.submit_all(f"game: kao\nplayer: 3\nturn: 1\ncode: {quitter.code}\nquit: true\n")
    game.run_turn(now=hall.now)
    with LobbyDatabase(hall.gm.games_dir) as book:
        offer_seat(book, hall.game("kao"), 3, hall.now)
    take = hall.answer(address(9), "JOIN kao AS Newcomer")

    hall.mail(address(8), "HELP")  # a stranger: the hour's answers without a code spent
    hall.poll(hours=2)
    assert [m.subject for m in hall.new_mails(address(8))] == ["the commands of the host"]
    hall.mail(address(9), f"CONFIRM {take.code()}")
    summary = hall.poll()

    assert hall.game("kao").config.player(3).email == address(9)
    told = hall.new_mails(quitter.email)
    assert [m.subject for m in told] == ["[kao] your seat 3 is taken over"], summary
    assert "is taken over by a new player, Newcomer" in told[0].words
    assert "Your secret code of that game no longer works." in told[0].words
    assert summary.unanswered == 0
