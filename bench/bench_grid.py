"""Benchmark: drawing Tactics boards (``wtg.maps.grid``), SVG and PNG.

    .venv/bin/python bench/bench_grid.py [--repeat 20]

Prints, for a 2-player game on each shipped map after 6 turns and for a made-up grid of
64 x 64 tiles (the largest map a world may have), the median time to make the board's
data (``Tactics.board``, the player's view with reach and threats), to draw it as SVG
and as PNG, and the sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.maps.boards import big_board as big_board
from tests.maps.test_grid import played
from tests.shipped import TACTICS as RULESET
from wtg.core.board import Board
from wtg.maps.grid import grid_png, grid_svg


def median_ms(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    grid_svg(big_board())  # templates compiled once, fonts loaded once
    heads = ("tiles", "data ms", "SVG ms", "PNG ms", "SVG KB", "PNG KB")
    print(f"{'board':<12}" + "".join(f" {head:>8}" for head in heads))
    cases: list[tuple[str, Callable[[], Board]]] = []
    for name in RULESET.map_names():
        state = played(name)
        cases.append((name, partial(RULESET.board, state, state.active, [])))
    cases.append(("64 x 64", big_board))
    for name, make in cases:
        board = make()
        data = median_ms(make, repeat)
        svg = median_ms(partial(grid_svg, board), repeat)
        png = median_ms(partial(grid_png, board), repeat)
        sizes = len(grid_svg(board).encode()) / 1024, len(grid_png(board)) / 1024
        print(
            f"{name:<12} {len(board.spots):>8} {data:>8.1f} {svg:>8.1f} {png:>8.1f} "
            f"{sizes[0]:>8.0f} {sizes[1]:>8.0f}"
        )


if __name__ == "__main__":
    main()
