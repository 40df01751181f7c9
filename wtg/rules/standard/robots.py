"""Robot players of a Duel or Trinity: strong but predictable, by the published rules.

- One attack a turn, from the province the robot captured last (its home on turn 1),
  with ALL the armies there.
- The target: the LOWEST-numbered neighbour that is human or neutral at the START of the
  turn; if there is none, the lowest-numbered neighbouring robot province; a province that
  headhunting protects is passed over for the next lowest.
- In the newly captured province: 48 POP into 12 ARM, twice; 5 armies moved back to the
  province it came from; the aim of both set to missiles. It never fires its missiles.
- A robot whose last-taken province is lost is headless and gives no more orders.

Where the rules are silent the stronger play is taken (docs/rules/standard.md, rulings
30-34). Ruling 34: the robot reckons, from the state at the start of the turn, the chance
that its armies take a province (``robot_odds.py``); it attacks the first target of the
published order that it takes more likely than not, and writes the orders for the province
it sets out to take only when it is as good as sure of it (those orders are skipped if it is
not taken); it orders no recruitment on less POP than makes an army. A turn it does not
attack it recruits where it attacks from, or, with neither armies nor POP there, moves in
the armies of its provinces next to it. Gold buys upgrades, EFF or LEV, whichever raises
its attack more (ruling 32).

The orders are an ordinary order file; the engine stores it beside the humans' ones.
"""

from __future__ import annotations

from wtg.core.jsondata import Json, JsonObject
from wtg.rules.standard.robot_odds import capture_chance
from wtg.rules.wok.limits import (
    EFF_MAX,
    EFF_MIN,
    LEV_MAX,
    MOVE_ORDERS,
    POP_PER_ARM,
    UNITS_PER_ORDER,
)
from wtg.rules.wok.state import ACTIVE, WokState
from wtg.rules.wok.upgrades import UPGRADE_COSTS, UPGRADE_EFF, UPGRADE_LEV
from wtg.rules.wok.warfare import SPOILS_POP_WOK

ALL_ARMIES = 999
RECRUIT_POP = 48
RECRUITS = 2
ARMIES_BACK = 5
NEW_ARMY_LEV = 1000
"""Newly made armies have a Level of 1.000 (in thousandths)."""
LIKELY = 0.5
"""A robot attacks a province only if its armies take it with at least this chance."""
SURE = 0.97
"""The chance from which it writes the orders for the province it sets out to take."""


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
    here = state.province(source)
    orders: JsonObject = {"player": robot, "turn": state.turn + 1}
    if (target := choose_target(state, robot, source)) is not None:
        orders.update(attack_orders(state, robot, source, target))
    elif recruits := recruitment(source, here.pop):
        orders["transform"] = recruits
    elif not here.troops and (moves := armies_in(state, robot, source)):
        orders["move"] = moves
    if upgrades := choose_upgrades(state, robot):
        names: list[Json] = [*upgrades]
        orders["upgrade"] = names
    return orders


def attack_orders(state: WokState, robot: int, source: int, target: int) -> JsonObject:
    """The attack with all the armies, and the aim of ``source`` to missiles. If the robot is
    sure to take ``target``: for it, 48 POP into 12 ARM twice (as far as the POP it takes
    makes armies), 5 armies back to ``source`` and its aim to missiles as well."""
    orders: JsonObject = {"attack": [{"from": source, "to": target, "armies": ALL_ARMIES}]}
    back: JsonObject = {"province": source, "aim": "MIS"}
    if capture_chance(state, robot, source, target) < SURE:
        orders["aim"] = [back]
        return orders
    taken_pop = state.province(target).pop * SPOILS_POP_WOK // 100
    if recruits := recruitment(target, taken_pop):
        orders["transform"] = recruits
    orders["move"] = [{"from": target, "to": source, "unit": "ARM", "amount": ARMIES_BACK}]
    orders["aim"] = [{"province": target, "aim": "MIS"}, back]
    return orders


def recruitment(province: int, pop: int) -> list[Json]:
    """48 POP into 12 ARM in ``province``, twice, each only while the ``pop`` there still
    makes an army ("If there are not enough of the unit you are converting from in the
    province, all that are available will be used"; one that makes none is skipped)."""
    orders: list[Json] = []
    while len(orders) < RECRUITS and pop >= POP_PER_ARM:
        orders.append({"province": province, "kind": "POP-ARM", "amount": RECRUIT_POP})
        pop -= RECRUIT_POP
    return orders


def armies_in(state: WokState, robot: int, source: int) -> list[Json]:
    """The armies of the robot's provinces next to ``source`` moved into it, the lowest-
    numbered province first, 50 an order and at most 7 orders ("A player can input up to 7
    sets of instructions to move things around ... a maximum of 50 for each set")."""
    moves: list[Json] = []
    for n in sorted(state.province(source).neighbours):
        armies = state.province(n).troops if state.province(n).owner == robot else 0
        while armies > 0 and len(moves) < MOVE_ORDERS:
            amount = min(armies, UNITS_PER_ORDER)
            moves.append({"from": n, "to": source, "unit": "ARM", "amount": amount})
            armies -= amount
    return moves


def choose_target(state: WokState, robot: int, source: int) -> int | None:
    """The published target, with the robot's chance counted: of the neighbours held by a
    human or nobody at the start of the turn (if there are none, of those held by another
    robot), headhunting-protected ones skipped, the lowest-numbered one that all the armies
    in ``source`` take with a chance of at least ``LIKELY``; None when there are no armies
    there or no such neighbour."""
    if not state.province(source).troops:
        return None
    turn = state.turn + 1
    protected = set(state.protected) if turn <= state.protection else set()
    robots = {p.id for p in state.players if p.robot}
    near = [
        n
        for n in sorted(state.province(source).neighbours)
        if state.province(n).owner != robot and n not in protected
    ]
    first = [n for n in near if state.province(n).owner not in robots]
    return next(
        (n for n in first or near if capture_chance(state, robot, source, n) >= LIKELY), None
    )


def choose_upgrades(state: WokState, robot: int) -> list[str]:
    """As many upgrades as the gold held pays (100, 200, 300), each the one that raises the
    power of its next attack (PATT = EFF x 10 x level) the more: EFF (+30, at most 99; it
    raises every province's defense too, so it wins a tie) against LEV (+0.300 to the armies
    it attacks with, new armies at 1.000 if it has none). EFF is counted after this turn's
    entropy, one point a province, as the upgrades come after it; none that would raise
    nothing."""
    player = state.player(robot)
    if player.gold < UPGRADE_COSTS[0]:
        return []
    source = state.province(player.last_taken)
    eff = max(EFF_MIN, player.eff - state.count_of(robot))
    lev = source.lev if source.troops else NEW_ARMY_LEV
    gold, bought = player.gold, []
    for cost in UPGRADE_COSTS:
        if gold < cost:
            break
        more_eff, more_lev = min(EFF_MAX, eff + UPGRADE_EFF), min(LEV_MAX, lev + UPGRADE_LEV)
        if (more_eff, more_lev) == (eff, lev):
            break
        if more_eff * lev >= eff * more_lev:
            bought.append("EFF")
            eff = more_eff
        else:
            bought.append("LEV")
            lev = more_lev
        gold -= cost
    return bought
