"""The GM's configuration: one YAML file (``--config FILE`` or ``WTG_CONFIG``).

The file is checked against the schema of ``wtg.host.configschema`` (pydantic) when it is read:
a wrong type, a misspelt key, a size or a boolean that is not one is a ConfigError whose
lines each name the file, the line, the key and what it takes. Relative paths are relative
to the config file's folder. docs/mail.md lists every key.

games_dir: /srv/wtg/games
transport: imap                # or maildir, the embedded default that needs no server
maildir_in: /srv/wtg/mail/in   # maildir transport: mail arrives here ...
maildir_out: /srv/wtg/mail/out # ... and leaves here
imap: {host: imap.example.org, port: 993, ssl: true, username: gm, password_env: WTG_IMAP,
       folder: INBOX, processed_folder: wtg-processed, rejected_folder: wtg-rejected}
smtp: {host: smtp.example.org, port: 587, starttls: true, username: gm,
       password_file: /etc/wtg/smtp-password, from: "Game Master <gm@example.org>"}
mail: {max_bytes: 1MB, replies_per_hour: 3, remind_hours: 24, poll_stale_hours: 6,
       handle_seconds: 30}
site: {dir: /var/www/wtg, base_url: "https://games.example.org/"}   # for `wtg serve`
dkim: {domain: example.org, selector: wtg2026, key_file: wtg2026.example.org.dkim.key}
"""

from __future__ import annotations

import os
import re
import ssl
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from wtg.core import errors
from wtg.core.record import Record
from wtg.files.gamesfolder import SPOOL
from wtg.files.ownership import owner_note
from wtg.host.configplace import folder_given
from wtg.host.configschema import (
    ConfigFile,
    OAuth2Section,
    ServerSection,
    expected,
    preset_context,
    sender_meant,
)
from wtg.host.oauth2config import PRESETS, OAuth2Config, device_url_of
from wtg.host.secretfile import missing_secret_hint
from wtg.host.servicerecord import text_print
from wtg.text.addresses import idna_domain
from wtg.text.closename import close_names, either
from wtg.text.shellcommand import shell_command
from wtg.text.yamllines import LinedYaml, YamlLinesError, read_lined_yaml, unquoted_hint

ConfigError = errors.ConfigError
"""A config that cannot be used: one line per problem, each naming where and why."""


class ServerConfig(Record):
    host: str
    port: int
    ssl: bool
    starttls: bool
    username: str | None
    password: str | None
    password_file: Path | None = None
    """Where the password was read from, when from a file (``loose_password_files``)."""
    password_problem: str | None = None
    """Why the password could not be had when the config was read (its ``password_file``
    missing or unreadable, its ``password_env`` not set), with the key's line: said when
    the server is logged in to (``secret``) and by ``loose_password_files``, so that the
    commands that reach no server (``wtg status``, ``run-turn --due``) still run."""
    password_in_config: bool = False
    """The password is written in the config file itself (``password:``): the file is as
    secret as a password file (``loose_password_files``)."""
    ca_file: Path | None = None
    """The certificates to trust for the server's (None: the system's CAs)."""
    auth: str = "password"
    """``password``, or ``oauth2``: a token from ``oauth2`` (``wtg.mail.servers.oauth2``)."""
    oauth2: OAuth2Config | None = None

    def __repr__(self) -> str:
        shown = {
            n: ("***" if n == "password" and getattr(self, n) else getattr(self, n))
            for n in self._fields
        }
        return f"{type(self).__name__}({shown})"

    def secret(self) -> str:
        if self.password_problem is not None:
            raise ConfigError(self.password_problem)
        if self.password is None:
            raise ConfigError(f"no password for {self.username}@{self.host}")
        return self.password


class ImapConfig(ServerConfig):
    folder: str = "INBOX"
    processed_folder: str = "wtg-processed"
    rejected_folder: str = "wtg-rejected"


class SmtpConfig(ServerConfig):
    sender: str = "wtg@localhost"


S = TypeVar("S", bound=ServerConfig)


