"""A hostile pass: "one stranger takes the hour's codes". The host mails at most
``mail.unconfirmed_per_hour`` strangers an hour, all together; one address mailing JOIN over
and over, or fifty throwaway addresses at one domain, used all of it, and a real newcomer
who asked to JOIN that hour got nothing. One address gets at most
``mail.unconfirmed_per_address`` codes an hour, one domain at most
``mail.unconfirmed_domain_share`` of the hour's mail; a request asked again keeps its code,
not mailed again within the hour. Every mail goes through the poll, on the maildir
transport."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import Killed, _dies, pending_codes
from wtg.host.config import ConfigError, config_from_data, load_config
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting
from wtg.mail.incoming.strangers import (
    ASKED_AGAIN,
    CODE,
    DOMAIN_SHARE,
    FILE,
    HOURLY,
    OTHER,
    PER_ADDRESS,
    Strangers,
)
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.poll.summary import PollSummary
from wtg.mail.spool.journal import UNANSWERED_AN_ADDRESS
from wtg.mail.spool.journallists import unanswered, unanswered_not_listed

FLOODER = "flood@evil.example"
NEWCOMER = "newt@else.example"


def outcomes(summary: PollSummary, start: str) -> list[str]:
    """The outcomes of a poll's mails that begin with ``start``."""
    return [text for _key, text in summary.outcomes if text.startswith(start)]


def newcomer_gets_his_code(hall: Hall) -> None:
    """A real newcomer at another domain JOINs in the same hour: his code comes, and his
    CONFIRM puts him on the list."""
    ask = hall.answer(NEWCOMER, "JOIN wok4 AS Newt", hours=0.1)
    assert ask.subject == f"JOIN wok4: confirm with CONFIRM {ask.code()}"
    joined = hall.answer(NEWCOMER, f"CONFIRM {ask.code()}", hours=0.1)
    assert joined.subject == "you are on the waiting list wok4"
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert "Newt" in [w.name for w in waiting(book, "wok4")]


def test_the_defaults_give_one_address_three_codes_and_one_domain_half_the_hour(
    tmp_path: Path,
) -> None:
    limits = config_from_data({}, tmp_path).limits
    assert limits.unconfirmed_per_hour == 30
    assert limits.unconfirmed_per_address == 3
    assert limits.unconfirmed_domain_share == 0.5


def test_a_hundred_joins_from_one_address_mail_one_code(tmp_path: Path) -> None:
    """100 JOINs from one address in an hour took 20 of the hour's 30 codes (the address's
    ``confirmations_per_hour``), each a new code that made the last one void. The request
    is the same: its one code is mailed once, the 99 others journalled as asked again,
    nothing held back and nothing spent; the code mailed works."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for _ in range(100):
        hall.mail(FLOODER, "JOIN wok4 AS Flood")
    summary = hall.poll()
    (ask,) = hall.new_mails(FLOODER)
    assert summary.unanswered == 0
    again = outcomes(summary, "ignored: asked again: ")
    assert len(again) == 99
    assert again[0] == (
        "ignored: asked again: 'JOIN wok4: confirm with CONFIRM <code>' not mailed again (its "
        "code went out within the hour and waits); commands: JOIN wok4 AS Flood"
    )
    assert pending_codes(hall) == {ask.code(): FLOODER}
    newcomer_gets_his_code(hall)


def test_a_hundred_joins_under_many_names_from_one_address_mail_three_codes(
    tmp_path: Path,
) -> None:
    """... and 100 JOINs under 100 names (a new request each) get the address its three
    codes of the hour; the others are held back, shown to the GM as such."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(100):
        hall.mail(FLOODER, f"JOIN wok4 AS Flood{number}")
    summary = hall.poll()
    assert len(hall.new_mails(FLOODER)) == 3
    assert summary.unanswered == 97
    held = outcomes(summary, "not answered: reply limit: ")
    assert len(held) == 97
    assert all("(unconfirmed_per_address)" in text for text in held)
    # what `wtg status` and the digest show: the newest 20 of the address, the rest counted
    assert len(unanswered(hall.gm.spool, 0)) == UNANSWERED_AN_ADDRESS
    assert unanswered_not_listed(hall.gm.spool, 0) == {FLOODER: 97 - UNANSWERED_AN_ADDRESS}
    newcomer_gets_his_code(hall)


