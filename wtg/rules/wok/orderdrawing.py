"""A WoK player's orders as understood, drawn on his board (the confirmation's picture):
each attack, move, bombing and spy operation an arrow from its province to its target with
what goes; what stays in one province (transformations, aims, upgrades), the trades and
the rest listed under the map. Only the orders the intake accepted are in the order dict:
a rejected line draws nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wtg.core.board import Arrow, Board, with_orders
from wtg.rules.wok.state import WokState


def orders_drawn(board: Board, state: WokState, orders: Mapping[str, Any]) -> Board:
    """``board`` (the player's, after the turn his orders follow) with ``orders`` on it."""
    arrows = [
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="attack", label=str(o["armies"]))
            for o in orders.get("attack", ())
        ),
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="move", label=f"{o['amount']} {o['unit']}")
            for o in orders.get("move", ())
        ),
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="bomb", label=f"{o['missiles']} MIS")
            for o in orders.get("bomb", ())
        ),
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="spy", label=f"{o['op']} {o['spies']}")
            for o in orders.get("spy", ())
        ),
    ]
    turn = orders.get("turn", state.turn + 1)
    return with_orders(
        board,
        f"Game {state.game}, your orders for turn {turn} as understood",
        arrows,
        (
            *_listed(state, orders),
            "Orders drawn: red attacks, blue moves, black dashed bombing, purple dashed spies "
            "(what goes beside each); a line refused draws nothing.",
        ),
    )


def _listed(state: WokState, orders: Mapping[str, Any]) -> list[str]:
    """The orders that stay in one province or touch none, as lines under the map."""

    def where(pid: Any) -> str:
        return f"{state.province(int(pid)).name} ({pid})"

    lines = [
        f"Transform {o['amount']} {o['kind']} in {where(o['province'])}"
        for o in orders.get("transform", ())
    ]
    lines += [f"Aim {where(o['province'])} at {o['aim']}" for o in orders.get("aim", ())]
    if orders.get("trade"):
        lines.append("Trade (points): " + ", ".join(str(t) for t in orders["trade"]))
    if orders.get("upgrade"):
        lines.append("Upgrade: " + ", ".join(str(u) for u in orders["upgrade"]))
    lines += [
        f"Upgrade {o['amount']} {o['from']} to {o['to']} in {where(o['province'])}"
        for o in orders.get("upgrade_troops", ())
    ]
    if orders.get("ally") is not None:
        lines.append(f"Ally: {orders['ally'] or 'none'}")
    if orders.get("ready"):
        lines.append("READY: the turn may run before its deadline")
    return lines
