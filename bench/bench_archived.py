"""Benchmark: the poll's look for the copies the archive keeps under each mail's key
(``wtg.mail.poll.archivedcopies.Archived``), for a poll of one mail, of 100 and of 5,000,
on an archive a year old: 12 months of 5,000 mails each.

    .venv/bin/python bench/bench_archived.py [--months 12] [--per-month 5000] [--rounds 3]

It makes the archive's folders and empty files under a temporary folder (the files' names
as the poll writes them, ``imap-<uidvalidity>-<uid>.eml``), then for each batch looks up
the names of the batch's mails, one in a hundred of them in the archive, as ``told_apart``
does: one ``Archived`` a batch, ``copies`` of each name. It prints the best round's
seconds of each batch, and of each look, in microseconds.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere

from wtg.mail.poll.archivedcopies import Archived  # noqa: E402

BATCHES = (1, 100, 5000)


def made(archive: Path, months: int, per_month: int) -> None:
    """An archive of ``months`` months of ``per_month`` empty copies each."""
    for month in range(months):
        folder = archive / f"{2026 - month // 12}-{12 - month % 12:02d}"
        folder.mkdir(parents=True)
        for uid in range(per_month):
            (folder / f"imap-7-{month * per_month + uid}.eml").touch()


def looked(archive: Path, names: list[str]) -> tuple[float, int]:
    """Seconds to find the copies of ``names`` as a poll of them does, and how many."""
    start = time.perf_counter()
    archived = Archived(archive)
    found = sum(len(archived.copies(name)) for name in names)
    return time.perf_counter() - start, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--months", type=int, default=12)
    parser.add_argument("--per-month", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "archive"
        made(archive, args.months, args.per_month)
        print(f"archive: {args.months} months of {args.per_month} copies")
        for batch in BATCHES:
            # one name in a hundred is archived (a mail met again), the rest new mails'
            names = [
                f"imap-7-{uid * 100 if n % 100 == 0 else 10**9 + uid}.eml"
                for n, uid in enumerate(range(batch))
            ]
            best, found = min(looked(archive, names) for _ in range(args.rounds))
            each = best / batch * 1e6
            print(f"{batch:5d} mails: {best:8.4f} s, {each:7.1f} us a mail, {found} copies")


if __name__ == "__main__":
    main()
