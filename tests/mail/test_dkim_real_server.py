"""Issue 28, DKIM: the mail `wtg send` hands to a real SMTP server (aiosmtpd) carries a
signature that verifies against the record `wtg dkim-keygen` printed, the game's reports as
the server received them."""

from __future__ import annotations

from pathlib import Path

import dkim

from tests.dkim.keys import DOMAIN, SELECTOR, answering, keygen
from tests.mail.loop import NOW
from tests.mail.servers import SmtpSink
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.host.config import config_from_data
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import SmtpTransport


def test_reports_sent_over_smtp_verify(tmp_path: Path, smtp: SmtpSink) -> None:
    key, record = keygen(tmp_path)
    gm = config_from_data(
        {
            "games_dir": "games",
            "smtp": {"host": smtp.host, "port": smtp.port, "from": f"gm@{DOMAIN}"},
            "dkim": {"domain": DOMAIN, "selector": SELECTOR, "key_file": str(key)},
        },
        tmp_path,
    )
    players = [PlayerEntry(i, f"P{i}", f"p{i}@players.example", f"CODE000{i}") for i in (1, 2, 3)]
    create_game(gm.games_dir / "g1", "wok4", "small", players, seed=3, now=NOW)
    assert gm.smtp is not None

    summary = send(gm, now=NOW, transport=SmtpTransport(gm.smtp))

    assert (summary.sent, summary.waiting, summary.failed) == (3, 0, 0)
    received = smtp.wait_for(3)
    for message in received:
        assert message.data.startswith(b"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;")
        assert dkim.verify(message.data, dnsfunc=answering(record))
        head, blank, body = message.data.partition(b"\r\n\r\n")
        assert blank and b"a" in body
        changed = head + blank + body.replace(b"a", b"b", 1)
        assert not dkim.verify(changed, dnsfunc=answering(record))
