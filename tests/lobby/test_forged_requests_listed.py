"""A hostile pass: "a forger's names fill a newcomer's answer". A From is easily forged, and
a JOIN under another name waits beside the earlier one (``wtg.lobby.confirm``): its answer
names the requests waiting beside it. A stranger who forged Ann's address three JOINs an
hour, under names of his choosing, for two days, had 144 requests waiting under it; when
Ann herself asked, her answer listed every one of his 144 names (some 6000
characters, all his text), and so did the answer to her CONFIRM, which ended them. Each
answer names the newest ``OTHERS_NAMED`` and counts the rest."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import pending_codes
from tests.lobby.test_second_seat import game_with_quitters, offer
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.waitlist import OTHERS_NAMED

ANN = "ann@victim.example"


def test_a_flood_of_forged_requests_is_counted_not_listed_in_the_answer(tmp_path: Path) -> None:
    # every code mailed, the day's bound of codes to a stranger aside (its own tests:
    # tests/lobby/test_takeover_code_floods.py): the answer's own list is what is looked at
    hall = Hall(tmp_path, stranger_codes_per_day=1000)
    hall.open_list("wok4", players=10)
    for hour in range(48):
        for number in range(3):
            hall.mail(ANN, f"JOIN wok4 AS Forged{hour}x{number}")
        hall.poll(hours=1)
    assert len(pending_codes(hall)) == 144
    hall.new_mails()
    ask = hall.answer(ANN, "JOIN wok4 AS Ann")
    assert OTHERS_NAMED == 3
    assert ask.body.count("Forged") == OTHERS_NAMED
    assert "Forged47x2" in ask.body  # the newest named
    assert "Forged0x0" not in ask.body
    assert "and 141 more wait too" in " ".join(ask.body.split())
    assert len(ask.body) < 1200
    assert all(len(line) <= 78 for line in ask.body.splitlines())
    hall.mail(ANN, f"CONFIRM {ask.code()}")  # her code works, and ends the forger's
    hall.poll(hours=0.1)
    (joined,) = hall.new_mails(ANN)
    assert joined.subject == "you are on the waiting list wok4"
    assert joined.body.count("Forged47x") == OTHERS_NAMED  # the newest of the 144 ended
    assert joined.body.count("Forged") == OTHERS_NAMED
    assert ", and 141 more) are cancelled." in " ".join(joined.body.split())
    assert pending_codes(hall) == {}


def test_a_few_requests_beside_it_are_all_named(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=10)
    for name in ("Anne", "Annie", "Ann"):
        hall.mail(ANN, f"JOIN wok4 AS {name}")
        hall.poll(hours=0.1)
        (ask,) = hall.new_mails(ANN)  # the answer to this JOIN (the outbox's names keep
        # no order of time)
    text = " ".join(ask.body.split())
    assert "to join wok4 as Anne, of 2026-11-22 to join wok4 as Annie wait too" in text
    assert "more wait too" not in text


def test_a_flood_of_forged_takeover_requests_is_counted_not_listed(tmp_path: Path) -> None:
    """The same for a seat offered: the JOIN of the game's answer and the welcome to the
    seat name the newest three of the forger's requests and count the rest."""
    hall = Hall(tmp_path, stranger_codes_per_day=1000)
    game_with_quitters(hall, (3,))
    offer(hall, 3)
    for hour in range(10):
        for number in range(3):
            hall.mail(ANN, f"JOIN wok4-1 AS Forged{hour}x{number}")
        hall.poll(hours=1)
    hall.new_mails()
    ask = hall.answer(ANN, "JOIN wok4-1 AS Ann")
    assert ask.body.count("Forged9x") == OTHERS_NAMED
    assert ask.body.count("Forged") == OTHERS_NAMED
    assert "and 27 more wait too" in " ".join(ask.body.split())
    hall.mail(ANN, f"CONFIRM {ask.code()}")
    hall.poll(hours=0.1)
    welcome = next(m for m in hall.new_mails(ANN) if m.subject == "[wok4-1] you play seat 3 now")
    assert welcome.body.count("Forged") == OTHERS_NAMED
    assert ", and 27 more) are cancelled." in " ".join(welcome.body.split())


def test_a_request_whose_code_was_held_is_not_said_to_have_it_mailed(tmp_path: Path) -> None:
    """Past the day's codes to a stranger's address a request waits with its code never
    mailed (``strangercodes``); the next answer said it waited "with the code mailed for it".
    It says where its code is: the HELP lists it."""
    hall = Hall(tmp_path, stranger_codes_per_day=1)
    hall.open_list("wok4", players=10)
    for name in ("Anne", "Annie", "Held"):  # the first mailed, the second late, the third held
        hall.mail(ANN, f"JOIN wok4 AS {name}")
        hall.poll(hours=0.1)
    assert len(hall.new_mails(ANN)) == 2
    with LobbyDatabase(hall.gm.games_dir) as book:
        (held,) = [str(r["code"]) for r in book.rows("SELECT * FROM pending WHERE name = 'Held'")]
    hall.mail(ANN, "JOIN wok4 AS Ann")
    hall.poll(hours=5)  # a late code's room again
    (ask,) = hall.new_mails(ANN)
    text = " ".join(ask.body.split())
    assert "as Held wait too, each with a code of its own (HELP lists each request" in text
    assert "mailed for it" not in text
    helped = hall.answer(ANN, "HELP", hours=0.1)
    assert f"CONFIRM {held}" in helped.body
