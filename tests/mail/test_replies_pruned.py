"""The journal's replies (each answer, counted for the limits) are pruned once a poll: those
older than any limit reads go, and the limits still hold."""

from __future__ import annotations

import ast
import sqlite3
from datetime import timedelta
from pathlib import Path

import wtg.mail
from tests.mail.loop import NOW, World
from tests.mail.test_set_aside_orders import bulk_orders
from wtg.mail.incoming import answers, sameanswer, setaside
from wtg.mail.spool.journal import JOURNAL_FILE, REPLIES_KEPT, Journal


def replies(world: World) -> list[tuple[str, float]]:
    db = sqlite3.connect(world.gm.spool / JOURNAL_FILE)
    try:
        return [(str(s), float(a)) for s, a in db.execute("SELECT sender, at FROM replies")]
    finally:
        db.close()


def test_old_replies_go_and_the_once_a_day_notice_still_holds(tmp_path: Path) -> None:
    world = World(tmp_path)
    journal = Journal(world.gm.spool)
    ancient = [NOW - timedelta(days=d) for d in (3, 30, 700)]
    for moment in ancient:
        journal.replied("p9@players.example", moment.timestamp())
    journal.commit()
    journal.close()
    bulk_orders(world)
    world.poll(NOW)
    assert len(world.outbox()) == 1  # the notice of the orders set aside
    kept = replies(world)
    assert all(at >= NOW.timestamp() for _, at in kept) and kept  # the years of replies gone

    # 23 hours on: the notice's count is kept, and holds the next notice back
    bulk_orders(world)
    world.poll(NOW + timedelta(hours=23))
    assert len(world.outbox()) == 1
    assert [at for _, at in replies(world)] == [at for _, at in kept]
    # a day and more on: told again; 3 days on the first day's count is gone
    bulk_orders(world)
    world.poll(NOW + timedelta(hours=25))
    assert len(world.outbox()) == 2
    world.poll(NOW + timedelta(days=3))
    assert [at for _, at in replies(world)] == [(NOW + timedelta(hours=25)).timestamp()] * len(kept)


def test_no_limit_reads_further_back_than_the_replies_are_kept() -> None:
    windows = [answers.WINDOW, answers.DAY, sameanswer.DAY, setaside.NOTICE_WINDOW]
    assert max(windows) * 2 == REPLIES_KEPT
    # every window passed to the answers' limits is one of those (no literal of its own)
    for path in Path(wtg.mail.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "window":
                assert isinstance(node.value, (ast.Name, ast.Attribute)), (path, node.lineno)
                name = node.value.id if isinstance(node.value, ast.Name) else node.value.attr
                assert name in ("WINDOW", "DAY", "NOTICE_WINDOW", "window"), (path, name)
