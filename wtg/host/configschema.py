"""The schema of the GM's config file, as pydantic models: every key, its type and default.

Strict: a boolean is a YAML boolean (``ssl: "no"`` is text, not false), a number is a number,
text is text (a password of digits goes in quotes, or YAML reads ``0123`` as 83), and a key
the schema does not know is an error, not a silence. Each type carries what a GM should
write (``Expect``), for the one-line messages of ``wtg.host.config`` and the table in
docs/mail.md (a test keeps that table and this schema the same).
"""

from __future__ import annotations

import email.errors
import email.policy
import re
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal, NamedTuple, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ByteSize,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from wtg.game.gameconfig import address_meant
from wtg.text.addresses import idna_domain


class Expect:
    """What a value of this type looks like, in the words of an error message."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Expect({self.text!r})"


def _no_bool(value: Any) -> Any:
    """YAML's ``yes``/``true`` must not pass as the size 1."""
    if isinstance(value, bool):
        raise ValueError("a boolean is not a size")
    return value


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def is_one_address(value: str) -> bool:
    """Whether ``value`` is one e-mail address, alone or with a name (``gm@example.org``,
    ``Game Master <gm@example.org>``), as the header registry reads a From: what the mail
    the host sends needs (``wtg.mail.outgoing.compose`` sets a mail whose From or To is not one
    aside for good)."""
    if _CONTROL.search(value):
        return False
    try:  # the stdlib's parser raises more than HeaderParseError on some broken input
        header: Any = email.policy.default.header_store_parse("From", value)[1]
        addresses = header.addresses
    except (email.errors.HeaderParseError, IndexError, ValueError):
        return False
    return (
        not header.defects
        and len(addresses) == 1
        and bool(addresses[0].username and addresses[0].domain)
    )


def sender_meant(sender: str) -> str | None:
    """The From meant by one typed or pasted wrong (``Game Master gm@example.org``, without
    its brackets; ``gm@example.org.``, a sentence's end; ``mailto:gm@example.org``, a
    link's; ``Game Master, <gm@example.org>``), for `wtg init --from` and the config's
    ``from``; None when none is seen in it."""
    name, _, last = sender.strip().rpartition(" ")
    address = address_meant(last) or (last if "@" in last and is_one_address(last) else None)
    if address is None:
        return None
    name = name.strip().strip('",').strip()
    meant = f"{name} <{address}>" if name else address
    return meant if meant != sender and is_one_address(meant) else None


def _one_address(value: str) -> str:
    if not is_one_address(value):
        raise ValueError("not one e-mail address")
    return value


Text = Annotated[str, Expect("text")]
Address = Annotated[
    str,
    AfterValidator(_one_address),
    Expect('one e-mail address, alone or with a name ("Game Master <gm@example.org>")'),
]
_AUTHSERV_ID = re.compile(r"[A-Za-z0-9._-]+")
_DOMAIN = re.compile(r"(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}")


def is_domain_name(value: str) -> bool:
    """Whether ``value`` is a domain name in ASCII (``example.org``; IDNA as ``xn--``)."""
    return bool(_DOMAIN.fullmatch(value))


def _domain_in_any_form(value: str) -> bool:
    """Whether ``value`` is a domain name in ASCII or in Unicode (``bücher.example``, which
    the config reads in IDNA: ``wtg.text.addresses.idna_domain``)."""
    return is_domain_name(idna_domain(value.lower()))


def _each_name(
    fits: Callable[[str], bool], what: str
) -> Callable[[str | list[str]], str | list[str]]:
    """A check of a name, or of each of a list of names, that ``fits`` says is ``what``."""

    def check(value: str | list[str]) -> str | list[str]:
        for name in [value] if isinstance(value, str) else value:
            if not fits(name):
                raise ValueError(f"{name!r} is not {what}")
        return value

    return check


AuthservIds = Annotated[
    str | list[str],
    AfterValidator(_each_name(lambda name: bool(_AUTHSERV_ID.fullmatch(name)), "a host name")),
    Expect("a host name (mx.google.com), or a list of them, or [] for none"),
]


