"""Benchmark: what a stranger's flood of commands grows the host's files by: the lobby's
book and the mail journal (each with its -wal), after each half of a flood.

    .venv/bin/python bench/bench_flood_files.py [--mails 4000] [--many]

The flood goes through the poll on the maildir transport, as the lobby's tests mail
(tests/lobby/hall.py), 100 mails a poll five minutes apart, each a command in turn of
JOIN under a new name, JOIN, WITHDRAW, HELP, LIST, a CONFIRM of a guessed code and a STATUS:
from one address, or (``--many``) each from an address and domain of its own. It prints the
files' bytes and the rows of the tables a flood writes after each half; a flood the host
bounds grows neither file in its second half but by the rows the hours add (the answers
mailed, the codes waiting). tests/lobby/test_flood_book_bounded.py asserts the bound.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ importable

from tests.lobby.hall import Hall, ann_and_bob  # noqa: E402
from tests.lobby.test_flood_book_bounded import flood, sizes  # noqa: E402
from wtg.lobby.database import FILE, FOLDER  # noqa: E402
from wtg.mail.spool.journal import JOURNAL_FILE  # noqa: E402

TABLES = {
    "book": ("done", "pending"),
    "journal": ("messages", "unanswered", "flood_mails", "flood_counts", "replies"),
}


def rows(path: Path, tables: tuple[str, ...]) -> str:
    """The rows of each of ``tables`` of the database at ``path`` (a table it lacks: -)."""
    db = sqlite3.connect(path)
    try:
        counted = []
        for table in tables:
            try:
                (count,) = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
            except sqlite3.OperationalError:
                count = "-"
            counted.append(f"{table} {count}")
        return ", ".join(counted)
    finally:
        db.close()


def report(hall: Hall, mails: int) -> None:
    book, journal = sizes(hall)
    print(f"after {mails} mails: book {book // 1024} kB, journal {journal // 1024} kB")
    print(f"  book: {rows(hall.gm.games_dir / FOLDER / FILE, TABLES['book'])}")
    print(f"  journal: {rows(hall.gm.spool / JOURNAL_FILE, TABLES['journal'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=4000)
    parser.add_argument("--many", action="store_true", help="each mail from its own address")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        hall = Hall(Path(folder))
        ann_and_bob(hall)
        half = options.mails // 2
        flood(hall, half, 0, options.many)
        report(hall, half)
        flood(hall, options.mails - half, half, options.many)
        report(hall, options.mails)


if __name__ == "__main__":
    main()
