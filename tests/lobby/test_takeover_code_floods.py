"""A takeover asked for in another's name, all day: ``JOIN wok4-1 AS <a new name>`` for a
seat offered, forged From a stranger's address, each under a name of its own (a request
asked again under the same name is not mailed again within the hour), mailed that address
a code to CONFIRM three times an hour (``unconfirmed_per_address``), 72 a day. Codes to
CONFIRM are counted a day apart from the address's other answers, at most
``mail.replies_per_day`` a day (``wtg.mail.incoming.answers.CODES_DAY``); the seat stays
offered, and the real newcomer of another address takes it."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_second_seat import game_with_quitters, newcomer_takes, offer

VICTIM = "victim@else.example"


def test_forged_takeover_requests_mail_an_address_the_days_codes(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_day=5)
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    hall.new_mails()
    held = []
    for hour in range(8):
        for number in range(4):
            hall.mail(VICTIM, f"JOIN wok4-1 AS Name{hour}x{number}")
        summary = hall.poll(hours=1)
        held += [text for _key, text in summary.outcomes if "not answered: reply limit" in text]
    mailed = hall.new_mails(VICTIM)
    assert len(mailed) == 5
    assert all("CONFIRM" in mail.words for mail in mailed)
    assert len(held) == 8 * 4 - 5  # each journalled, and in the digest
    assert "(replies_per_day)" in held[-1]
    newcomer_takes(hall, 4)
    assert hall.game("wok4-1").config.player(4).name == "Newcomer"


def test_a_flood_of_forged_help_leaves_his_own_joins_code(tmp_path: Path) -> None:
    """The day's answers spent on forged HELPs: his own JOIN's code goes all the same."""
    hall = Hall(tmp_path, replies_per_day=2)
    hall.open_list("wok4", players=3)
    for _hour in range(3):
        hall.mail(address(1), "HELP")
        hall.poll(hours=1)
    assert len(hall.new_mails(address(1))) == 2
    hall.mail(address(1), "JOIN wok4 AS Ann")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(address(1))
    assert answer.code()
