"""`wtg send` signs each mail when it sends it: a mail queued before ``dkim:`` was set goes
out signed, and a key that cannot be read keeps every mail queued (none sent unsigned,
none lost) until it can."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import dkim
from click.testing import CliRunner

from tests.dkim.keys import DOMAIN, SELECTOR, answering, keygen
from wtg.cli import main
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import delivered

NOW = datetime(2026, 12, 2, 10, 0, tzinfo=timezone.utc)
GM = f"Game Master <gm@{DOMAIN}>"


def gm_config(tmp_path: Path, key: Path | None) -> GmConfig:
    data: dict[str, object] = {"games_dir": "games", "from": GM}
    if key is not None:
        data["dkim"] = {"domain": DOMAIN, "selector": SELECTOR, "key_file": str(key)}
    (tmp_path / "games").mkdir(exist_ok=True)
    return config_from_data(data, tmp_path)


def queue(gm: GmConfig, *idents: str) -> None:
    outbox = Outbox(gm.spool)
    for ident in idents:
        msg = compose.message(
            ident, gm.sender, "ann@players.example", f"[g1] {ident}", "Your turn.\n", when=NOW
        )
        assert outbox.add(ident, msg)


def test_a_mail_queued_before_dkim_was_set_goes_out_signed(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    queue(gm_config(tmp_path, None), "cmd-a", "cmd-b")  # queued by a config without dkim

    summary = send(gm_config(tmp_path, key), now=NOW)

    assert (summary.sent, summary.waiting, summary.unsigned) == (2, 0, "")
    out = [p.read_bytes() for p in delivered(gm_config(tmp_path, key).maildir_out)]
    assert len(out) == 2
    for raw in out:
        assert raw.startswith(b"DKIM-Signature: ")
        assert dkim.verify(raw, dnsfunc=answering(record))
    sent = Outbox(gm_config(tmp_path, key).spool).sent_dir
    # the outbox keeps the mail as queued: read back (answers), or sent again, it is signed once
    assert not any(p.read_bytes().startswith(b"DKIM-Signature") for p in sent.iterdir())


def test_a_key_that_cannot_be_read_keeps_the_mail_queued(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    gm = gm_config(tmp_path, key)
    queue(gm, "cmd-a", "cmd-b")
    hidden = tmp_path / "elsewhere"
    key.rename(hidden)  # gone meanwhile (root reads a file of mode 000: a missing one it cannot)

    summary = send(gm, now=NOW)

    why = f"cannot read the DKIM key {key}: No such file or directory"
    assert (summary.sent, summary.waiting, summary.failed, summary.unsigned) == (0, 2, 0, why)
    assert summary.line() == (
        "0 reports queued; 0 mails sent, 2 waiting to be retried, 0 refused for good; "
        f"nothing sent unsigned, the mail stays queued: {why}"
    )
    assert list(delivered(gm.maildir_out)) == []
    assert sorted(p.name for p in Outbox(gm.spool).queue_dir.iterdir()) == [
        "cmd-a.eml",
        "cmd-b.eml",
    ]

    config_file = tmp_path / "wtg.yaml"
    config_file.write_text(
        f"games_dir: games\nfrom: {GM}\n"
        f"dkim: {{domain: {DOMAIN}, selector: {SELECTOR}, key_file: {key.name}}}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["--config", str(config_file), "send"])
    assert result.exit_code == 1  # as with the server down: cron mails the line
    assert result.output == f"{summary.line()}\n"

    hidden.rename(key)  # put right: the next send sends them, signed
    again = send(gm, now=NOW)
    assert (again.sent, again.waiting, again.unsigned) == (2, 0, "")
    assert all(
        dkim.verify(p.read_bytes(), dnsfunc=answering(record)) for p in delivered(gm.maildir_out)
    )


def test_a_key_that_is_no_key_keeps_the_mail_queued(tmp_path: Path) -> None:
    key = tmp_path / "broken.key"
    key.write_text("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n")
    key.chmod(0o600)
    gm = gm_config(tmp_path, key)
    queue(gm, "cmd-a")
    summary = send(gm, now=NOW)
    assert (summary.sent, summary.waiting) == (0, 1)
    assert summary.unsigned.startswith(f"the DKIM key {key} is no RSA private key wtg can use")
    assert list(delivered(gm.maildir_out)) == []


def test_a_mail_that_cannot_be_signed_is_set_aside_and_the_others_go(tmp_path: Path) -> None:
    """A mail without a From (put in the queue by hand: wtg makes none) has nothing DKIM can
    sign: it is set aside for good with the reason, as a mail the server refuses; the key is
    not at fault, so the mails after it go out signed."""
    key, record = keygen(tmp_path)
    gm = gm_config(tmp_path, key)
    queue(gm, "cmd-b")
    outbox = Outbox(gm.spool)
    (outbox.queue_dir / "cmd-a.eml").write_bytes(b"To: ann@players.example\r\n\r\nhello\r\n")

    summary = send(gm, now=NOW)

    assert (summary.sent, summary.waiting, summary.failed, summary.unsigned) == (1, 0, 1, "")
    (line,) = summary.refused
    assert line.startswith("mail cmd-a refused for good: DKIM cannot sign this mail: ")
    assert sorted(p.name for p in outbox.failed_dir.glob("*.eml")) == ["cmd-a.eml"]
    (out,) = delivered(gm.maildir_out)
    assert dkim.verify(out.read_bytes(), dnsfunc=answering(record))
