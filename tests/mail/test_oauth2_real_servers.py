"""Issue 28, part 1, done when: a poll and a send that log in with OAuth2 (XOAUTH2) to the
real Dovecot (its ``oauth2`` passdb asking a local token server whether a token is active)
and to aiosmtpd; a token that expires mid-run and is renewed (the token server counts the
refresh grants); a refresh token revoked: one line, the poll recorded as failing, nothing
lost (the mail stays in the inbox, the answer in the outbox) and all of it done at the next
run once the GM logged in again."""

from __future__ import annotations

import email.policy
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner, Result

from tests.mail.conftest import missing
from tests.mail.servers import (
    AIOSMTPD_INSTALL_HINT,
    DOVECOT_INSTALL_HINT,
    GM_ADDRESS,
    GM_PASSWORD,
    Dovecot,
    SmtpSink,
    aiosmtpd_available,
    dovecot_available,
)
from tests.mail.tokenserver import CLIENT_ID, CLIENT_SECRET, TokenServer
from wtg.cli import main
from wtg.host.config import load_config
from wtg.host.pollhealth import last_poll
from wtg.mail.outgoing.sender import send
from wtg.mail.poll.idle import idle
from wtg.mail.poll.poller import poll
from wtg.mail.servers import oauth2
from wtg.mail.servers.inbox import ImapInbox
from wtg.mail.servers.oauth2 import TokenError


@pytest.fixture
def tokens() -> Iterator[TokenServer]:
    with TokenServer() as server:
        yield server


LIFE = 60
"""The life of an access token in the tests of its expiry: renewed 45 s after it was
given (a quarter of its life early), dead after 60, on the clock ``later`` moves on."""


@pytest.fixture
def later(tokens: TokenServer, monkeypatch: pytest.MonkeyPatch) -> Callable[[float], None]:
    """Moves the clock of the access tokens' lives on by some seconds, wtg's (when it
    renews one) and the token server's (when one dies) alike. The tests slept through a
    life of 2 s, renewed after 1.5: a poll and a send that took longer than that on a
    loaded machine renewed the token before the send, and a grant too many failed the
    test."""
    moved = [0.0]

    def clock() -> float:
        return time.time() + moved[0]

    tokens.clock = clock
    monkeypatch.setattr(oauth2, "time", SimpleNamespace(time=clock))

    def move(seconds: float) -> None:
        moved[0] += seconds

    return move


@pytest.fixture
def oauth_imap(tmp_path: Path, tokens: TokenServer) -> Iterator[Dovecot]:
    if not dovecot_available():
        missing(DOVECOT_INSTALL_HINT)
    root = tmp_path / "dovecot"
    with Dovecot(
        root, {GM_ADDRESS: GM_PASSWORD}, oauth2_introspection=tokens.introspection_url
    ) as server:
        yield server


@pytest.fixture
def oauth_smtp(tokens: TokenServer) -> Iterator[SmtpSink]:
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink(auth_required=True, oauth2=tokens.user_of) as sink:
        yield sink


def write_config(root: Path, imap: Dovecot, smtp: SmtpSink, tokens: TokenServer) -> Path:
    (root / "games").mkdir(mode=0o700, exist_ok=True)
    secret = root / "client-secret"
    secret.write_text(CLIENT_SECRET + "\n", encoding="utf-8")
    secret.chmod(0o600)
    refresh = root / "refresh-token"
    refresh.write_text(tokens.new_refresh_token(GM_ADDRESS) + "\n", encoding="utf-8")
    refresh.chmod(0o600)
    path = root / "wtg.yaml"
    path.write_text(
        "games_dir: games\n"
        "transport: imap\n"
        f"oauth2:\n  provider: custom\n  token_url: {tokens.token_url}\n"
        f"  client_id: {CLIENT_ID}\n  client_secret_file: client-secret\n"
        "  refresh_token_file: refresh-token\n  scopes: mail\n"
        f"imap: {{host: {imap.host}, port: {imap.port}, username: {GM_ADDRESS}, auth: oauth2}}\n"
        f"smtp: {{host: {smtp.host}, port: {smtp.port}, username: {GM_ADDRESS}, auth: oauth2, "
        f"from: {GM_ADDRESS}}}\n",
        encoding="utf-8",
    )
    return path


