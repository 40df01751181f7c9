"""A hostile pass: "a forged JOIN voids a newcomer's". A newcomer mails ``JOIN wok4 AS Ann``
and gets a code to CONFIRM; anyone may forge his From, and a second request from his address
under another name (``JOIN wok4 AS Other``) replaced his and its code: his CONFIRM of the code
he got was refused, and when the forged request's answer was held back by a limit he had no
code at all. A second request under another name now waits beside the first, each with its
own code (both mailed to his address only: the forger sees neither), its answer says the
first waits too, and confirming one ends the others. The same for a seat taken over. Every
mail goes through the poll, on the maildir transport."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import pending_codes, seat_offered
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

NEWCOMER = "ann@home.example"


def waiting_names(hall: Hall) -> list[str]:
    with LobbyDatabase(hall.gm.games_dir) as book:
        return [w.name for w in waiting(book, "wok4")]


def flat(text: str) -> str:
    return " ".join(text.split())


def asks(hall: Hall, body: str) -> str:
    """A request from the newcomer's address (his or forged), polled: the code it mailed."""
    ask = hall.answer(NEWCOMER, body, hours=0.1)
    return ask.code()


def test_a_forged_join_under_another_name_leaves_the_newcomers_code_working(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    mine = asks(hall, "JOIN wok4 AS Ann")
    hall.mail(NEWCOMER, "JOIN wok4 AS Other")  # forged
    hall.poll(hours=0.1)
    (forged,) = hall.new_mails(NEWCOMER)
    other = forged.code()
    assert other != mine
    # the forged request's answer went to his address, and says his own waits still
    assert (
        "Your request of 2026-11-22 to join wok4 as Ann waits too, with a code of its own "
        "(HELP lists each request waiting at this address with its code): confirm the one "
        "you want (confirming one cancels the other)."
    ) in flat(forged.body)
    assert sorted(pending_codes(hall)) == sorted([mine, other])
    hall.mail(NEWCOMER, f"CONFIRM {mine}")
    summary = hall.poll(hours=0.1)
    assert [text for _k, text in summary.outcomes] == [f"answered: commands: CONFIRM {mine}"]
    (joined,) = hall.new_mails(NEWCOMER)
    assert joined.subject == "you are on the waiting list wok4"
    assert "Your other request (as Other) is cancelled." in flat(joined.body)
    assert waiting_names(hall) == ["Ann"]
    assert pending_codes(hall) == {}  # confirming one ended the other
    # the forged request's code confirms nothing now
    hall.mail(NEWCOMER, f"CONFIRM {other}")
    summary = hall.poll(hours=0.1)
    assert [text for _k, text in summary.outcomes] == [
        f"rejected: commands refused: CONFIRM {other}"
    ]
    (refused,) = hall.new_mails(NEWCOMER)
    assert "that request (to join wok4 as Other) was ended on 2026-11-22" in flat(refused.body)
    assert waiting_names(hall) == ["Ann"]


def test_a_forged_join_held_back_by_a_limit_leaves_the_newcomer_his_code(
    tmp_path: Path,
) -> None:
    """The forged request's answer held back (one code an hour to the address): its code is
    forgotten, and the newcomer's, mailed before, still works."""
    hall = Hall(tmp_path, unconfirmed_per_address=1)
    hall.open_list("wok4", players=3)
    mine = asks(hall, "JOIN wok4 AS Ann")
    hall.mail(NEWCOMER, "JOIN wok4 AS Other")  # forged
    summary = hall.poll(hours=0.1)
    assert [text for _k, text in summary.outcomes] == [
        "not answered: reply limit: 1 of 1 answer held back: 'JOIN wok4: confirm with "
        "CONFIRM <code>' (unconfirmed_per_address); commands: JOIN wok4 AS Other"
    ]
    assert hall.new_mails(NEWCOMER) == []
    assert list(pending_codes(hall)) == [mine]
    joined = hall.answer(NEWCOMER, f"CONFIRM {mine}", hours=0.1)
    assert joined.subject == "you are on the waiting list wok4"
    assert waiting_names(hall) == ["Ann"]


def test_a_newcomer_who_changed_his_mind_confirms_his_new_name(tmp_path: Path) -> None:
    """Ann asks again as Annie: no WITHDRAW needed; the second answer says the first waits
    too, and her CONFIRM of the new code puts her on the list as Annie, the first ended."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    first = asks(hall, "JOIN wok4 AS Ann")
    second = hall.answer(NEWCOMER, "JOIN wok4 AS Annie", hours=0.1)
    assert "to join wok4 as Ann waits too" in flat(second.body)
    joined = hall.answer(NEWCOMER, f"CONFIRM {second.code()}", hours=0.1)
    assert "Your other request (as Ann) is cancelled." in flat(joined.body)
    assert waiting_names(hall) == ["Annie"]
    assert first not in pending_codes(hall)


def test_a_forged_takeover_under_another_name_leaves_the_newcomers_code_working(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    name = seat_offered(hall)
    mine = asks(hall, f"JOIN {name} AS Ann")
    hall.mail(NEWCOMER, f"JOIN {name} AS Other")  # forged
    hall.poll(hours=0.1)
    (forged,) = hall.new_mails(NEWCOMER)
    assert (
        f"Your request of 2026-11-22 to take over seat 3 of game {name} as Ann waits too"
    ) in flat(forged.body)
    hall.mail(NEWCOMER, f"CONFIRM {mine}")
    summary = hall.poll(hours=0.1)
    assert [text for _k, text in summary.outcomes] == [
        f"answered: commands: CONFIRM {mine}; seat 3 of {name} taken over by Ann"
    ]
    entry = hall.game(name).config.player(3)
    assert (entry.name, entry.email) == ("Ann", NEWCOMER)
    assert pending_codes(hall) == {}


def test_a_withdraw_names_the_list_once_and_ends_every_request_for_it(tmp_path: Path) -> None:
    """Two JOINs of wok4 waiting (his and a forged one): his WITHDRAW's answer names the list
    once, and its CONFIRM drops both."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    asks(hall, "JOIN wok4 AS Ann")
    asks(hall, "JOIN wok4 AS Other")
    ask = hall.answer(NEWCOMER, "WITHDRAW wok4", hours=0.1)
    assert "You asked to drop your JOIN of wok4, which waits for its CONFIRM.\n" in ask.body
    assert "wok4, wok4" not in ask.body
    done = hall.answer(NEWCOMER, f"CONFIRM {ask.code()}", hours=0.1)
    assert done.subject == "WITHDRAW wok4: done"
    assert pending_codes(hall) == {}
    assert waiting_names(hall) == []
