"""Killing `wtg release GAME` and `wtg announce GAME TEXT` (SIGKILL, no clean-up of any kind)
between two of their writes, then giving the same command again as a GM would: every player is told
of the release once, and gets the announcement once (when the killed run had finished,
the same text given again while its mails wait in the queue is refused), nothing
half-written, as killed or after.

As tests/test_kill_extend.py: each round kills just before one of the writes of a whole
run (``tests.killpoints``), the points spread over them.
tests/test_release_announce_again.py cuts the commands short in process and holds the
rulings' unit tests.
"""

from __future__ import annotations

import email
import email.policy
import json
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.test_gm_controls import released_again
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule
from wtg.gm.control import hold

KILLS = 12
"""Kill points, spread over the writes of a whole run."""
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


def config(tmp_path: Path) -> Path:
    path = tmp_path / "wtg.yaml"
    path.write_text(f"games_dir: {tmp_path / 'games'}\nfrom: gm@example.org\n")
    return path


def no_tmp(games: Path) -> None:
    assert not [p for p in games.rglob("*") if p.name.endswith(".tmp")]


def test_killing_release_then_giving_it_again_tells_every_player_once(tmp_path: Path) -> None:
    original = template(tmp_path / "template" / "g1", held=True)
    args = ["--config", str(config(tmp_path)), "release", "g1"]
    outcomes: dict[str, int] = {}
    games = tmp_path / "games"
    for round_no, _ in enumerate(_plan(tmp_path, original, args)):
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
        again = killpoints.wtg(args)
        if as_killed == "released and told":
            assert (again.returncode, again.stderr) == (1, released_again(tmp_path))
        else:
            assert again.returncode == 0, (round_no, again.stderr)
            cut = " was released already (held since " in again.stdout
            assert cut == (as_killed != "held"), again.stdout
        assert hold_file(games) is None and mails(games, "release-") == each(1)
        no_tmp(games)
    print(f"\n{KILLS} kills of release: {outcomes}")
    assert outcomes.get("held") and outcomes.get("released, not all told", 0) >= 3


def test_killing_announce_then_giving_it_again_mails_every_player_once(tmp_path: Path) -> None:
    original = template(tmp_path / "template" / "g1", held=False)
    args = ["--config", str(config(tmp_path)), "announce", "g1", "News."]
    outcomes: dict[str, int] = {}
    games = tmp_path / "games"
    for _ in _plan(tmp_path, original, args):
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
        again = killpoints.wtg(args)
        if as_killed == "announced":  # finished: its mails wait, the same text is a slip
            assert again.returncode == 1
            assert "still wait in the outbox's queue: not queued again" in again.stderr
        else:
            assert again.returncode == 0, again.stderr
            assert again.stdout.startswith("announcement queued already (at ") == (
                as_killed == "announced, not finished"
            ), again.stdout
        assert mails(games, "announce-") == each(1)
        assert intents(games) == []
        no_tmp(games)
    print(f"\n{KILLS} kills of announce: {outcomes}")
    assert outcomes.get("not announced") and outcomes.get("announced, not finished", 0) >= 3


def _plan(tmp_path: Path, original: Path, args: list[str]) -> Iterator[tuple[int, killpoints.Run]]:
    """The kills, each on a fresh copy of the game made just before it, just before one of
    the writes of a whole run (``tests.killpoints``), the points spread over them."""
    games = tmp_path / "games"

    fresh = killpoints.restorer(original, games / "g1", clearing=games)
    whole = killpoints.whole(args, games, fresh)
    return killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh)
