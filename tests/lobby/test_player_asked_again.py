"""A request asked again under a player's From is not mailed again within the hour: a
stranger who wrote the address of a player (one who confirmed a JOIN: any player of a game
made from a list) in the From of a mail `JOIN wok4`, sent twenty times, had the host mail
him the same code twenty times in a minute, and twenty more each hour, all day (480 a
day): the rule that a code went out within the hour keeps a stranger's asked-again request
from being mailed again held for strangers alone, and a player's codes count against his
``confirmations_per_hour`` only. The code that went out stands for anyone."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, ann_and_bob
from tests.lobby.test_lobby_replay import pending_codes
from tests.lobby.test_strangers_flood import outcomes


def test_a_join_forged_in_a_players_name_mails_its_code_once_an_hour(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)  # Ann is address 1, confirmed: her JOIN went to wok4-1; its list open
    ann = address(1)
    for _ in range(20):
        hall.mail(ann, "JOIN wok4")
    summary = hall.poll(hours=1)
    (ask,) = hall.new_mails(ann)
    assert ask.subject == f"JOIN wok4: confirm with CONFIRM {ask.code()}"
    again = outcomes(summary, "ignored: asked again: ")
    assert len(again) == 19
    assert again[0] == (
        "ignored: asked again: 'JOIN wok4: confirm with CONFIRM <code>' not mailed again (its "
        "code went out within the hour and waits); commands: JOIN wok4"
    )
    assert summary.unanswered == 0
    assert pending_codes(hall) == {ask.code(): ann}

    hall.mail(ann, "JOIN wok4")  # later that hour: nothing
    hall.poll(hours=0.5)
    assert hall.new_mails(ann) == []
    hall.mail(ann, "JOIN wok4")  # an hour after the code went out: the same code again
    hall.poll(hours=0.6)
    (second,) = hall.new_mails(ann)
    assert second.code() == ask.code()
    joined = hall.answer(ann, f"CONFIRM {ask.code()}", hours=0)
    assert joined.subject == "you are on the waiting list wok4"
