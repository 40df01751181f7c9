"""A command typed in a mail's subject, its text left empty (`JOIN wok4` as the subject):
the host reads the commands of a mail's text alone, and answered the HELP without a word of
why, so the player mailed the same again (newgm48). The HELP now says the subject is not
read, naming the command it holds; a reply's subject (the host's own) is not named."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from wtg.lobby.questions import subject_command


def said(hall: Hall, sender: str) -> str:
    return " ".join(" ".join(mail.body for mail in hall.new_mails(sender)).split())


def test_a_command_in_the_subject_alone_is_named_in_the_help(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    hall.mail("fay@x.example", "", subject="JOIN wok4")
    hall.mail("gil@x.example", "", subject="Re: JOIN wok4: not done")
    hall.mail("hal@x.example", "Hello", subject="Join us in the fight")
    hall.poll(hours=1)
    fay = said(hall, "fay@x.example")
    assert fay.startswith(
        'Your mail\'s subject reads as a command, "JOIN wok4", but the host reads the commands '
        "typed in a mail's text, not in its subject: nothing was done. Type it in the text of "
        "a mail, as a line of its own, and send that mail. The host reads the commands you "
        "type in a mail"
    ), fay
    for other in ("gil@x.example", "hal@x.example"):
        help_alone = said(hall, other)
        assert help_alone.startswith("The host reads the commands you type"), help_alone
        assert "subject" not in help_alone


def test_the_subject_s_command_is_read_as_a_line_typed_alone() -> None:
    assert subject_command("join wok4") == "JOIN wok4"
    assert subject_command("  CONFIRM  7KQ2M9XWRT ") == "CONFIRM 7KQ2M9XWRT"
    assert subject_command("AW: JOIN wok4") == ""
    assert subject_command("Fwd: LIST") == ""
    assert subject_command("my orders") == ""
    assert subject_command("") == ""
