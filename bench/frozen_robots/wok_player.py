"""The simple, deterministic WoK player that Standard, WoK IV and Intermediate WoK shared
before their own players replaced it (the strategy module of wtg/rules/wok/ at commit
effe0bd9), frozen for the yardsticks of bench/frozen_robots (standard.py, wok4.py,
intermediate.py). Keep it as it is.

It reads the whole state (it is a demo player, not a fair robot) and writes a
canonical order dict; the demo printed that into a real AOF and fed the text
to the same parser the players' mail goes through. What differs between the
rulesets (attack counts, bombing reach, aims, what to buy) comes in ``Style``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from random import Random

from typing_extensions import TypedDict, Unpack

from wtg.core.jsondata import Json, JsonObject
from wtg.core.record import Record
from wtg.rules.wok.attacking import attacks_allowed
from wtg.rules.wok.state import Province, WokState
from wtg.rules.wok.upgrades import UPGRADE_COSTS


class Style(Record):
    """How a ruleset's player differs: its numbers and choices."""

    attacks: Callable[[int], int]
    """Attacks allowed by the tech the player has."""
    far_targets: Callable[[WokState, Province], Iterable[int]]
    """Provinces a province may bomb beyond its neighbours."""
    aims: tuple[str, ...]
    spy_ops: tuple[int, int]
    """Two spy operations the player picks between."""
    purchases: Callable[[WokState, int], JsonObject]
    """Trades or upgrades, as order-file sections."""
    troop_unit: str = "ARM"
    """The unit its armies move as (Intermediate: TRO, every troop kind)."""
    attack_ratio: int = 200
    """It attacks with more troops than this percent of the target's strength, plus 4."""


def strength(p: Province) -> int:
    return p.troops * p.lev // 1000 + 4 * p.dfn // 10


def plan_orders(state: WokState, player: int, rng: Random, style: Style) -> JsonObject:
    me = state.player(player)
    mine = sorted(state.provinces_of(player), key=lambda p: -p.troops)
    owned = {p.id for p in mine}
    orders: JsonObject = {"player": player, "turn": state.turn + 1}
    bombs: list[Json] = []
    attacks: list[Json] = []
    transforms: list[Json] = []
    moves: list[Json] = []
    aims: list[Json] = []
    spies: list[Json] = []
    budget = style.attacks(me.tech)
    targeted: set[int] = set()
    for p in mine:
        enemies = [state.province(n) for n in p.neighbours if n not in owned]
        if p.mis >= 3 and len(bombs) < 5:
            foes = [q for q in enemies if q.owner] or [
                state.province(n) for n in style.far_targets(state, p) if n not in owned
            ]
            if foes:
                bombs.append({"from": p.id, "to": min(foes, key=strength).id, "missiles": p.mis})
        weak = sorted((q for q in enemies if q.id not in targeted), key=strength)
        needed = style.attack_ratio * strength(weak[0]) // 100 + 4 if weak else 0
        if weak and len(attacks) < budget and p.troops > needed:
            attacks.append({"from": p.id, "to": weak[0].id, "armies": p.troops - 1})
            targeted.add(weak[0].id)
        if p.spy >= 6 and len(spies) < 5:
            foes = [q for q in enemies if q.owner]
            if foes:
                op = style.spy_ops[0] if rng.random() < 0.5 else style.spy_ops[1]
                spies.append({"from": p.id, "to": foes[0].id, "op": op, "spies": 3})
        if not enemies and p.troops > 5 and len(moves) < 7:
            front = [n for n in p.neighbours if n in owned]
            amount = min(50, p.troops - 1)
            moves.append(
                {"from": p.id, "to": rng.choice(front), "unit": style.troop_unit, "amount": amount}
            )
    by_pop = sorted(mine, key=lambda p: -p.pop)
    for p in by_pop[:3]:
        if p.pop >= 60:
            transforms.append({"province": p.id, "kind": "POP-ARM", "amount": 48})
    for p in by_pop[:4]:
        if p.wok < 60 and p.pop >= 90:
            transforms.append({"province": p.id, "kind": "POP-WOK", "amount": 20})
    wanted = style.aims
    for index, p in enumerate(mine[:4]):
        aim = wanted[(index + state.turn) % len(wanted)] if me.eff > 30 else "EFF"
        if aim != p.aim:
            aims.append({"province": p.id, "aim": aim})
    for key, value in (
        ("bomb", bombs),
        ("attack", attacks),
        ("transform", transforms),
        ("move", moves),
        ("aim", aims),
        ("spy", spies),
    ):
        if value:
            orders[key] = value
    orders.update(style.purchases(state, player))
    return dict(sorted(orders.items(), key=lambda item: _SECTION_ORDER.index(item[0])))


def neighbours_of_neighbours(state: WokState, p: Province) -> Iterable[int]:
    """Provinces two steps from ``p`` (Standard and Intermediate's long-range bombing)."""
    near = set(p.neighbours)
    return sorted({m for n in near for m in state.province(n).neighbours} - near - {p.id})


def upgrades_in_order(wishes: tuple[str, ...]) -> Callable[[WokState, int], JsonObject]:
    """Buy ``wishes`` in order while the gold lasts, at Standard's 100, 200, 300 a turn."""

    def buy(state: WokState, player: int) -> JsonObject:
        gold = state.player(player).gold
        bought: list[Json] = []
        for cost, wish in zip(UPGRADE_COSTS, wishes, strict=False):
            if gold < cost:
                break
            gold -= cost
            bought.append(wish)
        return {"upgrade": bought} if bought else {}

    return buy


class StyleChoices(TypedDict, total=False):
    """What a ruleset's player may choose beyond ``gold_style``'s (``Style``'s defaults
    otherwise)."""

    troop_unit: str
    attack_ratio: int


def gold_style(
    aims: tuple[str, ...], wishes: tuple[str, ...], **more: Unpack[StyleChoices]
) -> Style:
    """A player of Standard or Intermediate WoK: attacks by tech level, bombing two steps
    far, spies stealing gold or spreading propaganda, gold spent on ``wishes``; ``more``:
    the rest of its ``Style`` (Intermediate: troops moved as TRO, a lower attack ratio)."""
    return Style(
        attacks=attacks_allowed,
        far_targets=neighbours_of_neighbours,
        aims=aims,
        spy_ops=(5, 3),
        purchases=upgrades_in_order(wishes),
        **more,
    )


_SECTION_ORDER = (
    "player",
    "turn",
    "bomb",
    "attack",
    "transform",
    "upgrade_troops",
    "move",
    "trade",
    "aim",
    "upgrade",
    "spy",
    "vote_end",
)
