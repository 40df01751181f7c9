"""The form of a game named with as many characters as a GM may give (64): its header's
GAME/TURN/PLAYER/CODE line ran to 110 columns (84 for a name of 40), past the 72 of the
form's prose and the 78 of a mail's line, so every client that wraps a reply broke it.
The header goes on two lines when one would pass 72 (GAME alone, then TURN, PLAYER and
CODE), and a reply quoting the form filled in, or the form pasted into a mail, is filed
as before, in a game of every ruleset."""

from __future__ import annotations

import dataclasses
import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.mail.clients.rulesets import ALICE, PLAYED
from tests.mail.clients.table import Table
from tests.mail.replies import ATTRIBUTION, quoted
from tests.shipped import INTERMEDIATE, STANDARD, TACTICS, WISK, WOK4
from wtg.aof.render import header_line, render_aof
from wtg.core.form import FormSpec

LONGEST = "the-long-winter-campaign-of-the-northern-reaches-and-the-island1"
WIDTH = 72


def report_text(table: Table) -> str:
    report = email.message_from_bytes(table.report(1), policy=email.policy.default)
    assert isinstance(report, EmailMessage)
    body = report.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def test_the_header_of_a_short_name_stays_one_line() -> None:
    header = {"game": "g1", "turn": 3, "player": 2, "code": "K7Q2M9XD"}
    assert header_line(header) == "GAME: g1  TURN: 3  PLAYER: 2  CODE: K7Q2M9XD"


def test_the_header_of_a_long_name_keeps_to_72_columns() -> None:
    assert len(LONGEST) == 64
    header = {"game": LONGEST, "turn": 120, "player": 10, "code": "K7Q2M9XDK7Q2M9XD"}
    first, second = header_line(header).split("\n")
    assert first == f"GAME: {LONGEST}"
    assert second == "TURN: 120  PLAYER: 10  CODE: K7Q2M9XDK7Q2M9XD"
    assert max(len(first), len(second)) <= WIDTH


@pytest.mark.parametrize("ruleset", PLAYED)
def test_a_long_names_form_keeps_to_72_columns_and_is_filed(ruleset: str, tmp_path: Path) -> None:
    played = PLAYED[ruleset]
    table = Table(tmp_path, dataclasses.replace(played.spec, name=LONGEST))
    form = table.aof(1)
    wide = [line for line in form.splitlines() if len(line) > WIDTH]
    assert wide == []
    text = report_text(table)
    assert f"GAME: {LONGEST}\nTURN: 1  PLAYER: 1  CODE: " in text
    reply = EmailMessage()
    reply["From"] = f"Alice <{ALICE.email}>"
    reply["To"] = "Game Master <gm@example.org>"
    reply["Subject"] = "Re: report"
    reply.set_content(f"{ATTRIBUTION}\n{quoted(played.filled(text))}", cte="quoted-printable")
    table.deliver(reply.as_bytes(policy=email.policy.SMTP))
    table.poll()
    assert table.orders(1) == played.filed


@pytest.mark.parametrize("form", [r.form for r in (WOK4, STANDARD, INTERMEDIATE, WISK, TACTICS)])
def test_the_form_s_words_on_its_header_fit_a_header_on_two_lines(form: FormSpec) -> None:
    """The form said 'Keep the GAME/TURN/PLAYER/CODE line as it is.' above a header on two
    lines: a player who kept 'the line' (TURN, PLAYER, CODE) and joined GAME to it, or
    dropped GAME as a line the form did not name, had his orders refused. The words name
    the header, one line or two."""
    header = {"game": LONGEST, "turn": 1, "player": 1, "code": "K7Q2M9XD"}
    text = render_aof(form, header)
    assert f"GAME: {LONGEST}\nTURN: 1  PLAYER: 1  CODE: K7Q2M9XD\n" in text
    assert "CODE line" not in text
    assert "Keep the GAME/TURN/PLAYER/CODE header as it is." in text
