"""What a map picture of a Tactics battle shows (``wtg map``): the grid, every piece with
its side, kind, level and hit points, the tiles attacked this turn, and for a player the
tiles each of his pieces that may take part can walk to this turn (``reach``) and his
pieces an enemy piece can attack on its own next turn (``threat``).

Nothing on the battlefield is hidden: "You can see the starting army positions ... as
well as the current locations of all army pieces", and every event but a skipped move is
public. A player's picture is the GM's with his reach and threat marks added.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wtg.core import board as drawn
from wtg.core.errors import GameError
from wtg.core.jsondata import Json
from wtg.core.plurals import counted
from wtg.rules.tactics.board import Pos
from wtg.rules.tactics.moves import rest_problem, targets, walks
from wtg.rules.tactics.state import (
    ACTIVE,
    BATTLE,
    OVER,
    RESTED,
    WINNER,
    Piece,
    TacticsState,
    rest_at_turn_start,
)
from wtg.rules.tactics.world import BORDER, COLOURS, START_TILES

BORDER_TERRAIN = "border"
START_TERRAIN = "start"


def board_picture(
    state: TacticsState, player: int | None, events: Sequence[Mapping[str, Json]]
) -> drawn.Board:
    """The battlefield after the turn that made ``state``, as ``player`` sees it (None:
    the GM); the same for all but the reach and threat marks."""
    if player is not None and player not in {p.id for p in state.players}:
        seats = ", ".join(str(p.id) for p in state.players)
        raise GameError(f"game {state.game} has no player {player} (players: {seats})")
    reach: set[Pos] = set()
    threats: dict[int, tuple[str, ...]] = {}
    if player is not None:
        for tiles in reach_tiles(state, player).values():
            reach |= tiles
        threats = threatened(state, player)
    return drawn.Board(
        title=_title(state, player),
        shape="grid",
        spots=_spots(state, reach, attacked_tiles(events)),
        sides=tuple(_side(state, p.id) for p in state.turn_order()),
        pieces=tuple(_piece(state, piece, threats.get(piece.id, ())) for piece in state.pieces),
        notes=_notes(state, player),
    )


def turn_start(state: TacticsState, player: int) -> TacticsState:
    """The board as ``player``'s next turn begins: his pieces one unit of rest more, unless
    that turn has begun (he is to move); the other pieces where they stand now."""
    if state.active == player:
        return state
    ahead = state.clone()
    for piece in ahead.army(player):
        piece.rest = rest_at_turn_start(piece.rest)
    return ahead


def reach_tiles(state: TacticsState, player: int) -> dict[int, frozenset[Pos]]:
    """Piece id -> the tiles it can walk to on ``player``'s next turn, for each of his
    pieces that may take part then (in an "all rested" game, those rested enough)."""
    if state.phase != BATTLE or state.player(player).status != ACTIVE:
        return {}
    ahead = turn_start(state, player)
    found = {}
    for piece in ahead.army(player):
        if not rest_problem(ahead, piece):
            found[piece.id] = frozenset(walks(ahead, piece)) - {piece.pos}
    return found


def threatened(state: TacticsState, player: int) -> dict[int, tuple[str, ...]]:
    """Piece id of ``player``'s -> the enemy pieces (ids, as text) that could attack it on
    their own next turn, walking first or not, as the board stands now."""
    if state.phase != BATTLE:
        return {}
    found: dict[int, set[int]] = {}
    boards: dict[int, TacticsState] = {}
    for enemy in state.pieces:
        if enemy.owner == player:
            continue
        ahead = boards.setdefault(enemy.owner, turn_start(state, enemy.owner))
        mover = ahead.piece(enemy.id)
        if mover is None or rest_problem(ahead, mover):
            continue
        for spot in walks(ahead, mover):
            for target in targets(ahead, mover, spot).values():
                if target.owner == player:
                    found.setdefault(target.id, set()).add(enemy.id)
    return {pid: tuple(str(e) for e in sorted(enemies)) for pid, enemies in found.items()}


def attacked_tiles(events: Sequence[Mapping[str, Json]]) -> set[Pos]:
    """The tiles attacked this turn (the battle log is public)."""
    found = set()
    for event in events:
        at = event.get("at")
        if event.get("kind") == "attacked" and isinstance(at, list) and len(at) == 2:
            x, y = at
            if isinstance(x, int) and isinstance(y, int):
                found.add((x, y))
    return found


def _title(state: TacticsState, player: int | None) -> str:
    if player is None:
        whose = "the GM's view"
    else:
        me = state.player(player)
        whose = f"the view of player {player}, {me.name} ({me.colour})"
    return f"Game {state.game}, turn {state.turn}, map {state.board.name}: {whose}"


def terrain_of(state: TacticsState, pos: Pos) -> str:
    """The tile's kind as the world names it; ``border`` or ``start`` when it names none."""
    tile = state.board.tile(pos)
    if tile == BORDER:
        return BORDER_TERRAIN
    return state.board.tile_names.get(tile, START_TERRAIN)


