"""Picking an army and setting it up around its start position.

"the nine pieces which will be your army": up to the game's army size, each kind at most
its maximum count. A player who sends no army gets the default army; "Bot armies are
picked randomly from the available pieces."
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from wtg.core.errors import SetupError as SetupError
from wtg.core.plurals import counted
from wtg.rules.tactics.board import Board, Pos
from wtg.rules.tactics.state import Piece, TacticsState, runtime_stats
from wtg.rules.tactics.world import PieceKind


def default_army(kinds: Sequence[PieceKind], size: int) -> list[str]:
    """The kinds in the world's order, round and round, each up to its maximum count."""
    army: list[str] = []
    while len(army) < size:
        added = False
        for kind in kinds:
            if len(army) < size and army.count(kind.key) < kind.max_count:
                army.append(kind.key)
                added = True
        if not added:
            break
    return army


def random_army(kinds: Sequence[PieceKind], size: int, rng: Random) -> list[str]:
    """Each slot a kind drawn evenly from those not yet at their maximum count."""
    army: list[str] = []
    while len(army) < size:
        free = [k.key for k in kinds if army.count(k.key) < k.max_count]
        if not free:
            break
        army.append(rng.choice(free))
    return army


def army_problem(kind: PieceKind | None, name: str, army: Sequence[str], size: int) -> str:
    """Why ``name`` cannot join the ``army`` picked so far ("" when it can)."""
    if kind is None:
        return f"there is no piece {name!r}"
    if len(army) >= size:
        return f"an army has at most {counted(size, 'piece')}"
    if kind.max_count == 0:
        return f"{kind.name} cannot be picked in this world"
    if army.count(kind.key) >= kind.max_count:
        # as the report's list writes the kind and its MAX: "2 Wolf" read as no count
        return f"an army has at most {counted(kind.max_count, 'piece')} of the kind {kind.key}"
    return ""


def placements(board: Board, start: Pos, movements: Sequence[int], taken: set[Pos]) -> list[Pos]:
    """Where the pieces of an army stand: each on the free tile nearest its start position
    (in steps it could walk, other pieces aside; then top to bottom, left to right), in
    the order of the army. Raises SetupError when one finds no tile."""
    spots = []
    for movement in movements:
        distances = board.distances([start], movement) if board.can_stand(movement, start) else {}
        free = [p for p in distances if p not in taken and board.can_stand(movement, p)]
        if not free:
            raise SetupError(f"map {board.name}: no room near the start {start} for the army")
        spot = min(free, key=lambda p: (distances[p], p[1], p[0]))
        taken.add(spot)
        spots.append(spot)
    return spots


def set_up_army(state: TacticsState, owner: int, army: Sequence[str], start: Pos) -> None:
    """Replace ``owner``'s pieces by ``army`` placed around ``start`` (changes ``state``)."""
    player = state.player(owner)
    state.pieces = [p for p in state.pieces if p.owner != owner]
    taken = {p.pos for p in state.pieces}
    kinds = [state.kind(key) for key in army]
    spots = placements(state.board, start, [k.movement for k in kinds], taken)
    for slot, (kind, (x, y)) in enumerate(zip(kinds, spots, strict=True), start=1):
        stats = runtime_stats(kind, 1)
        piece = Piece(
            id=10 * player.position + slot,
            owner=owner,
            kind=kind.key,
            x=x,
            y=y,
            hp=stats.max_hp,
            mp=stats.max_mp,
        )
        state.pieces.append(piece)
    state.pieces.sort(key=lambda p: p.id)
