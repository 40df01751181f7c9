"""A poll whose IMAP server cannot be reached (down, or the config's host or port typed
wrong) said `wtg: cannot open the inbox: Connection refused` (a host name typed wrong:
`Name or service not known`), naming no server: the GM could not tell a server down from
a typo in imap.host or imap.port, where `wtg send` names the server it could not reach.
The poll's line names it too."""

from __future__ import annotations

import socket
from pathlib import Path

from click.testing import CliRunner

from wtg.cli import main


def test_the_poll_names_the_server_it_cannot_reach(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    (tmp_path / "games").mkdir(mode=0o700)
    config = tmp_path / "wtg.yaml"
    config.write_text(
        "games_dir: games\nfrom: gm@example.org\ntransport: imap\n"
        f"imap: {{host: 127.0.0.1, port: {port}, ssl: true, username: gm, password: x}}\n"
        "smtp: {host: 127.0.0.1, port: 465, ssl: true, username: gm, password: x}\n",
        encoding="utf-8",
    )
    config.chmod(0o600)
    polled = CliRunner().invoke(main, ["--config", str(config), "poll", "-q"])
    assert polled.exit_code == 1
    assert polled.stderr == (
        f"wtg: cannot open the inbox: cannot reach 127.0.0.1:{port}: Connection refused (the "
        f"server is down, or imap.host or imap.port is wrong: `wtg --config {config} "
        "check-config` tries it)\n"
    )
