"""Full AOFs, every line of every section filled with a random but plausible order:
the load of the benchmark and the input of the property tests."""

from __future__ import annotations

from random import Random
from typing import Any

from wtg.rules.wok.limits import MOVE_UNITS
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.constants import AIMS
from wtg.rules.wok4.reach import attacks_allowed


def full_orders(state: WokState, player: int, rng: Random) -> dict[str, Any]:
    """Orders filling all 5 B, the allowed A, 7 T, 7 M, 5 X, 4 G and 5 S lines."""
    mine = [p for p in state.provinces if p.owner == player]
    if not mine:
        return {"player": player, "turn": state.turn + 1}

    def pick() -> Any:
        return mine[int(rng.random() * len(mine))]

    def near(pid: int) -> int:
        options = state.province(pid).neighbours
        return options[int(rng.random() * len(options))]

    bombs, attacks, transforms, moves, aims, spies = [], [], [], [], [], []
    for _ in range(5):
        p = pick()
        bombs.append({"from": p.id, "to": near(p.id), "missiles": 1 + int(rng.random() * 20)})
    for _ in range(attacks_allowed(state.player(player).tech)):
        p = pick()
        attacks.append({"from": p.id, "to": near(p.id), "armies": 5 + int(rng.random() * 60)})
    kinds = ("POP-ARM", "POP-ARM", "POP-ARM", "POP-WOK", "POP-WOK", "WOK-POP", "POP-WOK")
    for kind in kinds:
        transforms.append(
            {"province": pick().id, "kind": kind, "amount": 20 + int(rng.random() * 30)}
        )
    for _ in range(7):
        p = pick()
        unit = MOVE_UNITS[int(rng.random() * len(MOVE_UNITS))]
        moves.append(
            {"from": p.id, "to": near(p.id), "unit": unit, "amount": 1 + int(rng.random() * 50)}
        )
    used = set()
    for _ in range(4):
        p = pick()
        if p.id not in used:
            used.add(p.id)
            aims.append({"province": p.id, "aim": AIMS[int(rng.random() * len(AIMS))]})
    for _ in range(5):
        p = pick()
        spies.append(
            {
                "from": p.id,
                "to": near(p.id),
                "op": 1 + int(rng.random() * 5),
                "spies": 1 + int(rng.random() * 5),
            }
        )
    return {
        "player": player,
        "turn": state.turn + 1,
        "bomb": bombs,
        "attack": attacks,
        "transform": transforms,
        "move": moves,
        "trade": [100, 150, 200, 250, 350],
        "aim": aims,
        "spy": spies,
    }
