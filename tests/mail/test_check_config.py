"""`wtg check-config` against the real Dovecot and aiosmtpd: a good login, a wrong password,
a server that is down, a folder that is missing. Exit 0 only when every check holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, SmtpSink
from wtg.cli import main


def write_config(
    tmp_path: Path,
    imap: Dovecot,
    smtp: SmtpSink,
    imap_password: str = GM_PASSWORD,
    smtp_password: str = GM_PASSWORD,
    folder: str = "INBOX",
) -> Path:
    (tmp_path / "games").mkdir(mode=0o700, exist_ok=True)
    (tmp_path / "imap-password").write_text(imap_password + "\n", encoding="utf-8")
    (tmp_path / "imap-password").chmod(0o600)  # the GM's alone, as docs/mail.md asks
    config = tmp_path / "wtg.yaml"
    config.write_text(
        f"games_dir: games\ntransport: imap\n"
        f"imap:\n  host: {imap.host}\n  port: {imap.port}\n  username: {GM_ADDRESS}\n"
        f"  password_file: imap-password\n  folder: {folder}\n"
        f"smtp:\n  host: {smtp.host}\n  port: {smtp.port}\n  username: {GM_ADDRESS}\n"
        f"  password: {smtp_password}\n  from: {GM_ADDRESS}\n",
        encoding="utf-8",
    )
    config.chmod(0o600)  # it holds a password: the GM's alone, as `wtg init` makes it
    return config


def check(config: Path) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), "check-config"])


def header(config: Path, tmp_path: Path) -> list[str]:
    return [
        f"ok    config {config}: valid (transport imap)",
        f"ok    games_dir {tmp_path / 'games'}: a folder wtg can write in, 0 games",
    ]


def test_a_good_login_everywhere(tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink) -> None:
    imap.create_folder(GM_ADDRESS, "wtg-processed")
    imap.create_folder(GM_ADDRESS, "wtg-rejected")
    config = write_config(tmp_path, imap, smtp_auth)
    result = check(config)
    assert result.stdout.splitlines() == [
        *header(config, tmp_path),
        f"ok    imap 127.0.0.1:{imap.port} (no TLS): logged in as {GM_ADDRESS}",
        "ok    imap folder 'INBOX': there",
        "ok    imap processed_folder 'wtg-processed': there",
        "ok    imap rejected_folder 'wtg-rejected': there",
        f"ok    smtp 127.0.0.1:{smtp_auth.port} (no TLS): logged in as {GM_ADDRESS}",
    ]
    assert result.exit_code == 0
    assert smtp_auth.auth_failures == 0


def test_folders_the_poll_makes_are_noted_a_missing_inbox_fails(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    config = write_config(tmp_path, imap, smtp_auth)
    result = check(config)
    assert result.stdout.splitlines()[3:6] == [
        "ok    imap folder 'INBOX': there",
        f"note  imap processed_folder 'wtg-processed': missing; `wtg --config {config} poll` "
        "creates it at its first run",
        f"note  imap rejected_folder 'wtg-rejected': missing; `wtg --config {config} poll` "
        "creates it at its first run",
    ]
    assert result.exit_code == 0
    config = write_config(tmp_path, imap, smtp_auth, folder="Orders")
    result = check(config)
    assert result.stdout.splitlines()[3] == (
        "FAIL  imap folder 'Orders': missing: order mails arrive in this folder; it is not in "
        "the mailbox, whose folders are 'INBOX': write one of them, as the server names it"
    )
    assert result.exit_code == 1


def test_a_folder_written_as_another_server_names_it_is_named(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """`folder: INBOX.orders`, as Courier names the folder Dovecot calls `orders`: the line
    said it was missing, and nothing of what to write; the poll it sent the GM to it named
    the folders there. Now both name them, and the one meant."""
    imap.create_folder(GM_ADDRESS, "orders")
    config = write_config(tmp_path, imap, smtp_auth, folder="INBOX.orders")
    result = check(config)
    folders = (
        "whose folders are 'INBOX', 'orders': write one of them, as the server names it "
        "(did you mean 'orders'?)"
    )
    assert result.stdout.splitlines()[3] == (
        "FAIL  imap folder 'INBOX.orders': missing: order mails arrive in this folder; it is "
        f"not in the mailbox, {folders}"
    )
    assert result.exit_code == 1
    poll = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert (poll.exit_code, poll.stderr) == (
        1,
        "wtg: cannot open the inbox: the folder 'INBOX.orders' (imap.folder) is not in the "
        f"mailbox, {folders} (`wtg --config {config} check-config` looks)\n",
    )


def test_a_wrong_password(tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink) -> None:
    """A refused login's line says where its password file is, as the poll's and the
    send's do (round 42: it gave the server's words alone, and the GM ran the poll to
    learn which file to mend)."""
    config = write_config(tmp_path, imap, smtp_auth, imap_password="wrong", smtp_password="wrong")
    result = check(config)
    lines = result.stdout.splitlines()
    assert lines[:2] == header(config, tmp_path)
    where = (
        f"; the password is read from {tmp_path / 'imap-password'} (imap.password_file) at "
        f"each login, the username '{GM_ADDRESS}' from the config (imap.username): the server "
        "does not say which it refused; mend the password in its file, or the username in "
        f"the config, which a running `wtg --config {config} serve` reads again at a reload"
    )
    assert lines[2] == (
        f"FAIL  imap 127.0.0.1:{imap.port} (no TLS): login as {GM_ADDRESS} refused: "
        "[AUTHENTICATIONFAILED] Authentication failed." + where
    )
    assert lines[3] == (
        f"FAIL  smtp 127.0.0.1:{smtp_auth.port} (no TLS): login as {GM_ADDRESS} refused: "
        "535 5.7.8 Authentication credentials invalid"  # in the config: no file to name
    )
    assert len(lines) == 4  # no folder is looked at without a login
    assert result.exit_code == 1
    assert smtp_auth.auth_failures >= 1  # smtplib tries each mechanism the server offers


def test_servers_that_are_down(tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink) -> None:
    config = write_config(tmp_path, imap, smtp_auth)
    imap.stop()
    smtp_auth.stop()
    result = check(config)
    assert result.stdout.splitlines()[2:] == [
        f"FAIL  imap 127.0.0.1:{imap.port} (no TLS): cannot connect: Connection refused (the "
        "server is down, or imap.host or imap.port is wrong)",
        f"FAIL  smtp 127.0.0.1:{smtp_auth.port} (no TLS): cannot connect: Connection refused "
        "(the server is down, or smtp.host or smtp.port is wrong)",
    ]  # a port mistyped when the GM moved to another provider (gmtrial43): only the error
    assert result.exit_code == 1


def test_an_smtp_server_without_auth_for_a_config_with_a_login(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    imap.create_folder(GM_ADDRESS, "wtg-processed")
    imap.create_folder(GM_ADDRESS, "wtg-rejected")
    result = check(write_config(tmp_path, imap, smtp))
    assert result.stdout.splitlines()[-1] == (
        f"FAIL  smtp 127.0.0.1:{smtp.port} (no TLS): the server does not offer it: SMTP AUTH "
        "extension not supported by server."
    )
    assert result.exit_code == 1


def test_an_invalid_config_is_not_taken_to_the_servers(tmp_path: Path) -> None:
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nimap:\n  host: h\n  port: imap\n", encoding="utf-8")
    result = check(config)
    assert result.stdout.splitlines() == [
        f"FAIL  {config}, line 2: imap.username: missing; give the login (IMAP always logs in)",
        f"FAIL  {config}, line 4: imap.port: expected a port number from 1 to 65535, found the "
        "text 'imap'",
    ]
    assert result.exit_code == 1


def test_the_maildir_transport_and_a_missing_games_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "out" / "new").mkdir(parents=True)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: nowhere\nmaildir_out: out\n", encoding="utf-8")
    result = check(config)
    # no `note maildir_in .../nowhere/.mail/maildir-in: missing; the first wtg poll creates
    # it`: the poll refuses a games folder that is not there, and makes nothing in it
    assert result.stdout.splitlines() == [
        f"ok    config {config}: valid (transport maildir)",
        # run elsewhere than the config's folder: the relative games_dir said as such
        f"FAIL  games_dir {tmp_path / 'nowhere'}: missing: games_dir: nowhere is relative, "
        f"and is read in the config file's folder, {tmp_path}, not in the folder wtg runs "
        "in: create it, or write the games folder's full path (games_dir: /srv/wtg/games)",
        f"FAIL  maildir_out {tmp_path / 'out'}: not a Maildir (no cur, tmp)",
    ]
    assert result.exit_code == 1
    monkeypatch.delenv("WTG_CONFIG", raising=False)
    bare = CliRunner().invoke(main, ["check-config"])
    assert bare.exit_code == 1
    assert bare.stderr == (
        "wtg: give the config to check: wtg --config FILE check-config (or set WTG_CONFIG)\n"
    )


def test_a_games_dir_a_typo_away_from_the_folder_names_it(tmp_path: Path) -> None:
    """check-config said `missing (create it, or correct games_dir)` of `games_dir: gmaes`,
    beside the games folder `wtg init` made, and that the first poll would make its mail
    folders (the poll refuses the missing games folder)."""
    (tmp_path / "games" / ".mail").mkdir(parents=True)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: gmaes\n", encoding="utf-8")
    result = check(config)
    assert result.stdout.splitlines() == [
        f"ok    config {config}: valid (transport maildir)",
        f"FAIL  games_dir {tmp_path / 'gmaes'}: missing (did you mean {tmp_path / 'games'}? "
        "Correct games_dir)",
    ]
    assert result.exit_code == 1


def test_starttls_asked_of_servers_that_do_not_offer_it(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    config = tmp_path / "wtg.yaml"
    (tmp_path / "games").mkdir(mode=0o700)
    config.write_text(
        f"games_dir: games\nfrom: {GM_ADDRESS}\n"
        f"imap: {{host: {imap.host}, port: {imap.port}, starttls: true, username: {GM_ADDRESS},"
        f" password: {GM_PASSWORD}}}\n"
        f"smtp: {{host: {smtp.host}, port: {smtp.port}, starttls: true}}\n",
        encoding="utf-8",
    )
    config.chmod(0o600)  # it holds the password
    result = check(config)
    assert result.stdout.splitlines()[2:] == [
        f"FAIL  imap 127.0.0.1:{imap.port} (starttls): the server does not offer it: Server "
        "does not support STARTTLS capability",
        f"FAIL  smtp 127.0.0.1:{smtp.port} (starttls): the server does not offer it: STARTTLS "
        "extension not supported by server.",
    ]
    assert result.exit_code == 1


def test_a_poll_of_a_missing_folder_names_its_key(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """`wtg poll` of a folder the mailbox has not (deleted, or misspelt) said only the
    server's words: 'cannot open the inbox: select failed: Mailbox doesn't exist: Orders
    (0.001 + 0.000 secs).' It names the config key and the folders there are."""
    config = write_config(tmp_path, imap, smtp_auth, folder="Orders")
    result = CliRunner().invoke(main, ["--config", str(config), "poll"])
    assert result.exit_code == 1
    assert result.stderr == (
        "wtg: cannot open the inbox: the folder 'Orders' (imap.folder) is not in the mailbox, "
        f"whose folders are 'INBOX': write one of them, as the server names it (`wtg --config "
        f"{config} check-config` looks)\n"
    )
