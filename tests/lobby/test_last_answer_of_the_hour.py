"""The word a person is owed when the hour's limit of answers (``replies_per_hour``) holds
back his next ones. Before, the fourth mail of the hour was journalled ``not answered:
reply limit`` for the GM and nothing more: its sender waited for an answer that never came.
Now the last answer the limit lets go says so below its text, with the time the limit has
room again; no mail more is ever sent (a "held back" notice of its own would be one more
mail a forged From has the host send anyone: a flood of forged mail still earns its victim
``replies_per_hour`` mails an hour, the last saying why no more come)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.lobby.hall import START, Hall, address
from wtg.mail.incoming.lastanswer import last_until

EVE = address(5)
NOTE = "This is the last answer the host mails to your address this hour"


def test_the_last_answer_of_the_hour_says_when_the_next_is_answered(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=3)
    hall.open_list("wok4", map="small", players=3)
    answers = []
    for command in ("HELP", "LIST", "STATUS wok4"):
        answer = hall.answer(EVE, command, hours=0.1)
        answers.append(answer)
    assert [NOTE in a.words for a in answers] == [False, False, True]
    first = START + timedelta(hours=0.1)  # the hour's oldest answer leaves it then
    until = (first + timedelta(hours=1)).strftime("%Y-%m-%d %H:%M UTC")
    assert (
        f"{NOTE}: it sends 3 answers an hour at most. A mail you send before {until} gets no "
        "answer (orders in it are still filed and confirmed as ever); mail again after that "
        "if you need one."
    ) in answers[-1].words, answers[-1].body
    assert answers[-1].words.endswith("if you need one."), answers[-1].body  # below its text

    outcome = held_then_answered(hall, later=0.8)
    assert outcome.startswith("not answered: reply limit"), outcome


def held_then_answered(hall: Hall, later: float) -> str:
    """After the last answer of the hour: Eve's next mail (a LIST) gets none, and one
    ``later`` hours on (past the time the note named) is answered, with no note. The first
    mail's outcome in its poll's summary."""
    hall.mail(EVE, "LIST")
    summary = hall.poll(hours=0.1)
    assert hall.new_mails(EVE) == []
    ((_key, outcome),) = summary.outcomes
    again = hall.answer(EVE, "LIST", hours=later)
    assert NOTE not in again.words
    assert "The waiting lists open now" in again.words
    return outcome


def test_a_forged_flood_earns_no_mail_more(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=3)
    for _ in range(12):
        hall.mail(EVE, "HELP")
    hall.poll(hours=0.1)
    answers = hall.new_mails(EVE)
    assert len(answers) == 3
    assert [NOTE in a.words for a in answers].count(True) == 1
    assert hall.new_mails() == []


def test_the_answers_of_one_mail_put_the_note_on_the_last_that_goes(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=3)
    hall.open_list("wok4", map="small", players=3)
    hall.mail(EVE, "HELP\nLIST\nSTATUS wok4\nSTATUS wok9\n")
    summary = hall.poll(hours=0.1)
    answers = hall.new_mails(EVE)
    assert len(answers) == 3
    assert [NOTE in a.words for a in answers] == [False, False, True]
    ((_key, outcome),) = summary.outcomes
    assert "STATUS wok9" in outcome and "reply limit" in outcome, outcome


def test_when_the_limit_has_room_again() -> None:
    hour = 3600.0
    assert last_until([], 100.0, 3, hour) is None
    assert last_until([10.0], 100.0, 3, hour) is None
    assert last_until([10.0, 50.0], 100.0, 3, hour) == 10.0 + hour
    assert last_until([-5000.0, 10.0, 50.0], 100.0, 3, hour) == 10.0 + hour  # out of it
    assert last_until([], 100.0, 1, hour) == 100.0 + hour
    assert last_until([], 100.0, 0, hour) is None
