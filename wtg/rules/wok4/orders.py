"""WoK IV orders as the rules read them, built from the canonical order file."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Bomb:
    source: int
    target: int
    missiles: int


@dataclass(frozen=True, slots=True)
class Attack:
    source: int
    target: int
    armies: int


@dataclass(frozen=True, slots=True)
class Transform:
    province: int
    kind: str
    amount: int


@dataclass(frozen=True, slots=True)
class Move:
    source: int
    target: int
    unit: str
    amount: int


@dataclass(frozen=True, slots=True)
class AimChange:
    province: int
    aim: str


@dataclass(frozen=True, slots=True)
class SpyOp:
    source: int
    target: int
    op: int
    spies: int


@dataclass(frozen=True, slots=True)
class Orders:
    """One player's orders for one turn, in the order they were written."""

    player: int
    bomb: tuple[Bomb, ...] = ()
    attack: tuple[Attack, ...] = ()
    transform: tuple[Transform, ...] = ()
    move: tuple[Move, ...] = ()
    trade: tuple[int, ...] = ()
    aim: tuple[AimChange, ...] = ()
    spy: tuple[SpyOp, ...] = ()
    ally: int | None = None
    """None keeps the alliance as it is; 0 ends it."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Orders:
        """From a canonical order dict that ``accept`` has already checked."""
        ally = d.get("ally")
        return cls(
            player=int(d["player"]),
            bomb=tuple(Bomb(o["from"], o["to"], o["missiles"]) for o in d.get("bomb", ())),
            attack=tuple(Attack(o["from"], o["to"], o["armies"]) for o in d.get("attack", ())),
            transform=tuple(
                Transform(o["province"], o["kind"], o["amount"]) for o in d.get("transform", ())
            ),
            move=tuple(
                Move(o["from"], o["to"], o["unit"], o["amount"]) for o in d.get("move", ())
            ),
            trade=tuple(int(t) for t in d.get("trade", ())),
            aim=tuple(AimChange(o["province"], o["aim"]) for o in d.get("aim", ())),
            spy=tuple(SpyOp(o["from"], o["to"], o["op"], o["spies"]) for o in d.get("spy", ())),
            ally=None if ally is None else int(ally),
        )
