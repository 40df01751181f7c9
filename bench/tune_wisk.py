"""Tuning the WISK robot's weights by self-play (``wtg/rules/wisk/weights.py``).

    .venv/bin/python bench/tune_wisk.py NAME=VALUE [NAME=VALUE ...] [--games N]
        [--first-seed F] [--missions]

Plays the robot with the weights changed as given against the robot with the shipped
weights: N games 1 against 1 (seeds 1..N/2, each played from both seats) and N games of
1 among 3 (seeds 1..N/4, each from every seat); then the changed robot against the naive
player 1 against 1. ``--first-seed F`` plays seeds from F instead of 1, ``--missions`` the
games with secret missions. Prints each win rate with Wilson's 95% interval. A weight is kept
when it wins more than half of the self-play games (a fair share of 1 among 3 is a
quarter) and does no worse against the naive player."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.naive_players import naive_wisk  # noqa: E402
from bench.robot_games import Side, play_wisk  # noqa: E402
from bench.robot_tally import wilson  # noqa: E402
from wtg.core.jsondata import JsonObject  # noqa: E402
from wtg.rules.wisk.state import WiskState  # noqa: E402
from wtg.rules.wisk.strategy import plan, plan_with  # noqa: E402
from wtg.rules.wisk.weights import WEIGHTS  # noqa: E402


def changed_side(weights: Mapping[str, float]) -> Side:
    def changed(state: WiskState, pid: int, rng: Random) -> JsonObject:
        return plan_with(state, pid, weights)

    return Side("changed", changed)


def shipped(state: WiskState, pid: int, rng: Random) -> JsonObject:
    return plan(state, pid)


def rate(
    measured: Side, others: Sequence[Side], games: int, first_seed: int = 1, missions: bool = False
) -> tuple[int, int]:
    seats = 1 + len(others)
    won = 0
    for game in range(games):
        seed, seat = first_seed + game // seats, game % seats
        sides = [*others[:seat], measured, *others[seat:]]
        played = play_wisk(seed, sides, missions)
        won += played.winner == seat
    return won, games


def parse(pairs: Sequence[str]) -> dict[str, float] | str:
    weights = dict(WEIGHTS)
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in weights:
            return f"no weight {name!r} (the weights: {', '.join(sorted(weights))})"
        try:
            weights[name] = float(value)
        except ValueError:
            return f"{pair}: the value is no number"
    return weights


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", nargs="*", help="NAME=VALUE")
    parser.add_argument("--games", type=int, default=40, help="games a pairing")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--missions", action="store_true", help="games with secret missions")
    args = parser.parse_args(argv)
    weights = parse(args.weights)
    if isinstance(weights, str):
        print(f"tune_wisk.py: {weights}", file=sys.stderr)
        return 2
    if args.games < 1 or args.first_seed < 1:
        print("tune_wisk.py: --games and --first-seed must be 1 or more", file=sys.stderr)
        return 2
    side, base = changed_side(weights), Side("shipped", shipped)
    naive = Side("naive", naive_wisk, player=True)
    for title, others in (
        ("vs shipped, 1 against 1", (base,)),
        ("1 among 3 shipped", (base, base, base)),
        ("vs naive, 1 against 1", (naive,)),
    ):
        won, games = rate(side, others, args.games, args.first_seed, args.missions)
        low, high = wilson(won, games)
        print(
            f"{' '.join(args.weights) or 'shipped'}: {title}: {won}/{games} [{low:.0%}-{high:.0%}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