def _spots(state: TacticsState, reach: set[Pos], attacked: set[Pos]) -> tuple[drawn.Spot, ...]:
    board = state.board
    spots = []
    for y in range(board.size):
        for x in range(board.size):
            pos = (x, y)
            tile = board.tile(pos)
            marks: list[drawn.Mark] = []
            name = terrain_of(state, pos)
            if tile in START_TILES:
                marks.append("start")
                name = f"{COLOURS[START_TILES.index(tile)]} start"
            if pos in attacked:
                marks.append("battle")
            if pos in reach:
                marks.append("reach")
            spots.append(
                drawn.Spot(
                    id=f"{x},{y}",
                    kind="tile",
                    name=name,
                    owner=0,
                    terrain=terrain_of(state, pos),
                    marks=tuple(marks),
                    elevation=board.height_at(pos),
                )
            )
    return tuple(spots)


def _piece(state: TacticsState, piece: Piece, enemies: tuple[str, ...]) -> drawn.Piece:
    stats = state.stats(piece)
    return drawn.Piece(
        spot=f"{piece.x},{piece.y}",
        owner=piece.owner,
        kind=state.kind(piece.kind).name,
        level=piece.lev,
        damage=f"{piece.hp}/{stats.max_hp}",
        marks=("threat",) if enemies else (),
        label=str(piece.id),
        threatened_by=enemies,
    )


def _side(state: TacticsState, pid: int) -> drawn.SideKey:
    p = state.player(pid)
    army = state.army(pid)
    words = [counted(len(army), "piece"), f"{sum(piece.hp for piece in army)} HP"]
    if p.bot:
        words.append("bot")
    if state.status_shown(p) == WINNER:
        words.append("WINNER")  # as the report's ARMIES table says it (ruling 22)
    if p.place is not None:
        words.append(f"place {p.place}")
    elif state.phase != OVER and state.active == pid:
        words.append("to move")
    return drawn.SideKey(
        id=pid,
        name=p.name,
        label=p.colour[:1].upper(),
        status=", ".join(words),
        colour=p.colour,
    )


def _notes(state: TacticsState, player: int | None) -> tuple[str, ...]:
    notes = []
    if state.phase == OVER:
        notes.append("The battle is over.")
    else:
        mover = state.player(state.active)
        notes.append(f"Next to move: {mover.name} ({mover.colour}).")
    if state.phase != BATTLE or player is None:
        return tuple(notes)
    if state.pieces_per_turn == RESTED:
        notes.append("Reach: the tiles each of your rested pieces can walk to on your turn.")
    else:
        notes.append(
            f"Reach: the tiles each of your pieces can walk to on your turn "
            f"({state.pieces_per_turn} of them may move)."
        )
    notes.append("Threat: your pieces an enemy piece can attack on its next turn.")
    return tuple(notes)
