"""The state of a WoK game between two turns, and its JSON form.

One set of types serves every WoK ruleset. Fields only some rulesets use (gold,
robots, colours, RIPs, idle workers, NAPs, headhunting; Intermediate's terrain,
troop types and wood) keep their defaults in the others and are written to JSON
only when set, so a WoK IV state file holds exactly the WoK IV fields.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from operator import attrgetter

from wtg.core.jsondata import (
    Json,
    JsonObject,
    flag,
    json_list,
    json_object,
    number,
    or_none,
    whole,
    word,
)
from wtg.rules.wok.limits import EFF_MAX, EFF_MIN

ACTIVE = "active"
QUIT = "quit"
DEAD = "dead"


def _extras(obj: object, defaults: Mapping[str, Json]) -> JsonObject:
    """The optional fields that differ from their defaults."""
    out: JsonObject = {}
    for name, default in defaults.items():
        value = getattr(obj, name)
        if value != default:
            out[name] = list(value) if isinstance(value, (list, tuple)) else value
    return out


@dataclass(slots=True)
class Province:
    id: int
    name: str
    neighbours: tuple[int, ...]
    owner: int = 0
    pop: int = 0
    wok: int = 0
    arm: int = 0
    lev: int = 1000
    """Level of the armies in thousandths (1.750 is 1750)."""
    dfn: int = 0
    """Defense in tenths (0.3 is 3)."""
    mis: int = 0
    spy: int = 0
    aim: str = "DEF"
    idle: bool = False
    """Standard WoK "False Orders": the workers do nothing until the aim is changed."""
    terrain: str | None = None
    """Intermediate WoK: Desert, Forest, Mountain, Plains or Swamp; None where a ruleset has
    no terrain (its troop types are then never written either)."""
    pik: int = 0
    arc: int = 0
    kni: int = 0
    cat: int = 0
    """Intermediate WoK's upgraded troops (pikemen, archers, knights, catapults); ``arm`` are
    the plain armies. All troops of a province share its level ``lev``."""

    @property
    def troops(self) -> int:
        """Every fighting unit in the province: the armies and the upgraded troops."""
        return self.arm + self.pik + self.arc + self.kni + self.cat

    def clone(self) -> Province:
        return Province(
            self.id,
            self.name,
            self.neighbours,
            self.owner,
            self.pop,
            self.wok,
            self.arm,
            self.lev,
            self.dfn,
            self.mis,
            self.spy,
            self.aim,
            self.idle,
            self.terrain,
            self.pik,
            self.arc,
            self.kni,
            self.cat,
        )

    def to_dict(self) -> JsonObject:
        data: JsonObject = {
            "id": self.id,
            "name": self.name,
            "owner": self.owner,
            "pop": self.pop,
            "wok": self.wok,
            "arm": self.arm,
            "lev": self.lev / 1000,
            "def": self.dfn / 10,
            "mis": self.mis,
            "spy": self.spy,
            "aim": self.aim,
            "neighbours": list(self.neighbours),
        }
        if self.idle:
            data["idle"] = True
        if self.terrain is not None:
            data.update(
                terrain=self.terrain, pik=self.pik, arc=self.arc, kni=self.kni, cat=self.cat
            )
        return data

    @classmethod
    def from_dict(cls, d: Mapping[str, Json]) -> Province:
        if len(d) == _PROVINCE_KEYS:  # the keys every province has, and no other
            # A state's provinces are read on a poll's first mail for the game: positional
            # and without the optional fields' look-ups it costs a third (as ``_read``)
            return cls(
                whole(d["id"]),
                word(d["name"]),
                _ids(d["neighbours"]),
                whole(d["owner"]),
                whole(d["pop"]),
                whole(d["wok"]),
                whole(d["arm"]),
                round(number(d["lev"]) * 1000),
                round(number(d["def"]) * 10),
                whole(d["mis"]),
                whole(d["spy"]),
                word(d["aim"]),
            )
        return cls._read(d)

    @classmethod
    def _read(cls, d: Mapping[str, Json]) -> Province:
        """A province of any ruleset, its optional fields looked up."""
        return cls(
            id=whole(d["id"]),
            name=word(d["name"]),
            neighbours=_ids(d["neighbours"]),
            owner=whole(d["owner"]),
            pop=whole(d["pop"]),
            wok=whole(d["wok"]),
            arm=whole(d["arm"]),
            lev=round(number(d["lev"]) * 1000),
            dfn=round(number(d["def"]) * 10),
            mis=whole(d["mis"]),
            spy=whole(d["spy"]),
            aim=word(d["aim"]),
            idle=flag(d.get("idle", False)),
            terrain=or_none(word, d.get("terrain")),
            pik=whole(d.get("pik", 0)),
            arc=whole(d.get("arc", 0)),
            kni=whole(d.get("kni", 0)),
            cat=whole(d.get("cat", 0)),
        )


def _ids(value: Json) -> tuple[int, ...]:
    """A list of whole numbers (neighbours, a ranking), as a tuple."""
    return tuple(whole(n) for n in json_list(value))


_PROVINCE_KEYS = 12
"""The keys of a province every ruleset writes (``Province.to_dict`` without options)."""

_PLAYER_KEYS = 12
"""The keys of a player every ruleset writes (``Player.to_dict`` without extras)."""

_PLAYER_EXTRAS: dict[str, Json] = {
    "robot": False,
    "controller": None,
    "label": "",
    "rips": [],
    "vote_end": False,
    "last_taken": 0,
    "home": 0,
    "wood": None,
    "before": [],
}


@dataclass(slots=True)
class Player:
    id: int
    name: str
    eff: int = 99
    tech: int = 0
    """WoK IV: tech points. Standard WoK: the tech level."""
    gold: int = 0
    status: str = ACTIVE
    missed: int = 0
    """Turns missed in a row."""
    ally: int = 0
    turn_points: int = 0
    """Turns played with orders sent: the HiScore's turn points."""
    died_on: int | None = None
    quit_on: int | None = None
    vp: int = 0
    robot: bool = False
    controller: int | None = None
    """The human (GM seat) who plays this colour, in a Duel or Trinity."""
    label: str = ""
    """A colour's name in a Duel or Trinity, e.g. "HanA"."""
    rips: list[int] = field(default_factory=list)
    """Colours this player has RIPed (Duel, Trinity)."""
    vote_end: bool = False
    last_taken: int = 0
    """A robot's last captured province (its home at the start)."""
    home: int = 0
    """The province the player started in."""
    wood: int | None = None
    """Intermediate WoK: the player's WOOD (None where a ruleset has none)."""
    before: list[JsonObject] = field(default_factory=list)
    """Who played this side before a newcomer took it over (``take_over``), the first
    first: each quitter's ``name``, ``turn_points`` and ``quit_on``. The HiScore keeps his
    points (``wtg.host.results``)."""

    @property
    def standing(self) -> bool:
        return self.status == ACTIVE

    def change_eff(self, by: int) -> int:
        """Raise or lower the EFF level, kept within its limits; the change there was."""
        before = self.eff
        self.eff = min(EFF_MAX, max(EFF_MIN, self.eff + by))
        return self.eff - before

    def clone(self) -> Player:
        return Player(
            self.id,
            self.name,
            self.eff,
            self.tech,
            self.gold,
            self.status,
            self.missed,
            self.ally,
            self.turn_points,
            self.died_on,
            self.quit_on,
            self.vp,
            self.robot,
            self.controller,
            self.label,
            list(self.rips),
            self.vote_end,
            self.last_taken,
            self.home,
            self.wood,
            [dict(left) for left in self.before],
        )

    def to_dict(self) -> JsonObject:
        return {
            "id": self.id,
            "name": self.name,
            "eff": self.eff,
            "tech": self.tech,
            "gold": self.gold,
            "status": self.status,
            "missed": self.missed,
            "ally": self.ally,
            "turn_points": self.turn_points,
            "died_on": self.died_on,
            "quit_on": self.quit_on,
            "vp": self.vp,
            **_extras(self, _PLAYER_EXTRAS),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Json]) -> Player:
        if len(d) == _PLAYER_KEYS:
            # A poll's first mail for a game reads its players: the keys every player has
            # (and so no other), read in their order without a look-up of each field
            try:
                return cls(
                    whole(d["id"]),
                    word(d["name"]),
                    whole(d["eff"]),
                    whole(d["tech"]),
                    whole(d["gold"]),
                    word(d["status"]),
                    whole(d["missed"]),
                    whole(d["ally"]),
                    whole(d["turn_points"]),
                    or_none(whole, d["died_on"]),
                    or_none(whole, d["quit_on"]),
                    whole(d["vp"]),
                )
            except KeyError:  # as many keys, but others: read as any player
                pass
        return cls._read(d)

    @classmethod
    def _read(cls, d: Mapping[str, Json]) -> Player:
        """A player of any ruleset, whatever fields it has: those it lacks take their
        defaults (a new player's)."""
        return cls(
            id=whole(d["id"]),
            name=word(d["name"]),
            eff=whole(d.get("eff", 99)),
            tech=whole(d.get("tech", 0)),
            gold=whole(d.get("gold", 0)),
            status=word(d.get("status", ACTIVE)),
            missed=whole(d.get("missed", 0)),
            ally=whole(d.get("ally", 0)),
            turn_points=whole(d.get("turn_points", 0)),
            died_on=or_none(whole, d.get("died_on")),
            quit_on=or_none(whole, d.get("quit_on")),
            vp=whole(d.get("vp", 0)),
            robot=flag(d.get("robot", False)),
            controller=or_none(whole, d.get("controller")),
            label=word(d.get("label", "")),
            rips=[whole(r) for r in json_list(d.get("rips"))],
            vote_end=flag(d.get("vote_end", False)),
            last_taken=whole(d.get("last_taken", 0)),
            home=whole(d.get("home", 0)),
            wood=or_none(whole, d.get("wood")),
            before=[dict(json_object(left)) for left in json_list(d.get("before"))],
        )


