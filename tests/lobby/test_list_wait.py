"""A waiting list opened with `--robots-after HOURS` starts with the players there are once it
has waited that long since its FIRST confirmed player (docs/mail.md), at the next
`run-turn --due` (``tend``)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.lobby.hall import Hall, address
from wtg.lobby.tend import tend


def confirm(hall: Hall, number: int) -> None:
    """Player ``number`` JOINs the wok4 list and CONFIRMs: on the list from ``hall.now``."""
    hall.mail(address(number), f"JOIN wok4 AS Player{number}")
    hall.poll()
    (answer,) = hall.new_mails(address(number))
    hall.mail(address(number), f"CONFIRM {answer.code()}")
    hall.poll()
    hall.new_mails()


def test_the_wait_is_counted_from_the_first_player_not_the_last(tmp_path: Path) -> None:
    """Issue 26, mutant: the lobby's wait counted from the LAST player to join rather than
    the FIRST. Ann confirms, Bob 20 hours later; with `--robots-after 24` the game starts 24
    hours after Ann (only 4 after Bob), not a second before, and not 24 hours after Bob."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", robots_after=24)  # ten seats: it never fills here
    first = hall.now
    confirm(hall, 1)
    hall.now = first + timedelta(hours=20)
    confirm(hall, 2)
    games = hall.gm.games_dir
    early = tend(games, first + timedelta(hours=24) - timedelta(seconds=1))
    assert early.started == () and early.problems == ()
    assert not (games / "wok4-1").exists()
    due = tend(games, first + timedelta(hours=24))
    assert [(s.game, s.list) for s in due.started] == [("wok4-1", "wok4")], due
    players = hall.game("wok4-1").config.players
    assert sorted(p.email for p in players) == [address(1), address(2)]
