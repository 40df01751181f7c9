"""The mail fixtures are real servers: IMAP with imapclient, SMTP with smtplib."""

from __future__ import annotations

import os
import smtplib
import socket
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from imapclient import IMAPClient
from imapclient.exceptions import LoginError

import tests.mail.servers as servers
from tests.mail.conftest import missing
from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, PATIENCE, Dovecot, SmtpSink


def mail(number: int, body: str = "Orders follow.") -> bytes:
    return (
        f"From: Player {number} <p{number}@example.org>\n"
        f"To: {GM_ADDRESS}\n"
        f"Subject: Turn 5 orders {number}\n"
        f"Message-ID: <orders-{number}@example.org>\n"
        "\n"
        f"{body}\n"
        ".leading dot and trailing space \n"
        "Last line\n"
    ).encode()


def crlf(raw: bytes) -> bytes:
    return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def refused(port: int) -> bool:
    try:
        socket.create_connection((servers.LOCALHOST, port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


# ---------------------------------------------------------------- IMAP


def test_gm_logs_in_with_imapclient(imap: Dovecot) -> None:
    assert imap.host == "127.0.0.1" and imap.port > 0
    client = IMAPClient(imap.host, port=imap.port, ssl=False, timeout=10)
    assert client.login(GM_ADDRESS, GM_PASSWORD) == b"Logged in"
    assert b"MOVE" in client.capabilities() and b"UIDPLUS" in client.capabilities()
    client.logout()
    for user, password in ((GM_ADDRESS, "wrong"), ("stranger@example.org", GM_PASSWORD)):
        with pytest.raises(LoginError, match="AUTHENTICATIONFAILED"):
            IMAPClient(imap.host, port=imap.port, ssl=False, timeout=10).login(user, password)


def test_three_appended_messages_come_back_byte_equal(imap: Dovecot) -> None:
    sent = [mail(n) for n in (1, 2, 3)]
    uids = [imap.append(GM_ADDRESS, raw) for raw in sent]
    assert uids == [1, 2, 3]
    assert imap.fetch_all(GM_ADDRESS) == [crlf(raw) for raw in sent]
    stored = list((imap.maildir(GM_ADDRESS) / "cur").iterdir()) + list(
        (imap.maildir(GM_ADDRESS) / "new").iterdir()
    )
    assert len(stored) == 3  # real Maildir files inside the test's folder
    assert imap.maildir(GM_ADDRESS).is_relative_to(imap.root)


def test_flags_and_internal_date_are_kept(imap: Dovecot) -> None:
    when = datetime(2024, 3, 1, 12, 30, tzinfo=timezone(timedelta(hours=1)))
    imap.append(GM_ADDRESS, mail(1), flags=[r"\Seen", "$Processed"], msg_time=when)
    with imap.client(GM_ADDRESS) as client:
        client.select_folder("INBOX", readonly=True)
        data = client.fetch([1], ["FLAGS", "INTERNALDATE"])[1]
    assert set(data[b"FLAGS"]) - {b"\\Recent"} == {b"\\Seen", b"$Processed"}
    assert data[b"INTERNALDATE"].astimezone(timezone.utc) == when.astimezone(timezone.utc)


def test_folder_created_and_message_moved_with_uids_visible(imap: Dovecot) -> None:
    for n in (1, 2, 3):
        imap.append(GM_ADDRESS, mail(n))
    imap.create_folder(GM_ADDRESS, "Processed")
    assert {"INBOX", "Processed"} <= set(imap.folders(GM_ADDRESS))
    with imap.client(GM_ADDRESS) as client:
        inbox = client.select_folder("INBOX")
        validity = inbox[b"UIDVALIDITY"]
        assert validity > 0 and inbox[b"UIDNEXT"] == 4 and inbox[b"EXISTS"] == 3
        assert client.search("ALL") == [1, 2, 3]
        client.move([2], "Processed")
        assert client.search("ALL") == [1, 3]
        status = client.folder_status("Processed", [b"UIDVALIDITY", b"UIDNEXT", b"MESSAGES"])
        assert status[b"MESSAGES"] == 1 and status[b"UIDNEXT"] == 2
    assert imap.fetch_all(GM_ADDRESS, "Processed") == [crlf(mail(2))]
    assert imap.fetch_all(GM_ADDRESS) == [crlf(mail(1)), crlf(mail(3))]
    with imap.client(GM_ADDRESS) as client:  # a new session sees the same UIDVALIDITY
        assert client.select_folder("INBOX", readonly=True)[b"UIDVALIDITY"] == validity
    assert (imap.maildir(GM_ADDRESS) / ".Processed" / "cur").is_dir()


def test_users_added_while_running_can_log_in(imap: Dovecot) -> None:
    imap.add_user("p1@example.org", "first")
    imap.append("p1@example.org", mail(1))
    assert imap.fetch_all("p1@example.org") == [crlf(mail(1))]
    assert imap.fetch_all(GM_ADDRESS) == []  # mailboxes are separate
    imap.add_user("p1@example.org", "other")  # same length, same second: still reread
    with pytest.raises(LoginError):
        imap.client("p1@example.org", "first")
    imap.client("p1@example.org").logout()


def test_a_taken_port_is_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not servers.dovecot_available():
        missing(servers.DOVECOT_INSTALL_HINT)
    with socket.socket() as squatter:
        squatter.bind((servers.LOCALHOST, 0))
        squatter.listen()
        ports = iter([squatter.getsockname()[1]])
        real_free_port = servers.free_port
        monkeypatch.setattr(servers, "free_port", lambda: next(ports, None) or real_free_port())
        with Dovecot(tmp_path / "d", {GM_ADDRESS: GM_PASSWORD}) as imap:
            assert imap.port != squatter.getsockname()[1]
            assert imap.append(GM_ADDRESS, mail(1)) == 1
    assert "Address already in use" in (tmp_path / "d" / "dovecot.log").read_text()


def test_a_port_held_for_a_server_out_of_reach_is_taken_by_no_other_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A test of a server out of reach named a port ``free_port`` found free: the other
    xdist worker's next server, drawing its port the same way, could listen there, and the
    test met a server where it meant none. Here that server draws the very port."""
    if not servers.aiosmtpd_available():
        missing(servers.AIOSMTPD_INSTALL_HINT)
    with servers.refused_port() as port:
        ports = iter([port])
        real_free_port = servers.free_port
        monkeypatch.setattr(servers, "free_port", lambda: next(ports, None) or real_free_port())
        with SmtpSink() as other:
            assert other.port != port
            assert refused(port)


@pytest.mark.parametrize("graceful", [False, True], ids=["kill", "graceful"])
def test_stop_ends_every_dovecot_process(tmp_path: Path, graceful: bool) -> None:
    if not servers.dovecot_available():
        missing(servers.DOVECOT_INSTALL_HINT)
    imap = Dovecot(tmp_path / "d", {GM_ADDRESS: GM_PASSWORD})
    imap.start()
    try:
        imap.append(GM_ADDRESS, mail(1))
        client = imap.client(GM_ADDRESS)  # a session still open at the stop
        client.select_folder("INBOX")
        pids = imap.pids()
        assert len(pids) >= 5  # master, log, config, anvil, auth, imap-login, imap...
        assert all(os.getpgid(pid) == pids[0] for pid in pids)
    finally:
        imap.stop(graceful=graceful)
    assert imap.pids() == [] and not imap.running
    imap.close()
    for pid in pids:  # gone, or a zombie waiting for init
        assert not Path(f"/proc/{pid}").exists() or " Z " in Path(f"/proc/{pid}/stat").read_text()
    assert refused(imap.port)
    client.shutdown()


def test_restart_keeps_the_mail(tmp_path: Path) -> None:
    if not servers.dovecot_available():
        missing(servers.DOVECOT_INSTALL_HINT)
    with Dovecot(tmp_path / "d", {GM_ADDRESS: GM_PASSWORD}) as imap:
        imap.append(GM_ADDRESS, mail(1))
        imap.stop()
        with pytest.raises(RuntimeError, match="not running"):
            imap.fetch_all(GM_ADDRESS)
        port = imap.port
        assert refused(port)
        imap.start()  # an IMAP outage and back, on the same port
        assert imap.port == port
        assert imap.fetch_all(GM_ADDRESS) == [crlf(mail(1))]
        runtime = imap.runtime
    # After the with, the Maildirs are real folders inside the test's folder...
    inbox = imap.maildir(GM_ADDRESS)
    assert not imap.mail_root.is_symlink()
    assert len(list((inbox / "cur").iterdir()) + list((inbox / "new").iterdir())) == 1
    assert runtime is not None and (runtime == imap.root or not runtime.exists())
    with imap:  # ...and a new start serves them again
        assert imap.fetch_all(GM_ADDRESS) == [crlf(mail(1))]


# ---------------------------------------------------------------- SMTP


def send(sink: SmtpSink, raw: bytes, to: tuple[str, ...] = ("p1@example.org",)) -> None:
    with smtplib.SMTP(sink.host, sink.port, local_hostname="localhost", timeout=PATIENCE) as client:
        client.sendmail(GM_ADDRESS, list(to), raw)


def test_sink_receives_a_message(smtp: SmtpSink) -> None:
    before = time.time()
    send(smtp, crlf(mail(1)), ("p1@example.org", "p2@example.org"))
    [got] = smtp.wait_for(1)
    assert got.mail_from == GM_ADDRESS
    assert got.rcpt_tos == ("p1@example.org", "p2@example.org")
    assert got.data == crlf(mail(1))  # dot-stuffing undone, CRLF kept
    assert before <= got.arrived <= time.time()
    assert got.login is None
    assert got.message()["Subject"] == "Turn 5 orders 1"
    assert smtp.messages == [got]


@pytest.mark.parametrize("mechanism", ["PLAIN", "LOGIN"])
def test_sink_with_auth(smtp_auth: SmtpSink, mechanism: str) -> None:
    with smtplib.SMTP(smtp_auth.host, smtp_auth.port, local_hostname="localhost") as client:
        client.ehlo()
        assert mechanism in client.esmtp_features["auth"].split()
        client.user, client.password = GM_ADDRESS, GM_PASSWORD
        auth = client.auth_plain if mechanism == "PLAIN" else client.auth_login
        code, _ = client.auth(mechanism, auth, initial_response_ok=mechanism == "PLAIN")
        assert code == 235
        client.sendmail(GM_ADDRESS, ["p1@example.org"], crlf(mail(1)))
    assert smtp_auth.wait_for(1)[0].login == GM_ADDRESS


def test_sink_requiring_auth_refuses_strangers(smtp_auth: SmtpSink) -> None:
    with smtplib.SMTP(smtp_auth.host, smtp_auth.port, local_hostname="localhost") as client:
        with pytest.raises(smtplib.SMTPSenderRefused) as no_auth:
            client.sendmail(GM_ADDRESS, ["p1@example.org"], crlf(mail(1)))
        assert no_auth.value.smtp_code == 530
        with pytest.raises(smtplib.SMTPAuthenticationError) as wrong:
            client.login(GM_ADDRESS, "wrong")
        assert wrong.value.smtp_code == 535
    assert smtp_auth.messages == [] and smtp_auth.auth_failures >= 1


def test_refuse_next_fails_transactions_then_accepts(smtp: SmtpSink) -> None:
    smtp.refuse_next(2)
    for _ in range(2):
        with pytest.raises(smtplib.SMTPDataError) as error:
            send(smtp, crlf(mail(1)))
        assert error.value.smtp_code == 451
    send(smtp, crlf(mail(1)))
    assert len(smtp.wait_for(1)) == 1
    assert len(smtp.refused) == 2

    smtp.refuse_next(1, code=421, at="MAIL")
    with pytest.raises(smtplib.SMTPResponseException) as at_mail:
        send(smtp, crlf(mail(2)))
    assert at_mail.value.smtp_code == 421
    smtp.refuse_next(1, code=550)
    with pytest.raises(smtplib.SMTPResponseException) as permanent:
        send(smtp, crlf(mail(2)))
    assert permanent.value.smtp_code == 550
    send(smtp, crlf(mail(2)))
    assert [m.message()["Subject"] for m in smtp.wait_for(2)] == [
        "Turn 5 orders 1",
        "Turn 5 orders 2",
    ]


def test_sink_outage_and_recovery(smtp: SmtpSink) -> None:
    port = smtp.port
    smtp.stop()
    assert refused(port)
    with pytest.raises(OSError):
        send(smtp, crlf(mail(1)))
    smtp.start()
    assert smtp.port == port  # clients configured with the port reach it again
    send(smtp, crlf(mail(1)))
    assert len(smtp.wait_for(1)) == 1


def test_wait_for_times_out_with_what_arrived(smtp: SmtpSink) -> None:
    send(smtp, crlf(mail(1)))
    with pytest.raises(TimeoutError, match="1 of 2"):
        smtp.wait_for(2, timeout=0.2)


# ---------------------------------------------------------------- the CI rule


def test_missing_server_skips_here_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="not installed"):
        missing(servers.DOVECOT_INSTALL_HINT)
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="apt-get install dovecot-imapd"):
        missing(servers.DOVECOT_INSTALL_HINT)
