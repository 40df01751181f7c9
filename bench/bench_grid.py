"""Benchmark: drawing Tactics boards (``wtg.maps.grid``), SVG and PNG.

    .venv/bin/python bench/bench_grid.py [--repeat 20]

Prints, for a 2-player game on each shipped map after 6 turns and for a made-up grid of
64 x 64 tiles (the largest map a world may have), the median time to make the board's
data (``Tactics.board``, the player's view with reach and threats), to draw it as SVG
and as PNG, and the sizes (KB: 1,024 bytes). Then issue 29's sizes in kB (1,000 bytes):
the largest SVG and PNG of each shipped map among the GM's view and each player's, and of
the 64 x 64 board (SVG <= 200 kB, every other picture <= 150 kB).
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


def largest_pictures(name: str) -> tuple[int, int]:
    """The bytes of the largest SVG and PNG of the shipped map ``name`` after 6 turns, among
    the GM's view and each player's."""
    state = played(name)
    boards = [RULESET.board(state, player, []) for player in (None, 1, 2)]
    svg = max(len(grid_svg(board).encode("utf-8")) for board in boards)
    return svg, max(len(grid_png(board)) for board in boards)


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
    print("\nthe largest picture of each board (GM's view, each player's), kB")
    print(f"{'board':<12} {'SVG kB':>8} {'PNG kB':>8}")
    for name in RULESET.map_names():
        svg_bytes, png_bytes = largest_pictures(name)
        print(f"{name:<12} {svg_bytes / 1000:>8.1f} {png_bytes / 1000:>8.1f}")
    board = big_board()
    svg_bytes, png_bytes = len(grid_svg(board).encode("utf-8")), len(grid_png(board))
    print(f"{'64 x 64':<12} {svg_bytes / 1000:>8.1f} {png_bytes / 1000:>8.1f}")


if __name__ == "__main__":
    main()
