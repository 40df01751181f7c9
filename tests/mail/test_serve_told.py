"""What `wtg serve`'s log and `wtg status --host` tell the GM of a login the real servers
(Dovecot, aiosmtpd) refuse, as the GM's trial of service37 met them: one log line a failed
poll (there were two, the first with the GM's login hidden as ``<address>``, the second
showing it), and the outbox line saying why its mail waits and what to do (it said "1 mail
waiting" alone after an SMTP login refusal), until a send sends it."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, SmtpSink
from tests.mail.test_serve_login_slips import confirmations_of, deliver, host, secret
from tests.service.week import SimClock
from wtg.cli import main
from wtg.host.config import GmConfig
from wtg.serve.service import Service

MINUTE = timedelta(minutes=1)


def serve(gm: GmConfig, minutes: int, before: Callable[[], None] | None = None) -> None:
    """``minutes`` of `wtg serve` on the test's clock; ``before``: done at its first
    minute."""
    start = datetime.now(timezone.utc).replace(microsecond=0)
    clock = SimClock(start, start + minutes * MINUTE)
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    if before is not None:
        clock.at(start + MINUTE, before)
    service.run()


def wtg(config: Path, *args: str) -> Result:
    """A command as the GM types it, the config given on its command line."""
    result = CliRunner().invoke(main, ["--config", str(config), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_a_refused_imap_login_is_one_log_line_a_poll_with_the_gms_login_and_no_password(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="wtg")
    gm = host(tmp_path, imap, smtp_auth, imap_password="typo-1")
    serve(gm, 10)

    said = [r.getMessage() for r in caplog.records if r.name == "wtg" and r.levelno > logging.INFO]
    head = f"the mail server refused the login as {GM_ADDRESS}: [AUTHENTICATIONFAILED] "
    assert all(line.startswith(head) for line in said), said  # one line a poll, no other
    tail = "(`wtg check-config` tries them); trying again in "
    pauses = [line.split(tail)[1].split(" s,")[0] for line in said]
    assert pauses == [
        "60",
        "120",
        "240",
        "480",
    ]  # at 0, 1, 3 and 7 min: each poll's line once, its pause twice the last
    everything = [r.getMessage() for r in caplog.records]
    assert not [line for line in everything if "<address>" in line or "poll failed" in line]
    assert not [line for line in everything if "typo-1" in line]


def test_status_says_why_mail_waits_after_an_smtp_login_refusal_until_a_send_sends_it(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="wtg")
    gm = host(tmp_path, imap, smtp_auth, smtp_password="typo-2")
    config = tmp_path / "wtg.yaml"
    serve(gm, 10, before=lambda: deliver(imap, gm))
    assert confirmations_of(smtp_auth) == []  # Ann's confirmation waits
    said = [r.getMessage() for r in caplog.records if r.name == "wtg"]
    refused = [line for line in said if "refused the login" in line]
    assert refused and all(
        line.startswith("send: ") and f"refused the login as {GM_ADDRESS}: 535 " in line
        for line in refused
    ), refused  # the send's one line a round (a mail's line said it again, as <address>)
    assert not [line for line in said if "<address>" in line or "typo-2" in line]

    shown = wtg(config, "status", "--host").stdout
    assert "outbox: 3 mails waiting" in shown  # turn 0's two reports, the confirmation
    password = tmp_path / "smtp-password"
    why = (
        f"refused the login as {GM_ADDRESS}: 535 5.7.8 Authentication credentials invalid; "
        f"the password is read from {password} (smtp.password_file) at each login, the "
        f"username '{GM_ADDRESS}' from the config (smtp.username): the server does not say "
        "which it refused; mend the password in its file, or the username in the config, "
        f"which a running `wtg --config {config} serve` reads again at a reload (`wtg "
        f"--config {config} check-config` tries them); once that is mended `wtg --config "
        f"{config} send` sends them (a running wtg serve tries again within 30 min)"
    )
    assert why in " ".join(shown.split()), shown
    assert "NOT SENT: the last send (" in shown
    data = json.loads(wtg(config, "status", "--host", "--json").stdout)
    assert data["outbox"] == 3
    assert "refused the login as" in data["outbox_send_error"]
    assert data["outbox_send_error"].endswith("(`wtg check-config` tries them)")  # JSON: as kept
    assert data["outbox_send_error_at"].endswith("Z")

    secret(password, GM_PASSWORD)  # mended; the next send (the GM's) sends it
    wtg(config, "send")
    assert len(confirmations_of(smtp_auth)) == 1
    after = json.loads(wtg(config, "status", "--host", "--json").stdout)
    assert (after["outbox"], after["outbox_send_error"], after["outbox_send_error_at"]) == (
        0,
        None,
        None,
    )
    assert "outbox: empty, nothing waits to be sent" in wtg(config, "status", "--host").stdout
