"""The last answer the day's cap (``replies_per_day``) and ``confirmations_per_hour`` let
go says so, as the hour's limit's does (``wtg.mail.incoming.lastanswer``). Before, only the
hour's last answer carried the note: a player past his day's cap, or past his hour's
confirmations, waited for answers that never came. The note rides on an answer that goes
anyway: a flood of forged mail earns no mail more; an answer the last of two limits carries
the note of the one that has room again later, once."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.lobby.hall import START, Hall, address
from tests.lobby.test_second_seat import game_with_quitters

EVE = address(5)
HOUR_NOTE = "This is the last answer the host mails to your address this hour"
DAY_NOTE = "This is the last answer the host mails to your address these 24 hours"
CONFIRMATION_NOTE = (
    "This is the last answer to your orders or your codes the host mails to your address this hour"
)


def _stamp(moment: object) -> str:
    assert hasattr(moment, "strftime")
    return str(moment.strftime("%Y-%m-%d %H:%M UTC"))


def test_the_last_answer_of_the_day_says_when_the_next_is_answered(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=3, replies_per_day=4)
    answers = []
    for _ in range(3):
        hall.mail(EVE, "HELP")
        hall.poll(hours=0.1)
        answers += hall.new_mails(EVE)
    assert [HOUR_NOTE in a.words for a in answers] == [False, False, True]
    assert not any(DAY_NOTE in a.words for a in answers)

    hall.mail(EVE, "LIST")  # the hour's have left its window: the day's fourth and last
    hall.poll(hours=1.2)
    (last,) = hall.new_mails(EVE)
    until = _stamp(START + timedelta(hours=0.1) + timedelta(days=1))  # the day's first + 24h
    assert (
        f"{DAY_NOTE}: it sends 4 answers in 24 hours at most. A mail you send before {until} "
        "gets no answer (orders in it are still filed and confirmed as ever); mail again "
        "after that if you need one."
    ) in last.words, last.body
    assert HOUR_NOTE not in last.words
    assert last.words.endswith("if you need one."), last.body  # below its text

    hall.mail(EVE, "LIST")
    summary = hall.poll(hours=0.5)
    assert hall.new_mails(EVE) == []
    ((_key, outcome),) = summary.outcomes
    assert "replies_per_day" in outcome, outcome


def test_the_last_of_both_limits_carries_the_later_note_once(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=3, replies_per_day=3)
    for _ in range(12):  # a forged flood: no mail more for the note
        hall.mail(EVE, "HELP")
    hall.poll(hours=0.1)
    answers = hall.new_mails(EVE)
    assert len(answers) == 3
    assert [DAY_NOTE in a.words for a in answers].count(True) == 1
    assert not any(HOUR_NOTE in a.words for a in answers)  # the day's is the later
    assert hall.new_mails() == []


def test_the_last_confirmation_of_the_hour_says_so(tmp_path: Path) -> None:
    hall = Hall(tmp_path, confirmations_per_hour=3)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    hall.poll(hours=1.5)  # the JOIN's answers have left the hour
    answers = []
    for _ in range(3):  # proven by his code: counted against confirmations_per_hour
        hall.mail(one.email, f"STATUS wok4-1\nCODE {one.code}\n")
        hall.poll(hours=0.1)
        answers += hall.new_mails(one.email)
    assert len(answers) == 3, [a.subject for a in answers]
    assert [CONFIRMATION_NOTE in a.words for a in answers] == [False, False, True]
    first = answers[0]
    assert HOUR_NOTE not in first.words
    said = answers[-1].words
    assert (
        f"{CONFIRMATION_NOTE}: it sends 3 such answers an hour at most. A mail you send before "
    ) in said, answers[-1].body
    assert (
        "gets none (orders in it are still filed, unconfirmed); mail again after that if you "
        "need one."
    ) in said, answers[-1].body

    hall.mail(one.email, f"STATUS wok4-1\nCODE {one.code}\n")
    summary = hall.poll(hours=0.1)
    assert hall.new_mails(one.email) == []
    ((_key, outcome),) = summary.outcomes
    assert "confirmations_per_hour" in outcome, outcome