DomainList = Annotated[
    str | list[str],
    AfterValidator(_each_name(_domain_in_any_form, "a domain name")),
    Expect("a domain name (example.org), or a list of them, or [] for none"),
]
Folder = Annotated[str, Expect("a folder (relative to the config file's folder)")]
File = Annotated[str, Expect("a file (relative to the config file's folder)")]
Switch = Annotated[bool, Expect("true or false (a YAML boolean, not in quotes)")]
Port = Annotated[int, Field(ge=1, le=65535), Expect("a port number from 1 to 65535")]
Count = Annotated[int, Field(ge=0), Expect("a whole number, 0 or more")]
Positive = Annotated[int, Field(ge=1), Expect("a whole number, 1 or more")]
Hours = Annotated[int, Field(ge=0), Expect("a whole number of hours, 0 or more")]
Seconds = Annotated[int, Field(ge=1), Expect("a whole number of seconds, 1 or more")]
Share = Annotated[float, Field(ge=0, le=1), Expect("a number from 0 to 1, such as 0.5")]
Size = Annotated[
    ByteSize,
    BeforeValidator(_no_bool),
    Field(ge=1),
    Expect("a size: bytes, or with a unit such as 1MB, 500kB or 2 MiB"),
]
Transport = Annotated[Literal["imap", "maildir"], Expect("imap or maildir")]
Auth = Annotated[Literal["password", "oauth2"], Expect("password or oauth2")]
Provider = Annotated[
    Literal["google", "microsoft", "custom"], Expect("google, microsoft or custom")
]


def _words(value: Any) -> Any:
    """``scopes: "a b"`` as the list of its words (as OAuth writes scopes)."""
    return value.split() if isinstance(value, str) else value


Scopes = Annotated[
    list[str], BeforeValidator(_words), Expect("a list of scopes (or one text of them)")
]


class Section(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, populate_by_name=True)


class ServerSection(Section):
    """How to reach and log in to a mail server."""

    host: Text | None = Field(None, description="the server's host name", validate_default=True)
    port: Port | None = Field(None, description="the server's port")
    ssl: Switch = Field(False, description="TLS from the first byte (ports 993, 465)")
    starttls: Switch = Field(False, description="STARTTLS after connecting (ports 143, 587)")
    ca_file: File | None = Field(
        None,
        description="the certificates (PEM) to trust for this server, such as its own "
        "self-signed one (default: the system's CAs)",
    )
    username: Text | None = Field(None, description="the login; without it SMTP sends unlogged")
    password: Text | None = Field(None, description="the password itself (better: one below)")
    password_env: Text | None = Field(None, description="the environment variable holding it")
    password_file: File | None = Field(None, description="a file holding it (mode 0600)")
    auth: Auth = Field(
        "password", description="how to log in: password, or oauth2 (the `oauth2` section)"
    )

    @field_validator("host")
    @classmethod
    def _host_or_preset(cls, value: str | None, info: ValidationInfo) -> str | None:
        """Required, unless an oauth2 preset fills it (``PRESET`` in the context)."""
        if value is None and not (info.context or {}).get(PRESET):
            raise PydanticCustomError("missing", "Field required")
        return value

    @model_validator(mode="after")
    def _one_way_each(self) -> ServerSection:
        if self.ssl and self.starttls:
            raise ValueError("ssl and starttls: choose one (ssl for 993/465, starttls for 143/587)")
        given = [
            k for k in ("password", "password_env", "password_file") if getattr(self, k) is not None
        ]
        if self.auth == "oauth2":
            if given:
                raise ValueError(
                    f"{given[0]}: auth: oauth2 logs in with a token, not a password: "
                    "leave the password out"
                )
            if self.username is None:
                raise ValueError("username: auth: oauth2 needs the mailbox's address as username")
            return self
        if len(given) > 1:
            raise ValueError(f"{' and '.join(given)}: give the password one way only")
        if self.username is not None and not given:
            raise ValueError("username: a login needs password_file, password_env or password")
        return self


class ImapSection(ServerSection):
    port: Port | None = Field(None, description="the server's port: 993 with ssl, else 143")
    username: Text = Field(description="the login (IMAP always logs in)")
    folder: Text = Field("INBOX", description="where order mails arrive")
    processed_folder: Text = Field("wtg-processed", description="handled mail moves here")
    rejected_folder: Text = Field(
        "wtg-rejected", description="robots, bounces, wrong codes, too big"
    )

    @model_validator(mode="after")
    def _moved_out(self) -> ImapSection:
        """A mail the poll handled leaves ``folder``: into the same folder, it would be
        fetched, archived and moved again by every poll, for ever."""
        for key in ("processed_folder", "rejected_folder"):
            name = getattr(self, key)
            if not _same_folder(name, self.folder):
                continue
            if key not in self.model_fields_set:  # the default's name, given to folder
                raise ValueError(
                    f"folder: {name!r} is where the poll moves the mails it handled "
                    f"({key}'s default): name the orders' folder otherwise, or set {key}"
                )
            raise ValueError(
                f"{key}: {name!r} is the folder the orders arrive in (folder): the poll "
                "moves each mail it handled out of it, so give another (the default: "
                f"wtg-{key.split('_')[0]})"
            )
        return self


