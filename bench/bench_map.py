"""Benchmark: drawing a map (issue 15: "Drawing a 60-province map <= 50 ms (SVG) and
<= 200 ms (PNG)").

    .venv/bin/python bench/bench_map.py [--repeat 30] [--turns 8] [--dir /dev/shm]

A 10-player WoK IV game on the 60-province classic map is played for ``--turns`` turns by
the built-in strategy (``tests/mapgames.py``); then each picture is drawn ``--repeat``
times as ``wtg map`` and a report mail would draw it, from the game object: the turn's
state and events read, the board with the player's fog worked out, the map file's
layout read, the picture placed and written (``wtg.maps.draw_svg`` / ``draw_png``). It
prints the median and the 90th percentile of the CPU time of each, for the GM's view and
a player's, and the ratio of the median to its target. Then, for a map with no
``layout:``, the time to compute one (``wtg.maps.layout``) for 60, 600 and 2,000
provinces (drawn once a process: the layout is kept).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bigmap import grid_map  # noqa: E402
from tests.mapgames import played_game  # noqa: E402
from wtg.engine import Game  # noqa: E402
from wtg.maps import draw_png, draw_svg  # noqa: E402
from wtg.maps.layout import computed_layout  # noqa: E402

TARGETS = {"svg": 0.050, "png": 0.200}


def cpu_times(work: Callable[[], object], repeat: int) -> list[float]:
    work()  # templates compiled, fonts loaded: what a long-lived process has done once
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return times


def line(what: str, times: list[float], target: float | None) -> str:
    median = statistics.median(times)
    p90 = sorted(times)[int(0.9 * (len(times) - 1))]
    ratio = f"{median / target:5.2f}" if target else "    -"
    return f"{what:<44} {median * 1000:8.1f} ms {p90 * 1000:8.1f} ms   {ratio}"


def bench_pictures(game: Game, repeat: int) -> None:
    state_turn = game.latest_turn()
    print(f"classic60, 10 players, turn {state_turn}; median and p90 CPU of {repeat} draws")
    print(f"{'picture':<44} {'median':>11} {'p90':>11}   ratio to target")
    for form, draw in (("svg", draw_svg), ("png", draw_png)):
        for player in (None, 1):
            who = "the GM's view" if player is None else f"player {player}'s view"
            times = cpu_times(lambda d=draw, p=player: d(game, None, p), repeat)  # type: ignore[misc]
            print(line(f"{form.upper()}, {who}", times, TARGETS[form]))


def bench_layouts() -> None:
    print("\ncomputed layout of a map without one (a grid of provinces), CPU, once")
    for size in (60, 600, 2000):
        data = grid_map(size, 2)
        ids = [str(p["id"]) for p in data["provinces"]]
        links = [(str(p["id"]), str(n)) for p in data["provinces"] for n in p["neighbours"]]
        start = time.process_time()
        computed_layout(ids, [(a, b) for a, b in links if int(a) < int(b)], seed=1)
        print(f"{size:>5} provinces: {(time.process_time() - start) * 1000:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--dir", default=None, help="Where to make the game (e.g. /dev/shm).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        game = played_game(Path(folder) / "bench", "wok4", "classic60", 10, args.turns)
        bench_pictures(game, args.repeat)
    bench_layouts()


if __name__ == "__main__":
    main()
