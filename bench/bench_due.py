"""Benchmark: `wtg run-turn --due` over N due 10-player WoK IV games on the classic map.

    .venv/bin/python bench/bench_due.py 1000 [--played 2] [--jobs N] [--profile]

Creates N games (each its own seed), plays --played turns of each with the built-in
strategy's orders (``wtg.rules.wok4.strategy``, as the demo plays), then files every
player's orders for the coming turn as the poll does (the filled AOF, by mail, marked
READY), so that every game is due. Then it runs the real command, `wtg run-turn --due`,
as a subprocess, and prints its wall and CPU time (its own and its workers'), the time a
game, and the ratio of the wall time to the target: 30 s for 1,000 games on 2 cores.
``--profile`` first profiles one game's `run-turn` (cProfile) in this process.
The games are made in a temporary folder (``--dir``: under that folder) and removed at the
end, which on a slow disk takes longer than the run.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as bench/NAME.py from anywhere: tests/ and bench/ importable

from tests.shipped import WOK4  # noqa: E402
from wtg.files import diskflush  # noqa: E402
from wtg.game.engine import Game, create_game, open_game  # noqa: E402
from wtg.game.gameconfig import PlayerEntry  # noqa: E402
from wtg.game.report import aof_text  # noqa: E402
from wtg.host.cpus import default_jobs  # noqa: E402
from wtg.rules.wok.state import WokState  # noqa: E402
from wtg.rules.wok4.strategy import plan_orders  # noqa: E402

TARGET_GAMES = 1000
TARGET_SECONDS = 30.0
WTG = str(Path(sys.executable).with_name("wtg"))


def players() -> list[PlayerEntry]:
    return [
        PlayerEntry(id=i, name=f"Player {i}", email=f"p{i}@players.example", code=f"CODE{i:06d}")
        for i in range(1, 11)
    ]


def filled_aof(game: Game[WokState], player: int) -> str:
    """The player's AOF filled in by the built-in strategy, marked READY (as in the demo)."""
    state = game.state()
    orders = plan_orders(state, player, random.Random(f"{game.config.seed}:{state.turn}:{player}"))
    orders["ready"] = True
    return aof_text(game.ruleset, game.config, state, player, orders)


def file_orders(game: Game[WokState]) -> None:
    """Every player's orders for the coming turn, as `wtg poll` files a mail (not synced:
    the caller flushes once)."""
    for player in game.ruleset.owing(game.state()):
        game.submit_all(filled_aof(game, player), via="mail", durable=False)


def make_game(games_dir: Path, number: int, played: int) -> None:
    game = create_game(
        games_dir / f"g{number:04d}", "wok4", "classic60", players(), seed=number
    ).typed(WOK4)
    for _ in range(played):
        file_orders(game)
        game.run_turn()
    file_orders(game)


def make_games(games_dir: Path, count: int, played: int, jobs: int) -> None:
    with ProcessPoolExecutor(jobs) as pool:
        list(pool.map(make_game, [games_dir] * count, range(1, count + 1), [played] * count))
    diskflush.flush(games_dir)  # the set-up's writes are on disk before the clock starts


def profile_one(games_dir: Path) -> str:
    """The 20 most costly calls of one game's run-turn, on a copy of the second game, after
    a copy of the first has run (a worker runs many games: the forms and templates are
    loaded by then)."""
    copies = games_dir.parent / "profiled"
    for number in (1, 2):
        shutil.copytree(games_dir / f"g{number:04d}", copies / f"g{number:04d}")
    open_game(copies / "g0001").run_turn()
    game = open_game(copies / "g0002")
    profiler = cProfile.Profile()
    profiler.enable()
    game.run_turn()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(20)
    shutil.rmtree(copies)
    return out.getvalue()


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_due(config: Path, jobs: int | None) -> tuple[float, float, str]:
    """Wall and CPU seconds of `wtg run-turn --due` (its workers' CPU included), and its
    summary line."""
    command = [WTG, "--config", str(config), "run-turn", "--due"]
    command += ["--jobs", str(jobs)] if jobs else []
    cpu = children_cpu()
    begin = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - begin
    lines = done.stdout.splitlines()
    if done.returncode != 0 or not lines:
        sys.exit(f"run-turn --due failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, children_cpu() - cpu, lines[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=TARGET_GAMES)
    parser.add_argument("--played", type=int, default=2, help="turns played before (2)")
    parser.add_argument("--jobs", type=int, default=None, help="run-turn's --jobs")
    parser.add_argument("--profile", action="store_true", help="profile one game's run-turn")
    parser.add_argument("--dir", type=Path, default=None, help="where to make the games")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-due-", dir=args.dir))
    try:
        games_dir = work / "games"
        config = work / "wtg.yaml"
        config.write_text(f"games_dir: {games_dir}\nfrom: gm@example.org\n")
        begin = time.perf_counter()
        make_games(games_dir, args.games, args.played, default_jobs())
        print(
            f"set-up: {args.games} games of 10 players, WoK IV on classic60, {args.played} "
            f"turns played, every player's orders for turn {args.played + 1} on file, "
            f"in {time.perf_counter() - begin:.0f} s"
        )
        if args.profile:
            print(profile_one(games_dir))
        wall, cpu, summary = run_due(config, args.jobs)
        per_game = wall / args.games
        projected = per_game * TARGET_GAMES
        print(f"cores: {default_jobs()}; at {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC")
        print(f"`wtg run-turn --due`: {summary}")
        print(f"wall {wall:.2f} s, CPU {cpu:.2f} s (the command and its workers)")
        print(f"a game: {per_game * 1000:.1f} ms wall, {cpu / args.games * 1000:.1f} ms CPU")
        print(
            f"{TARGET_GAMES} games: {projected:.1f} s wall"
            + (" (projected)" if args.games != TARGET_GAMES else "")
            + f"; target {TARGET_SECONDS:.0f} s: ratio {projected / TARGET_SECONDS:.2f}"
        )
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