class MailLimits(Record):
    max_bytes: int = 1_000_000
    replies_per_hour: int = 3
    replies_per_day: int = 24
    """... and of those, to one address a day (``wtg.mail.incoming.answers.DAY_TALLY``); and
    the codes to CONFIRM to a player's mailbox, or one that confirmed a request, in 24 hours,
    counted apart (``wtg.mail.incoming.strangercodes``)."""
    confirmations_per_hour: int = 20
    unconfirmed_per_hour: int = 30
    """Mail to addresses that never confirmed one, host-wide (``wtg.mail.incoming.strangers``)."""
    unconfirmed_per_address: int = 3
    """... of it, answers with a code to CONFIRM to one such address."""
    unconfirmed_domain_share: float = 0.5
    """... of it, the share the addresses of one domain may take together."""
    unconfirmed_new_domain_share: float = 0.25
    """... of it, the share kept for the domains not yet answered in the hour."""
    remind_hours: int = 24
    poll_stale_hours: int = 6
    missing_share: float = 0.5
    """run-turn --due refuses when this share of players has no orders and the poll failed."""
    handle_seconds: int = 30
    """A mail whose handling takes longer is stopped and quarantined
    (``wtg.mail.poll.timelimit``)."""
    authserv_id: tuple[str, ...] | None = None
    """The authserv-ids of the Authentication-Results headers the GM's own server adds,
    lower-cased (None: the topmost header is read; empty: none is):
    ``wtg.mail.incoming.senderauth``."""
    stranger_codes_per_day: int = 6
    """Codes to CONFIRM to one stranger's mailbox in 24 hours before ``stranger_late_hours``
    bounds them (``wtg.mail.incoming.strangercodes``)."""
    stranger_late_hours: int = 4
    """Past those, one more code when none went to the mailbox in this many hours."""
    wrong_code_rows: int = 100
    """The forms refused for a wrong code the journal keeps a row of, a seat
    (``wtg.mail.spool.journal.Journal.wrong_code``)."""
    dash_subaddress_domains: tuple[str, ...] = ()
    """The domains (lower-cased, in IDNA) whose servers deliver ``name-tag@`` to ``name@``: counted
    as one mailbox there (``wtg.text.addresses.mailbox_of``)."""


class SiteConfig(Record):
    """Where `wtg serve` writes the host's site after each turn (``wtg.site.build``)."""

    dir: Path
    base_url: str = ""


class DkimConfig(Record):
    """The DKIM key every mail sent is signed with (``wtg.mail.outgoing.dkimsign``): read at each
    send, never when the config is loaded, so a key that cannot be read keeps the mail
    queued (``wtg send`` says why) and stops no other command."""

    domain: str
    selector: str
    key_file: Path

    @property
    def record_name(self) -> str:
        """Where the public key is published: ``SELECTOR._domainkey.DOMAIN``."""
        return f"{self.selector}._domainkey.{self.domain}"


class GmConfig(Record):
    games_dir: Path
    transport: str
    maildir_in: Path
    maildir_out: Path
    imap: ImapConfig | None
    smtp: SmtpConfig | None
    sender: str
    limits: MailLimits
    site: SiteConfig | None = None
    dkim: DkimConfig | None = None
    oauth2: OAuth2Config | None = None
    file: Path | None = None
    """The config file it was read from (None: data not from a file)."""
    file_print: str = ""
    """The print of that file's text as it was read (``servicerecord.text_print``): the
    service keeps it in its record, and `wtg status --host` tells an edit since."""
    games_dir_written: str | None = None
    """The config's games_dir as it writes it (None: it writes none, the default is read):
    a relative one that names no folder is refused saying what it was read against
    (``wtg.host.relativedir``)."""
    transport_written: bool = True
    """Whether the config writes its ``transport:`` line (False: it writes none, and the
    transport is the default, maildir without an ``imap:`` section)."""

    @property
    def spool(self) -> Path:
        """Where the mail loop keeps its archive, outbox and journal."""
        return self.games_dir / SPOOL


