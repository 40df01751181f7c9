"""A WISK player's orders as understood, drawn on his board (the confirmation's picture):
each placement its armies on its territory, each attack an arrow with its dice and what it
moves in, the fortification an arrow with its armies; the card trades listed under the map.
Only the orders the intake accepted are in the order dict: a rejected line draws nothing."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.board import Arrow, Board, with_orders
from wtg.core.jsondata import Json
from wtg.rules.wisk.orders import WiskOrders
from wtg.rules.wisk.state import WiskState


def orders_drawn(board: Board, state: WiskState, orders: Mapping[str, Json]) -> Board:
    """``board`` (the player's, after the turn his orders follow) with ``orders`` on it."""
    typed = WiskOrders.from_dict(orders)
    arrows = [
        Arrow(a=str(p.territory), b=str(p.territory), kind="place", label=f"+{p.armies}")
        for p in typed.place
    ]
    arrows += [
        Arrow(
            a=str(a.source),
            b=str(a.target),
            kind="attack",
            label=f"{a.dice} dice, move {a.move}",
        )
        for a in typed.attacks
    ]
    if typed.fortify is not None:
        f = typed.fortify
        arrows.append(Arrow(a=str(f.source), b=str(f.target), kind="fortify", label=str(f.armies)))
    notes = [f"Trade cards {', '.join(str(c) for c in trade)}" for trade in typed.trades]
    turn = orders.get("turn", state.turn + 1)
    return with_orders(
        board,
        f"Game {state.game}, your orders for turn {turn} as understood",
        arrows,
        (
            *notes,
            "Orders drawn: green +N armies placed, red attacks (dice, armies moved in), blue "
            "the fortification; a line refused draws nothing.",
        ),
    )
