"""A player who fills in the quoted form where it stands and then types an order line
above the quote (a line he forgot, or a change of mind) wrote in two places. The lines
above are read, as bare lines above a quote are; the answer says that the form he filled
in the quote was not read, naming its line, where before it said nothing and the orders in
the quote were lost without a word."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.clients.test_fixtures import answers_to
from tests.mail.replies import ATTRIBUTION, quoted


def test_a_form_filled_in_the_quote_under_typed_lines_is_said_not_read(tmp_path: Path) -> None:
    played = PLAYED["wok4"]
    table = Table(tmp_path, played.spec)
    report = email.message_from_bytes(table.report(1), policy=email.policy.default)
    assert isinstance(report, EmailMessage)
    body = report.get_body(preferencelist=("plain",))
    assert body is not None
    text = str(body.get_content()).replace("\r\n", "\n")
    inside = text.replace("G1: __   _", "G1: 60   5").replace("R1: _", "R1: 1")
    reply = table.mail(table.spec.seats[0], f"A1: 60 55 010\n\n{ATTRIBUTION}\n{quoted(inside)}")
    table.deliver(reply)
    table.poll()
    assert table.orders(1) == {
        "player": 1,
        "turn": 1,
        "attack": [{"from": 60, "to": 55, "armies": 10}],
    }
    form = 4 + next(i for i, line in enumerate(text.split("\n")) if "BEGIN AOF" in line)
    assert (
        f"Your mail holds another filled-in copy of this form (from line {form}); it was "
        "not read: the one from line 1 was." in answers_to(table)
    )
