"""dropped47: a line of a command mail that reads as a reply's attribution (``Bob wrote:``,
and since review47b ``Am 3. Dez schrieb mir Bob:``), with the sender's own lines under it,
not quoted, ends what the host reads as his: ``JOIN wok4`` over ``Am 3. Dez schrieb mir
Bob:`` over ``STATUS`` carried out the JOIN and dropped the STATUS without a word. The
answer names those lines now; the host's own mail left unquoted under an attribution (a
webmail's reply) is read as before, and named not at all."""

from __future__ import annotations

import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.lobby.hall import GM, Hall, address, ann_and_bob
from tests.mail.replies import ATTRIBUTION
from wtg.lobby.commands import Command, read_commands
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting

NOT_READ = (
    "which the host reads as the head of a mail quoted: nothing under it was read as your commands."
)


@pytest.mark.parametrize(
    "said",
    ["Am 3. Dez schrieb mir Bob:", "Den 3 december skrev Bob till mig:", "Bob wrote:"],
)
def test_the_status_under_an_attribution_is_named(tmp_path: Path, said: str) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    answer = hall.answer(address(1), f"JOIN wok4 AS Ann\n{said}\nSTATUS\n")
    assert "CONFIRM" in answer.body  # the JOIN is carried out as before
    assert (
        f'Line 3 ("STATUS") of your mail was not read: it stands under the line "{said}", '
        f"{NOT_READ} To have it done, mail it again without that line."
    ) in answer.words, answer.body


def test_each_command_under_it_is_named_as_typed_and_prose_is_not() -> None:
    """Each line under the attribution that is a command is named as typed, a CODE line
    without its code; a line of prose is none."""
    text = "JOIN wok4\nBob wrote:\nHi all,\nSTATUS\nlist\nCODE ABCD2345EF\n"
    read = read_commands(text)
    assert read is not None
    assert read.commands == (Command("JOIN", ("wok4",), 1),)
    assert read.cut_at == "Bob wrote:"
    assert read.under_cut == (
        Command("STATUS", (), 4),
        Command("list", (), 5),
        Command("CODE", ("[your", "code]"), 6),
    )


def test_a_webmail_reply_over_the_host_mail_unquoted_names_nothing(tmp_path: Path) -> None:
    """A webmail that puts the mail answered under an attribution, unquoted: its lines (the
    request's ``CONFIRM <code>`` among them) are the host's, read as none of the sender's,
    and the answer says nothing of them."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    ask = hall.answer(address(1), "JOIN wok4 AS Ann")
    attribution = f"On Sun, 22 Nov 2026 at 13:00, {GM} wrote:"
    hall.mail(address(1), f"CONFIRM {ask.code()}\n\n{attribution}\n{ask.body}")
    hall.poll(hours=1)
    (answer,) = hall.new_mails(address(1))
    assert "not read" not in answer.words and "not understood" not in answer.words, answer.body
    with LobbyDatabase(hall.gm.games_dir) as book:
        assert [w.name for w in waiting(book, "wok4")] == ["Ann"]


@pytest.mark.parametrize("player", [True, False])
def test_a_mail_of_no_other_command_is_answered_naming_them(tmp_path: Path, player: bool) -> None:
    """With no command above the line (a greeting only), a player gets the help with his
    forms and a stranger the HELP: each names the lines under it, as it names the lines not
    understood."""
    hall = Hall(tmp_path)
    if player:
        ann_and_bob(hall)
    sender = address(1) if player else address(7)
    answer = hall.answer(sender, "Hi,\nBob wrote:\nstatus wok4-1\n")
    assert (
        f'Line 3 ("status wok4-1") of your mail was not read: it stands under the line "Bob '
        f'wrote:", {NOT_READ}'
    ) in answer.words, answer.body


def test_a_reply_to_the_help_over_it_unquoted_names_nothing(tmp_path: Path) -> None:
    """The HELP answered (its In-Reply-To), left unquoted under the attribution: its
    command lines (``JOIN <game>`` ...) are the host's, named not at all, and the JOIN
    typed above it is carried out."""
    hall = Hall(tmp_path)
    hall.open_list("wok4", players=3)
    help_mail = hall.answer(address(1), "HELP")
    hall.send()
    msg = EmailMessage()
    msg["From"] = address(1)
    msg["To"] = GM
    msg["Subject"] = f"Re: {help_mail.subject}"
    msg["Message-ID"] = "<webmail-1@players.example>"
    msg["In-Reply-To"] = hall.sent_id(help_mail.subject)
    msg.set_content(f"JOIN wok4 AS Ann\n\n{ATTRIBUTION}\n{help_mail.body}")
    # as a client writes it: an In-Reply-To longer than a line, never encoded
    hall.deliver(msg.as_bytes(policy=email.policy.SMTP.clone(max_line_length=998)))
    hall.poll(hours=1)
    (answer,) = hall.new_mails(address(1))
    assert "CONFIRM" in answer.body
    assert "not read" not in answer.words and "not understood" not in answer.words, answer.body
