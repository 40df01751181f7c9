"""Whole WoK IV and Intermediate WoK games between the built-in players, new and old, as the
engine plays a turn: each seat's orders written by its side, read back as an order file and
checked (``accept``) as a mailed form is, then the turn resolved with the game's RNG
(``turn_rng``), so a game is a function of its seed and its seating.

The measure is the provinces each side holds when the game stops (at ``turns``, or when it
ends), as the WoK rulesets' Top Ten counts an empire; and how many games each side's best
seat led. The new player plays against "old" (the one frozen before round 34) or, for WoK IV,
``against`` "last" (the one of round 36, ``bench/frozen_robots/wok4_siege.py``) or "attacker"
(the one of rounds 34-35, ``bench/frozen_robots/wok4_attacker.py``) or "r43" (the one of
rounds 37-43, ``bench/frozen_robots/wok4_r43.py``) or "r44" (the one of round 44,
``bench/frozen_robots/wok4_r44.py``) or "r46" (the one of rounds 45-46,
``bench/frozen_robots/wok4_r46.py``); every tenth turn the
provinces each side holds and the tech points its seats hold unspent are noted as well
(``CHECKPOINTS``), and every game the order lines of each side the turn skipped when it ran
(checked and accepted, but not executable by then: a province lost earlier in the turn, tech
points bombed away), by phase, and the troops each side's move lines sent and those of them
sent back the way the same seat sent troops the turn before (``sent_back``)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.frozen_robots import intermediate as old_intermediate
from bench.frozen_robots import wok4 as old_wok4
from bench.frozen_robots import wok4_attacker as attacker_wok4
from bench.frozen_robots import wok4_r43 as r43_wok4
from bench.frozen_robots import wok4_r44 as r44_wok4
from bench.frozen_robots import wok4_r46 as r46_wok4
from bench.frozen_robots import wok4_siege as last_wok4
from tests.shipped import INTERMEDIATE, WOK4
from wtg.core.jsondata import JsonObject
from wtg.core.rng import turn_rng
from wtg.core.ruleset import GameSetup, SeatSetup
from wtg.rules.intermediate import strategy as new_intermediate
from wtg.rules.wok.events import OrderSkipped
from wtg.rules.wok.state import WokState
from wtg.rules.wok4 import strategy as new_wok4

Plan = Callable[[WokState, int, random.Random], JsonObject]
NEW, OLD, LAST, ATTACKER, R43, R44, R46 = "new", "old", "last", "attacker", "r43", "r44", "r46"
RULESETS: dict[str, Any] = {"wok4": WOK4, "intermediate": INTERMEDIATE}
PLANS: dict[str, dict[str, Plan]] = {
    "wok4": {
        NEW: new_wok4.plan_orders,
        OLD: old_wok4.plan_orders,
        LAST: last_wok4.plan_orders,
        ATTACKER: attacker_wok4.plan_orders,
        R43: r43_wok4.plan_orders,
        R44: r44_wok4.plan_orders,
        R46: r46_wok4.plan_orders,
    },
    "intermediate": {NEW: new_intermediate.plan_orders, OLD: old_intermediate.plan_orders},
}
FROZEN_AT = {"wok4": old_wok4.FROZEN_AT, "intermediate": old_intermediate.FROZEN_AT}
LAST_FROZEN_AT = {"wok4": last_wok4.FROZEN_AT}
"""The commit of each ruleset's "last" player, where it has one."""
OTHERS_FROZEN_AT = {
    LAST: LAST_FROZEN_AT,
    ATTACKER: {"wok4": attacker_wok4.FROZEN_AT},
    R43: {"wok4": r43_wok4.FROZEN_AT},
    R44: {"wok4": r44_wok4.FROZEN_AT},
    R46: {"wok4": r46_wok4.FROZEN_AT},
}
"""The commit of each player new may play against beyond "old", by ruleset."""
CHECKPOINTS = (10, 20, 30, 40, 60, 80, 100)
"""The turns at which the provinces held and the tech points unspent are noted."""
MAPS = {"wok4": ("small", "classic60"), "intermediate": ("marchlands", "pentarchy")}
SEATS = {"small": 4, "classic60": 10, "marchlands": 2, "pentarchy": 5}
TURNS = 20
"""Turns a game is played, at most."""


