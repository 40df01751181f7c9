"""Benchmark: building the AOF Sender's pages for a games folder of many running games.

    .venv/bin/python bench/bench_sender.py [--games 1000] [--rounds 3] [--dir /dev/shm]

It makes one 10-player game of WoK IV on the 60-province map (``wtg new-game``'s
``create_game``) and copies its folder ``--games`` times under other names, then opens the
folder as ``wtg site`` does (``open_games``) and times ``sender_pages`` for all of them:
the CPU seconds (not the wall clock, which other work on the machine stretches) of the
median round, each round with the games opened afresh (their states read from disk), the
cost of one game's page, and the size of the pages.
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
sys.path.insert(0, str(ROOT))

from wtg.game.engine import create_game  # noqa: E402
from wtg.game.gameconfig import PlayerEntry  # noqa: E402
from wtg.host.config import config_from_data  # noqa: E402
from wtg.host.gamesdir import open_games  # noqa: E402
from wtg.site.sender import sender_pages  # noqa: E402

PLAYERS = 10


def make_games(folder: Path, count: int) -> None:
    """``count`` copies of one game, each named as its folder."""
    players = [
        PlayerEntry(i, f"Player {i}", f"p{i}@players.example", f"CODE{i:04d}XYZ")
        for i in range(1, PLAYERS + 1)
    ]
    first = folder / "g0000"
    create_game(first, "wok4", "classic60", players, seed=3)
    config = (first / "game.yaml").read_text(encoding="utf-8")
    for number in range(1, count):
        name = f"g{number:04d}"
        shutil.copytree(first, folder / name)
        text = config.replace("game: g0000", f"game: {name}")
        (folder / name / "game.yaml").write_text(text, encoding="utf-8")


def build_round(folder: Path) -> tuple[float, dict[str, str]]:
    """CPU seconds of one build, the games opened afresh."""
    config = config_from_data({"from": "Game Master <gm@wtg-host.example>"}, folder)
    games, unreadable = open_games(folder)
    assert not unreadable, unreadable
    begin = time.process_time()
    pages = sender_pages(games, config)
    return time.process_time() - begin, pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", default=None, help="where to make the games (default: TMPDIR)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as temp:
        folder = Path(temp)
        make_games(folder, args.games)
        rounds = [build_round(folder) for _ in range(args.rounds)]
    cpu = statistics.median(seconds for seconds, _pages in rounds)
    pages = rounds[0][1]
    game_pages = [text for path, text in pages.items() if path.startswith("games/")]
    total = sum(len(text.encode()) for text in pages.values())
    print(f"{len(game_pages)} game pages, {len(pages) - len(game_pages)} other files")
    each = cpu / len(game_pages) * 1000
    print(f"build: {cpu:.2f} s CPU (median of {args.rounds}), {each:.2f} ms a game")
    page = len(game_pages[0].encode()) / 1000
    print(f"size: {total / 1e6:.1f} MB in all; a game's page {page:.1f} kB")
    for path in ("aof/wok4.html", "aof/checker.js", "aof/sender.js", "aof/sender.css"):
        print(f"  {path}: {len(pages[path].encode()) / 1000:.1f} kB")


if __name__ == "__main__":
    main()
