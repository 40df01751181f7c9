"""Today's WISK robot, frozen (a copy of wtg/rules/wisk/strategy.py at commit 1984724):
the yardstick of bench/bench_robots.py. Keep it as it is when the live strategy changes.

The robots' strategy: simple, documented, deterministic (no dice of its own).

- Claiming: the free territory in the continent it holds the largest share of (the
  smallest continent on a tie, then the most territories of its own next to it).
- Its goal continent: one its mission names, if any is still to take; else the one it
  holds the largest share of without holding it whole (fewer enemy armies on a tie).
- Its front: its territory with the most armies among those next to an enemy territory
  in the goal continent (else next to any enemy). New armies and the rest of the starting
  armies go there; a continent's bonus goes on its own front inside that continent.
- Cards: it trades every set it can, the best first.
- Attacks: from the front, the weakest enemy neighbour (in the goal continent first) when
  it has at least 3 armies more; all but one army move in and the attack goes on from
  there, up to 6 steps; then any other territory attacks an enemy neighbour it outnumbers
  by 3 or more. Every attack runs until it wins or has one army left.
- Fortifying: the inland territory (no enemy next to it) with the most armies sends all
  but one to the neighbour nearest the front.
"""

from __future__ import annotations

from collections import deque

from wtg.core.jsondata import JsonObject
from wtg.rules.wisk.cards import best_set, kinds_of, trade_value
from wtg.rules.wisk.constants import ATTACK_DICE
from wtg.rules.wisk.reinforce import continent_bonuses, from_territories
from wtg.rules.wisk.state import CLAIMING, PLACING, WiskState

FROZEN_AT = "1984724"
"""The commit whose live robot this is."""
ADVANTAGE = 3
"""Attack only with at least this many armies more than the defender."""
CHAIN = 6
ATTACKS = 10
ALL = 999
"""Move all but one army (the turn moves at most that many)."""


def enemies_next_to(state: WiskState, pid: int, tid: int) -> list[int]:
    return [n for n in state.board.site(tid).neighbours if state.owner(n) != pid]


def goal_continent(state: WiskState, pid: int) -> str | None:
    held = set(state.continents_of(pid))
    wanted: set[str] = set()
    me = state.player(pid)
    if state.options.missions and me.mission:
        wanted = set(state.board.mission(me.mission).continents) - held
    best: tuple[int, float, int, int] | None = None
    choice = None
    for index, continent in enumerate(state.board.continents):
        if continent.name in held:
            continue
        mine = sum(1 for t in continent.territories if state.owner(t) == pid)
        foes = sum(state.armies(t) for t in continent.territories if state.owner(t) != pid)
        key = (continent.name in wanted, mine / len(continent.territories), -foes, -index)
        if best is None or key > best:
            best, choice = key, continent.name
    return choice


def front(state: WiskState, pid: int, continent: str | None = None) -> int:
    """Where new armies go (inside ``continent`` when given)."""
    mine = state.territories_of(pid)
    if continent is not None:
        mine = [t for t in mine if state.board.site(t).continent == continent] or mine
        goal_sites: set[int] = set()
    else:
        goal = goal_continent(state, pid)
        goal_sites = set(state.board.continent(goal).territories) if goal else set()
    aimed = [t for t in mine if goal_sites.intersection(enemies_next_to(state, pid, t))]
    border = [t for t in mine if enemies_next_to(state, pid, t)]
    pool = aimed or border or mine
    return max(pool, key=lambda t: (state.armies(t), -t))


def claim_choice(state: WiskState, pid: int) -> int:
    best: tuple[float, int, int, int] | None = None
    choice = 0
    for continent in state.board.continents:
        size = len(continent.territories)
        share = sum(1 for t in continent.territories if state.owner(t) == pid) / size
        for tid in continent.territories:
            if state.owner(tid):
                continue
            friends = sum(1 for n in state.board.site(tid).neighbours if state.owner(n) == pid)
            key = (share, -size, friends, -tid)
            if best is None or key > best:
                best, choice = key, tid
    return choice


def place_choice(state: WiskState, pid: int, continent: str | None) -> int:
    return front(state, pid, continent)


