"""Running one input through intake, as a player's mail or a GM's file, and saying what broke.

A :class:`Bench` is a GM's world on the maildir transport (tests/mail/loop.py) with two real
games: a 4-player WoK IV game and a Standard Duel (one mail, three forms). An order text
goes to `wtg orders` for each game (in-process through click's runner); a mail goes to
``parse_mail`` and ``extract_from_message`` (as the poll reads it), its text to
``Game.submit_all`` of each game, and the mail itself to a whole ``wtg poll``. Only public
entry points are used. A *problem* is anything but the documented outcomes: an exception, a
traceback, an exit code other than 0 (stored) and 2 (not stored), a poll that raises or
quarantines the mail.
"""

from __future__ import annotations

import hashlib
import itertools
import mailbox
import os
import random
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from tests.fuzz.inputs import Case, Seeds
from tests.mail.loop import NOW, World, players
from tests.mail.unit.mails import samples
from tests.shipped import WOK4
from wtg.aof.orderfile import orders_to_yaml
from wtg.cli import main
from wtg.cli.demo import filled_aof, reply_with_orders
from wtg.core.jsondata import JsonObject
from wtg.game.engine import Game, create_game
from wtg.game.schedule import make_schedule
from wtg.mail.message.extract import extract_from_message, parse_mail
from wtg.mail.outgoing.sender import send
from wtg.mail.servers.transport import delivered
from wtg.rules.wok4.strategy import plan_orders

NOT_STORED = 2
"""`wtg orders`: nothing could be stored (README)."""
UNLIMITED: dict[str, object] = {"replies_per_hour": 10**9, "confirmations_per_hour": 10**9}
"""Every mail is answered, so composing every answer is tried too."""


@dataclass(frozen=True)
class Run:
    """One input through one entry point: how long it took and what, if anything, broke."""

    target: str
    cpu: float
    wall: float
    problem: str | None = None


class Bench:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.world = World(root, 4, ("wok4", "small", {}), None, **UNLIMITED)
        duel = create_game(
            self.world.gm.games_dir / "duel",
            "standard",
            "classic60",
            players(2),
            seed=5,
            variant="duel",
            schedule=make_schedule(2, "18:00", "UTC", now=NOW),
            now=NOW,
        )
        self.games: tuple[Game, ...] = (self.world.game, duel)
        self.counter = itertools.count()
        self.seeds = self._seeds()

    def _seeds(self) -> Seeds:
        wok = self.world.game.typed(WOK4)
        send(self.world.gm, now=NOW)  # the turn-0 report mails, as players get them
        reports = [path.read_bytes() for path in delivered(self.world.gm.maildir_out)]
        texts: list[str] = []
        replies: list[bytes] = []
        for game in self.games:
            texts += [game.aof(entry.id) for entry in game.config.players]
        state = wok.state()
        for entry in wok.config.players:
            filled = filled_aof(wok, entry.id)
            texts.append(filled)
            orders = plan_orders(state, entry.id, _rng(entry.id))
            texts.append(order_file_text_of(entry.id, orders))
            mine = [r for r in reports if f"p{entry.id}@".encode() in r]
            for index, report in enumerate(mine[:1]):
                reply = reply_with_orders(report, filled, entry.email, f"<r{entry.id}.{index}@x>")
                replies.append(bytes(reply))
        senders = [entry.email for entry in wok.config.players]
        return Seeds(texts, [*reports, *replies, *samples()], senders)

    # --- the entry points ---------------------------------------------------------------
    def run(self, case: Case) -> list[Run]:
        if case.kind == "text":
            return [self.orders(case.data, game) for game in self.games]
        return self.mail(case.data)

    def orders(self, data: bytes, game: Game) -> Run:
        """`wtg orders GAME FILE`, in-process."""
        path = self.root / "input.txt"
        path.write_bytes(data)
        args = ["orders", str(game.store.root), str(path)]
        return _timed(f"wtg orders ({game.config.ruleset})", lambda: _cli(args))

    def mail(self, raw: bytes) -> list[Run]:
        found: list[str | None] = [None]

        def extract() -> str | None:
            found[0] = extract_from_message(parse_mail(raw)).text
            return None

        runs = [_timed("extract", extract)]
        text = found[0]
        if text is not None:
            for game in self.games:
                runs.append(_timed(f"submit_all ({game.config.ruleset})", _submit(game, text)))
        runs.append(_timed("wtg poll", lambda: self.poll(raw)))
        return runs

    def poll(self, raw: bytes) -> str | None:
        """A whole poll of one message; a problem when it raises or quarantines it."""
        inbox = mailbox.Maildir(self.world.gm.maildir_in, create=True)
        inbox.add(raw)
        try:
            summary = self.world.poll()
        finally:  # a mail a poll raised on stays in the inbox: not in the next input's poll
            for left in (*(self.world.gm.maildir_in / "new").iterdir(),):
                left.unlink()
            for left in (*(self.world.gm.maildir_in / "cur").iterdir(),):
                left.unlink()
        quarantined = getattr(summary, "quarantined", 0)
        odd = [o for _, o in summary.outcomes if o.startswith("quarantine")]
        if quarantined or odd:
            return f"the poll quarantined the mail: {odd or quarantined}"
        return None


def order_file_text_of(player: int, orders: JsonObject) -> str:
    whole: JsonObject = {"player": player, "turn": 1, **orders}
    return orders_to_yaml(whole)


def _rng(player: int) -> random.Random:
    return random.Random(f"fuzz:{player}")


def _submit(game: Game, text: str) -> Callable[[], str | None]:
    def submit() -> None:
        game.submit_all(text)  # OrderError comes back in the list: only others raise

    return submit


def _cli(args: list[str]) -> str | None:
    result = CliRunner().invoke(main, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        error = result.exception
        trace = "".join(traceback.format_exception(error)[-3:])
        return f"wtg orders raised {type(error).__name__}: {trace}"
    if "Traceback" in result.output:
        return "wtg orders printed a traceback: " + result.output[-500:]
    if result.exit_code not in (0, NOT_STORED):
        return f"wtg orders exited {result.exit_code}: {result.output[-300:]}"
    return None


def _timed(target: str, work: Callable[[], str | None]) -> Run:
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        problem = work()
    except Exception as error:  # the point of the harness: anything raised is a finding
        trace = "".join(traceback.format_exception(error)[-4:])
        problem = f"{type(error).__name__}: {trace}"
    return Run(target, time.process_time() - cpu, time.perf_counter() - wall, problem)


def corpus_name(case: Case) -> str:
    digest = hashlib.sha256(case.data).hexdigest()[:16]
    return f"{case.kind}-{digest}.{'eml' if case.kind == 'mail' else 'txt'}"


def case_of_file(path: Path) -> Case:
    return Case("mail" if path.suffix == ".eml" else "text", path.read_bytes(), [path.name])


def real_orders(bench: Bench, data: bytes) -> str | None:
    """`wtg orders` as a GM runs it: a real process; a problem on a traceback or a crash."""
    path = bench.root / "input-subprocess.txt"
    path.write_bytes(data)
    game = bench.games[0]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    code = "from wtg.cli import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "orders", str(game.store.root), str(path)],
        capture_output=True,
        text=True,
        errors="replace",
        env=env,
        timeout=60,
        check=False,
    )
    if "Traceback" in done.stderr or done.returncode not in (0, NOT_STORED):
        return f"wtg orders exited {done.returncode}: {done.stderr[-500:]}"
    return None