def _same_folder(one: str, other: str) -> bool:
    """Whether two IMAP folder names name one folder (INBOX in any case, RFC 3501)."""
    return one == other or one.upper() == other.upper() == "INBOX"


class SmtpSection(ServerSection):
    port: Port | None = Field(None, description="the server's port: 465 with ssl, else 25")
    sender: Address | None = Field(
        None, alias="from", description="the From of every mail sent (default: the top `from`)"
    )


def _safe_url(url: str) -> bool:
    """An https URL, or an http one to this machine (a local token server)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "https" and parts.hostname:
        return True
    return parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost", "::1")


class OAuth2Section(Section):
    """Where the access tokens of ``auth: oauth2`` come from (``wtg.host.oauth2config``)."""

    provider: Provider = Field(
        description="google or microsoft (their presets fill what is left out), or custom"
    )
    token_url: Text | None = Field(None, description="the token endpoint (default: the provider's)")
    client_id: Text = Field(description="the OAuth client's id (its app registration's)")
    client_secret_file: File | None = Field(
        None, description="a file holding the client's secret (mode 0600)"
    )
    client_secret_env: Text | None = Field(
        None, description="the environment variable holding the client's secret"
    )
    refresh_token_file: File = Field(
        description="where `wtg oauth2-login` keeps the refresh token (mode 0600)"
    )
    scopes: Scopes | None = Field(None, description="the scopes asked (default: the provider's)")

    @model_validator(mode="after")
    def _complete(self) -> OAuth2Section:
        if self.client_secret_file is not None and self.client_secret_env is not None:
            raise ValueError(
                "client_secret_file and client_secret_env: give the client's secret one way only"
            )
        if self.provider == "custom" and self.token_url is None:
            raise ValueError("token_url: provider custom needs the token endpoint")
        if self.token_url is not None and not _safe_url(self.token_url):
            raise ValueError(
                "token_url: an https:// address (the refresh token travels in it; http:// "
                "only to this machine, 127.0.0.1 or localhost)"
            )
        if self.provider == "google" and (
            self.client_secret_file is None and self.client_secret_env is None
        ):
            raise ValueError(
                "client_secret_file: provider google needs the OAuth client's secret "
                "(client_secret_file or client_secret_env)"
            )
        return self


class MailSection(Section):
    max_bytes: Size = Field(
        ByteSize(1_000_000), description="bigger mail is rejected unread (its sender is told)"
    )
    replies_per_hour: Count = Field(3, description="automatic answers to one address an hour")
    replies_per_day: Count = Field(
        24,
        description="of those automatic answers, to one address a day (never order "
        "confirmations, nor the answers to a form whose code was right); and the codes to "
        "CONFIRM to a player's address, or one that confirmed a request, in 24 hours (counted "
        "apart): past them, one more when none went in `stranger_late_hours`",
    )
    confirmations_per_hour: Count = Field(
        20, description="order confirmations, and answers with a code to CONFIRM, to one address"
    )
    unconfirmed_per_hour: Count = Field(
        30,
        description="mail an hour to all the addresses that are no player's and never confirmed "
        "a request, together (at most half of it for answers without a code to CONFIRM); as "
        "much again to those whose From the server of `mail.authserv_id` found its domain's "
        "(`dmarc=pass`), counted apart",
    )
    unconfirmed_per_address: Count = Field(
        3,
        description="of that mail, answers with a code to CONFIRM to one address an hour (a "
        "request asked again while its code waits is not mailed again within the hour)",
    )
    unconfirmed_domain_share: Share = Field(
        0.5,
        description="of that mail, the share the addresses of one domain (and the domains "
        "below it) may take together (rounded up; 1: no limit but the hour's)",
    )
    unconfirmed_new_domain_share: Share = Field(
        0.25,
        description="of that mail, the share kept for the domains not yet answered in the "
        "hour: the domains answered already take the rest together (rounded up; 0: none "
        "kept)",
    )
    remind_hours: Hours = Field(24, description="`wtg remind` pokes this long before a deadline")
    poll_stale_hours: Hours = Field(6, description="a poll this old counts as failing")
    missing_share: Share = Field(
        0.5, description="run-turn --due holds a game this short of orders in a mail outage"
    )
    handle_seconds: Seconds = Field(
        30, description="a mail whose handling takes longer is stopped and quarantined"
    )
    authserv_id: AuthservIds | None = Field(
        None,
        description="the authserv-id of the Authentication-Results your own server adds "
        "(default: the topmost such header is read; []: none is)",
    )
    stranger_codes_per_day: Count = Field(
        6,
        description="codes to CONFIRM to one address that is no player's and never confirmed a "
        "request (its mailbox: its sub-addresses too), in 24 hours; past them, one more "
        "when none went in `stranger_late_hours`",
    )
    stranger_late_hours: Hours = Field(
        4,
        description="past `stranger_codes_per_day` (at a player's address: "
        "`replies_per_day` codes), the hours between two codes to that address (each "
        "listing every request waiting there; 0: no bound past the day's)",
    )
    wrong_code_rows: Positive = Field(
        100,
        description="the forms refused for a wrong code the journal keeps a row of, a seat "
        "(the digest tells their addresses apart); older ones are counted a minute a row",
    )
    dash_subaddress_domains: DomainList = Field(
        [],
        description="the domains whose server delivers every `name-tag@` to `name@`'s "
        "mailbox (a qmail host's), where the limits count them as one, and the seats and "
        "waiting lists read them as one person's, as they read `name+tag@` everywhere "
        "(default: none; a `-` elsewhere is part of the name)",
    )


class SiteSection(Section):
    """The host's site (`wtg site`), which `wtg serve` brings up to date after each turn."""

    dir: Folder = Field(description="where the site is written (`wtg site DIR`)")
    base_url: Text = Field(
        "", description="the site's address, for the feed's links (default: relative)"
    )


_LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_SELECTOR = re.compile(rf"{_LABEL}(\.{_LABEL})*")


def is_selector(value: str) -> bool:
    """Whether ``value`` is a DKIM selector: DNS labels (RFC 6376, 3.1)."""
    return len(value) <= 63 and bool(_SELECTOR.fullmatch(value))


def _domain(value: str) -> str:
    if not is_domain_name(value):
        raise ValueError("not a domain name")
    return value


def _selector(value: str) -> str:
    if not is_selector(value):
        raise ValueError("not a DKIM selector")
    return value


Domain = Annotated[
    str,
    AfterValidator(_domain),
    Expect("a domain name, such as example.org"),
]
Selector = Annotated[
    str,
    AfterValidator(_selector),
    Expect("a DKIM selector: letters, digits and hyphens, such as wtg2026"),
]


class DkimSection(Section):
    """DKIM: every mail `wtg send` sends is signed with this key
    (``wtg.mail.outgoing.dkimsign``)."""

    domain: Domain = Field(description="the signing domain (d=), the domain of the From")
    selector: Selector = Field(
        description="the key's selector (s=): its record is SELECTOR._domainkey.DOMAIN"
    )
    key_file: File = Field(
        description="the RSA private key, mode 0600 (`wtg dkim-keygen` makes it)"
    )


