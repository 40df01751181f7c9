"""`wtg dkim-keygen --domain D --selector S [--out FILE]`: an RSA key in a 0600 file, never
written over, and the TXT record to publish, cut into DNS strings of 255 at most."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.dkim.keys import DOMAIN, SELECTOR, keygen, printed_record
from wtg.cli import main


def test_the_key_is_0600_rsa_2048_and_the_record_is_its_public_part(tmp_path: Path) -> None:
    old = os.umask(0)  # a careless shell's umask: the key is the GM's alone all the same
    try:
        path, record = keygen(tmp_path)
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o600
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    assert isinstance(key, rsa.RSAPrivateKey) and key.key_size == 2048
    assert path.read_bytes().startswith(b"-----BEGIN RSA PRIVATE KEY-----\n")
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    assert record == f"v=DKIM1; k=rsa; p={base64.b64encode(public).decode()}"


def test_the_record_is_printed_with_its_name_and_as_dns_strings(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "dkim-keygen",
            "--domain",
            "Example.ORG",
            "--selector",
            SELECTOR,
            "--out",
            str(tmp_path / "k"),
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    record = printed_record(result.output)
    assert f"  name:    {SELECTOR}._domainkey.{DOMAIN}" in lines  # the domain as DNS writes it
    (strings,) = [line for line in lines if line.startswith("  strings: ")]
    texts = re.findall(r'"([^"]*)"', strings)
    assert len(texts) == 2  # a 2048-bit key's record is over 255 characters
    assert all(len(text) <= 255 for text in texts) and len(texts[0]) == 255
    assert "".join(texts) == record
    quoted = strings.removeprefix("  strings: ")
    assert f"  zone:    {SELECTOR}._domainkey.{DOMAIN}. IN TXT ( {quoted} )" in lines
    assert (
        f"  dkim: {{domain: {DOMAIN}, selector: {SELECTOR}, key_file: {tmp_path / 'k'}}}" in lines
    )


def test_an_existing_key_is_never_written_over(tmp_path: Path) -> None:
    path, _ = keygen(tmp_path)
    before = path.read_bytes()
    result = CliRunner().invoke(
        main, ["dkim-keygen", "--domain", DOMAIN, "--selector", SELECTOR, "--out", str(path)]
    )
    assert result.exit_code == 1
    assert result.output == (
        f"wtg: {path} exists already: it is not replaced (a key whose record is published signs "
        "the mail now); give another --out, or another --selector for a new key\n"
    )
    assert path.read_bytes() == before


def test_the_default_file_is_beside_the_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "etc" / "wtg.yaml"
    config.parent.mkdir()
    config.write_text("games_dir: games\n", encoding="utf-8")
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = CliRunner().invoke(
        main, ["--config", str(config), "dkim-keygen", "--domain", DOMAIN, "--selector", SELECTOR]
    )
    assert result.exit_code == 0, result.output
    key = config.parent / f"{SELECTOR}.{DOMAIN}.dkim.key"
    assert key.is_file() and not list(elsewhere.iterdir())
    # key_file is relative to the config's folder: the line to paste names it so
    assert f"  dkim: {{domain: {DOMAIN}, selector: {SELECTOR}, key_file: {key.name}}}" in (
        result.output.splitlines()
    )


def test_without_a_config_the_default_file_is_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WTG_CONFIG", raising=False)
    result = CliRunner().invoke(main, ["dkim-keygen", "--domain", DOMAIN, "--selector", SELECTOR])
    assert result.exit_code == 0, result.output
    assert (tmp_path / f"{SELECTOR}.{DOMAIN}.dkim.key").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    ("option", "value", "line"),
    [
        (
            "--domain",
            "exa mple.org",
            "wtg: --domain 'exa mple.org': not a domain name (such as example.org)",
        ),
        (
            "--selector",
            "s_1",
            "wtg: --selector 's_1': not a selector (letters, digits and hyphens: wtg2026)",
        ),
    ],
)
def test_a_name_dns_cannot_hold_is_one_line(
    tmp_path: Path, option: str, value: str, line: str
) -> None:
    args = {"--domain": DOMAIN, "--selector": SELECTOR, option: value}
    result = CliRunner().invoke(
        main, ["dkim-keygen", *[x for kv in args.items() for x in kv], "--out", str(tmp_path / "k")]
    )
    assert (result.exit_code, result.output) == (1, line + "\n")
    assert not (tmp_path / "k").exists()
