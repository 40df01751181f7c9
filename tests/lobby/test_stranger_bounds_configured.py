"""The bounds of codes to a stranger's mailbox and of a seat's wrong-code rows were
constants (6 codes a day, then one every 4 hours; 100 rows): a GM of a big public host may
need them otherwise. They are config keys now (``mail.stranger_codes_per_day``,
``mail.stranger_late_hours``, ``mail.wrong_code_rows``), the defaults as before, refused with
the key's name when mistyped or negative. And a ``-`` sub-address (``name-tag@``, a qmail
host's) is one mailbox with ``name@`` at the domains ``mail.dash_subaddress_domains`` lists,
and only there: a hyphen is part of many real names (docs/mail.md, "Commands by mail")."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.host.config import ConfigError, load_config
from wtg.mail.incoming.strangercodes import CODES_A_DAY, LATE_EVERY
from wtg.mail.spool.journal import WRONG_CODE_ROWS
from wtg.text.addresses import mailbox_of


def _flood(hall: Hall, addresses: list[str], hours: int) -> list[int]:
    """Three forged JOINs an hour for ``hours`` hours, each From the next of
    ``addresses`` in turn: the codes mailed each hour."""
    game_with_quitters(hall, (4,))
    offer(hall, 4)
    hall.new_mails()
    mailed = []
    sent = 0
    for hour in range(hours):
        for number in range(3):
            address = addresses[sent % len(addresses)]
            hall.mail(address, f"JOIN wok4-1 AS N{hour}x{number}")
            sent += 1
        hall.poll(hours=1)
        mailed.append(len(hall.new_mails()))
    return mailed


def test_the_defaults_are_the_old_constants(tmp_path: Path) -> None:
    config = tmp_path / "wtg.yaml"
    config.write_text("mail:\n  replies_per_hour: 3\n")
    limits = load_config(config).limits
    assert limits.stranger_codes_per_day == CODES_A_DAY == 6
    assert limits.stranger_late_hours * 3600 == LATE_EVERY == 4 * 3600
    assert limits.wrong_code_rows == WRONG_CODE_ROWS == 100
    assert limits.dash_subaddress_domains == ()


def test_a_typo_or_a_negative_number_is_refused_with_the_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "mail:\n  stranger_codes_per_day: -1\n  stranger_late_hours: -4\n"
        "  wrong_code_rows: 0\n  dash_subaddress_domains: [qmail.example, not a domain]\n"
        "  stranger_code_per_day: 3\n"
    )
    with pytest.raises(ConfigError) as caught:
        load_config(bad)
    problems = caught.value.problems
    assert [line.split(": ", 2)[1] for line in problems] == [
        "mail.stranger_codes_per_day",
        "mail.stranger_late_hours",
        "mail.wrong_code_rows",
        "mail.dash_subaddress_domains",
        "mail.stranger_code_per_day",
    ], problems
    assert "did you mean 'stranger_codes_per_day'?" in problems[-1]
    assert "expected a domain name (example.org), or a list of them" in problems[3]


def test_a_big_host_sets_the_codes_a_stranger_gets(tmp_path: Path) -> None:
    """12 codes a day, then one when none went in the last 2 hours: the first four hours
    mail three each (the hour's ``unconfirmed_per_address``), then, polled each hour, one
    every third hour of the flood (the default: one every fifth)."""
    hall = Hall(tmp_path, replies_per_day=5, stranger_codes_per_day=12, stranger_late_hours=2)
    mailed = _flood(hall, ["victim@else.example"], 10)
    assert mailed[:4] == [3, 3, 3, 3]  # 12: the day's codes
    assert mailed[4:] == [1, 0, 0, 1, 0, 0]  # hours 4 and 7
    default = Hall(tmp_path / "default", replies_per_day=5)
    mailed = _flood(default, ["victim@else.example"], 10)
    assert mailed == [3, 3, 1, 0, 0, 0, 0, 1, 0, 0]  # 6, then hours 2 and 7


def test_a_flood_under_dash_sub_addresses_of_a_listed_domain_is_one_mailbox(
    tmp_path: Path,
) -> None:
    """At a domain the GM lists, ``victim-1@``, ``victim-2@`` are ``victim@``'s mailbox,
    bounded as one address; at another, each name is a stranger of its own."""
    flood = [f"victim-{n}@qmail.example" for n in range(30)]
    listed = Hall(tmp_path / "listed", replies_per_day=5, dash_subaddress_domains="qmail.example")
    once = _flood(listed, flood, 6)
    alone = Hall(tmp_path / "alone", replies_per_day=5)
    one = _flood(alone, ["victim@qmail.example"], 6)
    assert once == one and sum(once) == CODES_A_DAY + 1  # hours 0, 1, then the late hour 2
    unlisted = Hall(tmp_path / "unlisted", replies_per_day=5)
    assert sum(_flood(unlisted, flood, 6)) == 18  # three an hour, each a stranger


def test_a_hyphen_of_an_unlisted_domain_is_part_of_the_name() -> None:
    assert mailbox_of("mary-jane@else.example") == "mary-jane@else.example"
    assert mailbox_of("mary-jane@else.example", ("qmail.example",)) == "mary-jane@else.example"
    assert mailbox_of("mary-jane+x@qmail.example", ("qmail.example",)) == "mary@qmail.example"
    assert mailbox_of("-x@qmail.example", ("qmail.example",)) == "-x@qmail.example"


def test_a_seat_keeps_the_rows_of_wrong_codes_the_config_says(tmp_path: Path) -> None:
    hall = Hall(tmp_path, wrong_code_rows=3, replies_per_hour=100)
    game_with_quitters(hall, (4,))
    for number in range(6):
        hall.mail(f"guess{number}@else.example", "STATUS wok4-1\nCODE WRONG0000")
    hall.poll(hours=1)
    db = sqlite3.connect(hall.gm.spool / "journal.sqlite")
    try:
        (rows,) = db.execute("SELECT COUNT(*) FROM wrong_codes").fetchone()
        (folded,) = db.execute("SELECT COALESCE(SUM(forms), 0) FROM wrong_code_folds").fetchone()
    finally:
        db.close()
    assert (rows, folded) == (3, 3)
