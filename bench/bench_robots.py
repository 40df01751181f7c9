"""Benchmark: the robots and built-in players of WISK, Tactics, WoK IV and Intermediate WoK.

The WISK and Tactics robots play seeded tournaments (issue 30); the WoK IV and Intermediate
WoK built-in players play new against old.

    .venv/bin/python bench/bench_robots.py [--games N] [--json] [--first-seed F]
        [--ruleset wisk|tactics|wok4|intermediate] [--turns T]
        [--against old|last|attacker|r43|r44|r46] [--missions]

Each tournament plays N games, seats balanced as a duplicate tournament: game g is
played with seed ceil(g / S) (S seats), the side measured in seat (g - 1) mod S, seats
counted in the order of play from the first mover; so each seed's deal and dice are
played from every seat in turn (with N a multiple of S), and in 1-against-1 games the
side measured moves first in half of them (the mirror and the robot-only games, with
the same side in every seat, play seeds 1..N). ``--first-seed F`` starts the seeds at F
instead of 1 (game g: seed F - 1 + ceil(g / S); the mirror, the robot-only games and the
lake battles: seeds F..F + N - 1; WoK IV and Intermediate: seed F - 1 + ceil(g / 2) on
each map), to measure a robot on seeds it was not tuned on; the first line of the
ruleset's results then names the seeds, and ``--json`` holds ``first_seed``.
``--missions`` plays WISK's tournaments with secret missions (the game option; the first
line says so, ``--json`` holds ``missions``); the target against the naive player is then
judged on the games past the first round of turns (each tally's ``past_first_round``), as
two players with missions often win on their first turn by the deal (docs/rules/wisk.md,
ruling 27). The sides: "new", the live strategy (``wtg/rules/<ruleset>/strategy.py``);
"today's", the robot frozen in ``bench/frozen_robots/`` as the yardstick (each says the
commit it was frozen at, ``FROZEN_AT``, and so does the first line of its ruleset's results:
WISK's at 1984724, issue 30's yardstick; Tactics' refreshed at ee515b67, when the live bot
had long outgrown the simple one of 1984724); "naive", the naive players of
``bench/naive_players.py``.
While the live strategies are the frozen ones, every game of new against today's is the
game of the same seed between two of today's robots, so with N a multiple of 4 new
against today's comes out at exactly 50% and 1 among 3 at 25% (Tactics' did until round
36's patient bot).

WISK: new vs today's, 1 new among 3 today's, new vs naive, the mirror (new vs new: the
first mover's wins), 3 and 4 robots. Tactics (the shipped maps with a start for each
army, in turn): the same, with 1 naive among 3 new bots instead of the mirror, and 2, 3
and 4 bots; and the 64 x 64 lake battle (knights on the land, fish out in the lake:
neither side has a tile to attack the other from on its ground), ``LAKE_GAMES`` seeds
at most, for the new robots and today's, "all rested" and one piece a turn: the turn of
the first hit and how many games ended before the turn limit. Prints each pairing's win
rate with Wilson's 95% interval, the median CPU time of a robot's turn, and issue 30's
targets with PASS or FAIL; ``--json`` prints the same as one JSON object (keys ``wisk``
and ``tactics``, each with ``vs_previous``, ``one_among_three_previous``, ``vs_naive``,
``ms_per_turn`` and ``previous_frozen_at``; ``tactics`` with ``lake`` too). Progress
goes to stderr.

WoK IV and Intermediate WoK (``bench/wok_games.py``): N games on each of the ruleset's maps
(WoK IV: small, 4 seats, and classic60, 10; Intermediate: marchlands, 2, and pentarchy, 5) of
up to T turns (default 20), the live player ("new") and the one frozen before round 34
("old", ``bench/frozen_robots/wok4.py`` and ``intermediate.py``) in alternate seats, each
seed played twice with the seats swapped; every line of both read and checked as a mailed
order file. Prints the provinces each side holds at the end (in all, and a seat), the games
whose most provinces were a new or an old player's, the lines the rules rejected and the
median CPU time of a player's turn; after every tenth turn (10, 20, 30, 40, then 60, 80,
100), the provinces each side holds and the tech points its seats hold unspent; ``--json``
adds keys ``wok4`` and ``intermediate`` (``previous_frozen_at``, ``against``, ``turns``,
``first_seed``, ``maps``, ``ms_per_turn``, ``ms_per_turn_previous``; each map's ``at_turn``).
``--against last`` plays WoK IV's new player against the one of round 36
(``bench/frozen_robots/wok4_siege.py``, ``last_frozen_at``), ``--against attacker`` against
the one of rounds 34-35 (``bench/frozen_robots/wok4_attacker.py``, ``attacker_frozen_at``),
``--against r43`` against the one of rounds 37-43 (``bench/frozen_robots/wok4_r43.py``,
``r43_frozen_at``), ``--against r44`` against the one of round 44
(``bench/frozen_robots/wok4_r44.py``, ``r44_frozen_at``), ``--against r46`` against the one
of rounds 45-46 (``bench/frozen_robots/wok4_r46.py``, ``r46_frozen_at``) instead of the old
one. Each map's tally counts too the lines of each side the turns skipped when they ran, a
game and by phase (``skipped_lines_per_game``, ``skipped_by_phase``), and the troops its
move lines sent a game and those of them sent back the way the same seat sent troops the
turn before (``troops_moved_per_game``, ``troops_sent_back_per_game``).

Round 46 tried bringing WoK IV's armies to a long siege, each way in a scratch copy of the
live player (then round 44's, its games the same as r44's) against ``--against r44``, 20
turns, tuned on seeds 1-200 and judged on seeds 401-700; the provinces of new less r44's a
game, with their standard error, on small and on classic60. Inner armies routed through
its own provinces to a border next to the siege, not to the nearest border (a tie drawn):
-0.28 (0.39) and -1.29 (0.72); the same within one step more than the nearest border:
-0.28 (0.39) and -0.17 (0.78). The spare armies of a border two steps or more from the
siege marched a step a turn towards it (mustering moved only those of a border one step
away): +0.67 (0.40) and +1.58 (0.73); that with the inner armies routed as well +0.43 (0.45)
and +0.59 (0.81), or choosing among the equally near borders the one nearer the siege
+0.61 (0.46) and +1.28 (0.79), or gathering at a siege not attacked this turn first +0.51
(0.40) and +1.24 (0.75). The best of the seven, the mustering alone, judged on seeds
401-700: +0.10 (0.33) and +0.55 (0.65), within two standard errors on both maps, and
reverted; measured then on seeds 701-1000, which chose nothing: +0.81 (0.31) and +1.66
(0.65), beyond two standard errors on both; over the 600 seeds 401-1000 +0.46 (about 0.23)
and +1.11 (about 0.46), two standard errors and more on both, and positive on every range
of seeds it met: the lead kept it (the revert reverted). With it the game of
``tests/test_report_events.py`` (seed 13 of small) was won by the allies on turn 13, before
its QUIT line; seed 17's tells every kind.

Round 47 froze round 46's player (``--against r46``) and counted the troops each side's move
lines send back the way the same seat sent troops the turn before: round 46's golden marched
14 -> 9, then 9 -> 14, armies a step into a march standing in an inner province at the
turn's end, where the inner moves (a tie drawn among the nearest borders) or the next turn's
siege elsewhere sent them back. Each way in the live player against r46, 20 turns, tuned on
seeds 1-200: the provinces of new less r46's a game, with their standard error, on small and
on classic60, then the troops sent back a game by new and by r46. The spare armies marching
the whole way to the siege in the turn, a move line a step: +0.64 (0.48) and +0.59 (0.75),
16.8 and 38.3, 47.8 and 80.9; that to the nearest of the turn's sieges, a border next to any
of them staying by it (a target kept while it is still a siege): +0.55 (0.47) and +0.81
(0.78), 16.1 and 38.6, 41.6 and 79.5; the whole way only where it fits in the move orders
left, the nearest border first: +0.63 (0.48) and +0.46 (0.75), 15.7 and 38.3, 35.0 and 79.3;
the whole way with the inner moves' tie drawn among the borders nearest the siege: +0.34
(0.44) and +0.12 (0.83), 12.0 and 37.6, 35.6 and 82.3; a step a turn to the nearest siege:
+0.00 (0.07) and +0.30 (0.32), 36.1 and 37.5, 71.5 and 75.1; the inner moves' tie alone,
on seeds 1-20: -2.58 (1.37) and -3.08 (2.17). The second, judged on seeds 401-700: +0.57
(0.32) and +1.06 (0.61), within two standard errors on both maps and positive on both, its
troops sent back halved (17.7 against 36.6 a game on small, 41.6 against 76.0 on
classic60): kept for the waste it removes. Its game on seed 17 of small lost player 1
before his QUIT line; ``tests/test_report_events.py`` plays seed 26.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.frozen_robots import tactics as today_tactics  # noqa: E402
from bench.frozen_robots import wisk as today_wisk  # noqa: E402
from bench.naive_players import naive_tactics, naive_wisk  # noqa: E402
from bench.robot_games import (  # noqa: E402
    Meeting,
    Played,
    Side,
    median_ms,
    play_lake,
    play_tactics,
    play_wisk,
    tactics_maps,
)
from bench.robot_tally import Tally  # noqa: E402
from bench.wok_games import ATTACKER as WOK_ATTACKER  # noqa: E402
from bench.wok_games import LAST as WOK_LAST  # noqa: E402
from bench.wok_games import LAST_FROZEN_AT, WokMeasured  # noqa: E402
from bench.wok_games import MAPS as WOK_MAPS  # noqa: E402
from bench.wok_games import OLD as WOK_OLD  # noqa: E402
from bench.wok_games import R43 as WOK_R43  # noqa: E402
from bench.wok_games import R44 as WOK_R44  # noqa: E402
from bench.wok_games import R46 as WOK_R46  # noqa: E402
from bench.wok_games import TURNS as WOK_TURNS  # noqa: E402
from bench.wok_games import measure as measure_wok  # noqa: E402
from wtg.core.jsondata import JsonObject  # noqa: E402
from wtg.rules.tactics import strategy as new_tactics  # noqa: E402
from wtg.rules.tactics.state import TacticsState  # noqa: E402
from wtg.rules.wisk import strategy as new_wisk  # noqa: E402
from wtg.rules.wisk.state import WiskState  # noqa: E402

NEW, TODAY, NAIVE = "new", "today's", "naive"
MS_PER_TURN = 5.0
VS_PREVIOUS, AMONG_THREE = 0.65, 0.40
VS_NAIVE = {"wisk": 0.90, "tactics": 0.85}
LAKE_GAMES = 10
"""Lake battles a side and a pieces-per-turn setting, at most (the seed only draws the
dice)."""
LAKE_TURNS = {"rested": "all rested", "1": "one piece a turn"}
FROZEN_AT = {"wisk": today_wisk.FROZEN_AT, "tactics": today_tactics.FROZEN_AT}
"""The commit of each ruleset's yardstick, "today's"."""


