"""A DKIM key: made (`wtg dkim-keygen`), read back for signing and for `check-config`, and
the DNS TXT record that publishes its public part (RFC 6376, 3.6.1).

The key is an RSA key of 2048 bits, made by the ``cryptography`` package and kept as PEM
(PKCS#1, ``BEGIN RSA PRIVATE KEY``, the form ``dkimpy`` reads) in a file of mode 0600. Its
record is ``v=DKIM1; k=rsa; p=<the public key, DER SubjectPublicKeyInfo, base64>``, whose
``p=`` is longer than the 255 bytes one DNS string holds: it is published as several
strings of one TXT record, which a resolver joins.
"""

from __future__ import annotations

import base64
import contextlib
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from wtg.core.errors import ConfigError
from wtg.core.record import Record
from wtg.files import private
from wtg.text.shellcommand import shell_command

KEY_BITS = 2048
"""The size of a key made: what RFC 8301 asks signers for (1024 at the least)."""
MIN_BITS = 1024
"""A smaller key is refused: verifiers ignore signatures made with it (RFC 8301)."""
DNS_STRING = 255
"""The most bytes one string of a TXT record holds (RFC 1035, 3.3.14)."""


class KeyProblem(ConfigError):
    """A key file that cannot sign: its one line says which file and why."""


class DkimKey(Record):
    """A private key read from its file, with what is published of it."""

    pem: bytes
    bits: int
    public: str
    """The ``p=`` of its record: the public key, DER SubjectPublicKeyInfo, in base64."""
    mode: int
    """The file's permission bits (``0o600`` as it should be)."""

    def __repr__(self) -> str:  # the key itself never goes into a log or a traceback
        return f"DkimKey(bits={self.bits}, public={self.public[:12]}..., mode={self.mode:04o})"


def default_key_name(selector: str, domain: str) -> str:
    """Where `wtg dkim-keygen` writes a key when not told: ``SELECTOR.DOMAIN.dkim.key``."""
    return f"{selector}.{domain}.dkim.key"


def make_key(path: Path) -> DkimKey:
    """A new RSA key written to ``path``, a new file of mode 0600; an existing file is
    never replaced (a key in use whose record is published would stop every signature).
    The key is written whole beside it first (``.NAME.new``), then linked in: killed at any
    point, ``path`` is the whole key or not there (an empty key file, never replaced, would
    stop the command given again)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    there = KeyProblem(
        f"{path} exists already: it is not replaced (a key whose record is published "
        "signs the mail now); give another --out, or another --selector for a new key"
    )
    aside = path.with_name(f".{path.name}.new")
    if path.exists() or path.is_symlink():
        private.drop_leftover(aside, path)
        raise there
    try:
        private.write_file(aside, pem)  # 0600, whatever the umask
        os.link(aside, path)  # never over a key made meanwhile
    except FileExistsError:
        raise there from None
    except OSError as exc:
        raise KeyProblem(f"cannot write {path}: {exc.strerror}") from exc
    finally:
        with contextlib.suppress(OSError):
            aside.unlink()
    return DkimKey(pem=pem, bits=KEY_BITS, public=_public(key), mode=0o600)


def read_key(path: Path) -> DkimKey:
    """The RSA private key of ``path``; ``KeyProblem`` when it cannot be read or is no
    such key (the line names the file and what is wrong)."""
    try:
        mode = path.stat().st_mode & 0o777
        pem = path.read_bytes()
    except OSError as exc:
        raise KeyProblem(f"cannot read the DKIM key {path}: {exc.strerror}") from exc
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError) as exc:
        why = "it is protected by a passphrase" if isinstance(exc, TypeError) else "not PEM"
        raise KeyProblem(
            f"the DKIM key {path} is no RSA private key wtg can use ({why}; "
            "`wtg dkim-keygen` makes one)"
        ) from None
    if not isinstance(key, rsa.RSAPrivateKey):
        raise KeyProblem(
            f"the DKIM key {path} is not an RSA key: wtg signs with RSA (`wtg dkim-keygen`)"
        )
    if key.key_size < MIN_BITS:
        raise KeyProblem(
            f"the DKIM key {path} has {key.key_size} bits: receivers ignore signatures of "
            f"keys under {MIN_BITS}; make one of {KEY_BITS} with `wtg dkim-keygen`"
        )
    traditional = key.private_bytes(  # the form dkimpy reads, whatever the file's is
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    return DkimKey(pem=traditional, bits=key.key_size, public=_public(key), mode=mode)


def loose_mode(path: Path, mode: int) -> str | None:
    """A line when group or others may read or write the key (anything looser than 0600),
    else None."""
    if not mode & 0o077:
        return None
    return (
        f"dkim.key_file {path} is mode {mode:04o}: others on this machine can read the key "
        f"and sign mail as the domain; make it the GM's alone: "
        f"{shell_command('chmod', '600', str(path))}"
    )


def _public(key: rsa.RSAPrivateKey) -> str:
    der = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(der).decode("ascii")


def record_value(public: str) -> str:
    """The TXT record's text for the public key ``public`` (a ``p=`` value)."""
    return f"v=DKIM1; k=rsa; p={public}"


def dns_strings(value: str) -> list[str]:
    """``value`` cut into the strings of one TXT record, each of at most 255 bytes (the
    record's text is ASCII)."""
    return [value[i : i + DNS_STRING] for i in range(0, len(value), DNS_STRING)] or [""]


def zone_line(name: str, value: str) -> str:
    """The record as a line of a zone file (BIND and most DNS hosts' import take it): its
    name, TXT, and the strings of ``value`` in quotes."""
    strings = " ".join(f'"{part}"' for part in dns_strings(value))
    return f"{name}. IN TXT ( {strings} )"


def record_tags(text: str) -> dict[str, str]:
    """The tags of a DKIM key record (``v=DKIM1; k=rsa; p=...``), white space inside a
    value taken out (a record may be folded); a later tag of a name wins."""
    tags: dict[str, str] = {}
    for part in text.split(";"):
        name, equals, value = part.partition("=")
        if equals:
            tags[name.strip().lower()] = "".join(value.split())
    return tags
