"""A reply that leaves the report out (K-9 Mail and FairEmail with quoting off, mutt with
``include=no``, a phone user who deletes the quote): the order lines typed have no form to
be read with, and nothing is filed; the help the player gets says which of his lines were
not read, and why. Before, it said only that the mail held no order form: of the orders he
typed, not a word."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.spoken import timeless
from tests.mail.clients.table import Table
from tests.mail.clients.test_unquoted_originals import reply_to, report_of


def help_of(table: Table) -> str:
    (queued,) = (table.games / ".mail" / "outbox" / "queue").glob("*.eml")
    mail = email.message_from_bytes(queued.read_bytes(), policy=email.policy.default)
    body = mail.get_body(preferencelist=("plain",))
    assert body is not None
    assert all(len(line) <= 78 for line in str(body.get_content()).splitlines())
    return timeless(" ".join(str(body.get_content()).split()))


def test_order_lines_typed_in_a_reply_without_the_report_are_said_not_read(
    tmp_path: Path,
) -> None:
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report, _text = report_of(table)
    reply = reply_to(report)
    reply.set_content(f"{played.bare()}\nAlice\nT 01 23 45 67 89\n")
    table.deliver(bytes(reply))
    assert "answered: help sent" in table.poll()
    assert table.orders(1) is None
    said = help_of(table)
    assert (
        "Lines 1 (A1), 2 (G1) and 3 (R1) of your mail look like order lines, but were not "
        "read: order lines are read only with the GAME/TURN/PLAYER/CODE header of the form "
        "they are for. Type them above your report, quoted in a reply to it, or into the "
        "form below."
    ) in said
    assert "60 55" not in said  # nothing of a mail whose From may be forged but labels
    assert "01 23" not in said  # the signature's telephone line is no order line
    assert "GAME: kao TURN: 1 PLAYER: 1 CODE: ALICE7Q2" in said


def test_many_order_lines_are_counted_past_the_first_six(tmp_path: Path) -> None:
    table = Table(tmp_path, PLAYED["wok4"].spec)
    report, _text = report_of(table)
    reply = reply_to(report)
    lines = [f"A{n}: 60 55 001" for n in range(1, 8)] + ["a8: visit evil.example", "R1: 1"]
    reply.set_content("\n".join(lines) + "\n")
    table.deliver(bytes(reply))
    table.poll()
    said = help_of(table)
    assert "Lines 1 (A1), 2 (A2), 3 (A3), 4 (A4), 5 (A5), 6 (A6) and 3 more of your" in said
    assert "evil" not in said


def test_an_order_line_with_a_spaced_number_is_named_too(tmp_path: Path) -> None:
    """``A 01 60 55 010`` reads as a telephone line when no form is known, and was left out
    of the lines named: it is an order of the player's game's form (its fields fit one),
    so it is named with the others; the signature's telephone line is still none."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report, _text = report_of(table)
    reply = reply_to(report)
    typed = played.bare().replace("A1: 60 55 010", "A 01 60 55 010")
    reply.set_content(f"{typed}\nAlice\nT 01 23 45 67 89\n")
    table.deliver(bytes(reply))
    assert "answered: help sent" in table.poll()
    said = help_of(table)
    assert "Lines 1 (A1), 2 (G1) and 3 (R1) of your mail look like order lines" in said, said
    assert "01 23" not in said


def test_a_telephone_line_with_its_country_code_is_not_named(tmp_path: Path) -> None:
    """``T 1-800-555-0199`` reads as line T1 (``T1- 800``): the help named it among the
    order lines not read ('Lines 1 (A1), 2 (G1), 3 (R1) and 5 (T1)'), a signature's line."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report, _text = report_of(table)
    reply = reply_to(report)
    reply.set_content(f"{played.bare()}\nAlice\nT 1-800-555-0199\nM 1.212.555.0147\n")
    table.deliver(bytes(reply))
    assert "answered: help sent" in table.poll()
    said = help_of(table)
    assert "Lines 1 (A1), 2 (G1) and 3 (R1) of your mail look like order lines" in said, said
