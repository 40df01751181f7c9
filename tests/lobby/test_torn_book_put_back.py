"""The line a torn lobby's book is said in told the GM to "restore it from a backup (`wtg
restore`)", and `wtg restore` restores a whole host into an empty folder only: the GM had
no step that puts back the book alone. Now the line gives the steps, and this test follows
them as a GM would, word for word: the book put back is whole, 0600, and the lobby works."""

from __future__ import annotations

import re
import shlex
import stat
import subprocess
from pathlib import Path

from tests.gmtyped import ann_and_bob_host, wtg
from wtg.lobby.database import FILE, FOLDER


def test_the_steps_the_torn_book_line_gives_put_the_book_back(tmp_path: Path) -> None:
    config = ann_and_bob_host(tmp_path / "host")
    assert wtg("--config", config, "open-list", "wok4").exit_code == 0
    backup = tmp_path / "backups" / "host.tar.gz"
    backup.parent.mkdir()
    assert wtg("--config", config, "backup", "-q", backup).exit_code == 0
    book = tmp_path / "host" / "games" / FOLDER / FILE
    book.write_bytes(b"written over " * 1000)
    refused = wtg("--config", config, "lists")
    assert refused.exit_code == 1

    found = re.search(
        r"^wtg: the lobby's book (.*) cannot be read .* then `(.*?)` \(", refused.stderr
    )
    assert found is not None, refused.stderr
    folder = Path(found.group(1)).parent  # "in its folder"
    assert folder == book.parent
    (folder / FILE).rename(tmp_path / "torn.sqlite")  # no -wal nor -shm beside it here
    command = found.group(2).replace("BACKUP.tar.gz", shlex.quote(str(backup)))
    subprocess.run(["sh", "-c", command], check=True, cwd=folder)

    assert stat.S_IMODE(book.stat().st_mode) == 0o600
    listed = wtg("--config", config, "lists")
    assert listed.exit_code == 0, listed.output
    assert "wok4" in listed.stdout
