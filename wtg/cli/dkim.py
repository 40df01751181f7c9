"""`wtg dkim-keygen`: a DKIM key for the GM's domain, and the DNS record to publish (the
work is in wtg.mail.outgoing.dkimkeys)."""

from __future__ import annotations

from pathlib import Path

import click

from wtg.cli.common import config_path, fail
from wtg.cli.givenhead import tell
from wtg.cli.homepath import HomePath


def register(group: click.Group) -> None:
    group.add_command(dkim_keygen)


@click.command("dkim-keygen")
@click.option("--domain", required=True, help="The domain the mail is signed for (d=).")
@click.option("--selector", required=True, help="The key's name in the DNS (s=), such as wtg2026.")
@click.option(
    "--out",
    "out",
    default=None,
    type=HomePath(dir_okay=False),
    metavar="FILE",
    help="Where to write the key (default: SELECTOR.DOMAIN.dkim.key beside the config of "
    "--config or WTG_CONFIG, else in the current folder). Never written over.",
)
@click.pass_context
def dkim_keygen(ctx: click.Context, domain: str, selector: str, out: str | None) -> None:
    """Make an RSA key of 2048 bits for signing the mail sent (DKIM) in a new file of mode
    0600, and print the DNS TXT record to publish (SELECTOR._domainkey.DOMAIN) and the
    config's dkim line."""
    # deferred: pydantic (the config's schema): its checks of a domain and a selector
    from wtg.host.configschema import is_domain_name, is_selector

    # deferred: cryptography: only the commands that make or read a key
    from wtg.mail.outgoing.dkimkeys import (
        default_key_name,
        dns_strings,
        make_key,
        record_value,
        zone_line,
    )

    domain, selector = domain.strip().lower(), selector.strip().lower()
    if not is_domain_name(domain):
        fail(f"--domain {domain!r}: not a domain name (such as example.org)")
    if not is_selector(selector):
        fail(f"--selector {selector!r}: not a selector (letters, digits and hyphens: wtg2026)")
    config = config_path(ctx)
    folder = config.parent if config is not None else Path(".")
    path = Path(out) if out else folder / default_key_name(selector, domain)
    key = make_key(path)
    name = f"{selector}._domainkey.{domain}"
    value = record_value(key.public)
    strings = " ".join(f'"{part}"' for part in dns_strings(value))
    if config is not None and path.resolve().parent == config.resolve().parent:
        shown = path.name  # key_file is relative to the config's folder
    else:
        shown = str(path.resolve())
    tell(f"key: {path} (RSA, {key.bits} bits, mode 0600; keep it secret)")
    tell(f"publish this TXT record in the DNS of {domain}:")
    tell(f"  name:    {name}")
    tell(f"  value:   {value}")
    tell(f"  strings: {strings}")
    tell(f"  zone:    {zone_line(name, value)}")
    tell("then add to the config:")
    tell(f"  dkim: {{domain: {domain}, selector: {selector}, key_file: {shown}}}")
    tell("and once the record is published: `wtg check-config`")
