"""Issue 27, done when: `wtg serve`, the real process, its clock sped up by libfaketime,
plays a week of three games (tests/service/week.py's host), once on the maildir transport
and once on Dovecot and aiosmtpd: the players answer their reports at random moments
(files dropped into the inbox maildir, or IMAP APPENDs into the GM's mailbox), the silent
one is reminded, the READY game's turns run early and the others' at their deadlines; on
the way the config is reloaded (SIGHUP), the mail servers are stopped and started again
(on IMAP: the maildir has none), and the service is killed (``kill -9``) twice and started
again on the clock where it was. Afterwards every order mail was filed once, every report
mailed once (the SMTP sink, or the maildir out, counts them), every turn run once.

libfaketime shortens every timed wait of the process, its sockets' timeouts too, while
Dovecot and the sink keep the real clock: the service is started with its network
timeouts multiplied by the speed-up (``LAUNCH``), else its sixty seconds are a few real
milliseconds and every poll and send times out."""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage, Message
from email.policy import SMTP as SMTP_POLICY
from email.policy import default as default_policy
from pathlib import Path
from typing import Protocol

import pytest

from tests.mail.conftest import missing
from tests.mail.outboxes import outbox_counts
from tests.mail.servers import (
    AIOSMTPD_INSTALL_HINT,
    DOVECOT_INSTALL_HINT,
    GM_ADDRESS,
    GM_PASSWORD,
    Dovecot,
    SmtpSink,
    aiosmtpd_available,
    dovecot_available,
)
from tests.service.marks import message_id_of
from tests.service.week import PLANS, START, WOK4, make_host
from wtg.cli.demo import reply_with_orders
from wtg.files import private
from wtg.game.engine import open_game
from wtg.game.report import aof_text
from wtg.game.schedule import parse_iso
from wtg.host.config import GmConfig, load_config
from wtg.mail.outgoing.outbox import Outbox
from wtg.mail.spool.journal import Journal
from wtg.rules.wok4.strategy import plan_orders

SPEED = 7200
"""Fake seconds a real second: a fake hour is half a real second, the week 84 real ones."""
WEEK = timedelta(days=7)
MARGIN = timedelta(hours=16)
"""A player's mail is sent at least this long before the deadline (fake time, eight real
seconds): room for a mail server that is down a moment and a loaded machine to poll, file
and run a READY turn before its deadline (a slow CI machine under load took more than
the three real seconds of six fake hours)."""
WITHIN = 120.0
"""Real seconds the test waits for what must come (a log line, the last reports) before it
fails: a loaded machine's margin, not a timing the test checks."""
NETWORK = 60 * SPEED
"""The service's network timeouts, fake seconds (its sixty, real): libfaketime shortens
every timed wait of the process, a socket's too, and Dovecot and the sink run on the real
clock."""
STARTER = "WTG_TEST_STARTER"
"""The pid of the pytest that starts the service, in the service's environment."""
LAUNCH = (
    "import os, sys\n"
    "from wtg.host.parentdeath import die_with_parent\n"
    "die_with_parent()\n"
    f"if os.getppid() != int(os.environ['{STARTER}']):\n"
    "    sys.exit('wtg serve: the pytest that started it is gone')\n"
    "from wtg.mail.servers import inbox, transport\n"
    f"inbox.connect_imap.__defaults__ = ({NETWORK},)\n"
    f"transport.connect_smtp.__defaults__ = ({NETWORK},)\n"
    "from wtg.cli import main\n"
    "sys.argv = ['wtg', *sys.argv[1:]]\n"
    "main()\n"
)
"""``wtg`` with its network timeouts set for the sped-up clock, killed by the kernel when
the thread of the pytest that started it ends (``die_with_parent``: ``PR_SET_PDEATHSIG``),
and ended at once when that pytest died before it asked (its parent is no longer the pid
``STARTER`` names). Before, a pytest killed mid-week (CI's timeout, a Ctrl-C that came to
``kill -9``) left the service running for ever on its sped-up clock, its files and locks
held (tests/service/test_serve_e2e_orphan.py)."""
IDENT = re.compile(r"<(?P<ident>[A-Za-z0-9_-][A-Za-z0-9._-]*)\.[0-9a-f]{16}(?:\.k[0-9a-f]{16})?@")
"""Our Message-ID (``wtg.mail.outgoing.outbox``): the outbox name, the digest, the token of the
host's secret (none in a mail queued before tokens were)."""


