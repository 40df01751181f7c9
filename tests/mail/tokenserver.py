"""A small OAuth2 authorization server for the tests, on 127.0.0.1 (http.server in a thread).

It answers what a provider answers wtg and what Dovecot's ``oauth2`` passdb asks:

- ``POST /token``: the refresh-token grant (RFC 6749, 6), counted in ``grants``, and the
  device-code grant (RFC 8628, 3.4), whose answers the test scripts (``device_answers``);
- ``POST /device``: a device code, a user code and the verification URL (RFC 8628, 3.2);
- ``POST /introspect``: whether an access token is active and whose (RFC 7662), for
  Dovecot (``introspection_mode = post``) and for the SMTP sink's XOAUTH2.

    with TokenServer() as tokens:
        refresh = tokens.new_refresh_token("gm@example.org")
        ...
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
import urllib.parse
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

CLIENT_ID = "wtg-test-client"
CLIENT_SECRET = "wtg-test-secret"
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


class TokenServer:
    def __init__(self, *, life: int = 3600, rotate: bool = False) -> None:
        self.life = life
        """``expires_in`` of each access token issued (seconds); it is inactive after."""
        self.clock: Callable[[], float] = time.time
        """The clock the access tokens' lives run on: a test may move it on, as it moves
        wtg's, rather than sleep through a life short enough to sleep through."""
        self.rotate = rotate
        """Whether a refresh grant also gives a new refresh token (the old one then dies)."""
        self.refresh_tokens: dict[str, str] = {}
        self.access_tokens: dict[str, tuple[str, float]] = {}
        self.grants = 0
        self.refused_grants = 0
        self.introspections = 0
        """The tokens asked of ``/introspect`` (by Dovecot: the sink asks ``user_of``)."""
        self.device_answers: list[str] = []
        """What each poll of the device grant is answered, in order: an error
        (``authorization_pending``, ``slow_down``, ``expired_token``, ``access_denied``) or
        ``ok`` (a refresh token for ``device_user``)."""
        self.device_user = "gm@example.org"
        self.device_polls: list[float] = []
        self.device_interval = 0
        self.scopes_asked: list[str] = []
        self.codes: dict[str, tuple[str, str, str]] = {}
        """Authorization codes given (``new_code``): code -> (challenge, redirect, user)."""
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle

    def __enter__(self) -> TokenServer:
        handler = type("Handler", (_Handler,), {"tokens": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(5)

    @property
    def base(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def token_url(self) -> str:
        return f"{self.base}/token"

    @property
    def device_url(self) -> str:
        return f"{self.base}/device"

    @property
    def introspection_url(self) -> str:
        return f"{self.base}/introspect"

    # ---- the test's hands on it

    def new_refresh_token(self, user: str) -> str:
        token = "rt-" + secrets.token_urlsafe(12)
        with self._lock:
            self.refresh_tokens[token] = user
        return token

    def new_code(self, challenge: str, redirect: str, user: str) -> str:
        """A code as the sign-in page gives it once the user allowed (PKCE's challenge)."""
        code = "ac-" + secrets.token_urlsafe(12)
        with self._lock:
            self.codes[code] = (challenge, redirect, user)
        return code

    def revoke_all(self) -> None:
        """Every refresh and access token refused from now on (the GM revoked the app)."""
        with self._lock:
            self.refresh_tokens.clear()
            self.access_tokens.clear()

    def expire_access_tokens(self) -> None:
        """Every access token issued so far inactive (expired early, as a provider may)."""
        with self._lock:
            self.access_tokens.clear()

    def user_of(self, access_token: str) -> str | None:
        """Whose the token is while it is active; None once it expired or was revoked."""
        with self._lock:
            found = self.access_tokens.get(access_token)
        if found is None or self.clock() >= found[1]:
            return None
        return found[0]

    # ---- the answers

    def _issue(self, user: str) -> dict[str, Any]:
        access = "at-" + secrets.token_urlsafe(12)
        self.access_tokens[access] = (user, self.clock() + self.life)
        return {"access_token": access, "token_type": "Bearer", "expires_in": self.life}

    def token(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return 401, {"error": "invalid_client", "error_description": "unknown client"}
        if form.get("grant_type") == "refresh_token":
            return self._refresh(form)
        if form.get("grant_type") == DEVICE_GRANT:
            return self._device_poll(form)
        if form.get("grant_type") == "authorization_code":
            return self._code(form)
        return 400, {"error": "unsupported_grant_type"}

    def _refresh(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.scopes_asked.append(form.get("scope", ""))
            user = self.refresh_tokens.get(form.get("refresh_token", ""))
            if user is None:
                self.refused_grants += 1
                return 400, {
                    "error": "invalid_grant",
                    "error_description": "Token has been expired or revoked.",
                }
            self.grants += 1
            answer = self._issue(user)
            if self.rotate:
                del self.refresh_tokens[form["refresh_token"]]
                rotated = "rt-" + secrets.token_urlsafe(12)
                self.refresh_tokens[rotated] = user
                answer["refresh_token"] = rotated
            return 200, answer

    def _code(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            given = self.codes.pop(form.get("code", ""), None)  # good once
            verifier = form.get("code_verifier", "").encode("ascii")
            digest = hashlib.sha256(verifier).digest()
            challenge = base64.urlsafe_b64encode(digest).decode().rstrip("=")
            if given is None or given[:2] != (challenge, form.get("redirect_uri")):
                return 400, {"error": "invalid_grant", "error_description": "Bad Request"}
            refresh = "rt-" + secrets.token_urlsafe(12)
            self.refresh_tokens[refresh] = given[2]
            return 200, {**self._issue(given[2]), "refresh_token": refresh}

    def device(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        if form.get("client_id") != CLIENT_ID:
            return 401, {"error": "invalid_client"}
        with self._lock:
            self.scopes_asked.append(form.get("scope", ""))
        return 200, {
            "device_code": "dc-1",
            "user_code": "WDJB-MJHT",
            "verification_uri": f"{self.base}/activate",
            "expires_in": 1800,
            "interval": self.device_interval,
        }

    def _device_poll(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.device_polls.append(time.monotonic())
            if form.get("device_code") != "dc-1":
                return 400, {"error": "invalid_grant"}
            answer = self.device_answers.pop(0) if self.device_answers else "expired_token"
            if answer != "ok":
                return 400, {"error": answer}
            refresh = "rt-" + secrets.token_urlsafe(12)
            self.refresh_tokens[refresh] = self.device_user
            return 200, {**self._issue(self.device_user), "refresh_token": refresh}


class _Handler(BaseHTTPRequestHandler):
    tokens: TokenServer

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the test's output stays its own

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        form = dict(urllib.parse.parse_qsl(body))
        path = self.path.split("?")[0]
        if path == "/token":
            status, answer = self.tokens.token(form)
        elif path == "/device":
            status, answer = self.tokens.device(form)
        elif path == "/introspect":  # Dovecot's question
            self.tokens.introspections += 1
            user = self.tokens.user_of(form.get("token", ""))
            status, answer = (
                200,
                ({"active": True, "username": user} if user else {"active": False}),
            )
        else:
            status, answer = 404, {"error": "not_found"}
        raw = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)
