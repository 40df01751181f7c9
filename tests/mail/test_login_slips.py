"""The login slips of a first day, against the real Dovecot and aiosmtpd: the username
without its domain (`gm` for gm@example.org), and an app password typed with the spaces
the provider shows it with. Each server says only "Authentication failed"; the line now
says which of the config's values looks wrong, in check-config and in the poll's line."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, SmtpSink
from wtg.cli import main

NO_DOMAIN = "imap.username 'gm' has no domain: most providers take the whole address as the login"
SPACES = (
    "the smtp password holds spaces: an app password shown in groups of four (Gmail, "
    "Yahoo, iCloud) is the letters without them"
)


def config(tmp_path: Path, imap: Dovecot, smtp: SmtpSink, user: str, password: str) -> Path:
    (tmp_path / "games").mkdir(mode=0o700, exist_ok=True)
    path = tmp_path / "wtg.yaml"
    path.write_text(
        f"games_dir: games\ntransport: imap\n"
        f"imap: {{host: {imap.host}, port: {imap.port}, username: {user}, "
        f"password: '{GM_PASSWORD}'}}\n"
        f"smtp: {{host: {smtp.host}, port: {smtp.port}, username: {GM_ADDRESS}, "
        f"password: '{password}', from: {GM_ADDRESS}}}\n",
        encoding="utf-8",
    )
    path.chmod(0o600)  # it holds the password: the GM's alone, as `wtg init` makes it
    return path


def wtg(path: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(path), *args])


def test_a_login_refused_names_what_looks_wrong(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    path = config(tmp_path, imap, smtp_auth, "gm", "gm-s ecre t")
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[2:] == [
        f"FAIL  imap 127.0.0.1:{imap.port} (no TLS): login as gm refused: "
        f"[AUTHENTICATIONFAILED] Authentication failed.; {NO_DOMAIN}",
        f"FAIL  smtp 127.0.0.1:{smtp_auth.port} (no TLS): login as {GM_ADDRESS} refused: 535 "
        f"5.7.8 Authentication credentials invalid; {SPACES}",
    ]
    assert result.exit_code == 1
    polled = wtg(path, "poll")
    assert polled.exit_code == 1
    assert polled.stderr == (
        f"wtg: cannot open the inbox: [AUTHENTICATIONFAILED] Authentication failed.; {NO_DOMAIN}\n"
    )


def test_a_refused_login_without_those_slips_says_only_the_servers_words(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    path = config(tmp_path, imap, smtp_auth, GM_ADDRESS, "wrong")
    result = wtg(path, "check-config")
    assert result.stdout.splitlines()[-1] == (
        f"FAIL  smtp 127.0.0.1:{smtp_auth.port} (no TLS): login as {GM_ADDRESS} refused: 535 "
        "5.7.8 Authentication credentials invalid"
    )


def help_answered(imap: Dovecot, path: Path, number: int) -> Result:
    """Ann's HELP (the ``number``th such mail) in the inbox, polled, and its answer sent
    (`wtg send`): the send's run."""
    imap.append(
        GM_ADDRESS,
        b"From: ann@players.example\r\nTo: gm@example.org\r\nSubject: hi\r\n"
        + f"Message-ID: <help-{number}@players.example>\r\n\r\nHELP\r\n".encode(),
    )
    assert wtg(path, "poll").exit_code == 0
    return wtg(path, "send")


def test_a_send_whose_login_is_refused_says_so_not_that_the_server_is_down(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """The send's line for a refused login is the server's words and the slip, as the
    poll's is (docs/mail.md: "the poll's line says it too"); it said "the mail server could
    not be reached: cannot reach ...: (535, b'...')" of a server that answered."""
    path = config(tmp_path, imap, smtp_auth, GM_ADDRESS, "gm-s ecre t")
    sent = help_answered(imap, path, 1)
    assert sent.exit_code == 1
    assert sent.stdout == (
        "0 reports queued; 0 mails sent, 1 waiting to be retried, 0 refused for good; "
        f"the mail stays queued: 127.0.0.1:{smtp_auth.port} refused the login as "
        f"{GM_ADDRESS}: 535 5.7.8 Authentication credentials invalid; {SPACES}\n"
    )
    assert smtp_auth.messages == []
    path.write_text(path.read_text(encoding="utf-8").replace("gm-s ecre t", GM_PASSWORD))
    again = wtg(path, "send")
    assert again.stdout == (
        "0 reports queued; 1 mail sent, 0 waiting to be retried, 0 refused for good\n"
    )
    assert len(smtp_auth.messages) == 1


def test_a_send_to_a_server_without_starttls_says_so_not_that_it_is_down(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """check-config says "the server does not offer it"; the send said "the mail server
    could not be reached: cannot reach ...", of a server that answered."""
    path = config(tmp_path, imap, smtp_auth, GM_ADDRESS, GM_PASSWORD)
    path.write_text(
        path.read_text(encoding="utf-8").replace("smtp: {", "smtp: {starttls: true, "),
        encoding="utf-8",
    )
    sent = help_answered(imap, path, 2)
    assert sent.exit_code == 1
    assert sent.stdout == (
        "0 reports queued; 0 mails sent, 1 waiting to be retried, 0 refused for good; "
        f"the mail stays queued: 127.0.0.1:{smtp_auth.port} does not offer STARTTLS, which "
        "smtp.starttls: true asks for: give smtp.port the provider's port for it (587), or "
        "its TLS port (465) with smtp.ssl: true; smtp.starttls: false sends unencrypted, for "
        "a server of your own alone\n"
    )
    assert smtp_auth.messages == []
