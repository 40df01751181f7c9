"""`wtg poll --idle` whose games folder the GM moves away while it runs (to another disk,
aside before a `wtg restore`): it stops, saying so, and makes no new games folder of the
old name (its next poll made one, with a mail spool, and filed the players' mail there,
for no game)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from wtg.core.errors import UsageError
from wtg.host.config import GmConfig, load_config
from wtg.mail.poll.idle import idle
from wtg.mail.servers.inbox import Inbox, MaildirInbox


class MovesAway(MaildirInbox):
    """A maildir whose games folder is moved away (or replaced) in its first wait; the
    second wait ends the loop, so that a loop that goes on ends too."""

    def __init__(self, inner: MaildirInbox, games: Path, stop: threading.Event, swap: bool):
        self.__dict__.update(inner.__dict__)
        self.games = games
        self.stop = stop
        self.swap = swap

    def wait(self, timeout: float, stop: threading.Event) -> bool:
        if self.games.exists() and not (self.games.parent / "games-old").exists():
            self.games.rename(self.games.parent / "games-old")
            if self.swap:
                self.games.mkdir()
            return True
        self.stop.set()
        return False


def host(tmp_path: Path) -> GmConfig:
    (tmp_path / "games").mkdir()
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: gm@wtg.example\n", encoding="utf-8")
    return load_config(config)


@pytest.mark.parametrize("swap", [False, True])
def test_a_games_folder_moved_away_stops_the_idle_poll(tmp_path: Path, swap: bool) -> None:
    gm = host(tmp_path)
    stop = threading.Event()

    def connect(config: GmConfig) -> Inbox:
        return MovesAway(MaildirInbox(config.maildir_in), config.games_dir, stop, swap)

    with pytest.raises(UsageError) as stopped:
        idle(gm, stop, lambda _line: None, wait=0.01, connect=connect)
    if swap:
        assert str(stopped.value) == (
            f"the games folder {gm.games_dir} is another folder than the one wtg poll --idle "
            "started on (moved, or another put in its place, while it ran): wtg poll --idle "
            "stops; start it again to serve the folder there now"
        )
        assert list(gm.games_dir.iterdir()) == []
    else:
        assert str(stopped.value) == (
            f"the games folder {gm.games_dir} is gone (moved or removed while wtg poll --idle "
            "ran): wtg poll --idle stops rather than make a new one; correct games_dir in the "
            "config if it moved, then start wtg poll --idle again"
        )
        assert not gm.games_dir.exists()
    assert (tmp_path / "games-old" / ".mail" / "maildir-in").is_dir()
