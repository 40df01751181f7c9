"""`wtg oauth2-login --provider google`: the first refresh token by the authorization-code
grant with PKCE (RFC 7636) and a loopback redirect (RFC 8252), the address pasted back.

Google's device flow (RFC 8628, ``wtg.mail.servers.devicelogin``) refuses the one scope Gmail's IMAP
and SMTP take (https://mail.google.com/): its device endpoint answers ``invalid_scope``. So
for Google the GM opens the sign-in address wtg prints in a browser on any computer, allows
wtg, and the browser is sent on to ``http://127.0.0.1:<port>/?code=...``, which does not
load (nothing listens there, and the host is another machine anyway); he copies that
address from the address bar and pastes it into the terminal. The code in it is good only
with the verifier this process keeps (PKCE), and only once; the ``state`` in it must be
this login's. The OAuth client is a "Desktop app" (loopback redirects on any port).
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import urllib.parse
from collections.abc import Callable

from wtg.host.oauth2config import OAuth2Config, login_command
from wtg.mail.servers.oauth2 import Refusal, TokenError, post_form, write_refresh_token


def challenge_of(verifier: str) -> str:
    """The S256 code challenge of a verifier (RFC 7636, 4.2)."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def sign_in_address(
    config: OAuth2Config, auth_url: str, redirect: str, state: str, verifier: str
) -> str:
    query = {
        "client_id": config.client_id,
        "redirect_uri": redirect,
        "response_type": "code",
        "scope": " ".join(config.scopes),
        "state": state,
        "code_challenge": challenge_of(verifier),
        "code_challenge_method": "S256",
        "access_type": "offline",  # Google: a refresh token too
        "prompt": "consent",  # Google: a refresh token even when wtg was allowed before
    }
    joiner = "&" if "?" in auth_url else "?"
    return auth_url + joiner + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)


def code_of(pasted: str, state: str) -> str:
    """The code in the address the GM pasted. Raises TokenError, saying what is wrong."""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(pasted.strip()).query)
    if "error" in query:
        raise TokenError(f"the sign-in was refused ({query['error'][0]}): nothing written")
    codes = query.get("code")
    if not codes:
        raise TokenError(
            "the address pasted holds no code: paste the whole address the browser went to "
            "(http://127.0.0.1:...?state=...&code=...); run `wtg oauth2-login --provider google` "
            "again"
        )
    if query.get("state") != [state]:
        raise TokenError(
            "the address pasted answers another login (its state differs): run `wtg "
            "oauth2-login --provider google` again and paste the address of that sign-in"
        )
    return codes[0]


def paste_login(
    config: OAuth2Config,
    auth_url: str,
    say: Callable[[str], None],
    ask: Callable[[str], str],
) -> None:
    """The whole flow: the address shown, the answer pasted, the code exchanged, the
    refresh token written."""
    verifier = secrets.token_urlsafe(48)
    state = secrets.token_urlsafe(16)
    redirect = f"http://127.0.0.1:{secrets.choice(range(20000, 60000))}/"
    say("Open this address in a browser (any computer), sign in to the mailbox's account")
    say("and allow wtg:")
    say("")
    say(sign_in_address(config, auth_url, redirect, state, verifier))
    say("")
    say(f"The browser then goes to {redirect}?state=...&code=..., a page that does not")
    say("load: copy that whole address from the address bar and paste it here.")
    code = code_of(ask("the address"), state)
    fields = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect,
        "client_id": config.client_id,
        "code_verifier": verifier,
    }
    if config.client_secret:
        fields["client_secret"] = config.client_secret
    try:
        answer = post_form(config.token_url, fields)
    except Refusal as refusal:
        raise TokenError(
            f"{config.token_url} refused the code: {refusal}; run `{login_command(config)}` again"
        ) from None
    refresh = answer.get("refresh_token")
    if not isinstance(refresh, str) or not refresh:
        raise TokenError(f"{config.token_url} gave no refresh token: nothing written")
    write_refresh_token(config.refresh_token_file, refresh)
