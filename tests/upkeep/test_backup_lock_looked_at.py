"""A backup holding the lists' lock takes ``.people/backup.lock`` too, so that a start of
games or a `close-list` finding the lists busy can say a backup holds them
(``wtg.files.filelock.held_by_another``). That look takes a shared lock on the file for a
moment; a backup that came to take its own just then was refused at once (ListsBusy) and
failed whole. It now waits for the look to end (a moment), and goes on without the mark if
it does not (the mark only words a refusal)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from tests.lobby.hall import Hall
from wtg.lobby.database import FOLDER
from wtg.lobby.start import BACKUP_LOCK
from wtg.upkeep.backup import back_up_host


def test_a_backup_meeting_a_look_at_its_mark_goes_on(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    hall.open_list("wok4", map="small", players=4)
    games = hall.gm.games_dir
    mark = games / FOLDER / BACKUP_LOCK
    fd = os.open(mark, os.O_RDONLY | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # a look, held throughout here
        result = back_up_host(games, tmp_path / "host.tar.gz", wait=5)
    finally:
        os.close(fd)
    assert result.problems == ()
    assert (tmp_path / "host.tar.gz").is_file()
    assert result.manifest["games_not_copied"] == []
