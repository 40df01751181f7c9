"""The state of a tactics battle between two turns, and its JSON form.

The state carries the board and the world's piece and weapon definitions it was started
with, so a game plays to its end the same way whatever happens to the asset folder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from wtg.core.jsondata import Json, JsonObject, flag, json_list, json_object, or_none, whole, word
from wtg.rules.endreasons import BY_GM
from wtg.rules.tactics.board import Board, Pos
from wtg.rules.tactics.world import COLOURS, PieceKind, Weapon

ACTIVE = "active"
OUT = "out"
WINNER = "winner"
"""Shown, never kept: a winner's kept status is ACTIVE (``TacticsState.status_shown``)."""
STANDING = "standing"
"""Shown, never kept: an army still on the board of a battle over that did not win it, as
in a battle the GM ended (``TacticsState.status_shown``)."""
ARMY, BATTLE, OVER = "army", "battle", "over"
"""Phases: turn 1 picks the armies; then one player's turn a run; then the game is over."""
FULL_REST = 2
"""A piece starts "fully rested" with this much rest, the least that lets it take part
in an "all rested" turn."""
RESTED = "rested"


def rest_at_turn_start(rest: int) -> int:
    """ "Your pieces receive one unit of rest at the start of your turn" (up to full)."""
    return min(FULL_REST, rest + 1)


@dataclass(slots=True)
class Piece:
    id: int
    """10 x the army's position (red 1, green 2, yellow 3, blue 4) + its slot 1-9."""
    owner: int
    kind: str
    x: int
    y: int
    hp: int
    mp: int
    rest: int = FULL_REST
    lev: int = 1
    xp: int = 0

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    @property
    def slot(self) -> int:
        return self.id % 10


@dataclass(frozen=True, slots=True)
class Stats:
    """A piece's run-time values: the kind's base values raised by its level."""

    strength: int
    agility: int
    defense: int
    max_hp: int
    max_mp: int


def runtime_stats(kind: PieceKind, level: int) -> Stats:
    """runtime STR = base STR + level - 1; AGI likewise; DEF, max HP and max MP + 2 a level."""
    gained = level - 1
    return Stats(
        strength=kind.strength + gained,
        agility=kind.agility + gained,
        defense=kind.defense + 2 * gained,
        max_hp=kind.hp + 2 * gained,
        max_mp=kind.mp + 2 * gained,
    )


@dataclass(slots=True)
class Player:
    id: int
    name: str
    bot: bool
    colour: str
    status: str = ACTIVE
    place: int | None = None
    missed: int = 0

    @property
    def position(self) -> int:
        """1 for red, 2 green, 3 yellow, 4 blue."""
        return COLOURS.index(self.colour) + 1


