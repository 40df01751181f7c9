"""A small world for mail-loop tests: a GM config on the maildir transport, a game, and
players who mail from their registered addresses."""

from __future__ import annotations

import mailbox
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from wtg.core.ruleset import OptionValue
from wtg.files import private
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.schedule import make_schedule
from wtg.host.config import GmConfig, config_from_data
from wtg.mail.outgoing.idsecret import SECRET_FILE, host_secret
from wtg.mail.outgoing.outbox import queue_order
from wtg.mail.poll.poller import poll
from wtg.mail.poll.summary import PollSummary
from wtg.mail.servers.inbox import MaildirInbox
from wtg.mail.servers.transport import delivered

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
FIRST = "2026-11-23"
"""The day of a game's first deadline (18:00, every 2 days), as the mail tests count on."""
GM = "Game Master <gm@wtg.example>"


def players(count: int) -> list[PlayerEntry]:
    return [
        PlayerEntry(id=i, name=f"Player{i}", email=f"p{i}@players.example", code=f"CODE{i:04d}")
        for i in range(1, count + 1)
    ]


class World:
    zone: str | None = "UTC"
    """The time zone of the game's schedule (None: a game without one)."""
    name = "g1"
    """The game's name (its folder's)."""
    seats: tuple[PlayerEntry, ...] | None = None
    """The game's players (None: ``count`` of ``players``)."""

    def __init__(
        self,
        root: Path,
        count: int = 4,
        ruleset: tuple[str, str, dict[str, OptionValue]] = ("wok4", "small", {}),
        variant: str | None = None,
        **mail: object,
    ) -> None:
        """``ruleset``: its name, the map and the game's options."""
        self.gm: GmConfig = config_from_data(
            {"games_dir": "games", "from": GM, "mail": dict(mail)}, root
        )
        name, map_name, options = ruleset
        self.game: Game = create_game(
            self.gm.games_dir / self.name,
            name,
            map_name,
            list(self.seats) if self.seats else players(count),
            seed=3,
            variant=variant,
            options=options,
            schedule=make_schedule(2, "18:00", self.zone, first=FIRST) if self.zone else None,
            now=NOW,
        )
        self.gm.maildir_in.parent.mkdir(parents=True, exist_ok=True)
        self.inbox = mailbox.Maildir(self.gm.maildir_in, create=True)
        self.count = 0

    def mail(self, body: str, sender: str = "p1@players.example", **headers: str) -> str:
        self.count += 1
        msg = EmailMessage()
        msg["From"] = sender
        msg["To"] = GM
        msg["Subject"] = headers.pop("Subject", "orders")
        msg["Message-ID"] = headers.pop("Message_ID", f"<m{self.count}@players.example>")
        for name, value in headers.items():
            msg[name.replace("_", "-")] = value
        msg.set_content(body)
        return str(self.inbox.add(msg))

    def aof(self, player: int, **lines: str) -> str:
        """The player's blank AOF with some lines filled: ``X1="100"`` fills line X1."""
        text = self.game.aof(player)
        for label, value in lines.items():
            blank = next(line for line in text.splitlines() if line.startswith(f"{label}:"))
            text = text.replace(blank, f"{label}: {value}")
        return text

    def poll(self, now: datetime = NOW) -> PollSummary:
        return poll(self.gm, MaildirInbox(self.gm.maildir_in), now)

    def outbox(self) -> dict[str, bytes]:
        folder = self.gm.spool / "outbox" / "queue"
        return {
            p.stem: p.read_bytes()
            for p in sorted(folder.glob("*.eml"), key=lambda p: queue_order(p.name))
        }

    def sent(self) -> list[Path]:
        return list(delivered(self.gm.maildir_out))


def one_secret(first: Path, *others: Path) -> None:
    """The spools ``others`` given the secret of spool ``first`` (made if need be), as a
    host copied whole has it: what two hosts compared byte for byte queue is the same, the
    token of their Message-IDs too (``wtg.mail.outgoing.idsecret``)."""
    secret = host_secret(first)
    for spool in others:
        spool.mkdir(parents=True, exist_ok=True)
        private.write_file(spool / SECRET_FILE, secret.hex().encode("ascii") + b"\n")
