"""A WISK order file as typed values: trades, placements, attacks and one fortification.

The canonical dict (see ``wtg.aof.orderfile``) has ``trade: [[c1, c2, c3], ...]``,
``place: [{territory, armies}]``, ``attack: [{from, to, dice, until, move}]`` and
``fortify: {from, to, armies}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wtg.core.jsondata import JsonObject
from wtg.core.record import Record


class Placement(Record):
    territory: int
    armies: int


class Attack(Record):
    """ "From X to Y with up to D dice, until I have N armies left or it falls, then move M
    in"."""

    source: int
    target: int
    dice: int
    until: int
    move: int

    def describe(self) -> str:
        return (
            f"attack {self.source} -> {self.target} with {self.dice} dice until "
            f"{self.until} left, move {self.move}"
        )


class Fortify(Record):
    source: int
    target: int
    armies: int


class WiskOrders(Record):
    trades: tuple[tuple[int, ...], ...] = ()
    place: tuple[Placement, ...] = ()
    attacks: tuple[Attack, ...] = ()
    fortify: Fortify | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WiskOrders:
        fort = data.get("fortify")
        if isinstance(fort, list):
            fort = fort[0] if fort else None
        return cls(
            trades=tuple(tuple(int(c) for c in t) for t in data.get("trade", ())),
            place=tuple(
                Placement(int(p["territory"]), int(p.get("armies", 1)))
                for p in data.get("place", ())
            ),
            attacks=tuple(
                Attack(
                    int(a["from"]), int(a["to"]), int(a["dice"]), int(a["until"]), int(a["move"])
                )
                for a in data.get("attack", ())
            ),
            fortify=Fortify(int(fort["from"]), int(fort["to"]), int(fort["armies"]))
            if fort
            else None,
        )

    def to_dict(self, player: int, turn: int) -> JsonObject:
        out: JsonObject = {"player": player, "turn": turn}
        if self.trades:
            out["trade"] = [list(t) for t in self.trades]
        if self.place:
            out["place"] = [{"territory": p.territory, "armies": p.armies} for p in self.place]
        if self.attacks:
            out["attack"] = [
                {"from": a.source, "to": a.target, "dice": a.dice, "until": a.until, "move": a.move}
                for a in self.attacks
            ]
        if self.fortify:
            f = self.fortify
            out["fortify"] = {"from": f.source, "to": f.target, "armies": f.armies}
        return out