@dataclass(slots=True)
class TacticsState:
    game: str
    turn: int
    phase: str
    pieces_per_turn: str
    """"1", "2", "3", "4" or "rested"."""
    board: Board
    kinds: tuple[PieceKind, ...]
    weapons: Mapping[int, Weapon]
    players: list[Player]
    pieces: list[Piece]
    active: int
    """Whose turn is next (during the army turn: who moves first afterwards)."""
    army_size: int
    turn_limit: int
    world_version: str = "0"
    assets: str = ""
    """The asset folder the game was started from ("" for the shipped assets)."""
    last_hit: int = 0
    """The last turn a piece was hit (for the reports)."""
    history: list[int] = field(default_factory=list)
    """Players in the order they were put out of the game."""
    war_points: int = 0
    """Guild war points a first place earns for each guild warrior beaten (0: none)."""
    guilds: Mapping[int, str] = field(default_factory=dict)
    """The guild each human fights for (``--guilds``)."""
    war_awards: list[tuple[int, int, int]] = field(default_factory=list)
    """(winner, loser, points) of the finished battle."""
    ended_by_gm: str | None = None
    """The GM's words on a battle he ended by hand (`wtg end`), "" for none; None for any
    other state."""

    # --- look-ups ------------------------------------------------------------------
    def player(self, pid: int) -> Player:
        for player in self.players:
            if player.id == pid:
                return player
        raise KeyError(f"no player {pid}")

    def kind(self, key: str) -> PieceKind:
        for kind in self.kinds:
            if kind.key == key:
                return kind
        raise KeyError(f"no piece kind {key}")

    def piece(self, pid: int) -> Piece | None:
        return next((p for p in self.pieces if p.id == pid), None)

    def piece_at(self, pos: Pos) -> Piece | None:
        return next((p for p in self.pieces if p.pos == pos), None)

    def army(self, owner: int) -> list[Piece]:
        return [p for p in self.pieces if p.owner == owner]

    def stats(self, piece: Piece) -> Stats:
        return runtime_stats(self.kind(piece.kind), piece.lev)

    def weapon_of(self, piece: Piece) -> Weapon:
        return self.weapons[self.kind(piece.kind).weapon]

    def standing(self) -> list[Player]:
        return [p for p in self.players if p.status == ACTIVE]

    def status_shown(self, player: Player) -> str:
        """The player's status as the reports and the Top Ten show it: ``winner`` for the
        battle's winner (its first place: "all armies dead but one"), ``standing`` for an
        army still on the board of a battle over that it did not win (no turn is left to be
        active in), his own for any other. A battle the GM ended (`wtg end`) has no
        winner."""
        if player.place == 1 and self.ended_by_gm is None:
            return WINNER
        if self.phase == OVER and player.status == ACTIVE:
            return STANDING
        return player.status

    def turn_order(self) -> list[Player]:
        """Seat order: red, green, yellow, blue."""
        return sorted(self.players, key=lambda p: p.position)

    def clone(self) -> TacticsState:
        return replace(
            self,
            players=[replace(p) for p in self.players],
            pieces=[replace(p) for p in self.pieces],
            history=list(self.history),
        )

    # --- JSON ---------------------------------------------------------------------
    def piece_dict(self, piece: Piece) -> JsonObject:
        kind = self.kind(piece.kind)
        stats = runtime_stats(kind, piece.lev)
        return {
            "id": piece.id,
            "owner": piece.owner,
            "kind": piece.kind,
            "x": piece.x,
            "y": piece.y,
            "hp": piece.hp,
            "max_hp": stats.max_hp,
            "mp": piece.mp,
            "max_mp": stats.max_mp,
            "str": stats.strength,
            "def": stats.defense,
            "agi": stats.agility,
            "rst": piece.rest,
            "lev": piece.lev,
            "xp": piece.xp,
            "mob": kind.mobility,
            "range": kind.range,
            "min_range": kind.min_range,
        }

    def to_dict(self) -> JsonObject:
        return {
            "ruleset": "tactics",
            "game": self.game,
            "map": self.board.name,
            "turn": self.turn,
            "phase": self.phase,
            "active": None if self.phase == OVER else self.active,
            "pieces_per_turn": self.pieces_per_turn,
            "army_size": self.army_size,
            "turn_limit": self.turn_limit,
            "last_hit": self.last_hit,
            "history": list(self.history),
            "players": [
                {
                    "id": p.id,
                    "name": p.name,
                    "bot": p.bot,
                    "colour": p.colour,
                    "status": p.status,
                    "place": p.place,
                    "missed": p.missed,
                    "pieces": len(self.army(p.id)),
                    "hp": sum(piece.hp for piece in self.army(p.id)),
                }
                for p in self.players
            ],
            **self._guild_wars(),
            **self._by_gm(),
            "pieces": [self.piece_dict(p) for p in self.pieces],
            "board": self.board.to_dict(),
            "world": {
                "version": self.world_version,
                "assets": self.assets,
                "pieces": [_kind_dict(k) for k in self.kinds],
                "weapons": [_weapon_dict(w) for w in self.weapons.values()],
            },
        }

    def _by_gm(self) -> JsonObject:
        """``won_by`` and ``gm_note``, in a battle the GM ended by hand only: the results
        read ``won_by`` as the end's reason (``wtg.host.results``)."""
        if self.ended_by_gm is None:
            return {}
        return {"won_by": BY_GM, "gm_note": self.ended_by_gm}

    def _guild_wars(self) -> JsonObject:
        """The ``guild_wars`` key, in a game that awards war points only."""
        if not self.war_points:
            return {}
        return {
            "guild_wars": {
                "points": self.war_points,
                "guilds": {str(pid): name for pid, name in sorted(self.guilds.items())},
                "earned": [
                    {"winner": winner, "loser": loser, "points": points}
                    for winner, loser, points in self.war_awards
                ],
            }
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> TacticsState:
        world = json_object(data["world"])
        wars = json_object(data.get("guild_wars") or {})
        weapons = [_weapon(json_object(w)) for w in json_list(world["weapons"])]
        state = cls(
            game=word(data["game"]),
            turn=whole(data["turn"]),
            phase=word(data["phase"]),
            pieces_per_turn=word(data["pieces_per_turn"]),
            board=Board.from_dict(json_object(data["board"])),
            kinds=tuple(_kind(json_object(k)) for k in json_list(world["pieces"])),
            weapons={w.id: w for w in weapons},
            players=[_player(json_object(p)) for p in json_list(data["players"])],
            pieces=[],
            active=whole(data["active"] or 0),
            army_size=whole(data["army_size"]),
            turn_limit=whole(data["turn_limit"]),
            world_version=word(world.get("version", "0")),
            assets=word(world.get("assets", "")),
            last_hit=whole(data.get("last_hit", 0)),
            history=[whole(h) for h in json_list(data.get("history"))],
            war_points=whole(wars.get("points", 0)),
            guilds={
                int(pid): word(name) for pid, name in json_object(wars.get("guilds", {})).items()
            },
            war_awards=[_award(json_object(e)) for e in json_list(wars.get("earned"))],
            ended_by_gm=_gm_note(data),
        )
        state.pieces = [_piece(json_object(p)) for p in json_list(data["pieces"])]
        return state


def _player(p: JsonObject) -> Player:
    return Player(
        id=whole(p["id"]),
        name=word(p["name"]),
        bot=flag(p["bot"]),
        colour=word(p["colour"]),
        status=word(p["status"]),
        place=or_none(whole, p["place"]),
        missed=whole(p.get("missed", 0)),
    )


def _piece(p: JsonObject) -> Piece:
    return Piece(
        id=whole(p["id"]),
        owner=whole(p["owner"]),
        kind=word(p["kind"]),
        x=whole(p["x"]),
        y=whole(p["y"]),
        hp=whole(p["hp"]),
        mp=whole(p["mp"]),
        rest=whole(p["rst"]),
        lev=whole(p["lev"]),
        xp=whole(p["xp"]),
    )


def _award(e: JsonObject) -> tuple[int, int, int]:
    """A guild war award: (winner, loser, points)."""
    return whole(e["winner"]), whole(e["loser"]), whole(e["points"])


def _weapon(w: JsonObject) -> Weapon:
    """A weapon as ``_weapon_dict`` wrote it."""
    return Weapon(
        id=whole(w["id"]),
        name=word(w["name"]),
        wclass=word(w["wclass"]),
        dominates=word(w["dominates"]),
        damage=whole(w["damage"]),
        movement=whole(w["movement"]),
    )


def _kind(k: JsonObject) -> PieceKind:
    """A piece kind as ``_kind_dict`` wrote it."""
    return PieceKind(
        key=word(k["key"]),
        name=word(k["name"]),
        bitmap=word(k["bitmap"]),
        max_count=whole(k["max_count"]),
        hp=whole(k["hp"]),
        mp=whole(k["mp"]),
        strength=whole(k["strength"]),
        defense=whole(k["defense"]),
        agility=whole(k["agility"]),
        elevation=whole(k["elevation"]),
        movement=whole(k["movement"]),
        mobility=whole(k["mobility"]),
        range=whole(k["range"]),
        min_range=whole(k["min_range"]),
        weapon=whole(k["weapon"]),
        armor=whole(k["armor"]),
    )


def _kind_dict(kind: PieceKind) -> JsonObject:
    return kind.field_values()


def _weapon_dict(weapon: Weapon) -> JsonObject:
    return weapon.field_values()


def _gm_note(data: Mapping[str, Json]) -> str | None:
    """The GM's words of a battle he ended by hand (``_by_gm``), None for any other."""
    if data.get("won_by") != BY_GM:
        return None
    note = data.get("gm_note")
    return note if isinstance(note, str) else ""
