"""What a player's report shows: the board as a text grid, every piece's stats, the battle
log of the turn, and the expected damage of the attacks the player's pieces could make."""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence

from wtg.aof.render import OMIT
from wtg.core.jsondata import Json, JsonObject, json_list
from wtg.rules.tactics.battle import forecast
from wtg.rules.tactics.board import STEP_LIMIT, Board
from wtg.rules.tactics.levels import MAX_LEVEL, needed
from wtg.rules.tactics.moves import fighter, targets, walks
from wtg.rules.tactics.state import (
    ACTIVE,
    ARMY,
    FULL_REST,
    OVER,
    RESTED,
    WINNER,
    Piece,
    Player,
    TacticsState,
    rest_at_turn_start,
)
from wtg.rules.tactics.world import BORDER, START_TILES, movement_text

BORDER_CELL = "##"
START_SYMBOL = "+"


SPARE_SYMBOLS = string.ascii_lowercase + string.ascii_uppercase + "*%&=~^:;<>"


def tile_symbols(board: Board) -> dict[int, str]:
    """One character a tile kind: the first free letter of its name in lower case, else
    the first free spare symbol; "?" once all are taken."""
    symbols: dict[int, str] = {}
    used = set("#+?")
    for tile in sorted(board.tile_movement):
        name = board.tile_names.get(tile, "").lower()
        candidates = [c for c in name if c in string.ascii_lowercase] + list(SPARE_SYMBOLS)
        symbol = next((c for c in candidates if c not in used), "?")
        symbols[tile] = symbol
        used.add(symbol)
    return symbols


REPORT_WIDTH = 78
"""A report line's most characters: a wide board is shown in strips of columns."""


