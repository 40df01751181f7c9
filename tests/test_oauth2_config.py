"""Issue 28, part 1: the config's ``imap.auth``/``smtp.auth`` and ``oauth2`` section; the
Gmail and Microsoft 365 presets fill the servers, endpoints and scopes a GM leaves out;
`wtg check-config` on each preset names what is missing (the client's id, its secret, the
refresh token file not there or not 0600: "run `wtg oauth2-login`"), without reaching any
server while it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.core.errors import ConfigError
from wtg.host.config import load_config

GMAIL = """\
games_dir: games
oauth2:
  provider: google
  client_id: 1234-abc.apps.googleusercontent.com
  client_secret_file: google-secret
  refresh_token_file: google-token
imap: {username: gm@gmail.com, auth: oauth2}
smtp: {username: gm@gmail.com, auth: oauth2, from: "GM <gm@gmail.com>"}
"""

MICROSOFT = """\
games_dir: games
oauth2:
  provider: microsoft
  token_url: https://login.microsoftonline.com/contoso.example/oauth2/v2.0/token
  client_id: 00000000-1111-2222-3333-444444444444
  refresh_token_file: ms-token
imap: {username: gm@contoso.example, auth: oauth2}
smtp: {username: gm@contoso.example, auth: oauth2, from: gm@contoso.example}
"""


def config_file(root: Path, text: str) -> Path:
    (root / "games").mkdir(mode=0o700, exist_ok=True)
    path = root / "wtg.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def private(path: Path, text: str) -> Path:
    path.write_text(text + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return caught.value.problems


def test_the_gmail_preset_fills_servers_endpoint_and_scope(tmp_path: Path) -> None:
    private(tmp_path / "google-secret", "GOCSPX-secret")
    gm = load_config(config_file(tmp_path, GMAIL))
    assert gm.imap is not None and gm.smtp is not None and gm.oauth2 is not None
    assert (gm.imap.host, gm.imap.port, gm.imap.ssl, gm.imap.starttls) == (
        "imap.gmail.com",
        993,
        True,
        False,
    )
    assert (gm.smtp.host, gm.smtp.port, gm.smtp.ssl, gm.smtp.starttls) == (
        "smtp.gmail.com",
        587,
        False,
        True,
    )
    assert (gm.imap.auth, gm.smtp.auth) == ("oauth2", "oauth2")
    assert gm.oauth2.token_url == "https://oauth2.googleapis.com/token"
    assert gm.oauth2.device_url == "https://oauth2.googleapis.com/device/code"
    assert gm.oauth2.scopes == ("https://mail.google.com/",)
    assert gm.oauth2.client_secret == "GOCSPX-secret"
    assert "GOCSPX" not in repr(gm.imap)  # the secret is never shown
    assert gm.oauth2.refresh_token_file == tmp_path / "google-token"
    assert gm.transport == "imap"


def test_the_microsoft_preset_keeps_the_tenant_of_the_token_url(tmp_path: Path) -> None:
    gm = load_config(config_file(tmp_path, MICROSOFT))
    assert gm.imap is not None and gm.smtp is not None and gm.oauth2 is not None
    assert (gm.imap.host, gm.imap.port, gm.imap.ssl) == ("outlook.office365.com", 993, True)
    assert (gm.smtp.host, gm.smtp.port, gm.smtp.starttls) == ("smtp.office365.com", 587, True)
    assert gm.oauth2.device_url == (
        "https://login.microsoftonline.com/contoso.example/oauth2/v2.0/devicecode"
    )
    assert gm.oauth2.scopes == (
        "https://outlook.office.com/IMAP.AccessAsUser.All",
        "https://outlook.office.com/SMTP.Send",
        "offline_access",
    )
    assert gm.oauth2.client_secret is None  # a public client: no secret
    common = load_config(config_file(tmp_path, MICROSOFT.replace("  token_url: ", "  # ")))
    assert common.oauth2 is not None
    assert common.oauth2.token_url == ("https://login.microsoftonline.com/common/oauth2/v2.0/token")


def test_a_host_given_wins_over_the_preset(tmp_path: Path) -> None:
    text = MICROSOFT.replace(
        "imap: {username", "imap: {host: imap.example.org, port: 1993, ssl: true, username"
    )
    gm = load_config(config_file(tmp_path, text))
    assert gm.imap is not None
    assert (gm.imap.host, gm.imap.port) == ("imap.example.org", 1993)


def test_a_tls_mode_given_wins_over_the_preset_with_its_port(tmp_path: Path) -> None:
    """Gmail's SMTP takes TLS from the first byte on 465 as well as STARTTLS on 587: a GM
    who writes `ssl: true` (with or without `port: 465`) gets that, not STARTTLS on 465."""
    private(tmp_path / "google-secret", "GOCSPX-secret")
    text = GMAIL.replace("smtp: {username", "smtp: {port: 465, ssl: true, username")
    gm = load_config(config_file(tmp_path, text))
    assert gm.smtp is not None
    assert (gm.smtp.host, gm.smtp.port, gm.smtp.ssl, gm.smtp.starttls) == (
        "smtp.gmail.com",
        465,
        True,
        False,
    )
    text = GMAIL.replace("smtp: {username", "smtp: {ssl: true, username").replace(
        "imap: {username", "imap: {starttls: true, username"
    )
    gm = load_config(config_file(tmp_path, text))
    assert gm.smtp is not None and gm.imap is not None
    assert (gm.smtp.port, gm.smtp.ssl, gm.smtp.starttls) == (465, True, False)
    assert (gm.imap.host, gm.imap.port, gm.imap.ssl, gm.imap.starttls) == (
        "imap.gmail.com",
        143,
        False,
        True,
    )


def test_what_an_oauth2_config_gets_wrong_is_named_with_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = config_file(
        tmp_path, GMAIL.replace("  client_id: 1234-abc.apps.googleusercontent.com\n", "")
    )
    assert problems(path) == [
        f"{path}, line 2: oauth2.client_id: missing; give the OAuth client's id (its app "
        "registration's)"
    ]
    path = config_file(tmp_path, GMAIL.replace("  client_secret_file: google-secret\n", ""))
    assert problems(path) == [
        f"{path}, line 2: oauth2: client_secret_file: provider google needs the OAuth "
        "client's secret (client_secret_file or client_secret_env)"
    ]
    path = config_file(tmp_path, GMAIL)
    assert problems(path) == [
        f"{path}, line 5: oauth2.client_secret_file: cannot read {tmp_path / 'google-secret'}"
        ": No such file or directory: write the secret into it, alone on its line, and make it "
        f"yours alone: chmod 600 {tmp_path / 'google-secret'}"
    ]
    path = config_file(
        tmp_path, GMAIL.replace("client_secret_file: google-secret", "client_secret_env: WTG_GS")
    )
    monkeypatch.delenv("WTG_GS", raising=False)
    assert problems(path) == [
        f"{path}, line 5: oauth2.client_secret_env: the environment variable WTG_GS is not set"
    ]
    monkeypatch.setenv("WTG_GS", "from-the-environment")
    found = load_config(path).oauth2
    assert found is not None and found.client_secret == "from-the-environment"
    path = config_file(tmp_path, MICROSOFT.replace("provider: microsoft", "provider: yahoo"))
    assert problems(path) == [
        f"{path}, line 3: oauth2.provider: expected google, microsoft or custom, found the "
        "text 'yahoo'",
        f"{path}, line 7: imap.host: missing; give the server's host name",  # no preset
        f"{path}, line 8: smtp.host: missing; give the server's host name",
    ]
    path = config_file(tmp_path, MICROSOFT.replace("auth: oauth2}", "auth: oauth2, password: x}"))
    assert problems(path) == [
        f"{path}, line 7: imap: password: auth: oauth2 logs in with a token, not a password: "
        "leave the password out",
    ]
    path = config_file(tmp_path, MICROSOFT.replace("token_url: https://", "token_url: http://"))
    assert problems(path) == [
        f"{path}, line 4: oauth2: token_url: an https:// address (the refresh token travels "
        "in it; http:// only to this machine, 127.0.0.1 or localhost)"
    ]
    no_section = "games_dir: games\nimap: {host: h, username: u, auth: oauth2}\n"
    no_section += "smtp: {host: h}\n"
    path = config_file(tmp_path, no_section)
    assert problems(path) == [
        f"{path}, line 2: imap: auth: oauth2 needs an oauth2 section (provider, client_id, "
        "refresh_token_file; docs/mail.md, Hosting from Gmail)"
    ]
    custom = MICROSOFT.replace("provider: microsoft", "provider: custom")
    custom = custom.replace(
        "  token_url: https://login.microsoftonline.com/contoso.example/oauth2/v2.0/token\n", ""
    )
    path = config_file(tmp_path, custom)
    found_problems = problems(path)
    assert found_problems[0] == (
        f"{path}, line 2: oauth2: token_url: provider custom needs the token endpoint"
    )
    assert f"{path}, line 6: imap.host: missing; give the server's host name" in found_problems


def check(config: Path) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), "check-config"])


def test_check_config_on_the_gmail_preset_names_what_is_missing(tmp_path: Path) -> None:
    no_client = config_file(
        tmp_path,
        GMAIL.replace("  client_id: 1234-abc.apps.googleusercontent.com\n", "").replace(
            "  client_secret_file: google-secret\n", ""
        ),
    )
    result = check(no_client)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"FAIL  {no_client}, line 2: oauth2.client_id: missing; give the OAuth client's id "
        "(its app registration's)",
    ]
    no_secret = config_file(tmp_path, GMAIL.replace("  client_secret_file: google-secret\n", ""))
    assert check(no_secret).stdout.splitlines() == [
        f"FAIL  {no_secret}, line 2: oauth2: client_secret_file: provider google needs the "
        "OAuth client's secret (client_secret_file or client_secret_env)",
    ]
    config = config_file(tmp_path, GMAIL)
    private(tmp_path / "google-secret", "GOCSPX-secret")
    token = tmp_path / "google-token"
    result = check(config)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"ok    config {config}: valid (transport imap)",
        f"ok    games_dir {tmp_path / 'games'}: a folder wtg can write in, 0 games",
        f"FAIL  oauth2 google: oauth2.refresh_token_file {token} is not there: run `wtg "
        f"--config {config} oauth2-login --provider google`",
        "FAIL  imap imap.gmail.com:993 (ssl): no login tried: mend the oauth2 lines above",
        "FAIL  smtp smtp.gmail.com:587 (starttls): no login tried: mend the oauth2 lines above",
    ]
    token.write_text("1//refresh\n", encoding="utf-8")
    token.chmod(0o644)
    (tmp_path / "google-secret").chmod(0o640)
    result = check(config)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[2:4] == [
        f"FAIL  oauth2 google: oauth2.refresh_token_file {token} is mode 0644: others on "
        f"this machine can read it; make it the GM's alone: chmod 600 {token}",
        f"FAIL  oauth2 google: oauth2.client_secret_file {tmp_path / 'google-secret'} is "
        "mode 0640: others on this machine can read it; make it the GM's alone: chmod 600 "
        f"{tmp_path / 'google-secret'}",
    ]


def test_check_config_on_the_microsoft_preset_names_what_is_missing(tmp_path: Path) -> None:
    config = config_file(tmp_path, MICROSOFT)
    token = tmp_path / "ms-token"
    result = check(config)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[2:] == [
        f"FAIL  oauth2 microsoft: oauth2.refresh_token_file {token} is not there: run `wtg "
        f"--config {config} oauth2-login --provider microsoft`",
        "FAIL  imap outlook.office365.com:993 (ssl): no login tried: mend the oauth2 lines above",
        "FAIL  smtp smtp.office365.com:587 (starttls): no login tried: mend the oauth2 lines above",
    ]
    no_client = config_file(
        tmp_path, MICROSOFT.replace("  client_id: 00000000-1111-2222-3333-444444444444\n", "")
    )
    assert check(no_client).stdout.splitlines() == [
        f"FAIL  {no_client}, line 2: oauth2.client_id: missing; give the OAuth client's id "
        "(its app registration's)"
    ]


CUSTOM = """\
games_dir: games
oauth2:
  provider: custom
  token_url: https://auth.example.net/token
  client_id: wtg
  refresh_token_file: custom-token
  scopes: mail
imap: {host: imap.example.net, port: 993, ssl: true, username: gm@example.net, auth: oauth2}
smtp: {host: smtp.example.net, port: 587, starttls: true, username: gm@example.net,
  auth: oauth2, from: gm@example.net}
"""


def test_check_config_on_a_custom_provider_names_the_login_that_works(tmp_path: Path) -> None:
    """`wtg oauth2-login --provider custom` alone stops at "give its device authorization
    endpoint with --device-url": the line that sends a GM there names that option too."""
    config = config_file(tmp_path, CUSTOM)
    result = check(config)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[2] == (
        f"FAIL  oauth2 custom: oauth2.refresh_token_file {tmp_path / 'custom-token'} is not "
        f"there: run `wtg --config {config} oauth2-login --provider custom --device-url URL`"
    )