class Locator:
    """Says where a key is: ``wtg.yaml, line 7: imap.port`` (no line for data not from a file)."""

    def __init__(self, source: str, lines: LinedYaml | None) -> None:
        self.source = source
        self.lines = lines

    def line(self, path: tuple[str, ...]) -> int:
        return 0 if self.lines is None else self.lines.line_of(path)

    def at(self, path: tuple[str, ...], line_of: tuple[str, ...] | None = None) -> str:
        """The file, the line (of ``line_of`` when given, else of the key), and the key."""
        where = self.source
        if self.lines is not None:
            where += f", line {self.line(path if line_of is None else line_of)}"
        return f"{where}: {'.'.join(path)}" if path else where


def loose_password_files(gm: GmConfig) -> list[str]:
    """A line for each password that cannot be had (``ServerConfig.password_problem``);
    for each password file of the config that group or others may read or
    write (anything looser than 0600): a password anyone on the host can read; and for
    the config file itself when a password is written in it. And a line for a password
    file that holds nothing (made by ``> smtp-password``, or by ``echo "$PASS" >`` of a
    variable not set): every login of it is refused, which said only that the login was."""
    lines = []
    inline = [
        f"{kind}.password"
        for kind, server in (("imap", gm.imap), ("smtp", gm.smtp))
        if server is not None and server.password_in_config
    ]
    mode = _mode(gm.file) if gm.file is not None and inline else None
    if mode is not None and mode & 0o077:
        lines.append(
            f"the config {gm.file} holds {' and '.join(inline)} and is mode {mode:04o}: others "
            f"on this machine can read {'it' if len(inline) == 1 else 'them'}; make it the GM's "
            f"alone: {shell_command('chmod', '600', str(gm.file))} (or give a password in a "
            "password_file of mode 0600)"
        )
    for kind, server in (("imap", gm.imap), ("smtp", gm.smtp)):
        if server is not None and server.password_problem is not None:
            lines.append(server.password_problem)  # every login of it fails until mended
            continue
        path = server.password_file if server is not None else None
        if path is None:
            continue
        mode = _mode(path)
        if mode is not None and mode & 0o077:
            lines.append(
                f"{kind}.password_file {path} is mode {mode:04o}: others on this machine "
                f"can read the password; make it the GM's alone: "
                f"{shell_command('chmod', '600', str(path))}"
            )
        if server is not None and server.auth == "password" and not server.password:
            lines.append(
                f"{kind}.password_file {path} is empty: every login is refused; write the "
                "password into it, alone on its line"
            )
    return lines


