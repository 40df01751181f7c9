"""What the DKIM tests share: a key made as `wtg dkim-keygen` makes it, its record, and a
dnsfunc for ``dkim.verify`` that answers with a record."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main

DOMAIN = "example.org"
SELECTOR = "wtg2026"


def keygen(folder: Path, *args: str) -> tuple[Path, str]:
    """`wtg dkim-keygen` run in ``folder``: the key file and the record's value it printed."""
    result = CliRunner().invoke(
        main,
        [
            "dkim-keygen",
            "--domain",
            DOMAIN,
            "--selector",
            SELECTOR,
            "--out",
            str(folder / "k"),
            *args,
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    return folder / "k", printed_record(result.output)


def printed_record(output: str) -> str:
    """The TXT record's value from what `wtg dkim-keygen` printed (its ``value:`` line)."""
    (value,) = [
        line.split(":", 1)[1].strip()
        for line in output.splitlines()
        if line.strip().startswith("value:")
    ]
    return value


def answering(record: str) -> Callable[..., bytes]:
    """A dnsfunc for ``dkim.verify``: the record for ``SELECTOR._domainkey.DOMAIN`` only."""

    def dnsfunc(name: bytes, timeout: int = 5) -> bytes:
        wanted = f"{SELECTOR}._domainkey.{DOMAIN}."
        return record.encode("ascii") if name.decode().rstrip(".") + "." == wanted else b""

    return dnsfunc
