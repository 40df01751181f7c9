"""The GM's side: a game made by `wtg new-game`, its reports mailed by `wtg send`, and
replies filed by `wtg poll`, all on the maildir transport, through the `wtg` command line."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from wtg.cli import main
from wtg.host.config import load_config
from wtg.mail.outgoing.pictures import MapPicture
from wtg.mail.outgoing.sender import send

GM = "Game Master <gm@example.org>"


@dataclass(frozen=True)
class Seat:
    name: str
    email: str
    code: str


@dataclass(frozen=True)
class GameSpec:
    """What `wtg new-game` is given: the same spec always makes the same game."""

    name: str
    ruleset: str
    seats: tuple[Seat, ...]
    seed: int
    variant: str | None = None
    map: str = "classic60"
    pictures: bool = True
    """``--map-pictures`` (a map of thousands of provinces draws for long: ``False``)."""


KAO = GameSpec(
    "kao",
    "wok4",
    (
        Seat("Alice", "alice@example.org", "ALICE7Q2"),
        Seat("Bob", "bob@example.org", "BOB4K9WZ"),
        Seat("Cara", "cara@example.org", "CARA3M8X"),
    ),
    seed=7,
)
"""The game every reply fixture of WoK IV was written for: Alice is player 1, her home is
province 60 (Tessandrine), next to 55, 56 and 59."""

DUEL = GameSpec(
    "duel",
    "standard",
    (Seat("Dora", "dora@example.org", "DORA5T1P"), Seat("Emil", "emil@example.org", "EMIL8R6V")),
    seed=11,
    variant="duel",
)
"""A Standard WoK Duel: Dora plays colours 1, 3 and 5 (homes 21, 25 and 7)."""


def wtg(config: Path, *args: object) -> str:
    result = CliRunner().invoke(
        main, ["--config", str(config), *map(str, args)], catch_exceptions=False
    )
    assert result.exit_code == 0, f"wtg {' '.join(map(str, args))}: {result.output}"
    return result.output


class Table:
    """A GM's config on the maildir transport, with one game whose turn 0 report is mailed
    (with each player's map as a picture, when ``picture`` draws one)."""

    def __init__(self, root: Path, spec: GameSpec = KAO, picture: MapPicture | None = None) -> None:
        self.root = root
        self.spec = spec
        root.mkdir(parents=True, exist_ok=True)
        self.config = root / "wtg.yaml"
        self.config.write_text(f'games_dir: games\ntransport: maildir\nfrom: "{GM}"\n')
        self.games = root / "games"
        self.games.mkdir(exist_ok=True)  # a host's games folder is made once (`wtg init`)
        self.inbox = self.games / ".mail" / "maildir-in"
        self.outbox = self.games / ".mail" / "maildir-out"
        players = [f"--player={s.name}:{s.email}:{s.code}" for s in spec.seats]
        variant = ["--variant", spec.variant] if spec.variant else []
        wtg(
            self.config,
            "new-game",
            self.games / spec.name,
            "--ruleset",
            spec.ruleset,
            "--map",
            spec.map,
            *players,
            *variant,
            "--seed",
            spec.seed,
            "--every",
            2,
            "--map-pictures" if spec.pictures else "--no-map-pictures",
        )
        if picture is None:
            wtg(self.config, "send")
        else:  # `wtg send` with a drawing handed in, as wtg.mail.outgoing.pictures.map_drawing will
            send(load_config(self.config), picture=picture)
        self.delivered = 0
        self.written = 0

    def report(self, player: int) -> bytes:
        """The turn 0 report mail of a player, as `wtg send` wrote it."""
        return (self.outbox / "new" / f"report-{self.spec.name}-t0000-p{player:02d}").read_bytes()

    def deliver(self, raw: bytes) -> Path:
        """Put a mail into the GM's inbox byte for byte, received after any mail before it."""
        self.delivered += 1
        for sub in ("tmp", "new", "cur"):
            (self.inbox / sub).mkdir(parents=True, exist_ok=True)
        name = f"{int(time.time())}.M{self.delivered:06d}P{os.getpid()}.players.example"
        temporary = self.inbox / "tmp" / name
        temporary.write_bytes(raw)
        stamp = time.time() + self.delivered  # the server's order of arrival, one second apart
        os.utime(temporary, (stamp, stamp))
        path = self.inbox / "new" / name
        temporary.rename(path)
        return path

    def aof(self, player: int) -> str:
        return wtg(self.config, "aof", self.games / self.spec.name, "--player", player)

    def mail(self, seat: Seat, body: str) -> bytes:
        """A plain mail from a player, such as one carrying a filled-in AOF."""
        self.written += 1
        mail = EmailMessage()
        mail["From"] = f"{seat.name} <{seat.email}>"
        mail["To"] = GM
        mail["Subject"] = f"orders for {self.spec.name}"
        mail["Message-ID"] = f"<plain-{self.written}@players.example>"
        mail.set_content(body)
        return mail.as_bytes()

    def poll(self) -> str:
        return wtg(self.config, "poll", "-v")

    def settings(self) -> dict[int, dict[str, str]]:
        """What each seat chose with a setting line (``MAP: off``), by seat."""
        from wtg.game.engine import open_game

        chosen = open_game(self.games / self.spec.name).settings().read()
        return {
            seat: {key: value for key, (value, _) in mine.items()} for seat, mine in chosen.items()
        }

    def orders(self, player: int, turn: int = 1) -> dict[str, Any] | None:
        """The order file stored for the player (pending/NNNN/pNN.yaml), or None."""
        path = self.games / self.spec.name / "pending" / f"{turn:04d}" / f"p{player:02d}.yaml"
        if not path.exists():
            return None
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        return data
