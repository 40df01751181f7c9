"""Issue 25, item 5: "Forged From": what a stranger who writes any From he likes can make the
host do: mail third parties (backscatter), fill the book with requests, take a waiting player
off a list."""

from __future__ import annotations

import re
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address, joined
from tests.lobby.test_second_seat import game_with_quitters
from wtg.host.config import config_from_data
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


def pending_rows(hall: Hall) -> list[tuple[str, str]]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [(str(r[0]), str(r[1])) for r in book.rows("SELECT kind, address FROM pending")]


def waiting_names(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [w.name for w in waiting(book, "wok4")]


def confirmed(hall: Hall, number: int, name: str) -> None:
    """``number`` is on the wok4 list as ``name``, confirmed."""
    joined(hall, number, f"JOIN wok4 AS {name}")
    hall.new_mails()


def test_forged_joins_mail_no_more_strangers_an_hour_than_the_config_allows(
    tmp_path: Path,
) -> None:
    """Issue 25, item 5: "300 JOINs forging third parties' From make the host mail 300
    strangers": the host mails at most ``mail.unconfirmed_per_hour`` of them in an hour (30
    by default), all strangers together; the others are journalled as not answered, and no
    request is kept for a code that was never mailed. (The victims are at 300 domains: one
    domain's addresses get at most a share of the hour's mail, ``test_strangers_flood``.)"""
    assert config_from_data({}, tmp_path).limits.unconfirmed_per_hour == 30
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for number in range(300):
        hall.mail(f"victim{number}@third{number}.example", "JOIN wok4")
    summary = hall.poll()
    mails = hall.new_mails()
    assert len(mails) == 30
    assert len({m.to for m in mails}) == 30
    assert all(m.subject.startswith("JOIN wok4: confirm with CONFIRM") for m in mails)
    assert summary.unanswered == 270
    held = [text for _key, text in summary.outcomes if text.startswith("not answered")]
    assert len(held) == 270
    assert all("(unconfirmed_per_hour)" in text for text in held)
    assert sorted(a for _k, a in pending_rows(hall)) == sorted(m.to for m in mails)
    # the budget is an hour's: an hour later the host answers strangers again
    hall.mail("late@third.example", "JOIN wok4")
    hall.poll(hours=1)
    assert [m.to for m in hall.new_mails()] == ["late@third.example"]


def test_players_are_answered_whatever_strangers_spent(tmp_path: Path) -> None:
    """Issue 25, item 5: the budget is for addresses that never confirmed: a player on a
    list is answered when strangers have used it up."""
    hall = Hall(tmp_path, unconfirmed_per_hour=4)
    hall.open_list("wok4", players=10)
    confirmed(hall, 1, "Ann")
    for number in range(10):
        hall.mail(f"victim@third{number}.example", "JOIN wok4")
    hall.mail(address(1), "LIST")
    hall.poll(hours=2)
    mails = hall.new_mails()
    assert len([m for m in mails if m.to.startswith("victim@third")]) == 4
    (listed,) = [m for m in mails if m.to == address(1)]
    assert "1 of 10 players waiting: Ann" in listed.body


def test_a_pending_code_expires_is_purged_and_its_confirm_says_why(tmp_path: Path) -> None:
    """Issue 25, item 5: "the pending rows are never purged": a code older than 7 days
    leaves the requests waiting at the next command mail (or `run-turn --due`), and its
    CONFIRM is refused with that reason."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ask = hall.answer(address(1), "JOIN wok4 AS Ann", hours=0)
    assert pending_rows(hall) == [("join", address(1))]
    hall.mail(address(2), "LIST")
    hall.poll(hours=7 * 24 + 1)
    assert pending_rows(hall) == []
    refused = hall.answer(address(1), f"CONFIRM {ask.code()}")
    assert "not done" in refused.subject
    assert f"the code {ask.code()} was mailed on 2026-11-22 and is good for 7 days only" in (
        refused.words
    )
    assert "your request (JOIN wok4) has lapsed; send it again" in refused.words
    assert waiting_names(hall) == []


def test_run_turn_due_purges_codes_without_any_mail(tmp_path: Path) -> None:
    """Issue 25, item 5: the purge does not wait for mail: `run-turn --due` tends the
    lobby, and purges too."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail(address(1), "JOIN wok4 AS Ann")
    hall.poll()
    assert len(pending_rows(hall)) == 1
    hall.due_tasks(hall.now + timedelta(days=8))
    assert pending_rows(hall) == []


def test_a_forged_withdraw_takes_no_one_off_a_list(tmp_path: Path) -> None:
    """Issue 25, item 5: "WITHDRAW needs no CONFIRM, so anyone can take a waiting player off
    a list": WITHDRAW is confirmed like JOIN, by a code mailed to the address."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    confirmed(hall, 1, "Ann")
    hall.mail(address(1), "WITHDRAW wok4")  # a stranger, with Ann's address in his From
    hall.poll(hours=1)
    assert waiting_names(hall) == ["Ann"]
    (ask,) = hall.new_mails(address(1))
    assert ask.subject.startswith("WITHDRAW wok4: confirm with CONFIRM")
    assert "You wait on the waiting list wok4 and asked to leave it.\n" in ask.body
    assert "wait on wok4" not in ask.body  # the list named once
    assert "If you did not ask for this, do nothing: you keep your place." in ask.body
    hall.mail("forger@else.example", f"CONFIRM {ask.code()}")  # a code is good from Ann only
    hall.poll(hours=1)
    assert waiting_names(hall) == ["Ann"]
    hall.mail(address(1), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    assert waiting_names(hall) == []
    (done,) = hall.new_mails(address(1))
    assert done.subject == "WITHDRAW wok4: done"
    assert "You are off the waiting list wok4." in done.body


def test_withdraw_drops_a_join_that_waits_for_its_confirm_once_confirmed(tmp_path: Path) -> None:
    """Issue 25, item 5: a JOIN not yet confirmed is not dropped by anyone's WITHDRAW
    either: the WITHDRAW's own code must come back first."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    join_ask = hall.answer(address(1), "JOIN wok4 AS Ann")
    ask = hall.answer(address(1), "WITHDRAW wok4")
    assert "You asked to drop your JOIN of wok4, which waits for its CONFIRM." in ask.body
    assert sorted(kind for kind, _a in pending_rows(hall)) == ["join", "withdraw"]
    hall.mail(address(1), f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    assert pending_rows(hall) == []
    hall.mail(address(1), f"CONFIRM {join_ask.code()}")
    hall.poll(hours=1)
    assert waiting_names(hall) == []


def test_the_budget_is_shared_by_every_process_of_a_poll(tmp_path: Path) -> None:
    """Issue 25, item 5: the count is host-wide: two processes (a poll's helpers) spending
    from it at once never mail more strangers than the budget, counted in one file."""
    import os

    from wtg.mail.incoming.strangers import CODE, OTHER, Strangers

    spool = tmp_path / "spool"
    budget = Strangers(spool, 10)
    children = []
    for _ in range(2):
        pid = os.fork()
        if pid == 0:
            try:
                mine = sum(Strangers(spool, 10).charge(CODE, 1000.0) is None for _ in range(20))
                os._exit(mine)
            finally:
                os._exit(99)
        children.append(pid)
    spent = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
    assert sum(spent) == 10
    assert budget.charge(OTHER, 1000.0) is not None
    db = sqlite3.connect(spool / "strangers.sqlite")
    assert db.execute("SELECT count(*) FROM mailed").fetchone() == (10,)
    db.close()
    assert budget.charge(OTHER, 1000.0 + 3600.0) is None  # an hour on, the budget is whole again


@pytest.mark.parametrize(
    ("forged", "answers"),
    [("STATUS wok4-1", 3), ("JOIN wok4", 1)],
    ids=["status", "join"],
)
def test_forged_requests_never_hold_back_a_players_confirmations(
    tmp_path: Path, forged: str, answers: int
) -> None:
    """Issue 25, item 5: "a flood of mail forged in a player's name earns him three answers
    an hour, and leaves room for the code of his own JOIN". 25 mails forged in a player's
    From, a STATUS (answered as from an address that proved itself) or a JOIN (whose answer
    carries a code), earned him 20 mails in an hour and used up the room of his own orders'
    confirmation, which was held back, the journal saying "stored". A From proves nothing:
    a STATUS earns him `replies_per_hour` answers; the codes are counted on their own (at
    most `confirmations_per_hour`), and the JOIN asked again is mailed its code once an
    hour (tests/lobby/test_player_asked_again.py: before, 20 times); his confirmation goes
    out."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())  # its list, wok4, stays open
    player = game.config.player(2)
    for _ in range(25):
        hall.mail(player.email, forged)
    hall.poll(hours=1)
    assert len(hall.new_mails(player.email)) == answers
    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(2))
    hall.mail(player.email, form)
    summary = hall.poll(hours=0.1)
    assert [text for _key, text in summary.outcomes] == ["stored: wok4-1 turn 2 player 2"]
    assert [m.subject for m in hall.new_mails(player.email)] == [
        "[wok4-1] orders for turn 2 received"
    ]
