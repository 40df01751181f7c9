"""The host's secret for its Message-IDs (``wtg.mail.outgoing.idsecret``): one per host, 0600, made
once and never replaced, whole or not there whatever process makes it or dies making it."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from wtg.mail.outgoing import compose, idsecret
from wtg.mail.outgoing.idsecret import SECRET_FILE, SecretDamaged, host_secret, read_secret, token
from wtg.mail.outgoing.outbox import Outbox, parse_own_id

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
MAKE = (
    "import os, sys; from pathlib import Path; from wtg.mail.outgoing.idsecret import host_secret; "
    "os.umask(0); print(host_secret(Path(sys.argv[1])).hex())"
)
"""A run of its own that reads the secret of the spool it is given (made if need be), under
the widest umask."""


def queued(spool: Path, ident: str = "report-g1-t0001-p02") -> str:
    """The Message-ID the outbox gives a mail it queues."""
    msg = compose.message(ident, "gm@wtg.example", "p2@players.example", "r", "t\n", when=NOW)
    assert Outbox(spool).add(ident, msg)
    return "".join(str(msg["Message-ID"]).split())


def test_the_secret_is_0600_and_the_same_in_every_run(tmp_path: Path) -> None:
    spool = tmp_path / "spool"
    spool.mkdir()
    runs = [
        subprocess.run(
            [sys.executable, "-c", MAKE, str(spool)], capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    ]
    assert runs[0] == runs[1] and len(runs[0]) == 2 * idsecret.KEY_BYTES
    path = spool / SECRET_FILE
    assert path.stat().st_mode & 0o777 == 0o600  # under umask 0
    assert path.read_text(encoding="ascii") == runs[0] + "\n"
    assert sorted(p.name for p in spool.iterdir()) == [SECRET_FILE]
    own = parse_own_id(queued(spool))  # the outbox's token is of it
    assert own is not None and own.token == token(bytes.fromhex(runs[0]), own.stem())


def test_two_hosts_have_two_secrets_and_the_tokens_differ(tmp_path: Path) -> None:
    first, second = (queued(tmp_path / name) for name in ("a", "b"))
    assert first != second
    assert first.partition(".k")[0] == second.partition(".k")[0]  # what anyone works out


def test_a_secret_made_meanwhile_by_another_process_is_the_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes make the secret at once: the one that links it in second takes the
    first's, and its own copy is gone."""
    spool = tmp_path / "spool"
    spool.mkdir()
    theirs = "ab" * idsecret.KEY_BYTES
    link = os.link

    def racing(src: str | Path, dst: str | Path) -> None:
        (spool / SECRET_FILE).write_text(theirs + "\n", encoding="ascii")  # linked first
        link(src, dst)

    monkeypatch.setattr(os, "link", racing)
    assert host_secret(spool).hex() == theirs
    assert sorted(p.name for p in spool.iterdir()) == [SECRET_FILE]


def test_a_copy_removed_before_it_was_linked_reads_the_others_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process linked its secret in and removed the copies beside it, this one's
    among them, before this one linked it: this one reads the other's."""
    spool = tmp_path / "spool"
    spool.mkdir()
    theirs = "cd" * idsecret.KEY_BYTES
    link = os.link

    def overtaken(src: str | Path, dst: str | Path) -> None:
        (spool / SECRET_FILE).write_text(theirs + "\n", encoding="ascii")
        os.unlink(src)
        link(src, dst)

    monkeypatch.setattr(os, "link", overtaken)
    assert host_secret(spool).hex() == theirs


@pytest.mark.parametrize(
    "held",
    ["", "12345", "zz" * idsecret.KEY_BYTES, "ab" * (idsecret.KEY_BYTES - 1)],
)
def test_a_damaged_secret_is_never_replaced_and_the_gm_is_told(tmp_path: Path, held: str) -> None:
    spool = tmp_path / "spool"
    spool.mkdir()
    path = spool / SECRET_FILE
    path.write_text(held, encoding="ascii")
    with pytest.raises(SecretDamaged, match=f"{SECRET_FILE}.*never replaces it"):
        queued(spool)
    with pytest.raises(SecretDamaged):
        read_secret(spool)
    assert path.read_text(encoding="ascii") == held
    assert not list((spool / "outbox" / "queue").iterdir())  # nothing queued without it


def test_a_secret_others_may_read_is_made_0600_again(tmp_path: Path) -> None:
    spool = tmp_path / "spool"
    spool.mkdir()
    made = host_secret(spool)
    (spool / SECRET_FILE).chmod(0o644)  # a copy made carelessly
    assert read_secret(spool) == made
    assert (spool / SECRET_FILE).stat().st_mode & 0o777 == 0o600


def test_no_secret_is_made_by_reading(tmp_path: Path) -> None:
    assert read_secret(tmp_path) is None
    assert not (tmp_path / SECRET_FILE).exists()