def libfaketime() -> Path:
    found = sorted(Path("/usr/lib").glob("*/faketime/libfaketimeMT.so.1"))
    if not found:
        missing("libfaketime is not installed (apt-get install faketime)")
    return found[0]


class FakeTime:
    """The test's view of the service's clock: the fake moment of a real one. A process
    started again starts at the fake time of its start, so the clock goes on. Its
    processes read their modules compiled in ``bytecode`` (``compiled``)."""

    def __init__(self, bytecode: Path) -> None:
        self.begin = time.time()
        self.bytecode = bytecode

    def now(self) -> datetime:
        return START + timedelta(seconds=(time.time() - self.begin) * SPEED)

    def real(self, moment: datetime) -> float:
        """The real time (``time.time()``) of a fake moment."""
        return self.begin + (moment - START).total_seconds() / SPEED

    def env(self, library: Path) -> dict[str, str]:
        env = {**os.environ, "TZ": "UTC", "LD_PRELOAD": str(library)}
        env["PYTHONPYCACHEPREFIX"] = str(self.bytecode)
        env["FAKETIME"] = f"@{self.now():%Y-%m-%d %H:%M:%S} x{SPEED}"
        for name in ("DONT_FAKE_MONOTONIC", "FAKETIME_DONT_FAKE_MONOTONIC", "FAKETIME_NO_CACHE"):
            env.pop(name, None)
        return env


class Wire(Protocol):
    """Where the players' mails go in and the service's come out."""

    def append(self, msg: EmailMessage) -> bool:
        """Put a player's mail where the service reads it; False when it cannot now."""

    def sent(self) -> list[bytes]:
        """Every mail the service sent so far, in the order they came out."""

    def bounce(self) -> None:
        """The mail servers go away and come back (nothing on the maildir)."""

    def left(self) -> list[bytes]:
        """The mails in the inbox the service has not taken."""


class ServersWire:
    """Dovecot's mailbox of the GM in, the SMTP sink out."""

    def __init__(self, imap: Dovecot, smtp: SmtpSink) -> None:
        self.imap, self.smtp = imap, smtp

    def config(self) -> str:
        return (
            "transport: imap\n"
            f"imap: {{host: {self.imap.host}, port: {self.imap.port}, username: {GM_ADDRESS}, "
            f"password: {GM_PASSWORD}}}\n"
            f"smtp: {{host: {self.smtp.host}, port: {self.smtp.port}}}\n"
        )

    def append(self, msg: EmailMessage) -> bool:
        if not self.imap.running:
            return False
        try:
            self.imap.append(GM_ADDRESS, msg.as_bytes(policy=SMTP_POLICY))
        except OSError:
            return False
        return True

    def sent(self) -> list[bytes]:
        return [received.data for received in self.smtp.messages]

    def bounce(self) -> None:
        self.imap.stop()  # both servers go away, and come back on their ports
        self.smtp.stop()
        time.sleep(0.3)
        self.smtp.start()
        self.imap.start()

    def left(self) -> list[bytes]:
        return self.imap.fetch_all(GM_ADDRESS, "INBOX")


class MaildirWire:
    """The host's maildir in (a mail dropped as a delivery agent drops it), its maildir
    out."""

    def __init__(self, gm: GmConfig) -> None:
        self.inbox = private.maildir(gm.maildir_in)
        self.out = gm.maildir_out / "new"
        self.read: dict[str, bytes] = {}
        """Each mail sent, by its file name, in the order this wire first saw it."""
        self.lock = threading.Lock()

    def append(self, msg: EmailMessage) -> bool:
        self.inbox.add(msg.as_bytes(policy=SMTP_POLICY))
        return True

    def sent(self) -> list[bytes]:
        with self.lock:  # the players' thread and the test's both look
            names = sorted(os.listdir(self.out)) if self.out.is_dir() else []
            for name in names:
                if name not in self.read:
                    self.read[name] = (self.out / name).read_bytes()
            return list(self.read.values())

    def bounce(self) -> None:
        pass  # no server to lose

    def left(self) -> list[bytes]:
        return [message.as_bytes() for message in self.inbox]


