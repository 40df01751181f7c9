"""Benchmark: whole WoK IV turns on the 60-province map, 10 players, full and varied orders.

    .venv/bin/python bench/bench_turn.py [--turns 300] [--command-repeat 15] [--dir /dev/shm]

Each game starts well under way (``tests/developed.py``: 36 of the 60 provinces held, armies,
missiles, spies and tech of some twenty turns) and is played turn after turn. Every turn
every player standing sends a full AOF (every line of every section filled where the
position allows) of orders that run: bombs and spies on enemy neighbours, attacks from the
border with armies enough to win, POP->ARM, moves, trades, aims; a game with fewer than
STANDING players left makes way for the next. Each AOF goes
through ``Game.submit`` (the AOF read, the door, every line checked). It prints how much
happened (order lines, battles, conquests, trades a turn), the CPU and wall time of the
order checking and of each whole ``run-turn`` (the order files read and checked again,
resolution, 10 reports with their AOFs, the Top Ten, the atomic commit), and
``wtg run-turn --rerun`` as a command against ``python -c "import click, jinja2, yaml"``.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from tests.developed import developed, filled_aof, start_from, varied_orders  # noqa: E402
from tests.shipped import WOK4 as RULESET  # noqa: E402
from wtg.core.plurals import counted  # noqa: E402
from wtg.game.engine import Game, create_game  # noqa: E402
from wtg.game.gameconfig import PlayerEntry  # noqa: E402
from wtg.rules.wok.state import WokState  # noqa: E402

SEED = 1234
PLAYERS = 10
STANDING = 6
"""A game with fewer players standing is over for the benchmark: the next one starts."""


def summary(label: str, times: list[float]) -> str:
    times = sorted(times)
    p90 = times[max(0, math.ceil(len(times) * 0.9) - 1)]
    return f"{label} median {statistics.median(times) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"


def new_game(folder: Path, number: int) -> Game[WokState]:
    entries = [
        PlayerEntry(i, f"Player {i}", f"p{i}@example.org", f"CODE{i:06d}")
        for i in range(1, PLAYERS + 1)
    ]
    game = create_game(folder / f"game{number}", "wok4", "classic60", entries, SEED + number).typed(
        RULESET
    )
    start_from(game, developed(RULESET.read_map("classic60").data, PLAYERS, SEED + number))
    return game


class Tally:
    """What the turns did and what they cost."""

    def __init__(self) -> None:
        self.check_cpu: list[float] = []
        self.turn_cpu: list[float] = []
        self.turn_wall: list[float] = []
        self.happened = {"order lines": 0, "battles": 0, "conquests": 0, "trades": 0}

    def count(self, game: Game[WokState], turn: int, lines: int) -> None:
        events = game.events(turn)
        self.happened["order lines"] += lines
        self.happened["battles"] += sum(e["kind"] == "battle" for e in events)
        self.happened["conquests"] += sum(
            e["kind"] == "battle" and e["conquered"] is True for e in events
        )
        self.happened["trades"] += sum(e["kind"] == "tech_traded" for e in events)


def play_turn(game: Game[WokState], rng: random.Random, tally: Tally) -> int:
    """One turn: every standing player's full AOF checked and filed, then run-turn."""
    state = game.state()
    forms = [
        filled_aof(game, state, pid, varied_orders(state, pid, rng)) for pid in RULESET.owing(state)
    ]
    begin = time.process_time()
    lines = sum(
        sum(v.accepted for v in game.submit(form, player=pid).verdicts)
        for pid, form in zip(RULESET.owing(state), forms, strict=True)
    )
    tally.check_cpu.append(time.process_time() - begin)
    begin_cpu, begin_wall = time.process_time(), time.perf_counter()
    turn = game.run_turn()
    tally.turn_cpu.append(time.process_time() - begin_cpu)
    tally.turn_wall.append(time.perf_counter() - begin_wall)
    tally.count(game, turn, lines)
    return turn


def bench_turns(folder: Path, turns: int) -> Game[WokState]:
    tally = Tally()
    rng = random.Random(SEED)
    games = 1
    game = new_game(folder, games)
    for _ in range(turns):
        state = game.state()
        if RULESET.is_over(state) or len(RULESET.owing(state)) < STANDING:
            games += 1
            game = new_game(folder, games)
        play_turn(game, rng, tally)
    print(
        f"{counted(turns, 'turn')} of {counted(games, 'game')} on classic60, {PLAYERS} players, "
        "full orders"
    )
    means = ", ".join(f"{v / turns:.1f} {k}" for k, v in tally.happened.items())
    print(f"  a turn: {means}")
    print("  " + summary("order checking (every AOF of the turn), CPU", tally.check_cpu))
    print("  " + summary("run-turn, CPU", tally.turn_cpu))
    print("  " + summary("run-turn, wall", tally.turn_wall))
    total = sum(tally.check_cpu) + sum(tally.turn_cpu)
    print(f"  all {turns} turns: {total:.1f} s CPU, {sum(tally.turn_wall):.1f} s run-turn wall")
    return game


def timed(command: list[str]) -> float:
    begin = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - begin


def bench_command(game: Game[WokState], repeat: int) -> None:
    wtg = Path(sys.executable).with_name("wtg")
    base = [sys.executable, "-c", "import click, jinja2, yaml"]
    again = [str(wtg), "run-turn", str(game.store.root), "--rerun", "--unchanged"]
    timed(again)  # the first run fills the template cache, as any GM's first turn does
    run_turn, imports = [], []
    for _ in range(repeat):  # interleaved, so that both see the same machine load
        run_turn.append(timed(again))
        imports.append(timed(base))
    print(summary("`wtg run-turn --rerun`, wall", run_turn))
    print(summary('`python -c "import click, jinja2, yaml"`, wall', imports))
    print(f"  ratio of medians: {statistics.median(run_turn) / statistics.median(imports):.2f}")


def compile_package() -> None:
    """Write the package's .pyc files, as ``pip install`` does; PYTHONDONTWRITEBYTECODE
    would otherwise make every `wtg` start compile the sources again."""
    import compileall

    compileall.compile_dir(str(ROOT / "wtg"), quiet=1)


def main() -> None:
    compile_package()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--command-repeat", type=int, default=15)
    parser.add_argument("--dir", default=None, help="Where to make the games (e.g. /dev/shm).")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="wtg-turns-", dir=args.dir) as tmp:
        game = bench_turns(Path(tmp), args.turns)
        bench_command(game, args.command_repeat)


if __name__ == "__main__":
    main()
