"""Benchmark: the robots of Standard WoK's Duel, Duel-Lite and Trinity (issue 40): what
their turns do, their captures, how long the games last.

    .venv/bin/python bench/bench_standard_robots.py [--games N] [--turns T] [--json]

Plays N games of each variant on its default map, seeds 1..N, the humans' colours played
by the built-in Standard player (``wtg/rules/standard/strategy.py``, its orders read and
checked as an order file is) and the robots by their rules (``robots.py``), each turn
resolved with the game's RNG, up to T turns. Counts every turn of every robot by what it
did: attacked; recruited where it attacks from (ruling 30); stranded (recruited there on
less POP than makes an army: the turn skips it, and nothing else brings armies there);
no target (armies there, every neighbour its own or protected); emptied (no armies there
and no order for it); headless (its last-taken province lost); out (RIPed). Prints those
counts, the robots' captures, their order lines the turn skipped, the games that ended
before T and the median CPU time of a robots' turn. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.shipped import STANDARD  # noqa: E402
from wtg.core.jsondata import JsonObject  # noqa: E402
from wtg.core.rng import turn_rng  # noqa: E402
from wtg.core.ruleset import GameSetup, SeatSetup  # noqa: E402
from wtg.rules.standard.strategy import plan_orders  # noqa: E402
from wtg.rules.wok.limits import POP_PER_ARM  # noqa: E402
from wtg.rules.wok.state import ACTIVE, WokState  # noqa: E402

VARIANTS = {"duel": 2, "duel-lite": 2, "trinity": 3}
"""Each variant with robots, and its humans."""
KINDS = (
    "attacked",
    "recruited",
    "stranded",
    "no_target",
    "emptied",
    "headless",
    "out",
)


def what_it_did(state: WokState, pid: int, orders: Mapping[str, Any] | None) -> str:
    """One robot's turn, by its orders on ``state``."""
    player = state.player(pid)
    if player.status != ACTIVE:
        return "out"
    if orders is None:
        return "headless"
    if orders.get("attack"):
        return "attacked"
    source = state.province(player.last_taken)
    if any(t["province"] == source.id for t in orders.get("transform", [])):
        return "recruited" if source.pop >= POP_PER_ARM else "stranded"
    return "no_target" if source.troops else "emptied"


def play(variant: str, seed: int, turns: int) -> tuple[Counter[str], int, int, bool, list[float]]:
    """One game: the robots' turns by kind, their captures, their skipped order lines,
    whether it ended, the CPU seconds of each robots' turn."""
    humans = VARIANTS[variant]
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, humans + 1))
    board = STANDARD.default_map(variant, {})
    setup = GameSetup(game="bench", map=board, seed=seed, players=seats, variant=variant)
    state: WokState = STANDARD.new_game(setup, turn_rng(seed, 0)).state
    robots = [p.id for p in state.players if p.robot]
    did: Counter[str] = Counter()
    captures = skipped = 0
    cpu: list[float] = []
    while not STANDARD.is_over(state) and STANDARD.turn_of(state) < turns:
        turn = STANDARD.turn_of(state)
        orders: dict[int, Any] = {}
        for side in STANDARD.owing(state):
            planned = plan_orders(state, side, random.Random(f"{seed}:{turn}:{side}"))
            entries, _unread, _problems = STANDARD.entries_from_dict(planned)
            orders[side] = STANDARD.accept(entries, state, side).orders
        began = time.process_time()
        planned_robots = STANDARD.robot_orders(state)
        cpu.append(time.process_time() - began)
        for pid in robots:
            did[what_it_did(state, pid, planned_robots.get(pid))] += 1
        orders.update(planned_robots)
        result = STANDARD.resolve(state, orders, turn_rng(seed, turn + 1))
        skipped += sum(
            1
            for e in result.events
            if e.kind == "order_skipped" and e.to_dict().get("player") in robots
        )
        after = result.state
        captures += sum(
            1 for pid in robots if after.player(pid).last_taken != state.player(pid).last_taken
        )
        state = after
    return did, captures, skipped, STANDARD.is_over(state), cpu


def measure(variant: str, games: int, turns: int) -> JsonObject:
    did: Counter[str] = Counter()
    captures = skipped = ended = 0
    lengths: list[int] = []
    cpu: list[float] = []
    for seed in range(1, games + 1):
        counted, taken, bad, over, times = play(variant, seed, turns)
        did += counted
        captures += taken
        skipped += bad
        ended += over
        lengths.append(len(times))
        cpu += times
        print(f"\rstandard {variant}: {seed}/{games}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return {
        "games": games,
        "turns": {kind: did[kind] for kind in KINDS},
        "captures": captures,
        "skipped_lines": skipped,
        "ended": ended,
        "median_turns": statistics.median(lengths),
        "ms_per_turn": 1000 * statistics.median(cpu) if cpu else 0.0,
    }


def text(variant: str, found: Mapping[str, Any]) -> list[str]:
    turns = found["turns"]
    active = sum(turns[k] for k in KINDS[:5])
    return [
        f"{variant}: {found['games']} games, {found['ended']} ended before the turn cap, "
        f"median {found['median_turns']:g} turns; robots captured {found['captures']} "
        f"provinces, {found['skipped_lines']} of their order lines skipped; "
        f"CPU the robots' turn (median) {found['ms_per_turn']:.2f} ms",
        "  robots' turns: "
        + ", ".join(f"{k} {turns[k]}" for k in KINDS)
        + f" (attacked in {turns['attacked'] / max(active, 1):.0%} of their active turns)",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games a variant (seeds 1..N)")
    parser.add_argument("--turns", type=int, default=40, help="turns a game at most")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.turns < 1:
        print("bench_standard_robots.py: --games and --turns must be 1 or more", file=sys.stderr)
        return 2
    found = {variant: measure(variant, args.games, args.turns) for variant in VARIANTS}
    if args.json:
        print(json.dumps({"games": args.games, "turn_cap": args.turns, **found}, indent=2))
    else:
        print("\n".join(line for v, f in found.items() for line in text(v, f)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