def column_strips(size: int, cell: int) -> list[range]:
    """The board's columns in strips of even width, each row of a strip within the report
    width (a row is its 3-character number, then ``cell`` characters a column)."""
    most = (REPORT_WIDTH - 3) // cell
    count = -(-size // most)
    bounds = [size * i // count for i in range(count + 1)]
    return [range(bounds[i], bounds[i + 1]) for i in range(count)]


def _grid(size: int, cell: int, show: Callable[[int, int], str]) -> list[str]:
    """Every strip: a header of column numbers, then a row a line; a blank line between."""
    rows: list[str] = []
    for strip in column_strips(size, cell):
        if rows:
            rows.append("")
        rows.append("   " + "".join(f"{x:>{cell}}" for x in strip))
        rows += [f"{y:>3}" + "".join(f" {show(x, y)}" for x in strip) for y in range(size)]
    return rows


def board_rows(state: TacticsState) -> list[str]:
    """The grid: a piece shows its id; a tile its symbol and elevation / 32 (0-7)."""
    board = state.board
    symbols = tile_symbols(board)
    at = {p.pos: p for p in state.pieces}

    def show(x: int, y: int) -> str:
        piece = at.get((x, y))
        tile = board.tile((x, y))
        if piece is not None:
            return f"{piece.id:>2}"
        if tile == BORDER:
            return BORDER_CELL
        symbol = START_SYMBOL if tile in START_TILES else symbols.get(tile, "?")
        return f"{symbol}{min(9, board.height_at((x, y)) // STEP_LIMIT)}"

    return _grid(board.size, 3, show)


def elevation_rows(board: Board) -> list[str]:
    """Exact elevations, when the map is not flat."""
    if not any(board.elevation):
        return []
    return _grid(board.size, 4, lambda x, y: f"{board.height_at((x, y)):>3}")


def legend(board: Board) -> list[JsonObject]:
    symbols = tile_symbols(board)
    return [
        {
            "symbol": symbols[tile],
            "name": board.tile_names.get(tile, f"tile{tile}"),
            "movement": movement_text(board.tile_movement[tile]),
        }
        for tile in sorted(board.tile_movement)
    ]


def rest_at_its_turn(state: TacticsState, piece: Piece) -> int:
    """The rest ``piece`` has when its army next moves: the army next to move has had its
    turn's unit already (it is given as the turn before ends); every other army gets it
    when its turn begins ("one unit of rest at the start of your turn")."""
    if state.phase != ARMY and piece.owner == state.active:
        return piece.rest
    return rest_at_turn_start(piece.rest)


def rest_when_army_moves(state: TacticsState, piece: Piece, mover: int) -> int:
    """The rest ``piece`` has when army ``mover`` next moves, as the crit of an attack then
    reads it ("ChanceOfCrit = 12.5 * ( (AGI+STR+RST) / (tgtAGI+tgtSTR+tgtRST) )"): a piece
    of ``mover``'s has ``rest_at_its_turn``; another gets its own army's unit when that
    army's turn begins before ``mover``'s (after the army next to move, which has had
    its unit), and keeps what it has when its army moves after. What its army spends in
    its own turn before then nobody can know: it is counted standing (ruling 20 of
    docs/rules/tactics.md)."""
    if piece.owner == mover:
        return rest_at_its_turn(state, piece)
    if piece.owner in _moving_before(state, mover):
        return rest_at_turn_start(piece.rest)
    return piece.rest


def _moving_before(state: TacticsState, mover: int) -> list[int]:
    """The armies whose turns begin after the one next to move's and before ``mover``'s."""
    ids = [p.id for p in state.turn_order()]
    standing = {p.id for p in state.standing()}
    if state.active not in ids or mover == state.active:
        return []
    start = ids.index(state.active)
    between: list[int] = []
    for step in range(1, len(ids)):
        army = ids[(start + step) % len(ids)]
        if army == mover:
            break
        if army in standing:
            between.append(army)
    return between


def tired_at_its_turn(state: TacticsState, piece: Piece) -> bool:
    """Whether ``piece`` will not be rested enough to take part in its army's next turn
    (only pieces with ``FULL_REST`` move in a game of rested pieces); a battle over has
    no next turn to be rested for."""
    return (
        state.pieces_per_turn == RESTED
        and state.phase != OVER
        and rest_at_its_turn(state, piece) < FULL_REST
    )


def piece_rows(state: TacticsState) -> list[JsonObject]:
    rows: list[JsonObject] = []
    for piece in state.pieces:
        data = state.piece_dict(piece)
        kind = state.kind(piece.kind)
        weapon = state.weapon_of(piece)
        data.update(
            colour=state.player(piece.owner).colour,
            name=kind.name,
            movement=movement_text(kind.movement),
            weapon=weapon.name,
            wclass=weapon.wclass,
            dominates=weapon.dominates or "-",
            # the XP meter's end: what the next level takes ("-" at the top level)
            xp_next=needed(piece.lev) if piece.lev < MAX_LEVEL else "-",
            tired=tired_at_its_turn(state, piece),
        )
        rows.append(data)
    return rows


def kind_rows(state: TacticsState) -> list[JsonObject]:
    rows: list[JsonObject] = []
    for number, kind in enumerate(state.kinds, start=1):
        weapon = state.weapons[kind.weapon]
        rows.append(
            {
                "number": number,
                "key": kind.key,
                "max": kind.max_count,
                "hp": kind.hp,
                "mp": kind.mp,
                "str": kind.strength,
                "def": kind.defense,
                "agi": kind.agility,
                "movement": movement_text(kind.movement),
                "mob": kind.mobility,
                "range": f"{kind.min_range}-{kind.range}",
                "weapon": f"{weapon.name} ({weapon.wclass}, dmg {weapon.damage})",
                "weapon_name": weapon.name,
                "wclass": weapon.wclass,
                "damage": weapon.damage,
                "dominates": weapon.dominates or "-",
                "summary": kind.summary(),
            }
        )
    return rows


def attack_rows(state: TacticsState, player: int) -> list[JsonObject]:
    """Every enemy piece each of the player's pieces could attack after walking, from the
    nearest tile, with what the info popup estimates."""
    if state.phase == OVER:
        return []
    rows: list[JsonObject] = []
    for piece in state.army(player):
        if tired_at_its_turn(state, piece):
            continue  # it takes no part in its army's next turn: it strikes nothing then
        reach = walks(state, piece)
        best: dict[int, tuple[Piece, int, tuple[int, int]]] = {}
        for spot in sorted(reach, key=lambda p: (reach[p], p[1], p[0])):
            for target in targets(state, piece, spot).values():
                best.setdefault(target.id, (target, reach[spot], spot))
        for _, (enemy, steps, spot) in sorted(best.items()):
            mine = fighter(state, piece).replaced(rest=rest_at_its_turn(state, piece))
            theirs = fighter(state, enemy).replaced(
                rest=rest_when_army_moves(state, enemy, piece.owner)
            )
            odds = forecast(mine, theirs)
            rows.append(
                {
                    "piece": piece.id,
                    "kind": piece.kind,
                    "target": enemy.id,
                    "target_kind": enemy.kind,
                    "at": f"{enemy.x:02d}/{enemy.y:02d}",
                    "from": f"{spot[0]:02d}/{spot[1]:02d}",
                    "steps": steps,
                    "miss": odds.miss,
                    "crit": round(odds.crit),
                    "damage": odds.damage,
                    "crit_damage": odds.crit_damage,
                    "dominates": odds.dominates,
                    "expected": f"{odds.expected_against(enemy.hp):.1f}",
                    "hp": enemy.hp,
                }
            )
    return rows


def report_context(
    state: TacticsState, events: Sequence[Mapping[str, Json]], player: int
) -> dict[str, object]:
    me = state.player(player)
    names = {p.id: p.name for p in state.players}
    colours = {p.id: p.colour for p in state.players}
    return {
        "game": state.game,
        "turn": state.turn,
        "map": state.board.name,
        "size": state.board.size,
        "phase": state.phase,
        "me": {
            "id": me.id,
            "name": me.name,
            "colour": me.colour,
            "place": me.place,
            "missed": me.missed,
        },
        "active": state.active,
        "move_order": move_order(state),
        "active_name": names.get(state.active, ""),
        "my_turn": state.phase != OVER and state.active == player,
        "army_turn": state.phase == ARMY,
        "pieces_per_turn": state.pieces_per_turn,
        "full_rest": FULL_REST,
        "army_size": state.army_size,
        "turn_limit": state.turn_limit,
        "winners": winners(state),
        "ended_by_gm": state.ended_by_gm is not None,
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "colour": p.colour,
                "bot": p.bot,
                "status": state.status_shown(p),  # the winner's WINNER, not ACTIVE
                "place": p.place,
                "pieces": len(state.army(p.id)),
                "hp": sum(piece.hp for piece in state.army(p.id)),
            }
            for p in armies_from_next(state)
        ],
        "board": board_rows(state),
        "elevation": elevation_rows(state.board),
        "legend": legend(state.board),
        "pieces": piece_rows(state),
        "kinds": kind_rows(state),
        "attacks": [] if state.phase == ARMY else attack_rows(state, player),  # none shoots then
        "events": [dict(e) for e in events if _seen(e, player)],
        "names": names,
        "colours": colours,
    }


