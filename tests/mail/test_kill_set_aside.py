"""A player's orders set aside (a mail marked ``Precedence: bulk`` with his right code:
``wtg.mail.incoming.setaside``), its `wtg poll` killed (SIGKILL, no clean-up of any kind) just
before each of its writes, then a poll that finishes: the mail is recorded for the GM once, nothing
is filed, the player gets one notice, and the next such mail of his that day gets none (the
notice goes to an address at most once a day).

Killed after the notice was queued and before the batch's journal commit, the poll read
again found the notice in the outbox and queued nothing, but counted nothing either: the
count of the day went with the uncommitted batch, and his next bulk mail that day got a
second notice.
"""

from __future__ import annotations

import mailbox
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from wtg.game.engine import open_game
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.poll.poller import poll
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.spool.journallists import set_aside

PLAYER = "Player2 <p2@players.example>"
KILLS = 8
"""Kill points spread over the whole run, beside every write from the notice queued to the
journal's commit."""


def bulk_orders(gm: GmConfig, number: int, form: str) -> None:
    """Player 2's orders, mailed by a script of his that marks every mail so."""
    msg = EmailMessage()
    msg["From"] = PLAYER
    msg["To"] = GM
    msg["Subject"] = "Re: [g1] turn 0 report"
    msg["Message-ID"] = f"<bulk{number}@players.example>"
    msg["Precedence"] = "bulk"
    msg.set_content(form)
    mailbox.Maildir(gm.maildir_in, create=True).add(msg)


class Unscheduled(World):
    zone = None
    """No deadline: the later poll is a few hours on, whatever the hour the test runs."""


def host(root: Path) -> GmConfig:
    return config_from_data({"games_dir": "games", "from": GM}, root)


@pytest.fixture(scope="module")
def world_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game g1 of four players, player 2's bulk-marked orders in the inbox, the host's
    config as a file."""
    root = tmp_path_factory.mktemp("world")
    world = Unscheduled(root)
    bulk_orders(world.gm, 1, world.aof(2, X1="100"))
    (root / "wtg.yaml").write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    (root / "form.txt").write_text(world.aof(2, X1="200"), encoding="utf-8")
    return root


def notices(gm: GmConfig) -> list[str]:
    return sorted(p.stem for p in (gm.spool / "outbox" / "queue").glob("setaside-*.eml"))


def check_set_aside_once(gm: GmConfig) -> None:
    """The mail recorded once for the GM, nothing filed, one notice, the inbox empty."""
    assert [(a.game, a.seat, a.why) for a in set_aside(gm.spool, 0)] == [
        ("g1", "2 Player2", "Precedence: bulk")
    ]
    assert open_game(gm.games_dir / "g1").store.pending_orders(1) == {}
    assert len(notices(gm)) == 1
    assert [p for sub in ("new", "cur") for p in (gm.maildir_in / sub).iterdir()] == []


def test_a_set_aside_poll_killed_at_any_write_tells_the_player_once_that_day(
    world_root: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    gm = host(root)
    args = ["--config", str(root / "wtg.yaml"), "poll"]

    fresh = killpoints.restorer(world_root, root)

    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, gm.games_dir, fresh, log=log)
    check_set_aside_once(gm)
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what)
    last = max(n for n, what in enumerate(writes, 1) if what == "sqlite COMMIT")
    chosen = sorted({*killpoints.points(whole.writes, KILLS), *range(first, last + 1)})
    queued_at = 0
    for at, cut in killpoints.cuts(args, gm.games_dir, chosen, fresh):
        queued_at += bool(notices(gm))
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        check_set_aside_once(gm)
        # his script sends again that day: listed again, told no more
        bulk_orders(gm, 2, (root / "form.txt").read_text(encoding="utf-8"))
        summary = poll(
            gm, MaildirInbox(gm.maildir_in), datetime.now(timezone.utc) + timedelta(hours=3)
        )
        assert summary.rejected == 1, (at, cut.before)
        assert len(set_aside(gm.spool, 0)) == 2, (at, cut.before)
        assert len(notices(gm)) == 1, (at, cut.before)
    assert queued_at  # some kills fell after the notice was queued
    print(f"\n{whole.writes} writes, killed before {len(chosen)}; {queued_at} after the notice")
