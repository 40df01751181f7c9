"""A Tactics player's orders as understood, drawn on the battlefield (the confirmation's
picture): each piece's move an arrow from its tile to where it goes, its attack an arrow
on from there to the tile it strikes. Only the moves the intake accepted are in the order
dict: a rejected line draws nothing. The army turn's pick, which moves no piece, is listed
under the field (press49: its confirmation said the picture drew the orders, and it drew
none of them)."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.board import Arrow, Board, with_orders
from wtg.core.jsondata import Json
from wtg.rules.tactics.resolve import moves_of
from wtg.rules.tactics.state import ARMY, TacticsState


def orders_drawn(board: Board, state: TacticsState, orders: Mapping[str, Json]) -> Board:
    """``board`` (the player's, after the turn his orders follow) with ``orders`` on it."""
    pieces = {piece.id: piece for piece in state.pieces}
    arrows = []
    for move in moves_of(orders):
        piece = pieces.get(move.piece)
        if piece is None:
            continue
        at = f"{piece.x},{piece.y}"
        to = f"{move.to[0]},{move.to[1]}"
        if to != at:
            arrows.append(Arrow(a=at, b=to, kind="move", label=str(piece.id)))
        if move.attack:
            target = f"{move.attack[0]},{move.attack[1]}"
            arrows.append(Arrow(a=to, b=target, kind="attack", label=str(piece.id)))
    turn = orders.get("turn", state.turn + 1)
    if state.phase == ARMY:
        return with_orders(
            board,
            f"Game {state.game}, your army for turn {turn} as understood",
            arrows,
            (*board.notes, _army_line(orders)),
        )
    return with_orders(
        board,
        f"Game {state.game}, your orders for turn {turn} as understood",
        arrows,
        (
            *board.notes,
            "Orders drawn: blue each piece's move, red its attack (the piece's number); "
            "a line refused draws nothing.",
        ),
    )


def _army_line(orders: Mapping[str, Json]) -> str:
    """The army turn's pick as a line under the field, as its forecast says it."""
    given = orders.get("army")
    army = [str(kind) for kind in given] if isinstance(given, list) else []
    if not army:
        return "Army: the one shown in your report (no army lines), on the field as the turn runs."
    return f"Army: {', '.join(army)}, on the field as the turn runs."
