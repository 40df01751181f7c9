"""A simple, deterministic WoK player, for the demo, the benchmark and the tests.

It reads the whole state (it is a demo player, not a fair robot) and writes a
canonical order dict; the demo prints that into a real AOF and feeds the text
to the same parser the players' mail goes through. What differs between the
rulesets (attack counts, bombing reach, aims, what to buy) comes in ``Style``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from wtg.core.record import Record
from wtg.rules.wok.state import Province, WokState


class Style(Record):
    """How a ruleset's player differs: its numbers and choices."""

    attacks: Callable[[int], int]
    """Attacks allowed by the tech the player has."""
    far_targets: Callable[[WokState, Province], Iterable[int]]
    """Provinces a province may bomb beyond its neighbours."""
    aims: tuple[str, ...]
    spy_ops: tuple[int, int]
    """Two spy operations the player picks between."""
    purchases: Callable[[WokState, int], dict[str, Any]]
    """Trades or upgrades, as order-file sections."""


def strength(p: Province) -> int:
    return p.arm * p.lev // 1000 + 4 * p.dfn // 10


def plan_orders(state: WokState, player: int, rng: random.Random, style: Style) -> dict[str, Any]:
    me = state.player(player)
    mine = sorted(state.provinces_of(player), key=lambda p: -p.arm)
    owned = {p.id for p in mine}
    orders: dict[str, Any] = {"player": player, "turn": state.turn + 1}
    bombs: list[dict[str, Any]] = []
    attacks: list[dict[str, Any]] = []
    transforms: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    aims: list[dict[str, Any]] = []
    spies: list[dict[str, Any]] = []
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
        if weak and len(attacks) < budget and p.arm > 2 * strength(weak[0]) + 4:
            attacks.append({"from": p.id, "to": weak[0].id, "armies": p.arm - 1})
            targeted.add(weak[0].id)
        if p.spy >= 6 and len(spies) < 5:
            foes = [q for q in enemies if q.owner]
            if foes:
                op = style.spy_ops[0] if rng.random() < 0.5 else style.spy_ops[1]
                spies.append({"from": p.id, "to": foes[0].id, "op": op, "spies": 3})
        if not enemies and p.arm > 5 and len(moves) < 7:
            front = [n for n in p.neighbours if n in owned]
            moves.append(
                {"from": p.id, "to": rng.choice(front), "unit": "ARM", "amount": min(50, p.arm - 1)}
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


_SECTION_ORDER = (
    "player",
    "turn",
    "bomb",
    "attack",
    "transform",
    "move",
    "trade",
    "aim",
    "upgrade",
    "spy",
)
