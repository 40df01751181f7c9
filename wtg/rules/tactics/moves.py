"""A piece's move: walk up to MOB steps, then maybe attack an enemy piece in range.

The same checks serve the order form (every rejected line gets its reason), the turn
itself (a move made impossible by an earlier one of the turn is skipped, with the
reason) and the bots.
"""

from __future__ import annotations

from collections.abc import Collection

from wtg.core.jsondata import JsonObject
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.rules.tactics.battle import Fighter
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.state import FULL_REST, RESTED, Piece, TacticsState


class Move(Record):
    piece: int
    to: Pos
    attack: Pos | None = None

    def to_dict(self) -> JsonObject:
        data: JsonObject = {"piece": self.piece, "to": [*self.to]}
        if self.attack is not None:
            data["attack"] = [*self.attack]
        return data


def fighter(state: TacticsState, piece: Piece) -> Fighter:
    stats = state.stats(piece)
    return Fighter(
        strength=stats.strength,
        defense=stats.defense,
        agility=stats.agility,
        rest=piece.rest,
        weapon=state.weapon_of(piece),
    )


def others(state: TacticsState, piece: Piece) -> set[Pos]:
    return {p.pos for p in state.pieces if p.id != piece.id}


def walks(state: TacticsState, piece: Piece) -> dict[Pos, int]:
    """The tiles ``piece`` can walk to this turn (its own included), with the steps."""
    kind = state.kind(piece.kind)
    return state.board.walks(piece.pos, kind.movement, kind.mobility, others(state, piece))


def targets(state: TacticsState, piece: Piece, origin: Pos) -> dict[Pos, Piece]:
    """The enemy pieces ``piece`` could attack from ``origin``: a shot of min..max range
    steps over tiles its weapon crosses."""
    kind = state.kind(piece.kind)
    weapon = state.weapon_of(piece)
    reached = state.board.shots(origin, weapon.movement, kind.range)
    found = {}
    for enemy in state.pieces:
        steps = reached.get(enemy.pos)
        if enemy.owner != piece.owner and steps is not None and steps >= kind.min_range:
            found[enemy.pos] = enemy
    return found


def may_take_part(state: TacticsState, moved: Collection[int]) -> tuple[bool, str]:
    """Whether one more piece may move after the pieces ``moved``; the limit as a reason."""
    if state.pieces_per_turn == RESTED:
        return True, ""
    limit = int(state.pieces_per_turn)
    if len(moved) >= limit:
        return False, f"only {limit} piece{'s' if limit > 1 else ''} may move a turn"
    return True, ""


def move_problem(state: TacticsState, player: int, move: Move, moved: Collection[int]) -> str:
    """Why ``player`` cannot make ``move`` now ("" when it can); ``moved`` are the pieces
    already moved this turn."""
    piece = state.piece(move.piece)
    if piece is None:
        mine = [str(p.id) for p in state.pieces if p.owner == player]
        yours = f" (yours: {', '.join(mine)})" if mine else ""
        return f"there is no piece {move.piece} on the board{yours}"
    if piece.owner != player:
        return not_yours(state, piece)
    if piece.id in moved:
        return f"piece {piece.id} has already moved this turn"
    allowed, reason = may_take_part(state, moved)
    if not allowed:
        return reason
    rest = rest_problem(state, piece)
    if rest:
        return rest
    if move.to == piece.pos and move.attack is None:
        return f"piece {piece.id} neither walks nor attacks"
    return walk_problem(state, piece, move.to) or attack_problem(state, piece, move)


def rest_problem(state: TacticsState, piece: Piece) -> str:
    """Why ``piece`` may not take part now for want of rest ("" when it may): "only those
    pieces with a minimum amount of rest (currently 2 units) will be able to take part.
    This is only true when using the 'all rested' feature"."""
    if state.pieces_per_turn == RESTED and piece.rest < FULL_REST:
        return f"piece {piece.id} is not rested (RST {piece.rest}, {FULL_REST} needed)"
    return ""


def not_yours(state: TacticsState, piece: Piece) -> str:
    """ "first you select the piece you want to move": only one of the player's own; the
    board is public, so the reason names whose piece it is."""
    owner = state.player(piece.owner)
    whose = f"{owner.name}'s, {owner.colour}"
    return f"piece {piece.id} is not yours (it is {whose}): move only your own pieces"


def walk_problem(state: TacticsState, piece: Piece, to: Pos) -> str:
    board = state.board
    if to in walks(state, piece):
        return ""
    where = tile_text(to)
    if not board.inside(to):
        return f"{where} is off the map"
    holder = state.piece_at(to)
    if holder is not None:
        return f"{where} is occupied by piece {holder.id}"
    kind = state.kind(piece.kind)
    if not board.can_stand(kind.movement, to):
        return f"blocked: a {kind.name} cannot stand on {tile_name(state, to)} at {where}"
    far = board.walks(piece.pos, kind.movement, board.size * board.size, others(state, piece))
    if to in far:
        return f"out of reach: {where} is {counted(far[to], 'step')} away, MOB {kind.mobility}"
    return f"blocked: no way to {where} (terrain, elevation or pieces in the way)"


def attack_problem(state: TacticsState, piece: Piece, move: Move) -> str:
    if move.attack is None:
        return ""
    board = state.board
    where = tile_text(move.attack)
    target = state.piece_at(move.attack) if board.inside(move.attack) else None
    if target is None or target.id == piece.id:
        return f"no piece to attack at {where}"
    if target.owner == piece.owner:
        return f"{where} holds your own piece {target.id}"
    if move.attack in targets(state, piece, move.to):
        return ""
    kind = state.kind(piece.kind)
    weapon = state.weapon_of(piece)
    steps = board.shots(move.to, weapon.movement, board.size * board.size).get(move.attack)
    if steps is None:
        return f"out of range: a {weapon.name} cannot reach {where} (terrain or elevation)"
    if steps < kind.min_range:
        return f"too close: {where} is {counted(steps, 'step')} away, min range {kind.min_range}"
    return f"out of range: {where} is {counted(steps, 'step')} away, range {kind.range}"


def tile_text(pos: Pos) -> str:
    """A tile as the form, the report and the forecast write it: X/Y, ``05/07``."""
    return f"{pos[0]:02d}/{pos[1]:02d}"


def tile_name(state: TacticsState, pos: Pos) -> str:
    tile = state.board.tile(pos)
    if tile == 0:
        return "the border"
    return state.board.tile_names.get(tile, "a start tile")
