"""Killing `wtg run-turn --due` (SIGKILL) after it queued the mail that tells a player he
was taken off a waiting list and before it took him off, then running it again once the
cause is gone (the older person whose name his colours read as has another name since):
before, the next start found nothing wrong with him and kept him on the list, and his mail
went out all the same, telling him his JOIN was taken back. Now the start that was cut
short is finished first: he is off the list, told once, and the GM told so."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests import killpoints
from tests.lobby.test_kill_taken_off import _template, _told
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.lists import waiting


def _renamed_older(root: Path) -> None:
    """The cause gone: the older AnnA is called Zed now."""
    with LobbyDatabase(root / "games") as book, book.write() as db:
        db.execute("UPDATE people SET name = 'Zed', name_key = 'zed' WHERE name = 'AnnA'")


def _window(args: list[str], root: Path, log: Path) -> list[int]:
    """The writes from the taken-off mail's to the one taking Ann off the list (the kill
    points inside the window: after the mail, before the entry is gone)."""
    killpoints.count(args, root, log=log)
    lines = killpoints.written(log)
    mail = next(
        i for i, line in enumerate(lines, 1) if "takenoff-" in line and line.endswith(".eml")
    )
    gone = next(i for i, line in enumerate(lines, 1) if "DELETE FROM entries" in line)
    assert mail < gone, lines
    return list(range(mail + 1, gone + 1))


def test_a_start_killed_after_telling_a_player_finishes_taking_him_off(tmp_path: Path) -> None:
    root, fresh = killpoints.from_template(tmp_path, _template)
    args = ["--config", str(root / "wtg.yaml"), "run-turn", "--due"]
    window = _window(args, root, tmp_path / "writes.log")
    for at, _cut in killpoints.cuts(args, root, window, fresh):
        (mail,) = _told(root)  # queued on disk before the kill
        _renamed_older(root)
        again = killpoints.wtg(args)
        assert "Ann taken off (told by mail)" in again.stderr, (at, again.stderr)
        with LobbyDatabase(root / "games") as book:
            left = [w.name for w in waiting(book, "standard-duel")]
        # never both: told he is off, and on the list
        assert left == ["Bob"], (at, left)
        assert _told(root) == [mail], at
    shutil.rmtree(root)