@dataclass
class WokPlayed:
    """One game: the side of each seat, the provinces each seat held at the end, the turns
    played, the order lines the rules rejected by side, those the turn skipped by side and
    phase, the CPU seconds of each side's plans."""

    sides: tuple[str, ...]
    held: tuple[int, ...]
    turns: int
    rejected: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, Counter[str]] = field(default_factory=dict)
    """Side -> the phase of each of its order lines the turn skipped ("V trades") -> count."""
    cpu: dict[str, list[float]] = field(default_factory=dict)
    noted: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)
    """Checkpoint turn -> (the provinces, the tech points) of each seat after it."""
    marched: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Side -> (the troops its move lines sent, those of them sent back the way a line of
    the same seat had sent troops the turn before)."""

    def provinces(self, side: str) -> int:
        return sum(h for s, h in zip(self.sides, self.held, strict=True) if s == side)

    def leader(self) -> str | None:
        """The side of the seat holding the most provinces (None: a tie between sides)."""
        most = max(self.held)
        leading = {s for s, h in zip(self.sides, self.held, strict=True) if h == most}
        return leading.pop() if len(leading) == 1 else None


def seating(seats: int, game: int, against: str = OLD) -> tuple[str, ...]:
    """New and ``against`` in alternate seats, new in the odd seats in odd games and in the
    even ones in even games: each seed is played twice, every seat by both."""
    return tuple(NEW if (seat + game) % 2 else against for seat in range(1, seats + 1))


def play(ruleset: str, map_name: str, seed: int, sides: Sequence[str], turns: int) -> WokPlayed:
    rules = RULESETS[ruleset]
    seats = tuple(SeatSetup(id=i, name=f"P{i}") for i in range(1, len(sides) + 1))
    setup = GameSetup(game="bench", map=map_name, seed=seed, players=seats)
    state: WokState = rules.new_game(setup, turn_rng(seed, 0)).state
    played = WokPlayed(tuple(sides), (), 0)
    before: dict[int, Counter[tuple[int, int]]] = {}
    for _ in range(turns):
        if state.outcome is not None:
            break
        orders: dict[int, Any] = {}
        for pid in rules.owing(state):
            side = sides[pid - 1]
            began = time.process_time()
            planned = PLANS[ruleset][side](state, pid, random.Random(f"{seed}:{state.turn}:{pid}"))
            played.cpu.setdefault(side, []).append(time.process_time() - began)
            sent = troops_sent(planned)
            back = sent_back(sent, before.get(pid, Counter()))
            moved, came_back = played.marched.get(side, (0, 0))
            played.marched[side] = (moved + sum(sent.values()), came_back + back)
            before[pid] = sent
            entries, unread, problems = rules.entries_from_dict(planned)
            checked = rules.accept(entries, state, pid)
            bad = len(unread) + len(problems) + len(checked.rejected)
            played.rejected[side] = played.rejected.get(side, 0) + bad
            orders[pid] = checked.orders
        result = rules.resolve(state, orders, turn_rng(seed, state.turn + 1))
        for event in result.events:
            if isinstance(event, OrderSkipped):
                side = sides[event.player - 1]
                played.skipped.setdefault(side, Counter())[event.phase] += 1
        state = result.state
        if state.turn in CHECKPOINTS:
            played.noted[state.turn] = _noted(state, len(sides))
    played.held = tuple(state.count_of(i) for i in range(1, len(sides) + 1))
    played.turns = state.turn
    return played


def troops_sent(planned: JsonObject) -> Counter[tuple[int, int]]:
    """The troops (WoK IV's ARM, Intermediate's TRO) a player's move lines send, by (from,
    to)."""
    sent: Counter[tuple[int, int]] = Counter()
    lines = planned.get("move")
    for line in lines if isinstance(lines, list) else []:
        if not isinstance(line, dict) or line.get("unit") not in ("ARM", "TRO"):
            continue
        source, target, amount = line.get("from"), line.get("to"), line.get("amount")
        if isinstance(source, int) and isinstance(target, int) and isinstance(amount, int):
            sent[(source, target)] += amount
    return sent


def sent_back(sent: Counter[tuple[int, int]], before: Counter[tuple[int, int]]) -> int:
    """The troops of ``sent`` that go back the way ``before`` (the same seat's, the turn
    before) sent troops: as many as both sent, on each way."""
    return sum(min(n, before[(target, source)]) for (source, target), n in sent.items())


def _noted(state: WokState, seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    players = range(1, seats + 1)
    return tuple(state.count_of(i) for i in players), tuple(state.player(i).tech for i in players)


@dataclass
class MapTally:
    """The games of one map: provinces held and games led by side."""

    map: str
    seats: int
    games: list[WokPlayed] = field(default_factory=list)
    against: str = OLD
    first_seed: int = 1
    """The seed of the first two games (the others follow it)."""

    def provinces(self, side: str) -> int:
        return sum(g.provinces(side) for g in self.games)

    def per_seat(self, side: str) -> float:
        seats = sum(g.sides.count(side) for g in self.games)
        return self.provinces(side) / seats if seats else 0.0

    def led(self, side: str | None) -> int:
        return sum(1 for g in self.games if g.leader() == side)

    def noted(self, turn: int, side: str) -> tuple[int, float] | None:
        """The provinces ``side`` held after ``turn`` in all its games and the tech points
        unspent a seat, over the games that reached it (None: none did)."""
        provinces, tech = 0, []
        for g in self.games:
            if turn not in g.noted:
                continue
            held, points = g.noted[turn]
            for s, h, t in zip(g.sides, held, points, strict=True):
                if s == side:
                    provinces += h
                    tech.append(t)
        return (provinces, statistics.mean(tech)) if tech else None

    def checkpoints(self) -> list[int]:
        return sorted({turn for g in self.games for turn in g.noted})

    def to_json(self) -> JsonObject:
        sides = (NEW, self.against)
        at: JsonObject = {}
        for turn in self.checkpoints():
            found = {side: self.noted(turn, side) for side in sides}
            at[str(turn)] = {
                "provinces": {side: n[0] for side, n in found.items() if n},
                "tech_unspent_per_seat": {side: round(n[1], 1) for side, n in found.items() if n},
            }
        return {
            "games": len(self.games),
            "seats": self.seats,
            "median_turns": self.median_turns(),
            "provinces": {side: self.provinces(side) for side in sides},
            "provinces_per_seat": {side: round(self.per_seat(side), 2) for side in sides},
            "difference_a_game": self.difference_json(),
            "led": {
                NEW: self.led(NEW),
                self.against: self.led(self.against),
                "tied": self.led(None),
            },
            "rejected_lines": {side: self.rejected(side) for side in sides},
            "skipped_lines_per_game": {side: round(self.skipped(side), 2) for side in sides},
            "troops_moved_per_game": {side: round(self.marched(side)[0], 1) for side in sides},
            "troops_sent_back_per_game": {side: round(self.marched(side)[1], 1) for side in sides},
            "skipped_by_phase": {
                side: dict(sorted(self.skipped_by_phase(side).items())) for side in sides
            },
            "at_turn": at,
        }

    def rejected(self, side: str) -> int:
        return sum(g.rejected.get(side, 0) for g in self.games)

    def skipped_by_phase(self, side: str) -> Counter[str]:
        """The lines of ``side`` the turns skipped in all the games, by phase."""
        found: Counter[str] = Counter()
        for g in self.games:
            found.update(g.skipped.get(side, Counter()))
        return found

    def skipped(self, side: str) -> float:
        """The lines of ``side`` the turns skipped, a game (all its seats)."""
        return sum(self.skipped_by_phase(side).values()) / len(self.games) if self.games else 0.0

    def marched(self, side: str) -> tuple[float, float]:
        """The troops ``side``'s move lines sent a game (all its seats), and those of them
        sent back the way the same seat had sent troops the turn before."""
        if not self.games:
            return 0.0, 0.0
        moved = sum(g.marched.get(side, (0, 0))[0] for g in self.games)
        back = sum(g.marched.get(side, (0, 0))[1] for g in self.games)
        return moved / len(self.games), back / len(self.games)

    def differences(self) -> list[float]:
        """Each seed's provinces of new less those of the other side, a game: its two games
        (the seats swapped) counted together, halved."""
        seeds: dict[int, list[WokPlayed]] = {}
        for game, played in enumerate(self.games, start=1):
            seeds.setdefault(seed_of(game, self.first_seed), []).append(played)
        return [
            sum(g.provinces(NEW) - g.provinces(self.against) for g in both) / len(both)
            for both in seeds.values()
        ]

    def difference(self) -> tuple[float, float]:
        """The mean of ``differences`` and its standard error (0 with one seed)."""
        found = self.differences()
        if not found:
            return 0.0, 0.0
        spread = statistics.stdev(found) if len(found) > 1 else 0.0
        return statistics.mean(found), spread / len(found) ** 0.5

    def difference_json(self) -> JsonObject:
        mean, error = self.difference()
        return {
            "seeds": len(self.differences()),
            "mean": round(mean, 2),
            "standard_error": round(error, 2),
        }

    def median_turns(self) -> float:
        return statistics.median(g.turns for g in self.games)

    def text(self) -> list[str]:
        other = self.against
        lines = [
            f"  {self.map} ({self.seats} seats, new and {other} alternate): provinces held new "
            f"{self.provinces(NEW)}, {other} {self.provinces(other)} ({self.per_seat(NEW):.2f} "
            f"and {self.per_seat(other):.2f} a seat); the most held by new in {self.led(NEW)}, "
            f"{other} in {self.led(other)}, tied {self.led(None)}; median "
            f"{self.median_turns():g} turns; lines rejected new {self.rejected(NEW)}, {other} "
            f"{self.rejected(other)}; lines skipped a game new {self.skipped(NEW):.1f}, "
            f"{other} {self.skipped(other):.1f}"
        ]
        mean, error = self.difference()
        last = self.first_seed - 1 + len(self.differences())
        lines.append(
            f"    provinces of new less {other}'s a game: {mean:+.2f}, standard error "
            f"{error:.2f} (seeds {self.first_seed}-{last}, each played from both seatings)"
        )
        (new_moved, new_back), (moved, back) = self.marched(NEW), self.marched(other)
        lines.append(
            f"    troops moved a game new {new_moved:.0f}, {other} {moved:.0f}; of them sent "
            f"back the way they came the turn before new {new_back:.1f}, {other} {back:.1f}"
        )
        for side in (NEW, other):
            phases = self.skipped_by_phase(side)
            if phases:
                each = ", ".join(f"{phase} {n}" for phase, n in sorted(phases.items()))
                lines.append(f"    skipped lines of {side}: {each}")
        for turn in self.checkpoints():
            new, them = self.noted(turn, NEW), self.noted(turn, other)
            if new and them:
                lines.append(
                    f"    after turn {turn}: provinces new {new[0]}, {other} {them[0]}; tech "
                    f"points unspent a seat new {new[1]:.0f}, {other} {them[1]:.0f}"
                )
        return lines


@dataclass
class WokMeasured:
    """A WoK ruleset's games, new against old, on each of its maps."""

    ruleset: str
    turns: int
    maps: list[MapTally]
    against: str = OLD
    first_seed: int = 1

    def ms(self, side: str) -> float:
        cpu = [c for tally in self.maps for g in tally.games for c in g.cpu.get(side, [])]
        return 1000 * statistics.median(cpu) if cpu else 0.0

    def to_json(self) -> JsonObject:
        found: JsonObject = {
            "previous_frozen_at": FROZEN_AT[self.ruleset],
            "against": self.against,
            "turns": self.turns,
            "first_seed": self.first_seed,
            "maps": {tally.map: tally.to_json() for tally in self.maps},
            "ms_per_turn": self.ms(NEW),
            "ms_per_turn_previous": self.ms(self.against),
        }
        if self.against in OTHERS_FROZEN_AT:
            found[f"{self.against}_frozen_at"] = OTHERS_FROZEN_AT[self.against][self.ruleset]
        return found

    def text(self) -> list[str]:
        other = self.against
        frozen = OTHERS_FROZEN_AT.get(other, FROZEN_AT)[self.ruleset]
        return [
            f"{self.ruleset.upper()}: new against {other} (the player frozen at {frozen}), "
            f"{len(self.maps[0].games)} games a map of up to {self.turns} turns, each seed "
            f"played twice with the seats swapped (seeds from {self.first_seed})",
            *(line for tally in self.maps for line in tally.text()),
            f"  CPU a player's turn (median): new {self.ms(NEW):.2f} ms, {other} "
            f"{self.ms(other):.2f} ms",
        ]


