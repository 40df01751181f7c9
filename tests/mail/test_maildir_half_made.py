"""Issue 25, done when (the lobby fuzz found it): a poll killed while it made the inbox's
``.processed`` or ``.rejected`` folder (the folder made, not its ``tmp``, ``new`` and
``cur``) left it so for good: every later poll handled the mail again and could never move
it out of the inbox. A Maildir a kill left half made is made whole."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall
from wtg.mail.servers.inbox import MaildirInbox


def test_a_maildir_folder_a_kill_left_half_made_is_made_whole(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    inbox = hall.gm.maildir_in
    for folder in (".processed", ".rejected"):
        (inbox / folder).mkdir(mode=0o700)  # what the kill left: the folder, nothing in it
    hall.mail("p1@players.example", "LIST")
    hall.mail("p2@players.example", "CONFIRM ABCDEFGHJK")
    summary = hall.poll()
    assert (summary.seen, summary.rejected) == (2, 1)
    assert list((inbox / "new").iterdir()) == []
    for folder in (".processed", ".rejected"):
        assert len(list((inbox / folder / "cur").iterdir())) == 1
        assert sorted(p.name for p in (inbox / folder).iterdir() if p.is_dir()) == [
            "cur",
            "new",
            "tmp",
        ]
    assert MaildirInbox(inbox).backlog() == 0
