"""WoK orders as the rules read them, built from the canonical order file. Each ruleset
uses the kinds its AOF has; the others stay empty."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.jsondata import Json, JsonObject, json_list, json_object, whole, word
from wtg.core.record import Record


class Bomb(Record):
    source: int
    target: int
    missiles: int


class Attack(Record):
    source: int
    target: int
    armies: int


class Transform(Record):
    province: int
    kind: str
    amount: int


class Move(Record):
    source: int
    target: int
    unit: str
    amount: int


class AimChange(Record):
    province: int
    aim: str


class SpyOp(Record):
    source: int
    target: int
    op: int
    spies: int


class TroopChange(Record):
    """Intermediate WoK's Upgrade Troops: ``amount`` troops of kind ``source`` (ARM, PIK, ARC,
    KNI, CAT) in ``province`` become kind ``target``."""

    province: int
    source: str
    target: str
    amount: int


class Orders(Record):
    """One player's orders for one turn, in the order they were written."""

    player: int
    bomb: tuple[Bomb, ...] = ()
    attack: tuple[Attack, ...] = ()
    transform: tuple[Transform, ...] = ()
    move: tuple[Move, ...] = ()
    trade: tuple[int, ...] = ()
    aim: tuple[AimChange, ...] = ()
    spy: tuple[SpyOp, ...] = ()
    upgrade: tuple[str, ...] = ()
    """Standard WoK: what gold buys this turn (TECH, EFF, DEF, LEV, MIS, SPY), in order."""
    upgrade_troops: tuple[TroopChange, ...] = ()
    ally: int | None = None
    """None keeps the alliance as it is; 0 ends it."""
    vote_end: bool | None = None
    """Standard WoK: a vote to end the game now (None: no vote given)."""
    quit: bool = False
    """The player leaves the game at the end of the turn (the AOF's QUIT line)."""
    absent: bool = False
    """A planned absence the GM's host noted (a mail's ABSENCE): no orders, and no missed
    turn counted (``ABSENT_ORDERS``, given by the engine, never by a form)."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Json]) -> Orders:
        """From a canonical order dict that ``accept`` has already checked. (Lists made into
        tuples, and each order's fields given in order: a confirmation's forecast reads a
        full form's thirty orders, and a generator resumed an order costs more.)"""
        ally, vote_end = d.get("ally"), d.get("vote_end")
        return cls(
            player=whole(d["player"]),
            bomb=tuple(
                [Bomb(*_numbers(o, "from", "to", "missiles")) for o in section_orders(d, "bomb")]
            ),
            attack=tuple(
                [Attack(*_numbers(o, "from", "to", "armies")) for o in section_orders(d, "attack")]
            ),
            transform=tuple(
                [
                    Transform(whole(o["province"]), word(o["kind"]), whole(o["amount"]))
                    for o in section_orders(d, "transform")
                ]
            ),
            move=tuple(
                [
                    Move(whole(o["from"]), whole(o["to"]), word(o["unit"]), whole(o["amount"]))
                    for o in section_orders(d, "move")
                ]
            ),
            trade=tuple([whole(t) for t in json_list(d.get("trade"))]),
            aim=tuple(
                [AimChange(whole(o["province"]), word(o["aim"])) for o in section_orders(d, "aim")]
            ),
            spy=tuple(
                [SpyOp(*_numbers(o, "from", "to", "op", "spies")) for o in section_orders(d, "spy")]
            ),
            upgrade=tuple([str(u) for u in json_list(d.get("upgrade"))]),
            upgrade_troops=tuple(
                [
                    TroopChange(
                        whole(o["province"]), word(o["from"]), word(o["to"]), whole(o["amount"])
                    )
                    for o in section_orders(d, "upgrade_troops")
                ]
            ),
            ally=None if ally is None else whole(ally),
            vote_end=None if vote_end is None else bool(vote_end),
            quit=bool(d.get("quit", False)),
            absent=bool(d.get("absent", False)),
        )


def section_orders(d: Mapping[str, Json], section: str) -> list[JsonObject]:
    """The orders of ``section`` in a canonical order dict, each its fields (none when the
    section is left out)."""
    return [json_object(order) for order in json_list(d.get(section))]


def _numbers(order: JsonObject, *names: str) -> list[int]:
    """The whole numbers of an order's fields ``names``, in that order."""
    return [whole(order[name]) for name in names]
