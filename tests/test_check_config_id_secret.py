"""The host's Message-ID secret, .mail/message-id.key, damaged (a GM's copy cut short,
garbage) or made readable by others (a copy without its mode): `wtg check-config` said
nothing. It names the trouble as a FAIL line, with what to do, and changes nothing."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main
from wtg.mail.outgoing.idsecret import SECRET_FILE, host_secret, secret_trouble

CONFIG = "games_dir: games\ntransport: maildir\n"


def host(root: Path) -> tuple[Path, Path]:
    """The config, and the secret's path (made, 0600)."""
    spool = root / "games" / ".mail"
    spool.mkdir(parents=True)
    os.chmod(root / "games", 0o700)
    os.chmod(spool, 0o700)
    host_secret(spool)
    config = root / "wtg.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    return config, spool / SECRET_FILE


def wtg(config: Path) -> Result:
    return CliRunner().invoke(main, ["--config", str(config), "check-config"])


def fails(result: Result) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith("FAIL")]


def test_a_sound_secret_or_none_is_no_trouble(tmp_path: Path) -> None:
    config, path = host(tmp_path)
    assert secret_trouble(path) is None
    assert secret_trouble(tmp_path / "none") is None
    assert fails(wtg(config)) == []


def test_a_secret_others_may_read_is_a_fail(tmp_path: Path) -> None:
    config, path = host(tmp_path)
    os.chmod(path, 0o644)
    result = wtg(config)
    assert result.exit_code == 1
    assert fails(result) == [
        f"FAIL  the secret of the host's Message-IDs, {path}, is mode 0644: others on this "
        "machine can read it and forge the bounces of any mail; make it the GM's alone: "
        f"chmod 600 {path}"
    ]
    assert path.stat().st_mode & 0o777 == 0o644


def test_a_damaged_secret_is_a_fail(tmp_path: Path) -> None:
    config, path = host(tmp_path)
    path.write_text("0123abcd\n", encoding="utf-8")
    result = wtg(config)
    assert result.exit_code == 1
    assert fails(result) == [
        f"FAIL  the secret of the host's Message-IDs, {path}, cannot be used: it holds no "
        "key of 64 hex digits. wtg never replaces it (the bounces of the mails sent with "
        f"it would no longer be recognised); if it is lost, move {SECRET_FILE} out of the "
        "spool and wtg makes a new one"
    ]
    assert path.read_text(encoding="utf-8") == "0123abcd\n"