def test_fifty_addresses_at_one_domain_take_half_the_hour(tmp_path: Path) -> None:
    """50 throwaway addresses at one domain JOIN: they got the hour's 30 codes, and the
    newcomer at another domain got none (held back). The domain gets 15, the rest are
    journalled as held back by the domain's share, naming it; the newcomer gets his."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(50):
        hall.mail(f"throwaway{number}@evil.example", "JOIN wok4")
    summary = hall.poll()
    assert len([m for m in hall.new_mails() if m.to.endswith("@evil.example")]) == 15
    held = outcomes(summary, "not answered: reply limit: ")
    assert len(held) == 35
    assert all("(unconfirmed_domain_share: @evil.example)" in text for text in held)
    assert len(unanswered(hall.gm.spool, 0)) == 35
    newcomer_gets_his_code(hall)


@pytest.mark.parametrize("domain", ["evil.example", "evl.de"])
def test_fifty_addresses_below_one_domain_take_half_the_hour(tmp_path: Path, domain: str) -> None:
    """50 throwaway addresses, each at a domain of its own below evil.example (a domain's
    owner answers for any name below it: 'n7@7.evil.example'), escaped the domain's share,
    each domain as written counted apart: they took the hour's 30 codes, and the newcomer
    none. They are evil.example's: 15 codes, the rest held back by its share, naming it;
    the newcomer gets his.

    A short name under a country's code is a domain someone holds (evl.de, as gmx.de): the
    guess that read every short label over a country's two letters as that country's second
    level (co.uk) let 50 addresses at 1.evl.de, 2.evl.de, ... each count apart and take the
    hour's 30 codes. The Public Suffix List says which is which."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(50):
        hall.mail(f"n{number}@{number}.{domain}", "JOIN wok4")
    summary = hall.poll()
    assert len([m for m in hall.new_mails() if m.to.endswith(f".{domain}")]) == 15
    held = outcomes(summary, "not answered: reply limit: ")
    assert len(held) == 35
    assert all(f"(unconfirmed_domain_share: @{domain})" in text for text in held), held[0]
    newcomer_gets_his_code(hall)


def test_a_countrys_second_level_is_no_ones_domain(tmp_path: Path) -> None:
    """Newcomers at twenty providers of one country (a.co.uk, b.co.uk, ...) each get their
    code: co.uk is no domain anyone holds."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(20):
        hall.mail(f"n{number}@isp{number}.co.uk", "JOIN wok4")
    summary = hall.poll()
    assert len([m for m in hall.new_mails() if m.to.endswith(".co.uk")]) == 20
    assert outcomes(summary, "not answered: reply limit: ") == []


def test_both_floods_at_once_leave_the_newcomers_of_the_hour_their_codes(
    tmp_path: Path,
) -> None:
    """100 JOINs from one address and 50 from one domain in the same hour, then five
    newcomers (three at one big provider): every newcomer gets his code."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(100):
        hall.mail(FLOODER, f"JOIN wok4 AS Flood{number % 10}")
    for number in range(50):
        hall.mail(f"throwaway{number}@spam.example", "JOIN wok4")
    hall.poll()
    flood = hall.new_mails()
    assert len([m for m in flood if m.to == FLOODER]) == 3
    assert len([m for m in flood if m.to.endswith("@spam.example")]) == 15
    newcomers = ["ann@mail.example", "bob@mail.example", "cid@mail.example", "dan@x.example"]
    for number, who in enumerate(newcomers):
        hall.mail(who, f"JOIN wok4 AS Newcomer{number}")
    summary = hall.poll(hours=0.5)
    assert summary.unanswered == 0, summary.outcomes
    assert sorted(m.to for m in hall.new_mails()) == sorted(newcomers)
    newcomer_gets_his_code(hall)


