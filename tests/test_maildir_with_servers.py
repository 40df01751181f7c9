"""A config left on `transport: maildir` (as `wtg init` wrote it) under the `imap:` and
`smtp:` sections the GM filled in: `check-config` logged in to both and passed, the poll
read the maildir transport's empty folder while the players' orders waited on the IMAP
server, and the send put each report into a folder of the machine, marked sent; no player
got one, nobody was told. Now `check-config` fails on it, each poll says it on stderr, and
the send keeps the mail queued, saying what to write; once the config says `transport:
imap`, the next send mails the queue to the players.
"""

from __future__ import annotations

import mailbox
from pathlib import Path

from tests.mail.servers import SmtpSink
from tests.test_two_configs import mails_the_players, trial_host, wtg


def test_servers_written_under_the_maildir_transport_are_said_and_no_mail_goes_astray(
    tmp_path: Path,
) -> None:
    config = trial_host(tmp_path)
    games = tmp_path / "host" / "games"
    with SmtpSink() as sink:
        written = config.read_text(encoding="utf-8") + (
            "imap: {host: 127.0.0.1, port: 1, ssl: false, username: gm@example.org, "
            "password: x}\n"
            f"smtp: {{host: 127.0.0.1, port: {sink.port}, ssl: false, starttls: false}}\n"
        )
        config.write_text(written, encoding="utf-8")
        said = (
            f"transport: maildir in {config}, under its imap: (127.0.0.1:1) and smtp: "
            f"(127.0.0.1:{sink.port}) sections, which are read only with transport: imap: the "
            f"poll reads the folder {games / '.mail' / 'maildir-in'}, not the IMAP mailbox "
            "where the players' mail arrives, and the send puts each mail into the folder "
            f"{games / '.mail' / 'maildir-out'}, where no player gets it. Write transport: "
            "imap in it to play by the servers"
        )
        checked = wtg(config, "check-config")
        assert checked.exit_code == 1
        assert f"FAIL  {said}" in checked.stdout, checked.stdout
        polled = wtg(config, "poll")
        assert polled.stderr.startswith(f"wtg: warning: {said}"), polled.stderr
        sent = wtg(config, "send")
        assert sent.exit_code == 1
        assert (
            f"2 reports queued; 0 mails sent, 2 waiting to be retried, 0 refused for good; "
            f"the mail stays queued: {said}" in sent.stdout
        ), sent.stdout
        out = mailbox.Maildir(games / ".mail" / "maildir-out", create=True)
        assert len(out) == 0
        config.write_text(written.replace("transport: maildir", "transport: imap"), "utf-8")
        mails_the_players(config, sink)


def test_an_smtp_section_with_no_transport_line_is_said_as_the_line_it_lacks(
    tmp_path: Path,
) -> None:
    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text(
        "games_dir: games\n"
        "smtp: {host: 127.0.0.1, port: 2525, ssl: false, starttls: false, "
        'from: "GM <gm@example.org>"}\n',
        encoding="utf-8",
    )
    games = tmp_path / "games"
    polled = wtg(config, "poll")
    assert polled.stderr == (
        f"wtg: warning: no transport: line in {config}, so the transport is maildir (the "
        "default without an imap: section), under its smtp: (127.0.0.1:2525) section, which "
        "is read only with transport: imap: the send puts each mail into the folder "
        f"{games / '.mail' / 'maildir-out'}, where no player gets it. Write transport: imap "
        "in it, and an imap: section for the mailbox the players' mail comes to, to play by "
        f"the servers (`wtg --config {config} check-config` tries them); transport: maildir is "
        "for trying wtg "
        "with files alone, the section commented out\n"
    )
