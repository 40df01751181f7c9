"""A new GM fills in the imap: and smtp: sections (step 5 of docs/gm.md, "A new GM's first
day") and leaves the `from:` `wtg init` wrote without --from, Game Master <gm@localhost>.
`wtg check-config` said nothing of it: a relay that takes any sender sent every report From
gm@localhost, and each player's reply, his orders in it, went nowhere (or the players'
servers refused a From of no domain). It is a FAIL line naming the key and what to write."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner, Result

from wtg.cli import main


def check(root: Path, sender: str) -> Result:
    (root / "games").mkdir(mode=0o700)
    password = root / "pw"
    password.write_text("secret\n")
    os.chmod(password, 0o600)
    config = root / "wtg.yaml"
    config.write_text(
        f'games_dir: games\nfrom: "{sender}"\ntransport: imap\n'
        "imap: {host: 127.0.0.1, port: 1, ssl: true, username: gm, password_file: pw}\n"
        "smtp: {host: 127.0.0.1, port: 1, ssl: true, username: gm, password_file: pw}\n"
    )
    os.chmod(config, 0o600)
    return CliRunner().invoke(main, ["--config", str(config), "check-config"])


def test_a_from_at_localhost_on_a_mail_server_is_a_fail(tmp_path: Path) -> None:
    result = check(tmp_path, "Game Master <gm@localhost>")
    assert result.exit_code == 1
    assert (
        "FAIL  from 'Game Master <gm@localhost>': an address of no domain (localhost), which "
        "no player can mail and other mail servers refuse: each player's reply to a report, "
        "his orders in it, would go nowhere; write the host's own address in the config's "
        'from: (from: "Game Master <gm@example.org>", the address the imap login reads)'
    ) in result.stdout.splitlines()


def test_a_from_of_a_domain_is_no_trouble(tmp_path: Path) -> None:
    result = check(tmp_path, "Game Master <gm@example.org>")
    assert not [line for line in result.stdout.splitlines() if "FAIL  from" in line]
    assert result.exit_code == 1  # the servers (port 1) cannot be reached
