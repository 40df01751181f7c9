"""`wtg check-config` on a config with ``dkim:``: the key (readable, 0600, an RSA private
key), the From's domain, and the published record, with the DNS look-up given by the test
(a matching record, another key's, none, no answer)."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from tests.dkim.keys import DOMAIN, SELECTOR, keygen
from wtg.cli import main
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing.dkimcheck import dkim_findings

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey

NAME = f"{SELECTOR}._domainkey.{DOMAIN}"


def config(tmp_path: Path, key: Path, sender: str = f"Game Master <gm@{DOMAIN}>") -> GmConfig:
    (tmp_path / "games").mkdir(exist_ok=True)
    dkim = {"domain": DOMAIN, "selector": SELECTOR, "key_file": str(key)}
    return config_from_data({"games_dir": "games", "from": sender, "dkim": dkim}, tmp_path)


def lines(gm: GmConfig, answer: Sequence[str] | None) -> list[str]:
    asked: list[str] = []

    def txt(name: str) -> Sequence[str] | None:
        asked.append(name)
        return answer

    found = [finding.line() for finding in dkim_findings(gm, txt)]
    assert asked in ([NAME], [])
    return found


def test_a_matching_record(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    other = "v=spf1 -all"  # another TXT record at the name is passed over
    assert lines(config(tmp_path, key), [other, record]) == [
        f"ok    dkim key_file {key}: an RSA key of 2048 bits, mode 0600",
        f"ok    dkim domain {DOMAIN}: the domain of the From (gm@{DOMAIN})",
        f"ok    dkim record {NAME}: published, with this key's public part",
    ]


def test_a_record_split_and_folded_as_dns_hosts_keep_it_matches(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    folded = record.replace("; p=", ";\tp=").replace("k=rsa", "k = rsa")
    folded = folded[:100] + " " + folded[100:]
    assert lines(config(tmp_path, key), [folded])[-1] == (
        f"ok    dkim record {NAME}: published, with this key's public part"
    )


def test_another_keys_record(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    (tmp_path / "old").mkdir()
    _, old_record = keygen(tmp_path / "old")
    public = record.split("p=")[1]
    old = old_record.split("p=")[1]
    assert lines(config(tmp_path, key), [old_record])[-1] == (
        f"FAIL  dkim record {NAME}: publishes another key (p=...{old[-16:]}), not this key's: "
        f"publish the TXT record `wtg dkim-keygen` printed (p=...{public[-16:]})"
    )


def test_no_record(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    public = record.split("p=")[1]
    assert lines(config(tmp_path, key), [])[-1] == (
        f"FAIL  dkim record {NAME}: no TXT record: publish the TXT record `wtg dkim-keygen` "
        f"printed (p=...{public[-16:]})"
    )


def test_a_revoked_record(tmp_path: Path) -> None:
    key, _ = keygen(tmp_path)
    assert lines(config(tmp_path, key), ["v=DKIM1; k=rsa; p="])[-1].startswith(
        f"FAIL  dkim record {NAME}: the key is revoked there (p= empty): publish"
    )


def test_dns_that_does_not_answer_is_a_note_not_a_failure(tmp_path: Path) -> None:
    key, _ = keygen(tmp_path)
    assert lines(config(tmp_path, key), None)[-1] == (
        f"note  dkim record {NAME}: not checked: DNS did not answer"
    )


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"not a key\n", "not PEM"),
        (b"", "not PEM"),
    ],
)
def test_a_bad_key_fails_and_no_dns_is_asked(tmp_path: Path, content: bytes, why: str) -> None:
    key = tmp_path / "bad.key"
    key.write_bytes(content)
    key.chmod(0o600)
    assert lines(config(tmp_path, key), ["v=DKIM1; k=rsa; p=AAAA"]) == [
        f"FAIL  dkim key_file {key}: the DKIM key {key} is no RSA private key wtg can use ({why}; "
        "`wtg dkim-keygen` makes one) (no mail is sent until it can sign)"
    ]


def test_an_ec_key_is_not_rsa(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = tmp_path / "ec.key"
    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    key.write_bytes(pem)
    key.chmod(0o600)
    assert lines(config(tmp_path, key), []) == [
        f"FAIL  dkim key_file {key}: the DKIM key {key} is not an RSA key: wtg signs with RSA "
        "(`wtg dkim-keygen`) (no mail is sent until it can sign)"
    ]


def test_a_missing_key(tmp_path: Path) -> None:
    key = tmp_path / "gone.key"
    assert lines(config(tmp_path, key), []) == [
        f"FAIL  dkim key_file {key}: cannot read the DKIM key {key}: No such file or directory "
        "(no mail is sent until it can sign)"
    ]


def test_a_key_others_may_read_fails_as_a_loose_password_file_does(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    key.chmod(0o644)
    assert lines(config(tmp_path, key), [record])[0] == (
        f"FAIL  dkim key_file {key}: is mode 0644: others on this machine can read the key and "
        f"sign mail as the domain; make it the GM's alone: chmod 600 {key}"
    )


def test_a_from_of_another_domain_fails(tmp_path: Path) -> None:
    key, record = keygen(tmp_path)
    gm = config(tmp_path, key, sender="gm@games.example.net")
    assert lines(gm, [record])[1] == (
        f"FAIL  dkim domain {DOMAIN}: not the domain of the From (gm@games.example.net): "
        "receivers' DMARC checks find the signature of another domain and send the mail to "
        "spam; sign for games.example.net"
    )
    sub = config(tmp_path, key, sender=f"gm@games.{DOMAIN}")  # a subdomain aligns (relaxed)
    assert lines(sub, [record])[1].startswith("ok    dkim domain")


def test_the_command_names_a_bad_key_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "bad.key").write_text("junk\n", encoding="utf-8")
    config_file = tmp_path / "wtg.yaml"
    config_file.write_text(
        f"games_dir: games\nfrom: gm@{DOMAIN}\n"
        f"dkim: {{domain: {DOMAIN}, selector: {SELECTOR}, key_file: bad.key}}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["--config", str(config_file), "check-config"])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == (
        f"FAIL  dkim key_file {tmp_path / 'bad.key'}: the DKIM key {tmp_path / 'bad.key'} is no "
        f"RSA private key wtg can use (not PEM; `wtg --config {config_file} dkim-keygen` makes "
        "one) (no mail is sent until it can sign)"
    )


@pytest.mark.parametrize(
    ("section", "line"),
    [
        (
            "{domain: example.org, selector: wtg_1, key_file: k}",
            "line 2: dkim.selector: expected a DKIM selector: letters, digits and hyphens, "
            "such as wtg2026, found the text 'wtg_1'",
        ),
        (
            "{domain: example, selector: s, key_file: k}",
            "line 2: dkim.domain: expected a domain name, such as example.org, found the text "
            "'example'",
        ),
        (
            "{domain: example.org, selector: s}",
            "line 2: dkim.key_file: missing; give the RSA private key, mode 0600 "
            "(`wtg dkim-keygen` makes it)",
        ),
    ],
)
def test_the_section_is_checked_with_the_config(tmp_path: Path, section: str, line: str) -> None:
    config_file = tmp_path / "wtg.yaml"
    config_file.write_text(f"games_dir: games\ndkim: {section}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config_file), "check-config"])
    assert result.exit_code == 1
    said = line.replace("`wtg ", f"`wtg --config {config_file} ")  # each command as given
    assert result.output == f"FAIL  {config_file}, {said}\n"


def pkcs8_key(path: Path, passphrase: bytes | None = None) -> RSAPrivateKey:
    """A new RSA key of 2048 bits written to ``path`` as `openssl genpkey` writes one (PEM,
    PKCS#8; encrypted with ``passphrase``, if given), the GM's alone: the key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    encryption: serialization.KeySerializationEncryption = (
        serialization.NoEncryption()
        if passphrase is None
        else serialization.BestAvailableEncryption(passphrase)
    )
    path.write_bytes(
        private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption
        )
    )
    path.chmod(0o600)
    return private


def test_a_pkcs8_rsa_key_as_openssl_genpkey_writes_it_is_taken(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization

    key = tmp_path / "pkcs8.key"
    private = pkcs8_key(key)
    der = private.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    record = f"v=DKIM1; k=rsa; p={base64.b64encode(der).decode()}"
    assert [line.split(":")[0] for line in lines(config(tmp_path, key), [record])] == [
        f"ok    dkim key_file {key}",
        f"ok    dkim domain {DOMAIN}",
        f"ok    dkim record {NAME}",
    ]


def test_a_key_with_a_passphrase_fails(tmp_path: Path) -> None:
    key = tmp_path / "locked.key"
    pkcs8_key(key, b"secret")
    assert lines(config(tmp_path, key), []) == [
        f"FAIL  dkim key_file {key}: the DKIM key {key} is no RSA private key wtg can use (it is "
        "protected by a passphrase; `wtg dkim-keygen` makes one) (no mail is sent until it can "
        "sign)"
    ]
