"""Benchmark: resolving the 60-province, 10-player WoK IV turn with every player's full AOF.

    .venv/bin/python bench/bench_turn.py [--turns 1000] [--repeat 300]

Prints (1) the time of one turn's resolution alone (pure rules code, orders
already parsed) over --repeat runs, (2) a run of --turns successive turns with
full orders each turn, and (3) `wtg run-turn` as a command (state, orders,
rules, reports, AOFs, Top Ten and the atomic commit) against
`python -c "import click, jinja2, yaml"`.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from wtg.aof.render import render_aof
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.engine import create_game
from wtg.gameconfig import PlayerEntry
from wtg.rules.wok.state import WokState
from wtg.rules.wok4 import RULESET
from wtg.rules.wok4.fullorders import full_orders
from wtg.rules.wok4.strategy import plan_orders

SEED = 1234


def start(seed: int) -> WokState:
    seats = tuple(SeatSetup(i, f"P{i}") for i in range(1, 11))
    state: WokState = RULESET.new_game(
        GameSetup("bench", "classic60", seed, seats), turn_rng(seed, 0)
    ).state
    return state


def developed(seed: int, turns: int = 8) -> WokState:
    """A game some turns in, so that empires have several provinces."""
    state = start(seed)
    for _ in range(turns):
        rng = random.Random(state.turn)
        orders = {p.id: plan_orders(state, p.id, rng) for p in state.players if p.standing}
        state = RULESET.resolve(
            state, accepted(state, orders), turn_rng(seed, state.turn + 1)
        ).state
    return state


def accepted(state: WokState, orders: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Orders as `run-turn` gets them: through the ruleset's acceptance checks."""
    result = {}
    for pid, data in orders.items():
        entries, _bad, _problems = RULESET.entries_from_dict(data)
        result[pid] = RULESET.accept(entries, state, pid).orders
    return result


def all_full(state: WokState, seed: int) -> dict[int, dict[str, Any]]:
    rng = random.Random(seed)
    raw = {p.id: full_orders(state, p.id, rng) for p in state.players if p.standing}
    return accepted(state, raw)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def summary(label: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[max(0, math.ceil(len(times) * 0.9) - 1)]
    print(
        f"{label}: n={len(times)} median {ms(statistics.median(times))}, "
        f"mean {ms(statistics.fmean(times))}, p90 {ms(p90)}, max {ms(times[-1])}"
    )


def bench_resolution(repeat: int) -> None:
    state = developed(SEED)
    orders = all_full(state, SEED)
    lines = sum(len(v) if isinstance(v, list) else 0 for o in orders.values() for v in o.values())
    print(
        f"state: turn {state.turn}, {sum(1 for p in state.provinces if p.owner)} provinces "
        f"owned by {len(orders)} players; {lines} accepted order lines"
    )
    times = []
    for i in range(repeat):
        rng = turn_rng(SEED + i, state.turn + 1)
        begin = time.perf_counter()
        RULESET.resolve(state, orders, rng)
        times.append(time.perf_counter() - begin)
    summary("one turn, resolution alone", times)


def bench_long_run(turns: int) -> None:
    seed = SEED
    state = start(seed)
    times = []
    games = 1
    for _ in range(turns):
        if state.outcome is not None:
            seed += 1
            games += 1
            state = start(seed)
        orders = all_full(state, seed * 7919 + state.turn)
        rng = turn_rng(seed, state.turn + 1)
        begin = time.perf_counter()
        state = RULESET.resolve(state, orders, rng).state
        times.append(time.perf_counter() - begin)
    summary(f"{turns} successive turns ({games} game(s))", times)
    print(f"  total resolution time {sum(times):.2f} s")


def bench_command(repeat: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="wtg-bench-"))
    players = [PlayerEntry(i, f"P{i}", f"p{i}@example.org", f"CODE{i:04d}") for i in range(1, 11)]
    game = create_game(root / "bench", "wok4", "classic60", players, SEED)
    for _ in range(8):
        state = game.state()
        for pid in RULESET.owing(state):
            orders = plan_orders(state, pid, random.Random(pid))
            game.submit(aof(game, state, pid, orders))
        game.run_turn()
    state = game.state()
    for pid, orders in all_full(state, SEED).items():
        game.submit(aof(game, state, pid, orders))
    wtg = Path(sys.executable).with_name("wtg")
    base = [sys.executable, "-c", "import click, jinja2, yaml"]
    first = [str(wtg), "run-turn", str(root / "bench")]
    again = [str(wtg), "run-turn", str(root / "bench"), "--rerun"]
    timed(first)  # the first run also fills the template cache, as any GM's first turn does
    run_turn, imports = [], []
    for _ in range(repeat):  # interleaved, so that both see the same machine load
        run_turn.append(timed(again))
        imports.append(timed(base))
    summary("`wtg run-turn` (10 reports, 10 AOFs, Top Ten, atomic commit)", run_turn)
    summary('`python -c "import click, jinja2, yaml"`', imports)
    ratio = statistics.median(run_turn) / statistics.median(imports)
    print(f"  ratio of medians: {ratio:.2f}")


def aof(game: Any, state: WokState, pid: int, orders: dict[str, Any]) -> str:
    header = {
        "game": game.config.game,
        "turn": state.turn + 1,
        "player": pid,
        "code": game.config.player(pid).code,
    }
    return render_aof(game.ruleset.form, header, orders, game.ruleset.form_context(state, pid))


def timed(command: list[str]) -> float:
    begin = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - begin


def compile_package() -> None:
    """Write the package's .pyc files, as ``pip install`` does; PYTHONDONTWRITEBYTECODE
    would otherwise make every `wtg` start compile the sources again."""
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "wtg"), quiet=1)


def main() -> None:
    compile_package()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--command-repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    bench_resolution(args.repeat)
    bench_long_run(args.turns)
    bench_command(args.command_repeat)


if __name__ == "__main__":
    main()
