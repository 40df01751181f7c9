"""Killing `wtg init DIR` and `wtg dkim-keygen` (SIGKILL, no clean-up of any kind) just
before one of their writes (init: eight spread over a whole run, ``killpoints.points``;
dkim-keygen: each), then giving the same command again as a GM would: the
config, and the key, is whole or not there, never cut short; given again, the command makes
it, or says it is there already and leaves it as it is.

dkim-keygen is killed too while it writes the key's bytes (no write the audit hook of
``tests.killpoints`` sees: a prelude kills it at its ``os.write``). Before, that left an
empty key file, which the command given again refused to replace ("exists already") and
`wtg check-config` could not read.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests import killpoints
from wtg.host.config import load_config
from wtg.mail.outgoing.dkimkeys import read_key

KEY = "wtg2026.example.org.pem"


def test_init_killed_at_any_write_leaves_no_config_or_a_whole_one(tmp_path: Path) -> None:
    host = tmp_path / "host"
    whole = killpoints.whole(["init", str(host)], tmp_path)
    made = sorted(str(p.relative_to(host)) for p in host.rglob("*"))
    outcomes: dict[str, int] = {}
    for at in killpoints.points(whole.writes, 8):  # spread: CI's time
        subprocess.run(["rm", "-rf", str(host)], check=True)
        cut = killpoints.run(["init", str(host)], at, tmp_path)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        config = host / "wtg.yaml"
        outcome = "config made" if config.exists() else "no config"
        if config.exists():
            assert load_config(config).games_dir == host / "games"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        again = killpoints.wtg(["init", str(host)])
        if outcome == "config made":
            assert again.returncode == 1 and "is there already" in again.stderr, again.stderr
        else:
            assert again.returncode == 0, (at, again.stderr)
        assert load_config(config).games_dir == host / "games"
        for box in ("maildir-in", "maildir-out"):
            assert all((host / "games" / ".mail" / box / sub).is_dir() for sub in ("new", "cur"))
        assert sorted(str(p.relative_to(host)) for p in host.rglob("*")) == made, (at, cut.before)
    print(f"\n{whole.writes} writes, killed before each: {outcomes}")
    assert outcomes.get("no config") and outcomes.get("config made")


def keygen(folder: Path) -> list[str]:
    return [
        "dkim-keygen",
        "--domain",
        "example.org",
        "--selector",
        "wtg2026",
        "--out",
        str(folder / KEY),
    ]


def check_given_again(folder: Path, as_killed: str) -> None:
    again = killpoints.wtg([*keygen(folder)])
    if as_killed == "whole key":
        assert again.returncode == 1 and "exists already" in again.stderr, again.stderr
    else:
        assert again.returncode == 0, again.stderr
    key = folder / KEY
    assert read_key(key).bits == 2048 and (key.stat().st_mode & 0o777) == 0o600
    assert sorted(p.name for p in folder.iterdir()) == [KEY]


def as_killed(folder: Path) -> str:
    key = folder / KEY
    if not key.exists():
        return "no key"
    assert read_key(key).bits == 2048  # whole, never cut short
    return "whole key"


def test_dkim_keygen_killed_at_any_write_leaves_no_key_or_a_whole_one(tmp_path: Path) -> None:
    folder = tmp_path / "keys"
    folder.mkdir()
    whole = killpoints.whole(keygen(folder), folder)
    outcomes: dict[str, int] = {}
    for at in range(1, whole.writes + 1):
        for path in folder.iterdir():
            path.unlink()
        cut = killpoints.run(keygen(folder), at, folder)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        outcome = as_killed(folder)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        check_given_again(folder, outcome)
    print(f"\n{whole.writes} writes, killed before each: {outcomes}")
    assert outcomes.get("no key")


KILLED_WRITING_THE_KEY = """
import os, signal
_write = os.write
def _dies(fd, data):
    if b"PRIVATE KEY" in bytes(data[:40]):
        os.killpg(os.getpgrp(), signal.SIGKILL)
    return _write(fd, data)
os.write = _dies
"""


def test_dkim_keygen_killed_writing_the_key_leaves_no_key(tmp_path: Path) -> None:
    folder = tmp_path / "keys"
    folder.mkdir()
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            KILLED_WRITING_THE_KEY + "\nfrom wtg.cli import main\nmain()",
            *keygen(folder),
        ],
        capture_output=True,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(killpoints.CHECKOUT)},
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert as_killed(folder) == "no key"
    check_given_again(folder, "no key")
