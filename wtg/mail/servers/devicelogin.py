"""`wtg oauth2-login`: the first refresh token, by the device authorization grant (RFC 8628),
which needs no browser on the host: the provider gives a URL and a short code, the GM opens
the URL anywhere (his phone), signs in to the mailbox's account and types the code, while
wtg asks the token endpoint every ``interval`` seconds whether he has.

The answers of the token endpoint while it waits (RFC 8628, 3.5): ``authorization_pending``
(ask again), ``slow_down`` (ask again, 5 s slower each time), ``expired_token`` (the code
is dead: run the command again), ``access_denied`` (the GM said no; Microsoft says
``authorization_declined``). The refresh token is written to ``oauth2.refresh_token_file``
(0600, atomically); an access token cached for the one before is dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from wtg.core.record import Record
from wtg.host.oauth2config import OAuth2Config, login_command
from wtg.mail.servers.oauth2 import Refusal, TokenError, post_form, write_refresh_token

DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
DEFAULT_INTERVAL = 5
"""Seconds between two questions when the provider does not say (RFC 8628, 3.2)."""
SLOW_DOWN = 5
"""Seconds added to the interval at each ``slow_down`` (RFC 8628, 3.5)."""
DENIED = frozenset({"access_denied", "authorization_declined"})


class DeviceCode(Record):
    device_code: str
    user_code: str
    verification_uri: str
    verification_uri_complete: str | None
    expires_in: float
    interval: float


def ask_code(config: OAuth2Config, device_url: str) -> DeviceCode:
    """The device authorization request (RFC 8628, 3.1): a code for the GM to enter."""
    fields = {"client_id": config.client_id}
    if config.scopes:
        fields["scope"] = " ".join(config.scopes)
    try:
        answer = post_form(device_url, fields)
    except Refusal as refusal:
        raise TokenError(f"{device_url} refused to give a code: {refusal}") from None
    # Google names it verification_url; RFC 8628 (and Microsoft) verification_uri
    uri = answer.get("verification_uri") or answer.get("verification_url")
    device_code, user_code = answer.get("device_code"), answer.get("user_code")
    if not all(isinstance(v, str) and v for v in (uri, device_code, user_code)):
        raise TokenError(f"{device_url} answered without a device_code, user_code and URL")
    complete = answer.get("verification_uri_complete")
    return DeviceCode(
        device_code=str(device_code),
        user_code=str(user_code),
        verification_uri=str(uri),
        verification_uri_complete=complete if isinstance(complete, str) else None,
        expires_in=_number(answer.get("expires_in"), 1800),
        interval=_number(answer.get("interval"), DEFAULT_INTERVAL, least=0),
    )


def _number(value: Any, default: float, least: float = 1) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return default
    try:
        return max(least, float(value))
    except ValueError:
        return default


def wait_for_grant(
    config: OAuth2Config,
    code: DeviceCode,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """Ask the token endpoint every ``interval`` seconds until the GM has entered the code;
    the token answer. Raises TokenError when the code expired or the GM refused."""
    interval = code.interval
    deadline = clock() + code.expires_in
    fields = {
        "grant_type": DEVICE_GRANT,
        "device_code": code.device_code,
        "client_id": config.client_id,
    }
    if config.client_secret:
        fields["client_secret"] = config.client_secret
    again = f"run `{login_command(config)}` again"
    while True:
        sleep(interval)
        if clock() > deadline:
            raise TokenError(f"the code {code.user_code} expired before it was entered; {again}")
        try:
            return post_form(config.token_url, fields)
        except Refusal as refusal:
            if refusal.error == "authorization_pending":
                continue
            if refusal.error == "slow_down":
                interval += SLOW_DOWN
                continue
            if refusal.error == "expired_token":
                raise TokenError(
                    f"the code {code.user_code} expired before it was entered; {again}"
                ) from None
            if refusal.error in DENIED:
                raise TokenError(
                    f"the sign-in was refused ({refusal.error}): no refresh token written"
                ) from None
            raise TokenError(f"{config.token_url} refused the login: {refusal}") from None


def device_login(
    config: OAuth2Config,
    device_url: str,
    say: Callable[[str], None],
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """The whole flow: the code asked, shown, waited for; the refresh token written."""
    code = ask_code(config, device_url)
    say(f"Open {code.verification_uri} and enter the code {code.user_code}")
    if code.verification_uri_complete:
        say(f"(or open {code.verification_uri_complete}, which carries the code)")
    say(f"waiting for the sign-in (the code is good for {int(code.expires_in // 60)} min) ...")
    answer = wait_for_grant(config, code, sleep, clock)
    refresh = answer.get("refresh_token")
    if not isinstance(refresh, str) or not refresh:
        hint = " (microsoft: the scopes need offline_access)" if config.provider != "google" else ""
        raise TokenError(f"{config.token_url} gave no refresh token{hint}: nothing written")
    write_refresh_token(config.refresh_token_file, refresh)
