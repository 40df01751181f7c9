"""Benchmark: a poll of a flood of strangers' JOINs (throwaway addresses at three domains)
and a real newcomer's at a fourth, and what opening the lobby's book costs of it (each
command mail opens and closes ``wtg.lobby.database.LobbyDatabase`` once).

    .venv/bin/python bench/bench_strangers_flood.py [500] [--opens 200] [--dir DIR]

Mails N JOINs from N addresses at three domains and the newcomer's, then polls them at once
(in this process and the helpers it forks, the maildir transport). It prints the poll's
wall and CPU time (its helpers' included), a mail's share of each, the answers queued and
held back, whether the newcomer got his code; then the median of ``--opens`` openings and
closings of the book, and that times the poll's mails: what one book a poll, rather than one
a mail, could save at the most. The hall is made in a temporary folder (``--dir``: under that
folder), removed at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ importable

from tests.lobby.hall import Hall  # noqa: E402
from wtg.lobby.database import LobbyDatabase  # noqa: E402

DOMAINS = ("spam.example", "junk.example", "trash.example")
NEWCOMER = "ann@fourth.example"


def cpu() -> float:
    """The CPU time of this process and of its children waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def book_opening(hall: Hall, opens: int) -> float:
    """The median wall time of opening and closing the lobby's book."""
    spent = []
    for _ in range(opens):
        began = time.perf_counter()
        with LobbyDatabase(hall.gm.games_dir):
            pass
        spent.append(time.perf_counter() - began)
    return statistics.median(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("strangers", type=int, nargs="?", default=500)
    parser.add_argument("--opens", type=int, default=200)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-strangers-", dir=args.dir))
    try:
        hall = Hall(root)
        hall.open_list("wok4", players=10)
        for number in range(args.strangers):
            hall.mail(f"s{number}@{DOMAINS[number % len(DOMAINS)]}", "JOIN wok4")
        hall.mail(NEWCOMER, "JOIN wok4 AS Ann")
        mails = args.strangers + 1
        wall, used = time.perf_counter(), cpu()
        summary = hall.poll()
        wall, used = time.perf_counter() - wall, cpu() - used
        queued = hall.new_mails()
        newcomer = any(mail.to == NEWCOMER for mail in queued)
        print(f"a poll of {mails} JOINs: {wall:.2f} s wall, {used:.2f} s CPU")
        share = f"{wall / mails * 1000:.1f} ms wall, {used / mails * 1000:.1f} ms CPU"
        print(f"a mail's share: {share}")
        print(f"answers queued {len(queued)}, not answered {summary.unanswered}")
        print(f"the newcomer at a fourth domain got his code: {'yes' if newcomer else 'no'}")
        opening = book_opening(hall, args.opens)
        print(
            f"the lobby's book opened and closed: {opening * 1000:.2f} ms (median of "
            f"{args.opens}); once a mail, {opening * mails:.2f} s of the poll "
            f"({opening * mails / wall:.0%} of its wall time)"
        )
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