def _new_wisk(state: WiskState, pid: int, rng: Random) -> JsonObject:
    return new_wisk.plan(state, pid)


def _today_wisk(state: WiskState, pid: int, rng: Random) -> JsonObject:
    return today_wisk.plan(state, pid)


def _new_tactics(state: TacticsState, pid: int, rng: Random) -> JsonObject:
    return new_tactics.plan_orders(state, pid)


def _today_tactics(state: TacticsState, pid: int, rng: Random) -> JsonObject:
    return today_tactics.plan_orders(state, pid)


SIDES = {
    "wisk": (
        Side(NEW, _new_wisk),
        Side(TODAY, _today_wisk),
        Side(NAIVE, naive_wisk, player=True),
    ),
    "tactics": (
        Side(NEW, _new_tactics),
        Side(TODAY, _today_tactics),
        Side(NAIVE, naive_tactics, player=True),
    ),
}


@dataclass(frozen=True)
class Tournament:
    """Game g: seed ceil(g / S), ``measured`` in seat (g - 1) mod S, ``others`` in the
    other seats."""

    key: str
    title: str
    measured: Side
    others: tuple[Side, ...]

    @property
    def alike(self) -> bool:
        """The same side in every seat (new robots only): game g then has seed g."""
        return all(side == self.measured for side in self.others)

    @property
    def seats(self) -> int:
        return 1 + len(self.others)

    def sides(self, seat: int) -> list[Side]:
        return [*self.others[:seat], self.measured, *self.others[seat:]]


