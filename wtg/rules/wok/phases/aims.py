"""Workers' aim: up to 4 provinces change their aim a turn (WoK IV phase V, Standard phase 8)."""

from __future__ import annotations

from wtg.rules.wok.events import AimChanged
from wtg.rules.wok.limits import AIM_CHANGES
from wtg.rules.wok.turn import Turn


def change_aims(turn: Turn, phase: str) -> None:
    """ "Only up to 4 of your provinces may change their aim at the end of each turn."

    Ruling: an order that names the aim a province already has is no change and
    does not count toward the 4.
    """
    for player, orders in turn.players_in_order():
        changes = 0
        for order in orders.aim:
            text = f"aim {order.aim} in {order.province}"
            province = turn.own_or_skip(player.id, order.province, phase, text)
            if province is None:
                continue
            if province.aim == order.aim:
                continue
            if changes == AIM_CHANGES:
                turn.skip(player.id, phase, text, f"only {AIM_CHANGES} aims change a turn")
                continue
            changes += 1
            if turn.keeps_events:  # a forecast shows none
                turn.emit(
                    AimChanged(
                        player=player.id,
                        province=province.id,
                        old=province.aim,
                        new=order.aim,
                        visible_to=frozenset({player.id}),
                    )
                )
            province.aim = order.aim
            province.idle = False  # Standard "False Orders" last until the aim changes
