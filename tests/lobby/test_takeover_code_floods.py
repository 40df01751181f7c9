"""A takeover asked for in another's name, all day: ``JOIN wok4-1 AS <a new name>`` for a
seat offered, forged From a stranger's address, each under a name of its own, mails that
address a code to CONFIRM three times an hour (``unconfirmed_per_address``), 72 a day.
Ruling (docs/mail.md, "Commands by mail"): codes to CONFIRM are not capped a day
(``mail.replies_per_day`` holds the help and refusals alone): a forger who spent an
address's day of codes would lock its real owner out of every JOIN and takeover for a day,
where the hour's limit locks him out for an hour at most; the forger's codes are the
address's own to ignore, none of them does anything unconfirmed, and its owner's own JOIN
ends them all."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, offer

VICTIM = "victim@else.example"


def test_a_day_of_forged_takeover_requests_leaves_the_address_its_own(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_day=5)
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    hall.new_mails()
    for hour in range(10):
        for number in range(3):
            hall.mail(VICTIM, f"JOIN wok4-1 AS Name{hour}x{number}")
        hall.poll(hours=1)
    assert len(hall.new_mails(VICTIM)) == 30  # three an hour, past the day's 5 answers
    hall.mail(VICTIM, "JOIN wok4-1 AS Vic")  # the address's owner, the same day
    hall.poll(hours=1)
    (ask,) = hall.new_mails(VICTIM)
    hall.mail(VICTIM, f"CONFIRM {ask.code()}")
    hall.poll(hours=0.1)
    assert hall.game("wok4-1").config.player(4).name == "Vic"
