"""A WISK order file as typed values: trades, placements, attacks and one fortification.

The canonical dict (see ``wtg.aof.orderfile``) has ``trade: [[c1, c2, c3], ...]``,
``place: [{territory, armies}]``, ``attack: [{from, to, dice, until, move}]`` and
``fortify: {from, to, armies}``."""

from __future__ import annotations

from collections.abc import Mapping

from wtg.core.jsondata import Json, JsonObject, json_list, json_object, whole
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
    def from_dict(cls, data: Mapping[str, Json]) -> WiskOrders:
        fort: Json = data.get("fortify")
        if isinstance(fort, list):
            fort = fort[0] if fort else None
        fortify = None
        if fort:
            given = json_object(fort)
            fortify = Fortify(whole(given["from"]), whole(given["to"]), whole(given["armies"]))
        return cls(
            trades=tuple(
                tuple(whole(c) for c in json_list(t)) for t in json_list(data.get("trade"))
            ),
            place=tuple(
                Placement(whole(p["territory"]), whole(p.get("armies", 1)))
                for p in map(json_object, json_list(data.get("place")))
            ),
            attacks=tuple(
                Attack(
                    whole(a["from"]),
                    whole(a["to"]),
                    whole(a["dice"]),
                    whole(a["until"]),
                    whole(a["move"]),
                )
                for a in map(json_object, json_list(data.get("attack")))
            ),
            fortify=fortify,
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