def plan(state: WiskState, pid: int) -> JsonObject:
    """The robot's order file for its turn after ``state``."""
    orders: JsonObject = {"player": pid, "turn": state.turn + 1}
    if state.stage == CLAIMING:
        orders["place"] = [{"territory": claim_choice(state, pid), "armies": 1}]
        return orders
    if state.stage == PLACING:
        count = 1 if state.options.one_army_a_turn else state.player(pid).to_place
        orders["place"] = [{"territory": front(state, pid), "armies": count}]
        return orders
    trades, card_armies = _trades(state, pid)
    armies = dict(enumerate((h.armies for h in state.holdings), start=1))
    place: list[dict[str, int]] = []
    for continent, bonus in continent_bonuses(state, pid):
        place.append({"territory": front(state, pid, continent), "armies": bonus})
    free = from_territories(len(state.territories_of(pid))) + card_armies
    place.append({"territory": front(state, pid), "armies": free})
    for line in place:
        armies[line["territory"]] += line["armies"]
    if trades:
        orders["trade"] = [[*cards] for cards in trades]
    orders["place"] = [{**line} for line in place]
    attacks = _attacks(state, pid, armies)
    if attacks:
        orders["attack"] = [{**line} for line in attacks]
    fortify = _fortify(state, pid)
    if fortify:
        orders["fortify"] = {**fortify}
    return orders


def _trades(state: WiskState, pid: int) -> tuple[list[list[int]], int]:
    hand = list(state.player(pid).cards)
    trades: list[list[int]] = []
    armies = 0
    while len(hand) >= 3:
        chosen = best_set(state, pid, hand)
        if chosen is None:
            break
        kinds = kinds_of(state.board, chosen)
        armies += trade_value(state.options.cards, state.trades + len(trades), kinds)
        trades.append(list(chosen))
        hand = [c for c in hand if c not in chosen]
    return trades, armies


def _attacks(state: WiskState, pid: int, armies: dict[int, int]) -> list[dict[str, int]]:
    owner = {t: state.owner(t) for t in armies}
    attacks: list[dict[str, int]] = []
    goal = goal_continent(state, pid)
    goal_sites = set(state.board.continent(goal).territories) if goal else set()

    def target_from(source: int) -> int | None:
        foes = [n for n in state.board.site(source).neighbours if owner[n] != pid]
        if not foes:
            return None
        weakest = min(foes, key=lambda n: (n not in goal_sites, armies[n], n))
        return weakest if armies[source] >= armies[weakest] + ADVANTAGE else None

    def conquer(source: int, target: int) -> None:
        attacks.append({"from": source, "to": target, "dice": ATTACK_DICE, "until": 1, "move": ALL})
        left = armies[source] - armies[target]
        armies[source], armies[target], owner[target] = 1, max(left - 1, 1), pid

    current = front(state, pid)
    for _ in range(CHAIN):
        target = target_from(current)
        if target is None:
            break
        conquer(current, target)
        current = target
    for source in sorted(armies, key=lambda t: (-armies[t], t)):
        if len(attacks) >= ATTACKS:
            break
        if owner[source] == pid:
            target = target_from(source)
            if target is not None:
                conquer(source, target)
    return attacks


def _fortify(state: WiskState, pid: int) -> dict[str, int] | None:
    mine = state.territories_of(pid)
    inland = [t for t in mine if not enemies_next_to(state, pid, t) and state.armies(t) > 1]
    if not inland:
        return None
    distance = _distance_to_front(state, pid)
    source = max(inland, key=lambda t: (state.armies(t), -t))
    near = [n for n in state.board.site(source).neighbours if state.owner(n) == pid]
    target = min(near, key=lambda n: (distance.get(n, 99), n))
    if distance.get(target, 99) >= distance.get(source, 99):
        return None
    return {"from": source, "to": target, "armies": state.armies(source) - 1}


def _distance_to_front(state: WiskState, pid: int) -> dict[int, int]:
    """Steps through one's own territories to the nearest one next to an enemy."""
    distance = {t: 0 for t in state.territories_of(pid) if enemies_next_to(state, pid, t)}
    queue = deque(distance)
    while queue:
        tid = queue.popleft()
        for n in state.board.site(tid).neighbours:
            if state.owner(n) == pid and n not in distance:
                distance[n] = distance[tid] + 1
                queue.append(n)
    return distance
