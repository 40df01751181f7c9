"""A takeover's notices to the table (every other player, and the quitter) are notices of
the game, as the GM's are: they were counted as answers to each player's address, against
his `confirmations_per_hour`, so a player who had mailed his orders and commands as often
as the hour lets him was never told that a newcomer took a seat of his game (the notice
held back for good, the newcomer's CONFIRM journalled 'not answered'), and each takeover
spent an hour's room of every player's own answers: a stranger who took over the seats the
GM offered, one after another, held back the confirmations of the table's orders."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.game.engine import Game


def _takes(hall: Hall, seat: int, sender: str, name: str) -> None:
    """``seat`` (offered) taken over by ``name`` from ``sender``, his JOIN and CONFIRM
    polled a minute apart."""
    take = hall.answer(sender, f"JOIN wok4-1 AS {name}", hours=0.01)
    hall.mail(sender, f"CONFIRM {take.code()}")
    hall.poll(hours=0.01)
    assert hall.game("wok4-1").config.player(seat).email == sender


def _status(hall: Hall, game: Game, seat: int, times: int) -> None:
    entry = game.config.player(seat)
    for _ in range(times):
        hall.mail(entry.email, f"STATUS wok4-1\nCODE {entry.code}\n")
    hall.poll(hours=0.01)


def test_a_player_whose_hour_is_spent_is_told_of_a_takeover(tmp_path: Path) -> None:
    """Player 1 asked STATUS three times (his `confirmations_per_hour`), then a newcomer
    takes seat 4 within the hour: player 1 is told all the same, and so is the quitter,
    who had spent his hour too."""
    hall = Hall(tmp_path, confirmations_per_hour=3)
    game = game_with_quitters(hall, (4,))
    offer(hall, 4)
    hall.poll(hours=2)
    hall.new_mails()
    first, quitter = game.config.player(1), game.config.player(4)
    _status(hall, game, 1, 3)
    hall.mail(quitter.email, f"STATUS wok4-1\nCODE {quitter.code}\n")
    hall.mail(quitter.email, f"STATUS wok4-1\nCODE {quitter.code}\n")
    hall.mail(quitter.email, f"STATUS wok4-1\nCODE {quitter.code}\n")
    hall.poll(hours=0.01)
    assert len([m for m in hall.new_mails(first.email) if "status" in m.subject]) == 3
    assert len([m for m in hall.new_mails(quitter.email) if "status" in m.subject]) == 3
    _takes(hall, 4, address(9), "Newcomer")
    subjects = {m.to: m.subject for m in hall.new_mails() if m.to != address(9)}
    assert subjects[first.email] == "[wok4-1] Newcomer takes over seat 4"
    assert subjects[quitter.email] == "[wok4-1] your seat 4 is taken over"
    assert len(subjects) == 4  # the three others and the quitter


def test_takeovers_spend_no_room_of_a_players_own_answers(tmp_path: Path) -> None:
    """Seats 3 and 4 offered, taken over one after the other within the hour: player 1 is
    told of both, and his three STATUS of that hour (his `confirmations_per_hour`) are
    answered all the same."""
    hall = Hall(tmp_path, confirmations_per_hour=3)
    game = game_with_quitters(hall, (3, 4))
    offer(hall, 3)
    offer(hall, 4)
    hall.poll(hours=2)
    hall.new_mails()
    first = game.config.player(1)
    _takes(hall, 3, address(8), "Newcomer")
    _takes(hall, 4, address(9), "Stranger")
    # sorted: the outbox's names hold the maildir keys, whose microseconds (M99999,
    # M100000) are not padded, and list the two in either order
    told = sorted(m.subject for m in hall.new_mails(first.email))
    assert told == [
        "[wok4-1] Newcomer takes over seat 3",
        "[wok4-1] Stranger takes over seat 4",
    ]
    _status(hall, game, 1, 3)
    answered = [m.subject for m in hall.new_mails(first.email)]
    assert answered == ["[wok4-1] status of turn 2"] * 3
