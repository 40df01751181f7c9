"""Questions as real players write them. Before, a question was found only by a line
ending in ``?``: ``Question: can I join a game already running`` or ``Q: how long is a
turn`` (no question mark after the label), a question in the subject, a subject that said
``Quick question`` over a line of prose, and any question typed beside an order form went
to no one: the GM's line never said the mail asked. Now each is found, quoted back to the
player where the host answers his mail with words (the help, the commands' answers), and
named in the GM's line; and an order line (``Q1: 1``, the QUIT order; ``A1: 07 06 020 ?``)
is never taken for a question."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall, address, ann_and_bob
from wtg.lobby.questions import asked, asks, beside_a_form


def _mail(hall: Hall, sender: str, body: str, subject: str) -> None:
    hall.count += 1
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = GM
    msg["Subject"] = subject
    msg["Message-ID"] = f"<q{hall.count}@players.example>"
    msg.set_content(body)
    hall.inbox.add(msg)


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("Question: can I join a game already running", True),
        ("Questions: how do alliances work here", True),
        ("Q: how long is a turn", True),
        ("q:   when does wok4 start", True),
        ("Is anyone playing standard?", True),
        ("Q1: 1", False),  # the QUIT order
        ("Q 1: 1", False),
        ("Q: 1", False),
        ("Question: 12 14", False),
        ("A1: 07 06 020 ?", False),
        ("Quite a nice game, thanks", False),
        ("Q&A session later", False),
    ],
)
def test_a_line_asks_as_players_write(line: str, found: bool) -> None:
    assert asks(line, ()) is found


def test_the_subject_asks_when_no_line_does() -> None:
    assert asked(["Hi,", "", "Ann"], subject="When does the next wok4 start?") == (
        "When does the next wok4 start?"
    )
    assert asked(["Hi"], subject="Re: Fwd: Question: can beginners join wok4") == (
        "Question: can beginners join wok4"
    )
    # a line typed asks first
    assert asked(["Can I join late?"], subject="When does it start?") == "Can I join late?"
    # a subject that says a question comes: the first line of prose is it
    assert asked(
        ["Dear Game Master,", "", "I would like to know whether beginners may join wok4.", "Ann"],
        subject="Quick question",
    ) == ("Quick question: I would like to know whether beginners may join wok4.")
    assert asked(["JOIN wok4", "thanks"], subject="question") is None
    assert asked(["Hello, here I am.", "Ann"], subject="Re: [wok4-1] turn 3") is None


def test_a_labelled_question_of_a_seated_player_reaches_the_gm(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    question = "Question: can I give my provinces to Bob when I leave"
    hall.mail(address(1), f"Hello,\n\n{question}\n\nAnn\n")
    summary = hall.poll(hours=1)
    assert [text for _k, text in summary.outcomes] == [f'answered: help sent; asked "{question}"']
    (help_mail,) = hall.new_mails(address(1))
    assert f'Your mail asks "{question}"' in help_mail.words, help_mail.body


def test_a_newcomer_s_question_in_the_subject_reaches_the_gm(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=3)
    _mail(hall, address(5), "Hi,\n\nthanks!\nEve\n", "When does the next wok4 game start?")
    _mail(hall, address(6), "LIST\n", "Q: are there games for beginners")
    summary = hall.poll(hours=1)
    assert sorted(text for _k, text in summary.outcomes) == [
        'answered: HELP (no command found); asked "When does the next wok4 game start?"',
        'answered: commands: LIST; asked "Q: are there games for beginners"',
    ]


def _form(hall: Hall, number: int) -> str:
    game = hall.game("wok4-1")
    (entry,) = [p for p in game.config.players if p.email == address(number)]
    aof = hall.answer(address(number), f"AOF wok4-1\nCODE {entry.code}\n")
    lines = aof.body.splitlines()
    begin = next(i for i, line in enumerate(lines) if "=== BEGIN AOF ===" in line)
    end = next(i for i, line in enumerate(lines) if "=== END AOF ===" in line)
    return "\n".join(lines[begin : end + 1])


def test_a_question_beside_the_orders_reaches_the_gm_and_the_orders_are_filed(
    tmp_path: Path,
) -> None:
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    form = _form(hall, 1)
    question = "Can I still change these orders tomorrow?"
    hall.mail(address(1), f"{question}\n\n{form}\n\nAnn\n")
    summary = hall.poll(hours=1)
    ((_key, outcome),) = summary.outcomes
    assert outcome.startswith("stored: wok4-1 turn "), outcome
    assert outcome.endswith(f'; asked "{question}"'), outcome
    form = _form(hall, 2)
    hall.mail(address(2), f"My orders.\n\n{form}\n\nQ1: 1\nBob\n")
    summary = hall.poll(hours=1)
    ((_key, outcome),) = summary.outcomes
    assert outcome.startswith("stored: wok4-1 turn ") and "asked" not in outcome, outcome


def test_lines_of_the_form_ask_nothing() -> None:
    form = "=== BEGIN AOF ===\nGAME: g1 TURN: 1 PLAYER: 1 CODE: X\nNOTE: why not?\n=== END AOF ==="
    assert beside_a_form([f"My orders\n{form}\n"]) is None
    assert beside_a_form([f"{form}\n> Is it my turn?\n"]) is None  # quoted: the host's
    assert beside_a_form([form], subject="orders - is the deadline 18:00?") == (
        "orders - is the deadline 18:00?"
    )


def test_a_label_without_words_asks_nothing() -> None:
    for text in ("", "Q:", "Question:", "Q: \u200b \u200b"):
        assert asked([text], subject=text) is None, text


def test_the_host_s_mail_pasted_unquoted_asks_nothing() -> None:
    """A reply that pastes the report unquoted around the form filled in (no quote marks,
    no separator): the press of another player in it (``Bob: shall we keep the peace?``)
    is the report's, not the sender's question."""
    report = "Turn 3 of g1\n\nPress:\nBob: shall we keep the peace?\nAnn: we shall see\n"
    form = "=== BEGIN AOF ===\nGAME: g1 TURN: 3 PLAYER: 1 CODE: X\nR1: 1\n=== END AOF ==="
    pasted = f"Here are my orders\n\n{report}\n{form}\n"
    assert beside_a_form([pasted]) == "Bob: shall we keep the peace?"  # not knowing the report
    assert beside_a_form([pasted], answered=report) is None
    assert beside_a_form([f"Is R1 right?\n{report}\n{form}"], answered=report) == "Is R1 right?"


def test_a_subject_saying_question_over_an_order_form_asks_nothing_of_its_prose(
    tmp_path: Path,
) -> None:
    """A mail of orders under the subject ``Question`` (a player who reused an old mail,
    or meant the orders as his answer): its first line of prose (``Here are my orders``)
    was named to the GM as the question. Ruling (docs/mail.md): the form wins; the
    orders are filed and confirmed, and only a line that asks (or a subject that asks)
    beside a form is a question."""
    hall = Hall(tmp_path)
    ann_and_bob(hall)
    form = _form(hall, 1)
    _mail(
        hall,
        address(1),
        f"Here are my orders for this turn, thanks.\n\n{form}\n\nAnn\n",
        "Question",
    )
    summary = hall.poll(hours=1)
    ((_key, outcome),) = summary.outcomes
    assert outcome.startswith("stored: wok4-1 turn 1 player ") and "asked" not in outcome, outcome
    assert summary.filed == 1
    (confirmation,) = hall.new_mails(address(1))
    assert confirmation.subject == "[wok4-1] orders for turn 1 received"

    form = _form(hall, 1)
    question = "Can I still change these orders tomorrow"  # no mark: not a line that asks
    _mail(hall, address(1), f"Hello,\n\n{form}\n\nQ: {question}\n", "Re: Question")
    summary = hall.poll(hours=1)
    ((_key, outcome),) = summary.outcomes  # the same blank form: nothing new to file
    assert outcome.endswith(f'; asked "Q: {question}"'), outcome  # a labelled one still asks
    assert beside_a_form([f"My orders for you.\n{form}\n"], subject="Quick question") is None
    assert beside_a_form([form], subject="Question: is the deadline 18:00") == (
        "Question: is the deadline 18:00"
    )