def player_mail(imap: Dovecot, number: int) -> None:
    msg = EmailMessage()
    msg["From"] = f"p{number}@players.example"
    msg["To"] = GM_ADDRESS
    msg["Subject"] = "hello"
    msg["Message-ID"] = f"<m{number}@players.example>"
    msg.set_content("HELP")
    imap.append(GM_ADDRESS, msg.as_bytes(policy=email.policy.SMTP))


def wtg(config: Path, *args: str) -> Result:
    # the config as WTG_CONFIG gives it: the commands it names begin `wtg` alone
    return CliRunner(env={"WTG_CONFIG": str(config)}).invoke(main, [*args])


def test_a_poll_and_a_send_log_in_with_oauth2(
    tmp_path: Path, oauth_imap: Dovecot, oauth_smtp: SmtpSink, tokens: TokenServer
) -> None:
    config = write_config(tmp_path, oauth_imap, oauth_smtp, tokens)
    player_mail(oauth_imap, 1)
    polled = wtg(config, "poll")
    assert polled.exit_code == 0, polled.output
    assert polled.stdout == "filed 0, rejected 0, quarantined 0, ignored 0, answered 1\n"
    assert oauth_imap.fetch_all(GM_ADDRESS) == []  # handled, moved out of the inbox
    sent = wtg(config, "send")
    assert sent.exit_code == 0, sent.output
    (received,) = oauth_smtp.wait_for(1)
    assert received.rcpt_tos == ("p1@players.example",)
    assert received.login == GM_ADDRESS  # the sink took the XOAUTH2 login as the GM
    assert oauth_smtp.auth_failures == 0
    # one grant for both: the send took the access token the poll had cached (0600)
    assert tokens.grants == 1
    assert tokens.scopes_asked == ["mail"]
    cache = tmp_path / "refresh-token.access"
    assert cache.stat().st_mode & 0o777 == 0o600
    assert json.loads(cache.read_text(encoding="utf-8"))["access_token"] in tokens.access_tokens
    # Dovecot's oauth2 passdb asked the token server at each IMAP login: the poll's, and
    # the send's look at the mailbox's claims (a host a copy took over from sends nothing)
    assert tokens.introspections == 2


def test_a_token_that_expires_mid_run_is_renewed(
    tmp_path: Path,
    oauth_imap: Dovecot,
    oauth_smtp: SmtpSink,
    tokens: TokenServer,
    later: Callable[[float], None],
) -> None:
    """As a long `wtg serve` meets it: the process keeps its token, the token expires, the
    next connection (a reconnect, the next send) asks for a new one before it logs in."""
    tokens.life = LIFE
    gm = load_config(write_config(tmp_path, oauth_imap, oauth_smtp, tokens))
    for number in (1, 2):
        player_mail(oauth_imap, number)
        inbox = ImapInbox(gm.imap)  # type: ignore[arg-type]
        try:
            assert poll(gm, inbox).seen == 1
        finally:
            inbox.close()
        assert send(gm).sent == 1
        assert tokens.grants == number
        later(LIFE + 1)  # the token the server gave has expired there
    assert len(oauth_smtp.messages) == 2
    assert oauth_smtp.auth_failures == 0  # renewed before it was refused, never after

    # a token the provider drops before its time: refused at login, renewed, logged in
    tokens.life = 3600
    inbox = ImapInbox(gm.imap)  # type: ignore[arg-type]
    inbox.close()
    grants = tokens.grants
    tokens.expire_access_tokens()
    player_mail(oauth_imap, 3)
    inbox = ImapInbox(gm.imap)  # type: ignore[arg-type]
    try:
        assert poll(gm, inbox).seen == 1
    finally:
        inbox.close()
    assert tokens.grants == grants + 1
    tokens.expire_access_tokens()
    assert send(gm).sent == 1
    assert tokens.grants == grants + 2
    assert oauth_smtp.auth_failures == 1  # the one refusal that made it ask


