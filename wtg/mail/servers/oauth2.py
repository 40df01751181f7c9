"""Access tokens for ``auth: oauth2`` (XOAUTH2 on IMAP and SMTP), from the refresh token
`wtg oauth2-login` keeps in ``oauth2.refresh_token_file``.

The standard refresh-token grant (RFC 6749, section 6) over the stdlib's urllib: one form
POSTed to the token endpoint, one JSON object back, the same for Google, Microsoft and any
other provider. Neither library the issue names earns its place: ``msal`` speaks to
Microsoft only and brings a token cache of its own (another file of secrets to guard,
Google needing the plain grant anyway), and ``oauthlib`` makes and reads the requests but
sends none (``requests-oauthlib`` and ``requests`` on top), for the two grants this host
uses (this one and RFC 8628's device grant, ``wtg.mail.servers.devicelogin``).

An access token is kept with its expiry in memory (a long ``wtg serve`` or ``poll --idle``
reconnects without asking again) and in a 0600 file beside the refresh token (``.access``:
`wtg poll` from cron asks once an hour, not once a poll); it is renewed shortly before it
expires, and at once when a server refuses a login with it (``renewed``). A refresh token
the provider rotates is written back (0600, atomically); the grant runs under a lock file
beside it, so that a poll and a send never both spend the same one. A token the provider
refuses (``invalid_grant``: revoked, expired, the password changed) is a ``TokenError``:
one line saying to run `wtg oauth2-login` again; the poll records it and retries next time.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from wtg.core.errors import MailError
from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import write_atomic
from wtg.host.oauth2config import OAuth2Config, login_command

EARLY = 60.0
"""Seconds before its expiry that a token is renewed (a quarter of its life at most)."""
TIMEOUT = 30.0
"""Seconds to wait for the token endpoint."""
DEFAULT_LIFE = 3600
"""An access token's life in seconds when the provider does not say (``expires_in``)."""
REFUSED_GRANT = frozenset({"invalid_grant", "invalid_client", "unauthorized_client"})
"""The answers that mean the refresh token (or the client) is no good: a new login."""


class TokenError(MailError):
    """No access token: the refresh token was refused, is missing, or the token endpoint
    could not be reached. Its text is one line for the GM."""


