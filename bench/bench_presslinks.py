"""Benchmark: defanging the web addresses of press (``presslinks.unlinked``) in texts a
hostile player may send, each of ``--chars`` characters.

    .venv/bin/python bench/bench_presslinks.py [--chars 10000] [--rounds 7]

The texts: prose with addresses in it, one word of Devanagari letters each with its vowel
sign (a search begun after each sign took the square of the word's length), the same with
two signs a letter, a host of many labels, and hyphens. It prints the CPU time of the
process (not the wall clock, which other work on the machine stretches): the median round
of each text.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wtg.game.presslinks import unlinked  # noqa: E402

PROSE = "We attack.Next turn see paypal.com, EVIL.РФ or evil.भारत now. "


def texts(chars: int) -> dict[str, str]:
    """The texts, each of about ``chars`` characters."""
    return {
        "prose with addresses": PROSE * (chars // len(PROSE)),
        "letters with a sign": "भा" * (chars // 2),
        "letters with two signs": "भाा" * (chars // 3),
        "a host of many labels": "ab." * (chars // 3),
        "hyphens": "a-" * (chars // 2),
    }


def cpu(text: str) -> float:
    begin = time.process_time()
    unlinked(text)
    return time.process_time() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    unlinked("warm.com")  # the pattern and the Public Suffix List read
    for name, text in texts(args.chars).items():
        rounds = [cpu(text) for _ in range(args.rounds)]
        print(f"{name} ({len(text)} characters): {statistics.median(rounds) * 1000:.1f} ms CPU")


if __name__ == "__main__":
    main()
