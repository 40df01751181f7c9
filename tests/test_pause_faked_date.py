"""wtg's pauses wait as asked under a date libfaketime sets (CI's year-end run of
tests/test_calendar.py).

Python's ``time.sleep`` fails there (``OSError: [Errno 22] Invalid argument``), and the
loops that look again at what another process holds paused with it: the year-end run's
`run-turn --due` over 50 games failed g01 ("ran 47, failed 3: g01, g07, g31"), its worker
having met the other worker making the mail journal at the same moment (each noting a game
never mailed) and paused before its next try. Each loop is made here to meet a holder on
its first try, which lets go at the second (SQLite's trace of the statement tried again),
in a Python under faketime: no test waits on a time.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.unavailable import unavailable

CHECKOUT = Path(__file__).resolve().parent.parent
MOMENT = "@2026-12-31 23:59:59"
"""The faked date, a second before a new year (any date libfaketime sets will do)."""

HELD_ONCE = """
import contextlib, sqlite3, sys
from pathlib import Path
from wtg.files.sqlitewait import WaitingConnection, wal_mode
from wtg.upkeep.locks import held_within

folder = Path(sys.argv[1])


def let_go_at_second_try(db, holder):
    tries = []

    def traced(statement):
        tries.append(statement)
        if len(tries) == 2:
            holder.commit()

    db.set_trace_callback(traced)
    return tries




def made_wal():  # a journal another process is making: its reader's lock
    holder = sqlite3.connect(folder / "journal.sqlite")
    holder.execute("CREATE TABLE t (x)")
    holder.commit()
    holder.execute("BEGIN")
    holder.execute("SELECT * FROM t").fetchall()
    db = sqlite3.connect(folder / "journal.sqlite", timeout=0)
    tries = let_go_at_second_try(db, holder)
    wal_mode(db)
    return f"{len(tries)} tries, {db.execute('PRAGMA journal_mode').fetchone()[0]}"


def written_patiently():  # a statement refused at once by another's write
    holder = sqlite3.connect(folder / "lobby.sqlite", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    db = sqlite3.connect(folder / "lobby.sqlite", timeout=0, factory=WaitingConnection)
    db.isolation_level = None
    tries = let_go_at_second_try(db, holder)
    db.execute("BEGIN IMMEDIATE")
    db.execute("CREATE TABLE t (x)")
    db.execute("COMMIT")
    rows = db.execute("SELECT count(*) FROM t").fetchone()[0]
    return f"{tries.count('BEGIN IMMEDIATE')} tries, {rows} rows"


def held_at_second_take():  # `wtg backup --wait`: a lock busy at the first try
    takes = []

    @contextlib.contextmanager
    def take():
        takes.append(1)
        if len(takes) == 1:
            raise TimeoutError("busy")
        yield

    with held_within(take, TimeoutError, float("inf"), lambda: None) as held:
        return f"{len(takes)} tries, {'held' if held else 'busy'}"


for loop in (made_wal, written_patiently, held_at_second_take):
    try:
        print(f"{loop.__name__}: {loop()}")
    except Exception as exc:
        print(f"{loop.__name__}: {exc!r}")
"""


def test_a_loop_that_meets_another_holder_pauses_and_tries_again_on_a_faked_date(
    tmp_path: Path,
) -> None:
    if shutil.which("faketime") is None:
        unavailable("libfaketime is not installed (apt-get install faketime)")
    env = {
        "TZ": "UTC",
        "DONT_FAKE_MONOTONIC": "1",
        "FAKETIME_DONT_RESET": "1",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        ["faketime", "-f", MOMENT, sys.executable, "-c", HELD_ONCE, str(tmp_path)],
        cwd=CHECKOUT,
        env={**env, "PYTHONPATH": str(CHECKOUT), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "made_wal: 2 tries, wal",
        "written_patiently: 2 tries, 0 rows",
        "held_at_second_take: 2 tries, held",
    ]
