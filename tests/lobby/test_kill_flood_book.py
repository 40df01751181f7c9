"""A poll that lets a stranger's flood of commands go (an address's bound, ``FLOOD_FIRST``
and ``FLOOD_NEWEST``, made 3 and 3 here by a prelude), killed (SIGKILL) just before each of
its writes from the count of the mails not kept on, then a poll that finishes: the book
forgets what the commands of the mails let go did and the journal counts those not
answered, as an uninterrupted poll leaves them; nothing of a player's is lost, every mail
not answered is counted once, and the book and journal open whole."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests import killpoints
from tests.lobby.hall import Hall, address
from wtg.lobby.database import FILE, FOLDER
from wtg.mail.spool.journal import JOURNAL_FILE
from wtg.mail.spool.journallists import unanswered, unanswered_not_listed

BOUND = 3
PRELUDE = (
    f"import wtg.mail.spool.floodcopies as f\nf.FLOOD_FIRST = {BOUND}\nf.FLOOD_NEWEST = {BOUND}\n"
)
MAILS = 16
KILLS = 8
FLOODER = "flood@evil.example"


@pytest.fixture(scope="module")
def flooded_hall(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A hall with a list open whose inbox holds ``MAILS`` JOINs from one stranger, each
    under a new name (3 codes mailed, the rest held back), and a newcomer's JOIN."""
    root = tmp_path_factory.mktemp("hall")
    hall = Hall(root)
    hall.open_list("wok4", players=10)
    for n in range(MAILS):
        hall.mail(FLOODER, f"JOIN wok4 AS Flood{n}")
    hall.mail(address(1), "JOIN wok4 AS Newt")
    hall.config_file()
    return root


def state(root: Path) -> tuple[int, list[str], int, int]:
    """The book's rows of what commands did, the codes waiting, and the journal's mails
    not answered: listed and counted."""
    book = sqlite3.connect(root / "games" / FOLDER / FILE)
    try:
        done = int(book.execute("SELECT COUNT(*) FROM done").fetchone()[0])
        waiting = sorted(str(a) for (a,) in book.execute("SELECT address FROM pending"))
        assert book.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        book.close()
    spool = root / "games" / ".mail"
    journal = sqlite3.connect(spool / JOURNAL_FILE)
    try:
        assert journal.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        journal.close()
    listed = len(unanswered(spool, 0))
    return done, waiting, listed, sum(unanswered_not_listed(spool, 0).values())


def test_a_poll_killed_while_it_forgets_a_floods_commands_is_finished_after(
    flooded_hall: Path, tmp_path: Path
) -> None:
    root = tmp_path / "hall"
    args = ["--config", str(root / "wtg.yaml"), "poll"]
    fresh = killpoints.restorer(flooded_hall, root)
    log = tmp_path / "writes.log"
    whole = killpoints.whole(args, root / "games", fresh, prelude=PRELUDE, log=log)
    after = state(root)
    done, waiting, listed, counted = after
    # the flood's 16 mails: 6 kept, their rows and those of the 3 codes mailed; 10 let go
    assert done <= 2 * BOUND + 3 + 1, after
    assert waiting.count(address(1)) == 1, after
    assert listed + counted == MAILS - 3, after  # every one held back, counted once
    writes = killpoints.written(log)
    first = next(n for n, what in enumerate(writes, 1) if "flood_mails SET dropped" in what)
    forgets = [n for n, w in enumerate(writes, 1) if "DELETE FROM done WHERE mail" in w]
    folds = [n for n, w in enumerate(writes, 1) if "INTO unanswered_folds" in w]
    # the stretch killed in forgets the flood's commands and folds its mails not answered
    assert forgets and folds and first < min(forgets + folds), writes[first - 1 :]
    chosen = set(killpoints.points_between(first, whole.writes, KILLS))
    chosen |= {forgets[0], forgets[-1], forgets[-1] + 1, folds[0], folds[-1] + 1}
    for at in sorted(chosen):
        fresh()
        cut = killpoints.run(args, at, root / "games", prelude=PRELUDE)
        assert cut.killed and cut.writes == at - 1, (at, cut)
        now = state(root)  # whole after the kill
        assert now[2] + now[3] == MAILS - 3, (at, cut.before, now)  # none lost, none twice
        assert now[1] == waiting, (at, cut.before)
        again = killpoints.count(args, root / "games", prelude=PRELUDE)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert state(root) == after, (at, cut.before)