def tournaments(ruleset: str) -> list[Tournament]:
    new, today, naive = SIDES[ruleset]
    played = [
        Tournament("vs_previous", "new vs today's, 1 against 1", new, (today,)),
        Tournament("one_among_three_previous", "1 new among 3 today's", new, (today,) * 3),
        Tournament("vs_naive", "new vs naive, 1 against 1", new, (naive,)),
    ]
    if ruleset == "wisk":
        played.append(Tournament("mirror", "new vs new (first mover's wins)", new, (new,)))
        counts: tuple[int, ...] = (3, 4)
    else:
        played.append(Tournament("naive_among_three", "1 naive among 3 new", naive, (new,) * 3))
        counts = (2, 3, 4)
    for count in counts:
        played.append(
            Tournament(f"robots_{count}", f"{count} new robots", new, (new,) * (count - 1))
        )
    return played


Player = Callable[[int, Sequence[Side]], Played]


def player_of(ruleset: str, seats: int, missions: bool = False) -> Player:
    """How a game of a tournament of ``seats`` is played, given its seed (WISK: with
    secret missions when ``missions``; Tactics: on the maps with a start for each army, in
    turn by seed)."""
    if ruleset == "wisk":
        return lambda seed, sides: play_wisk(seed, sides, missions)
    maps = tactics_maps(seats)

    def play(seed: int, sides: Sequence[Side]) -> Played:
        return play_tactics(seed, maps[(seed - 1) % len(maps)], sides)

    return play


