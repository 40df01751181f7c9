"""`wtg run-turn --due`: run every game whose deadline has passed or whose players are all
READY, once per deadline, and refuse when a mail outage looks likelier than a desertion, or
when the players were never mailed the turn before (a `wtg send` forgotten: they could not
have sent orders, and would lose the turn).

The games run in worker processes (``jobs``, one game at a time in each; the work is
Python, so threads would share one core), each under its game's lock. A game that cannot
be run (a ruleset this wtg does not know, a state file that cannot be read, an error in
the rules) is reported with its folder and why, and the others run all the same.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from enum import Enum
from logging import DEBUG, ERROR, INFO, WARNING
from pathlib import Path
from typing import Any

from wtg.core.plurals import counted
from wtg.core.ruleset import TurnStyle
from wtg.files.store import FormatRefused, GameLocked
from wtg.game.engine import Game, GameHeld, TurnMovedOn
from wtg.game.schedule import moment_text
from wtg.gm.gamestatus import GameStatus, game_status
from wtg.gm.owing import ONE_PLAYER, ready_subject
from wtg.host.config import GmConfig
from wtg.host.gamesdir import (
    Unreadable,
    failure_reason,
    open_listed,
    scan_games,
)
from wtg.host.mailedgames import mailed_here
from wtg.host.parentdeath import die_with_parent
from wtg.host.pollhealth import last_poll
from wtg.host.results import ended_words
from wtg.logs.events import log_event
from wtg.text.shellcommand import shell_command


def why_due(game: Game, now: datetime, status: GameStatus | None = None) -> str | None:
    """ "the deadline has passed", "all players are READY" (in a game whose players move one
    at a time, WISK's or Tactics', "the player whose turn it is is READY", as
    ``wtg.gm.owing.ready_subject`` says whose READY runs it: the run's line said all players
    were READY when one of several had sent orders), or None when the game is not due. The
    players who count are those who owe orders (``wtg.gm.gamestatus``: not one away for the
    turn, nor one whose QUIT is on file). In a game of turns one after another, a turn no
    human owes orders for (a robot's) is due at once. ``status``: the game's status, when
    the caller has it already."""
    status = status or game_status(game)
    if status["over"]:
        return None
    owing = [p for p in status["players"] if p["owes_orders"]]
    if owing and all(p["ready"] for p in owing):
        if ready_subject(game, game.state_view()) == ONE_PLAYER:
            return "the player whose turn it is is READY"
        return "all players are READY"
    if not owing and game.ruleset.turn_style is TurnStyle.SEQUENTIAL:
        return "a robot is to move, and no player owes orders"
    deadline = game.deadline()
    if deadline is not None and now >= deadline:
        return "the deadline has passed"
    return None


def too_early(
    game: Game,
    now: datetime,
    status: GameStatus | None = None,
    given: str = "",
    head: str = "wtg",
) -> str | None:
    """Why `wtg run-turn GAME` should not run the coming turn now: its deadline is ahead
    and players still owe orders (none sent, or not READY), named; None when it may run
    (no deadline, the deadline has passed, the turn is due as `run-turn --due` sees it, or
    the game is over: the engine refuses that itself). The command it names keeps the
    options ``given`` (`` --force``, for a held game), so that it runs the turn, and begins
    with ``head`` (the ``--config`` given: ``wtg.cli.givenhead``)."""
    status = status or game_status(game)
    deadline = game.deadline()
    if deadline is None or now >= deadline or why_due(game, now, status):  # none once over
        return None
    owing = [p for p in status["players"] if p["owes_orders"] and not p["ready"]]
    if not owing:
        return None
    missing = [f"{p['id']} {p['name']}" for p in owing if not p["orders"]]
    unready = [f"{p['id']} {p['name']}" for p in owing if p["orders"]]
    waits = "; ".join(
        part
        for part in (
            f"no orders from {', '.join(missing)}" if missing else "",
            f"orders not READY from {', '.join(unready)}" if unready else "",
        )
        if part
    )
    name = status["game"]
    return (
        f"turn {status['turn']} of game {name} is due {moment_text(deadline)} and "
        f"still waits for orders ({waits}): not run; `{head} run-turn {name}{given} --now` runs it "
        "now all the same"
    )


def outage_suspected(
    game: Game, gm: GmConfig, now: datetime, status: GameStatus | None = None
) -> str | None:
    """A reason to hold the turn: many players without orders while the poll has been failing."""
    owing = [p for p in (status or game_status(game))["players"] if p["owes_orders"]]
    missing = [p for p in owing if not p["orders"]]
    if not owing or len(missing) / len(owing) < gm.limits.missing_share:
        return None
    health = last_poll(gm.spool)
    if health is None:
        return None
    stale = timedelta(hours=gm.limits.poll_stale_hours)
    # the poll's own word (its last run left an error), not the order of the two times: a
    # success stamped by a clock that was ahead is later than the failures after it; and
    # it tells nothing of how long ago the poll ran (a poll dead since the clock was set
    # right read as one that ran less than nothing ago, until the clock caught up)
    ahead = health.last_success is not None and health.last_success > now
    if health.failing or health.last_success is None or ahead or now - health.last_success > stale:
        since = (
            "has not succeeded since this machine's clock was set right (its last success is "
            f"stamped {moment_text(health.last_success)}, after this machine's clock, which was "
            "ahead then)"
            if ahead and health.last_success is not None
            else f"has not succeeded since {health.describe_success()}"
        )
        return (
            f"{len(missing)} of {len(owing)} players have no orders and the mail poll {since}: "
            "a mail outage is likelier than a mass desertion. Fix the poll (or run the game by "
            f"hand with `{shell_command('wtg', 'run-turn', game.config.game)}`)."
        )
    return None


def not_mailed(game: Game, mailed: int, status: GameStatus | None = None) -> str | None:
    """Why the coming turn of ``game`` should wait for `wtg send`: its players have not been
    mailed the latest turn (``mailed``: the last turn the mail journal has queued for them,
    -1 for none) and some owe orders with none on file, named; None when it may run."""
    latest = game.latest_turn()
    if mailed >= latest:
        return None
    status = status or game_status(game)
    if status["over"]:
        return None
    waiting = [
        f"{p['id']} {p['name']}" for p in status["players"] if p["owes_orders"] and not p["orders"]
    ]
    if not waiting:
        return None
    return (
        f"turn {latest} of game {status['game']} has not been mailed to its players yet, so "
        f"turn {status['turn']} would run without their orders (none from {', '.join(waiting)})"
    )


class Outcome(Enum):
    RAN = "ran"
    HELD = "held"
    FAILED = "failed"
    NOT_DUE = "not due"
    BUSY = "busy"


@dataclass(frozen=True)
class GameRun:
    """What `run-turn --due` did with one game folder, and the line that says so."""

    folder: Path
    outcome: Outcome
    detail: str = ""
    by_gm: bool = False
    """Held because the GM holds it (`wtg hold`): his choice, not a trouble; it is counted
    held, says nothing of its own and fails nothing."""
    game: str | None = None
    """The game's name, once its folder was opened (the log names it; else the folder's)."""
    turn: int | None = None
    """The turn it ran, or would have run."""
    said: str | None = None
    """What the note of a game the mail journal did not know says (``first_ran``): a game
    copied in from another host, mailed from this turn on."""

    @property
    def ok(self) -> bool:
        return self.by_gm or self.outcome not in (Outcome.HELD, Outcome.FAILED)

    def log(self) -> None:
        """The game's line in the log (``wtg.logs``): a turn run, a game held back (a
        warning), failed (an error), skipped; one not due, or held by the GM, at
        ``debug``."""
        level = {
            Outcome.RAN: INFO,
            Outcome.HELD: DEBUG if self.by_gm else WARNING,
            Outcome.FAILED: ERROR,
            Outcome.BUSY: WARNING,
        }.get(self.outcome, DEBUG)
        words = {Outcome.HELD: "NOT run: ", Outcome.FAILED: "failed: ", Outcome.BUSY: "skipped, "}
        text = words.get(self.outcome, "") + (self.detail or self.outcome.value)
        log_event(text, game=self.game or self.folder.name, turn=self.turn, level=level)

    def line(self) -> str | None:
        """The game's line (None for a game that was not due, or that the GM holds: it
        says nothing; the summary names a held game)."""
        if self.by_gm:
            return None
        name = self.folder.name
        if self.outcome is Outcome.RAN:
            return f"{name}: {self.detail}"
        if self.outcome is Outcome.HELD:
            return f"{name}: NOT run: {self.detail}"
        if self.outcome is Outcome.FAILED:
            return f"{name}: failed: {self.detail}"
        if self.outcome is Outcome.BUSY:
            return f"{name}: skipped, {self.detail}"
        return None


def run_game(
    path: Path,
    gm: GmConfig,
    moment: datetime,
    mailed: Mapping[str, int] | None = None,
    first_ran: FirstRan | None = None,
) -> GameRun:
    """Run one game folder if it is due; whatever goes wrong is its outcome, never raised.
    ``mailed``: the last turn mailed of each game, by name (the mail journal's); a game this
    host has mailed whose players were not mailed its latest turn is held (``not_mailed``: a
    `wtg send` forgotten after a turn), and so is a game at its turn 0, or one its runs
    noted and no send mailed, on a host that mails its games (``mailed_here``): `wtg send`
    forgotten after `wtg new-game` (newgm49: its players lost turn 1, never mailed turn
    0). A game the journal does not name was never mailed from here (its mail is not this
    host's to keep, or the GM tries wtg out without mail, a host that mailed nothing): it
    runs by its deadline as before, ``first_ran`` told of it once nothing refuses its turn
    and before the turn's first write (``Game.run_turn``'s ``before_commit``). None: not
    asked."""
    named: dict[str, Any] = {}  # the game's name, coming turn and note, once known
    try:
        game = open_listed(path)
        coming = game.latest_turn() + 1  # read first: if it moves on, the run is refused
        named.update(game=game.config.game, turn=coming)
        status = game_status(game)
        if status["held"] and not status["over"]:
            return GameRun(path, Outcome.HELD, HELD_BY_GM, by_gm=True, **named)
        reason = why_due(game, moment, status)
        if reason is None:
            return GameRun(path, Outcome.NOT_DUE, **named)
        held = outage_suspected(game, gm, moment, status)
        if held:
            return GameRun(path, Outcome.HELD, held, **named)
        last = -1 if mailed is None else mailed.get(game.config.game, -1)
        ours = mailed_here(mailed, game.config.game, coming - 1)  # its turns are ours to send
        unsent = not_mailed(game, last, status) if ours else None
        if unsent:
            return GameRun(path, Outcome.HELD, f"{unsent}; `wtg send` mails it first", **named)
        noting = None
        if first_ran is not None and mailed is not None and game.config.game not in mailed:
            name = game.config.game

            def noting(turn: int) -> None:  # a kill after the turn finds the game noted
                named.update(said=first_ran(name, turn - 1))  # said however the turn ends

        turn = game.run_turn(now=moment, expect=coming, before_commit=noting)
        named.update(turn=turn)
        ended = ended_words(game, str(game.meta(turn).get("ran_at") or ""))
        over = f"; {ended}" if ended else ""  # cron's mail says it: the digest came a day on
        return GameRun(path, Outcome.RAN, f"turn {turn} resolved ({reason}){over}", **named)
    except FormatRefused as exc:  # `wtg upgrade` (or a newer wtg) first: the GM must act
        return GameRun(path, Outcome.FAILED, failure_reason(exc), **named)
    except GameLocked:
        return GameRun(path, Outcome.BUSY, BUSY, **named)
    except TurnMovedOn as exc:
        return GameRun(path, Outcome.BUSY, str(exc), **named)
    except GameHeld:  # held meanwhile, after the look at its status
        return GameRun(path, Outcome.HELD, HELD_BY_GM, by_gm=True, **named)
    except Exception as exc:  # any game folder is the GM's data: a reason, never a stop
        return GameRun(path, Outcome.FAILED, failure_reason(exc, path.parent), **named)


FirstRan = Callable[[str, int], str | None]
"""The note of a game the mail journal does not know, given its name and the turn before
the one about to be written (the journal's ``note_game``): what is to be said of it, or
None."""

HELD_BY_GM = "held by the GM (`wtg release` lets it run)"
BUSY = (
    "another process is writing it (a poll, a turn, a GM's command, wtg backup): "
    "the next run takes it up"
)
"""A game whose lock another process held: cron's next round is its retry."""

WORKER_DIED = (
    "a worker process of this run died (killed, or out of memory) before the game was "
    "done; its last complete turn stands, and the next run tries it again"
)

_WORKER: dict[str, Any] = {}
"""The config, the moment and the turns mailed of the run, set once in each worker process."""


def _start_worker(
    gm: GmConfig,
    moment: datetime,
    mailed: Mapping[str, int] | None,
    first_ran: FirstRan | None = None,
) -> None:
    die_with_parent()  # a killed run leaves no worker holding its files for ever
    # Ctrl-C reaches every process of the terminal's group: the run decides (it lets each
    # worker finish the game in hand, and runs no other), not the worker in mid-turn. The
    # worker was forked with Ctrl-C held back (``_ctrl_c_held``): ignored now, let through.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _WORKER.update(gm=gm, moment=moment, mailed=mailed, first_ran=first_ran)


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back in this thread while the pool forks its workers, which
    inherit it held until each ignores it (``_start_worker``): a Ctrl-C while a worker
    starts is no traceback of it. This process gets a Ctrl-C held back once it lets go."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _run_in_worker(path: Path) -> GameRun:
    worker = _WORKER
    return run_game(path, worker["gm"], worker["moment"], worker["mailed"], worker["first_ran"])


@dataclass
class DueRun:
    """One `run-turn --due`. Iterating it runs the games and yields (line, ok) for each
    game acted on; ``games()`` yields every game's ``GameRun`` as it finishes; ``line()``
    is the summary."""

    gm: GmConfig
    moment: datetime
    jobs: int
    folders: list[Path]
    unreadable: list[Unreadable] = field(default_factory=list)
    """Game folders the scan could not look into: each a failed game."""
    counts: dict[Outcome, int] = field(default_factory=lambda: dict.fromkeys(Outcome, 0))
    named: dict[Outcome, list[str]] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)
    ended: float | None = None
    by_gm: int = 0
    """Of the games held, those the GM holds (`wtg hold`)."""
    late: list[GameRun] = field(default_factory=list)
    """The games the workers had in hand when the run was stopped early (Ctrl-C): finished
    and counted, but not yielded by ``games()``."""
    lobby: tuple[str, ...] = ()
    """What the lobby could not do before the games ran (``wtg.lobby.duetasks``: a list whose
    game could not be made, a game whose results could not be written), a line each: each
    fails the run as a failed game does."""
    mailed: Mapping[str, int] | None = None
    """The last turn mailed of each game (``run_game``'s ``mailed``); None: not asked."""
    first_ran: FirstRan | None = None
    """Told the name and the turn before of each game about to be written that ``mailed``
    does not name, in the process that runs it, once nothing refuses its turn and before the
    turn's first write (the mail journal's ``note_game``: a game never mailed yet is then
    mailed every turn of it, not taken for a game copied in from another host, though the
    run be killed right after its turn)."""
    said: Callable[[str], object] | None = None
    """Given what ``first_ran`` said of a game (``GameRun.said``), in this process."""

    def __iter__(self) -> Iterator[tuple[str, bool]]:
        for result in self.games():
            line = result.line()
            if line is not None:
                yield line, result.ok

    def games(self) -> Generator[GameRun, None, None]:
        """Each game's run as it finishes. Stopped early (Ctrl-C, or the iterator closed),
        the games not handed to a worker yet are not run, and those the workers had are
        finished and counted before it ends (``late``; ``line()`` says what ran)."""
        for result in self._results():
            yield self._count(result)
        self.ended = time.perf_counter()
        log_event(f"run-turn --due: {self.line()}", level=INFO if self.acted else DEBUG)

    def _count(self, result: GameRun) -> GameRun:
        result.log()
        if result.said is not None and self.said is not None:
            self.said(result.said)
        self.counts[result.outcome] += 1
        if result.by_gm:
            self.by_gm += 1
        if result.outcome in (Outcome.HELD, Outcome.FAILED, Outcome.BUSY):
            self.named.setdefault(result.outcome, []).append(result.folder.name)
        return result

    def _results(self) -> Iterator[GameRun]:
        for lost in self.unreadable:
            yield GameRun(lost.folder, Outcome.FAILED, lost.reason)
        jobs = min(self.jobs, len(self.folders))
        if jobs <= 1:
            for path in self.folders:
                yield run_game(path, self.gm, self.moment, self.mailed, self.first_ran)
            return
        futures: dict[Future[GameRun], Path] = {}
        told: set[Future[GameRun]] = set()
        pool = ProcessPoolExecutor(
            jobs,
            initializer=_start_worker,
            initargs=(self.gm, self.moment, self.mailed, self.first_ran),
        )
        try:
            with _ctrl_c_held():  # the first submit forks every worker
                for path in self.folders:
                    futures[pool.submit(_run_in_worker, path)] = path
            for future in as_completed(futures):
                told.add(future)
                yield _outcome(future, futures[future])
        finally:  # stopped early: the games not started are not run, those in hand finish
            pool.shutdown(wait=True, cancel_futures=True)
            for future, path in futures.items():
                if future not in told and future.done() and not future.cancelled():
                    self.late.append(self._count(_outcome(future, path)))

    @property
    def acted(self) -> bool:
        """Whether any game was run, held back, failed or skipped (cron then mails the
        output); a game the GM holds is no news."""
        news = dict(self.counts)
        news[Outcome.HELD] -= self.by_gm
        busy = any(n for outcome, n in news.items() if outcome is not Outcome.NOT_DUE)
        return busy or bool(self.lobby)

    @property
    def failed(self) -> bool:
        """Whether any game failed or was held back (a mail outage): the command then exits
        1. A game the GM holds is his choice, not a failure."""
        held = self.counts[Outcome.HELD] - self.by_gm
        return bool(self.counts[Outcome.FAILED] or held or self.lobby)

    def line(self) -> str:
        """``ran N, held N, failed N, not due N, in S s``, then the folders held, failed or
        skipped."""
        count = self.counts
        seconds = (self.ended or time.perf_counter()) - self.started
        text = (
            f"ran {count[Outcome.RAN]}, held {count[Outcome.HELD]}, "
            f"failed {count[Outcome.FAILED]}, not due {count[Outcome.NOT_DUE]}, "
            f"in {seconds:.1f} s"
        )
        for outcome in (Outcome.HELD, Outcome.FAILED, Outcome.BUSY):
            if outcome in self.named:
                text += f"; {outcome.value}: {', '.join(sorted(self.named[outcome]))}"
        if self.lobby:
            text += f"; lobby: {counted(len(self.lobby), 'problem')}"
        return text


def _outcome(future: Future[GameRun], path: Path) -> GameRun:
    """What a worker's game came to; a worker killed (out of memory, say) fails it."""
    try:
        return future.result()
    except BrokenProcessPool:
        return GameRun(path, Outcome.FAILED, WORKER_DIED)


def run_due(
    gm: GmConfig,
    now: datetime | None = None,
    jobs: int = 1,
    lobby: tuple[str, ...] = (),
    mailed: Mapping[str, int] | None = None,
    first_ran: FirstRan | None = None,
    said: Callable[[str], object] | None = None,
) -> DueRun:
    """The due games of ``gm.games_dir``, to run in ``jobs`` processes (iterate the result).
    ``lobby``: what the lobby could not do before (``DueRun.lobby``); ``mailed``: the last
    turn mailed of each game (``run_game``); ``first_ran``: told of a game about to be
    written that ``mailed`` does not name (``DueRun.first_ran``), and ``said`` what it
    said."""
    moment = now or datetime.now(timezone.utc)
    scan = scan_games(gm.games_dir)
    folders, unreadable = list(scan.folders), list(scan.unreadable)
    return DueRun(
        gm,
        moment,
        max(1, jobs),
        folders,
        unreadable,
        lobby=lobby,
        mailed=mailed,
        first_ran=first_ran,
        said=said,
    )
