"""An SMTP server that takes the connection and the mail, then answers nothing (stuck, or
overloaded): `wtg send` waited out its timeout on each mail in turn, a new connection a
mail, each mail then put off for its next try, and said only 'N waiting to be retried'
with exit 0. A turn's forty reports held a cron `wtg send` (and `wtg serve`, past its
systemd watchdog) for forty timeouts, and the GM was never told the server hung. Now the
first timeout stops the send as a server that cannot be reached does: the other mails are
not tried, the line says the server stopped answering, exit 1, and the next send tries
them all again.

Against the real aiosmtpd server of tests/mail/servers.py, made to hang after each mail."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.conftest import missing
from tests.mail.loop import World
from tests.mail.servers import AIOSMTPD_INSTALL_HINT, SmtpSink, aiosmtpd_available
from tests.mail.test_outbox_retry import smtp_config
from wtg.cli import main
from wtg.mail.servers import transport


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink() as server:
        try:
            yield server
        finally:
            server.hanging.clear()


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def test_a_server_that_stops_answering_stops_the_send_once(
    tmp_path: Path, sink: SmtpSink, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the server never answers at all: the send's wait for it cut short
    monkeypatch.setattr(transport.connect_smtp, "__defaults__", (0.5,))
    world = World(tmp_path)
    config = smtp_config(tmp_path, world, sink)
    sink.hanging.set()
    stuck = wtg(config, "send", "-q")
    assert stuck.exit_code == 1
    assert stuck.stdout == (
        "4 reports queued; 0 mails sent, 4 waiting to be retried, 0 refused for good; "
        f"the mail server could not be reached: {sink.host}:{sink.port} stopped answering in "
        "the middle of a mail (no answer within 0.5 s): the server is stuck or overloaded\n"
    )
    assert sink.hung == 1  # one mail waited for, the others not tried
    queue = world.gm.spool / "outbox" / "queue"
    assert sorted(p.stem for p in queue.glob("*.eml")) == [
        f"report-g1-t0000-p0{n}" for n in range(1, 5)
    ]
    assert not list(queue.glob("*.json"))  # none put off: the next send tries them all
    sink.hanging.clear()
    again = wtg(config, "send", "-q")
    assert (again.exit_code, again.stderr) == (0, "")
    assert again.stdout == ""  # -q: all mailed as it should be, no news for cron to mail
    assert sorted(r for mail in sink.messages for r in mail.rcpt_tos) == [
        f"p{n}@players.example" for n in range(1, 5)
    ]
