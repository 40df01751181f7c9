"""Killing `wtg release GAME` and `wtg announce GAME TEXT` (SIGKILL, no clean-up of any kind)
at random moments, then giving the same command again as a GM would: every player is told
of the release once, and gets the announcement once (twice when the killed run had
finished: two announcements), nothing half-written, as killed or after.

As tests/test_kill_extend.py: some rounds kill at a random moment of the whole run, the
others once the intent is written and some of the mails are queued (a few milliseconds of
a run of a quarter of a second, which random moments alone would seldom hit).
tests/test_release_announce_again.py cuts the commands short in process and holds the
rulings' unit tests.
"""

from __future__ import annotations

import email
import email.policy
import json
import random
import shutil
import subprocess
from collections.abc import Callable
from datetime import datetime, timezone
from functools import partial
from pathlib import Path

from tests.conftest import players
from tests.test_kill_run_turn import WTG, kill_after, kill_once, timed
from wtg.control import hold
from wtg.engine import create_game
from wtg.schedule import make_schedule

ROUNDS = 3
"""Kills of each kind."""
EVERY_PLAYER = sorted(p.email for p in players(10))


def template(root: Path, held: bool) -> Path:
    now = datetime.now(timezone.utc)
    schedule = make_schedule(2, "18:00", "UTC", now=now)
    game = create_game(root, "wok4", "classic60", players(10), 7, schedule=schedule, now=now)
    if held:
        hold(game, now, "a bug")
    return root


def mails(games: Path, prefix: str) -> dict[str, int]:
    """Each address's mails queued whose id starts with ``prefix`` (each read whole)."""
    found: dict[str, int] = {}
    queue = games / ".mail" / "outbox" / "queue"
    for path in sorted(queue.glob("*.eml")) if queue.is_dir() else []:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert path.name.startswith(prefix) and msg.get_body(preferencelist=("plain",))
        address = str(msg["To"]).split("<")[-1].rstrip(">")
        found[address] = found.get(address, 0) + 1
    return dict(sorted(found.items()))


def each(times: int) -> dict[str, int]:
    return dict.fromkeys(EVERY_PLAYER, times)


def hold_file(games: Path) -> dict[str, str] | None:
    try:
        data: dict[str, str] = json.loads((games / "g1" / "held.json").read_text())
    except (OSError, ValueError):
        return None
    return data


def intents(games: Path) -> list[Path]:
    folder = games / ".mail" / "announce"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def released(games: Path) -> bool:
    kept = hold_file(games)
    return kept is not None and "released" in kept


def announcing(games: Path) -> bool:
    return bool(intents(games))


def telling_from(owed: Callable[[Path], bool], games: Path, count: int) -> bool:
    queue = games / ".mail" / "outbox" / "queue"
    return owed(games) and queue.is_dir() and len(list(queue.glob("*.eml"))) >= count


def config(tmp_path: Path) -> Path:
    path = tmp_path / "wtg.yaml"
    path.write_text(f"games_dir: {tmp_path / 'games'}\nfrom: gm@example.org\n")
    return path


def no_tmp(games: Path) -> None:
    assert not [p for p in games.rglob("*") if p.name.endswith(".tmp")]


def test_killing_release_then_giving_it_again_tells_every_player_once(tmp_path: Path) -> None:
    original = template(tmp_path / "template" / "g1", held=True)
    command = [WTG, "--config", str(config(tmp_path)), "release", "g1"]
    outcomes: dict[str, int] = {}
    cut_short = 0
    games = tmp_path / "games"
    for round_no, kill in enumerate(_plan(tmp_path, original, command, released)):
        cut_short += kill()
        kept, told = hold_file(games), mails(games, "release-")
        if kept is not None and "released" not in kept:
            as_killed = "held"
            assert kept == {"since": kept["since"], "reason": "a bug"} and told == {}
        elif kept is not None:
            as_killed = "released, not all told"
            assert set(told.values()) <= {1}
        else:
            as_killed = "released and told"
            assert told == each(1)
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        again = subprocess.run(command, capture_output=True, text=True)
        if as_killed == "released and told":
            assert (again.returncode, again.stderr) == (1, "wtg: game g1 is not held\n")
        else:
            assert again.returncode == 0, (round_no, again.stderr)
            cut = " was released already (held since " in again.stdout
            assert cut == (as_killed != "held"), again.stdout
        assert hold_file(games) is None and mails(games, "release-") == each(1)
        no_tmp(games)
    print(f"\n{3 * ROUNDS} kills of release, {cut_short} cut short: {outcomes}")
    assert cut_short >= ROUNDS and outcomes.get("released, not all told", 0) >= 3


def test_killing_announce_then_giving_it_again_mails_every_player_once(tmp_path: Path) -> None:
    original = template(tmp_path / "template" / "g1", held=False)
    command = [WTG, "--config", str(config(tmp_path)), "announce", "g1", "News."]
    outcomes: dict[str, int] = {}
    cut_short = 0
    games = tmp_path / "games"
    for kill in _plan(tmp_path, original, command, announcing):
        cut_short += kill()
        told = mails(games, "announce-")
        if intents(games):
            as_killed = "announced, not finished"
            assert set(told.values()) <= {1}
        elif told:
            as_killed = "announced"
            assert told == each(1)
        else:
            as_killed = "not announced"
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        assert out.startswith("announcement queued already (at ") == (
            as_killed == "announced, not finished"
        ), out
        assert mails(games, "announce-") == each(2 if as_killed == "announced" else 1)
        assert intents(games) == []
        no_tmp(games)
    print(f"\n{3 * ROUNDS} kills of announce, {cut_short} cut short: {outcomes}")
    assert cut_short >= ROUNDS and outcomes.get("announced, not finished", 0) >= 3


def _plan(
    tmp_path: Path, original: Path, command: list[str], owed: Callable[[Path], bool]
) -> list[Callable[[], bool]]:
    """The kills, each on a fresh copy of the game made just before it."""
    games = tmp_path / "games"

    def fresh() -> None:
        shutil.rmtree(games, ignore_errors=True)
        shutil.copytree(original, games / "g1")

    fresh()
    full = timed(command)
    rng = random.Random(31)

    def fresh_then(kill: Callable[[], bool]) -> Callable[[], bool]:
        def run() -> bool:
            fresh()
            return kill()

        return run

    plan = [
        fresh_then(partial(kill_after, command, rng.uniform(0.0, 1.05 * full)))
        for _ in range(ROUNDS)
    ]
    plan += [
        fresh_then(partial(kill_once, command, partial(telling_from, owed, games, k), 0.0))
        for k in rng.sample(range(10), 2 * ROUNDS)
    ]
    return plan
