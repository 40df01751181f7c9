"""A game's own config, ``GAME_DIR/game.yaml``: ruleset, map, seed and the players."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from wtg.core.record import Record
from wtg.schedule import Schedule
from wtg.yamlio import dump_yaml, load_yaml

_EMPTY: Mapping[str, Any] = MappingProxyType({})

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+$")


class ConfigError(ValueError):
    pass


class PlayerEntry(Record):
    id: int
    name: str
    email: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "email": self.email, "code": self.code}


class GameConfig(Record):
    game: str
    ruleset: str
    map: str
    seed: int
    players: tuple[PlayerEntry, ...]
    variant: str | None = None
    options: Mapping[str, Any] = _EMPTY
    schedule: Schedule | None = None

    def player(self, pid: int) -> PlayerEntry:
        for p in self.players:
            if p.id == pid:
                return p
        raise ConfigError(f"game {self.game} has no player {pid}")

    def to_yaml(self) -> str:
        data = {
            "game": self.game,
            "ruleset": self.ruleset,
            "variant": self.variant,
            "map": self.map,
            "seed": self.seed,
            "options": dict(self.options),
            "players": [p.to_dict() for p in self.players],
            "schedule": self.schedule.to_dict() if self.schedule else None,
        }
        return "# wtg game config: keep the player codes secret\n" + dump_yaml(data)

    @classmethod
    def from_yaml(cls, text: str, source: str = "game.yaml") -> GameConfig:
        try:
            data = load_yaml(text)
        except ValueError as exc:
            raise ConfigError(f"{source}: {exc}") from exc
        if not isinstance(data, Mapping):
            raise ConfigError(f"{source}: expected a mapping")
        try:
            players = tuple(
                PlayerEntry(
                    id=int(p["id"]),
                    name=str(p["name"]),
                    email=str(p["email"]),
                    code=str(p["code"]),
                )
                for p in data["players"]
            )
            return cls(
                game=str(data["game"]),
                ruleset=str(data["ruleset"]),
                map=str(data["map"]),
                seed=int(data["seed"]),
                players=players,
                variant=data.get("variant"),
                options=dict(data.get("options") or {}),
                schedule=Schedule.from_dict(data["schedule"]) if data.get("schedule") else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"{source}: missing or bad entry {exc}") from exc


def new_code() -> str:
    """A secret order code: 8 characters from an alphabet without look-alikes (0/O, 1/I)."""
    import secrets  # only new games need it; keep it off every other command's start-up

    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def parse_player_spec(spec: str, pid: int) -> PlayerEntry:
    """``NAME:EMAIL`` or ``NAME:EMAIL:CODE`` from the command line."""
    parts = spec.split(":")
    if len(parts) not in (2, 3) or not parts[0].strip():
        raise ConfigError(f"--player {spec!r}: expected NAME:EMAIL (or NAME:EMAIL:CODE)")
    name, email = parts[0].strip(), parts[1].strip()
    if not EMAIL.match(email):
        raise ConfigError(f"--player {spec!r}: {email!r} is not an e-mail address")
    code = parts[2].strip().upper() if len(parts) == 3 else new_code()
    if not code.isalnum():
        raise ConfigError(f"--player {spec!r}: a code is letters and digits only")
    return PlayerEntry(id=pid, name=name, email=email, code=code)