def test_a_player_who_mails_join_twice_confirms_with_either_answer(tmp_path: Path) -> None:
    """A newcomer mails JOIN, and again a quarter of an hour later (his first answer is in
    his spam folder, say). The second JOIN made a new code and the first answer's code was
    refused. The request keeps its code: the second mail is not answered again within the
    hour (the code went out), and the code of the first answer works."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    first = hall.answer(NEWCOMER, "JOIN wok4 AS Newt", hours=0)
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt")
    summary = hall.poll(hours=0.25)
    assert hall.new_mails(NEWCOMER) == []
    assert [text for _key, text in summary.outcomes] == [
        "ignored: asked again: 'JOIN wok4: confirm with CONFIRM <code>' not mailed again (its "
        "code went out within the hour and waits); commands: JOIN wok4 AS Newt"
    ]
    assert pending_codes(hall) == {first.code(): NEWCOMER}
    # an hour on, asked again, the same code is mailed again
    second = hall.answer(NEWCOMER, "JOIN wok4 AS Newt")
    assert second.code() == first.code()
    joined = hall.answer(NEWCOMER, f"CONFIRM {first.code()}", hours=0.1)
    assert joined.subject == "you are on the waiting list wok4"


def test_join_twice_in_one_mail_and_in_one_poll_mails_one_code(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt\nLIST")
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt\nLIST")
    summary = hall.poll()
    mails = hall.new_mails(NEWCOMER)
    codes = [m for m in mails if m.subject.startswith("JOIN wok4")]
    assert len(codes) == 1
    assert [m.subject for m in mails if m not in codes] == ["waiting lists and seats offered"] * 2
    assert sorted(text for _key, text in summary.outcomes) == [
        "answered: commands: JOIN wok4 AS Newt, LIST",
        "answered: commands: JOIN wok4 AS Newt, LIST; asked again: 'JOIN wok4: confirm with "
        "CONFIRM <code>' not mailed again (its code went out within the hour and waits)",
    ]


def test_a_join_asked_again_when_the_hour_is_spent_keeps_the_code_it_was_mailed(
    tmp_path: Path,
) -> None:
    """The newcomer's code went out; two hours later strangers at 30 domains have spent the
    hour, and he mails his JOIN again: that answer is held back (shown to the GM), and the
    code he was mailed still works (a held answer forgot its code, his too)."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    ask = hall.answer(NEWCOMER, "JOIN wok4 AS Newt", hours=0)
    for number in range(30):  # named Kim by the address ("Someone" is refused as a name)
        hall.mail(f"kim@d{number}.example", "JOIN wok4")
    hall.poll(hours=2)
    assert len(hall.new_mails()) == 30
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt")
    summary = hall.poll(hours=0.1)
    assert hall.new_mails(NEWCOMER) == []
    (held,) = outcomes(summary, "not answered: ")
    assert "(unconfirmed_per_hour)" in held
    assert pending_codes(hall)[ask.code()] == NEWCOMER
    joined = hall.answer(NEWCOMER, f"CONFIRM {ask.code()}", hours=0.1)
    assert joined.subject == "you are on the waiting list wok4"


