"""Alice forwards her report to the host and types her order lines under it, as mutt and
neomutt put a forward: the report between ``----- Forwarded message from ... -----`` and
``----- End forwarded message -----``, what she types under that end line. Before, the
order form's reader took everything under the forward's head line as the original (it
runs to the end of the text under an Outlook head), and her lines there were not read: no
orders found. They are hers now (``wtg.aof.original.forward_end``); the forwarded form,
blank, is still the mail forwarded and never read as hers."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.conftest import need
from tests.mail.clients.drivers import CLIENTS, Desk, mutt_forward, s_nail_forward
from tests.mail.clients.player import TYPED_FILE
from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table

END = "----- End forwarded message -----"


def _mutt_shaped(report: bytes, typed: str) -> bytes:
    """A forward as mutt writes it inline (its head line, the original's header lines, its
    text, its end line), ``typed`` under it."""
    original = email.message_from_bytes(report, policy=email.policy.default)
    assert isinstance(original, EmailMessage)
    body = original.get_body(preferencelist=("plain",))
    assert body is not None
    text = str(body.get_content()).replace("\r\n", "\n")
    forward = EmailMessage()
    forward["From"] = "Alice <alice@example.org>"
    forward["To"] = "Game Master <gm@example.org>"
    forward["Subject"] = f"Fwd: {original['Subject']}"
    forward["Message-ID"] = "<mutt-forward-1@example.org>"
    forward.set_content(
        "----- Forwarded message from Game Master <gm@example.org> -----\n\n"
        f"Date: Fri, 4 Dec 2026 18:00:00 +0000\nFrom: Game Master <gm@example.org>\n"
        f"To: Alice <alice@example.org>\nSubject: {original['Subject']}\n\n"
        f"{text}\n{END}\n\n{typed}"
    )
    return forward.as_bytes(policy=email.policy.SMTP)


@pytest.mark.parametrize("ruleset", PLAYED)
def test_order_lines_under_a_forwards_end_are_filed(ruleset: str, tmp_path: Path) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, played.spec)
    table.deliver(_mutt_shaped(table.report(1), f"{played.bare()}\nAlice"))
    table.poll()
    assert table.orders(1) == played.filed


def test_a_forward_with_nothing_under_it_files_nothing(tmp_path: Path) -> None:
    """The forwarded report's blank form is not Alice's: no orders found, as before."""
    table = Table(tmp_path, PLAYED["wok4"].spec)
    table.deliver(_mutt_shaped(table.report(1), "Alice"))
    assert "ignored: no orders found in your mail (kao p1)" in table.poll()
    assert table.orders(1) is None


@pytest.mark.parametrize("program", ["mutt", "neomutt"])
def test_mutt_forwarding_the_report_with_orders_under_it(program: str, tmp_path: Path) -> None:
    """mutt and neomutt themselves forward the report (``f``), the order lines typed under
    the draft: filed."""
    client = next(c for c in CLIENTS if c.name == program)
    need(client)
    played = PLAYED["wok4"]
    table = Table(tmp_path / "gm", played.spec)
    desk = Desk(tmp_path / "desk", table.report(1), "file-bottom", "kao")
    desk.write(TYPED_FILE, f"{played.bare()}\nAlice\n")
    mutt_forward(desk, "gm@example.org", program)
    raw = desk.reply()
    assert raw.index(END.encode()) < raw.rindex(b"A1: 60 55 010")
    table.deliver(raw)
    table.poll()
    assert table.orders(1) == played.filed


@pytest.mark.parametrize("ruleset", PLAYED)
def test_s_nail_forwarding_the_report_with_orders_under_it(ruleset: str, tmp_path: Path) -> None:
    """s-nail's ``forward`` puts the lines Alice types under the whole report, its header
    lines and text (``-------- Original Message --------`` over them), with nothing that
    ends it: the report is the host's own (``X-Mailer: wtg`` among its header lines), and
    ends with its forms and its map note; her lines under them are filed. Before: no
    orders found."""
    need(next(c for c in CLIENTS if c.name == "s-nail"))
    played = PLAYED[ruleset]
    table = Table(tmp_path / "gm", played.spec)
    desk = Desk(tmp_path / "desk", table.report(1), "forward", "kao")
    raw = s_nail_forward(desk, "gm@example.org", f"{played.bare()}\nAlice")
    assert raw.index(b"-------- Original Message --------") < raw.index(b"=== END AOF ===")
    assert raw.rindex(b"=== END AOF ===") < raw.rindex(played.bare().split("\n")[0].encode())
    table.deliver(raw)
    table.poll()
    assert table.orders(1) == played.filed


def test_s_nail_forwarding_the_report_alone_files_nothing(tmp_path: Path) -> None:
    """The report's blank form and its lines are the mail forwarded, never Alice's."""
    need(next(c for c in CLIENTS if c.name == "s-nail"))
    table = Table(tmp_path / "gm", PLAYED["wok4"].spec)
    desk = Desk(tmp_path / "desk", table.report(1), "forward", "kao")
    table.deliver(s_nail_forward(desk, "gm@example.org", "see below"))
    assert "ignored: no orders found in your mail (kao p1)" in table.poll()
    assert table.orders(1) is None


def test_anothers_mail_forwarded_whole_still_reads_nothing_under_it(tmp_path: Path) -> None:
    """A mail forwarded with its header lines that is not the host's (no ``X-Mailer: wtg``)
    has no known end: as before, nothing under its head is read."""
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report = email.message_from_bytes(table.report(1), policy=email.policy.default)
    assert isinstance(report, EmailMessage)
    body = report.get_body(preferencelist=("plain",))
    assert body is not None
    text = str(body.get_content()).replace("\r\n", "\n")
    forward = EmailMessage()
    forward["From"] = "Alice <alice@example.org>"
    forward["To"] = "Game Master <gm@example.org>"
    forward["Subject"] = "Fwd: Bob's report"
    forward.set_content(
        "-------- Original Message --------\nFrom: Bob <bob@example.org>\n"
        "Subject: my report\nX-Mailer: Thunderbird\n\n"
        f"{text}\n{played.bare()}"
    )
    table.deliver(forward.as_bytes(policy=email.policy.SMTP))
    table.poll()
    assert table.orders(1) is None
