"""Issue 28, part 1: `wtg oauth2-login` gets the first refresh token by the device-code flow
(RFC 8628) from a local authorization server (``tests/mail/tokenserver.py``): the URL and
the code printed, the token endpoint asked every ``interval`` seconds, slower after each
``slow_down``, until the GM signed in; ``expired_token`` and ``access_denied`` are one line
and write nothing. Google, whose device flow refuses the Gmail scope: the browser's sign-in
(PKCE) with the address it went to pasted back."""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.tokenserver import CLIENT_ID, CLIENT_SECRET, TokenServer
from wtg.cli import main
from wtg.host.config import load_config
from wtg.host.oauth2config import PRESETS
from wtg.mail.servers.devicelogin import ask_code, wait_for_grant
from wtg.mail.servers.oauth2 import TokenError, tokens_for
from wtg.mail.servers.pastelogin import code_of, paste_login


@pytest.fixture
def tokens() -> Iterator[TokenServer]:
    with TokenServer() as server:
        yield server


def write_config(root: Path, tokens: TokenServer, provider: str = "custom") -> Path:
    secret = root / "client-secret"
    secret.write_text(CLIENT_SECRET + "\n", encoding="utf-8")
    secret.chmod(0o600)
    path = root / "wtg.yaml"
    path.write_text(
        f"oauth2:\n  provider: {provider}\n  token_url: {tokens.token_url}\n"
        f"  client_id: {CLIENT_ID}\n  client_secret_file: client-secret\n"
        "  refresh_token_file: tokens/refresh-token\n"
        "  scopes: [https://mail.example/imap, offline_access]\n",
        encoding="utf-8",
    )
    (root / "tokens").mkdir()
    return path


def login(config: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), "oauth2-login", *args])


def test_the_device_flow_writes_the_refresh_token(tmp_path: Path, tokens: TokenServer) -> None:
    config = write_config(tmp_path, tokens)
    tokens.device_answers = ["authorization_pending", "authorization_pending", "ok"]
    result = login(config, "--provider", "custom", "--device-url", tokens.device_url)
    assert result.exit_code == 0, result.output
    refresh = tmp_path / "tokens" / "refresh-token"
    assert result.stdout.splitlines() == [
        f"Open {tokens.base}/activate and enter the code WDJB-MJHT",
        "waiting for the sign-in (the code is good for 30 min) ...",
        f"signed in: the refresh token is in {refresh} (0600); `wtg --config {config} "
        "check-config` tries the login",
    ]
    assert len(tokens.device_polls) == 3
    assert tokens.scopes_asked == ["https://mail.example/imap offline_access"]
    written = refresh.read_text(encoding="utf-8").strip()
    assert tokens.refresh_tokens[written] == "gm@example.org"
    assert refresh.stat().st_mode & 0o777 == 0o600
    # and the poll's tokens come from it
    gm = load_config(config)
    assert gm.oauth2 is not None
    assert tokens_for(gm.oauth2).access_token() in tokens.access_tokens
    assert tokens.grants == 1


def test_the_interval_is_honoured_and_slow_down_adds_five_seconds(
    tmp_path: Path, tokens: TokenServer
) -> None:
    gm = load_config(write_config(tmp_path, tokens))
    assert gm.oauth2 is not None
    tokens.device_interval = 3
    code = ask_code(gm.oauth2, tokens.device_url)
    assert (code.user_code, code.interval, code.expires_in) == ("WDJB-MJHT", 3, 1800)
    tokens.device_answers = ["authorization_pending", "slow_down", "slow_down", "ok"]
    slept: list[float] = []
    answer = wait_for_grant(gm.oauth2, code, sleep=slept.append)
    assert slept == [3, 3, 8, 13]
    assert answer["refresh_token"] in tokens.refresh_tokens


def test_a_code_that_runs_out_on_this_side_is_one_line(tmp_path: Path, tokens: TokenServer) -> None:
    gm = load_config(write_config(tmp_path, tokens))
    assert gm.oauth2 is not None
    code = ask_code(gm.oauth2, tokens.device_url)
    tokens.device_answers = ["authorization_pending"] * 100
    now = [0.0]

    def sleep(seconds: float) -> None:
        now[0] += seconds + 600  # each wait lasts ten minutes: the code is good for 30

    with pytest.raises(TokenError) as refused:
        wait_for_grant(gm.oauth2, code, sleep=sleep, clock=lambda: now[0])
    assert str(refused.value) == (
        "the code WDJB-MJHT expired before it was entered; run `wtg oauth2-login --provider "
        "custom --device-url URL` again"
    )
    assert len(tokens.device_polls) == 3  # at 10, 20 and 30 minutes; not at 40


@pytest.mark.parametrize(
    ("answer", "line"),
    [
        (
            "expired_token",
            "the code WDJB-MJHT expired before it was entered; run `wtg oauth2-login --provider "
            "custom --device-url URL` again",
        ),
        ("access_denied", "the sign-in was refused (access_denied): no refresh token written"),
    ],
)
def test_an_expired_code_or_a_refusal_is_one_line_and_writes_nothing(
    tmp_path: Path, tokens: TokenServer, answer: str, line: str
) -> None:
    config = write_config(tmp_path, tokens)
    tokens.device_answers = ["authorization_pending", answer]
    result = login(config, "--provider", "custom", "--device-url", tokens.device_url)
    assert result.exit_code == 1
    said = line.replace("`wtg ", f"`wtg --config {config} ")  # each command as given
    assert result.stderr == f"wtg: {said}\n"
    assert not (tmp_path / "tokens" / "refresh-token").exists()