@dataclass
class Players:
    """The players, in a thread: each report the sink receives is answered (orders, READY
    for the plan's ready seats, twice for its twice seats, never for its silent ones) at a
    random moment before the coming deadline; a stranger writes now and then. A mail that
    Dovecot does not take (it is down) is tried again."""

    config: Path
    wire: Wire
    clock: FakeTime
    rng: random.Random = field(default_factory=lambda: random.Random(27))
    orders: list[str] = field(default_factory=list)
    """The Message-IDs of the order mails planned."""
    appended: list[str] = field(default_factory=list)
    """The Message-IDs of the mails appended to the GM's mailbox."""
    strangers: list[str] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.gm = load_config(self.config)
        self.stop = threading.Event()
        self.planned: list[tuple[float, int, EmailMessage]] = []
        self.read = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        moment = START + timedelta(hours=5)
        while moment < START + WEEK:
            self._plan(moment, self._stranger(moment))
            moment += timedelta(hours=self.rng.randint(30, 50))

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=WITHIN)

    def _plan(self, moment: datetime, msg: EmailMessage) -> None:
        self.planned.append((self.clock.real(moment), len(self.planned), msg))
        self.planned.sort(key=lambda item: (item[0], item[1]))

    def _run(self) -> None:
        try:
            while not self.stop.wait(0.02):
                self._answer_reports()
                while self.planned and self.planned[0][0] <= time.time():
                    msg = self.planned[0][2]
                    if not self.wire.append(msg):
                        break  # Dovecot is down: again in a moment
                    self.appended.append(str(msg["Message-ID"]))
                    self.planned.pop(0)
        except BaseException as error:  # the test fails with it
            self.errors.append(error)

    def _answer_reports(self) -> None:
        arrived = self.wire.sent()[self.read :]
        self.read += len(arrived)
        for raw in arrived:
            found = IDENT.match(str(parsed(raw)["Message-ID"]).strip())
            parts = found["ident"].split("-") if found else []
            if len(parts) != 4 or parts[0] != "report":
                continue
            name, turn, seat = parts[1], int(parts[2][1:]), int(parts[3][1:])
            plan = next(p for p in PLANS if p.name == name)
            game = open_game(self.gm.games_dir / name).typed(WOK4)
            deadline = game.deadline()
            if seat in plan.silent or deadline is None or game.latest_turn() != turn:
                continue
            now = self.clock.now()
            room = (deadline - MARGIN - now) / timedelta(hours=1)
            if room <= 1:
                continue
            state = game.state()
            entry = game.config.player(seat)
            for number in range(2 if seat in plan.twice else 1):
                orders = plan_orders(state, seat, random.Random(f"{name}{turn}{seat}{number}"))
                orders["ready"] = seat in plan.ready
                filled = aof_text(game.ruleset, game.config, state, seat, orders)
                message_id = f"<{name}.t{turn + 1}.p{seat}.{number}@players.example>"
                reply = reply_with_orders(raw, filled, entry.email, message_id)
                self.orders.append(message_id)
                self._plan(now + timedelta(hours=self.rng.uniform(0.5, room)), reply)

    def _stranger(self, moment: datetime) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = "curious@elsewhere.example"
        msg["To"] = GM_ADDRESS
        msg["Subject"] = "how do I play?"
        msg["Message-ID"] = f"<help.{moment:%Y%m%d%H%M}@elsewhere.example>"
        msg.set_content("Hello, how do I join a game?\n")
        self.strangers.append(str(msg["Message-ID"]))
        return msg


class Serve:
    """``wtg serve`` processes, one after the other, logging to one file."""

    def __init__(self, config: Path, clock: FakeTime, library: Path) -> None:
        self.config, self.clock, self.library = config, clock, library
        self.log = config.parent / "serve.log"
        self.process: subprocess.Popen[str] | None = None
        self.starts = 0
        self.args = ["serve", "--log-file", str(self.log)]

    def start(self) -> None:
        self.starts += 1
        self.process = subprocess.Popen(  # the preloaded library itself: a signal reaches wtg
            [sys.executable, "-c", LAUNCH, "--config", str(self.config), *self.args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**self.clock.env(self.library), STARTER: str(os.getpid())},
        )

    def logged(self) -> str:
        return self.log.read_text(encoding="utf-8") if self.log.exists() else ""

    def alive(self) -> subprocess.Popen[str]:
        assert self.process is not None
        if self.process.poll() is not None:
            _, err = self.process.communicate()
            raise AssertionError(f"wtg serve ended ({self.process.returncode}): {err[-3000:]}")
        return self.process

    def kill(self) -> None:
        process = self.alive()
        process.kill()
        process.communicate(timeout=WITHIN)  # no process of its own holds its pipe

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=WITHIN)


