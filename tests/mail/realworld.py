"""The mail loop against the real servers: a GM config pointing at Dovecot and the SMTP
sink, and `wtg` commands run as the GM's cron would run them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tests.mail.servers import GM_ADDRESS, GM_PASSWORD, Dovecot, SmtpSink
from wtg.cli import main

GM_FROM = "Game Master <gm@example.org>"


def write_config(root: Path, imap: Dovecot, smtp: SmtpSink, **mail: object) -> Path:
    """The config, and its games folder (wtg makes none: `wtg init` does)."""
    (root / "games").mkdir(mode=0o700, exist_ok=True)
    path = root / "wtg.yaml"
    extra = "".join(f"  {key}: {value}\n" for key, value in mail.items())
    path.write_text(
        "games_dir: games\n"
        "transport: imap\n"
        f"imap: {{host: {imap.host}, port: {imap.port}, username: {GM_ADDRESS}, "
        f"password: {GM_PASSWORD}}}\n"
        f'smtp: {{host: {smtp.host}, port: {smtp.port}, from: "{GM_FROM}"}}\n'
        + (f"mail:\n{extra}" if extra else ""),
        encoding="utf-8",
    )
    path.chmod(0o600)  # it holds the password: the GM's alone, as `wtg init` makes it
    return path


def wtg(config: Path, *args: object, status: int = 0) -> Result:
    """``wtg ARGS`` with the config, checked to end with ``status`` (1: a send that sets a
    mail aside for good)."""
    result = CliRunner().invoke(
        main, ["--config", str(config), *map(str, args)], catch_exceptions=False
    )
    assert result.exit_code == status, result.output
    return result
