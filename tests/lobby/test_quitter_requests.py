"""A player who has quit (his seat's code still opens it until a newcomer takes it over)
sent RESIGN and ABSENCE: the RESIGN was mailed a code to CONFIRM ("you would be out for
good") whose CONFIRM could only be refused ("nothing to quit"), and the ABSENCE was
noted and kept for turns he has no part in. Each is refused at once with the reason, as
his AOF is."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, Mail
from tests.lobby.test_second_seat import game_with_quitters
from wtg.game.absences import absences
from wtg.lobby.database import LobbyDatabase


def resign_and_absence(tmp_path: Path, seat: int) -> tuple[Hall, list[Mail]]:
    """A game of four whose seat 4 quit, and ``seat``'s RESIGN and ABSENCE for turns 3 to
    4, each with his code, in one poll: the hall and the answers to him."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, (4,))
    player = game.config.player(seat)
    hall.mail(player.email, f"RESIGN wok4-1\nCODE {player.code}\n")
    hall.mail(player.email, f"ABSENCE wok4-1 3 4\nCODE {player.code}\n")
    hall.poll(hours=1)
    return hall, hall.new_mails(player.email)


def test_a_quitters_resign_and_absence_are_refused_at_once(tmp_path: Path) -> None:
    hall, answers = resign_and_absence(tmp_path, 4)
    subjects = {m.subject: m.words for m in answers}
    assert sorted(subjects) == ["ABSENCE wok4-1 3 4: not done", "RESIGN wok4-1: not done"]
    assert (
        "player 4 has no orders to give in game wok4-1: nothing to quit"
        in (subjects["RESIGN wok4-1: not done"])
    )
    assert (
        "player 4 has no orders to give in game wok4-1: no absence to plan"
        in (subjects["ABSENCE wok4-1 3 4: not done"])
    )
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert book.rows("SELECT * FROM pending") == []
    fresh = hall.game("wok4-1")
    assert absences(fresh.store, fresh.config) == {}


def test_a_playing_players_resign_and_absence_are_taken(tmp_path: Path) -> None:
    _hall, answers = resign_and_absence(tmp_path, 2)
    subjects = sorted(m.subject for m in answers)
    assert subjects[0] == "[wok4-1] RESIGN: confirm with CONFIRM " + subjects[0][-10:]
    assert subjects[1] == "[wok4-1] absence noted: turns 3 to 4"