def test_a_revoked_refresh_token_is_one_line_and_nothing_is_lost(
    tmp_path: Path, oauth_imap: Dovecot, oauth_smtp: SmtpSink, tokens: TokenServer
) -> None:
    config = write_config(tmp_path, oauth_imap, oauth_smtp, tokens)
    player_mail(oauth_imap, 1)
    assert wtg(config, "poll").exit_code == 0  # the answer is queued, not yet sent
    player_mail(oauth_imap, 2)
    tokens.revoke_all()  # the GM removed the app's access in his account
    os.unlink(tmp_path / "refresh-token.access")  # a new process: nothing cached

    polled = wtg(config, "poll")
    assert polled.exit_code == 1
    refresh = tmp_path / "refresh-token"
    assert polled.stderr == (
        f"wtg: cannot open the inbox: {tokens.token_url} refused the refresh token in "
        f"{refresh}: invalid_grant (Token has been expired or revoked.); run `wtg "
        "oauth2-login --provider custom --device-url URL` again\n"
    )
    assert "Traceback" not in polled.output
    health = last_poll(tmp_path / "games" / ".mail")
    assert health is not None and health.failing
    assert "invalid_grant" in health.error
    assert len(oauth_imap.fetch_all(GM_ADDRESS)) == 1  # the second mail waits in the inbox

    sent = wtg(config, "send")
    assert sent.exit_code == 1
    assert sent.stdout.splitlines()[-1].startswith(
        "0 reports queued; 0 mails sent, 1 waiting to be retried, 0 refused for good; "
        f"the mail server could not be reached: cannot log in to {oauth_smtp.host}: "
    )
    assert "invalid_grant" in sent.stdout
    assert oauth_smtp.messages == []
    outbox = tmp_path / "games" / ".mail" / "outbox"
    assert len(list(outbox.glob("*.eml"))) + len(list(outbox.glob("*/*.eml"))) >= 1

    # the GM logs in again (`wtg oauth2-login` writes the file): all of it goes through
    refresh.write_text(tokens.new_refresh_token(GM_ADDRESS) + "\n", encoding="utf-8")
    assert wtg(config, "poll").exit_code == 0
    assert oauth_imap.fetch_all(GM_ADDRESS) == []
    assert wtg(config, "send").exit_code == 0
    assert sorted(m.rcpt_tos[0] for m in oauth_smtp.wait_for(2)) == [
        "p1@players.example",
        "p2@players.example",
    ]
    health = last_poll(tmp_path / "games" / ".mail")
    assert health is not None and not health.failing


def test_a_rotated_refresh_token_is_written_back(
    tmp_path: Path, oauth_imap: Dovecot, oauth_smtp: SmtpSink, tokens: TokenServer
) -> None:
    tokens.rotate = True
    config = write_config(tmp_path, oauth_imap, oauth_smtp, tokens)
    refresh = tmp_path / "refresh-token"
    first = refresh.read_text(encoding="utf-8").strip()
    assert wtg(config, "poll").exit_code == 0
    second = refresh.read_text(encoding="utf-8").strip()
    assert second != first and second in tokens.refresh_tokens
    assert refresh.stat().st_mode & 0o777 == 0o600
    tokens.expire_access_tokens()  # the next login needs a new token: the second grant
    assert wtg(config, "poll").exit_code == 0  # with the new refresh token: the old is dead
    assert tokens.grants == 2 and tokens.refused_grants == 0
    assert refresh.read_text(encoding="utf-8").strip() in tokens.refresh_tokens


def test_the_token_endpoint_down_is_one_line(
    tmp_path: Path, oauth_imap: Dovecot, oauth_smtp: SmtpSink, tokens: TokenServer
) -> None:
    gm = load_config(write_config(tmp_path, oauth_imap, oauth_smtp, tokens))
    tokens.__exit__(None, None, None)
    with pytest.raises(TokenError, match=r"^cannot reach http://127\.0\.0\.1:\d+/token: "):
        ImapInbox(gm.imap)  # type: ignore[arg-type]


def wait_until(done: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:g} s: {what}")
        time.sleep(0.05)


