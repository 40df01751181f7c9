"""A code to CONFIRM is good for 7 days from the moment it was mailed (docs/mail.md): one
confirmed 7 days on to the second still counts; a second later it has lapsed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_forged_from import waiting_names
from wtg.lobby.confirm import GOOD_FOR


def test_a_code_confirmed_7_days_on_to_the_second_still_counts(tmp_path: Path) -> None:
    """Issue 26, mutant (by hand, wtg/lobby/confirm.py): a code purged when exactly
    ``GOOD_FOR`` old (``<=`` for ``<``) with the older codes. Cid's code lapses unconfirmed;
    Ann's, mailed an hour after his and confirmed 7 days after it was mailed, puts her on
    the list; Bob's, confirmed a second later than that, has lapsed."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(address(3), "JOIN wok4 AS Cid")  # an hour before: his code lapses first
    hall.poll()
    hall.new_mails()
    hall.now += timedelta(hours=1)
    asked = hall.now
    for number, name in ((1, "Ann"), (2, "Bob")):
        hall.mail(address(number), f"JOIN wok4 AS {name}")
    hall.poll()
    codes = {mail.to: mail.code() for mail in hall.new_mails()}
    hall.mail(address(1), f"CONFIRM {codes[address(1)]}")
    hall.now = asked + GOOD_FOR
    hall.poll()
    assert waiting_names(hall) == ["Ann"]
    hall.mail(address(2), f"CONFIRM {codes[address(2)]}")
    hall.now = asked + GOOD_FOR + timedelta(seconds=1)
    hall.poll()
    assert waiting_names(hall) == ["Ann"]
    (refused,) = hall.new_mails(address(2))
    assert "your request (JOIN wok4) has lapsed; send it again" in refused.words
