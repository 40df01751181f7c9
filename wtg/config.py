"""The GM's configuration: one YAML file (``--config FILE`` or ``WTG_CONFIG``).

games_dir: /srv/wtg/games
transport: imap                # or maildir, the embedded default that needs no server
maildir_in: /srv/wtg/mail/in   # maildir transport: mail arrives here ...
maildir_out: /srv/wtg/mail/out # ... and leaves here
imap: {host: imap.example.org, port: 993, ssl: true, username: gm, password_env: WTG_IMAP,
       folder: INBOX, processed_folder: wtg-processed, rejected_folder: wtg-rejected}
smtp: {host: smtp.example.org, port: 587, starttls: true, username: gm,
       password_file: /etc/wtg/smtp-password, from: "Game Master <gm@example.org>"}
mail: {max_bytes: 1000000, replies_per_hour: 3, remind_hours: 24, poll_stale_hours: 6}
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wtg.core.record import Record
from wtg.yamlio import load_yaml


class ConfigError(ValueError):
    pass


class ServerConfig(Record):
    host: str
    port: int
    ssl: bool
    starttls: bool
    username: str | None
    password: str | None

    def __repr__(self) -> str:
        shown = {
            n: ("***" if n == "password" and getattr(self, n) else getattr(self, n))
            for n in self._fields
        }
        return f"{type(self).__name__}({shown})"

    def secret(self) -> str:
        if self.password is None:
            raise ConfigError(f"no password for {self.username}@{self.host}")
        return self.password


class ImapConfig(ServerConfig):
    folder: str = "INBOX"
    processed_folder: str = "wtg-processed"
    rejected_folder: str = "wtg-rejected"


class SmtpConfig(ServerConfig):
    sender: str = "wtg@localhost"


class MailLimits(Record):
    max_bytes: int = 1_000_000
    replies_per_hour: int = 3
    confirmations_per_hour: int = 20
    remind_hours: int = 24
    poll_stale_hours: int = 6
    missing_share: float = 0.5
    """run-turn --due refuses when this share of players has no orders and the poll failed."""


class GmConfig(Record):
    games_dir: Path
    transport: str
    maildir_in: Path
    maildir_out: Path
    imap: ImapConfig | None
    smtp: SmtpConfig | None
    sender: str
    limits: MailLimits

    @property
    def spool(self) -> Path:
        """Where the mail loop keeps its archive, outbox and journal."""
        return self.games_dir / ".mail"


def _password(section: Mapping[str, Any], where: str) -> str | None:
    if "password" in section:
        return str(section["password"])
    if "password_env" in section:
        name = str(section["password_env"])
        if name not in os.environ:
            raise ConfigError(f"{where}.password_env: the variable {name} is not set")
        return os.environ[name]
    if "password_file" in section:
        path = Path(str(section["password_file"])).expanduser()
        try:
            return path.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ConfigError(f"{where}.password_file: cannot read {path}: {exc.strerror}") from exc
    return None


def _server(section: Any, where: str, default_port: tuple[int, int]) -> dict[str, Any]:
    if not isinstance(section, Mapping) or "host" not in section:
        raise ConfigError(f"'{where}' needs at least a host")
    use_ssl = bool(section.get("ssl", False))
    return {
        "host": str(section["host"]),
        "port": int(section.get("port", default_port[0] if use_ssl else default_port[1])),
        "ssl": use_ssl,
        "starttls": bool(section.get("starttls", False)),
        "username": None if section.get("username") is None else str(section["username"]),
        "password": _password(section, where),
    }


def load_config(path: Path | None) -> GmConfig:
    """The config at ``path``; with no file, the embedded maildir default under ./wtg-games."""
    data: Any = {}
    base = Path.cwd()
    if path is not None:
        try:
            data = load_yaml(path.read_text(encoding="utf-8")) or {}
        except OSError as exc:
            raise ConfigError(f"cannot read {path}: {exc.strerror}") from exc
        except ValueError as exc:
            raise ConfigError(f"{path}: {exc}") from exc
        base = path.parent
    if not isinstance(data, Mapping):
        raise ConfigError(f"{path}: expected a mapping")
    return config_from_data(data, base)


def config_from_data(data: Mapping[str, Any], base: Path) -> GmConfig:
    def folder(key: str, default: str) -> Path:
        return (base / str(data.get(key, default))).expanduser()

    games_dir = folder("games_dir", "wtg-games")
    imap = smtp = None
    if data.get("imap") is not None:
        imap_data = data["imap"]
        imap = ImapConfig(
            **_server(imap_data, "imap", (993, 143)),
            folder=str(imap_data.get("folder", "INBOX")),
            processed_folder=str(imap_data.get("processed_folder", "wtg-processed")),
            rejected_folder=str(imap_data.get("rejected_folder", "wtg-rejected")),
        )
    sender = str(data.get("from", "wtg@localhost"))
    if data.get("smtp") is not None:
        smtp_data = data["smtp"]
        sender = str(smtp_data.get("from", sender))
        smtp = SmtpConfig(**_server(smtp_data, "smtp", (465, 25)), sender=sender)
    transport = str(data.get("transport", "imap" if imap else "maildir"))
    if transport not in ("imap", "maildir"):
        raise ConfigError(f"transport must be imap or maildir, not {transport!r}")
    if transport == "imap" and (imap is None or smtp is None):
        raise ConfigError("transport imap needs both an 'imap' and an 'smtp' section")
    limits = MailLimits(
        **{k: v for k, v in dict(data.get("mail") or {}).items() if k in MailLimits._fields}
    )
    return GmConfig(
        games_dir=games_dir,
        transport=transport,
        maildir_in=folder("maildir_in", str(games_dir / ".mail" / "maildir-in")),
        maildir_out=folder("maildir_out", str(games_dir / ".mail" / "maildir-out")),
        imap=imap,
        smtp=smtp,
        sender=sender,
        limits=limits,
    )