def test_a_login_again_replaces_the_token_and_drops_the_cached_access_token(
    tmp_path: Path, tokens: TokenServer
) -> None:
    config = write_config(tmp_path, tokens)
    refresh = tmp_path / "tokens" / "refresh-token"
    refresh.write_text("rt-old\n", encoding="utf-8")
    cached = tmp_path / "tokens" / "refresh-token.access"
    cached.write_text('{"access_token": "at-old", "renew_at": 1e12, "source": "x"}')
    tokens.device_answers = ["ok"]
    result = login(config, "--provider", "custom", "--device-url", tokens.device_url)
    assert result.exit_code == 0, result.output
    assert refresh.read_text(encoding="utf-8").strip() in tokens.refresh_tokens
    assert not cached.exists()


def test_the_command_names_what_it_lacks(tmp_path: Path, tokens: TokenServer) -> None:
    config = write_config(tmp_path, tokens)
    wrong = login(config, "--provider", "google")
    assert (wrong.exit_code, wrong.stderr) == (
        1,
        "wtg: --provider google, but the config's oauth2.provider is custom\n",
    )
    no_url = login(config, "--provider", "custom")
    assert no_url.stderr == (
        "wtg: provider custom: give its device authorization endpoint with --device-url\n"
    )
    bare = tmp_path / "bare.yaml"
    bare.write_text("games_dir: games\n", encoding="utf-8")
    none = login(bare, "--provider", "google")
    assert none.stderr.startswith("wtg: the config has no oauth2 section: add one ")
    tokens.__exit__(None, None, None)  # the provider cannot be reached
    down = login(config, "--provider", "custom", "--device-url", tokens.device_url)
    assert down.exit_code == 1
    assert down.stderr.startswith(f"wtg: cannot reach {tokens.device_url}: ")
    assert "Traceback" not in down.output
    assert not os.path.exists(tmp_path / "tokens" / "refresh-token")


GOOGLE = """\
oauth2:
  provider: google
  token_url: {token_url}
  client_id: {client_id}
  client_secret_file: client-secret
  refresh_token_file: tokens/refresh-token
"""


def google_config(root: Path, tokens: TokenServer) -> Path:
    path = write_config(root, tokens)
    path.write_text(
        GOOGLE.format(token_url=tokens.token_url, client_id=CLIENT_ID), encoding="utf-8"
    )
    return path


def test_google_signs_in_through_the_browser_with_the_address_pasted_back(
    tmp_path: Path, tokens: TokenServer
) -> None:
    """Google's device flow refuses https://mail.google.com/: the sign-in address (PKCE),
    the address the browser went to pasted back, its code exchanged once."""
    gm = load_config(google_config(tmp_path, tokens))
    assert gm.oauth2 is not None
    said: list[str] = []

    def browser(what: str) -> str:
        """The GM: opens the address, allows, copies where the browser went."""
        assert what == "the address"
        address = next(line for line in said if line.startswith("https://"))
        parts = urllib.parse.urlsplit(address)
        query = dict(urllib.parse.parse_qsl(parts.query))
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == (
            "https://accounts.google.com/o/oauth2/v2/auth"
        )
        assert query["scope"] == "https://mail.google.com/"
        assert (query["response_type"], query["code_challenge_method"]) == ("code", "S256")
        assert (query["access_type"], query["prompt"]) == ("offline", "consent")
        assert query["redirect_uri"].startswith("http://127.0.0.1:")
        code = tokens.new_code(query["code_challenge"], query["redirect_uri"], "gm@gmail.com")
        return f"{query['redirect_uri']}?state={query['state']}&code={code}&scope=x\n"

    paste_login(gm.oauth2, PRESETS["google"].auth_url, said.append, browser)
    refresh = tmp_path / "tokens" / "refresh-token"
    assert tokens.refresh_tokens[refresh.read_text(encoding="utf-8").strip()] == "gm@gmail.com"
    assert refresh.stat().st_mode & 0o777 == 0o600
    assert tokens.codes == {}  # spent


def test_google_a_wrong_paste_is_one_line_and_writes_nothing(
    tmp_path: Path, tokens: TokenServer
) -> None:
    config = google_config(tmp_path, tokens)
    refused = CliRunner().invoke(
        main,
        ["--config", str(config), "oauth2-login", "--provider", "google"],
        input="http://127.0.0.1:3/?error=access_denied\n",
    )
    assert refused.exit_code == 1
    assert refused.stdout.startswith(
        "Open this address in a browser (any computer), sign in to the mailbox's account\n"
    )
    assert refused.stderr == "wtg: the sign-in was refused (access_denied): nothing written\n"
    other = CliRunner().invoke(
        main,
        ["--config", str(config), "oauth2-login", "--provider", "google"],
        input="http://127.0.0.1:3/?state=not-this-one&code=ac-1\n",
    )
    assert other.stderr.startswith("wtg: the address pasted answers another login ")
    assert not (tmp_path / "tokens" / "refresh-token").exists()
    with pytest.raises(TokenError, match=r"^the address pasted holds no code: "):
        code_of("I allowed it", "s")
