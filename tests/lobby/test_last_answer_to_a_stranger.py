"""The hour's mail to strangers (``mail.unconfirmed_per_hour``, half of it for answers
without a code) swallowed the very answer that carried the note of an address's own limit
(``wtg.mail.incoming.lastanswer``): a stranger whose mail of three commands came when the
host had room for two more such answers got two, neither saying it was the last, and his
next mails got nothing, unsaid. The last answer the hour's mail to strangers lets go to an
address now says so, with the time it has room again; no mail more is sent."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.lobby.hall import START, Hall, address
from tests.lobby.test_last_answer_of_the_hour import EVE, NOTE, held_then_answered


@pytest.mark.parametrize(
    ("other", "limit"),
    [
        ("newt@else.example", "unconfirmed_per_hour"),  # the hour's 3 answers without a code
        (address(6), "unconfirmed_domain_share"),  # players.example's 3 (half of 6)
    ],
)
def test_the_last_answer_the_strangers_hour_lets_go_says_so(
    tmp_path: Path, other: str, limit: str
) -> None:
    hall = Hall(tmp_path, replies_per_hour=3, unconfirmed_per_hour=6)
    hall.open_list("wok4", map="small", players=3)
    hall.mail(other, "HELP")  # another stranger takes one of the three
    hall.poll(hours=0.1)
    assert len(hall.new_mails(other)) == 1
    hall.mail(EVE, "HELP\nLIST\nSTATUS wok4\n")
    summary = hall.poll(hours=0.1)
    answers = hall.new_mails(EVE)
    assert len(answers) == 2, [a.subject for a in answers]
    assert [NOTE in a.words for a in answers] == [False, True]
    until = (START + timedelta(hours=0.1) + timedelta(hours=1)).strftime("%Y-%m-%d %H:%M UTC")
    assert (
        f"{NOTE}: it answers only so many mails an hour from addresses not yet in one of its "
        f"games or lists, and has no room for more. A mail you send before {until} gets no "
        "answer (a JOIN's code to CONFIRM is counted apart, and may still come); mail again "
        "after that if you need one."
    ) in answers[-1].words, answers[-1].body
    assert answers[-1].words.endswith("if you need one."), answers[-1].body
    ((_key, outcome),) = summary.outcomes
    assert "STATUS wok4" in outcome and limit in outcome, outcome

    outcome = held_then_answered(hall, later=1)  # as the note said
    assert limit in outcome, outcome


def test_an_answer_with_room_after_it_says_nothing(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=5, unconfirmed_per_hour=8)  # 4 without a code
    hall.mail(EVE, "HELP\nLIST\n")
    hall.poll(hours=0.1)
    answers = hall.new_mails(EVE)
    assert len(answers) == 2
    assert not any(NOTE in a.words for a in answers)
