"""Benchmark: defanging the web addresses of press (``presslinks.unlinked``) in texts a
hostile player may send, each of ``--chars`` characters.

    .venv/bin/python bench/bench_presslinks.py [--chars 10000] [--rounds 7]

The texts: prose with addresses in it, one word of Devanagari letters each with its vowel
sign (a search begun after each sign took the square of the word's length), the same with
two signs a letter, a host of many labels, and hyphens. It prints the CPU time of the
process (not the wall clock, which other work on the machine stretches): the median round
of each text.

Then a process's first press, in a new process each round (what every `wtg` that mails
press pays once): the CPU time of its first ``unlinked`` of a line of ASCII, and of a line
with a letter that is not ASCII, which alone gathers the marks of the Basic Multilingual
Plane (``_marks``, a scan of 65,536 characters), the Public Suffix List read in both.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
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


FIRST = """
import sys, time
from wtg.game import presslinks
begin = time.process_time()
presslinks.unlinked(sys.argv[1])
marks = time.process_time()
presslinks._marks()
print(marks - begin, time.process_time() - marks)
"""
"""A new process's first press (``argv[1]``): its CPU time, then that of one scan of the
plane for its marks, made apart."""

FIRSTS = {
    "ASCII": "We attack.Next turn see paypal.com now.",
    "not ASCII": "We attack.Next turn see EVIL.РФ now.",
}


def first_press(text: str) -> tuple[float, float]:
    """The CPU time of a new process's first ``unlinked`` of ``text``, and of a scan for
    the marks in it."""
    said = subprocess.run(
        [sys.executable, "-c", FIRST, text], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout.split()
    return float(said[0]), float(said[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    unlinked("warm.com")  # the pattern and the Public Suffix List read
    for name, text in texts(args.chars).items():
        rounds = [cpu(text) for _ in range(args.rounds)]
        print(f"{name} ({len(text)} characters): {statistics.median(rounds) * 1000:.1f} ms CPU")
    for name, text in FIRSTS.items():
        firsts = [first_press(text) for _ in range(args.rounds)]
        press = statistics.median(first for first, _ in firsts) * 1000
        scan = statistics.median(scan for _, scan in firsts) * 1000
        print(f"a process's first press, {name}: {press:.1f} ms CPU (a scan for marks: {scan:.1f})")


if __name__ == "__main__":
    main()
