"""`wtg backup` and a `run-turn --due` that takes a player off a waiting list, two real
processes: the backup is stopped after it copied the mail spool (the outbox) and before the
lobby's book, and the due run runs whole meanwhile. Before, the start queued Ann's mail
telling her she is off the list (after the outbox's copy) and took her off (before the
book's): the host restored from that backup had her off the list and no mail telling her,
a JOIN of hers dropped without a word. Now the backup holds the lock of the games made from
the lists from the spool's copy to the book's: the start waits for the next run, and the
restored host has her waiting, her mail not queued, the next start's to do. The due run says
that a backup held the lists (kill26 left it silent)."""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.test_kill_taken_off import _template, _told
from tests.pausedwtg import Entering, paused_at
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


def _waiting(games: Path) -> list[str]:
    with LobbyDatabase(games) as book:
        return [w.name for w in waiting(book, "standard-duel")]


def test_a_start_beside_a_backup_leaves_a_copy_that_tells_the_player(tmp_path: Path) -> None:
    host = tmp_path / "host"
    _template(host)  # the next due run takes Ann off, her mail queued first
    config = str(host / "wtg.yaml")
    archive = tmp_path / "host.tar.gz"
    backup = ["--config", config, "backup", "-q", str(archive)]
    copied = Entering("wtg.upkeep.backup:_Backup._book")  # the spool copied
    with paused_at(copied, backup, tmp_path):
        due = killpoints.wtg(["--config", config, "run-turn", "--due"])
        assert due.returncode == 0, due.stderr  # the lists' start left to the next run
        # and said so (before, nothing was said: the GM saw no game made, and no why)
        assert due.stdout == (
            f"lobby: a backup (`wtg --config {config} backup`) is copying the lobby's book and "
            "the mail spool now; no game is made from the waiting lists meanwhile (the next "
            "`run-turn --due` makes them)\n"
        ), (due.stdout, due.stderr)
        # cron's -q: nothing for the GM to do, so nothing said (the next run makes them)
        cron = killpoints.wtg(["--config", config, "run-turn", "--due", "-q"])
        assert (cron.returncode, cron.stdout, cron.stderr) == (0, "", ""), cron
        assert _told(host) == [] and _waiting(host / "games") == ["Ann", "Bob"]
    restored = tmp_path / "restored"
    done = killpoints.wtg(["restore", str(archive), "--games-dir", str(restored)])
    assert done.returncode == 0, done.stderr
    # waiting and untold, or off and told: never off the list without the mail
    assert _waiting(restored) == ["Ann", "Bob"]
    assert not list((restored / ".mail" / "outbox").rglob("takenoff-*.eml"))
    # the host itself: the next due run takes her off, told once
    after = killpoints.wtg(["--config", config, "run-turn", "--due"])
    assert "Ann taken off (told by mail)" in after.stderr, after.stderr
    assert len(_told(host)) == 1 and _waiting(host / "games") == ["Bob"]
