"""`wtg serve` in trouble, on the test's clock (tests/service/week.py): a mail server that
goes away (a new connection after a pause growing to a minute, said in the log and the
poll's health; the mail that came meanwhile filed once it is back), a game whose turn
fails (logged, tried again after a pause growing to an hour, the other games on time),
a step that fails as a whole, a poll stopped between two batches."""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from tests.mail.conftest import missing
from tests.mail.servers import AIOSMTPD_INSTALL_HINT, SmtpSink, aiosmtpd_available
from tests.service.marks import message_id_of
from tests.service.week import GM, START, SimClock, make_host
from wtg.files import private
from wtg.game.engine import Game, open_game
from wtg.host.config import GmConfig, SmtpConfig, load_config
from wtg.host.pollhealth import last_poll
from wtg.mail.poll.poller import Poller
from wtg.mail.servers.inbox import Inbox, Incoming, MaildirInbox
from wtg.mail.servers.transport import SmtpTransport, Transport
from wtg.mail.spool.journal import Journal
from wtg.mail.spool.outcome import Outcome
from wtg.serve.notify import Notifier
from wtg.serve.service import Service, Watched

HOUR = timedelta(hours=1)


@pytest.fixture
def events(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="wtg")
    return caplog


def lines(caplog: pytest.LogCaptureFixture, start: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage().startswith(start)]


class Flaky:
    """A mail server down from ``down`` to ``up``: no connection, and the one there was
    drops."""

    def __init__(self, clock: SimClock, down: datetime, up: datetime) -> None:
        self.clock = clock
        self.down = down
        self.up = up
        self.connects: list[datetime] = []

    def out(self) -> bool:
        return self.down <= self.clock.now() < self.up

    def connect(self, gm: GmConfig) -> Inbox:
        if self.out():
            raise ConnectionRefusedError(111, "Connection refused")
        self.connects.append(self.clock.now())
        return FlakyInbox(MaildirInbox(gm.maildir_in), self)


class FlakyInbox(MaildirInbox):
    def __init__(self, inner: MaildirInbox, server: Flaky) -> None:
        self.__dict__.update(inner.__dict__)
        self.server = server

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        if self.server.out():
            raise ConnectionResetError(104, "Connection reset by peer")
        return super().waiting(max_bytes)


def order(gm: GmConfig, game: str, seat: int, number: int) -> None:
    played = open_game(gm.games_dir / game)
    msg = EmailMessage()
    msg["From"] = f"{game}{seat}@players.example"
    msg["To"] = GM
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<t{number}.{game}{seat}@players.example>"
    msg.set_content(played.aof(seat).replace("X1: ___", "X1: 100"))
    private.maildir(gm.maildir_in).add(msg)


def test_a_server_that_goes_away_is_met_with_new_connections(
    tmp_path: Path, events: pytest.LogCaptureFixture
) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    clock = SimClock(START, START + 5 * HOUR)
    server = Flaky(clock, START + HOUR, START + 3 * HOUR)
    service = Service(gm, clock, connect=server.connect, zone=timezone.utc)
    clock.on_end = service.stop
    clock.at(START + 30 * timedelta(minutes=1), lambda: order(gm, "daily", 1, 1))
    clock.at(START + 2 * HOUR, lambda: order(gm, "daily", 2, 2))  # while it is down
    health: list[Any] = []
    clock.at(START + 2 * HOUR + timedelta(seconds=1), lambda: health.append(last_poll(gm.spool)))
    service.run()

    dropped = lines(events, "the connection dropped")
    refused = lines(events, "cannot reach the mail server")
    assert len(dropped) == 1
    pauses = [float(re.findall(r"trying again in ([\d.]+) s", r.getMessage())[0]) for r in refused]
    assert pauses[:7] == [2, 4, 8, 16, 32, 60, 60]  # after the drop's 1 s, twice as long each time
    assert set(pauses[7:]) == {60}
    assert len(refused) <= 2 * 60 + 10  # two hours at a minute: no busy loop
    assert [r.levelname for r in dropped + refused] == ["WARNING"] * (1 + len(refused))
    assert health[0].last_failure is not None
    assert health[0].last_success is not None and health[0].last_success < START + 2 * HOUR
    assert "Connection refused" in health[0].error
    back = server.connects[-1]
    assert START + 3 * HOUR <= back < START + 3 * HOUR + timedelta(minutes=1)
    assert lines(events, "connected to the mail server again")
    journal = Journal(gm.spool)
    rows = sorted(
        (message_id_of(mark), outcome)
        for mark, outcome in journal.db.execute("SELECT message_id, outcome FROM messages")
    )
    journal.close()
    assert rows == [
        ("<t1.daily1@players.example>", "stored: daily turn 1 player 1"),
        ("<t2.daily2@players.example>", "stored: daily turn 1 player 2"),
    ]
    after = last_poll(gm.spool)
    assert after is not None and after.last_success is not None and after.last_success >= back


