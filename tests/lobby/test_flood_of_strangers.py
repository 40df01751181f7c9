"""A hostile pass: "a flood of strangers shuts a real newcomer out". 500 JOINs at throwaway
addresses of three domains spent the hour's ``mail.unconfirmed_per_hour`` (two domains took
half each), and a newcomer at a fourth domain who JOINed that hour got no answer: the GM
saw it only among the poll's mails not answered. Every mail goes through the poll, on the
maildir transport."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_strangers_flood import newcomer_gets_his_code, outcomes
from wtg.host.config import config_from_data
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

NEWCOMER = "ann@fourth.example"
FLOOD = 500


def test_a_quarter_of_the_hour_is_kept_for_domains_not_yet_answered(tmp_path: Path) -> None:
    limits = config_from_data({}, tmp_path).limits
    assert limits.unconfirmed_new_domain_share == 0.25


def test_a_flood_from_three_domains_leaves_a_newcomer_at_a_fourth_his_code(
    tmp_path: Path,
) -> None:
    """500 strangers at three domains, then the newcomer at a fourth, in one poll: the
    domains answered already this hour take no more than three quarters of it (22 of 30),
    the rest (8) is kept for a domain's first answer of the hour, and the newcomer gets his
    code that same poll; his CONFIRM puts him on the list."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    domains = ("spam.example", "junk.example", "trash.example")
    for number in range(FLOOD):
        hall.mail(f"s{number}@{domains[number % 3]}", "JOIN wok4")
    hall.mail(NEWCOMER, "JOIN wok4 AS Ann")
    summary = hall.poll()
    (ask,) = hall.new_mails(NEWCOMER)
    assert ask.subject == f"JOIN wok4: confirm with CONFIRM {ask.code()}"
    flood = [m for m in hall.new_mails() if m.to.endswith(domains)]
    assert len(flood) == 22  # three quarters of the hour, the domains' first answers among them
    assert summary.unanswered == FLOOD - len(flood)
    joined = hall.answer(NEWCOMER, f"CONFIRM {ask.code()}", hours=0.1)
    assert joined.subject == "you are on the waiting list wok4"
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert "Ann" in [w.name for w in waiting(book, "wok4")]
    newcomer_gets_his_code(hall)  # and another from yet another domain, later that hour
    held = outcomes(summary, "not answered: reply limit: ")
    assert len(held) == FLOOD - 22
    assert {text.split("(unconfirmed_new_domain_share: @")[1] for text in held} == {
        f"{domain}); commands: JOIN wok4" for domain in domains
    }


def test_a_flood_from_ever_new_domains_is_one_warning_for_the_gm(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """200 strangers, each at a domain of its own (no domain's share holds them), then the
    newcomer: the hour's 30 codes went to the first 30, and each of the other 171 mails
    was a warning of its own in the GM's log, the newcomer's one line among them. Each is
    logged at info now (`wtg poll -v` lists them as before), and the poll warns once,
    counting them; the newcomer who mails again when the hour has room gets his code."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(200):
        hall.mail(f"n{number}@d{number}.example", "JOIN wok4")
    hall.mail(NEWCOMER, "JOIN wok4 AS Ann")
    caplog.set_level(logging.INFO, logger="wtg")
    summary = hall.poll()
    assert len(hall.new_mails()) == 30
    assert summary.unanswered == 171
    assert len(outcomes(summary, "not answered: reply limit: ")) == 171
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warned == [
        "poll: 171 mails from strangers not answered: the hour's mail to strangers is spent "
        "(mail.unconfirmed_per_hour; `wtg poll -v` lists them)"
    ]
    infos = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert sum(text.startswith("not answered: reply limit: ") for text in infos) == 171
    ask = hall.answer(NEWCOMER, "JOIN wok4 AS Ann", hours=1.01)
    assert ask.subject == f"JOIN wok4: confirm with CONFIRM {ask.code()}"
