"""Benchmark: WISK turns, rules alone and as `wtg run-turn` commands.

    .venv/bin/python bench/bench_wisk.py [--games 20] [--commands 20]

Prints (1) the time of one player's turn (robot orders planned, checked and resolved)
over --games whole 6-robot games, with how many turns the games took, and (2) `wtg
run-turn` as a command (state, orders, rules, reports, the atomic commit) on a game of
two humans and four robots.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ and bench/ importable

from tests.shipped import WISK as RULESET  # noqa: E402
from wtg.core.rng import turn_rng  # noqa: E402
from wtg.core.ruleset import GameSetup  # noqa: E402
from wtg.rules.wisk.state import WiskState  # noqa: E402


def whole_game(seed: int) -> tuple[int, list[float]]:
    setup = GameSetup("bench", "classic", seed, (), options={"robots": 6})
    state: WiskState = RULESET.new_game(setup, turn_rng(seed, 0)).state
    times = []
    while not state.winner:
        began = time.perf_counter()
        orders = RULESET.robot_orders(state)
        entries, _, _ = RULESET.entries_from_dict(orders[state.active])
        checked = RULESET.accept(entries, state, state.active).orders
        state = RULESET.resolve(
            state, {state.active: checked}, turn_rng(seed, state.turn + 1)
        ).state
        times.append(time.perf_counter() - began)
    return state.turn, times


def commands(count: int) -> list[float]:
    wtg = str(Path(sys.executable).with_name("wtg"))
    folder = Path(tempfile.mkdtemp()) / "g"
    players = ["--player=A:a@example.org", "--player=B:b@example.org"]
    subprocess.run(
        [wtg, "new-game", str(folder), "--ruleset", "wisk", *players, "--robots", "4"],
        check=True,
        capture_output=True,
    )
    times = []
    for _ in range(count):
        began = time.perf_counter()
        subprocess.run([wtg, "run-turn", str(folder)], check=True, capture_output=True)
        times.append(time.perf_counter() - began)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--commands", type=int, default=20)
    args = parser.parse_args()
    lengths, turns = [], []
    for seed in range(1, args.games + 1):
        length, times = whole_game(seed)
        lengths.append(length)
        turns += times
    print(
        f"{args.games} six-robot games: {min(lengths)}-{max(lengths)} turns "
        f"(median {statistics.median(lengths)}); one turn: median "
        f"{statistics.median(turns) * 1000:.2f} ms, max {max(turns) * 1000:.2f} ms"
    )
    runs = commands(args.commands)
    print(f"`wtg run-turn`: median {statistics.median(runs) * 1000:.0f} ms over {len(runs)} runs")


if __name__ == "__main__":
    main()
