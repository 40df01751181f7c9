"""A GM's slips with real mail servers under `wtg serve` (Dovecot and aiosmtpd, the service
on the test's clock): a wrong password mended in its password file while the service runs
is used at its next login, the IMAP one and the SMTP one, without a reload (before, the
service logged in with the refused password until restarted: the players' mail waited in
the inbox and the answers in the outbox); the refusal is said as one, with the file the
password is read from (before: ``cannot reach the mail server: b'[AUTHENTICATIONFAILED]
Authentication failed.'``); a mailbox without the folder the config polls does not stop the
service, which says why and tries again (before, it stopped, and no turn ran nor report
went out until it was started again)."""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, Received, SmtpSink, refused_port
from tests.service.week import SimClock
from wtg.cli import main
from wtg.game.engine import create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.host.config import GmConfig, load_config
from wtg.host.pollhealth import last_poll
from wtg.mail.poll import idle
from wtg.mail.spool.journal import Journal
from wtg.serve.service import Service

MINUTE = timedelta(minutes=1)
PLAYER = "ann@players.example"


@pytest.fixture
def events(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="wtg")
    return caplog


def said(caplog: pytest.LogCaptureFixture, start: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith(start)]


def secret(path: Path, password: str) -> None:
    path.write_text(password + "\n", encoding="utf-8")
    path.chmod(0o600)


def host(
    root: Path,
    imap: Dovecot,
    smtp: SmtpSink,
    *,
    imap_password: str = GM_PASSWORD,
    smtp_password: str = GM_PASSWORD,
    folder: str = "INBOX",
) -> GmConfig:
    """A host configured as docs/mail.md tells a GM: both passwords in files of their own,
    and a game of two players."""
    (root / "games").mkdir(mode=0o700)
    secret(root / "imap-password", imap_password)
    secret(root / "smtp-password", smtp_password)
    config = root / "wtg.yaml"
    config.write_text(
        f"games_dir: games\ntransport: imap\n"
        f"imap:\n  host: {imap.host}\n  port: {imap.port}\n  username: {GM_ADDRESS}\n"
        f"  password_file: imap-password\n  folder: {folder}\n"
        f"smtp:\n  host: {smtp.host}\n  port: {smtp.port}\n  username: {GM_ADDRESS}\n"
        f"  password_file: smtp-password\n  from: {GM_ADDRESS}\n",
        encoding="utf-8",
    )
    config.chmod(0o600)
    players = [
        PlayerEntry(id=1, name="Ann", email=PLAYER, code="C0001"),
        PlayerEntry(id=2, name="Bob", email="bob@players.example", code="C0002"),
    ]
    create_game(root / "games" / "g1", "wok4", "small", players, seed=7)
    return load_config(config)


def order_mail(gm: GmConfig) -> bytes:
    msg = EmailMessage()
    msg["From"] = PLAYER
    msg["To"] = GM_ADDRESS
    msg["Subject"] = "orders"
    msg["Message-ID"] = "<t1.ann@players.example>"
    msg.set_content(open_game(gm.games_dir / "g1").aof(1).replace("X1: ___", "X1: 100"))
    return bytes(msg)


def deliver(imap: Dovecot, gm: GmConfig, folder: str = "INBOX") -> None:
    """Ann's order mail, as her provider's server delivers it to the GM's mailbox."""
    imap.append(GM_ADDRESS, order_mail(gm), folder=folder)


def confirmations_of(smtp: SmtpSink) -> list[Received]:
    return [
        m
        for m in smtp.messages
        if PLAYER in m.rcpt_tos and "orders for turn 1 received" in str(m.message()["Subject"])
    ]


def outcomes(gm: GmConfig) -> list[str]:
    journal = Journal(gm.spool)
    try:
        return [str(row[0]) for row in journal.db.execute("SELECT outcome FROM messages")]
    finally:
        journal.close()


PASSWORDS_WRITTEN = 3 * MINUTE


def serve_an_hour(root: Path, imap: Dovecot, gm: GmConfig) -> datetime:
    """An hour of `wtg serve` on the test's clock: Ann's order mail delivered at its first
    minute, both password files written with the right password ``PASSWORDS_WRITTEN``
    after its start, which it returns."""
    start = datetime.now(timezone.utc).replace(microsecond=0)
    clock = SimClock(start, start + timedelta(hours=1))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    clock.at(start + MINUTE, lambda: deliver(imap, gm))
    for name in ("imap-password", "smtp-password"):
        clock.at(start + PASSWORDS_WRITTEN, partial(secret, root / name, GM_PASSWORD))
    service.run()
    return start


