"""A reply whose client wraps its lines at 72 after quoting the report, as webmail and some
desktop clients do when they send plain text: a quoted line longer than that goes on with
its tail on the next line, without the quote prefix. The form's header line of a game with
a long name (a GM may give one of 64 characters) is such a line: its PLAYER and CODE land
unquoted under it. The order lines typed above the quote are filed all the same, in a game
of every ruleset; before, the answer was "no form of game ... found", nothing stored. (A
header that would pass 72 columns is written on two lines since: the test mails the report
as a wtg before that wrote it.)"""

from __future__ import annotations

import dataclasses
import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import PLAYED
from tests.mail.clients.table import Table
from tests.mail.replies import ATTRIBUTION, quoted

LONG_NAME = "the-long-winter-campaign-of-the-northern-reaches-2026"
WIDTH = 72


def wrapped(text: str, prefix_kept: bool) -> str:
    """Each line longer than ``WIDTH`` broken at its last space within it, the tail on the
    next line, with the line's quote prefix or without it."""
    out = []
    for line in text.split("\n"):
        prefix = "> " if line.startswith("> ") else ""
        while len(line) > WIDTH and " " in line[len(prefix) : WIDTH]:
            cut = line.rindex(" ", len(prefix), WIDTH)
            out.append(line[:cut])
            line = (prefix if prefix_kept else "") + line[cut + 1 :]
        out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("ruleset", PLAYED)
@pytest.mark.parametrize("prefix_kept", [False, True], ids=["tail-unquoted", "tail-quoted"])
def test_bare_lines_above_a_report_rewrapped_at_72_are_filed(
    ruleset: str, prefix_kept: bool, tmp_path: Path
) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, dataclasses.replace(played.spec, name=LONG_NAME))
    report = email.message_from_bytes(table.report(1), policy=email.policy.default)
    assert isinstance(report, EmailMessage)
    body = report.get_body(preferencelist=("plain",))
    assert body is not None
    text = str(body.get_content()).replace("\r\n", "\n")
    # a report of a wtg before the header went on two lines when one passes 72 columns
    text = text.replace(f"GAME: {LONG_NAME}\nTURN:", f"GAME: {LONG_NAME}  TURN:")
    header = next(line for line in text.split("\n") if line.startswith("GAME:"))
    assert len(f"> {header}") > WIDTH  # the header's tail is the one wrapped
    reply = EmailMessage()
    reply["From"] = "Alice <alice@example.org>"
    reply["To"] = "Game Master <gm@example.org>"
    reply["Subject"] = f"Re: {report['Subject']}"
    reply["In-Reply-To"] = str(report["Message-ID"])
    reply.set_content(
        f"{played.bare()}\n{ATTRIBUTION}\n{wrapped(quoted(text), prefix_kept)}",
        cte="quoted-printable",
    )
    table.deliver(reply.as_bytes(policy=email.policy.SMTP))
    table.poll()
    assert table.orders(1) == played.filed