def run(
    ruleset: str, tournament: Tournament, games: int, first_seed: int = 1, missions: bool = False
) -> tuple[Tally, list[Played]]:
    play = player_of(ruleset, tournament.seats, missions)
    played, seats = [], []
    began = time.monotonic()
    for game in range(1, games + 1):
        seed = first_seed + (game - 1) // tournament.seats
        seat = (game - 1) % tournament.seats
        if tournament.alike:
            seed = first_seed - 1 + game  # every seat would play the same game
        played.append(play(seed, tournament.sides(seat)))
        seats.append(seat)
        print(f"\r{ruleset} {tournament.key}: {game}/{games}", end="", file=sys.stderr)
    print(f" ({time.monotonic() - began:.0f} s)", file=sys.stderr)
    return Tally.of(played, seats), played


@dataclass(frozen=True)
class Measured:
    """A ruleset's tournaments counted, with the median CPU time of a turn of the live
    robot and of the yardstick."""

    ruleset: str
    games: int
    tallies: dict[str, Tally]
    ms_new: float
    ms_today: float
    lake: dict[str, dict[str, list[Meeting]]] = field(default_factory=dict)
    """Side name -> pieces per turn -> the lake battles (Tactics only)."""
    first_seed: int = 1
    missions: bool = False
    """WISK's games played with secret missions (``--missions``)."""

    def rate(self, key: str) -> float:
        return self.tallies[key].overall.rate

    def targets(self) -> list[tuple[str, bool]]:
        """Issue 30's "Done when", each with whether it holds."""
        naive = VS_NAIVE[self.ruleset]
        still_open = sum(t.games - t.ended for t in self.tallies.values())
        return [
            (
                f"new vs today's, 1 against 1 >= {VS_PREVIOUS:.0%}",
                self.rate("vs_previous") >= VS_PREVIOUS,
            ),
            (
                f"1 new among 3 today's >= {AMONG_THREE:.0%}",
                self.rate("one_among_three_previous") >= AMONG_THREE,
            ),
            self._naive_target(naive),
            (f"CPU a robot turn (median) <= {MS_PER_TURN:g} ms", self.ms_new <= MS_PER_TURN),
            (f"every game ends ({still_open} did not)", still_open == 0),
        ]

    def _naive_target(self, naive: float) -> tuple[str, bool]:
        """Against the naive player; with secret missions, in the games past the first
        round of turns: two players start with 21 territories each, and a mission of 24
        territories or 18 with 2 armies is often won on a player's first turn, by the deal
        more than by the play (docs/rules/wisk.md, ruling 27)."""
        if not self.missions:
            return f"new vs naive, 1 against 1 >= {naive:.0%}", self.rate("vs_naive") >= naive
        past = self.tallies["vs_naive"].past_first_round
        return (
            f"new vs naive, 1 against 1, the {past.games} games past the first round of "
            f"turns (ruling 27) >= {naive:.0%}",
            past.rate >= naive,
        )

    def to_json(self) -> JsonObject:
        result: JsonObject = {
            "vs_previous": self.rate("vs_previous"),
            "one_among_three_previous": self.rate("one_among_three_previous"),
            "vs_naive": self.rate("vs_naive"),
            "ms_per_turn": self.ms_new,
            "ms_per_turn_previous": self.ms_today,
            "previous_frozen_at": FROZEN_AT[self.ruleset],
            "first_seed": self.first_seed,
        }
        if self.ruleset == "wisk":
            result["missions"] = self.missions
        if self.ruleset == "wisk":
            result["first_mover_wins"] = self.tallies["mirror"].first_mover.rate
        else:
            result["naive_among_three"] = self.rate("naive_among_three")
        result["tournaments"] = {key: tally.to_json() for key, tally in self.tallies.items()}
        if self.lake:
            result["lake"] = {
                side: {per_turn: _lake_json(met) for per_turn, met in found.items()}
                for side, found in self.lake.items()
            }
        result["targets"] = [{"target": label, "pass": ok} for label, ok in self.targets()]
        return result

    def _seeds(self) -> str:
        """The seeds played, said when they do not start at 1."""
        if self.first_seed == 1:
            return ""
        duel = self.first_seed - 1 + -(-self.games // 2)
        return f"; seeds from {self.first_seed} (1 against 1: {self.first_seed}-{duel})"

    def _missions(self) -> str:
        return "; with secret missions" if self.missions else ""

    def text(self) -> list[str]:
        games = self.games
        lines = [
            f"{self.ruleset.upper()}: {games} games a tournament, each seed played from every "
            "seat (win rates with Wilson's 95% interval); today's: the robot frozen at "
            f"{FROZEN_AT[self.ruleset]}{self._seeds()}{self._missions()}"
        ]
        for tournament in tournaments(self.ruleset):
            lines.append(_line(tournament, self.tallies[tournament.key]))
        lines.append(
            f"  CPU a robot turn (median): new {self.ms_new:.2f} ms, today's {self.ms_today:.2f} ms"
        )
        if self.lake:
            count = len(next(iter(next(iter(self.lake.values())).values())))
            lines.append(f"  64x64 lake battle, {count} games each (first hit, games that ended):")
            for side, found in self.lake.items():
                for per_turn, met in found.items():
                    lines.append(
                        f"    {side + ' robots, ' + LAKE_TURNS[per_turn]:34} {_lake_text(met)}"
                    )
        lines.append("  Done when (issue 30):")
        for label, ok in self.targets():
            lines.append(f"    {'PASS' if ok else 'FAIL'}  {label}")
        return lines


def measure(ruleset: str, games: int, first_seed: int = 1, missions: bool = False) -> Measured:
    tallies: dict[str, Tally] = {}
    every: list[Played] = []
    for tournament in tournaments(ruleset):
        tally, played = run(ruleset, tournament, games, first_seed, missions)
        tallies[tournament.key] = tally
        every += played
    lake = lake_battles(min(games, LAKE_GAMES), first_seed) if ruleset == "tactics" else {}
    return Measured(
        ruleset,
        games,
        tallies,
        median_ms(every, NEW),
        median_ms(every, TODAY),
        lake,
        first_seed,
        missions,
    )


def lake_battles(games: int, first_seed: int = 1) -> dict[str, dict[str, list[Meeting]]]:
    """The lake battles of the new robots and today's, seeds ``first_seed`` on, ``games``
    of them."""
    found: dict[str, dict[str, list[Meeting]]] = {}
    seeds = range(first_seed, first_seed + games)
    for side in SIDES["tactics"][:2]:
        for per_turn in LAKE_TURNS:
            met = [play_lake(seed, per_turn, side) for seed in seeds]
            found.setdefault(side.name, {})[per_turn] = met
            print(f"tactics lake: {side.name}, {per_turn}: {games} games", file=sys.stderr)
    return found


def _lake_json(met: Sequence[Meeting]) -> JsonObject:
    hits = [m.first_hit for m in met if m.first_hit is not None]
    return {
        "games": len(met),
        "came_to_blows": len(hits),
        "first_hit_median": statistics.median(hits) if hits else None,
        "ended": sum(m.played.decided for m in met),
        "median_turns": statistics.median(m.played.turns for m in met),
    }


def _lake_text(met: Sequence[Meeting]) -> str:
    found = _lake_json(met)
    first = found["first_hit_median"]
    hit = f"median turn {first:g}" if isinstance(first, (int, float)) else "none"
    return (
        f"first hit {hit} ({found['came_to_blows']}/{found['games']} came to blows); "
        f"{found['ended']}/{found['games']} ended, median {found['median_turns']:g} turns"
    )


def _line(tournament: Tournament, tally: Tally) -> str:
    ended = f"{tally.ended}/{tally.games} ended, median {tally.median_turns:g} turns"
    if tournament.key.startswith("robots_") or tournament.key == "mirror":
        return f"  {tournament.title:32} first mover wins {tally.first_mover.text()}; {ended}"
    return (
        f"  {tournament.title:32} {tournament.measured.name} wins {tally.overall.text()}, "
        f"draws {tally.draws}; moving first {tally.moving_first.text()}, "
        f"later {tally.moving_later.text()}; {ended}"
    )


def against_for(ruleset: str, against: str) -> str:
    """The side new plays against in ``ruleset``: ``against`` where it has that player."""
    return against if against == WOK_OLD or ruleset in LAST_FROZEN_AT else WOK_OLD


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a tournament")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--first-seed",
        type=int,
        default=1,
        help="the first seed of the tournaments and of the WoK games (default 1)",
    )
    parser.add_argument(
        "--missions",
        action="store_true",
        help="WISK's tournaments with secret missions (the game option --missions)",
    )
    parser.add_argument(
        "--ruleset",
        choices=sorted([*SIDES, *WOK_MAPS]),
        action="append",
        help="only this ruleset (repeatable)",
    )
    parser.add_argument(
        "--turns", type=int, default=WOK_TURNS, help="turns a WoK IV or Intermediate game at most"
    )
    parser.add_argument(
        "--against",
        choices=(WOK_OLD, WOK_LAST, WOK_ATTACKER, WOK_R43, WOK_R44, WOK_R46),
        default=WOK_OLD,
        help="the WoK IV player new plays against: old (frozen before round 34), last "
        "(round 36's), attacker (rounds 34-35's), r43 (rounds 37-43's), r44 (round 44's) or "
        "r46 (rounds 45-46's); Intermediate's is always old",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        print("bench_robots.py: --games must be 1 or more", file=sys.stderr)
        return 2
    if args.first_seed < 1:
        print("bench_robots.py: --first-seed must be 1 or more", file=sys.stderr)
        return 2
    if args.turns < 1:
        print("bench_robots.py: --turns must be 1 or more", file=sys.stderr)
        return 2
    chosen = args.ruleset or [*SIDES, *WOK_MAPS]
    results: list[Measured | WokMeasured] = [
        measure(ruleset, args.games, args.first_seed, args.missions and ruleset == "wisk")
        for ruleset in SIDES
        if ruleset in chosen
    ]
    results += [
        measure_wok(
            ruleset, args.games, args.turns, against_for(ruleset, args.against), args.first_seed
        )
        for ruleset in WOK_MAPS
        if ruleset in chosen
    ]
    if args.json:
        found: JsonObject = {"games": args.games}
        found.update({result.ruleset: result.to_json() for result in results})
        print(json.dumps(found, indent=2))
    else:
        print("\n".join(line for result in results for line in result.text()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
