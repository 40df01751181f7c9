"""A forger bounded to a few codes a day to one stranger's address (``strangercodes``)
wrote the address anew in each forged From: ``victim+7@else.example``, a sub-address its
server delivers to ``victim@``, or at Gmail the name with a dot put anywhere (``v.ictim@``).
Each was a stranger of its own, with a day of codes of its own (and three an hour): the one
mailbox got one every twenty minutes all day. They are one mailbox now
(``wtg.text.addresses.mailbox_of``), and its owner's own JOIN in such a flood is listed, with
its code, in the late mail to a sub-address of his."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.test_takeover_code_floods import seat_offered
from wtg.mail.incoming.strangercodes import CODES_A_DAY
from wtg.text.addresses import mailbox_of


def test_a_day_of_requests_under_sub_addresses_mails_one_mailbox_a_bounded_count(
    tmp_path: Path,
) -> None:
    hall = seat_offered(tmp_path)
    hall.new_mails()
    mailed = 0
    for hour in range(24):
        for number in range(3):
            hall.mail(f"victim+{hour}x{number}@else.example", f"JOIN wok4-1 AS N{hour}x{number}")
        hall.poll(hours=1)
        mailed += len(hall.new_mails())
    assert (
        mailed == CODES_A_DAY + 5
    )  # as for one address (tests/lobby/test_takeover_code_floods.py)


def test_the_owners_own_join_is_listed_in_a_late_mail_to_a_sub_address(tmp_path: Path) -> None:
    hall = seat_offered(tmp_path)
    for hour in range(3):  # the day's codes spent, and the late one of hour 2
        for number in range(3):
            hall.mail(f"victim+{hour}x{number}@else.example", f"JOIN wok4-1 AS N{hour}x{number}")
        hall.poll(hours=1)
    hall.new_mails()
    hall.mail("victim@else.example", "JOIN wok4-1 AS Vic")  # the owner, the same day
    hall.poll(hours=1)
    assert hall.new_mails() == []
    for hour in range(3, 7):  # the flood goes on
        hall.mail(f"victim+{hour}@else.example", f"JOIN wok4-1 AS N{hour}")
        hall.poll(hours=1)
    (late,) = hall.new_mails()
    assert "JOIN wok4-1 AS Vic, until" in late.words, late.body
    code = late.body.split("JOIN wok4-1 AS Vic, until", 1)[1].split("CONFIRM ", 1)[1].split()[0]
    hall.mail("victim@else.example", f"CONFIRM {code}")
    hall.poll(hours=0.1)
    assert hall.game("wok4-1").config.player(4).name == "Vic"


def test_the_mailbox_of_an_address() -> None:
    assert mailbox_of("vic+7@else.example") == "vic@else.example"
    assert mailbox_of("v.i.c+x@gmail.com") == "vic@gmail.com"
    assert mailbox_of("v.i.c@else.example") == "v.i.c@else.example"
    assert mailbox_of("+7@else.example") == "+7@else.example"
    assert mailbox_of("nobody") == "nobody"
