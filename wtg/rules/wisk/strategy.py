"""The robots' strategy: documented, deterministic (no dice of its own, no clock, no I/O).

The turn of play (``plan``), every choice by expected gain on the position score
(``positionscore.py``: continents held or nearly held, each border's exposure, the armies due
next turn, cards and the next set's value, opponents about to take a continent, the
opponents' best reply), with the exact attack odds of the game's ``--ties`` rule
(``odds.py``) and the weights kept as data (``weights.py``, tuned by self-play with
``bench/tune_wisk.py``):

- Cards: it holds its sets until its hand has ``trade_at`` cards (at five the rules make
  it trade), then trades the best sets; with fixed values it keeps a set worth less than
  ``fixed_least`` while it holds only those three cards (a fourth may make a better one).
- Placing and attacking (``attacks.py``): each of its border territories is tried as
  the base. The free armies go on the base; a continent's bonus on the base when it lies
  there, else on that continent's territory the enemy is likeliest to take. The attack
  chains start from the base, then from its other territories, the biggest first: each
  step attacks the enemy neighbour with the best expected gain (the territory, the card
  of the turn's first conquest, a continent made whole or broken, an opponent
  eliminated, the armies each side is expected to lose), only with at least
  ``least_odds`` of taking it; all but one army move in and the chain goes on from
  there (at most the form's 12 attack lines). The board the chains are expected to leave
  is scored, the opponents' best reply included, less ``risk`` for each attack's chance
  of failing; the best base's placements and attacks are the orders.
- Fortifying (``fortifying.py``): of the moves of all but one army between territories
  the attacks leave alone, the one that most lowers what the opponents' best attacks on
  them are expected to cost (a target the attacks reach with less chance than
  ``doubt`` counted as its holder has it); else its biggest inland stack steps toward
  the nearest border.
- With secret missions, its own mission's continents and the player it must destroy
  count more; the conquest that meets its mission is worth ``win`` more (tried with as
  little as ``win_odds`` of taking it), a plan's score gains ``win`` times the chance its
  attacks get there, and its chains stop there; with "occupy N territories with at least
  A armies each" its conquests move in all but A, leaving A behind as the stack goes
  (``spread_move``; the MOVE, written before the dice roll, leaves A behind unless the
  attack loses more than it does 9 times in 10, ``sure_move``), and once this turn's
  placements (and one fortification) can bring N of its territories to A, it does just
  that and wins (``finishing.py``); when they fall short, it tops up what they can and
  attacks for the rest (``top_up``). With a mission counted in territories, a chain
  that should win this turn goes for the likeliest conquests, the armies killed no gain
  (``finish``).
- With a mission of continents it also tries the sweep (``sweeping.py``, weight
  ``sweep``): all the turn's armies on a territory next to what the mission lacks, and a
  planned route through all of it, each attack from the last conquest, crossing enemy
  territories the mission does not name where it must, weighed with the other plans
  (``win`` times the chance of the whole route).

The initial assignment: it claims the free territory in the continent it holds the
largest share of (the smallest continent on a tie, then the most territories of its own
next to it); its starting armies go on its front: its territory with the most armies
among those next to an enemy in its goal continent (one its mission names, else the one
it holds the largest share of), else next to any enemy. Armies nobody placed go where
``place_choice`` says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core.jsondata import JsonObject
from wtg.rules.wisk.attacks import best_plan, bonus_spots
from wtg.rules.wisk.cards import best_set, bonus_territories, kinds_of, trade_value
from wtg.rules.wisk.constants import FIXED, MUST_TRADE, SET_SIZE, TRADE_BONUS
from wtg.rules.wisk.finishing import Finish, occupy_finish
from wtg.rules.wisk.fortifying import choose_fortify
from wtg.rules.wisk.positionscore import View
from wtg.rules.wisk.reinforce import continent_bonuses, from_territories
from wtg.rules.wisk.state import CLAIMING, PLACING, PLAYING, WiskState
from wtg.rules.wisk.weights import WEIGHTS


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
    """Where armies nobody placed go: in play, a continent's bonus on that continent's
    territory the enemy is likeliest to take, other armies on the base the robot's own
    plan would choose; while the starting armies are placed, on the front."""
    if state.stage != PLAYING:
        return front(state, pid, continent)
    view = View.of(state, pid)
    if continent is not None:
        return bonus_spots(view, pid, [(continent, 0)])[continent]
    free = from_territories(len(state.territories_of(pid)))
    chosen = best_plan(view, pid, free, [])
    return max(chosen.place, key=lambda t: (chosen.place[t], -t))


def plan(state: WiskState, pid: int) -> JsonObject:
    """The robot's order file for its turn after ``state``."""
    return plan_with(state, pid, WEIGHTS)


