"""Benchmark: WoS Tactics games of four bots, whole.

    .venv/bin/python bench/bench_tactics.py [--games 10]

Prints (1) the rules alone: bot planning and turn resolution per turn, over --games
games on each shipped map, and (2) `wtg run-turn` as a command (state, bot orders,
rules, reports, AOFs, Top Ten and the atomic commit) for one game.
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

from tests.shipped import TACTICS as RULESET  # noqa: E402
from wtg.core.rng import turn_rng  # noqa: E402
from wtg.core.ruleset import GameSetup  # noqa: E402


def rules_only(map_name: str, games: int) -> tuple[list[float], list[float], list[int]]:
    plans, resolves, lengths = [], [], []
    for seed in range(games):
        setup = GameSetup(
            "bench", map_name, seed, (), options={"bots": 4 if map_name != "lava-ford" else 2}
        )
        state = RULESET.new_game(setup, turn_rng(seed, 0)).state
        while not RULESET.is_over(state):
            began = time.perf_counter()
            orders = RULESET.robot_orders(state)
            planned = time.perf_counter()
            state = RULESET.resolve(state, orders, turn_rng(seed, state.turn + 1)).state
            plans.append(planned - began)
            resolves.append(time.perf_counter() - planned)
        lengths.append(state.turn)
    return plans, resolves, lengths


def command_line() -> tuple[float, int]:
    wtg = str(Path(sys.executable).with_name("wtg"))
    with tempfile.TemporaryDirectory() as root:
        game = str(Path(root) / "g")
        subprocess.run(
            [wtg, "new-game", game, "--ruleset", "tactics", "--bots", "4", "--seed", "1"],
            check=True,
            capture_output=True,
        )
        times = []
        while True:
            began = time.perf_counter()
            done = subprocess.run([wtg, "run-turn", game], capture_output=True)
            if done.returncode != 0:
                break
            times.append(time.perf_counter() - began)
    return statistics.median(times), len(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    games = parser.parse_args().games
    for map_name in RULESET.map_names():
        plans, resolves, lengths = rules_only(map_name, games)
        print(
            f"{map_name}: {games} games, {statistics.mean(lengths):.0f} turns a game; a turn: "
            f"bots plan {1000 * statistics.mean(plans):.2f} ms (max {1000 * max(plans):.1f}), "
            f"resolve {1000 * statistics.mean(resolves):.2f} ms"
        )
    median, turns = command_line()
    print(f"`wtg run-turn` of a 4-bot game: {turns} turns, median {1000 * median:.0f} ms each")


if __name__ == "__main__":
    main()
