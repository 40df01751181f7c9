"""What `wtg check-config` says of the config's ``dkim:``: the key (readable, 0600, an RSA
private key dkimpy signs with), the From (its domain the signing domain's, for DMARC), and,
where DNS answers, the TXT record ``SELECTOR._domainkey.DOMAIN`` (published, and holding
this key's public part). DNS that does not answer is a note, never a failure: the check may
run where no resolver is, and the record is the world's to see, not the host's.

The look-up is a parameter (``TxtLookup``): the tests give their own answers.
"""

from __future__ import annotations

import email.utils
from collections.abc import Callable, Iterator, Sequence

from wtg.host.config import DkimConfig, GmConfig
from wtg.mail.outgoing.dkimkeys import (
    DkimKey,
    KeyProblem,
    loose_mode,
    read_key,
    record_tags,
    record_value,
)
from wtg.mail.outgoing.dkimsign import Signer, SigningFailed, UnsignableMail
from wtg.mail.servers.probe import Finding, Verdict

TIMEOUT = 10.0
"""Seconds the DNS look-up may take in all."""

TxtLookup = Callable[[str], Sequence[str] | None]
"""The TXT records of a name, each record's strings joined; [] when DNS answered that
there is none; None when DNS did not answer."""


def dns_txt(name: str) -> list[str] | None:
    """The TXT records of ``name`` as this host's resolver finds them (dnspython)."""
    # deferred: dnspython's resolver: only check-config looks anything up
    import dns.exception
    import dns.resolver

    try:
        answer = dns.resolver.resolve(name, "TXT", lifetime=TIMEOUT)
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return []
    except (dns.exception.DNSException, OSError):  # a timeout, no server, no resolv.conf
        return None
    return [b"".join(record.strings).decode("utf-8", "replace") for record in answer]


def dkim_findings(gm: GmConfig, txt: TxtLookup = dns_txt) -> Iterator[Finding]:
    """The checks of the config's DKIM key and record; none without ``dkim:``."""
    config = gm.dkim
    if config is None:
        return
    subject = f"dkim key_file {config.key_file}"
    try:
        key = read_key(config.key_file)
        _try_signing(config, key)
    except (KeyProblem, SigningFailed, UnsignableMail) as exc:
        yield Finding(Verdict.FAIL, subject, f"{exc} (no mail is sent until it can sign)")
        return
    loose = loose_mode(config.key_file, key.mode)
    if loose is not None:
        yield Finding(
            Verdict.FAIL, subject, loose.removeprefix(f"dkim.key_file {config.key_file} ")
        )
    else:
        yield Finding(Verdict.OK, subject, f"an RSA key of {key.bits} bits, mode 0600")
    yield _from_domain(config, gm.sender)
    yield _record(config, key, txt)


def _try_signing(config: DkimConfig, key: DkimKey) -> None:
    """Sign a small mail with the key and verify it against the key's own record: the key
    is one dkimpy signs with (``SigningFailed`` when not)."""
    # deferred: dkimpy (and the DNS library it loads): only the commands that sign
    import dkim

    raw = b"From: check@" + config.domain.encode() + b"\r\nSubject: check\r\n\r\ncheck\r\n"
    signed = Signer(config, key).sign(raw)
    record = record_value(key.public).encode("ascii")
    if not dkim.verify(signed, dnsfunc=lambda _name, timeout=5: record):
        raise SigningFailed(f"the DKIM key {config.key_file} signs nothing that verifies")


def _from_domain(config: DkimConfig, sender: str) -> Finding:
    """DMARC passes on DKIM only when d= is the From's domain or a domain above it."""
    address = email.utils.parseaddr(sender)[1]
    domain = address.rpartition("@")[2].lower()
    subject = f"dkim domain {config.domain}"
    if domain == config.domain or domain.endswith(f".{config.domain}"):
        return Finding(Verdict.OK, subject, f"the domain of the From ({address})")
    return Finding(
        Verdict.FAIL,
        subject,
        f"not the domain of the From ({address}): receivers' DMARC checks find the "
        f"signature of another domain and send the mail to spam; sign for {domain or 'it'}",
    )


def _record(config: DkimConfig, key: DkimKey, txt: TxtLookup) -> Finding:
    name = config.record_name
    subject = f"dkim record {name}"
    publish = f"publish the TXT record `wtg dkim-keygen` printed (p={_short(key.public)})"
    found = txt(name)
    if found is None:
        return Finding(Verdict.NOTE, subject, "not checked: DNS did not answer")
    records = [record_tags(text) for text in found]
    keys = [tags for tags in records if "p" in tags]
    if not keys:
        what = "no TXT record" if not found else "no DKIM key record (no p=)"
        return Finding(Verdict.FAIL, subject, f"{what}: {publish}")
    if len(keys) > 1:
        return Finding(
            Verdict.FAIL, subject, f"{len(keys)} DKIM key records: keep one, this key's: {publish}"
        )
    tags = keys[0]
    if tags.get("k", "rsa").lower() != "rsa":
        return Finding(Verdict.FAIL, subject, f"a key of type k={tags['k']}, not rsa: {publish}")
    if not tags["p"]:
        return Finding(Verdict.FAIL, subject, f"the key is revoked there (p= empty): {publish}")
    if tags["p"] != key.public:
        return Finding(
            Verdict.FAIL,
            subject,
            f"publishes another key (p={_short(tags['p'])}), not this key's: {publish}",
        )
    return Finding(Verdict.OK, subject, "published, with this key's public part")


def _short(public: str) -> str:
    """A public key's base64 shortened to be told apart in a line (its start is the same
    for every key of a size)."""
    return f"...{public[-16:]}" if len(public) > 16 else public