def plan_with(state: WiskState, pid: int, weights: Mapping[str, float]) -> JsonObject:
    """``plan`` with other weights (how they are tuned)."""
    orders: JsonObject = {"player": pid, "turn": state.turn + 1}
    if state.stage == CLAIMING:
        orders["place"] = [{"territory": claim_choice(state, pid), "armies": 1}]
        return orders
    if state.stage == PLACING:
        count = 1 if state.options.one_army_a_turn else state.player(pid).to_place
        orders["place"] = [{"territory": front(state, pid), "armies": count}]
        return orders
    trades, card_armies = _trades(state, pid, weights)
    view = View.of(state, pid)
    for cards in trades:
        for tid in bonus_territories(state, pid, cards):
            view.armies[tid] += TRADE_BONUS
    view.cards[pid] -= SET_SIZE * len(trades)
    free = from_territories(len(state.territories_of(pid))) + card_armies
    bonuses = continent_bonuses(state, pid)
    chosen = best_plan(view, pid, free, bonuses, weights)
    if trades:
        orders["trade"] = [[*cards] for cards in trades]
    finish = _mission_finish(state, pid, view, free, bonuses, chosen.place)
    if finish is not None:
        orders["place"] = [{"territory": t, "armies": n} for t, n in finish.place]
        if finish.fortify:
            orders["fortify"] = {**finish.fortify}
        return orders
    orders["place"] = [{"territory": t, "armies": n} for t, n in chosen.place.items()]
    if chosen.attacks:
        orders["attack"] = [{**line} for line in chosen.attacks]
    fortify = choose_fortify(chosen.view, pid, chosen.touched, view, chosen.doubtful)
    if fortify:
        orders["fortify"] = {**fortify}
    return orders


def _mission_finish(
    state: WiskState,
    pid: int,
    view: View,
    free: int,
    bonuses: Sequence[tuple[str, int]],
    planned: Mapping[int, int],
) -> Finish | None:
    """The finishing turn of an "occupy N territories with at least A armies each" secret
    mission (A above 1), when this turn's armies can meet it (``finishing.py``)."""
    me = state.player(pid)
    if not (state.options.missions and me.mission):
        return None
    mission = state.board.mission(me.mission)
    if mission.continents or mission.destroy or mission.armies <= 1:
        return None
    return occupy_finish(view, pid, mission.territories, mission.armies, free, bonuses, planned)


def _trades(
    state: WiskState, pid: int, weights: Mapping[str, float]
) -> tuple[list[list[int]], int]:
    """The sets it trades now, the best first, and their armies: none while the hand is
    smaller than ``trade_at`` (five must be traded); with fixed values, a set worth less
    than ``fixed_least`` waits while the hand holds only three cards (the next card may
    make a better set)."""
    hand = list(state.player(pid).cards)
    trades: list[list[int]] = []
    armies = 0
    if len(hand) < min(weights["trade_at"], MUST_TRADE):
        return trades, armies
    while len(hand) >= SET_SIZE:
        chosen = best_set(state, pid, hand)
        if chosen is None:
            break
        kinds = kinds_of(state.board, chosen)
        value = trade_value(state.options.cards, state.trades + len(trades), kinds)
        poor = value < weights["fixed_least"]
        if state.options.cards == FIXED and len(hand) == SET_SIZE and poor:
            break
        armies += value
        trades.append(list(chosen))
        hand = [c for c in hand if c not in chosen]
    return trades, armies
