"""What the lobby's kill tests share (``test_kill_takeover``, ``test_kill_reply_takeover``,
``test_kill_lobby_mails``, ``test_kill_game_start``, ...): a host copied afresh from the
module's hall before each run, its `wtg poll` killed (SIGKILL, no clean-up of any kind)
just before a chosen write, then a poll that finishes; a host whose waiting list is full,
for `wtg run-turn --due` killed as it starts the game; and what they read back of it (the
mails of its outbox, its inbox, a seat the newcomer took over)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

from tests import killpoints
from tests.lobby.hall import Hall, Mail, address
from tests.lobby.test_lobby_replay import seat_offered, waits
from wtg.game.engine import open_game
from wtg.lobby.database import LobbyDatabase
from wtg.lobby.seats import offers
from wtg.mail.outgoing.outbox import queue_order

NEWCOMER = address(9)


class KilledPolls:
    """`wtg poll` of a copy of the host at ``pristine``, made at ``tmp_path / "host"``."""

    def __init__(self, pristine: Path, tmp_path: Path) -> None:
        self.pristine = pristine
        self.host = tmp_path / "host"
        self.games = self.host / "games"
        self.poll = ["--config", str(self.host / "wtg.yaml"), "poll"]

    def fresh(self) -> None:
        """The host copied afresh."""
        shutil.rmtree(self.host, ignore_errors=True)
        shutil.copytree(self.pristine, self.host)

    def whole(self, log: Path | None = None) -> killpoints.Run:
        """A fresh host's poll run to its end, its writes counted (``log``: what each was)."""
        self.fresh()
        run = killpoints.count(self.poll, self.games, log=log)
        assert run.returncode == 0, run.stderr
        return run

    def writes(self, log: Path) -> list[str]:
        """What each write of a fresh host's whole poll was (``whole`` with ``log``)."""
        self.whole(log)
        return killpoints.written(log)

    def killed(self, at: int) -> killpoints.Run:
        """A fresh host's poll killed just before its ``at``-th write."""
        self.fresh()
        cut = killpoints.run(self.poll, at, self.games)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        return cut

    def wtg(self, *args: str) -> subprocess.CompletedProcess[str]:
        """`wtg --config HOST/wtg.yaml ARGS`, its output kept."""
        config = ["--config", str(self.host / "wtg.yaml")]
        return killpoints.wtg([*config, *args])

    def finish(self, cut: killpoints.Run) -> None:
        """The poll after the killed ``cut``, run to its end."""
        again = self.wtg("poll")
        assert again.returncode == 0, (cut.writes + 1, cut.before, again.stderr)


def newcomer_asked(hall: Hall) -> tuple[str, Mail]:
    """The game wok4-1 of ``hall`` offering its quit seat 3 (``seat_offered``), and the
    newcomer's JOIN of it as Newcomer answered: the game's name and the answer (its code to
    CONFIRM)."""
    hall.now = datetime.now(timezone.utc)
    name = seat_offered(hall)
    hall.now = datetime.now(timezone.utc)
    ask = hall.answer(NEWCOMER, f"JOIN {name} AS Newcomer", hours=0)
    return name, ask


def confirm_waiting(root: Path) -> Path:
    """A host at ``root`` whose game wok4-1 offers its quit seat 3, and the newcomer's
    CONFIRM of his JOIN of it waiting in the inbox, its config file written: ``root``."""
    hall = Hall(root)
    _name, ask = newcomer_asked(hall)
    hall.mail(NEWCOMER, f"CONFIRM {ask.code()}")
    hall.config_file()
    return root


def write_number(writes: list[str], *ends: str) -> int:
    """The number (from 1) of the first of ``writes`` to a path ending with one of ``ends``."""
    return next(n for n, w in enumerate(writes, 1) if w.endswith(ends))


def list_full(tmp_path: Path) -> tuple[list[str], Path, Path]:
    """A host at ``tmp_path`` whose two-player wok4 list on the small map is full (Lord1 and
    Lord2 wait on it), its games folder copied to ``tmp_path / "snapshot"``: the arguments
    of the `wtg run-turn --due` that starts its game, the games folder and the copy."""
    hall = Hall(tmp_path)
    hall.now = datetime.now(timezone.utc)
    hall.open_list("wok4", map="small", players=2)
    for number in (1, 2):
        waits(hall, "wok4", f"Lord{number}", address(number))
    args = ["--config", str(hall.config_file()), "run-turn", "--due", "--jobs", "1"]
    snapshot = tmp_path / "snapshot"
    shutil.copytree(hall.gm.games_dir, snapshot)
    return args, hall.gm.games_dir, snapshot


def made_once_by_the_next_run(args: list[str], games: Path, write: int) -> None:
    """The `wtg run-turn --due` of ``args`` run after a kill (at ``write``) that left
    ``wok4-1`` half made: it ends 0 and says it made ``wok4-1``, no ``wok4-2``, the list's
    count of games 1, both players bound to ``wok4-1``."""
    after = killpoints.count(args, games)
    assert after.returncode == 0, (write, after)
    assert "game wok4-1 made from the waiting list wok4" in after.stdout.splitlines(), (
        write,
        after.stdout,
    )
    assert not (games / "wok4-2").exists(), write
    with LobbyDatabase(games) as book:
        (row,) = book.rows("SELECT games FROM lists WHERE name = 'wok4'")
        assert row["games"] == 1, write
        bound = book.rows("SELECT game FROM entries")
        assert sorted(str(r["game"]) for r in bound) == ["wok4-1", "wok4-1"], write


def outbox_mails(games: Path, folders: str = "*") -> list[Mail]:
    """The mails in the outbox's ``folders`` (a glob: ``*`` all, ``queue`` the poll's
    answers not yet sent), each read whole, each folder's in the order a send mails them."""
    outbox = games / ".mail" / "outbox"
    found = sorted(
        outbox.glob(f"{folders}/*.eml"), key=lambda p: (p.parent.name, queue_order(p.name))
    )
    return [Mail(path.read_bytes()) for path in found]


def addressed(games: Path, folders: str = "*") -> Counter[tuple[str, str]]:
    """The mails in the outbox's ``folders`` (``outbox_mails``) as (to, subject), counted."""
    return Counter((mail.to, mail.subject) for mail in outbox_mails(games, folders))


def inbox_left(games: Path) -> list[Path]:
    """The mails still in the host's inbox."""
    inbox = games / ".mail" / "maildir-in"
    return [path for sub in ("new", "cur") for path in (inbox / sub).iterdir()]


def taken_over(games: Path, folders: str) -> list[Mail]:
    """Checks that the newcomer took wok4-1's seat 3 over as Newcomer, once (game.yaml,
    one record, the offer taken, the inbox empty); the mails of the outbox's ``folders``
    to him that carry the seat's code."""
    game = open_game(games / "wok4-1")
    entry = game.config.player(3)
    assert (entry.name, entry.email) == ("Newcomer", NEWCOMER)
    record = json.loads((game.store.turn_dir(1) / "takeovers.json").read_text(encoding="utf-8"))
    assert [(r["seat"], r["name"]) for r in record] == [(3, "Newcomer")]
    with LobbyDatabase(games) as book:
        assert offers(book) == []
    assert inbox_left(games) == []
    return [
        mail
        for mail in outbox_mails(games, folders)
        if mail.to == NEWCOMER and f"CODE: {entry.code}" in mail.body.replace("CODE:  ", "CODE: ")
    ]
