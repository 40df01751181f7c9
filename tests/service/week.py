"""A host played by a clock of the test's: three games with deadlines of their own, players
who answer their reports at random moments, and what the service did, counted.

``Week`` makes the host (a maildir config, the games); ``SimClock`` is the service's clock
(``wtg.serve.clock.Clock``): each wait moves the time on to the moment asked for, or to the
next mail a player sends, whichever comes first, so a week is played in a moment;
``Players`` answer each report mail as it is sent: READY players of one game (its turns
run early), players of the others who send orders without READY (their turns wait for
the deadline), one who never answers (he is reminded), and a stranger now and then.
"""

from __future__ import annotations

import email
import email.policy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from wtg.cli.demo import reply_with_orders
from wtg.data.rulesets import shipped
from wtg.files import private
from wtg.game.engine import Game, create_game, open_game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.report import aof_text
from wtg.game.schedule import make_schedule
from wtg.host.config import GmConfig, load_config
from wtg.mail.servers.inbox import Inbox
from wtg.mail.servers.transport import MaildirTransport, Transport
from wtg.rules.wok.state import WokState
from wtg.rules.wok4.ruleset import Wok4
from wtg.rules.wok4.strategy import plan_orders
from wtg.serve.wakeup import Wakeup

WOK4 = shipped(Wok4)
START = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)
"""A Monday noon."""
GM = "Game Master <gm@wtg.example>"


@dataclass(frozen=True)
class Plan:
    """A game of the week: its schedule, its players and how each answers."""

    name: str
    every: int
    at: str
    zone: str
    first: str
    """The day of the first deadline, as the week's tests count its turns (set, not left to
    ``make_schedule``'s first whole turn)."""
    players: int
    seed: int
    """The game's seed: the daily game's is one where the built-in players leave one of
    the two standing within the week (the test of the log's line that ends a game)."""
    ready: frozenset[int] = frozenset()
    """Players who send their orders READY."""
    silent: frozenset[int] = frozenset()
    """Players who never answer."""
    twice: frozenset[int] = frozenset()
    """Players who send their orders twice a turn (the later ones count)."""


PLANS = (
    Plan("daily", 1, "18:00", "UTC", "2026-12-07", 2, 7, ready=frozenset({1, 2})),
    Plan("vienna", 2, "09:00", "Europe/Vienna", "2026-12-09", 3, 12, silent=frozenset({3})),
    Plan(
        "newyork",
        3,
        "12:00",
        "America/New_York",
        "2026-12-09",
        2,
        13,
        ready=frozenset({1}),
        twice=frozenset({2}),
    ),
)


def entries(plan: Plan) -> list[PlayerEntry]:
    return [
        PlayerEntry(
            id=i, name=f"{plan.name}{i}", email=f"{plan.name}{i}@players.example", code=f"C{i:04d}"
        )
        for i in range(1, plan.players + 1)
    ]