@dataclass(slots=True)
class Outcome:
    """How the game ended."""

    reason: str
    """"last standing", "alliance", "bitter end", "vote", "rips"..."""
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    """Every seated player, best first."""
    places: tuple[int, ...] = ()
    """The place of each of ``ranking``, players equal by the rules sharing one (1, 1, 3);
    empty in a game that ended before places were kept: then each is his position."""
    note: str = ""
    """The GM's words on a game he ended by hand (`wtg end`), "" for none."""

    def to_dict(self) -> JsonObject:
        found: JsonObject = {
            "reason": self.reason,
            "winners": [*self.winners],
            "ranking": [*self.ranking],
        }
        if self.places:
            found["places"] = [*self.places]
        if self.note:
            found["note"] = self.note
        return found

    @classmethod
    def from_dict(cls, d: Mapping[str, Json]) -> Outcome:
        places = d.get("places")
        return cls(
            word(d["reason"]),
            _ids(d["winners"]),
            _ids(d["ranking"]),
            _ids(places) if isinstance(places, list) else (),
            note if isinstance(note := d.get("note"), str) else "",
        )


_STATE_EXTRAS: dict[str, Json] = {
    "variant": None,
    "started_with": 0,
    "protection": 0,
    "protected": [],
    "naps": [],
    "rip_target": 0,
}