def measure(
    ruleset: str, games: int, turns: int = TURNS, against: str = OLD, first_seed: int = 1
) -> WokMeasured:
    """``games`` games a map: game g plays seed ``first_seed`` - 1 + ceil(g / 2)
    (``seed_of``), new in the odd seats when g is odd and in the even ones when it is even,
    ``against`` in the others."""
    tallies = []
    for map_name in MAPS[ruleset]:
        began = time.monotonic()

        def shown(game: int, name: str = map_name) -> None:
            print(f"\r{ruleset} {name}: {game}/{games}", end="", file=sys.stderr)

        tallies.append(played_on(ruleset, map_name, games, turns, shown, against, first_seed))
        print(f" ({time.monotonic() - began:.0f} s)", file=sys.stderr)
    return WokMeasured(ruleset, turns, tallies, against, first_seed)


def seed_of(game: int, first_seed: int = 1) -> int:
    """The seed of game ``game`` (from 1): each seed is played twice, from ``first_seed``
    on, so a measure can be made on seeds it was not tuned on."""
    return first_seed - 1 + (game + 1) // 2


def played_on(
    ruleset: str,
    map_name: str,
    games: int,
    turns: int = TURNS,
    progress: Callable[[int], None] = lambda _game: None,
    against: str = OLD,
    first_seed: int = 1,
) -> MapTally:
    """``games`` games on the map ``map_name`` (``measure``'s), new against ``against``,
    ``progress`` told the number of each game played."""
    tally = MapTally(map_name, SEATS[map_name], against=against, first_seed=first_seed)
    for game in range(1, games + 1):
        seed = seed_of(game, first_seed)
        sides = seating(tally.seats, game, against)
        tally.games.append(play(ruleset, map_name, seed, sides, turns))
        progress(game)
    return tally