def until(done: Callable[[], bool], what: str, serve: Serve, players: Players) -> None:
    begin = time.monotonic()
    while not done():
        serve.alive()
        assert not players.errors, players.errors
        assert time.monotonic() - begin < WITHIN, f"{what}: not within the time"
        time.sleep(0.05)


def sleep_until(moment: datetime, clock: FakeTime, serve: Serve, players: Players) -> None:
    until(lambda: clock.now() >= moment, f"the clock at {moment}", serve, players)


WARM = (
    "import importlib, pkgutil, wtg\n"
    "for module in pkgutil.walk_packages(wtg.__path__, 'wtg.'):\n"
    "    importlib.import_module(module.name)\n"
)
"""Every module of ``wtg`` imported, and with it every module they import."""


def compiled(bytecode: Path) -> Path:
    """The modules the service imports compiled into ``bytecode`` (returned), before any
    clock of the test runs: its processes read them there (``PYTHONPYCACHEPREFIX``, for
    every module, the standard library's too). The service's clock runs from the moment
    its process starts: a process that compiled every module as it imported it (no
    bytecode written, as ``PYTHONDONTWRITEBYTECODE`` asks) lost fake hours to it at each
    start on a loaded machine, and the turns it then ran late failed the week."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(bytecode)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-c", WARM], env=env, check=True)
    return bytecode


def parsed(raw: bytes) -> Message:
    return message_from_bytes(raw, policy=default_policy)  # folded headers unfolded


def ident_of(raw: bytes) -> str:
    """The outbox name of a mail the service sent (its Message-ID carries it)."""
    found = IDENT.match(str(parsed(raw)["Message-ID"]).strip())
    assert found is not None, raw.split(b"\r\n\r\n")[0].decode()
    return found["ident"]


@contextlib.contextmanager
def wire_of(transport: str, config: Path) -> Iterator[Wire]:
    """The wire of ``transport`` for the host of ``config``, written into its config."""
    if transport == "maildir":  # the config's default
        yield MaildirWire(load_config(config))
        return
    if not dovecot_available():
        missing(DOVECOT_INSTALL_HINT)
    if not aiosmtpd_available():
        missing(AIOSMTPD_INSTALL_HINT)
    with Dovecot(config.parent / "dovecot", {GM_ADDRESS: GM_PASSWORD}) as imap, SmtpSink() as smtp:
        wire = ServersWire(imap, smtp)
        with config.open("a", encoding="utf-8") as text:
            text.write(wire.config())
        yield wire


TRANSPORTS = ("maildir", "imap")


@pytest.fixture(scope="module")
def weeks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, BaseException | None]:
    """The week played on every transport, the weeks at once (each a service of its own
    on a host of its own, mostly waiting on its sped-up clock: together they take the real
    time of one): what each raised, None when all it checks held."""
    bytecode = compiled(tmp_path_factory.mktemp("bytecode"))
    with ThreadPoolExecutor(len(TRANSPORTS)) as pool:
        played = {
            transport: pool.submit(a_week, tmp_path_factory.mktemp(transport), transport, bytecode)
            for transport in TRANSPORTS
        }
    return {transport: week.exception() for transport, week in played.items()}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_week_of_wtg_serve(weeks: dict[str, BaseException | None], transport: str) -> None:
    failure = weeks[transport]
    if failure is not None:
        raise failure


def a_week(tmp_path: Path, transport: str, bytecode: Path) -> None:
    """A week of `wtg serve` on ``transport``, and every check of it (the module's)."""
    library = libfaketime()
    config = make_host(
        tmp_path / "host",
        site=False,
        handle_seconds=100_000,  # fake seconds: a loaded machine's real second is hours
        replies_per_hour=100,
        confirmations_per_hour=100,
    )
    with wire_of(transport, config) as wire:
        clock = FakeTime(bytecode)
        players = Players(config, wire, clock)
        serve = Serve(config, clock, library)
        try:
            serve.start()
            players.start()
            until(lambda: " started (pid " in serve.logged(), "the start", serve, players)

            sleep_until(START + timedelta(hours=30), clock, serve, players)
            serve.alive().send_signal(signal.SIGHUP)
            until(lambda: "the config was reloaded" in serve.logged(), "SIGHUP", serve, players)

            sleep_until(START + timedelta(hours=50), clock, serve, players)
            serve.kill()  # kill -9, and started again where the clock is
            serve.start()

            sleep_until(START + timedelta(days=3, hours=2), clock, serve, players)
            wire.bounce()

            sleep_until(START + timedelta(days=4, hours=20), clock, serve, players)
            serve.kill()
            serve.start()

            sleep_until(START + WEEK, clock, serve, players)
            players.close()  # the week is over: no more mail
            gm = load_config(config)

            def filed() -> int:
                journal = Journal(gm.spool)
                count = journal.db.execute("SELECT COUNT(*) FROM messages").fetchone()[0]
                journal.close()
                return int(count)

            until(lambda: filed() == len(players.appended), "the last mails", serve, players)
            games = {p.name: open_game(gm.games_dir / p.name) for p in PLANS}
            wanted = {
                f"report-{plan.name}-t{turn:04d}-p{seat:02d}"
                for plan in PLANS
                for turn in range(games[plan.name].latest_turn() + 1)
                for seat in range(1, plan.players + 1)
            }

            def reports() -> set[str]:
                return {ident_of(raw) for raw in wire.sent()} & wanted

            until(lambda: reports() == wanted, "the last reports", serve, players)
            process = serve.alive()
            process.send_signal(signal.SIGTERM)
            _, err = process.communicate(timeout=WITHIN)
            assert process.returncode == 0, err[-3000:]
        finally:
            players.close()
            serve.close()
        assert not players.errors, players.errors
        sent = Counter(ident_of(raw) for raw in wire.sent())
        inbox_left = wire.left()

    log = serve.logged()
    assert serve.starts == 3
    assert log.count(" started (pid ") == 3 and log.count("wtg serve stopped") == 1

    # every turn once, each for its own deadline: READY turns early, the others on time
    turns = {}
    early: list[tuple[str, int]] = []
    orders = set(players.orders)
    for plan in PLANS:
        game = open_game(gm.games_dir / plan.name)
        schedule = game.config.schedule
        assert schedule is not None
        turns[plan.name] = game.latest_turn()
        metas = [game.meta(turn) for turn in range(1, game.latest_turn() + 1)]
        assert len(metas) >= 7 // plan.every - 1
        for index, meta in enumerate(metas):
            assert parse_iso(str(meta["deadline"])) == schedule.slot(index)
            assert not meta.get("reruns")
            ran = parse_iso(str(meta["ran_at"]))
            ready = {
                f"<{plan.name}.t{meta['turn']}.p{seat}.0@players.example>"
                for seat in range(1, plan.players + 1)
            }
            if plan.ready == frozenset(range(1, plan.players + 1)) and ready <= orders:
                early.append((plan.name, int(meta["turn"])))
                assert ran < schedule.slot(index)  # as soon as all were READY, not at the deadline
            else:  # at the deadline (a turn with no time to answer its reports too)
                assert schedule.slot(index) <= ran < schedule.slot(index + 1)
        assert schedule.slot(len(metas)) > START + WEEK - timedelta(hours=1)  # none missed
    assert turns["daily"] >= 6 and len(early) >= 4
    assert len(re.findall(r" turn=\d+ turn \d+ resolved ", log)) == sum(turns.values())

    # every mail filed once: each order stored once, the strangers answered, none left
    journal = Journal(gm.spool)
    rows = [
        (message_id_of(mark), outcome)
        for mark, outcome in journal.db.execute("SELECT message_id, outcome FROM messages")
    ]
    journal.close()
    ids = [row[0] for row in rows]
    assert len(ids) == len(set(ids))
    stored = sorted(mid for mid, outcome in rows if outcome.startswith("stored: "))
    orders_sent = sorted(set(players.appended) & orders)
    assert stored == orders_sent and len(stored) > 20
    assert sorted(ids) == sorted(players.appended)
    assert set(players.strangers) & set(ids)
    assert inbox_left == []

    # every mail mailed once: every report of every turn to every player, the answers
    assert set(sent.values()) == {1}, [ident for ident, n in sent.items() if n > 1]
    assert {i for i in sent if i.startswith("report-")} == wanted
    assert sum(i.startswith("conf-") for i in sent) == len(orders_sent)
    assert outbox_counts(Outbox(gm.spool))["queued"] == 0

    # the silent player reminded, each turn he owed orders
    silent = {i for i in sent if i.startswith("remind-vienna-") and i.endswith("-p03")}
    assert len(silent) >= 2
