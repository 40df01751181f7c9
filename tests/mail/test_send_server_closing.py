"""An SMTP server that answers MAIL FROM (or the end of DATA) with 421, closing the
connection: too many connections or mails of the login (Gmail's '421 4.7.0 Try again
later, closing connection'), a server shutting down. Each mail of the queue was put off
on its own and the next one asked at once, on a connection and a login of its own: a
turn's 40 reports made 40 logins in a row to a server that had just said it was busy,
each mail backed off apart (its own first try counted towards the five days), and the send
exited 0. The first 421 ends the send's tries, as a server down does: every mail waits
for the next send, none is counted as put off, and the send exits 1 saying the server's
words.

Against the real aiosmtpd server of tests/mail/servers.py."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

from tests.mail.conftest import missing
from tests.mail.loop import World
from tests.mail.servers import AIOSMTPD_INSTALL_HINT, SmtpSink, aiosmtpd_available
from tests.mail.test_outbox_retry import folders, smtp_config
from tests.mail.test_send_recipient_deferred import wtg
from wtg.mail.outgoing.outbox import Outbox

REPORTS = [f"report-g1-t0000-p0{n}" for n in range(1, 5)]


@pytest.mark.parametrize("at", ["MAIL", "DATA"])
def test_a_server_closing_at_a_mail_ends_the_send_s_tries(
    tmp_path: Path, at: Literal["MAIL", "DATA"]
) -> None:
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink() as sink:
        world = World(tmp_path)
        config = smtp_config(tmp_path, world, sink)
        sink.refuse_next(10, 421, at)
        sent = wtg(config, "send", "-q")
        assert sink.refused == ["421 4.3.0 Temporarily refused by the test sink"]
        assert (sent.exit_code, sent.stderr) == (1, "")
        assert sent.stdout == (
            "4 reports queued; 0 mails sent, 4 waiting to be retried, 0 refused for "
            f"good; the mail server could not be reached: {sink.host}:{sink.port} answered, "
            "and closed the connection: 421 4.3.0 Temporarily refused by the test sink\n"
        )
        assert folders(world) == {"queue": REPORTS, "sent": [], "failed": []}
        outbox = Outbox(world.gm.spool)
        assert [outbox.deferred_since(name) for name in REPORTS] == [None] * 4
        sink.refuse_next(0)  # the server takes mail again: the next send sends them all
        again = wtg(config, "send", "-q")
        assert again.exit_code == 0, again.output
        assert folders(world) == {"queue": [], "sent": REPORTS, "failed": []}