def winners(state: TacticsState) -> list[int]:
    """The ids of the armies that won the battle, in seat order: the one left standing,
    or those sharing the first place when the turn limit ends it; none in a battle the GM
    ended or one still fought. The last report's first line says who won from them."""
    return [p.id for p in state.turn_order() if state.status_shown(p) == WINNER]


def move_order(state: TacticsState) -> list[str]:
    """The colours of the armies still fighting in the order they move, from the next to
    move: the report's heading said 'in the order they move: green, blue' over a battle
    blue was drawn to open, the table's order (red, green, yellow, blue) with no word of
    where the round starts."""
    return [p.colour for p in armies_from_next(state) if p.status == ACTIVE]


def armies_from_next(state: TacticsState) -> list[Player]:
    """Every army in the order they move, from the next to move round (the seat order,
    red, green, yellow, blue, once the battle is over): the ARMIES table's rows, under a
    heading that says 'in the order they move, the next first: yellow, red'. The rows
    were in seat order, red first, under that heading, and the table read as red next."""
    order = state.turn_order()
    ids = [p.id for p in order]
    if state.phase == OVER or state.active not in ids:
        return order
    start = ids.index(state.active)
    return order[start:] + order[:start]


def _seen(event: Mapping[str, Json], player: int) -> bool:
    return bool(event.get("public")) or player in json_list(event.get("visible_to"))


def form_context(state: TacticsState, player: int) -> dict[str, object]:
    """The army turn's form holds the army and no moves; a battle turn's the moves only.
    ``moves_lines`` ends the form's '9 lines, one for each piece an army may have' (a game
    of "all rested" pieces may move each): where fewer pieces may move, the first lines
    accepted move, and a line refused leaves its place to the next (the site's page,
    knowing no game, shows '...')."""
    if state.phase == ARMY:
        moves_note = moves_lines = ""
        omit: tuple[str, ...] = ("moves",)
    elif state.pieces_per_turn == RESTED:
        moves_note = f"every piece with RST {FULL_REST} or more may move once"
        moves_lines = ", as each of them may move."
        omit = ("army",)
    else:
        count = int(state.pieces_per_turn)
        moves_note = f"up to {count} piece{'s' if count > 1 else ''}, each once"
        first = "line accepted moves" if count == 1 else f"{count} lines accepted move"
        moves_lines = (
            f": here only the first {first} (a line refused moves no piece,"
            " and the next line takes its place)."
        )
        omit = ("army",)
    return {
        "army_size": state.army_size,
        "moves_note": moves_note,
        "moves_lines": moves_lines,
        OMIT: omit,
    }
