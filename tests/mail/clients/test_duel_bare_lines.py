"""Order lines a Duel player types above the report he answers, which holds a form for
each of his colours: they may be for any colour, so none is filed, and he is told why, in
every way a client puts the report under them (quoted, left unquoted by Outlook, forwarded
as an attachment).

Before, the lines, which name no game, were taken for another game's and dropped: each
colour was answered 'no orders found in your mail', three mails without a word of the
lines he typed."""

from __future__ import annotations

import email
import email.policy
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.mail.clients.table import DUEL, Table
from tests.mail.clients.test_forwarded_as_attachment import DORA, thunderbird
from tests.mail.clients.test_unquoted_originals import outlook_plain, reply_to, report_of
from tests.mail.replies import top_posted

TYPED = "A1: 21 20 005\nR1: 1\n\nDora\n"


def quoted_reply(table: Table) -> bytes:
    report, text = report_of(table)
    reply = reply_to(report)
    del reply["From"]
    reply["From"] = DORA
    reply.set_content(top_posted(text, TYPED))
    return bytes(reply)


def outlook(table: Table) -> bytes:
    report, text = report_of(table)
    raw = outlook_plain(report, text, TYPED)
    return raw.replace(b"Alice <alice@example.org>", DORA.encode(), 1)


def forwarded(table: Table) -> bytes:
    return thunderbird(table.report(1), TYPED, DORA)


SHAPES: dict[str, Callable[[Table], bytes]] = {
    "quoted": quoted_reply,
    "outlook": outlook,
    "forwarded": forwarded,
}


@pytest.mark.parametrize("shape", SHAPES)
def test_order_lines_over_a_duel_report_are_refused_with_the_reason(
    shape: str, tmp_path: Path
) -> None:
    table = Table(tmp_path, DUEL)
    table.deliver(SHAPES[shape](table))
    table.poll()
    assert [table.orders(player) for player in (1, 3, 5)] == [None, None, None]
    answers = []
    for queued in sorted((table.games / ".mail" / "outbox" / "queue").glob("*.eml")):
        mail = email.message_from_bytes(queued.read_bytes(), policy=email.policy.default)
        body = mail.get_body(preferencelist=("plain",))
        assert body is not None
        answers.append((str(mail["To"]), " ".join(str(body.get_content()).split())))
    assert len(answers) == 1, answers
    ((to, said),) = answers
    assert to == "dora@example.org"
    assert (
        "line 1: order lines without the GAME/TURN/PLAYER/CODE header of your form, and no "
        "single form in your mail they could belong to: copy them into the form they are for"
    ) in said
    assert "no orders found" not in said