class Refusal(MailError):
    """The endpoint's answer was an OAuth error (RFC 6749, section 5.2)."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(f"{error} ({description})" if description else error)
        self.error = error
        self.description = description


def post_form(url: str, fields: Mapping[str, str]) -> dict[str, Any]:
    """POST ``fields`` as a form; the JSON object answered. Raises Refusal for an OAuth
    error, TokenError when the endpoint cannot be reached or answers no JSON object."""
    body = urllib.parse.urlencode(fields).encode("ascii")
    request = urllib.request.Request(
        url, data=body, headers={"Accept": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            raw = answer.read()
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        found = _json_object(raw)
        if found is not None and isinstance(found.get("error"), str):
            raise Refusal(found["error"], str(found.get("error_description", ""))) from None
        raise TokenError(f"{url} answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        raise TokenError(f"cannot reach {url}: {reason}") from None
    found = _json_object(raw)
    if found is None:
        raise TokenError(f"{url} answered something that is not a JSON object")
    if isinstance(found.get("error"), str):
        raise Refusal(found["error"], str(found.get("error_description", "")))
    return found


def _json_object(raw: bytes) -> dict[str, Any] | None:
    try:
        found = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return found if isinstance(found, dict) else None


class Token(Record):
    access_token: str
    renew_at: float
    """When (``time.time()``) it is renewed: shortly before it expires."""
    source: str
    """A fingerprint of the refresh token it came from (a new login makes it stale)."""


def renew_time(now: float, expires_in: float) -> float:
    return now + expires_in - min(EARLY, expires_in / 4)


def fingerprint(refresh_token: str) -> str:
    return hashlib.sha256(refresh_token.encode("utf-8")).hexdigest()[:16]


def access_file(config: OAuth2Config) -> Path:
    """Where the access token is cached: beside the refresh token."""
    path = config.refresh_token_file
    return path.with_name(f"{path.name}.access")


def lock_file(config: OAuth2Config) -> Path:
    path = config.refresh_token_file
    return path.with_name(f"{path.name}.lock")


def login_hint(config: OAuth2Config) -> str:
    return f"run `{login_command(config)}`"


class Tokens:
    """The access tokens of one oauth2 section, for as long as the process lives."""

    def __init__(self, config: OAuth2Config) -> None:
        self.config = config
        self._held: Token | None = None
        self._lock = threading.Lock()

    def access_token(self) -> str:
        """A token good for a while yet: the one held, the cached one, or a new one."""
        with self._lock:
            if self._held is not None and time.time() < self._held.renew_at:
                return self._held.access_token
            return self._fresh(refused=None)

    def renewed(self, refused: str) -> str:
        """A new token after a server refused ``refused`` (revoked, or expired early)."""
        with self._lock:
            held = self._held
            if held is not None and held.access_token != refused and time.time() < held.renew_at:
                return held.access_token  # another thread renewed it meanwhile
            return self._fresh(refused)

    def _fresh(self, refused: str | None) -> str:
        """The cached token (unless it is the one refused), else one from a new grant."""
        with self._exclusive():
            refresh = self._refresh_token()
            cached = self._cached(fingerprint(refresh))
            if cached is not None and cached.access_token != refused:
                self._held = cached
            else:
                self._held = self._grant(refresh)
            return self._held.access_token

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        """The refresh token's lock file, held while it is read, spent and written."""
        path = lock_file(self.config)
        try:
            fd = private.opener(os.fspath(path), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC)
        except OSError as exc:
            raise TokenError(f"cannot lock {path}: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def _refresh_token(self) -> str:
        path = self.config.refresh_token_file
        try:
            token = path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            raise TokenError(
                f"no refresh token: {path} is not there; {login_hint(self.config)}"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            raise TokenError(f"cannot read the refresh token {path}: {reason}") from None
        if not token:
            raise TokenError(f"no refresh token: {path} is empty; {login_hint(self.config)}")
        return token

    def _cached(self, source: str) -> Token | None:
        try:
            data = json.loads(access_file(self.config).read_text(encoding="utf-8"))
            token = Token(
                access_token=str(data["access_token"]),
                renew_at=float(data["renew_at"]),
                source=str(data["source"]),
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if token.source != source or time.time() >= token.renew_at:
            return None
        return token

    def _grant(self, refresh: str) -> Token:
        config = self.config
        fields = {"grant_type": "refresh_token", "refresh_token": refresh}
        fields["client_id"] = config.client_id
        if config.client_secret:
            fields["client_secret"] = config.client_secret
        if config.scopes:
            fields["scope"] = " ".join(config.scopes)
        now = time.time()
        try:
            answer = post_form(config.token_url, fields)
        except Refusal as refusal:
            if refusal.error in REFUSED_GRANT:
                raise TokenError(
                    f"{config.token_url} refused the refresh token in "
                    f"{config.refresh_token_file}: {refusal}; {login_hint(config)} again"
                ) from None
            raise TokenError(f"{config.token_url} refused a new access token: {refusal}") from None
        access = answer.get("access_token")
        if not isinstance(access, str) or not access:
            raise TokenError(f"{config.token_url} answered without an access_token")
        life = answer.get("expires_in", DEFAULT_LIFE)
        try:
            seconds = max(1.0, float(life))
        except (TypeError, ValueError):
            seconds = float(DEFAULT_LIFE)
        rotated = answer.get("refresh_token")
        if isinstance(rotated, str) and rotated and rotated != refresh:
            write_refresh_token(config.refresh_token_file, rotated)
            refresh = rotated
        token = Token(
            access_token=access, renew_at=renew_time(now, seconds), source=fingerprint(refresh)
        )
        with contextlib.suppress(OSError):  # a cache that cannot be written costs a grant
            write_atomic(
                access_file(config),
                json.dumps(
                    {
                        "access_token": token.access_token,
                        "renew_at": token.renew_at,
                        "source": token.source,
                    }
                ),
            )
        return token


def write_refresh_token(path: Path, token: str) -> None:
    """The refresh token written whole or not at all, 0600; its cached access token,
    which belonged to the one before, dropped."""
    try:
        write_atomic(path, token + "\n")
    except OSError as exc:
        raise TokenError(f"cannot write the refresh token {path}: {exc.strerror}") from None
    with contextlib.suppress(OSError):
        path.with_name(f"{path.name}.access").unlink(missing_ok=True)


_SOURCES: dict[Path, Tokens] = {}
_SOURCES_LOCK = threading.Lock()


def tokens_for(config: OAuth2Config) -> Tokens:
    """The process's Tokens of this section (one per refresh token file)."""
    with _SOURCES_LOCK:
        found = _SOURCES.get(config.refresh_token_file)
        if found is None or found.config != config:
            found = _SOURCES[config.refresh_token_file] = Tokens(config)
        return found


def xoauth2(user: str, token: str) -> str:
    """The XOAUTH2 initial response (before base64) for ``user`` with ``token``."""
    return f"user={user}\x01auth=Bearer {token}\x01\x01"
