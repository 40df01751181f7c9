"""The lines under the host's own mail forwarded inline (s-nail's ``forward``: the
original, then what its sender typed, with nothing between) are his when the copy of the
host's mail runs to its last line (``commands.original_end``); else nothing under the
original's head is read, as before: a client that rewrapped the original's last lines
leaves its end unknown, and a line of it (``CONFIRM <code>``) must never pass for his.
mutt's and neomutt's forward ends with a line of its own (``----- End forwarded message
-----``): what the sender typed under it was never read either, and is now."""

from __future__ import annotations

from wtg.lobby.commands import read_commands

HOST = (
    "Hello,\n\nsomeone asked to JOIN wok4 with this address.\n\nCONFIRM ABCD2345EF\n\n"
    "Until then you are not on the list.\nIf you did not ask for this, do nothing.\n"
)
HEAD = (
    "-------- Original Message --------\nFrom: Game Master <gm@wtg.example>\n"
    "Subject: JOIN wok4: confirm\nMessage-ID: <a1@wtg.example>\n\n"
)


def test_the_lines_under_the_host_mail_are_read() -> None:
    read = read_commands(f"{HEAD}{HOST}\nnot me!\nLIST\n", HOST)
    assert read is not None
    assert [c.text() for c in read.commands] == ["LIST"]


def test_a_rewrapped_end_reads_nothing_under_the_head() -> None:
    rewrapped = HOST.replace(
        "Until then you are not on the list.\nIf you did not ask for this, do nothing.\n",
        "Until then you are not on the list. If you did not ask for this, do\nnothing.\n",
    )
    assert read_commands(f"{HEAD}{rewrapped}\nnot me!\nLIST\n", HOST) is None
    assert read_commands(f"{HEAD}{rewrapped}", HOST) is None


def test_anothers_mail_forwarded_reads_nothing_under_the_head() -> None:
    assert read_commands(f"{HEAD}{HOST}\nnot me!\nLIST\n") is None


MUTT = (
    "not me!\n\n----- Forwarded message from Game Master <gm@wtg.example> -----\n\n"
    "Date: Sat, 5 Dec 2026 12:34:00 +0000\nFrom: Game Master <gm@wtg.example>\n"
    "Subject: JOIN wok4: confirm\n\n" + HOST + "\n----- End forwarded message -----\n"
)
"""mutt's and neomutt's forward inline: the mail between its head line and its end line."""


def test_the_lines_under_mutts_end_of_forward_are_read() -> None:
    read = read_commands(f"{MUTT}\nLIST\n")
    assert read is not None
    assert [c.text() for c in read.commands] == ["LIST"]
    assert read_commands(MUTT) is None  # its CONFIRM line is the host's


def test_a_forward_of_a_forward_ends_at_its_outer_end() -> None:
    inner = MUTT.replace("not me!\n\n", "")
    outer = (
        "see below\n\n----- Forwarded message from Bob <bob@players.example> -----\n\n"
        f"{inner}\nWITHDRAW wok4\n\n----- End forwarded message -----\n\nSTATUS g1\n"
    )
    read = read_commands(outer)
    assert read is not None
    assert [c.text() for c in read.commands] == ["STATUS g1"]  # Bob's WITHDRAW is his
