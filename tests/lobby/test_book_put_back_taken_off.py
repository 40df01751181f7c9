"""The lobby's book put back from a backup (`wtg backup`, then `wtg restore` and its
`.people/people.sqlite` copied over the host's, as a GM goes back to a copy) taken before a
start wrote Ann's `leaving` row, while the outbox keeps the mail that told her she is off
the list: the book has her waiting, with no row to finish. Once the cause is gone (the older
AnnA renamed), the next start found nothing wrong with her and made the list's game with
her in it, while her mail said she waited on it no more. Now the start reads the outbox:
she is taken off as her mail says, no second mail, the GM told, and Bob waits on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests import killpoints
from tests.lobby.test_kill_taken_off import _template, _told
from tests.lobby.test_kill_taken_off_cause_gone import _renamed_older
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase
from wtg.lobby.lists import waiting


def _wtg(*args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    done = killpoints.wtg(args)
    assert done.returncode == code, (args, done.stdout, done.stderr)
    return done


def test_a_book_put_back_from_before_the_leaving_row_follows_the_mail(tmp_path: Path) -> None:
    host = tmp_path / "host"
    _template(host)
    config = str(host / "wtg.yaml")
    backup = tmp_path / "host.tar.gz"
    _wtg("--config", config, "backup", "-q", str(backup))
    took = _wtg("--config", config, "run-turn", "--due", code=1)
    assert "Ann taken off (told by mail)" in took.stderr
    (mail,) = _told(host)  # queued, not yet mailed
    restored = tmp_path / "restored"
    _wtg("restore", str(backup), "--games-dir", str(restored))
    book = host / "games" / FOLDER / FILE
    for side in ("-wal", "-shm"):
        Path(f"{book}{side}").unlink(missing_ok=True)
    shutil.copyfile(restored / FOLDER / FILE, book)  # the book as it was: Ann waits
    with LobbyDatabase(host / "games") as people:
        assert [w.name for w in waiting(people, "standard-duel")] == ["Ann", "Bob"]
    _renamed_older(host)  # the cause gone: nothing would take her off now
    again = _wtg("--config", config, "run-turn", "--due", code=1)
    assert (
        "waiting list standard-duel: Ann taken off, as the mail in the outbox tells him"
        in again.stderr
    ), again.stderr
    with LobbyDatabase(host / "games") as people:
        assert [w.name for w in waiting(people, "standard-duel")] == ["Bob"]
    assert not (host / "games" / "standard-duel-1").exists()  # no game made with her
    assert _told(host) == [mail]  # told once
    quiet = _wtg("--config", config, "run-turn", "--due")  # nothing more to say
    assert "Ann" not in quiet.stderr
