"""The robot's placements and attack chains, chosen by expected gain on the position score.

Each border territory of the robot's is tried as the base: the turn's free armies go
there (each continent's bonus on that continent's most threatened territory, or on the
base when it lies there), then the attack chains are written: from the base first, then
from every other territory with armies to spare, the biggest first, each step the enemy
neighbour with the best expected gain (``gain``), as long as the chance of taking it is
at least ``least_odds`` and the gain above ``margin``; all but one army move in and the
chain goes on from the conquest. The board after the chains (each conquest counted as
made, with the armies expected to move in) is scored (``position.score``, the
opponents' best reply included), less ``risk`` for each attack's chance of failing; the
best base wins. With secret missions, the conquest that meets the robot's own mission
(``View.mission_done``) ends the chains, is worth ``win`` more, and the plan gains ``win``
times the chance its attacks get that far. Two more kinds of plan are weighed with the
bases' (round 41): the sweep through all a continent mission lacks (``sweeping.py``), and,
with "occupy N territories with at least A armies each", the top-ups of some territories
short of A with the rest of the armies on a base whose chains (leaving A behind) meet the
mission."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from wtg.rules.wisk.constants import ATTACK_DICE, STAY_BEHIND
from wtg.rules.wisk.finishing import PLACE_LINES
from wtg.rules.wisk.odds import Odds, battle, losses_at_most
from wtg.rules.wisk.positionscore import View, score, take_chance
from wtg.rules.wisk.sweeping import ATTACK_LINES, best_route, lacking, near_enough, route_lines
from wtg.rules.wisk.weights import WEIGHTS

ALL = 999
"""Move all but one army in (the most the form's MOVE holds)."""


@dataclass
class Plan:
    """Placements (territory -> armies), attack lines, the board expected after them,
    the territories the attacks start from or aim at, the plan's value, and the targets
    its attacks may well not take (``doubt``)."""

    place: dict[int, int]
    attacks: list[dict[str, int]] = field(default_factory=list)
    view: View | None = None
    touched: set[int] = field(default_factory=set)
    value: float = 0.0
    doubtful: set[int] = field(default_factory=set)


def gain(
    view: View, pid: int, source: int, target: int, first: bool, w: Mapping[str, float] = WEIGHTS
) -> tuple[float, Odds]:
    """The expected gain of attacking ``target`` from ``source`` with all it may send
    (``first``: no conquest yet this turn, so this one earns the card)."""
    attackers, defenders = _sides(view, source, target)
    odds = battle(attackers, defenders, view.ties)
    owner = view.owner[target]
    continent = view.continent_of[target]
    bonus, sites = view.continents[continent]
    worth = w["territory"] + (w["card"] if first else 0.0)
    if view.share(pid, continent) == len(sites) - 1:
        worth += (
            w["continent_taken"] * bonus * (1 + (w["mission"] if continent in view.goals else 0))
        )
    if owner and owner == view.prey:
        worth += w["mission"]
    if owner and view.share(owner, continent) >= len(sites) - 1:
        worth += w["continent_broken"] * bonus
    if owner and len(view.territories(owner)) == 1:
        worth += w["eliminate"] + view.cards.get(owner, 0) * view.next_set / 3
    if wins(view, pid, source, target, *move_in(view, attackers, defenders, odds, w)[:2]):
        worth += w["win"]
    killed = defenders - odds.defenders_left
    lost = attackers - odds.attackers_left
    return odds.win * worth + w["armies"] * (killed - lost), odds


def wins(
    view: View, pid: int, source: int, target: int, moved: float, left: float = STAY_BEHIND
) -> bool:
    """Whether taking ``target`` from ``source``, ``moved`` armies moving in and ``left``
    staying, meets ``pid``'s secret mission (``view`` is left as it was)."""
    if not (view.goals or view.prey or view.occupy[0]):
        return False
    had = view.owner[target], view.armies[target], view.armies[source]
    view.owner[target], view.armies[target] = pid, max(1.0, moved)
    view.armies[source] = float(left)
    done = view.mission_done(pid)
    view.owner[target], view.armies[target], view.armies[source] = had
    return done


def move_in(
    view: View, attackers: int, defenders: int, odds: Odds, w: Mapping[str, float]
) -> tuple[float, float, int]:
    """The armies expected to move into a conquest and to stay behind, of ``attackers``
    (those that may roll, besides the one that stays) taking ``defenders`` with
    ``odds``, and the line's MOVE: all but one; with "occupy N territories with at
    least A armies each" (A above 1, weight ``spread_move`` on) all but A, so the stack
    leaves A in each territory it takes as it goes (at least the 3 dice move in, as the
    rules say). The MOVE is a number written before the dice roll: with ``sure_move``
    on, it leaves A behind when the attack loses no more than it does with that chance
    (``odds.losses_at_most``); at 0, when it loses no more than expected."""
    survivors = odds.attackers_if_won
    armies = view.occupy[1]
    if armies <= 1 or not w["spread_move"]:
        return max(1.0, survivors), float(STAY_BEHIND), ALL
    if w["sure_move"]:
        lost = losses_at_most(attackers, defenders, view.ties, w["sure_move"])
        move = max(ATTACK_DICE, attackers - lost + STAY_BEHIND - armies)
    else:
        move = max(ATTACK_DICE, int(survivors) + STAY_BEHIND - armies)
    moved = max(1.0, min(survivors, float(move)))
    return moved, STAY_BEHIND + survivors - moved, move


def _sides(view: View, source: int, target: int) -> tuple[int, int]:
    """The armies that may roll from ``source`` (all but the one that stays) and those
    that defend ``target`` (at least one)."""
    return int(view.armies[source]) - STAY_BEHIND, max(1, round(view.armies[target]))


@dataclass
class Chains:
    """The attack lines of a plan, the sum of their chances of failing, the territories
    they touch, the chance they meet the player's secret mission (every line up to
    the one that meets it succeeding; 0: they do not), and the targets its chain reaches
    with less chance than ``doubt``."""

    lines: list[dict[str, int]]
    risk: float
    touched: set[int]
    won: float = 0.0
    doubtful: set[int] = field(default_factory=set)


def chains(view: View, pid: int, base: int, w: Mapping[str, float] = WEIGHTS) -> Chains:
    """The attack lines from ``base`` first, then from the others (played on ``view``);
    they stop at the conquest that meets the player's secret mission (unless the weight
    ``win`` is 0: the robot blind to winning, as before round 40)."""
    lines: list[dict[str, int]] = []
    risk = 0.0
    sure = 1.0
    won = 0.0
    touched: set[int] = set()
    doubtful: set[int] = set()
    others = sorted(
        (t for t in view.territories(pid) if t != base), key=lambda t: (-view.armies[t], t)
    )
    for start in (base, *others):
        current = start
        reach = 1.0
        while not won and len(lines) < ATTACK_LINES and view.owner[current] == pid:
            if view.armies[current] < STAY_BEHIND + 1:
                break
            best: tuple[float, int, Odds] | None = None
            for target in view.neighbours[current]:
                if view.owner[target] == pid:
                    continue
                value, odds = gain(view, pid, current, target, not lines, w)
                least = w["least_odds"]
                moved, left, _ = move_in(view, *_sides(view, current, target), odds, w)
                if w["win"] and wins(view, pid, current, target, moved, left):
                    least = w["win_odds"]
                if odds.win < least or value <= w["margin"]:
                    continue
                if best is None or value > best[0]:
                    best = (value, target, odds)
            if best is None:
                break
            _, target, odds = best
            moved, left, move = move_in(view, *_sides(view, current, target), odds, w)
            lines.append(
                {"from": current, "to": target, "dice": ATTACK_DICE, "until": 1, "move": move}
            )
            risk += 1.0 - odds.win
            sure *= odds.win
            reach *= odds.win
            if reach < w["doubt"]:
                doubtful.add(target)
            touched.update((current, target))
            view.armies[current] = left
            view.armies[target] = moved
            view.owner[target] = pid
            current = target
            if w["win"] and view.mission_done(pid):
                won = sure
    if lines:
        view.cards[pid] = view.cards.get(pid, 0) + 1
    return Chains(lines, risk, touched, won, doubtful)


def bonus_spots(view: View, pid: int, bonuses: Sequence[tuple[str, int]]) -> dict[str, int]:
    """Where each continent's bonus goes when the base lies elsewhere: its territory the
    enemy is likeliest to take (the most armies on a tie)."""
    spots: dict[str, int] = {}
    for continent, _ in bonuses:
        inside = [t for t in view.continents[continent][1] if view.owner[t] == pid]
        spots[continent] = max(inside, key=lambda t: (_danger(view, pid, t), view.armies[t], -t))
    return spots


def _danger(view: View, pid: int, tid: int) -> float:
    foes = [view.armies[n] for n in view.neighbours[tid] if view.owner[n] != pid]
    return take_chance(view, max(foes), view.armies[tid]) if foes else 0.0


def best_plan(
    view: View,
    pid: int,
    free: int,
    bonuses: Sequence[tuple[str, int]],
    w: Mapping[str, float] = WEIGHTS,
) -> Plan:
    """The placements and attacks of the best base (``view`` is not changed), a sweep
    through what its continent mission lacks (``sweeping.py``) among them."""
    mine = view.territories(pid)
    bases = [t for t in mine if view.enemies_next_to(pid, t)] or mine
    turn = _Turn(view, pid, bases, free, bonuses, bonus_spots(view, pid, bonuses), w)
    best: Plan | None = None
    for base in bases:
        work, place = turn.placed(base, free)
        made = chains(work, pid, base, w)
        value = _value(work, pid, made, w)
        if best is None or value > best.value:
            best = Plan(place, made.lines, work, made.touched, value, made.doubtful)
    assert best is not None
    for other in (*_sweeps(turn), *_topped_up(turn), *_finishes(turn)):
        if other.value > best.value:
            best = other
    return best


def _value(work: View, pid: int, made: Chains, w: Mapping[str, float]) -> float:
    """A plan's value: the board after its chains scored, less ``risk`` for each attack's
    chance of failing, plus ``win`` times the chance its attacks meet the mission."""
    return score(work, pid, w) - w["risk"] * made.risk + w["win"] * made.won


@dataclass(frozen=True)
class _Turn:
    """What every kind of plan of one turn starts from: the board, the robot, the
    territories tried as bases, its free armies, the continents' bonuses and where each
    goes when the base lies elsewhere (``bonus_spots``), and the weights."""

    view: View
    pid: int
    bases: Sequence[int]
    free: int
    bonuses: Sequence[tuple[str, int]]
    spots: dict[str, int]
    w: Mapping[str, float]

    def placed(self, base: int, free: int) -> tuple[View, dict[int, int]]:
        """The board with ``free`` armies placed for ``base``: the free ones on it, each
        continent's bonus on it when it lies there, else on the continent's spot."""
        work = self.view.copy()
        place: dict[int, int] = {}
        if free:
            place[base] = free
        for continent, bonus in self.bonuses:
            spot = base if work.continent_of[base] == continent else self.spots[continent]
            place[spot] = place.get(spot, 0) + bonus
        for tid, armies in place.items():
            work.armies[tid] += armies
        return work, place


def _sweeps(turn: _Turn) -> list[Plan]:
    """The plans that run one stack through all its continent mission lacks: for each
    set of territories that would meet it (at most the form's attack lines), from each
    base near them (``sweeping.near_enough``), the likeliest route (none while ``win``
    is 0)."""
    view, pid, w = turn.view, turn.pid, turn.w
    plans: list[Plan] = []
    if not (w["win"] and w["sweep"]):
        return plans
    for wanted in lacking(view, pid):
        if len(wanted) > ATTACK_LINES:
            continue
        for base in near_enough(view, turn.bases, wanted):
            work, place = turn.placed(base, turn.free)
            route = best_route(work, pid, base, wanted, w["win_odds"])
            if route is None:
                continue
            for tid, armies in route.armies.items():
                work.owner[tid], work.armies[tid] = pid, armies
            work.cards[pid] = work.cards.get(pid, 0) + 1
            risk = sum(1.0 - c for c in route.chances)
            value = score(work, pid, w) - w["risk"] * risk + w["win"] * route.chance
            touched = {t for step in route.steps for t in step}
            doubtful = _doubtful(route.steps, route.chances, w["doubt"])
            lines = route_lines(route, ALL)
            plans.append(Plan(place, lines, work, touched, value, doubtful))
    return plans


def finishing(w: Mapping[str, float]) -> Mapping[str, float]:
    """The weights of a chain that should win the game this turn (weight ``finish`` on,
    round 42b): the armies each side is expected to lose no longer count in a step's
    gain, so each step goes for the likeliest conquest, not the biggest stack to kill."""
    return {**w, "armies": 0.0} if w["finish"] else w


def _finishes(turn: _Turn) -> list[Plan]:
    """With a mission counted in territories ("occupy N territories", 24 in place of a
    destroy mission with nobody to destroy): from each base, the chains with the
    ``finishing`` weights, offered only when they meet the mission."""
    view, pid, w = turn.view, turn.pid, turn.w
    plans: list[Plan] = []
    if not (w["win"] and w["finish"] and view.occupy[0]):
        return plans
    for base in turn.bases:
        work, place = turn.placed(base, turn.free)
        made = chains(work, pid, base, finishing(w))
        if made.won:
            value = _value(work, pid, made, w)
            plans.append(Plan(place, made.lines, work, made.touched, value, made.doubtful))
    return plans


def _doubtful(steps: Sequence[tuple[int, int]], chances: Sequence[float], doubt: float) -> set[int]:
    """The targets of a route reached with less chance than ``doubt``."""
    found: set[int] = set()
    reach = 1.0
    for (_, target), chance in zip(steps, chances, strict=True):
        reach *= chance
        if reach < doubt:
            found.add(target)
    return found


TOP_UP_CONQUESTS = 4
"""The counts of conquests a finishing turn of an "occupy" mission tries beside its
top-ups: 1 to 4, or 4 from the fewest that all its territories short of A topped up
leave to make."""


def _topped_up(turn: _Turn) -> list[Plan]:
    """With "occupy N territories with at least A armies each" (A above 1): the plans that
    top up some of its territories short of A (those needing fewest first) and attack with
    the rest of the free armies on the base, its conquests leaving A behind, so that the
    top-ups and ``TOP_UP_CONQUESTS`` counts of conquests meet the mission: from 1, or,
    when it holds too few territories short of A for that, from the fewest conquests
    that with all of them topped up get there (round 42). Only plans whose chains get
    there are offered (none while ``win`` or ``spread_move`` is 0)."""
    view, pid, w = turn.view, turn.pid, turn.w
    count, armies = view.occupy
    plans: list[Plan] = []
    if armies <= 1 or not (w["win"] and w["spread_move"] and w["top_up"]):
        return plans
    mine = view.territories(pid)
    short = sorted(
        (t for t in mine if view.armies[t] < armies), key=lambda t: (armies - view.armies[t], t)
    )
    need = count - (len(mine) - len(short))
    fewest = max(1, need - len(short))
    for conquests in range(fewest, min(fewest + TOP_UP_CONQUESTS, ATTACK_LINES + 1)):
        tops = short[: need - conquests] if need > conquests else []
        if not tops:
            break
        cost = sum(armies - int(view.armies[t]) for t in tops)
        if cost >= turn.free:
            continue
        for base in turn.bases:
            work, place = turn.placed(base, turn.free - cost)
            for tid in tops:
                place[tid] = place.get(tid, 0) + armies - int(view.armies[tid])
                work.armies[tid] += armies - int(view.armies[tid])
            if len(place) > PLACE_LINES:
                continue
            made = chains(work, pid, base, finishing(w))
            if not made.won:
                continue
            value = _value(work, pid, made, w)
            plans.append(Plan(place, made.lines, work, made.touched, value, made.doubtful))
    return plans
