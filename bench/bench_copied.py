"""Benchmark: the lines of a reply that are a copy of the host's mail it answers
(``wtg.lobby.commands.copied``), on a reply crafted to cost most.

    .venv/bin/python bench/bench_copied.py [--requests 500] [--lines 5000] [--rounds 5]

The host's mail: the list of every request waiting at a mailbox with its code, as the
poll makes it again for a mail whose ``CONFIRM`` line names one (``lobby/codes_waiting``),
of ``--requests`` requests (one address asking for 3 codes an hour for a week has 504
waiting). The reply: ``--lines`` short lines, each two of them next to each other ending
and beginning with two words that follow one another in that mail, though the two lines
are no copy of it. Each pair so made was a search of the whole mail before (review40):
"searched" does it so, for the figures; "walked" is ``copied`` as it is now. It prints the
CPU time of the process (not the wall clock) of the median round of each, and the words
``copied`` walked.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wtg.lobby import commands, wordruns  # noqa: E402
from wtg.mail.outgoing import compose  # noqa: E402


def host_mail(requests: int) -> str:
    """The late code's list of ``requests`` requests waiting."""
    waiting = [
        {
            "asked": f"JOIN wok4-1 AS Name{n}",
            "until": "2026-12-13 10:00 UTC",
            "code": f"{n:010d}".translate(str.maketrans("0123456789", "ABCDEFGHJK")),
        }
        for n in range(requests)
    ]
    return compose.render("lobby/codes_waiting", waiting=waiting, more=0)


def crafted(answered: str, lines: int) -> list[str]:
    """A reply whose every two lines join at the mail's most common pair of words."""
    words = " ".join(answered.split()).casefold().split()
    (last, first), _times = Counter(pairwise(words)).most_common(1)[0]
    return [f"{first} x{n} {last}" for n in range(lines)]


def searched(lines: Sequence[str], answered: str) -> int:
    """The copied pairs found as before review40: a search of the mail for each pair."""
    theirs = [" ".join(ln.split()).casefold() for ln in answered.splitlines() if ln.strip()]
    text = f" {' '.join(theirs)} "
    joins = set(pairwise(text.split()))
    mine = [" ".join(ln.split()).casefold() for ln in lines if ln.strip()]
    found = 0
    for one, other in pairwise(mine):
        if (one.rpartition(" ")[2], other.partition(" ")[0]) in joins:
            found += f" {one} {other} " in text
    return found


def median_cpu(run: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        wordruns.runs_of.cache_clear()  # each round reads the mail afresh
        begin = time.process_time()
        run()
        times.append(time.process_time() - begin)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--lines", type=int, default=commands.MAX_LINES)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    answered = host_mail(args.requests)
    lines = crafted(answered, args.lines)
    print(f"host mail: {len(answered)} characters, {len(answered.split())} words")
    print(f"reply: {len(lines)} lines, {sum(len(ln) + 1 for ln in lines)} characters")
    before = median_cpu(lambda: searched(lines, answered), args.rounds)
    now = median_cpu(lambda: commands.copied(lines, answered), args.rounds)
    kept = answered.splitlines()[: commands.MAX_LINES]
    steps = wordruns.runs_of(" ".join(" ".join(ln.split()).casefold() for ln in kept if ln.strip()))
    print(f"searched (before review40): {before:.3f} s CPU")
    print(f"walked (copied now):        {now:.3f} s CPU, {steps.steps} words walked")


if __name__ == "__main__":
    main()
