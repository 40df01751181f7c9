"""A player who has left a game (his QUIT, or a RESIGN, ran at turn N) mailed REPORT for a
later turn, or for the latest, and was sent the report of a turn he had no part in: the
game's state after he left. His REPORT is answered up to the turn he left at, and a later
turn is refused with the reason."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.lobby.seats import left_at


def test_a_quitters_report_stops_at_the_turn_he_left(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    assert left_at(game, 4) == 1
    assert left_at(game, 2) is None
    game.run_turn(now=hall.now)
    hall.new_mails()
    fresh = hall.game("wok4-1")
    assert fresh.latest_turn() == 2
    assert left_at(fresh, 4) == 1
    quitter = fresh.config.player(4)
    hall.mail(quitter.email, f"REPORT wok4-1 2\nCODE {quitter.code}\n")
    hall.mail(quitter.email, f"REPORT wok4-1\nCODE {quitter.code}\n")
    hall.mail(quitter.email, f"REPORT wok4-1 1\nCODE {quitter.code}\n")
    hall.poll(hours=1)
    mails = {m.subject: m.words for m in hall.new_mails(quitter.email)}
    assert sorted(mails) == [
        "REPORT wok4-1 2: not done",
        "REPORT wok4-1: not done",
        f"[wok4-1] turn 1 report for {quitter.name}",
    ]
    reason = (
        "you left game wok4-1 at turn 1: the reports of later turns are not sent to "
        "you. Write REPORT wok4-1 1, or an earlier turn, for one you played"
    )
    assert reason in mails["REPORT wok4-1 2: not done"]
    assert reason in mails["REPORT wok4-1: not done"]


def test_a_playing_players_report_is_the_latest(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    game.run_turn(now=hall.now)
    hall.new_mails()
    player = hall.game("wok4-1").config.player(2)
    hall.mail(player.email, f"REPORT wok4-1\nCODE {player.code}\n")
    hall.poll(hours=1)
    assert [m.subject for m in hall.new_mails(player.email)] == [
        f"[wok4-1] turn 2 report for {player.name}"
    ]
