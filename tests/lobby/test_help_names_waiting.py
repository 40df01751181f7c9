"""A "yes" mailed on its own to confirm a JOIN: a client that keeps no thread (or a new mail
typed from scratch) carries no reference to the host's mail and no code, so it confirms
nothing (``wtg.lobby.yesno``) and gets the HELP. The HELP said nothing of the request: the
player, who thought he had confirmed, waited for a game that never came. Now the HELP names
each request of his address that waits, until when, and the line that confirms it; the
codes go to the address they were mailed to already. An address with nothing waiting gets
the HELP as before."""

from __future__ import annotations

import re
from pathlib import Path

from tests.lobby.hall import Hall, address
from tests.lobby.test_lobby_replay import pending_codes


def test_a_yes_mailed_on_its_own_is_told_the_request_waits_and_how_to_confirm(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    asked = hall.answer(address(1), "JOIN wok4 AS Ann")
    code = asked.code()
    hall.mail(address(1), "yes")  # a new mail: no In-Reply-To, no code, subject not a reply
    hall.poll(hours=1)
    (help_mail,) = hall.new_mails(address(1))
    assert help_mail.subject.endswith("the commands of the host"), help_mail.subject
    assert "Your request JOIN wok4 waits for you to confirm it, until 2026-11-29 13:00 UTC." in (
        help_mail.words
    )
    assert f"\n  CONFIRM {code}\n" in help_mail.body
    # a reply confirms only with a yes typed in it (strangers47: an auto-responder's confirms
    # nothing), and the HELP says so where it offers the reply
    assert 'reply to the mail that asked you to, typing "yes" in your reply):' in help_mail.words
    assert list(pending_codes(hall).values()) == [address(1)]  # the yes confirmed nothing
    # the line it gives confirms it
    hall.mail(address(1), f"CONFIRM {code}")
    hall.poll(hours=1)
    assert pending_codes(hall) == {}


def test_the_help_of_an_address_with_nothing_waiting_names_no_request(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=4)
    hall.mail(address(1), "JOIN wok4 AS Ann")
    hall.poll(hours=1)
    hall.new_mails()
    hall.mail(address(2), "yes")  # another address: Ann's code is not his to get
    hall.poll(hours=1)
    (help_mail,) = hall.new_mails(address(2))
    assert "waits for you to confirm" not in help_mail.words
    assert re.search(r"^  CONFIRM [A-Z0-9]+$", help_mail.body, re.M) is None
    assert help_mail.body.startswith("The host reads the commands you type in a mail")
