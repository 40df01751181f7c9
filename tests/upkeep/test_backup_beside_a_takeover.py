"""`wtg backup` and a `wtg poll` that reads a newcomer's CONFIRM of a takeover, two real
processes: the backup is stopped after it copied the lobby's book and before the games, and
the poll runs whole meanwhile (the backup holds the poll's lock only while it copies the
spool and the book: docs/gm.md). The copy of the game then gives seat 3 to the newcomer,
the copy of the book still offers it, his code still waiting and the quitter still playing
it. Before, the host restored from that backup kept the book so: the seat offered to all
though nobody could take it, the newcomer in no play of the book. Now `wtg restore` writes
the takeover into the book as the poll's own transaction did (the offer taken, the
quitter's play ended as replaced, the newcomer's recorded) and tells the GM; the newcomer's
CONFIRM read again by the restored host (here the maildir in the spool had it still) is
answered as the takeover was, with the seat's code, the table told: the mails of the poll
were queued after the spool's copy, and are not in the backup.
"""

from __future__ import annotations

from pathlib import Path

from tests import killpoints
from tests.lobby.killedpolls import NEWCOMER, confirm_waiting, outbox_mails
from tests.pausedwtg import Entering, paused_at
from wtg.game.engine import open_game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offers


def plays(games: Path) -> list[tuple[str, int, str | None]]:
    """The plays of wok4-1's seat 3 in the book: (person's name, seat, result), by name."""
    with LobbyDatabase(games) as book:
        rows = book.rows(
            "SELECT people.name, plays.seat, plays.result FROM plays JOIN people ON "
            "people.id = plays.person WHERE plays.game = ? AND plays.seat = 3 ORDER BY people.name",
            "wok4-1",
        )
    return [(str(r[0]), int(r[1]), r[2]) for r in rows]


def waiting_codes(games: Path) -> int:
    with LobbyDatabase(games) as book:
        row = book.row("SELECT count(*) FROM pending WHERE kind = 'takeover'")
    assert row is not None
    return int(row[0])


def book_offers(games: Path) -> list[tuple[str, int, str]]:
    with LobbyDatabase(games) as book:
        return offers(book)


def test_a_takeover_beside_a_backup_is_in_the_restored_book(tmp_path: Path) -> None:
    host = confirm_waiting(tmp_path / "host")
    games = host / "games"
    config = str(host / "wtg.yaml")
    before_plays = plays(games)
    assert book_offers(games) and waiting_codes(games) == 1
    archive = tmp_path / "host.tar.gz"
    backup = ["--config", config, "backup", "-q", str(archive)]
    copied = Entering("wtg.upkeep.backup:_Backup._games")  # the book copied
    with paused_at(copied, backup, tmp_path):
        polled = killpoints.wtg(["--config", config, "poll"])
        assert polled.returncode == 0, polled.stderr
        assert open_game(games / "wok4-1").config.player(3).name == "Newcomer"
        assert book_offers(games) == [] and waiting_codes(games) == 0
    host_plays = plays(games)  # the host itself: what the restored book must say
    assert [(name, result) for name, _seat, result in host_plays] == sorted(
        [*((name, "replaced") for name, _seat, _result in before_plays), ("Newcomer", None)]
    )
    restored = tmp_path / "restored"
    done = killpoints.wtg(["restore", str(archive), "--games-dir", str(restored)])
    assert done.returncode == 0, done.stderr
    game = open_game(restored / "wok4-1")
    assert (game.config.player(3).name, game.config.player(3).email) == ("Newcomer", NEWCOMER)
    assert book_offers(restored) == []
    assert waiting_codes(restored) == 1  # his request kept: his CONFIRM read again settles it
    assert plays(restored) == host_plays
    told = f"  - game wok4-1, seat 3: taken over by Newcomer <{NEWCOMER}> at "
    (line,) = [line for line in done.stdout.splitlines() if line.startswith(told)]
    assert line.endswith(
        "after the backup copied the lobby's book and before it copied the game; the book "
        "now says so too (the offer taken, his play recorded). The mails that poll queued "
        "(his, with the seat's code; the table's) are not in the backup: move his CONFIRM "
        "back to the inbox with the rest, and the first poll answers it as the takeover was; "
        "without it, `wtg new-code wok4-1 --player 3` mails him a new code"
    ), line
    # restored again (the same archive into a new folder): the same, once
    again = killpoints.wtg(["restore", str(archive), "--games-dir", str(tmp_path / "again")])
    assert again.returncode == 0, again.stderr
    assert plays(tmp_path / "again") == host_plays
    # the restored host's first poll reads the CONFIRM again (the maildir the spool holds
    # had it still): the newcomer is answered as the takeover was, with the seat's code
    config_copy = restored / ".restored" / "wtg.yaml"
    repoll = killpoints.wtg(["--config", str(config_copy), "poll"])
    assert repoll.returncode == 0, repoll.stderr
    assert waiting_codes(restored) == 0
    assert plays(restored) == host_plays
    to_him = [m for m in outbox_mails(restored, "queue") if m.to == NEWCOMER]
    (welcome,) = [m for m in to_him if "you play seat 3 now" in m.subject]
    assert game.config.player(3).code in welcome.body
    assert not [m for m in to_him if "not done" in m.subject]
    table = {m.to for m in outbox_mails(restored, "queue") if "takes over seat 3" in m.subject}
    assert table == {p.email for p in game.config.players if p.id != 3}
