"""Benchmark: `wtg site` over N games (issue 16: 1,000 games in under 60 s on 2 cores).

    .venv/bin/python bench/bench_site.py 1000 [--turns 10] [--dir /dev/shm]

Makes a game of each ruleset through the engine (``tests/site/games.py``): WoK IV on the
60-province map with 10 players and Standard WoK on Star Islands with 5, --turns turns
played and still running; Intermediate, WISK and WoS Tactics played to the end. Then N games
cheaply from them: each a copy whose turn files are hard links to the model's (a site only
reads them) and whose ``game.yaml`` has a name of its own and players drawn from 400
people, so that the HiScore and the ratings have many players in many games. Six in ten
are WoK IV games. Then it runs the real command, `wtg site OUT --games-dir D`, three times:
the first build, a build with nothing changed, and a build after one more turn of one
game; and prints the wall and CPU time of each (its own and its workers') and the ratio of
the first to the target.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.site.games import play_game, play_turns  # noqa: E402
from wtg.files.store import write_atomic  # noqa: E402
from wtg.game.engine import open_game  # noqa: E402
from wtg.game.gameconfig import GameConfig, PlayerEntry  # noqa: E402
from wtg.host.cpus import default_jobs  # noqa: E402

TARGET_GAMES = 1000
TARGET_SECONDS = 60.0
PEOPLE = 400
WTG = str(Path(sys.executable).with_name("wtg"))
MIX = ("wok4",) * 6 + ("standard", "intermediate", "wisk", "tactics")


def models(folder: Path, turns: int) -> dict[str, Path]:
    """A game of each ruleset to copy."""
    specs = {
        "wok4": ("classic60", 10, turns, None, 1),
        "standard": ("star-islands", 5, turns, "skirmish", 1),
        "intermediate": ("marchlands", 2, 200, None, 5),
        "wisk": ("classic", 2, 400, None, 3),
        "tactics": ("meadow", 2, 200, None, 3),
    }
    made = {}
    for ruleset, (map_name, humans, played, variant, seed) in specs.items():
        game = play_game(
            folder, ruleset, ruleset, map_name, humans, played, variant=variant, seed=seed
        )
        made[ruleset] = game.store.root
    return made


def copy_game(model: Path, target: Path, number: int) -> None:
    """``model`` as the game ``target.name``: its turns hard-linked, its players drawn from
    the pool of people."""
    shutil.copytree(
        model, target, copy_function=os.link, ignore=shutil.ignore_patterns("game.yaml", ".lock")
    )
    config = open_game(model).config
    chosen = random.Random(number).sample(range(1, PEOPLE + 1), len(config.players))
    players = tuple(
        PlayerEntry(p.id, f"Person {k}", f"person{k}@players.example", f"CODE{k:06d}")
        for p, k in zip(config.players, chosen, strict=True)
    )
    renamed = GameConfig(
        game=target.name,
        ruleset=config.ruleset,
        map=config.map,
        seed=number,
        players=players,
        variant=config.variant,
        options=config.options,
        schedule=config.schedule,
    )
    write_atomic(target / "game.yaml", renamed.to_yaml(), sync=False)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_site(games: Path, out: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of `wtg site` (its workers' CPU included), and its summary."""
    cpu = children_cpu()
    begin = time.perf_counter()
    done = subprocess.run(
        [WTG, "site", str(out), "--games-dir", str(games)], capture_output=True, text=True
    )
    wall = time.perf_counter() - begin
    if done.returncode != 0:
        sys.exit(f"wtg site failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, children_cpu() - cpu, done.stdout.strip().split(": ", 1)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=TARGET_GAMES)
    parser.add_argument("--turns", type=int, default=10, help="turns of the running games (10)")
    parser.add_argument("--dir", type=Path, default=None, help="where to make the games")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-site-", dir=args.dir))
    try:
        begin = time.perf_counter()
        made = models(work / "models", args.turns)
        games = work / "games"
        games.mkdir()
        for number in range(1, args.games + 1):
            copy_game(made[MIX[number % len(MIX)]], games / f"g{number:04d}", number)
        print(
            f"set-up: {args.games} games (6 in 10 WoK IV on classic60, 10 players, "
            f"{args.turns} turns; Standard, Intermediate, WISK, Tactics), "
            f"{PEOPLE} people, in {time.perf_counter() - begin:.0f} s; cores: {default_jobs()}"
        )
        out = work / "site"
        first = run_site(games, out)
        unchanged = run_site(games, out)
        play_turns(open_game(games / "g0001"), 1)
        one_turn = run_site(games, out)
        for what, (wall, cpu, summary) in (
            ("first build", first),
            ("nothing changed", unchanged),
            ("one turn of one game", one_turn),
        ):
            print(f"{what}: {wall:.2f} s wall, {cpu:.2f} s CPU: {summary}")
        projected = first[0] / args.games * TARGET_GAMES
        print(
            f"{TARGET_GAMES} games: {projected:.1f} s wall"
            + (" (projected)" if args.games != TARGET_GAMES else "")
            + f"; target {TARGET_SECONDS:.0f} s: ratio {projected / TARGET_SECONDS:.2f}"
        )
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
