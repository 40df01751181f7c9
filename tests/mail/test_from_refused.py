"""A From the provider will not send as (``smtp.from`` not the login's address, as a GM
who copied the example config writes it): the server refuses it at MAIL FROM with a 5xx,
as Postfix's reject_sender_login_mismatch and the big providers do. Every mail has that
From, so it was each mail's permanent failure: a whole turn's reports set aside for good
in outbox/failed, never sent again. Now `check-config` names the From and the key, and
`wtg send` keeps every mail queued until the GM has corrected it, then sends each once
with the corrected From."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.conftest import missing
from tests.mail.loop import World
from tests.mail.outboxes import outbox_counts
from tests.mail.servers import (
    AIOSMTPD_INSTALL_HINT,
    GM_ADDRESS,
    GM_PASSWORD,
    SmtpSink,
    aiosmtpd_available,
)
from wtg.cli import main
from wtg.mail.outgoing.outbox import Outbox

WRONG = "Game Master <games@elsewhere.example>"
REFUSAL = "553 5.7.1 <games@elsewhere.example>: Sender address rejected: not owned by user"


@pytest.fixture
def provider() -> Iterator[SmtpSink]:
    """An SMTP server that lets the GM's login send only as the GM's address."""
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink({GM_ADDRESS: GM_PASSWORD}, auth_required=True, senders=[GM_ADDRESS]) as sink:
        yield sink


def config(tmp_path: Path, world: World, sink: SmtpSink, sender: str) -> Path:
    path = tmp_path / "wtg.yaml"
    path.write_text(
        f"games_dir: {world.gm.games_dir}\ntransport: imap\n"
        f"imap: {{host: 127.0.0.1, port: 1, username: {GM_ADDRESS}, password: pw}}\n"
        f"smtp: {{host: {sink.host}, port: {sink.port}, username: {GM_ADDRESS}, "
        f"password: {GM_PASSWORD}, from: '{sender}'}}\n",
        encoding="utf-8",
    )
    return path


def wtg(path: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(path), *args])


def test_check_config_names_a_from_the_server_refuses(tmp_path: Path, provider: SmtpSink) -> None:
    world = World(tmp_path)
    result = wtg(config(tmp_path, world, provider, WRONG), "check-config")
    assert result.stdout.splitlines()[-2:] == [
        f"ok    smtp 127.0.0.1:{provider.port} (no TLS): logged in as {GM_ADDRESS}",
        f"FAIL  smtp from '{WRONG}': the server refuses it as the sender: {REFUSAL}; set "
        "smtp.from to the address the smtp login sends as (or an alias the provider lets "
        "it use)",
    ]
    assert result.exit_code == 1
    assert provider.messages == []  # a MAIL FROM and RSET: nothing sent
    right = wtg(config(tmp_path, world, provider, f"Game Master <{GM_ADDRESS}>"), "check-config")
    assert right.stdout.splitlines()[-1] == (
        f"ok    smtp 127.0.0.1:{provider.port} (no TLS): logged in as {GM_ADDRESS}"
    )


def test_a_refused_from_keeps_every_mail_queued_until_it_is_corrected(
    tmp_path: Path, provider: SmtpSink
) -> None:
    world = World(tmp_path)
    outbox = Outbox(world.gm.spool)
    refused = wtg(config(tmp_path, world, provider, WRONG), "send", "-q")
    assert refused.exit_code == 1
    assert refused.stdout == (
        "4 reports queued; 0 mails sent, 4 waiting to be retried, 0 refused for good; "
        f"the mail stays queued: 127.0.0.1 refuses the sender games@elsewhere.example: "
        f"{REFUSAL}; set smtp.from to the address the smtp login sends as (or an alias the "
        "provider lets it use)\n"
    )
    assert refused.stderr == ""  # no mail is named refused for good
    assert outbox_counts(outbox) == {"queued": 4, "sent": 0, "failed": 0}
    assert provider.messages == []
    again = wtg(config(tmp_path, world, provider, WRONG), "send", "-q")
    assert again.exit_code == 1
    assert outbox_counts(outbox) == {"queued": 4, "sent": 0, "failed": 0}

    corrected = wtg(config(tmp_path, world, provider, f"Game Master <{GM_ADDRESS}>"), "send")
    assert corrected.exit_code == 0, corrected.output
    assert corrected.stdout == (
        "0 reports queued; 4 mails sent, 0 waiting to be retried, 0 refused for good\n"
    )
    sent = provider.messages
    assert sorted(m.rcpt_tos for m in sent) == [(f"p{i}@players.example",) for i in range(1, 5)]
    assert {m.mail_from for m in sent} == {GM_ADDRESS}
    assert {m.message()["From"] for m in sent} == {f"Game Master <{GM_ADDRESS}>"}
    for mail in sent:
        body = mail.message().get_body()
        assert body is not None and "=== BEGIN AOF ===" in body.get_content()
    assert outbox_counts(outbox) == {"queued": 0, "sent": 4, "failed": 0}
    assert wtg(config(tmp_path, world, provider, GM_ADDRESS), "send", "-q").stdout == ""
    assert len(provider.messages) == 4


def test_a_server_that_sends_only_for_a_login_says_so(tmp_path: Path, smtp_auth: SmtpSink) -> None:
    """No smtp.username, a server that wants one: it refuses the MAIL FROM with 530. That
    is no one mail's fault either, nor the From's: the line names the login."""
    world = World(tmp_path)
    path = tmp_path / "wtg.yaml"
    path.write_text(
        f"games_dir: {world.gm.games_dir}\ntransport: imap\n"
        f"imap: {{host: 127.0.0.1, port: 1, username: {GM_ADDRESS}, password: pw}}\n"
        f"smtp: {{host: {smtp_auth.host}, port: {smtp_auth.port}, from: {GM_ADDRESS}}}\n",
        encoding="utf-8",
    )
    hint = "the server sends only for a login: give smtp.username and its password"
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[-1] == (
        f"FAIL  smtp from '{GM_ADDRESS}': the server refuses it as the sender: 530 5.7.0 "
        f"Authentication required; {hint}"
    )
    sent = wtg(path, "send", "-q")
    assert sent.exit_code == 1
    assert sent.stdout.endswith(
        f"; the mail stays queued: 127.0.0.1 refuses the sender {GM_ADDRESS}: 530 5.7.0 "
        f"Authentication required; {hint}\n"
    )
    assert outbox_counts(Outbox(world.gm.spool)) == {"queued": 4, "sent": 0, "failed": 0}


def test_a_from_a_relay_has_not_verified_keeps_every_mail_queued(tmp_path: Path) -> None:
    """Amazon SES takes the mail and refuses it after DATA, its From not one it verified
    (554 Message rejected: Email address is not verified...): each mail was set aside for
    good in its turn, a whole turn's reports, as if each had been refused for itself."""
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink({GM_ADDRESS: GM_PASSWORD}, verified=[GM_ADDRESS]) as relay:
        world = World(tmp_path)
        outbox = Outbox(world.gm.spool)
        refused = wtg(config(tmp_path, world, relay, WRONG), "send", "-q")
        assert refused.exit_code == 1
        assert refused.stdout == (
            "4 reports queued; 0 mails sent, 4 waiting to be retried, 0 refused for "
            "good; the mail stays queued: 127.0.0.1 refuses the sender "
            "games@elsewhere.example: 554 Message rejected: Email address is not verified. "
            "The following identities failed the check in region EU-WEST-1: "
            "games@elsewhere.example; set smtp.from to the address the smtp login sends as "
            "(or an alias the provider lets it use)\n"
        )
        assert outbox_counts(outbox) == {"queued": 4, "sent": 0, "failed": 0}
        corrected = wtg(config(tmp_path, world, relay, f"Game Master <{GM_ADDRESS}>"), "send")
        assert corrected.exit_code == 0, corrected.output
        assert outbox_counts(outbox) == {"queued": 0, "sent": 4, "failed": 0}
