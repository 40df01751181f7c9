"""An SMTP server that answers, and refuses the session before any mail: it offers
STARTTLS and then refuses it (454 TLS not available), or greets with 554 or 421. The
mails wait and the send exits 1, as ever; the line said 'the mail server could not be
reached: cannot reach 127.0.0.1:2525: (454, b'TLS not available')', of a server that
answered, its words as Python writes bytes. It says the server's words and that it
answered.

Against the real aiosmtpd server of tests/mail/servers.py."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.loop import World
from tests.mail.servers import SmtpSink
from wtg.cli import main

SENDER = "gm@example.org"


def wtg(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), *args])


def test_starttls_offered_then_refused_keeps_the_mail_and_says_the_server_s_words(
    tmp_path: Path, smtp: SmtpSink
) -> None:
    world = World(tmp_path)
    config = tmp_path / "wtg.yaml"
    config.write_text(
        f"games_dir: {world.gm.games_dir}\ntransport: imap\n"
        f"imap: {{host: 127.0.0.1, port: 1, username: {SENDER}, password: pw}}\n"
        f"smtp: {{host: {smtp.host}, port: {smtp.port}, starttls: true, from: {SENDER}}}\n",
        encoding="utf-8",
    )
    smtp.broken_starttls = True
    sent = wtg(config, "send", "-q")
    assert (sent.exit_code, sent.stderr) == (1, "")
    assert sent.stdout == (
        "4 reports queued; 0 mails sent, 4 waiting to be retried, 0 refused for good; "
        f"the mail server could not be reached: {smtp.host}:{smtp.port} answered, and "
        "refused to go on before any mail: 454 TLS not available\n"
    )
    assert smtp.messages == []
    smtp.broken_starttls = False  # the server's TLS mended: the next send sends them all
    config.write_text(config.read_text("utf-8").replace("starttls: true", "starttls: false"))
    again = wtg(config, "send", "-q")
    assert again.exit_code == 0, again.output
    assert len(smtp.messages) == 4