def test_a_game_whose_turn_fails_is_held_back_and_the_others_go_on(
    tmp_path: Path, events: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    gm = load_config(make_host(tmp_path, site=False))
    end = START + timedelta(days=3)
    clock = SimClock(START, end)
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    run_turn = Game.run_turn

    def broken(self: Game[Any], *args: Any, **kwargs: Any) -> int:
        if self.config.game == "vienna":
            raise RuntimeError("the rules broke")
        return run_turn(self, *args, **kwargs)

    monkeypatch.setattr(Game, "run_turn", broken)
    service.run()

    failed = [r for r in lines(events, "held back after") if r.wtg["game"] == "vienna"]  # type: ignore[attr-defined]
    said = [r for r in lines(events, "failed: ") if r.wtg["game"] == "vienna"]  # type: ignore[attr-defined]
    vienna = open_game(gm.games_dir / "vienna")
    deadline = vienna.deadline()
    assert vienna.latest_turn() == 0 and deadline is not None and deadline < end
    pauses = [re.findall(r"tried again in (\d+) s", r.getMessage())[0] for r in failed]
    assert pauses[:7] == ["60", "120", "240", "480", "960", "1920", "3600"]
    assert set(pauses[7:]) == {"3600"}
    hours = (end - deadline) / HOUR
    assert len(failed) <= hours + 8  # an hour apart once the pause has grown
    assert [r.getMessage() for r in said] == [
        "failed: an error in wtg: RuntimeError: the rules broke"
    ] * len(failed)
    assert {r.levelname for r in failed + said} == {"ERROR"}
    for name in ("daily", "newyork"):  # on time all the same
        game = open_game(gm.games_dir / name)
        assert game.latest_turn() >= 1
        for turn in range(1, game.latest_turn() + 1):
            meta = game.meta(turn)
            ran = datetime.strptime(str(meta["ran_at"]), "%Y-%m-%dT%H:%M:%SZ")
            due = datetime.strptime(str(meta["deadline"]), "%Y-%m-%dT%H:%M:%SZ")
            assert timedelta(0) <= ran - due < timedelta(minutes=1)
    assert all(until > began for began, until in clock.waits)


def test_a_step_that_fails_is_logged_and_paused(
    tmp_path: Path, events: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = make_host(tmp_path)
    gm = load_config(config)
    clock = SimClock(START, START + 3 * HOUR)
    service = Service(gm, clock, zone=timezone.utc, look=timedelta(minutes=5))
    clock.on_end = service.stop

    def full(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("wtg.serve.service.build_site", full)
    service.run()
    failed = lines(events, "the site failed")
    pauses = [int(re.findall(r"tried again in (\d+) s", r.getMessage())[0]) for r in failed]
    assert pauses == [min(3600, 60 * 2**n) for n in range(len(pauses))]
    assert sum(pauses[:-1]) < 3 * 3600 <= sum(pauses)  # tried again after each pause, no more
    assert lines(events, "send: 0 reports queued") or lines(events, "send: 7 reports queued")


def test_a_poll_stops_between_two_batches_when_asked(tmp_path: Path) -> None:
    class Batches:
        def __init__(self) -> None:
            self.closed = False

        def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
            try:
                for number in range(5):
                    yield [self.mail(number)]
            finally:
                self.closed = True

        def mail(self, number: int) -> Incoming:
            when = datetime(2026, 12, 7, tzinfo=timezone.utc)
            return Incoming(key=f"k{number}", order_key=str(number), received=when, size=0, raw=b"")

    asked: list[int] = []
    inner = Batches()

    def between() -> bool:
        asked.append(1)
        return len(asked) == 2

    watched = Watched(inner, between)  # type: ignore[arg-type]
    got: Sequence[list[Incoming]] = list(watched.waiting(100))
    assert [batch[0].key for batch in got] == ["k0", "k1"]
    assert inner.closed
    assert threading.active_count() >= 1


def test_a_game_of_an_older_format_is_named_at_the_start_and_the_others_served(
    tmp_path: Path, events: pytest.LogCaptureFixture
) -> None:
    """Issue 27, item 5: `wtg serve` on a host with a game folder an older wtg left (format
    1) says so in one ERROR line naming it and what to run; the other games' turns run."""
    gm = load_config(make_host(tmp_path, site=False))
    (gm.games_dir / "vienna" / "format").write_text("1\n", encoding="utf-8")
    clock = SimClock(START, START + timedelta(days=2))
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()
    said = lines(events, "1 game folder (vienna) of an older format")
    assert [r.levelname for r in said] == ["ERROR"]
    assert said[0].getMessage().endswith("run `wtg upgrade`; the other games are served")
    assert open_game(gm.games_dir / "vienna").latest_turn() == 0
    assert open_game(gm.games_dir / "daily").latest_turn() >= 1


def test_the_watchdog_hears_of_each_mail_a_poll_handles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """systemd's watchdog (the shipped unit's WatchdogSec) heard from the service between
    two batches of mail only. A batch may hold 500 mails (``IMAP_BATCH``), each allowed
    `mail.handle_seconds` (twice that once it writes): a stranger's batch of mails that
    each take the limit ran past the watchdog, systemd killed the service before the batch
    was committed, and the next start met the same batch again: none of it was ever filed.
    The service tells the watchdog after each mail it handles."""
    gm = load_config(make_host(tmp_path, site=False))
    heard: list[str] = []

    class Listening(Notifier):
        def watchdog(self) -> None:
            heard.append("alive")

    real = Poller.handle

    def handle(poller: Poller, message: Incoming) -> Outcome:
        heard.append("mail")
        return real(poller, message)

    monkeypatch.setattr(Poller, "handle", handle)
    for number, (game, seat) in enumerate((("daily", 1), ("daily", 2), ("vienna", 1))):
        order(gm, game, seat, number)
    service = Service(gm, SimClock(START, START + HOUR), notifier=Listening(None))
    assert service._poll() == 3
    assert heard[: heard.index("mail") + 6] == ["mail", "alive"] * 3


@pytest.fixture
def smtp() -> Iterator[SmtpSink]:
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with SmtpSink() as sink:
        yield sink


def test_the_watchdog_hears_of_each_mail_a_send_sends(tmp_path: Path, smtp: SmtpSink) -> None:
    """The service's send told systemd's watchdog nothing from its first mail to its last:
    a turn's reports (and their press, the reminders, every game's) through a slow or
    throttling server outlast the unit's WatchdogSec, systemd killed the service in the
    middle of the send, and at each start the mail it had in hand went again. It tells the
    watchdog after each mail, through the real SMTP server."""
    gm = load_config(make_host(tmp_path, site=False))
    heard: list[str] = []

    class Listening(Notifier):
        def watchdog(self) -> None:
            heard.append("alive")

    class Told(SmtpTransport):
        def send(self, ident: str, raw: bytes) -> None:
            super().send(ident, raw)
            heard.append("mail")

    def transport(config: GmConfig) -> Transport:
        return Told(SmtpConfig(smtp.host, smtp.port, False, False, None, None))

    service = Service(
        gm, SimClock(START, START + HOUR), notifier=Listening(None), transport=transport
    )
    service._send()
    sent = len(smtp.messages)
    assert sent >= 6
    assert heard == ["mail", "alive"] * sent


def test_a_games_folder_moved_away_while_it_runs_stops_it_and_is_not_made_anew(
    tmp_path: Path, events: pytest.LogCaptureFixture
) -> None:
    """The GM moved the games folder (to a bigger disk, aside before a `wtg restore`) and
    forgot the service: its next round made a new games folder of the old name, a mail
    spool in it, and polled the players' mail into it, the folder of no game, where the
    restore that followed was refused (not empty) and the mail held for no game. It stops
    now, saying why, and makes nothing."""
    gm = load_config(make_host(tmp_path, site=False))
    clock = SimClock(START, START + 5 * HOUR)
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop

    def move() -> None:
        gm.games_dir.rename(tmp_path / "games-old")

    clock.at(START + 30 * timedelta(minutes=1), move)
    service.run()

    assert not gm.games_dir.exists()
    assert clock.now() < START + HOUR  # it stopped at once, not at the end of the test
    assert service.gone == (
        f"the games folder {gm.games_dir} is gone (moved or removed while wtg serve ran): "
        "wtg serve stops rather than make a new one; correct games_dir in the config if it "
        "moved, then start wtg serve again"
    )
    assert [r.getMessage() for r in lines(events, "the games folder")] == [service.gone]
    assert [r.levelname for r in lines(events, "the games folder")] == ["ERROR"]


def test_a_games_folder_put_in_its_place_while_it_runs_stops_it(
    tmp_path: Path, events: pytest.LogCaptureFixture
) -> None:
    """Another folder put where the games folder was (a `wtg restore` into a new folder,
    then swapped in): the service held the locks of the old one's spool, and a second
    service or poll could run on the new one beside it."""
    gm = load_config(make_host(tmp_path, site=False))
    clock = SimClock(START, START + 5 * HOUR)
    service = Service(gm, clock, zone=timezone.utc)
    clock.on_end = service.stop

    def swap() -> None:
        gm.games_dir.rename(tmp_path / "games-old")
        (tmp_path / "games-old").rename(tmp_path / "games-new")
        gm.games_dir.mkdir()

    clock.at(START + 30 * timedelta(minutes=1), swap)
    service.run()

    assert os.listdir(gm.games_dir) == []
    assert service.gone == (
        f"the games folder {gm.games_dir} is another folder than the one wtg serve started "
        "on (moved, or another put in its place, while it ran): wtg serve stops; start it "
        "again to serve the folder there now"
    )


class MovedAway(MaildirInbox):
    """The maildir of a games folder moved away in the middle of a poll (after 30 min)."""

    def __init__(self, inner: MaildirInbox, clock: SimClock, games: Path) -> None:
        self.__dict__.update(inner.__dict__)
        self.clock = clock
        self.games = games

    def waiting(self, max_bytes: int) -> Iterator[list[Incoming]]:
        if self.clock.now() >= START + 30 * timedelta(minutes=1) and self.games.exists():
            self.games.rename(self.games.with_name("games-old"))
            raise FileNotFoundError(2, "No such file or directory", str(self.games))
        return super().waiting(max_bytes)


def test_a_games_folder_moved_away_in_a_poll_is_not_made_anew_by_the_polls_health(
    tmp_path: Path, events: pytest.LogCaptureFixture
) -> None:
    """The poll that met the folder gone noted its failure in the poll's health, in the
    spool of the folder, which it made anew for it: a games folder of the old name, not
    empty, that the `wtg restore` meant for it refused."""
    gm = load_config(make_host(tmp_path, site=False))
    clock = SimClock(START, START + 5 * HOUR)

    def connect(config: GmConfig) -> Inbox:
        return MovedAway(MaildirInbox(config.maildir_in), clock, config.games_dir)

    service = Service(gm, clock, connect=connect, zone=timezone.utc)
    clock.on_end = service.stop
    service.run()

    assert not gm.games_dir.exists()
    assert service.gone is not None and service.gone.endswith("then start wtg serve again")


def test_a_command_cut_short_is_logged_once_a_day_not_at_every_send(
    tmp_path: Path, events: pytest.LogCaptureFixture
) -> None:
    """A hold cut short before every player was told (held.json still marked telling):
    the service's send logged its NOTICES OWED line as a warning at every send round, a
    line every few minutes until the GM gave the command again. It is said at the first
    send and again a day later while it is still owed, and said anew once it comes back."""
    gm = load_config(make_host(tmp_path, site=False))
    game = sorted(p for p in gm.games_dir.iterdir() if (p / "game.yaml").is_file())[0]
    held = game / "held.json"
    held.write_text('{"since": "2026-01-01T00:00:00Z", "reason": "", "telling": true}\n')
    clock = SimClock(START, START + 3 * 24 * HOUR)
    service = Service(gm, clock, zone=timezone.utc)

    def owed() -> int:
        found = [r for r in events.records if "was cut short before every player" in r.getMessage()]
        return sum(1 for r in found if r.levelno >= logging.WARNING)

    for minutes in range(0, 60, 10):
        clock.time = START + timedelta(minutes=minutes)
        service._send()
    assert owed() == 1
    clock.time = START + 25 * HOUR
    service._send()
    service._send()
    assert owed() == 2
    held.unlink()
    clock.time += HOUR
    service._send()
    held.write_text('{"since": "2026-01-01T00:00:00Z", "reason": "", "telling": true}\n')
    clock.time += HOUR
    service._send()
    assert owed() == 3
