"""Benchmark: a JOIN on a host of many games (every JOIN reads the sides of each game here,
``wtg.lobby.waitlist._sides``, to refuse a newcomer named as another's colour: from each
game's game.yaml now, no state read).

    .venv/bin/python bench/bench_join.py [200] [--joins 5] [--dir DIR] [--duels]

Makes N games (half of them Standard Duels of two players, whose sides are named as
colours, half WoK IV games of ten; with --duels, Duels alone), opens a WoK IV list, then
mails --joins JOINs, each from a new address, and a LIST as many times, and polls each
mail on its own, as `wtg poll` does (in this process, the maildir transport). It prints
the median CPU time of a poll of one JOIN, of one LIST (which reads no game), and the
difference: what the JOIN's reading of the games costs, against the target of a tenth of
a second for 200 games.
The games are made in a temporary folder (``--dir``: under that folder), removed at the end.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ importable

from tests.lobby.hall import Hall  # noqa: E402
from wtg.game.engine import create_game  # noqa: E402
from wtg.game.gameconfig import PlayerEntry  # noqa: E402
from wtg.game.registry import find_ruleset  # noqa: E402

TARGET_SECONDS = 0.1
"""A JOIN's reading of 200 games, at the most."""


def make_games(hall: Hall, count: int, duels: bool = False) -> None:
    """``count`` games, every other a WoK IV game of ten (all Duels with ``duels``)."""
    duel_map = find_ruleset("standard").default_map("duel", {})
    for number in range(count):
        folder = hall.gm.games_dir / f"g{number:04d}"
        if number % 2 and not duels:
            players = [
                PlayerEntry(i, f"P{number}x{i}", f"g{number}p{i}@players.example", f"C{i:04d}")
                for i in range(1, 11)
            ]
            create_game(folder, "wok4", "classic60", players, seed=number)
        else:
            players = [
                PlayerEntry(i, f"D{number}x{i}", f"g{number}d{i}@players.example", f"C{i:04d}")
                for i in range(1, 3)
            ]
            create_game(folder, "standard", duel_map, players, seed=number, variant="duel")


def timed_poll(hall: Hall, sender: str, body: str) -> float:
    """The CPU time of a poll of one mail from ``sender`` (the answers read and dropped)."""
    hall.mail(sender, body)
    began = time.process_time()
    hall.poll(hours=1)
    spent = time.process_time() - began
    hall.new_mails()
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("--joins", type=int, default=5)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--duels", action="store_true", help="a host of Duels alone")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-join-", dir=args.dir))
    try:
        hall = Hall(root)
        began = time.perf_counter()
        make_games(hall, args.games, args.duels)
        print(f"{args.games} games made in {time.perf_counter() - began:.1f} s")
        hall.open_list("wok4", players=10)
        timed_poll(hall, "warm@players.example", "LIST")  # imports, the book made
        joins = [
            timed_poll(hall, f"new{n}@players.example", f"JOIN wok4 AS Newcomer{n}")
            for n in range(args.joins)
        ]
        lists = [timed_poll(hall, f"list{n}@players.example", "LIST") for n in range(args.joins)]
        join, listed = statistics.median(joins), statistics.median(lists)
        print(f"a poll of one JOIN: {join * 1000:.0f} ms (median of {args.joins})")
        print(f"a poll of one LIST: {listed * 1000:.0f} ms")
        extra = join - listed
        print(
            f"the JOIN's reading of {args.games} games: {extra * 1000:.0f} ms "
            f"({extra / TARGET_SECONDS:.2f} x the target of {TARGET_SECONDS * 1000:.0f} ms)"
        )
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
