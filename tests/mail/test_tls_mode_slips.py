"""The TLS mode a GM gets wrong for his port, against the real Dovecot (a plain port and a
port of TLS from the first byte, as 143 and 993) and aiosmtpd: STARTTLS or no TLS asked
of a TLS port waited for a greeting that never comes and said `cannot connect: timed out`;
TLS asked of a plain port said `TLS failed: WRONG_VERSION_NUMBER`. Neither said which key
to change. Now each names the keys, in check-config, and in the poll's and the send's one
line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import World
from tests.mail.outboxes import outbox_counts
from tests.mail.servers import (
    GM_ADDRESS,
    GM_PASSWORD,
    Dovecot,
    SmtpSink,
)
from wtg.cli import main
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.servers import probe


def config(tmp_path: Path, imap: str, smtp: str) -> Path:
    (tmp_path / "games").mkdir(mode=0o700, exist_ok=True)
    path = tmp_path / "wtg.yaml"
    path.write_text(
        f"games_dir: games\ntransport: imap\nimap: {{{imap}, username: {GM_ADDRESS}, "
        f"password: {GM_PASSWORD}}}\nsmtp: {{{smtp}, from: {GM_ADDRESS}}}\n",
        encoding="utf-8",
    )
    path.chmod(0o600)  # it holds the password: the GM's alone, as `wtg init` makes it
    return path


def wtg(path: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(path), *args])


def test_no_tls_asked_of_a_tls_port_names_the_ssl_key(
    tmp_path: Path, imaps: Dovecot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """STARTTLS on 993, and a plain SMTP client at a port of TLS from its first byte (the
    TLS Dovecot's: what waits for TLS is all this check sees of a server)."""
    monkeypatch.setattr(probe, "TIMEOUT", 2.0)
    port = imaps.tls_port
    path = config(
        tmp_path,
        f"host: 127.0.0.1, port: {port}, starttls: true",
        f"host: 127.0.0.1, port: {port}",
    )
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[2:] == [
        f"FAIL  imap 127.0.0.1:{port} (starttls): no greeting in 2 s: 127.0.0.1:{port} speaks "
        "TLS from its first byte (as port 993 does) and waits for the client's: set "
        "imap.ssl: true and imap.starttls: false",
        f"FAIL  smtp 127.0.0.1:{port} (no TLS): no greeting in 2 s: 127.0.0.1:{port} speaks "
        "TLS from its first byte (as port 465 does) and waits for the client's: set "
        "smtp.ssl: true",
    ]
    assert result.exit_code == 1


def test_tls_asked_of_a_plain_port_names_the_ssl_key(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    path = config(
        tmp_path,
        f"host: 127.0.0.1, port: {imap.port}, ssl: true",
        f"host: 127.0.0.1, port: {smtp.port}, ssl: true",
    )
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[2:] == [
        f"FAIL  imap 127.0.0.1:{imap.port} (ssl): TLS failed: 127.0.0.1:{imap.port} greets in "
        "plain text, not in TLS: set imap.ssl: false (with imap.starttls: true for STARTTLS, "
        "as on port 143), or give imap.port the server's TLS port (usually 993)",
        f"FAIL  smtp 127.0.0.1:{smtp.port} (ssl): TLS failed: 127.0.0.1:{smtp.port} greets in "
        "plain text, not in TLS: set smtp.ssl: false (with smtp.starttls: true for STARTTLS, "
        "as on port 587), or give smtp.port the server's TLS port (usually 465)",
    ]
    assert result.exit_code == 1


def test_the_poll_and_the_send_name_the_key_too(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    """What the cron mail says, when the GM skipped check-config: one line, no traceback,
    every mail where it was."""
    world = World(tmp_path / "host")
    path = config(
        tmp_path,
        f"host: 127.0.0.1, port: {imap.port}, ssl: true",
        f"host: 127.0.0.1, port: {smtp.port}, ssl: true",
    )
    text = path.read_text(encoding="utf-8").replace("games_dir: games", "games_dir: host/games")
    path.write_text(text, encoding="utf-8")
    imap.append(GM_ADDRESS, b"From: p1@players.example\r\nSubject: hi\r\n\r\nHELP\r\n")
    polled = wtg(path, "poll")
    assert polled.exit_code == 1
    assert polled.stdout == ""
    assert polled.stderr.startswith("wtg: cannot open the inbox: [SSL: WRONG_VERSION_NUMBER]")
    assert polled.stderr.endswith(
        f": 127.0.0.1:{imap.port} greets in plain text, not in TLS: set imap.ssl: false (with "
        "imap.starttls: true for STARTTLS, as on port 143), or give imap.port the server's "
        "TLS port (usually 993)\n"
    )
    assert len(polled.stderr.splitlines()) == 1
    assert len(imap.fetch_all(GM_ADDRESS)) == 1
    sent = wtg(path, "send")
    assert sent.exit_code == 1
    assert sent.stdout.startswith(
        "4 reports queued; 0 mails sent, 4 waiting to be retried, 0 refused for good; the "
        f"mail server could not be reached: cannot reach 127.0.0.1:{smtp.port}: [SSL: "
    )
    assert sent.stdout.endswith(
        f"; 127.0.0.1:{smtp.port} greets in plain text, not in TLS: set smtp.ssl: false (with "
        "smtp.starttls: true for STARTTLS, as on port 587), or give smtp.port the server's "
        "TLS port (usually 465)\n"
    )
    assert outbox_counts(Outbox(world.gm.spool)) == {"queued": 4, "sent": 0, "failed": 0}
    assert smtp.messages == []