def make_host(root: Path, site: bool = True, start: datetime = START, **mail: int) -> Path:
    """A host at ``root``: its config (the path returned), the games of ``PLANS`` made at
    ``start``; ``mail``: the config's mail section (remind_hours 12 unless given). A start
    after ``START`` moves each game's first deadline as many whole days on as keep it at
    least as far ahead as from ``START``: a test of a service on the real clock gives the
    moment it runs (the daily game's first 18:00 was past every evening from Dec 7 on)."""
    days_on = -((START - start) // timedelta(days=1))
    root.mkdir(parents=True, exist_ok=True)
    limits = {"remind_hours": 12, **mail}
    text = f'games_dir: games\nfrom: "{GM}"\nmail:\n'
    text += "".join(f"  {key}: {value}\n" for key, value in limits.items())
    if site:
        text += "site:\n  dir: site\n  base_url: https://games.example.org/\n"
    config = root / "wtg.yaml"
    config.write_text(text, encoding="utf-8")

    def moved(first: str) -> str:
        return (date.fromisoformat(first) + timedelta(days=days_on)).isoformat()

    (root / "games").mkdir(mode=0o700, exist_ok=True)
    for plan in PLANS:
        create_game(
            root / "games" / plan.name,
            "wok4",
            "small",
            entries(plan),
            seed=plan.seed,
            schedule=make_schedule(plan.every, plan.at, plan.zone, first=moved(plan.first)),
            now=start,
        )
    return config


class SimClock:
    """The service's clock in a test: the time moves only when the service waits."""

    def __init__(self, start: datetime, end: datetime) -> None:
        self.time = start
        self.end = end
        self.events: list[tuple[datetime, int, Callable[[], None]]] = []
        self.waits: list[tuple[datetime, datetime]] = []
        """Each wait: when it began and the moment it was asked to wait until."""
        self.watchers: list[Callable[[datetime], None]] = []
        """Called at each wait before the time moves (what the service did, looked at)."""
        self.on_end: Callable[[], None] = lambda: None
        self._count = 0

    def now(self) -> datetime:
        return self.time

    def at(self, moment: datetime, event: Callable[[], None]) -> None:
        self._count += 1
        self.events.append((moment, self._count, event))
        self.events.sort(key=lambda item: (item[0], item[1]))

    def wait(self, until: datetime, inbox: Inbox | None, wake: Wakeup) -> bool:
        self.waits.append((self.time, until))
        for watch in self.watchers:
            watch(self.time)
        if wake.is_set():
            return False
        assert until > self.time, f"a wait until {until}, at {self.time}: a busy loop"
        if self.time >= self.end:
            self.on_end()
            return False
        target = min(until, self.end, *(e[0] for e in self.events[:1]))
        self.time = max(self.time, target)
        fired = False
        while self.events and self.events[0][0] <= self.time:
            _, _, event = self.events.pop(0)
            event()
            fired = True
        return fired


class Counting:
    """A transport that counts each mail it sends, then delivers it to the maildir."""

    def __init__(self, path: Path, sent: list[tuple[str, datetime]], clock: SimClock) -> None:
        self.inner = MaildirTransport(path)
        self.sent = sent
        self.clock = clock

    def send(self, ident: str, raw: bytes) -> None:
        self.inner.send(ident, raw)
        self.sent.append((ident, self.clock.now()))

    def close(self) -> None:
        self.inner.close()


def counting(sent: list[tuple[str, datetime]], clock: SimClock) -> Callable[[GmConfig], Transport]:
    return lambda gm: Counting(gm.maildir_out, sent, clock)


@dataclass
class Dropped:
    """A mail a player (or a stranger) sent: when, from whom, for which game and turn."""

    when: datetime
    sender: str
    game: str | None
    turn: int | None
    ready: bool
    message_id: str


@dataclass
class Players:
    """The players of the week, answering the reports the service sends."""

    config: Path
    clock: SimClock
    seed: int = 27
    dropped: list[Dropped] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.gm = load_config(self.config)
        self.rng = random.Random(self.seed)
        self.inbox = private.maildir(self.gm.maildir_in)
        self.clock.watchers.append(self.answer_reports)
        moment = START + timedelta(hours=5)
        while moment < self.clock.end:  # a stranger asks for help, now and then
            self.clock.at(moment, self._stranger(moment))
            moment += timedelta(hours=self.rng.randint(20, 40), minutes=self.rng.randint(0, 59))

    def reports(self) -> Iterator[tuple[Path, str, int, int]]:
        out = self.gm.maildir_out / "new"
        for path in sorted(out.iterdir()) if out.is_dir() else []:
            parts = path.name.split("-")
            if parts[0] == "report" and path.name not in self.seen:
                yield path, parts[1], int(parts[2][1:]), int(parts[3][1:])

    def answer_reports(self, now: datetime) -> None:
        """Each new report: its player's answer planned, at a random moment before the
        coming deadline (none for a silent player)."""
        for path, name, turn, seat in self.reports():
            self.seen.add(path.name)
            plan = next(p for p in PLANS if p.name == name)
            game = open_game(self.gm.games_dir / name)
            deadline = game.deadline()
            if seat in plan.silent or deadline is None or game.latest_turn() != turn:
                continue
            room = (deadline - now) - timedelta(hours=1)
            if room <= timedelta(hours=1):
                continue
            hours = min(room, timedelta(hours=20)) / timedelta(hours=1)
            times = 2 if seat in plan.twice else 1
            moments = sorted(
                now + timedelta(hours=self.rng.uniform(1, hours)) for _ in range(times)
            )
            report = path.read_bytes()
            for number, moment in enumerate(moments):
                ready = seat in plan.ready
                self.clock.at(moment, self._order(report, name, turn + 1, seat, ready, number))

    def _order(
        self, report: bytes, name: str, turn: int, seat: int, ready: bool, number: int
    ) -> Callable[[], None]:
        def drop() -> None:
            game = open_game(self.gm.games_dir / name).typed(WOK4)
            state = game.state()
            if state.turn + 1 != turn:
                return  # the turn ran meanwhile (it cannot: each is sent before the deadline)
            orders = plan_orders(state, seat, random.Random(f"{name}{turn}{seat}{number}"))
            orders["ready"] = ready
            filled = aof_text(game.ruleset, game.config, state, seat, orders)
            entry = game.config.player(seat)
            message_id = f"<{name}.t{turn}.p{seat}.{number}@players.example>"
            reply = reply_with_orders(report, filled, entry.email, message_id)
            self._add(reply, Dropped(self.clock.now(), entry.email, name, turn, ready, message_id))

        return drop

    def _stranger(self, moment: datetime) -> Callable[[], None]:
        def drop() -> None:
            msg = EmailMessage()
            msg["From"] = "curious@elsewhere.example"
            msg["To"] = GM
            msg["Subject"] = "how do I play?"
            msg["Message-ID"] = f"<help.{moment:%Y%m%d%H%M}@elsewhere.example>"
            msg.set_content("Hello, how do I join a game?\n")
            self._add(msg, Dropped(self.clock.now(), str(msg["From"]), None, None, False, ""))

        return drop

    def _add(self, msg: EmailMessage, what: Dropped) -> None:
        self.inbox.add(msg)
        self.dropped.append(what)


def parsed(path: Path) -> Any:
    return email.message_from_bytes(path.read_bytes(), policy=email.policy.default)


def games_of(gm: GmConfig) -> dict[str, Game[WokState]]:
    return {plan.name: open_game(gm.games_dir / plan.name).typed(WOK4) for plan in PLANS}