def test_a_long_running_poll_logs_in_again_with_a_new_token(
    tmp_path: Path,
    oauth_imap: Dovecot,
    oauth_smtp: SmtpSink,
    tokens: TokenServer,
    later: Callable[[float], None],
) -> None:
    """`wtg poll --idle` (the loop `wtg serve` runs too): the connection drops after the
    token expired, the next one logs in with a new token; a refresh token revoked while it
    runs is a line and a failing poll, the loop goes on, the mail waits in the inbox and is
    taken once the GM signed in again."""
    tokens.life = LIFE
    gm = load_config(write_config(tmp_path, oauth_imap, oauth_smtp, tokens))
    stop = threading.Event()
    lines: list[str] = []
    loop = threading.Thread(target=idle, args=(gm, stop, lines.append), kwargs={"wait": 0.5})
    loop.start()
    try:
        player_mail(oauth_imap, 1)
        wait_until(lambda: oauth_imap.fetch_all(GM_ADDRESS) == [], "the first mail polled")
        assert tokens.grants == 1
        later(LIFE + 1)  # the token expires while the connection lasts
        oauth_imap.stop()  # the server restarts: the connection drops
        oauth_imap.start()
        player_mail(oauth_imap, 2)
        wait_until(lambda: oauth_imap.fetch_all(GM_ADDRESS) == [], "the second mail polled")
        assert tokens.grants == 2  # a new token for the new connection

        tokens.revoke_all()
        oauth_imap.stop()
        oauth_imap.start()
        player_mail(oauth_imap, 3)
        wait_until(lambda: any("invalid_grant" in line for line in lines), "the refusal said")
        health = last_poll(gm.spool)
        assert health is not None and health.failing and "invalid_grant" in health.error
        assert len(oauth_imap.fetch_all(GM_ADDRESS)) == 1  # it waits
        assert loop.is_alive()
        refresh = tmp_path / "refresh-token"
        refresh.write_text(tokens.new_refresh_token(GM_ADDRESS) + "\n", encoding="utf-8")
        wait_until(lambda: oauth_imap.fetch_all(GM_ADDRESS) == [], "the third mail polled")
    finally:
        stop.set()
        loop.join(30)
    refused = [line for line in lines if "invalid_grant" in line]
    assert refused[0] == (
        f"cannot log in: {tokens.token_url} refused the refresh token in "
        f"{tmp_path / 'refresh-token'}: invalid_grant (Token has been expired or revoked.); "
        "run `wtg oauth2-login --provider custom --device-url URL` again; trying again in 1 s"
    )
    health = last_poll(gm.spool)
    assert health is not None and not health.failing


def test_check_config_logs_in_with_oauth2(
    tmp_path: Path, oauth_imap: Dovecot, oauth_smtp: SmtpSink, tokens: TokenServer
) -> None:
    config = write_config(tmp_path, oauth_imap, oauth_smtp, tokens)
    result = wtg(config, "check-config")
    assert result.stdout.splitlines()[2:4] == [
        f"ok    oauth2 custom: client {CLIENT_ID}, refresh token in {tmp_path / 'refresh-token'}",
        f"ok    imap 127.0.0.1:{oauth_imap.port} (no TLS): logged in as {GM_ADDRESS}",
    ]
    assert result.stdout.splitlines()[-1] == (
        f"ok    smtp 127.0.0.1:{oauth_smtp.port} (no TLS): logged in as {GM_ADDRESS}"
    )
    assert result.exit_code == 0, result.output
    tokens.revoke_all()
    os.unlink(tmp_path / "refresh-token.access")
    refused = wtg(config, "check-config")
    assert refused.exit_code == 1
    assert refused.stdout.splitlines()[3] == (
        f"FAIL  imap 127.0.0.1:{oauth_imap.port} (no TLS): no login as {GM_ADDRESS}: "
        f"{tokens.token_url} refused the refresh token in {tmp_path / 'refresh-token'}: "
        "invalid_grant (Token has been expired or revoked.); run `wtg oauth2-login "
        "--provider custom --device-url URL` again"
    )
