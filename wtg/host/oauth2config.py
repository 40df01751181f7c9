"""The config's ``oauth2`` section made usable: the providers' presets (Gmail, Microsoft 365)
filling what the GM left out, the client's secret read as a password is, and the checks of
the files it names that `wtg check-config` makes.

A preset fills the token endpoint, the scopes, the device-code endpoint `wtg oauth2-login`
asks, and the IMAP and SMTP servers (host, port, TLS) of a section that names no host:

- google: imap.gmail.com:993 (TLS), smtp.gmail.com:587 (STARTTLS), the token endpoint
  https://oauth2.googleapis.com/token, the scope https://mail.google.com/ (the only one
  Gmail's IMAP and SMTP take), the sign-in https://accounts.google.com/o/oauth2/v2/auth.
  Google's device endpoint (https://oauth2.googleapis.com/device/code) refuses the Gmail
  scope (``invalid_scope``: the device flow takes a short list of scopes, Gmail's not among
  them), so `wtg oauth2-login --provider google` signs in through the browser instead
  (``wtg.mail.servers.pastelogin``).
- microsoft (Microsoft 365, Outlook.com): outlook.office365.com:993 (TLS),
  smtp.office365.com:587 (STARTTLS), https://login.microsoftonline.com/common/oauth2/v2.0/token
  (a tenant of its own: give ``token_url`` with the tenant's id in place of ``common``; the
  device endpoint is the same URL ending in ``devicecode``), the scopes
  https://outlook.office.com/IMAP.AccessAsUser.All, https://outlook.office.com/SMTP.Send
  and offline_access (without which no refresh token is given).
"""

from __future__ import annotations

import os
from pathlib import Path

from wtg.core.record import Record
from wtg.text.shellcommand import shell_command


class Server(Record):
    host: str
    port: int
    ssl: bool
    starttls: bool


class Preset(Record):
    token_url: str
    device_url: str
    auth_url: str
    """The authorization endpoint (the browser's sign-in; Google's login needs it)."""
    scopes: tuple[str, ...]
    imap: Server
    smtp: Server


MICROSOFT_TOKEN = "https://login.microsoftonline.com/common/oauth2/v2.0/token"

PRESETS: dict[str, Preset] = {
    "google": Preset(
        token_url="https://oauth2.googleapis.com/token",
        device_url="https://oauth2.googleapis.com/device/code",
        auth_url="https://accounts.google.com/o/oauth2/v2/auth",
        scopes=("https://mail.google.com/",),
        imap=Server(host="imap.gmail.com", port=993, ssl=True, starttls=False),
        smtp=Server(host="smtp.gmail.com", port=587, ssl=False, starttls=True),
    ),
    "microsoft": Preset(
        token_url=MICROSOFT_TOKEN,
        device_url=MICROSOFT_TOKEN.removesuffix("token") + "devicecode",
        auth_url=MICROSOFT_TOKEN.removesuffix("token") + "authorize",
        scopes=(
            "https://outlook.office.com/IMAP.AccessAsUser.All",
            "https://outlook.office.com/SMTP.Send",
            "offline_access",
        ),
        imap=Server(host="outlook.office365.com", port=993, ssl=True, starttls=False),
        smtp=Server(host="smtp.office365.com", port=587, ssl=False, starttls=True),
    ),
}
"""The providers wtg knows; ``custom`` has none (every endpoint given in the config)."""

PROVIDERS = (*PRESETS, "custom")


class OAuth2Config(Record):
    """How to get an access token: the ``oauth2`` section with the preset's values filled."""

    provider: str
    token_url: str
    client_id: str
    client_secret: str | None
    refresh_token_file: Path
    scopes: tuple[str, ...]
    device_url: str | None
    """Where `wtg oauth2-login` asks for a code (None: the provider has no preset)."""
    client_secret_file: Path | None = None

    def __repr__(self) -> str:
        shown = {
            n: ("***" if n == "client_secret" and getattr(self, n) else getattr(self, n))
            for n in self._fields
        }
        return f"{type(self).__name__}({shown})"


def device_url_of(provider: str, token_url: str) -> str | None:
    """The device-code endpoint that goes with a token endpoint: the preset's, or (a
    Microsoft tenant's own token URL) the same URL ending in ``devicecode``."""
    preset = PRESETS.get(provider)
    if preset is None:
        return None
    if provider == "microsoft" and token_url.endswith("/oauth2/v2.0/token"):
        return token_url.removesuffix("token") + "devicecode"
    return preset.device_url


def login_command(config: OAuth2Config) -> str:
    """The `wtg oauth2-login` that signs this section in, as a GM types it: a provider
    without a preset (custom) needs its device authorization endpoint, --device-url."""
    device = "" if config.provider in PRESETS else " --device-url URL"
    return f"wtg oauth2-login --provider {config.provider}{device}"


def oauth2_file_problems(config: OAuth2Config) -> list[str]:
    """A line for each file of the section that is not as the login needs it: the refresh
    token file missing (`wtg oauth2-login` writes it), either file readable by others."""
    lines = []
    login = f"run `{login_command(config)}`"
    path = config.refresh_token_file
    if not path.is_file():
        lines.append(f"oauth2.refresh_token_file {path} is not there: {login}")
    elif not os.access(path, os.R_OK | os.W_OK):
        lines.append(f"oauth2.refresh_token_file {path}: wtg cannot read and write it")
    for key, file in (
        ("refresh_token_file", path),
        ("client_secret_file", config.client_secret_file),
    ):
        if file is None:
            continue
        try:
            mode = file.stat().st_mode & 0o777
        except OSError:
            continue
        if mode & 0o077:
            lines.append(
                f"oauth2.{key} {file} is mode {mode:04o}: others on this machine can read "
                f"it; make it the GM's alone: {shell_command('chmod', '600', str(file))}"
            )
    return lines
