"""The built-in Intermediate WoK player as it was before round 34
(wtg/rules/intermediate/strategy.py at commit effe0bd9), frozen: the yardstick the live player
is measured against (bench/bench_robots.py, tests/rules/intermediate/test_player_strength.py).
It is the shared WoK player (``bench/frozen_robots/wok_player.py``) attacking only with more
troops than 1.2 times the target's strength plus 4; it moves troops as TRO, works its
provinces' favoured aims, turns armies into the troops that like their ground, chops wood and
mines gold. Keep it as it is when the live player changes."""

from __future__ import annotations

from random import Random

from bench.frozen_robots.wok_player import gold_style
from bench.frozen_robots.wok_player import plan_orders as plan_with
from wtg.core.jsondata import Json, JsonObject, json_list, json_object, whole, word
from wtg.rules.intermediate.constants import TERRAIN_AIM, WOOD_ARM_TO_TROOP, WOOD_TROOP_TO_TROOP
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.troops import PREFERRED_TERRAIN, preferred_kind

UPGRADE_WISH = ("TECH", "LEV", "EFF", "DEF", "MIS", "SPY")
DEFAULT_KIND = "kni"
"""What armies become where no kind likes the ground (Swamp)."""
UNIT_OF = {"arm": "ARM", "pik": "PIK", "arc": "ARC", "kni": "KNI", "cat": "CAT"}
ORDERS_MAX = 7

STYLE = gold_style(
    ("CHO", "MIN", "LEV", "MIS", "DEF", "EFF"), UPGRADE_WISH, troop_unit="TRO", attack_ratio=120
)
VOTE_FROM_TURN = 10
FROZEN_AT = "effe0bd9"


def plan_orders(state: WokState, player: int, rng: Random) -> JsonObject:
    """An order file: WoK's, its sections worked on again here."""
    orders = plan_with(state, player, rng, STYLE)
    mine = sorted(state.provinces_of(player), key=lambda p: p.id)
    wood = state.player(player).wood or 0
    homeward = _to_home_ground(state, mine)
    moving = {(whole(m["from"]), word(m["unit"])) for m in homeward}
    changes = _troop_changes(mine, wood, moving)
    if changes:
        orders["upgrade_troops"] = changes
    orders["aim"] = _aims(state, mine, json_list(orders.get("aim")))
    if not orders["aim"]:
        del orders["aim"]
    spies = [p for p in mine if p.pop >= 60 and p.spy < 6][:1]
    transforms = json_list(orders.setdefault("transform", []))  # the section's own list
    for p in spies[: ORDERS_MAX - len(transforms)]:
        transforms.append({"province": p.id, "kind": "POP-SPY", "amount": 10})
    if not transforms:
        del orders["transform"]
    moves = json_list(orders.setdefault("move", []))
    for move in homeward[: ORDERS_MAX - len(moves)]:
        moves.append(move)
    if not moves:
        del orders["move"]
    if _behind(state, player):
        orders["vote_end"] = True
    return orders


def _troop_changes(mine: list[Province], wood: int, moving: set[tuple[int, str]]) -> list[Json]:
    """Armies become the kind that likes their province; upgraded troops on the wrong ground
    (and not ``moving`` to better ground) change kind, or back into armies when the wood
    runs low."""
    changes: list[Json] = []
    for p in mine:
        home = preferred_kind(p.terrain) or DEFAULT_KIND
        for kind in PREFERRED_TERRAIN:
            here = getattr(p, kind)
            if kind == home or not here or (p.id, UNIT_OF[kind]) in moving:
                continue
            if len(changes) == ORDERS_MAX:
                break
            amount = min(here, 50)
            if wood >= WOOD_TROOP_TO_TROOP * amount:
                wood -= WOOD_TROOP_TO_TROOP * amount
                changes.append(_change(p, kind, home, amount))
            else:
                changes.append(_change(p, kind, "arm", amount))
        amount = min(p.arm // 2, 10, wood // WOOD_ARM_TO_TROOP)
        if p.arm >= 8 and amount and len(changes) < ORDERS_MAX:
            wood -= WOOD_ARM_TO_TROOP * amount
            changes.append(_change(p, "arm", home, amount))
    return changes


def _change(p: Province, source: str, target: str, amount: int) -> JsonObject:
    return {"province": p.id, "from": UNIT_OF[source], "to": UNIT_OF[target], "amount": amount}


def _aims(state: WokState, mine: list[Province], planned: list[Json]) -> list[Json]:
    """Every other province works the aim its terrain favours (+50%); the rest as planned."""
    aims = {whole(order["province"]): order for order in map(json_object, planned)}
    for index, p in enumerate(sorted(mine, key=lambda q: -q.troops)[:4]):
        favoured = TERRAIN_AIM.get(p.terrain or "")
        if favoured and (index + state.turn) % 2 == 0 and state.player(p.owner).eff > 30:
            aims[p.id] = {"province": p.id, "aim": favoured}
    return [order for pid, order in aims.items() if state.province(pid).aim != order["aim"]]


def _to_home_ground(state: WokState, mine: list[Province]) -> list[JsonObject]:
    """Upgraded troops move to a neighbouring province of ours whose terrain they prefer."""
    owned = {p.id for p in mine}
    moves: list[JsonObject] = []
    for p in mine:
        for kind, terrain in PREFERRED_TERRAIN.items():
            count = getattr(p, kind)
            if not count or p.terrain == terrain:
                continue
            ground = [
                n for n in p.neighbours if n in owned and state.province(n).terrain == terrain
            ]
            if ground:
                moves.append(
                    {"from": p.id, "to": ground[0], "unit": UNIT_OF[kind], "amount": min(count, 50)}
                )
    return moves


def _behind(state: WokState, player: int) -> bool:
    """Votes to end the game from turn 10 on when another player holds more provinces."""
    counts = [state.count_of(p.id) for p in state.players if p.standing]
    return state.turn + 1 >= VOTE_FROM_TURN and state.count_of(player) < max(counts)
