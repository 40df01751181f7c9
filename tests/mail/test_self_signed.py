"""A GM's own Dovecot on 993 with a self-signed certificate, as the real one in the tests
has: the check said `TLS failed: CERTIFICATE_VERIFY_FAILED` and no key of the config could
make wtg trust it. Now the line says why and what to set, `imap.ca_file` (and
`smtp.ca_file`) trusts the server's own certificate, and a name the certificate is not for
is named as such."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.servers import (
    GM_ADDRESS,
    GM_PASSWORD,
    Dovecot,
    SmtpSink,
)
from wtg.cli import main


def config(tmp_path: Path, imaps: Dovecot, smtp: SmtpSink, extra: str = "") -> Path:
    (tmp_path / "games").mkdir(mode=0o700, exist_ok=True)
    path = tmp_path / "wtg.yaml"
    path.write_text(
        f"games_dir: games\ntransport: imap\n"
        f"imap: {{host: {imaps.host}, port: {imaps.tls_port}, ssl: true, username: "
        f"{GM_ADDRESS}, password: {GM_PASSWORD}{extra}}}\n"
        f"smtp: {{host: {smtp.host}, port: {smtp.port}, from: {GM_ADDRESS}}}\n",
        encoding="utf-8",
    )
    path.chmod(0o600)  # it holds the password: the GM's alone, as `wtg init` makes it
    return path


def wtg(path: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(path), *args])


def test_a_self_signed_certificate_says_to_set_ca_file(
    tmp_path: Path, imaps: Dovecot, smtp: SmtpSink
) -> None:
    result = wtg(config(tmp_path, imaps, smtp), "check-config")
    assert result.stdout.splitlines()[2] == (
        f"FAIL  imap 127.0.0.1:{imaps.tls_port} (ssl): TLS failed: the server's certificate "
        "is not trusted (self-signed certificate): for a server of your own with a "
        "self-signed certificate, set imap.ca_file to a copy of that certificate (PEM); else "
        "the server's admin must give it one a CA signed"
    )
    assert result.exit_code == 1
    imaps.append(GM_ADDRESS, b"From: p1@players.example\r\nSubject: hi\r\n\r\nHELP\r\n")
    polled = wtg(config(tmp_path, imaps, smtp), "poll")
    assert polled.exit_code == 1
    assert polled.stderr.startswith("wtg: cannot open the inbox: [SSL: CERTIFICATE_VERIFY_FAILED]")
    assert polled.stderr.endswith(
        "self-signed certificate, set imap.ca_file to a copy of that certificate (PEM); else "
        "the server's admin must give it one a CA signed\n"
    )
    assert len(polled.stderr.splitlines()) == 1


def test_ca_file_trusts_the_servers_own_certificate(
    tmp_path: Path, imaps: Dovecot, smtp: SmtpSink
) -> None:
    shutil.copy(imaps.certificate, tmp_path / "imap-cert.pem")
    path = config(tmp_path, imaps, smtp, ", ca_file: imap-cert.pem")
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[2:4] == [
        f"ok    imap 127.0.0.1:{imaps.tls_port} (ssl): logged in as {GM_ADDRESS}",
        "ok    imap folder 'INBOX': there",
    ]
    assert result.exit_code == 0, result.output
    imaps.append(GM_ADDRESS, b"From: p1@players.example\r\nSubject: hi\r\n\r\nHELP\r\n")
    polled = wtg(path, "poll")
    assert polled.exit_code == 0, polled.output
    assert polled.stdout == "filed 0, rejected 0, quarantined 0, ignored 0, answered 1\n"
    assert imaps.fetch_all(GM_ADDRESS) == []


def test_a_name_the_certificate_is_not_for(tmp_path: Path, imaps: Dovecot, smtp: SmtpSink) -> None:
    """The certificate is for 127.0.0.1; the GM wrote another name of the same server."""
    shutil.copy(imaps.certificate, tmp_path / "imap-cert.pem")
    path = config(tmp_path, imaps, smtp, ", ca_file: imap-cert.pem")
    path.write_text(path.read_text().replace("host: 127.0.0.1, port", "host: localhost, port"))
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[2] == (
        f"FAIL  imap localhost:{imaps.tls_port} (ssl): TLS failed: the server's certificate is "
        "not for localhost (Hostname mismatch, certificate is not valid for 'localhost'.): "
        "give imap.host the name the provider says to use (the one in its certificate)"
    )


def test_a_ca_file_that_is_no_certificate_is_named_with_its_line(
    tmp_path: Path, imaps: Dovecot, smtp: SmtpSink
) -> None:
    (tmp_path / "imap-cert.pem").write_text("not a certificate\n", encoding="utf-8")
    for name, reason in (
        ("imap-cert.pem", "there is none in it"),
        ("nowhere.pem", "No such file or directory"),
    ):
        path = config(tmp_path, imaps, smtp, f", ca_file: {name}")
        result = wtg(path, "check-config")
        assert result.stdout == (
            f"FAIL  {path}, line 3: imap.ca_file: cannot read {tmp_path / name} as "
            f"certificates (PEM): {reason}\n"
        )
        assert result.exit_code == 1
