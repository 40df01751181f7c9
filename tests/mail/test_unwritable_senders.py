"""A From the poll took for an address and no mail of ours can be made to
(``a..b@else.example``, ``=?utf-8?q?x?=@else.example``, ``a@else.example.``, one the
header registry raised on, which got the mail quarantined): the poll
queued an answer that `wtg send` then set aside for good, telling the GM on stderr (cron
mails it) to correct an address a stranger typed, and `wtg outbox` listed it ever after. Such
a mail gets no answer, as one without a sender: nothing is queued, the send says nothing;
orders in it with a player's code are filed and confirmed to his address as ever."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import GM, Hall, ann_and_bob
from wtg.cli import main
from wtg.mail.incoming.noreply import sender_address

UNWRITABLE = (
    "a..b@else.example",
    ".a@else.example",
    "=?utf-8?q?x?=@else.example",
    "a@else.example.",
    "a@else..example",
    ')EE/ sel|>"qr:+\\ShX9SI9lF!;}7[@=Q5]',
)
"""The last: a group where the header registry wants an address (``qr:+...``), which made
it raise AttributeError, and the mail was quarantined."""


@pytest.mark.parametrize("address", UNWRITABLE)
def test_an_address_no_mail_can_be_made_to_is_no_sender(address: str) -> None:
    assert sender_address({"from": [address]}) is None
    # nor is a Reply-To beside it: no From to check it against (tests/mail/
    # test_reply_to_elsewhere.py), it could name anyone
    assert sender_address({"from": [address], "reply-to": ["ok@else.example"]}) is None
    assert sender_address({"reply-to": [address], "from": ["ok@else.example"]}) == (
        "ok@else.example"
    )


def test_a_stranger_of_such_an_address_leaves_nothing_for_the_send(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann = next(p for p in game.config.players if p.name == "Ann")
    form = game.aof(ann.id).replace("X1: ___", "X1: 100").replace("\n", "\r\n")
    for number, address in enumerate(UNWRITABLE):
        hall.deliver(
            f"From: {address}\r\nTo: {GM}\r\nSubject: hi\r\n"
            f"Message-ID: <u{number}@else.example>\r\n\r\nHELP\r\nLIST\r\n".encode()
        )
    hall.deliver(
        f"From: {UNWRITABLE[0]}\r\nTo: {GM}\r\nSubject: orders\r\n"
        f"Message-ID: <uo@else.example>\r\n\r\n{form}".encode()
    )
    outcomes = [text for _key, text in hall.poll(hours=1).outcomes]
    assert outcomes[-1] == f"stored: wok4-1 turn 1 player {ann.id}"
    assert outcomes[:-1] == ["rejected: no order form, and not from a player"] * len(UNWRITABLE)
    mails = hall.new_mails()
    assert [m.to for m in mails] == [ann.email]
    assert "orders for turn 1 received" in mails[0].subject
    config = hall.config_file()
    sent = CliRunner().invoke(main, ["--config", str(config), "send"], catch_exceptions=False)
    assert sent.exit_code == 0, sent.output
    assert "refused for good" not in sent.output.replace("0 refused for good", "")
    listed = CliRunner().invoke(main, ["--config", str(config), "outbox"])
    assert "no mail was set aside for good" in listed.output
