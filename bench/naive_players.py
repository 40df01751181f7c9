"""The naive players of issue 30, the floor the robots are measured against: each writes
the order file a player would send, through the rules' public functions, and draws every
choice from the seeded RNG it is given (so a tournament replays exactly).

- WISK: trades every set it holds, puts every new army on one random border territory of
  its own (a continent's bonus, which the rules keep inside its continent, on that
  territory when it lies there, else on a random territory of its own there), then
  attacks, again and again, one drawn at random of the weaker neighbours of its
  territories (fewer armies than the attacker can send: all but the one that stays), each
  attack running until
  one army is left or the target falls, all moving in, as long as any is weaker (at most
  the form's 12 attack lines); it never fortifies.
- Tactics: each piece that may move, in turn, attacks a random enemy piece it can reach
  (from a random tile it can walk to and strike from), else steps to the tile it can reach
  nearest to an enemy piece; a piece that can do neither stays.
"""

from __future__ import annotations

from random import Random

from wtg.core.jsondata import JsonObject
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.moves import Move, move_problem, targets, walks
from wtg.rules.tactics.state import TacticsState
from wtg.rules.wisk.cards import best_set, kinds_of, trade_value
from wtg.rules.wisk.constants import ATTACK_DICE
from wtg.rules.wisk.reinforce import continent_bonuses, from_territories
from wtg.rules.wisk.state import CLAIMING, PLACING, WiskState

ATTACK_LINES = 12
"""The attack lines of the WISK order form."""
ALL_IN = 999
"""Move all but one army in (the most the form's MOVE holds)."""
_FAR = 10**6


def naive_wisk(state: WiskState, pid: int, rng: Random) -> JsonObject:
    """The naive WISK player's order file for its turn after ``state``."""
    orders: JsonObject = {"player": pid, "turn": state.turn + 1}
    mine = state.territories_of(pid)
    border = [t for t in mine if _enemies_next_to(state, pid, t)] or mine
    if state.stage == CLAIMING:
        free = [h for h, holding in enumerate(state.holdings, start=1) if not holding.owner]
        orders["place"] = [{"territory": rng.choice(free), "armies": 1}]
        return orders
    if state.stage == PLACING:
        count = 1 if state.options.one_army_a_turn else state.player(pid).to_place
        orders["place"] = [{"territory": rng.choice(border), "armies": count}]
        return orders
    trades, card_armies = _every_set(state, pid)
    if trades:
        orders["trade"] = [[*cards] for cards in trades]
    base = rng.choice(border)
    armies = {t: state.armies(t) for t in range(1, len(state.holdings) + 1)}
    place: dict[int, int] = {base: from_territories(len(mine)) + card_armies}
    for continent, bonus in continent_bonuses(state, pid):
        inside = [t for t in mine if state.board.site(t).continent == continent]
        where = base if base in inside else rng.choice(inside)
        place[where] = place.get(where, 0) + bonus
    for tid, count in place.items():
        armies[tid] += count
    orders["place"] = [{"territory": t, "armies": n} for t, n in place.items()]
    attacks = _random_attacks(state, pid, armies, rng)
    if attacks:
        orders["attack"] = [{**line} for line in attacks]
    return orders


def _enemies_next_to(state: WiskState, pid: int, tid: int) -> list[int]:
    return [n for n in state.board.site(tid).neighbours if state.owner(n) != pid]


def _every_set(state: WiskState, pid: int) -> tuple[list[list[int]], int]:
    hand = list(state.player(pid).cards)
    trades: list[list[int]] = []
    armies = 0
    while True:
        chosen = best_set(state, pid, hand)
        if chosen is None:
            return trades, armies
        kinds = kinds_of(state.board, chosen)
        armies += trade_value(state.options.cards, state.trades + len(trades), kinds)
        trades.append(list(chosen))
        hand = [c for c in hand if c not in chosen]


def _random_attacks(
    state: WiskState, pid: int, armies: dict[int, int], rng: Random
) -> list[dict[str, int]]:
    """Attacks drawn at random among its territories' weaker neighbours, as the order file
    is written: each runs until one army is left or the target falls, all moving in, and
    the board is updated as if it fell (the dice decide)."""
    owner = {t: state.owner(t) for t in armies}
    lines: list[dict[str, int]] = []
    while len(lines) < ATTACK_LINES:
        pairs = [
            (source, target)
            for source in sorted(armies)
            if owner[source] == pid
            for target in state.board.site(source).neighbours
            if owner[target] != pid and armies[target] < armies[source] - 1
        ]
        if not pairs:
            break
        source, target = rng.choice(pairs)
        lines.append(
            {"from": source, "to": target, "dice": ATTACK_DICE, "until": 1, "move": ALL_IN}
        )
        left = armies[source] - armies[target]
        armies[source], armies[target], owner[target] = 1, max(left - 1, 1), pid
    return lines


def naive_tactics(state: TacticsState, player: int, rng: Random) -> JsonObject:
    """The naive Tactics player's order file for its turn after ``state``."""
    work = state.clone()
    moved: list[int] = []
    moves: list[Move] = []
    for piece in sorted(work.army(player), key=lambda p: p.id):
        reach = walks(work, piece)
        strikes: dict[Pos, list[Pos]] = {}
        for spot in sorted(reach):
            for enemy in targets(work, piece, spot):
                strikes.setdefault(enemy, []).append(spot)
        if strikes:
            enemy = rng.choice(sorted(strikes))
            move = Move(piece.id, rng.choice(strikes[enemy]), enemy)
        else:
            enemies = [p.pos for p in work.pieces if p.owner != player]
            distance = work.board.distances(enemies, work.kind(piece.kind).movement)
            spot = min(sorted(reach), key=lambda p: distance.get(p, _FAR))
            if distance.get(spot, _FAR) >= distance.get(piece.pos, _FAR):
                continue
            move = Move(piece.id, spot, None)
        if move_problem(work, player, move, moved):
            continue
        moves.append(move)
        moved.append(piece.id)
        piece.x, piece.y = move.to
    return {"player": player, "turn": state.turn + 1, "moves": [m.to_dict() for m in moves]}
