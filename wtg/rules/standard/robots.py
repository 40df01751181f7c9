"""Robot players of a Duel or Trinity: strong but predictable, by the published rules.

- One attack a turn, from the province the robot captured last (its home on turn 1),
  with ALL the armies there.
- The target: the LOWEST-numbered neighbour that is human or neutral at the START of the
  turn; if there is none, the lowest-numbered neighbouring robot province; a province that
  headhunting protects is passed over for the next lowest.
- In the newly captured province: 48 POP into 12 ARM, twice; 5 armies moved back to the
  province it came from; the aim of both set to missiles. It never fires its missiles.
- A robot whose last-taken province is lost is headless and gives no more orders.

The orders are an ordinary order file; the engine stores it beside the humans' ones.
"""

from __future__ import annotations

from wtg.core.jsondata import JsonObject
from wtg.rules.wok.state import ACTIVE, WokState

ALL_ARMIES = 999
RECRUIT_POP = 48
RECRUITS = 2
ARMIES_BACK = 5


def robot_orders(state: WokState) -> dict[int, JsonObject]:
    """The orders of every active robot for the turn after ``state``."""
    return {
        p.id: orders
        for p in state.players
        if p.robot and p.status == ACTIVE and (orders := robot_plan(state, p.id))
    }


def robot_plan(state: WokState, robot: int) -> JsonObject:
    """One robot's orders; {} when it is headless (its last-taken province is not its own)."""
    player = state.player(robot)
    source = player.last_taken
    if not source or state.province(source).owner != robot:
        return {}
    target = choose_target(state, robot, source)
    orders: JsonObject = {"player": robot, "turn": state.turn + 1}
    if target is None:
        return orders
    orders["attack"] = [{"from": source, "to": target, "armies": ALL_ARMIES}]
    orders["transform"] = [
        {"province": target, "kind": "POP-ARM", "amount": RECRUIT_POP} for _ in range(RECRUITS)
    ]
    orders["move"] = [{"from": target, "to": source, "unit": "ARM", "amount": ARMIES_BACK}]
    orders["aim"] = [{"province": target, "aim": "MIS"}, {"province": source, "aim": "MIS"}]
    return orders


def choose_target(state: WokState, robot: int, source: int) -> int | None:
    """The lowest-numbered neighbour held by a human or nobody at the start of the turn, else
    the lowest held by another robot; headhunting-protected provinces are skipped."""
    turn = state.turn + 1
    protected = set(state.protected) if turn <= state.protection else set()
    robots = {p.id for p in state.players if p.robot}
    near = [
        n
        for n in sorted(state.province(source).neighbours)
        if state.province(n).owner != robot and n not in protected
    ]
    first = [n for n in near if state.province(n).owner not in robots]
    if first:
        return first[0]
    return near[0] if near else None
