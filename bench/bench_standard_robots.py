"""Benchmark: the robots of Standard WoK's Duel, Duel-Lite and Trinity (issue 40): what
their turns do, their captures, how long the games last.

    .venv/bin/python bench/bench_standard_robots.py [--games N] [--turns T] [--json]

Plays N games of each variant on its default map (and N Duels whose humans are passive,
giving orders with nothing in them: "duel-passive"), seeds 1..N, the humans' colours played
by the built-in Standard player (``wtg/rules/standard/strategy.py``, its orders read and
checked as an order file is) and the robots by their rules (``robots.py``), each turn
resolved with the game's RNG, up to T turns. Counts every turn of every robot by what it
did (``what_it_did``: attacked, recruited, gathered, waited, stranded, no target,
headless, out).
Prints those counts, the robots' captures, their order lines the turn skipped, the human
colours they RIPed, the games that ended before T, the median game length and the median
CPU time of a robots' turn. Progress goes to stderr.
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
PASSIVE = "-passive"
"""A variant's name with this ending: its humans give orders with nothing in them."""
KINDS = (
    "attacked",
    "recruited",
    "gathered",
    "waited",
    "stranded",
    "no_target",
    "headless",
    "out",
)


def what_it_did(state: WokState, pid: int, orders: Mapping[str, Any] | None) -> str:
    """One robot's turn, by its orders on ``state``: attacked; recruited where it attacks
    from (on POP that makes an army); waited (armies there, but no neighbour it attacks);
    gathered (moved armies in); stranded (no armies there, and no POP to make one or armies
    next to it, with a neighbour to attack); no target
    (every neighbour its own or protected); headless (its last-taken province lost); out
    (RIPed)."""
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
    if any(m["to"] == source.id for m in orders.get("move", [])):
        return "gathered"
    if not has_target(state, pid):
        return "no_target"
    return "waited" if source.troops else "stranded"


def has_target(state: WokState, pid: int) -> bool:
    """Whether the robot's last-taken province has a neighbour not its own nor protected."""
    protected = set(state.protected) if state.turn + 1 <= state.protection else set()
    near = state.province(state.player(pid).last_taken).neighbours
    return any(state.province(n).owner != pid and n not in protected for n in near)


def play(
    variant: str, seed: int, turns: int, passive: bool = False
) -> tuple[Counter[str], int, int, bool, list[float]]:
    """One game: the robots' turns by kind (and ``ripped``: human colours the robots RIPed),
    their captures, their skipped order lines, whether it ended, the CPU seconds of each
    robots' turn. A ``passive`` human gives orders with nothing in them every turn."""
    humans = VARIANTS[variant.removesuffix(PASSIVE)]
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, humans + 1))
    board = STANDARD.default_map(variant.removesuffix(PASSIVE), {})
    setup = GameSetup(
        game="bench", map=board, seed=seed, players=seats, variant=variant.removesuffix(PASSIVE)
    )
    state: WokState = STANDARD.new_game(setup, turn_rng(seed, 0)).state
    robots = [p.id for p in state.players if p.robot]
    did: Counter[str] = Counter()
    captures = skipped = 0
    cpu: list[float] = []
    while not STANDARD.is_over(state) and STANDARD.turn_of(state) < turns:
        turn = STANDARD.turn_of(state)
        orders: dict[int, Any] = {}
        for side in STANDARD.owing(state):
            planned: JsonObject = {"player": side, "turn": turn + 1}
            if not passive:
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
        did["ripped"] += sum(
            1
            for e in result.events
            if e.kind == "ripped"
            and e.to_dict()["colour"] not in robots
            and e.to_dict()["credited_to"] in robots
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
        counted, taken, bad, over, times = play(variant, seed, turns, variant.endswith(PASSIVE))
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
        "human_colours_ripped_by_robots": did["ripped"],
        "captures": captures,
        "skipped_lines": skipped,
        "ended": ended,
        "median_turns": statistics.median(lengths),
        "ms_per_turn": 1000 * statistics.median(cpu) if cpu else 0.0,
    }


def text(variant: str, found: Mapping[str, Any]) -> list[str]:
    turns = found["turns"]
    active = sum(turns[k] for k in KINDS[:-2])  # all but headless and out
    return [
        f"{variant}: {found['games']} games, {found['ended']} ended before the turn cap, "
        f"median {found['median_turns']:g} turns; robots captured {found['captures']} "
        f"provinces, {found['skipped_lines']} of their order lines skipped; "
        f"CPU the robots' turn (median) {found['ms_per_turn']:.2f} ms; "
        f"robots RIPed {found['human_colours_ripped_by_robots']} human colours",
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
    variants = [*VARIANTS, "duel" + PASSIVE]
    found = {variant: measure(variant, args.games, args.turns) for variant in variants}
    if args.json:
        print(json.dumps({"games": args.games, "turn_cap": args.turns, **found}, indent=2))
    else:
        print("\n".join(line for v, f in found.items() for line in text(v, f)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
