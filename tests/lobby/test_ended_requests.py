"""A request ended by the confirmation of another (``test_second_request``: a second JOIN or
takeover under another name waits beside the first; confirming one ends the others). The
CONFIRM of an ended request's code, or a plain yes by reply to its answer, was refused as a
code never mailed ("no request from your address waits"): its sender, who got that code from
the host, was not told what became of it. He is told now: which request was confirmed in its
place, on which day, and what to do. A code never mailed is refused as before, and an ended
code confirms nothing. Every mail goes through the poll, on the maildir transport."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.lobby.hall import GM, Hall
from tests.lobby.test_lobby_replay import pending_codes, seat_offered
from tests.lobby.test_second_request import NEWCOMER, asks, flat, waiting_names
from tests.mail.replies import top_posted


def test_the_confirm_of_a_join_another_confirmation_ended_says_what_happened(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ann = asks(hall, "JOIN wok4 AS Ann")
    other = asks(hall, "JOIN wok4 AS Other")
    hall.mail(NEWCOMER, f"CONFIRM {ann}")
    hall.poll(hours=25)  # the next day
    hall.new_mails(NEWCOMER)
    hall.mail(NEWCOMER, f"CONFIRM {other}")
    summary = hall.poll(hours=24)
    assert [text for _k, text in summary.outcomes] == [
        f"rejected: commands refused: CONFIRM {other}"
    ]
    (refused,) = hall.new_mails(NEWCOMER)
    assert refused.subject == f"CONFIRM {other}: not done"
    assert (
        f'Your command "CONFIRM {other}" was not carried out: that request (to join wok4 as '
        "Other) was ended on 2026-11-23, when your request to join wok4 as Ann was confirmed "
        "(whichever of the two you confirm stands, and ends the other). To be on the list as "
        "Other instead: WITHDRAW wok4, then JOIN wok4 AS Other."
    ) in flat(refused.body)
    assert waiting_names(hall) == ["Ann"]
    assert pending_codes(hall) == {}


def test_a_yes_by_reply_to_an_ended_joins_answer_says_what_happened(tmp_path: Path) -> None:
    """He answers the mail of the request that was ended with a plain "yes": told the same."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ann = asks(hall, "JOIN wok4 AS Ann")
    asked = hall.answer(NEWCOMER, "JOIN wok4 AS Other", hours=0.1)
    other = asked.code()
    hall.mail(NEWCOMER, f"CONFIRM {ann}")
    hall.poll(hours=0.1)
    hall.new_mails(NEWCOMER)
    reply = EmailMessage()
    reply["From"] = NEWCOMER
    reply["To"] = GM
    reply["Subject"] = f"Re: {asked.subject}"
    reply["Message-ID"] = "<yes@home.example>"
    reply.set_content(top_posted(asked.body, "yes"))
    hall.deliver(bytes(reply))
    summary = hall.poll(hours=0.1)
    assert [text for _k, text in summary.outcomes] == [
        f"rejected: commands refused: CONFIRM {other} (by reply)"
    ]
    (refused,) = hall.new_mails(NEWCOMER)
    assert (
        "that request (to join wok4 as Other) was ended on 2026-11-22, when your request to "
        "join wok4 as Ann was confirmed"
    ) in flat(refused.body)
    assert waiting_names(hall) == ["Ann"]


def test_the_confirm_of_a_takeover_another_confirmation_ended_says_what_happened(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    name = seat_offered(hall)
    ann = asks(hall, f"JOIN {name} AS Ann")
    other = asks(hall, f"JOIN {name} AS Other")
    hall.mail(NEWCOMER, f"CONFIRM {ann}")
    hall.poll(hours=0.1)
    hall.new_mails(NEWCOMER)
    refused = hall.answer(NEWCOMER, f"CONFIRM {other}", hours=0.1)
    assert (
        f"that request (to take over seat 3 of game {name} as Other) was ended on 2026-11-22, "
        f"when your request to take over seat 3 of game {name} as Ann was confirmed (whichever "
        "of the two you confirm stands, and ends the other). Seat 3 went to you as Ann: nothing "
        "more to do."
    ) in flat(refused.body)
    assert hall.game(name).config.player(3).name == "Ann"


def test_an_ended_code_is_told_only_to_its_address_and_a_code_never_mailed_as_before(
    tmp_path: Path,
) -> None:
    """Another address that sends the ended code learns nothing of it; a code never mailed
    is refused as it was."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ann = asks(hall, "JOIN wok4 AS Ann")
    other = asks(hall, "JOIN wok4 AS Other")
    hall.mail(NEWCOMER, f"CONFIRM {ann}")
    hall.poll(hours=0.1)
    hall.new_mails(NEWCOMER)
    hall.mail("eve@else.example", f"CONFIRM {other}")
    hall.mail(NEWCOMER, "CONFIRM ZZZZZZZZZZ")
    hall.poll(hours=0.1)
    (eve,) = hall.new_mails("eve@else.example")
    assert f"no request from your address waits for the code {other}" in flat(eve.body)
    (never,) = hall.new_mails(NEWCOMER)
    assert "no request from your address waits for the code ZZZZZZZZZZ" in flat(never.body)
