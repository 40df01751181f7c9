"""Today's Tactics bot, frozen (a copy of wtg/rules/tactics/strategy.py at commit 1984724):
the yardstick of bench/bench_robots.py. Keep it as it is when the live strategy changes.

The bots' strategy: simple, and written down in ``docs/rules/tactics.md``.

While one more piece may move this turn, each piece that may take part finds its best
option, and the best of those is played:

1. an **attack**: over every tile it can walk to and every enemy piece in range from
   there, the most expected damage (as the info popup estimates it, at most the
   target's hit points); then a weapon that dominates the target's; then fewer steps;
2. failing any attack, an **approach**: the tile it can walk to that is nearest (in its
   own steps, pieces aside) to an enemy piece, if nearer than where it stands.

Any attack beats any approach; among approaches the piece that gets nearest goes first.
The chosen move is then played on a copy of the board (the target losing the expected
damage) before the next piece is chosen. Ties go to the lower piece id, then the tile
nearer the top left. No chance is involved: a bot's orders follow from the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wtg.core.jsondata import JsonObject
from wtg.core.record import Record
from wtg.rules.tactics.battle import forecast
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.moves import Move, fighter, may_take_part, walks
from wtg.rules.tactics.state import FULL_REST, RESTED, Piece, TacticsState

_FAR = 10**6


class Option(Record):
    move: Move
    score: tuple[float, ...]
    expected: float = 0.0


def plan_orders(state: TacticsState, player: int) -> JsonObject:
    """The order file of a bot (or of a player who leaves it to the bot) for its turn."""
    moves = plan_moves(state, player)
    return {"player": player, "turn": state.turn + 1, "moves": [m.to_dict() for m in moves]}


def plan_moves(state: TacticsState, player: int) -> list[Move]:
    work = state.clone()
    cache: dict[Any, Mapping[Pos, int]] = {}
    moved: list[int] = []
    moves: list[Move] = []
    while may_take_part(work, moved)[0]:
        best: Option | None = None
        for piece in work.army(player):
            if piece.id in moved:
                continue
            if work.pieces_per_turn == RESTED and piece.rest < FULL_REST:
                continue
            option = best_option(work, piece, cache)
            if option is not None and (best is None or option.score > best.score):
                best = option
        if best is None:
            break
        _play(work, best)
        moves.append(best.move)
        moved.append(best.move.piece)
    return moves


def best_option(
    work: TacticsState, piece: Piece, cache: dict[Any, Mapping[Pos, int]]
) -> Option | None:
    reach = walks(work, piece)
    return _best_attack(work, piece, reach, cache) or _best_approach(work, piece, reach, cache)


def _best_attack(
    work: TacticsState, piece: Piece, reach: Mapping[Pos, int], cache: dict[Any, Mapping[Pos, int]]
) -> Option | None:
    kind = work.kind(piece.kind)
    weapon = work.weapon_of(piece)
    me = fighter(work, piece)
    best: Option | None = None
    for enemy in work.pieces:
        if enemy.owner == piece.owner:
            continue
        key = ("shooters", enemy.pos, weapon.movement, kind.range)
        if key not in cache:
            cache[key] = work.board.shooters(enemy.pos, weapon.movement, kind.range)
        odds = forecast(me, fighter(work, enemy))
        expected = min(odds.expected, float(enemy.hp))
        for spot, steps in cache[key].items():
            if steps < kind.min_range or spot not in reach:
                continue
            score: tuple[float, ...] = (1.0, expected, float(odds.dominates), -reach[spot])
            score += (-piece.id, -enemy.id, -spot[1], -spot[0])
            if best is None or score > best.score:
                best = Option(Move(piece.id, spot, enemy.pos), score, expected)
    return best


def _best_approach(
    work: TacticsState, piece: Piece, reach: Mapping[Pos, int], cache: dict[Any, Mapping[Pos, int]]
) -> Option | None:
    movement = work.kind(piece.kind).movement
    enemies = frozenset(p.pos for p in work.pieces if p.owner != piece.owner)
    key = ("distances", enemies, movement)
    if key not in cache:
        cache[key] = work.board.distances(enemies, movement)
    distance = cache[key]
    here = distance.get(piece.pos, _FAR)
    spot = min(reach, key=lambda p: (distance.get(p, _FAR), reach[p], p[1], p[0]))
    nearest = distance.get(spot, _FAR)
    if nearest >= here:
        return None
    score = (0.0, -nearest, -reach[spot], -piece.id, -spot[1], -spot[0])
    return Option(Move(piece.id, spot, None), score)


def _play(work: TacticsState, option: Option) -> None:
    piece = work.piece(option.move.piece)
    assert piece is not None
    piece.x, piece.y = option.move.to
    if option.move.attack is None:
        return
    target = work.piece_at(option.move.attack)
    if target is None:
        return
    target.hp -= max(1, round(option.expected))
    if target.hp <= 0:
        work.pieces.remove(target)
