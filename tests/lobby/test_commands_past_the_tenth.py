"""A mail is read for its first ``MAX_COMMANDS`` commands; the rest were not read, and the
player was not told: the HELP pasted whole into a mail (its eleven lines of commands, a
PRESS line among them) had its PRESS and HELP lines cut by the limit, and the answer said
nothing of them. The first answer to the sender names the lines not read, by line number
and command word, and says to mail them again."""

from __future__ import annotations

import re
from pathlib import Path

from tests.lobby.hall import Hall
from tests.lobby.test_second_seat import game_with_quitters
from wtg.lobby.commands import MAX_COMMANDS, read_commands, typed_beside_a_form
from wtg.mail.outgoing.compose import render


def pasted_help() -> str:
    """The HELP as the host mails it, pasted into a mail without quote marks."""
    return render("lobby/help", verbs=(), unknown=None, waiting=[])


def test_the_help_pasted_whole_names_its_lines_not_carried_out(tmp_path: Path) -> None:
    """Its lines are not counted in the ten (polish43: they took them, and the commands
    typed under the HELP were not read): the one answer to them names every line of its
    placeholders and its example, none of them not read."""
    hall = Hall(tmp_path, replies_per_hour=30, confirmations_per_hour=30)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    hall.mail(one.email, f"What does this mean?\n\n{pasted_help()}\nCODE {one.code}\n")
    hall.poll(hours=1)
    answers = hall.new_mails(one.email)
    assert [a for a in answers if "not read" in a.words] == [], [a.body for a in answers]
    (answer,) = [a for a in answers if a.subject.endswith(": not understood")]
    assert (
        "Nor were the other lines of the HELP in your mail, which hold its placeholders or "
        "its example too (JOIN, CONFIRM, WITHDRAW, WITHDRAW, WITHDRAW, REPORT, AOF, STATUS, "
        "STATUS, RESIGN, ABSENCE, PRESS, REPORT): nothing of them was done" in answer.words
    ), answer.body
    assert max(len(line) for line in answer.body.splitlines()) <= 78


def test_a_command_past_the_tenth_is_named(tmp_path: Path) -> None:
    hall = Hall(tmp_path, replies_per_hour=30, confirmations_per_hour=30)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    text = "".join(f"REPORT wok4-1 {turn % 2}\n" for turn in range(MAX_COMMANDS)) + "HELP\n"
    hall.mail(one.email, f"{text}CODE {one.code}\n")
    summary = hall.poll(hours=1)
    ((_key, outcome),) = summary.outcomes
    assert outcome.endswith("REPORT wok4-1 1 (1 more not read)"), outcome  # the GM's count
    answers = hall.new_mails(one.email)
    told = [a for a in answers if "was not read" in a.words]
    assert len(told) == 1, [a.subject for a in answers]
    assert f"Line {MAX_COMMANDS + 1} (HELP) of your mail was not read" in told[0].words
    assert "Mail it again" in told[0].words, told[0].body


def test_a_press_past_the_tenth_does_not_hide_the_lines_under_it() -> None:
    mail = read_commands("LIST\n" * MAX_COMMANDS + "PRESS g1\nHELP\nhello all\nAOF g1\n")
    assert mail is not None
    assert mail.skipped == 3
    assert [(c.verb, c.line) for c in mail.unread] == [
        ("PRESS", 11),
        ("HELP", 12),
        ("AOF", 14),
    ]


def test_commands_past_the_tenth_beside_a_form_are_named_too() -> None:
    """An order mail's answer names the commands typed beside its form as not carried out:
    those past the tenth were left out of it."""
    typed = "".join(f"STATUS g{n}\n" for n in range(1, 13))
    form = "=== BEGIN AOF ===\nGAME: g1 TURN: 1 PLAYER: 1 CODE: X\nR1: 1\n=== END AOF ===\n"
    named = typed_beside_a_form([f"{typed}\n{form}"]).commands
    assert list(named) == [f"STATUS g{n}" for n in range(1, 13)]


def test_an_order_mail_s_answer_counts_the_commands_it_does_not_name(tmp_path: Path) -> None:
    """Twenty commands typed above a form: its answer named 16 (10 read, 6 not read) as not
    carried out and left the other 4 unsaid. It counts them."""
    hall = Hall(tmp_path)
    game = game_with_quitters(hall, ())
    one = game.config.player(1)
    form = re.sub(r"(?m)^(R1:).*$", r"\1 1", game.aof(1))
    typed = "".join(f"STATUS wok4-{n}\n" for n in range(1, 21))
    answer = hall.answer(one.email, f"{typed}\n{form}")
    assert answer.subject == "[wok4-1] orders for turn 2 received", answer.subject
    body = " ".join(answer.body.split())
    named = ", ".join(f'"STATUS wok4-{n}"' for n in range(1, 17))
    assert f"the commands {named} and 4 more: NOT carried out." in body, body
