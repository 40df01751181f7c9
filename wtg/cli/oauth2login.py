"""`wtg oauth2-login`: the first refresh token of ``auth: oauth2``: the device-code flow
(``wtg.mail.servers.devicelogin``) for microsoft and custom, the browser's sign-in with the address
pasted back (``wtg.mail.servers.pastelogin``) for google, whose device flow refuses Gmail's
scope."""

from __future__ import annotations

import click

from wtg.cli.common import fail, gm_config
from wtg.cli.givenhead import tell
from wtg.host.oauth2config import PRESETS, PROVIDERS


def register(group: click.Group) -> None:
    group.add_command(oauth2_login)


@click.command("oauth2-login")
@click.option(
    "--provider",
    type=click.Choice(PROVIDERS),
    required=True,
    help="The provider of the config's oauth2 section: google, microsoft, or custom.",
)
@click.option(
    "--device-url",
    help="microsoft, custom: the device authorization endpoint (default: the provider's; "
    "custom: required).",
)
@click.option(
    "--auth-url",
    help="google: the authorization endpoint the browser signs in at (default: Google's).",
)
@click.pass_context
def oauth2_login(
    ctx: click.Context, provider: str, device_url: str | None, auth_url: str | None
) -> None:
    """Sign the mailbox in and write the refresh token to the config's
    oauth2.refresh_token_file (0600), which the poll and the send then use. microsoft and
    custom: the device-code flow (RFC 8628), a URL and a code to type on any device. google:
    a sign-in address to open in any browser, whose last address is pasted back (Google's
    device flow refuses the Gmail scope)."""
    # deferred: the token requests (urllib): only the commands that log in with oauth2
    from wtg.mail.servers.devicelogin import device_login
    from wtg.mail.servers.pastelogin import paste_login

    gm = gm_config(ctx)
    config = gm.oauth2
    if config is None:
        fail(
            "the config has no oauth2 section: add one (provider, client_id, "
            "client_secret_file, refresh_token_file; docs/mail.md, Hosting from Gmail)"
        )
    if config.provider != provider:
        fail(f"--provider {provider}, but the config's oauth2.provider is {config.provider}")
    if provider == "google":
        paste_login(
            config,
            auth_url or PRESETS["google"].auth_url,
            click.echo,
            lambda what: str(click.prompt(what, prompt_suffix=": ")),
        )
    else:
        url = device_url or config.device_url
        if url is None:
            fail("provider custom: give its device authorization endpoint with --device-url")
        device_login(config, url, click.echo)
    tell(
        f"signed in: the refresh token is in {config.refresh_token_file} (0600); "
        "`wtg check-config` tries the login"
    )
