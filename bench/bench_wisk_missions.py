"""Benchmark: WISK robots with secret missions (issue 40): which missions their holders win.

    .venv/bin/python bench/bench_wisk_missions.py [--games N] [--robots N] [--json]
        [--first-seed F]

Plays N games of robots only (the live strategy, ``wtg/rules/wisk/strategy.py``) on the
default map with ``--missions``, seeds 1..N, as ``bench/robot_games.py`` plays them (each
turn resolved with the game's RNG). Each player's mission is counted by kind: a pair of
continents (one more of one's choice: "+1"), "destroy" a player, "destroy" turned into
24 territories (the player named is oneself or nobody), "occupy N x A" (N territories
with at least A armies each). Prints, for each kind, how many of its holders won (a fair
share is 1 in the number of players; Wilson's 95% interval in brackets), how games were
won, the median turns and the games still going at the turn cap. ``--first-seed F``
plays seeds F..F + N - 1 instead.

A win at hand (round 40): at every robot turn of play, the robot's plan is set beside the
plan it makes blind to winning (the weight ``win`` at 0: a conquest that meets its
mission counts as any other); where the two differ, both are resolved with the turn's
dice, and the turns each wins there and then are counted (``win_at_hand``: ``differ``,
``won``, ``won_blind``), with Wilson's 95% interval. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.robot_games import WISK_TURN_CAP  # noqa: E402
from bench.robot_tally import wilson  # noqa: E402
from tests.shipped import WISK  # noqa: E402
from wtg.core.jsondata import JsonObject  # noqa: E402
from wtg.core.rng import turn_rng  # noqa: E402
from wtg.core.ruleset import GameSetup  # noqa: E402
from wtg.rules.wisk import strategy  # noqa: E402
from wtg.rules.wisk.state import PLAYING, Player, WiskState  # noqa: E402
from wtg.rules.wisk.weights import WEIGHTS  # noqa: E402


def mission_kind(state: WiskState, player: Player) -> str:
    mission = state.board.mission(player.mission)
    if mission.continents:
        return " + ".join(mission.continents) + (" + 1" if mission.extra else "")
    if mission.destroy:
        named = mission.destroy <= len(state.players)
        if named and state.players[mission.destroy - 1].id != player.id:
            return "destroy a player"
        return "destroy -> occupy 24"
    return f"occupy {mission.territories} x {mission.armies}"


@dataclass
class AtHand:
    """The turns the robot's plan and its win-blind plan differ, and the turns each won."""

    differ: int = 0
    won: int = 0
    won_blind: int = 0

    def weigh(self, state: WiskState, pid: int, orders: JsonObject, seed: int) -> None:
        if state.stage != PLAYING:
            return
        blind = strategy.plan_with(state, pid, {**WEIGHTS, "win": 0.0})
        if blind == orders:
            return
        self.differ += 1
        for plan, field in ((orders, "won"), (blind, "won_blind")):
            after = WISK.resolve(state, {pid: plan}, turn_rng(seed, state.turn + 1)).state
            if after.winner == pid:
                setattr(self, field, getattr(self, field) + 1)


def play(
    seed: int, robots: int, at_hand: AtHand | None = None
) -> tuple[dict[int, str], int, str, int]:
    """One game: each player's mission kind, the winner (0: none), how he won, the turns
    (``at_hand``: each turn's plan weighed against the win-blind one)."""
    options = {"robots": robots, "missions": True}
    setup = GameSetup("bench", WISK.default_map(None, {}), seed, (), options=options)
    state: WiskState = WISK.new_game(setup, turn_rng(seed, 0)).state
    kinds = {p.id: mission_kind(state, p) for p in state.players}
    while not state.winner and state.turn < WISK_TURN_CAP:
        pid = state.active
        orders = strategy.plan(state, pid)
        if at_hand is not None:
            at_hand.weigh(state, pid, orders, seed)
        state = WISK.resolve(state, {pid: orders}, turn_rng(seed, state.turn + 1)).state
    return kinds, state.winner, state.won_by if state.winner else "", state.turn


def measure(games: int, robots: int, first_seed: int = 1) -> JsonObject:
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    how: Counter[str] = Counter()
    turns: list[int] = []
    at_hand = AtHand()
    for seed in range(first_seed, first_seed + games):
        kinds, winner, won_by, turn = play(seed, robots, at_hand)
        turns.append(turn)
        how[won_by or "not ended"] += 1
        for pid, kind in kinds.items():
            held[kind] += 1
            won[kind] += pid == winner
        done = seed - first_seed + 1
        print(f"\rwisk missions, {robots} robots: {done}/{games}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return {
        "games": games,
        "first_seed": first_seed,
        "robots": robots,
        "kinds": {k: {"held": held[k], "won": won[k]} for k in sorted(held)},
        "won_by": dict(sorted(how.items())),
        "median_turns": statistics.median(turns),
        "not_ended": how["not ended"],
        "win_at_hand": {
            "differ": at_hand.differ,
            "won": at_hand.won,
            "won_blind": at_hand.won_blind,
        },
    }


def text(found: JsonObject) -> list[str]:
    robots = found["robots"]
    assert isinstance(robots, int)
    lines = [
        f"WISK with missions: {found['games']} games of {robots} robots "
        f"(a fair share: {1 / robots:.0%}); median {found['median_turns']} turns, "
        f"{found['not_ended']} not ended; won by {found['won_by']}"
        + (f"; seeds from {found['first_seed']}" if found["first_seed"] != 1 else "")
    ]
    kinds = found["kinds"]
    assert isinstance(kinds, dict)
    for kind, count in kinds.items():
        assert isinstance(count, dict)
        held, won = count["held"], count["won"]
        assert isinstance(held, int) and isinstance(won, int)
        low, high = wilson(won, held)
        lines.append(
            f"  {kind:36} its holder won {won:3}/{held:3} = {won / held:4.0%} "
            f"[{low:.0%}-{high:.0%}]"
        )
    hand = found["win_at_hand"]
    assert isinstance(hand, dict)
    differ, won, blind = hand["differ"], hand["won"], hand["won_blind"]
    assert isinstance(differ, int) and isinstance(won, int) and isinstance(blind, int)
    lines.append(
        f"  win at hand: {differ} robot turns its plan and the win-blind plan differ; "
        f"won that turn: the robot {_rate(won, differ)}, blind {_rate(blind, differ)}"
    )
    return lines


def _rate(wins: int, turns: int) -> str:
    low, high = wilson(wins, turns)
    share = wins / turns if turns else 0.0
    return f"{wins}/{turns} = {share:.0%} [{low:.0%}-{high:.0%}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games (seeds 1..N)")
    parser.add_argument("--robots", type=int, default=4, help="robots a game (2 to 6)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.first_seed < 1 or not 2 <= args.robots <= 6:
        print(
            "bench_wisk_missions.py: --games and --first-seed 1 or more, --robots 2 to 6",
            file=sys.stderr,
        )
        return 2
    found = measure(args.games, args.robots, args.first_seed)
    print(json.dumps(found, indent=2) if args.json else "\n".join(text(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
