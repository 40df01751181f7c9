"""The journal's records of mails set aside (``set_aside``, ``aside_arrived``, ``aside_filed``)
were never dropped: a row for every mail ever set aside, for as long as the host ran. Now
each poll drops, with the replies no limit reads, those nobody needs (``ASIDE_KEPT`` after
the GM filed the mail, or after it was set aside once its kept mail or its game is gone),
in one transaction; a mail the GM has not filed, whose kept mail is there, stays listed and
fileable as of its arrival however old."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests import killpoints
from tests.mail.loop import GM, World
from tests.mail.test_set_aside_filing import mail_at, pending_meta
from tests.mail.test_set_aside_orders import wtg
from wtg.mail.spool.journal import ASIDE_KEPT, JOURNAL_FILE, Journal
from wtg.mail.spool.journallists import set_aside, set_aside_entries

DAY = timedelta(days=1)
KEPT = timedelta(seconds=ASIDE_KEPT)
ASIDE = ("set_aside", "aside_arrived", "aside_filed")
TABLES = (*ASIDE, "replies", "unanswered")


def rows(spool: Path, tables: tuple[str, ...] = TABLES) -> dict[str, list[tuple[object, ...]]]:
    """The rows of the tables the pruning touches, each table's sorted."""
    db = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall()) for t in tables}
    finally:
        db.close()


def test_records_go_once_nobody_needs_them_and_an_unfiled_kept_mail_stays(
    tmp_path: Path,
) -> None:
    world = World(tmp_path)
    now = datetime.now(timezone.utc).replace(microsecond=0)
    filed_at, kept_at, lost_at = (now - timedelta(hours=h) for h in (4, 3, 2))
    mail_at(world, filed_at, world.aof(2, X1="100"), Precedence="bulk")
    world.poll(now - timedelta(minutes=230))
    (filed,) = set_aside(world.gm.spool, 0)
    assert wtg(world, "orders", str(world.game.store.root), filed.archive).exit_code == 0
    mail_at(world, kept_at, world.aof(2, X1="150"), Precedence="bulk")
    mail_at(world, lost_at, world.aof(2, X1="120"), Precedence="bulk")
    world.poll(now - timedelta(minutes=100))
    # one poll set both aside at one moment: told apart by their orders, not by the list's
    # order (the tie falls to the maildir names, which do not sort by time)
    lost, kept = sorted(set_aside(world.gm.spool, 0), key=lambda e: b"X1: 150" in _body(e.archive))
    Path(lost.archive).unlink()  # the GM cleared the archive's old months
    # a mail for a game since removed from the host (its folder gone), its mail kept
    removed = world.gm.spool / "archive" / "removed.eml"
    shutil.copyfile(kept.archive, removed)
    journal = Journal(world.gm.spool)
    journal.set_aside("maildir:gone", "g9", "1 Else", "Precedence: bulk", str(removed), kept.at)
    journal.commit()
    journal.close()
    everything = rows(world.gm.spool, ASIDE)
    assert len(everything["set_aside"]) == 4 and len(everything["aside_filed"]) == 1

    world.poll(now + KEPT - DAY)  # not yet: every record stays
    assert rows(world.gm.spool, ASIDE) == everything

    world.poll(now + KEPT + DAY)
    left = rows(world.gm.spool, ASIDE)
    assert [(e.key, e.game) for e in set_aside_entries(world.gm.spool)] == [(kept.key, "g1")]
    assert [row[0] for row in left["aside_arrived"]] == [kept.key]
    assert left["aside_filed"] == []
    assert set_aside(world.gm.spool, 0) == [kept]  # still listed, not filed

    given = wtg(world, "orders", str(world.game.store.root), kept.archive)
    assert given.exit_code == 0, given.output
    assert f"the mail arrived {kept_at:%Y-%m-%d %H:%M:%S} UTC: filed as of then" in given.stderr
    assert pending_meta(world)["received"] == f"{kept_at:%Y-%m-%dT%H:%M:%S}Z"
    assert "150" in world.game.store.pending_orders(1)[2].read_text(encoding="utf-8")
    assert set_aside(world.gm.spool, 0) == []