def test_an_answer_counted_then_killed_before_the_outbox_is_mailed_once_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A poll killed after the JOIN's answer was counted and before it was in the outbox:
    read again, the answer is not taken for a request asked again (its code never went
    out), nor counted twice: it is mailed, once."""
    hall = Hall(tmp_path, unconfirmed_per_hour=1)
    hall.open_list("wok4", players=10)
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt")
    with monkeypatch.context() as patched:
        patched.setattr(Outbox, "put", _dies)
        with pytest.raises(Killed):
            hall.poll()
    assert hall.new_mails() == []
    summary = hall.poll(hours=0.1)
    assert [text for _key, text in summary.outcomes] == ["answered: commands: JOIN wok4 AS Newt"]
    (ask,) = hall.new_mails(NEWCOMER)
    assert pending_codes(hall) == {ask.code(): NEWCOMER}


def test_a_code_counted_and_never_queued_is_mailed_when_asked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The JOIN's answer was counted, and queueing it failed (the disk full): the poll
    fails, the mail stays in the inbox. The newcomer mails his JOIN again. The next poll
    takes the commands in the order they came (attack46; before, the second mail first):
    the first mail's answer, in no outbox, is mailed with the code the book waits for,
    counted once; the second JOIN is a request asked again within the hour, its code out
    and waiting, and is not mailed again."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt")

    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(Outbox, "put", full)
        with pytest.raises(OSError):
            hall.poll()
    assert hall.new_mails() == []
    hall.mail(NEWCOMER, "JOIN wok4 AS Newt")
    summary = hall.poll(hours=0.2)
    assert [text for _key, text in summary.outcomes] == [
        "answered: commands: JOIN wok4 AS Newt",
        "ignored: asked again: 'JOIN wok4: confirm with CONFIRM <code>' not mailed again "
        "(its code went out within the hour and waits); commands: JOIN wok4 AS Newt",
    ]
    (mailed,) = hall.new_mails(NEWCOMER)
    assert pending_codes(hall) == {mailed.code(): NEWCOMER}
    db = sqlite3.connect(hall.gm.spool / FILE)
    assert db.execute("SELECT count(*) FROM mailed").fetchone() == (1,)
    db.close()


def test_a_count_an_older_wtg_kept_is_read_and_still_counts(tmp_path: Path) -> None:
    """``strangers.sqlite`` as an older wtg left it (``at`` and ``kind`` alone): given the
    new columns at the first count, its mails of the hour count against the hour's budget
    (and no address's, no domain's)."""
    spool = tmp_path / "spool"
    spool.mkdir()
    old = sqlite3.connect(spool / FILE)
    old.execute("CREATE TABLE mailed (at REAL NOT NULL, kind TEXT NOT NULL)")
    old.executemany("INSERT INTO mailed VALUES (?, ?)", [(990.0, CODE), (995.0, OTHER)])
    old.commit()
    old.close()
    budget = Strangers(spool, 3, per_address=1, domain_share=0.5)
    assert budget.charge(CODE, 1000.0, "a@x.example", "CODE1", "one") is None
    assert budget.charge(CODE, 1000.0, "b@y.example", "CODE2", "two") == HOURLY
    assert budget.charge(CODE, 1000.0, "a@x.example", "CODE1", "three") == ASKED_AGAIN
    assert budget.charge(CODE, 4600.0, "a@x.example", "CODE3", "four") is None
    assert budget.charge(CODE, 4600.0, "a@x.example", "CODE4", "five") == PER_ADDRESS
    assert budget.charge(OTHER, 4600.0, "c@x.example", None, "six") is None
    assert budget.charge(CODE, 4600.0, "e@x.example", "CODE5", "seven") == DOMAIN_SHARE
    # the answer that carried CODE3 never reached the outbox: the code is no request asked
    # again (it is counted, and held back by the domain's share)
    never = budget.charge(CODE, 4600.0, "a@x.example", "CODE3", "eight", queued=lambda _: False)
    assert never == PER_ADDRESS
    db = sqlite3.connect(spool / FILE)
    assert db.execute("SELECT kind, address, domain FROM mailed ORDER BY answer").fetchall() == [
        (CODE, "a@x.example", "x.example"),
        (OTHER, "c@x.example", "x.example"),
    ]
    db.close()


def test_the_new_limits_are_read_from_the_config_and_a_bad_one_is_named(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("mail:\n  unconfirmed_per_address: 1\n  unconfirmed_domain_share: 0.2\n")
    limits = load_config(good).limits
    assert (limits.unconfirmed_per_address, limits.unconfirmed_domain_share) == (1, 0.2)
    bad = tmp_path / "bad.yaml"
    bad.write_text("mail:\n  unconfirmed_per_address: -1\n  unconfirmed_domain_share: 2\n")
    with pytest.raises(ConfigError) as caught:
        load_config(bad)
    assert [line.split(": expected")[0] for line in caught.value.problems] == [
        f"{bad}, line 2: mail.unconfirmed_per_address",
        f"{bad}, line 3: mail.unconfirmed_domain_share",
    ]
