"""A request held back past a stranger's day of codes (``mail.stranger_codes_per_day``) waits,
kept for the mailbox's next late mail to list, as many an hour as one address may be mailed
codes (``mail.unconfirmed_per_address``). Kept a few an hour at every mailbox whose day a
forger spent, they grew the book's codes waiting past the hour's mail to strangers (a
hundred mailboxes, 300 an hour, 50,000 in the 7 days a code waits). Now the requests kept
at every mailbox together are as many an hour as ``mail.unconfirmed_per_hour``: the codes
waiting for strangers are at most the hour's codes mailed and as many kept, an hour, for 7
days."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import pending_codes
from tests.lobby.test_strangers_flood import outcomes

MAILBOXES = 4
ASKED = 6
CAP = 2 * MAILBOXES
"""The hour's mail to strangers: each mailbox's day's code and its late one."""


def day_spent_hall(tmp_path: Path, cap: int) -> Hall:
    """A hall whose strangers have one code a day (and a late one within the day), ``cap``
    requests kept an hour, 3 an address, and a list of 10 players open."""
    hall = Hall(
        tmp_path,
        stranger_codes_per_day=1,
        stranger_late_hours=24,
        unconfirmed_per_hour=cap,
        unconfirmed_per_address=3,
        unconfirmed_new_domain_share=0,  # each mailbox a domain of its own: the hour alone
    )
    hall.open_list("wok4", players=10)
    return hall


def test_the_requests_kept_past_the_days_codes_are_bounded_an_hour(tmp_path: Path) -> None:
    hall = day_spent_hall(tmp_path, CAP)
    for box in range(MAILBOXES):
        for asked in range(ASKED):
            hall.mail(f"victim{box}@d{box}.example", f"JOIN wok4 AS Name{box}x{asked}")
    summary = hall.poll()
    mailed = hall.new_mails()
    assert len(mailed) == CAP  # a day's code and a late one to each mailbox
    held = outcomes(summary, "not answered: reply limit: ")
    assert len(held) == MAILBOXES * (ASKED - 2)
    assert all("(stranger_codes_per_day)" in text for text in held)
    # kept: 3 a mailbox were 12 of them, past the hour's 8; the others are forgotten
    waiting = pending_codes(hall)
    assert len(waiting) == CAP + CAP
    codes = {mail.code() for mail in mailed}
    assert codes <= set(waiting)
    # an hour on, as many more may be kept
    for box in range(MAILBOXES):
        hall.mail(f"victim{box}@d{box}.example", f"JOIN wok4 AS Later{box}")
    hall.poll(hours=1.1)
    assert hall.new_mails() == []
    assert len(pending_codes(hall)) == CAP + CAP + MAILBOXES