class ConfigFile(Section):
    """The whole file; every key may be left out."""

    games_dir: Folder = Field("wtg-games", description="one folder per game; the spool is .mail")
    transport: Transport | None = Field(
        None,
        description="imap (with an imap and an smtp section); default: imap when there "
        "is an imap section, else maildir",
    )
    maildir_in: Folder | None = Field(
        None,
        description="maildir transport: mail comes in here; default: games_dir/.mail/maildir-in",
    )
    maildir_out: Folder | None = Field(
        None,
        description="maildir transport: mail goes out here; default: games_dir/.mail/maildir-out",
    )
    sender: Address = Field(
        "wtg@localhost", alias="from", description="the From of mail sent (smtp.from wins)"
    )
    imap: ImapSection | None = Field(None, description="the mailbox `wtg poll` reads")
    smtp: SmtpSection | None = Field(None, description="the server `wtg send` sends through")
    oauth2: OAuth2Section | None = Field(
        None, description="the tokens of `auth: oauth2` (none: passwords only)"
    )
    mail: MailSection = Field(default_factory=MailSection, description="limits of the mail loop")
    site: SiteSection | None = Field(
        None, description="the site `wtg serve` rebuilds after each turn (none: no site)"
    )
    dkim: DkimSection | None = Field(
        None, description="sign every mail sent with DKIM (none: mail goes out unsigned)"
    )

    @field_validator("mail", mode="before")
    @classmethod
    def _empty_mail_is_defaults(cls, value: Any) -> Any:
        """``mail:`` with nothing under it, as a GM leaves it after deleting its lines."""
        return {} if value is None else value

    @model_validator(mode="after")
    def _transport_has_servers(self) -> ConfigFile:
        if self.transport == "imap" and (self.imap is None or self.smtp is None):
            missing = " and ".join(s for s in ("imap", "smtp") if getattr(self, s) is None)
            raise ValueError(f"transport: imap needs an {missing} section")
        if self.transport is None and self.imap is not None and self.smtp is None:
            raise ValueError(
                "imap: an imap section makes the transport imap, which needs an smtp section "
                "too (or write transport: maildir)"
            )
        for name in ("imap", "smtp"):
            section: ServerSection | None = getattr(self, name)
            if section is not None and section.auth == "oauth2" and self.oauth2 is None:
                raise ValueError(
                    f"{name}: auth: oauth2 needs an oauth2 section (provider, client_id, "
                    "refresh_token_file; docs/mail.md, Hosting from Gmail)"
                )
        return self


PRESET = "oauth2 preset"
"""The validation context's key: whether the file's oauth2 section names a provider whose
preset fills the servers' hosts (``preset_context``)."""


def preset_context(data: Any) -> dict[str, bool]:
    """The context ``ConfigFile.model_validate`` needs: a server's host may be left out when
    the oauth2 section names google or microsoft."""
    section = data.get("oauth2") if isinstance(data, Mapping) else None
    provider = section.get("provider") if isinstance(section, Mapping) else None
    return {PRESET: provider in ("google", "microsoft")}


def _expect_of(metadata: list[Any], annotation: Any) -> str | None:
    """The Expect of a field: on the field, or on the type inside its ``| None``."""
    found = [m.text for m in metadata if isinstance(m, Expect)]
    for arg in get_args(annotation):
        found += [m.text for m in getattr(arg, "__metadata__", ()) if isinstance(m, Expect)]
    return found[0] if found else None


class KeyInfo(NamedTuple):
    """What the schema says of a key: what it takes, what it is for, and its section's keys."""

    expect: str | None
    description: str | None
    keys: list[str]


def expected(model: type[BaseModel], path: tuple[str | int, ...]) -> KeyInfo:
    """What the key at ``path`` takes (None when there is no such key) and the keys of the
    section it is in (for "did you mean")."""
    current: type[BaseModel] | None = model
    info = KeyInfo(None, None, sorted((f.alias or name) for name, f in model.model_fields.items()))
    for step in path:
        if current is None:
            return KeyInfo(None, None, [])
        fields = {(f.alias or name): f for name, f in current.model_fields.items()}
        keys = sorted(fields)
        field = fields.get(str(step))
        if field is None:
            return KeyInfo(None, None, keys)
        text = _expect_of(field.metadata, field.annotation)
        args = get_args(field.annotation) or (field.annotation,)
        current = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
        if current is not None:
            inner = ", ".join((f.alias or n) for n, f in current.model_fields.items())
            text = f"a section of key: value lines ({inner})"
        info = KeyInfo(text, field.description, keys)
    return info


def schema_rows(
    model: type[BaseModel] = ConfigFile, prefix: str = ""
) -> list[tuple[str, str, str, str]]:
    """Every key of the file as (dotted key, what it takes, its default, what it is for):
    the table of docs/mail.md."""
    rows = []
    for name, field in model.model_fields.items():
        key = field.alias or name
        what, purpose, _ = expected(model, (key,))
        args = get_args(field.annotation) or (field.annotation,)
        inner = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
        if field.is_required():
            default = "required"
        elif inner is not None:
            default = ""
        else:
            value = field.get_default(call_default_factory=True)
            default = (
                ""
                if value is None
                else str(value).lower()
                if isinstance(value, bool)
                else str(value)
            )
        rows.append((prefix + key, "a section" if inner else what or "", default, purpose or ""))
        if inner is not None:
            rows.extend(schema_rows(inner, f"{prefix}{key}."))
    return rows