def test_passwords_mended_in_their_files_are_used_without_a_reload(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    gm = host(tmp_path, imap, smtp_auth, imap_password="typo-1", smtp_password="typo-2")
    start = serve_an_hour(tmp_path, imap, gm)
    mended = start + PASSWORDS_WRITTEN

    assert outcomes(gm) == ["stored: g1 turn 1 player 1"]
    assert imap.fetch_all(GM_ADDRESS) == []  # taken out of the inbox once filed
    confirmations = confirmations_of(smtp_auth)
    assert len(confirmations) == 1
    assert confirmations[0].arrived < (start + timedelta(hours=1)).timestamp()
    refused = said(events, "the mail server refused the login")
    assert refused, [r.getMessage() for r in events.records]
    assert set(refused) == {
        f"the mail server refused the login as {GM_ADDRESS}: [AUTHENTICATIONFAILED] "
        f"Authentication failed.; the password is read from {tmp_path / 'imap-password'} "
        f"(imap.password_file) at each login, the username '{GM_ADDRESS}' from the config "
        "(imap.username): the server does not say which it refused; mend the password in its "
        "file, or the username in the config, which a running `wtg serve` reads again at a "
        "reload (`wtg check-config` tries them); " + pause
        for pause in {m.rsplit("; ", 1)[1] for m in refused}
    }
    assert not said(events, "cannot reach the mail server")  # it was reached: it refused
    assert said(events, "connected to the mail server again")
    deferred = [m for m in said(events, "send: ") if "refused the login" in m]
    assert deferred and all(
        f"the password is read from {tmp_path / 'smtp-password'} (smtp.password_file)" in m
        for m in deferred
    )
    health = last_poll(gm.spool)
    assert health is not None and health.last_success is not None
    assert health.last_success >= mended


def test_password_files_written_after_the_start_are_read_at_the_next_try(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    """The GM starts the service before writing the password files (or moved them): it
    stopped at its first poll (ConfigError), no turn ran nor report went out; it says what
    is missing now, with the config's line, and goes on, the files read at each try."""
    gm = host(tmp_path, imap, smtp_auth)
    for name in ("imap-password", "smtp-password"):
        (tmp_path / name).unlink()
    gm = load_config(tmp_path / "wtg.yaml")  # as the service reads it: no passwords to be had
    serve_an_hour(tmp_path, imap, gm)

    missing = f"cannot read {tmp_path / 'imap-password'}: No such file or directory"
    told = said(events, "cannot log in: ")
    assert told and all(missing in m and "imap.password_file" in m for m in told)
    assert outcomes(gm) == ["stored: g1 turn 1 player 1"]
    assert len(confirmations_of(smtp_auth)) == 1
    assert said(events, "wtg serve stopped") == ["wtg serve stopped"]  # at the end, once


def test_a_mailbox_without_the_folder_polled_does_not_stop_the_service(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    gm = host(tmp_path, imap, smtp_auth, folder="Orders")
    start = datetime.now(timezone.utc).replace(microsecond=0)
    clock = SimClock(start, start + timedelta(hours=1))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    failures: list[str] = []

    def health() -> None:
        seen = last_poll(gm.spool)
        failures.append(seen.error if seen is not None else "no poll recorded")

    clock.at(start + 2 * MINUTE, health)
    made = start + 5 * MINUTE  # the GM makes the folder his filter fills
    clock.at(made, lambda: imap.create_folder(GM_ADDRESS, "Orders"))
    clock.at(made, lambda: deliver(imap, gm, "Orders"))
    service.run()  # raised FolderMissing before: the service stopped at its first poll

    missing = (
        "the folder 'Orders' (imap.folder) is not in the mailbox, whose folders are 'INBOX': "
        "write one of them, as the server names it (`wtg check-config` looks)"
    )
    warned = said(events, missing)
    assert warned and all(m.startswith(f"{missing}; trying again in ") for m in warned)
    assert failures == [missing]  # `wtg status --host` says it: FAILED, and why
    assert outcomes(gm) == ["stored: g1 turn 1 player 1"]
    assert said(events, "connected to the mail server again")
    assert len(confirmations_of(smtp_auth)) == 1


def test_a_refused_login_of_wtg_poll_is_recorded_as_it_is_said(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """`wtg status --host` said the poll ``FAILED: LoginError: b'[AUTHENTICATIONFAILED]
    Authentication failed.'``: the class's name and Python's bytes, where the poll had
    said the server's words and the password file."""
    gm = host(tmp_path, imap, smtp_auth, imap_password="typo-1")
    result = CliRunner().invoke(main, ["--config", str(gm.file), "poll"])
    line = (
        "cannot open the inbox: [AUTHENTICATIONFAILED] Authentication failed.; the password "
        f"is read from {tmp_path / 'imap-password'} (imap.password_file) at each login, the "
        f"username '{GM_ADDRESS}' from the config (imap.username): the server does not say "
        "which it refused; mend the password in its file, or the username in the config, "
        "which a running `wtg serve` reads again at a reload (`wtg check-config` tries them)"
    )
    assert result.exit_code == 1
    told = f"`wtg --config {gm.file} "  # each command the line names, with its config
    assert result.stderr == f"wtg: {line}\n".replace("`wtg ", told)
    health = last_poll(gm.spool)
    assert health is not None and health.error == line


def test_a_mail_server_out_of_reach_is_named_with_the_keys_to_look_at(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    """A port mistyped in the config (or the server down): the log said ``cannot reach the
    mail server: [Errno 111] Connection refused``, neither which server nor where to look."""
    gm = host(tmp_path, imap, smtp_auth)
    with refused_port() as port:  # nothing listens there
        config = tmp_path / "wtg.yaml"
        config.write_text(
            config.read_text(encoding="utf-8").replace(f"port: {imap.port}\n", f"port: {port}\n"),
            encoding="utf-8",
        )
        gm = load_config(config)
        start = datetime.now(timezone.utc).replace(microsecond=0)
        clock = SimClock(start, start + 10 * MINUTE)
        service = Service(gm, clock, zone=timezone.utc)
        clock.on_end = service.stop
        service.run()

    why = (
        f"cannot reach the mail server {imap.host}:{port}: Connection refused (the server is "
        "down, or imap.host or imap.port is wrong: `wtg check-config` tries it)"
    )
    told = said(events, "cannot reach the mail server")
    assert told and all(m.startswith(f"{why}; trying again in ") for m in told), told
    health = last_poll(gm.spool)
    assert health is not None and health.error == why


def mended_and_reloaded(
    config: Path, imap: Dovecot, wrong: tuple[str, str], mended: timedelta, mail: timedelta
) -> GmConfig:
    """Ten minutes of `wtg serve` on the test's clock, begun on ``config`` with its line
    ``wrong[0]`` mistyped as ``wrong[1]``: the GM mends it and reloads (`systemctl reload
    wtg`) ``mended`` after the start, Ann's order mail is delivered ``mail`` after it. The
    config the service began on."""
    right = config.read_text(encoding="utf-8")
    assert right.count(wrong[0]) == 1
    config.write_text(right.replace(*wrong), encoding="utf-8")
    gm = load_config(config)
    start = datetime.now(timezone.utc).replace(microsecond=0)
    clock = SimClock(start, start + 10 * MINUTE)
    service = Service(gm, clock, zone=timezone.utc, reload=lambda: load_config(config))
    clock.on_end = service.stop

    def mend() -> None:
        config.write_text(right, encoding="utf-8")
        service.reload_soon()

    clock.at(start + mended, mend)
    clock.at(start + mail, lambda: deliver(imap, gm))
    service.run()
    return gm


def test_a_config_mended_and_reloaded_says_the_server_is_reached_again(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    """The port mended and `systemctl reload wtg`: the log ended with the failures and "the
    config was reloaded", and never said whether the server was reached then."""
    host(tmp_path, imap, smtp_auth)
    with refused_port() as port:
        wrong = (f"port: {imap.port}\n", f"port: {port}\n")
        gm = mended_and_reloaded(tmp_path / "wtg.yaml", imap, wrong, 2 * MINUTE, 3 * MINUTE)

    told = [r.getMessage() for r in events.records]
    reloaded = told.index("the config was reloaded")
    assert any(m.startswith("cannot reach the mail server ") for m in told[:reloaded])
    assert "connected to the mail server again" in told[reloaded:]
    assert not any(m.startswith("cannot reach the mail server ") for m in told[reloaded:])
    assert outcomes(gm) == ["stored: g1 turn 1 player 1"]


def test_a_refused_password_is_tried_seldom_and_a_mended_one_at_the_next_look(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    """A wrong password left in its file over a night: the service tried it again after a
    pause of a server out of reach, a minute at most, some 1,440 refused logins a day, and a
    provider locks an account out after a few in a row (the GM's mail then stops for all
    his games). A refused login waits a pause of its own, growing to half an hour; the
    password mended in its file is tried at the service's next look (a few minutes), not
    at the end of that pause."""
    gm = host(tmp_path, imap, smtp_auth, imap_password="typo-1")
    start = datetime.now(timezone.utc).replace(microsecond=0)
    night = timedelta(hours=3, minutes=5)  # its last refusal 4 min before, the next 26 after
    clock = SimClock(start, start + night + timedelta(minutes=6))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    clock.at(start + MINUTE, lambda: deliver(imap, gm))
    mended = start + night
    clock.at(mended, lambda: secret(tmp_path / "imap-password", GM_PASSWORD))
    service.run()

    refused = said(events, "the mail server refused the login")
    pauses = [m.rsplit("; trying again in ", 1)[1].split(",")[0] for m in refused]
    assert pauses[:6] == ["60 s", "120 s", "240 s", "480 s", "960 s", "1800 s"], pauses
    assert set(pauses[6:]) == {"1800 s"}
    assert len(refused) == 11  # a minute's pause at most tried it some 190 times
    assert outcomes(gm) == ["stored: g1 turn 1 player 1"]  # within 6 min of the mend
    health = last_poll(gm.spool)
    assert health is not None and health.last_failure is not None
    assert health.last_failure < mended


class Minutes(threading.Event):
    """A stop never asked for whose waits are the minutes of a refusal's pause, passed at
    once (no real time: the test holds on any clock, libfaketime's too, under which a timed
    wait of a thread ran for the days the clock was moved): each wait is noted, and at the
    wait of the minute given (counted from 1) the GM writes the password file again."""

    def __init__(self, mended_at: int, password_file: Path) -> None:
        super().__init__()
        self.mended_at = mended_at
        self.password_file = password_file
        self.waited: list[float | None] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waited.append(timeout)
        if len(self.waited) == self.mended_at:
            secret(self.password_file, GM_PASSWORD)
        return len(self.waited) > 60  # a wait that did not end: stopped, the test fails


def test_poll_idle_waits_out_a_refusal_until_the_password_file_holds_another(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """`wtg poll --idle` after a refused login: it waits the refusal's pause (half an hour
    at most, not the minute of a server out of reach), looking at the password file each
    minute, and logs in again at once when the GM has mended it."""
    gm = host(tmp_path, imap, smtp_auth, imap_password="typo-1")
    refused = idle.password_tried(gm)
    minutes = Minutes(3, tmp_path / "imap-password")
    idle._wait_refused(gm, minutes, 30 * idle.REFUSED_FIRST, refused)
    # the same password for two minutes: it waits on; another in the third: the wait ends
    assert minutes.waited == [idle.REFUSED_FIRST] * 3
    assert idle.password_tried(gm) == GM_PASSWORD


def test_poll_idle_waits_a_refusal_out_to_its_end_when_the_password_stays(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink
) -> None:
    """The pause's last wait is what is left of it, and the wait ends with the pause."""
    gm = host(tmp_path, imap, smtp_auth, imap_password="typo-1")
    minutes = Minutes(0, tmp_path / "imap-password")  # never mended
    idle._wait_refused(gm, minutes, 2.5 * idle.REFUSED_FIRST, idle.password_tried(gm))
    first = idle.REFUSED_FIRST
    assert minutes.waited == [first, first, first / 2]


def test_a_username_mended_and_reloaded_is_tried_at_once_after_a_refusal(
    tmp_path: Path, imap: Dovecot, smtp_auth: SmtpSink, events: pytest.LogCaptureFixture
) -> None:
    """A login refused for a username mistyped in wtg.yaml: the GM mends it and reloads.
    The refusal's pause (growing to half an hour) held on after the reload while the
    password file held the same password, the right one: the service waited out the rest
    of the pause (here 7 minutes) before trying the mended config, the mail in the inbox."""
    host(tmp_path, imap, smtp_auth)
    imaps = f"username: {GM_ADDRESS}\n  password_file: imap"
    wrong = (imaps, imaps.replace(GM_ADDRESS, f"typo-{GM_ADDRESS}"))
    # the last refusal's pause runs to 15 minutes
    gm = mended_and_reloaded(tmp_path / "wtg.yaml", imap, wrong, 8 * MINUTE, 8 * MINUTE)
    assert gm.imap is not None and gm.imap.username == f"typo-{GM_ADDRESS}"

    told = [r.getMessage() for r in events.records]
    reloaded = told.index("the config was reloaded")
    refused = [m for m in told[:reloaded] if m.startswith("the mail server refused the login")]
    assert refused  # the username was wrong, not the password: the line names both keys
    typo = f"the username 'typo-{GM_ADDRESS}' from the config (imap.username)"
    assert all(typo in m and "(imap.password_file)" in m for m in refused), refused
    assert "connected to the mail server again" in told[reloaded:]
    assert outcomes(gm) == ["stored: g1 turn 1 player 1"]