def _mode(path: Path) -> int | None:
    """The permission bits of ``path``; None when it is gone (it was read when the config
    was loaded: gone meanwhile, nothing to say)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return None


def _file_meant(path: Path) -> list[Path]:
    """The YAML files beside ``path`` (which is not there) whose names are close to its
    own (``wtg.text.closename``)."""
    try:
        with os.scandir(path.parent if str(path.parent) else ".") as entries:
            names = [e.name for e in entries if e.name.endswith((".yaml", ".yml")) and e.is_file()]
    except OSError:
        return []
    return [path.parent / name for name in close_names(path.name, names)]


QUOTES = "\"'\u201c\u201d\u2018\u2019"
"""Quotes a config's path may arrive in, kept: straight ones, and an editor's curly ones."""


def _unquoted(path: Path) -> Path | None:
    """The config file ``path`` names without the quotes around it or its name, when it is
    there (``WTG_CONFIG="/srv/wtg/wtg.yaml"`` from a file of variables that keeps quotes)."""
    for bare in (
        Path(str(path).strip().strip(QUOTES)),
        path.parent / path.name.strip().strip(QUOTES),
    ):
        if str(bare) not in ("", ".") and bare != path and bare.is_file():
            return bare
    return None


def load_config(path: Path) -> GmConfig:
    """The config at ``path`` (there is no config without a file: ``wtg.cli.common``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:  # one with the config in it is read as that (``config_in``)
        raise ConfigError(folder_given(path)) from None
    except OSError as exc:  # a relative path is read where wtg runs (cron: the home folder)
        where = path if path.is_absolute() else f"{path} ({path.absolute()})"
        owner = owner_note(exc)  # a config another user (root) wrote, his alone
        why = f"{exc.strerror}: {owner}" if owner else str(exc.strerror or exc)
        bare = path.parent / path.name.strip()
        unquoted = _unquoted(path)
        if bare != path and bare.is_file():  # `--config 'wtg.yaml '`, a space pasted along
            why += f" (the name given has a space at an end: did you mean {bare}?)"
        elif unquoted is not None:
            why += (
                " (the name given has quotes around it, kept as a part of it where nothing "
                "took them away, as a file of variables for docker keeps them: did you mean "
                f"{unquoted.absolute()}?)"
            )
        elif isinstance(exc, FileNotFoundError):  # `wtg.yml`, `wtg.ymal`: a typo's file
            close = _file_meant(path)
            why += f" (did you mean {either([str(p) for p in close])}?)" if close else ""
            if not close and not path.is_absolute():  # a cron line's `--config wtg.yaml`
                why += (
                    "; a config given by a relative path is read from the current folder "
                    f"({Path.cwd()}): give it by its full path (cron runs in your home "
                    "folder), as --config /srv/wtg/wtg.yaml"
                )
        raise ConfigError(f"{where}: cannot read the config file: {why}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: the config file is not UTF-8 text ({exc.reason})") from exc
    try:
        lined = read_lined_yaml(text)
    except YamlLinesError as exc:
        where = f"{path}, line {exc.line}" if exc.line else str(path)
        raise ConfigError(f"{where}: {exc.message}") from exc
    config = config_from_data(lined.data, path.parent, str(path), lined)
    return config.replaced(file=path, file_print=text_print(text))


GAME_YAML_KEYS = frozenset({"game", "ruleset", "players"})
"""Keys every game's game.yaml has and no config has: a file with them all is a game's."""


def config_from_data(
    data: Any, base: Path, source: str = "the config", lines: LinedYaml | None = None
) -> GmConfig:
    """A GmConfig from the file's data; relative paths are taken from ``base``."""
    locate = Locator(source, lines)
    if not isinstance(data, Mapping):
        keys = ", ".join(expected(ConfigFile, ()).keys)
        raise ConfigError(f"{locate.at(())}: expected keys and values ({keys})")
    if data.keys() >= GAME_YAML_KEYS:  # `--config games/g1/game.yaml`: a slip of the tab key
        raise ConfigError(
            f"{source} is the game.yaml of the game {data['game']}, not a host's config: give "
            "the host's config file (`wtg init DIR` makes DIR/wtg.yaml; the games folder is in "
            "its games_dir)"
        )
    try:
        schema = ConfigFile.model_validate(data, context=preset_context(data))
    except ValidationError as exc:
        errors = sorted(exc.errors(), key=lambda e: locate.line((*map(str, e["loc"]),)))
        raise ConfigError(*(problem(error, locate) for error in errors)) from None
    return _gm_config(schema, base, locate)


def problem(error: Any, locate: Locator) -> str:
    """One pydantic error as one line: where, the key, what it takes, what was found."""
    path = tuple(str(step) for step in error["loc"])
    what, purpose, keys = expected(ConfigFile, error["loc"])
    kind = error["type"]
    if kind == "extra_forbidden":
        close = [repr(name) for name in close_names(path[-1], keys)]
        sections = _sections_of(path[-1]) if len(path) == 1 else []
        if sections:  # `imap:` then `host: h` unindented: a section's key at the top
            return (
                f"{locate.at(path)}: no such key at the top of the file; it is a key of "
                f"{' and '.join(sections)}: indent it under its section (two spaces)"
            )
        hint = f"did you mean {either(close)}?" if close else f"the keys here: {', '.join(keys)}"
        return f"{locate.at(path)}: no such key; {hint}"
    if kind == "missing":
        return f"{locate.at(path)}: missing; give {purpose or what or 'it'}"
    if kind == "value_error" and isinstance(error["input"], Mapping):
        # a section's own check; its message starts with the key it is about
        text = str(error["msg"]).removeprefix("Value error, ")
        key = text.split(":")[0].split(" ")[0]
        inner = expected(ConfigFile, (*path, "")).keys
        return f"{locate.at(path, (*path, key) if key in inner else path)}: {text}"
    found = _described(error["input"], secret=path[-1:] == ("password",))
    given = error["input"]
    meant = sender_meant(given) if path[-1:] == ("from",) and isinstance(given, str) else None
    if meant is not None:  # a From without its brackets, with a sentence's dot
        found += f' (did you mean from: "{meant}"?)'
    if kind == "literal_error" and isinstance(given, str):  # `transport: maildri`, `IMAP`
        words = close_names(given, _literals(error))
        found += f" (did you mean {path[-1]}: {either(words)}?)" if words else ""
        if path == ("transport",) and given.strip().casefold() in SENDING_WORDS:
            found += SENDING_TRANSPORT
    if kind == "value_error" and isinstance(given, list):  # the entry its check refused
        found += f" ({str(error['msg']).removeprefix('Value error, ')})"
    if kind == "string_type" and isinstance(error["input"], (int, float)):
        found += "; put text in quotes (YAML reads 0123 as a number, yes as a boolean)"
    elif path[-1:] != ("password",):
        wanted = {"int": (int,), "float": (int, float)}.get(kind.split("_")[0])  # a bool says so
        found += unquoted_hint(error["input"], path[-1], wanted) if wanted else ""
    return f"{locate.at(path)}: expected {what or error['msg']}, found {found}"


SENDING_WORDS = frozenset({"smtp", "smtps", "submission", "imaps"})
"""What a GM writes as the transport who thinks of the server his mail goes out by."""
SENDING_TRANSPORT = (
    " (the mail servers are one transport, imap: the players' mail comes in by the imap: "
    "section's server and goes out by the smtp: section's; write transport: imap with both "
    "sections, or transport: maildir to try wtg with files alone)"
)
"""Said after ``transport: smtp``: the transport it takes to send by SMTP. Before, the
words it takes alone, and a GM who had read of SMTP sending was left to guess that
``imap`` is the one."""


def _literals(error: Any) -> list[str]:
    """The words a key of a few takes, as pydantic's literal error lists them (``'imap' or
    'maildir'``)."""
    return re.findall(r"'([^']*)'", str((error.get("ctx") or {}).get("expected", "")))


def _sections_of(key: str) -> list[str]:
    """The sections of the file that have ``key`` (``host``: imap, smtp)."""
    top = expected(ConfigFile, ()).keys
    return [name for name in top if key in expected(ConfigFile, (name, "")).keys]


def _described(value: Any, secret: bool = False) -> str:
    """What a GM wrote, in words: ``the text 'no'``, ``the number 5``, ``a section of keys``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        kind = "the text" if isinstance(value, str) else "the number"
        return f"{kind} (not shown)" if secret else f"{kind} {value!r}"
    if isinstance(value, Mapping):
        return "a section of keys"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _gm_config(schema: ConfigFile, base: Path, locate: Locator) -> GmConfig:
    def folder(value: str) -> Path:
        path = Path(value).expanduser()
        return path if path.is_absolute() else base / path

    games_dir = folder(schema.games_dir)
    spool = games_dir / SPOOL
    oauth2 = _oauth2(schema.oauth2, folder, locate) if schema.oauth2 is not None else None
    imap = smtp = None
    if schema.imap is not None:
        section = schema.imap
        imap = ImapConfig(
            **_server(section, ("imap",), (993, 143), folder, locate)
            | _oauth2_login(section, ("imap",), oauth2),
            folder=section.folder,
            processed_folder=section.processed_folder,
            rejected_folder=section.rejected_folder,
        )
    sender = schema.sender
    if schema.smtp is not None:
        sender = schema.smtp.sender or sender
        smtp = SmtpConfig(
            **_server(schema.smtp, ("smtp",), (465, 25), folder, locate)
            | _oauth2_login(schema.smtp, ("smtp",), oauth2),
            sender=sender,
        )
    mail = schema.mail
    return GmConfig(
        games_dir=games_dir,
        games_dir_written=schema.games_dir if "games_dir" in schema.model_fields_set else None,
        transport=schema.transport or ("imap" if imap else "maildir"),
        transport_written=schema.transport is not None,
        maildir_in=folder(schema.maildir_in) if schema.maildir_in else spool / "maildir-in",
        maildir_out=folder(schema.maildir_out) if schema.maildir_out else spool / "maildir-out",
        imap=imap,
        smtp=smtp,
        sender=sender,
        limits=MailLimits(
            max_bytes=int(mail.max_bytes),
            replies_per_hour=mail.replies_per_hour,
            replies_per_day=mail.replies_per_day,
            confirmations_per_hour=mail.confirmations_per_hour,
            unconfirmed_per_hour=mail.unconfirmed_per_hour,
            unconfirmed_per_address=mail.unconfirmed_per_address,
            unconfirmed_domain_share=mail.unconfirmed_domain_share,
            unconfirmed_new_domain_share=mail.unconfirmed_new_domain_share,
            remind_hours=mail.remind_hours,
            poll_stale_hours=mail.poll_stale_hours,
            missing_share=mail.missing_share,
            handle_seconds=mail.handle_seconds,
            authserv_id=_authserv_ids(mail.authserv_id),
            stranger_codes_per_day=mail.stranger_codes_per_day,
            stranger_late_hours=mail.stranger_late_hours,
            wrong_code_rows=mail.wrong_code_rows,
            dash_subaddress_domains=tuple(
                dict.fromkeys(idna_domain(d.lower()) for d in _listed(mail.dash_subaddress_domains))
            ),
        ),
        site=SiteConfig(dir=folder(schema.site.dir), base_url=schema.site.base_url)
        if schema.site is not None
        else None,
        dkim=DkimConfig(
            domain=schema.dkim.domain.lower(),
            selector=schema.dkim.selector.lower(),
            key_file=folder(schema.dkim.key_file),
        )
        if schema.dkim is not None
        else None,
        oauth2=oauth2,
    )


def _authserv_ids(value: str | list[str] | None) -> tuple[str, ...] | None:
    """``mail.authserv_id`` as the poll reads it: lower-cased names, in a tuple."""
    if value is None:
        return None
    return tuple(name.lower() for name in ([value] if isinstance(value, str) else value))


def _listed(value: str | list[str]) -> list[str]:
    """A key that takes one text or a list of them, as a list."""
    return [value] if isinstance(value, str) else value


def _oauth2(section: OAuth2Section, folder: Any, locate: Locator) -> OAuth2Config:
    """The oauth2 section with its provider's preset filled in and its secret read (the
    refresh token is read when a login needs it: `wtg oauth2-login` writes it)."""
    preset = PRESETS.get(section.provider)
    token_url = section.token_url or (preset.token_url if preset else "")
    secret_file = folder(section.client_secret_file) if section.client_secret_file else None
    secret = None
    if section.client_secret_env is not None:
        secret = _from_env(section.client_secret_env, ("oauth2", "client_secret_env"), locate)
    elif secret_file is not None:
        secret = _from_file(secret_file, ("oauth2", "client_secret_file"), locate)
    scopes = section.scopes if section.scopes is not None else (preset.scopes if preset else ())
    return OAuth2Config(
        provider=section.provider,
        token_url=token_url,
        client_id=section.client_id,
        client_secret=secret,
        refresh_token_file=folder(section.refresh_token_file),
        scopes=tuple(scopes),
        device_url=device_url_of(section.provider, token_url),
        client_secret_file=secret_file,
    )


def _oauth2_login(
    section: ServerSection, where: tuple[str, ...], oauth2: OAuth2Config | None
) -> dict[str, Any]:
    """The server's ``auth`` and, for oauth2, where its tokens come from; a section
    without a host gets the preset's server (``ConfigFile`` lets only a preset leave it):
    its TLS mode and port, unless the section names a mode (``ssl`` or ``starttls``),
    which then goes with the section's port or that mode's usual one."""
    login: dict[str, Any] = {"auth": section.auth}
    if section.auth == "oauth2":
        login["oauth2"] = oauth2
    if section.host is None and oauth2 is not None and oauth2.provider in PRESETS:
        server = getattr(PRESETS[oauth2.provider], where[0])
        ssl, starttls = server.ssl, server.starttls
        port = server.port
        if (section.ssl or section.starttls) and (section.ssl, section.starttls) != (ssl, starttls):
            ssl, starttls = section.ssl, section.starttls
            port = MODE_PORTS[where[0]][0 if ssl else 1]
        login.update(host=server.host, port=section.port or port, ssl=ssl, starttls=starttls)
    return login


MODE_PORTS = {"imap": (993, 143), "smtp": (465, 587)}
"""The usual port of each server for TLS from the first byte, and for STARTTLS."""


def _server(
    section: ServerSection,
    where: tuple[str, ...],
    default_port: tuple[int, int],
    folder: Any,
    locate: Locator,
) -> dict[str, Any]:
    try:
        password, problem = _password(section, where, folder, locate), None
    except ConfigError as exc:  # said when the server is reached: the rest of wtg runs
        password, problem = None, str(exc)
    return {
        "host": section.host or "",
        "port": section.port or (default_port[0] if section.ssl else default_port[1]),
        "ssl": section.ssl,
        "starttls": section.starttls,
        "username": section.username,
        "password": password,
        "password_problem": problem,
        "password_file": folder(section.password_file) if section.password_file else None,
        "password_in_config": section.password is not None,
        "ca_file": _ca_file(folder(section.ca_file), (*where, "ca_file"), locate)
        if section.ca_file
        else None,
    }


def _ca_file(path: Path, key: tuple[str, ...], locate: Locator) -> Path:
    """The ``ca_file`` given, once it is read as certificates (a missing file, or one
    that holds none, is named with its line now, not as a failed handshake later)."""
    try:
        ssl.create_default_context(cafile=str(path))
    except ssl.SSLError as exc:
        raise ConfigError(
            f"{locate.at(key)}: cannot read {path} as certificates (PEM): there is none in it"
        ) from exc
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ConfigError(
            f"{locate.at(key)}: cannot read {path} as certificates (PEM): {reason}"
        ) from exc
    return path


def _password(
    section: ServerSection, where: tuple[str, ...], folder: Any, locate: Locator
) -> str | None:
    if section.password is not None:
        return section.password
    if section.password_env is not None:
        return _from_env(section.password_env, (*where, "password_env"), locate)
    if section.password_file is not None:
        return _from_file(folder(section.password_file), (*where, "password_file"), locate)
    return None


def _from_env(name: str, key: tuple[str, ...], locate: Locator) -> str:
    if name not in os.environ:
        raise ConfigError(f"{locate.at(key)}: the environment variable {name} is not set")
    return os.environ[name]


def password_now(server: S) -> S:
    """The server's config with its password read again from its ``password_file``: a password
    mended in its file while `wtg serve` or `wtg poll --idle` runs is the one their next login
    gives (they read the config once; before, they logged in with the refused password until
    restarted, and the mail waited). A file that cannot be read now leaves it as it was."""
    path = server.password_file
    if path is None or server.auth != "password":
        return server
    try:
        password = _file_text(path)
    except (OSError, UnicodeDecodeError):
        return server
    if password == server.password and server.password_problem is None:
        return server
    return server.replaced(password=password, password_problem=None)


def _file_text(path: Path) -> str:
    """A secret file's text: the spaces and line ending around it and a byte-order mark an
    editor put before it (Notepad's) are no part of it."""
    return str(path.read_text(encoding="utf-8-sig").strip())


def _from_file(path: Path, key: tuple[str, ...], locate: Locator) -> str:
    try:
        return _file_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        if isinstance(exc, FileNotFoundError):
            what = "the password" if key[-1] == "password_file" else "the secret"
            reason = f"{reason}{missing_secret_hint(path, what)}"
        raise ConfigError(f"{locate.at(key)}: cannot read {path}: {reason}") from exc
