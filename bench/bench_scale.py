"""Benchmark: the cost of a WoK IV turn as the map and the number of players grow.

    .venv/bin/python bench/bench_scale.py [--repeat 5] [--dir /dev/shm]

On generated maps of 60, 600 and 6,000 provinces (``tests/bigmap.py``), each a game well
under way (``tests/developed.py``: 60% of the map held, 10 players, each with hundreds of
provinces on the big map, every line of every AOF filled with an order that runs), it
times the CPU of (1) the turn's resolution alone (orders already checked), (2) a whole
``run-turn`` in process (order files read and checked, resolution, the reports with their
AOFs, the Top Ten, the state and the atomic commit) and (3) ``wtg run-turn`` as a command
(the same, with Python's start and the imports, as cron runs it): the medians of
``--repeat`` runs of ``run-turn --rerun``. It prints the cost per province, the marginal
CPU of a province between 60 and 600 and between 600 and 6,000 provinces and their ratio
(target: at most 1.5), then the same 3,600 provinces of a 6,000-province map held by 10
and by 60 players (target: 60 players cost at most 1.5 times 10).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from tests.bigmap import grid_map  # noqa: E402
from tests.developed import developed, filled_aof, start_from, varied_orders  # noqa: E402
from tests.shipped import WOK4 as RULESET  # noqa: E402
from wtg.core.rng import turn_rng  # noqa: E402
from wtg.game.engine import Game, create_game  # noqa: E402
from wtg.game.gameconfig import PlayerEntry  # noqa: E402
from wtg.rules.wok.state import WokState  # noqa: E402
from wtg.text.yamlio import dump_yaml  # noqa: E402

SEED = 11
TARGET = 1.5


class Cost(NamedTuple):
    provinces: int
    players: int
    resolve: float
    """CPU seconds of the resolution alone."""
    run_turn: float
    """CPU seconds of the whole run-turn."""
    wall: float
    """Wall seconds of the whole run-turn (the commit's syncs included)."""
    command: float
    """CPU seconds of ``wtg run-turn`` as a command."""
    lines: int
    """Accepted order lines."""


def median_cpu(action: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median CPU and wall seconds of ``repeat`` runs of ``action``."""
    cpu, wall = [], []
    for _ in range(repeat):
        begin_cpu, begin_wall = time.process_time(), time.perf_counter()
        action()
        cpu.append(time.process_time() - begin_cpu)
        wall.append(time.perf_counter() - begin_wall)
    return statistics.median(cpu), statistics.median(wall)


def command_cpu(game: Game[WokState], repeat: int) -> float:
    """Median CPU seconds (user and system) of ``wtg run-turn GAME --rerun`` as a command."""
    wtg = Path(sys.executable).with_name("wtg")
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        command = [str(wtg), "run-turn", str(game.store.root), "--rerun", "--unchanged"]
        subprocess.run(command, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def game_under_way(
    folder: Path, provinces: int, players: int, regions: int | None = None
) -> tuple[Game[WokState], WokState]:
    """A game on a generated map with the developed state as its turn 0 and every
    player's full AOF on file for turn 1."""
    data = grid_map(provinces, max(players, regions or 0))
    name = f"{provinces}-{players}-{regions or players}"
    map_file = folder / f"grid{name}.yaml"
    map_file.write_text(dump_yaml(data), encoding="utf-8")
    entries = [
        PlayerEntry(i, f"Player {i}", f"p{i}@example.org", f"CODE{i:06d}")
        for i in range(1, players + 1)
    ]
    game = create_game(folder / f"game{name}", "wok4", str(map_file), entries, SEED).typed(RULESET)
    state = developed(data, players, SEED, regions)
    start_from(game, state)
    rng = random.Random(SEED)
    for pid in range(1, players + 1):
        game.submit(filled_aof(game, state, pid, varied_orders(state, pid, rng)))
    return game, state


def measure(
    folder: Path, provinces: int, players: int, repeat: int, regions: int | None = None
) -> Cost:
    game, state = game_under_way(folder, provinces, players, regions)
    paths = game.store.pending_orders(1)
    orders, _copies, _set_aside = game._load_orders(state, paths)
    lines = sum(len(v) for o in orders.values() for v in o.values() if isinstance(v, list))
    resolve, _ = median_cpu(lambda: RULESET.resolve(state, orders, turn_rng(SEED, 1)), repeat)
    game.run_turn()
    run_turn, wall = median_cpu(lambda: game.run_turn(rerun=True), repeat)
    command = command_cpu(game, repeat)
    return Cost(provinces, players, resolve, run_turn, wall, command, lines)


def show(cost: Cost) -> None:
    def each(seconds: float) -> str:
        return f"{seconds * 1000:6.1f} ms ({seconds * 1e6 / cost.provinces:5.1f} us a province)"

    print(
        f"{cost.provinces:>5} provinces, {cost.players:>2} players, {cost.lines:>4} order lines:"
        f" resolve {each(cost.resolve)}; run-turn {each(cost.run_turn)},"
        f" {cost.wall * 1000:.1f} ms wall; `wtg run-turn` {each(cost.command)}"
    )


def verdict(ratio: float) -> str:
    return f"{ratio:.2f} (target <= {TARGET}: {'met' if ratio <= TARGET else 'NOT met'})"


def marginal(label: str, series: list[Cost], pick: Callable[[Cost], float]) -> None:
    small, middle, large = series
    low = (pick(middle) - pick(small)) / (middle.provinces - small.provinces)
    high = (pick(large) - pick(middle)) / (large.provinces - middle.provinces)
    print(
        f"{label}: marginal CPU a province {low * 1e6:.1f} us"
        f" ({small.provinces}-{middle.provinces}), {high * 1e6:.1f} us"
        f" ({middle.provinces}-{large.provinces}); ratio {verdict(high / low)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--dir", default=None, help="Where the games are made (in a temporary folder)."
    )
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; medians of {args.repeat} runs")
    with tempfile.TemporaryDirectory(prefix="wtg-scale-", dir=args.dir) as tmp:
        folder = Path(tmp)
        series = [measure(folder, n, 10, args.repeat) for n in (60, 600, 6000)]
        for cost in series:
            show(cost)
        marginal("resolve", series, lambda c: c.resolve)
        marginal("run-turn", series, lambda c: c.run_turn)
        marginal("`wtg run-turn`", series, lambda c: c.command)
        print("The same 3,600 provinces of a 6,000-province map held by 10 and by 60 players:")
        few, many = (measure(folder, 6000, n, args.repeat, regions=60) for n in (10, 60))
        show(few)
        show(many)
        print(f"60 players against 10, `wtg run-turn`: {verdict(many.command / few.command)}")
        print(
            f"  run-turn in process {many.run_turn / few.run_turn:.2f},"
            f" resolve {many.resolve / few.resolve:.2f}"
        )


if __name__ == "__main__":
    main()
