"""A poll of a real IMAP server files on its helpers (review48b). Since imap48 the poll's
look at the claims and at the folders' marks runs on the poller's thread until the first
search starts the connection's, so that the process forks its helpers: the test of imap48
polled a fake client. Here `wtg poll --jobs 3` polls Dovecot over a real connection, its
helpers forked with the connection open in the poller, and every mail is filed once."""

from __future__ import annotations

import email
from pathlib import Path

from tests import killpoints
from tests.mail.realworld import write_config
from tests.mail.servers import GM_ADDRESS, Dovecot, SmtpSink
from tests.mail.test_kill import SHARING, order_mail, players
from wtg.game.engine import create_game, open_game
from wtg.mail.spool.journal import Journal


def test_a_poll_of_dovecot_forks_its_helpers_and_files_each_mail_once(
    tmp_path: Path, imap: Dovecot, smtp: SmtpSink
) -> None:
    forked = tmp_path / "forked"
    counted = (
        f"{SHARING}\n"
        "import os\n"
        "from wtg.mail.poll import workers\n"
        "_serve = workers._serve\n"
        "def _counted(line, make):\n"
        f"    with open({str(forked)!r}, 'a') as log: log.write(f'{{os.getpid()}}\\n')\n"
        "    return _serve(line, make)\n"
        "workers._serve = _counted\n"
    )
    config = write_config(tmp_path, imap, smtp, confirmations_per_hour=1000)
    games = [
        create_game(tmp_path / "games" / name, "wok4", "classic60", players(name), seed=9)
        for name in ("a", "b", "c")
    ]
    for game in games:
        for pid in range(1, 11):
            imap.append(GM_ADDRESS, order_mail(game, pid, 150, 0))
    args = ["--config", str(config), "poll", "--jobs", "3"]
    done = killpoints.count(args, tmp_path / "games", prelude=counted)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(set(forked.read_text().split())) == 2  # a helper a core beyond the first
    assert imap.fetch_all(GM_ADDRESS, "INBOX") == []
    processed = imap.fetch_all(GM_ADDRESS, "wtg-processed")
    ids = [email.message_from_bytes(raw)["Message-ID"] for raw in processed]
    assert len(ids) == len(set(ids)) == 30
    journal = Journal(tmp_path / "games" / ".mail")
    outcomes = journal.db.execute("SELECT outcome FROM messages").fetchall()
    journal.close()
    assert len(outcomes) == 30 and all(o[0].startswith("stored") for o in outcomes), outcomes
    for game in games:
        pending = open_game(game.store.root).store.pending_orders(1)
        assert sorted(pending) == list(range(1, 11))
