"""A WoK player's orders as understood, drawn on his board (the confirmation's picture):
each attack, move, bombing and spy operation an arrow from its province to its target with
what goes; what stays in one province (transformations, aims, upgrades), the trades and
the rest listed under the map. Only the orders the intake accepted are in the order dict:
a rejected line draws nothing."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.board import Arrow, Board, with_orders
from wtg.core.jsondata import Json, json_list, whole
from wtg.rules.wok.orders import section_orders
from wtg.rules.wok.state import WokState


def orders_drawn(board: Board, state: WokState, orders: Mapping[str, Json]) -> Board:
    """``board`` (the player's, after the turn his orders follow) with ``orders`` on it."""
    arrows = [
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="attack", label=str(o["armies"]))
            for o in section_orders(orders, "attack")
        ),
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="move", label=f"{o['amount']} {o['unit']}")
            for o in section_orders(orders, "move")
        ),
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="bomb", label=f"{o['missiles']} MIS")
            for o in section_orders(orders, "bomb")
        ),
        *(
            Arrow(a=str(o["from"]), b=str(o["to"]), kind="spy", label=f"{o['op']} {o['spies']}")
            for o in section_orders(orders, "spy")
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


def _listed(state: WokState, orders: Mapping[str, Json]) -> list[str]:
    """The orders that stay in one province or touch none, as lines under the map."""

    def where(pid: Json) -> str:
        return f"{state.province(whole(pid)).name} ({pid})"

    lines = [
        f"Transform {o['amount']} {o['kind']} in {where(o['province'])}"
        for o in section_orders(orders, "transform")
    ]
    lines += [f"Aim {where(o['province'])} at {o['aim']}" for o in section_orders(orders, "aim")]
    if orders.get("trade"):
        lines.append("Trade (points): " + ", ".join(str(t) for t in json_list(orders["trade"])))
    if orders.get("upgrade"):
        lines.append("Upgrade: " + ", ".join(str(u) for u in json_list(orders["upgrade"])))
    lines += [
        f"Upgrade {o['amount']} {o['from']} to {o['to']} in {where(o['province'])}"
        for o in section_orders(orders, "upgrade_troops")
    ]
    if orders.get("ally") is not None:
        lines.append(f"Ally: {orders['ally'] or 'none'}")
    if orders.get("ready"):
        lines.append("READY: the turn may run before its deadline")
    return lines