_BY_ID = attrgetter("id")


@dataclass(slots=True)
class WokState:
    game: str
    map: str
    turn: int
    seats: int
    players: list[Player]
    provinces: list[Province]
    oop: list[int] = field(default_factory=list)
    """The Order of Play of the NEXT turn: generated at the end of this one."""
    outcome: Outcome | None = None
    variant: str | None = None
    started_with: int = 0
    """How many players the game started with (Standard: alliances need more than 5)."""
    protection: int = 0
    """Headhunting: the ``protected`` provinces cannot be targeted up to this turn."""
    protected: list[int] = field(default_factory=list)
    naps: list[tuple[int, int, int]] = field(default_factory=list)
    """Automatic NAPs: (colour, colour, the turn whose start ends them)."""
    rip_target: int = 0
    """RIPs a Duel or Trinity player needs to win (0: not that kind of game)."""
    _owned: dict[int, list[Province]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """Owner -> the provinces he holds, in id order: built by one pass over the provinces
    when first asked for, then kept by ``give`` (a province changes hands only there)."""

    def province(self, pid: int) -> Province:
        return self.provinces[pid - 1]

    def named(self, pid: int) -> str:
        """A province as a player reads it in a reason or a note: its number and its name
        (``15 Kiev``), as the report's events and PROVINCES table name it; its number alone
        when the map has no such province."""
        if isinstance(pid, bool) or not isinstance(pid, int) or not self.has_province(pid):
            return str(pid)
        return f"{pid} {self.province(pid).name}"

    def player(self, pid: int) -> Player:
        if 0 < pid <= len(self.players) and self.players[pid - 1].id == pid:
            return self.players[pid - 1]  # players are seated 1..N: no search
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def has_province(self, pid: int) -> bool:
        return 1 <= pid <= len(self.provinces)

    def provinces_of(self, owner: int) -> Iterator[Province]:
        """The owner's provinces (0: the neutral ones), in id order."""
        return iter(self._owners().get(owner, ()))

    def count_of(self, owner: int) -> int:
        return len(self._owners().get(owner, ()))

    def give(self, province: Province, owner: int) -> None:
        """``province`` changes hands to ``owner``: the one way ownership changes, so that
        the owner index stays true."""
        if province.owner == owner:
            return
        owned = self._owners()
        losing = owned[province.owner]
        del losing[bisect_left(losing, province.id, key=_BY_ID)]
        if not losing:
            del owned[province.owner]
        insort(owned.setdefault(owner, []), province, key=_BY_ID)
        province.owner = owner

    def _owners(self) -> dict[int, list[Province]]:
        if self._owned is None:
            owned: dict[int, list[Province]] = {}
            for province in self.provinces:
                owned.setdefault(province.owner, []).append(province)
            self._owned = owned
        return self._owned

    def clone(self) -> WokState:
        return WokState(
            self.game,
            self.map,
            self.turn,
            self.seats,
            [p.clone() for p in self.players],
            [p.clone() for p in self.provinces],
            list(self.oop),
            self.outcome,
            self.variant,
            self.started_with,
            self.protection,
            list(self.protected),
            list(self.naps),
            self.rip_target,
        )

    def to_dict(self, ruleset: str = "wok4") -> JsonObject:
        data: JsonObject = {
            "ruleset": ruleset,
            "game": self.game,
            "map": self.map,
            "turn": self.turn,
            "seats": self.seats,
            "oop": list(self.oop),
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "players": [p.to_dict() for p in self.players],
            "provinces": [p.to_dict() for p in self.provinces],
        }
        extras = _extras(self, _STATE_EXTRAS)
        if "naps" in extras:
            extras["naps"] = [list(n) for n in self.naps]
        data.update(extras)
        return data

    @classmethod
    def from_dict(cls, d: Mapping[str, Json]) -> WokState:
        outcome = d.get("outcome")
        return cls(
            game=word(d["game"]),
            map=word(d["map"]),
            turn=whole(d["turn"]),
            seats=whole(d["seats"]),
            players=[Player.from_dict(json_object(p)) for p in json_list(d["players"])],
            provinces=[Province.from_dict(json_object(p)) for p in json_list(d["provinces"])],
            oop=list(_ids(d["oop"])),
            outcome=Outcome.from_dict(json_object(outcome)) if outcome else None,
            variant=or_none(word, d.get("variant")),
            started_with=whole(d.get("started_with", 0)),
            protection=whole(d.get("protection", 0)),
            protected=list(_ids(d.get("protected"))),
            naps=[_nap(json_list(n)) for n in json_list(d.get("naps"))],
            rip_target=whole(d.get("rip_target", 0)),
        )


def _nap(given: list[Json]) -> tuple[int, int, int]:
    """An automatic NAP as the state file holds it: [colour, colour, turn]."""
    a, b, until = given
    return whole(a), whole(b), whole(until)