def test_a_game_folder_that_cannot_be_read_keeps_the_records_of_missing_games(
    tmp_path: Path,
) -> None:
    """A game the poll cannot find by name while a folder of the games folder cannot be
    read may be that folder's: its record stays."""
    world = World(tmp_path)
    broken = world.gm.games_dir / "g2"
    broken.mkdir()
    (broken / "game.yaml").write_text("game: [not, a, game\n", encoding="utf-8")
    kept = world.gm.spool / "archive" / "kept.eml"
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text("Subject: orders\n\nX1: 100\n", encoding="utf-8")
    old = (datetime.now(timezone.utc) - KEPT - DAY).timestamp()
    journal = Journal(world.gm.spool)
    journal.set_aside("maildir:g7", "g7", "1 Ann", "Precedence: bulk", str(kept), old, "k", old)
    journal.commit()
    journal.close()
    world.poll(datetime.now(timezone.utc))
    assert [e.game for e in set_aside_entries(world.gm.spool)] == ["g7"]
    shutil.rmtree(broken)  # mended: the games folder holds no game g7
    world.poll(datetime.now(timezone.utc))
    assert set_aside_entries(world.gm.spool) == []
    assert rows(world.gm.spool)["aside_arrived"] == []


@pytest.fixture(scope="module")
def old_records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host whose journal holds, from long ago, a mail set aside and filed, one not filed
    whose mail is kept, one whose mail is gone, one of a game removed, old replies and a
    mail not answered."""
    root = tmp_path_factory.mktemp("host")
    world = World(root)
    (root / "wtg.yaml").write_text(f"games_dir: games\nfrom: {GM}\n", encoding="utf-8")
    old = (datetime.now(timezone.utc) - KEPT - DAY).timestamp()
    # the month the poll would have archived them in, as it names its folders
    month = world.gm.spool / "archive" / datetime.fromtimestamp(old, timezone.utc).strftime("%Y-%m")
    month.mkdir(parents=True)
    journal = Journal(world.gm.spool)
    for key, game in (("filed", "g1"), ("kept", "g1"), ("lost", "g1"), ("removed", "g9")):
        mail = month / f"{key}.eml"
        if key != "lost":
            mail.write_text("Precedence: bulk\n\nX1: 100\n", encoding="utf-8")
        journal.set_aside(key, game, "2 Bob", "Precedence: bulk", str(mail), old, key, old)
    journal.aside_filed("filed", "g1", old)
    for sender in ("p1@players.example", "p2@players.example"):
        journal.replied(sender, old)
    journal.db.execute(  # a mail not answered, handled long ago: no digest reads it
        "INSERT INTO unanswered (key, outcome, at) VALUES (?, ?, ?)",
        ("unanswered", "not answered: reply limit: the help (replies_per_hour)", old),
    )
    journal.commit()
    journal.close()
    return root


def test_a_poll_killed_while_it_prunes_leaves_all_of_it_or_none(
    old_records: Path, tmp_path: Path
) -> None:
    root = tmp_path / "host"
    spool = root / "games" / ".mail"
    args = ["--config", str(root / "wtg.yaml"), "poll"]

    fresh = killpoints.restorer(old_records, root)

    fresh()
    before = rows(spool)
    log = tmp_path / "writes.log"
    killpoints.whole(args, root / "games", log=log)
    after = rows(spool)
    assert [row[0] for row in after["set_aside"]] == ["kept"]
    assert [row[0] for row in after["aside_arrived"]] == ["kept"]
    assert after["aside_filed"] == after["replies"] == after["unanswered"] == []
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if what.startswith("sqlite DELETE"))
    commit = next(n for n, what in enumerate(writes, 1) if n > first and what == "sqlite COMMIT")
    assert commit - first >= 5, writes  # each step of the pruning its own statement
    for at, cut in killpoints.cuts(args, root / "games", range(first, commit + 2), fresh):
        assert rows(spool) == (after if at > commit else before), (at, cut.before)
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert rows(spool) == after, (at, cut.before)


def _body(archive: str) -> bytes:
    return Path(archive).read_bytes()
