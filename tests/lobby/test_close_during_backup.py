"""`wtg close-list` while a `wtg backup` copies the mail spool and the lobby's book (it holds
the lock of the games made from the lists for that stretch): refused, as it must be (the
book's copy and the outbox's would disagree), but in the words of a start ("games are being
made from the waiting lists now"), which sent the GM looking for a game being made. It now
says a backup holds the lists (``wtg.lobby.start.busy_words``); given again once the backup
has copied them, the list is closed.

The backup is a real process paused at its copy of the spool (``tests.pausedwtg``)."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.test_kill_taken_off import _template
from tests.pausedwtg import Writing, paused_at
from wtg.lobby.start import BACKUP_LOCK


def test_a_close_while_a_backup_copies_the_book_is_refused_naming_the_backup(
    tmp_path: Path,
) -> None:
    host = tmp_path / "host"
    _template(host)
    config = str(host / "wtg.yaml")
    (tmp_path / "out").mkdir()
    backup = ["--config", config, "backup", "-q", str(tmp_path / "out" / "host.tar.gz")]
    close = ["--config", config, "close-list", "standard-duel"]
    with paused_at(Writing("open", "poll.lock"), backup, tmp_path):  # copying the spool
        refused = killpoints.wtg(close)
        assert refused.returncode == 1
        assert refused.stderr == (
            f"wtg: a backup (`wtg --config {config} backup`) is copying the lobby's book and "
            "the mail spool now; no game is made from the waiting lists meanwhile (the next "
            "`run-turn --due` makes them): give the command again once the backup has copied "
            "them\n"
        )
    assert not (host / "games" / ".people" / BACKUP_LOCK).exists()  # the backup's, gone
    closed = killpoints.wtg(close)
    assert closed.returncode == 0, closed.stderr
    assert closed.stdout.startswith("waiting list standard-duel closed: 2 players")
