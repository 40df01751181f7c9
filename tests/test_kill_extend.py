"""Killing `wtg extend GAME HOURS` (SIGKILL, no clean-up of any kind) between two of its
writes, then giving the same command again as a GM would: the deadline has moved exactly
once for each move that counted, and every player is told of each move exactly once, with
its deadline; nothing is half-written, as killed or after.

Each round copies a game of ten players whose deadline is ahead, starts the real command
and kills it just before one of its writes (``tests.killpoints``), the points spread over
the writes of a whole run: the move written, each notice queued, the move marked told.
tests/test_extend_again.py cuts the command short in process and holds the ruling's unit
tests.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from tests import killpoints
from tests.conftest import players
from wtg.game.engine import create_game
from wtg.game.schedule import local_text, make_schedule, parse_iso

KILLS = 24
"""Kill points, spread over the writes of a whole run."""
HOURS = 36
EVERY_PLAYER = sorted(p.email for p in players(10))


def template(root: Path) -> tuple[Path, str]:
    """A game of ten players whose first deadline is a day and a half ahead, and that
    deadline."""
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=36)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    game = create_game(root, "wok4", "classic60", players(10), 7, schedule=schedule, now=now)
    deadline = game.deadline_stamp()
    assert deadline is not None
    return root, deadline


def meta(games: Path) -> dict[str, Any]:
    """The game's turn.json (a killed write never leaves it cut short)."""
    data: dict[str, Any] = json.loads((games / "g1" / "turns" / "0000" / "turn.json").read_text())
    return data


def moves(games: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = meta(games).get("moved", [])
    return found


def owed(games: Path) -> bool:
    """Whether the move is written and its notices not yet all told."""
    try:
        history = moves(games)
    except (OSError, ValueError):
        return False
    return bool(history) and history[-1]["told"] is False


def queued(games: Path) -> int:
    queue = games / ".mail" / "outbox" / "queue"
    return len(list(queue.glob("*.eml"))) if queue.is_dir() else 0


def notices(games: Path) -> dict[str, list[tuple[str, str]]]:
    """Each player's deadline notices: (the new deadline, the old one) as their text says.
    Every queued or sent mail is read whole."""
    found: dict[str, list[tuple[str, str]]] = {}
    outbox = games / ".mail" / "outbox"
    for path in sorted([*outbox.glob("queue/*.eml"), *outbox.glob("sent/extend-*.eml")]):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, email.message.EmailMessage) and path.name.startswith("extend-")
        part = msg.get_body(preferencelist=("plain",))
        assert part is not None
        match = re.search(
            r"it is now (.+)\n\(it was (.+)\)\.", str(part.get_content()).replace("\r\n", "\n")
        )
        assert match is not None, path
        address = str(msg["To"]).split("<")[-1].rstrip(">")
        found.setdefault(address, []).append((match[1], match[2]))
    return {address: sorted(told) for address, told in sorted(found.items())}


def told_of(history: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The notice of each move: (its new deadline, the old one), as the game writes them."""
    return sorted(
        (local_text(parse_iso(m["to"]), "UTC"), local_text(parse_iso(m["from"]), "UTC"))
        for m in history
    )


def check_as_killed(games: Path, before: str) -> str:
    """The game as the kill left it: not moved, or moved once with some of its notices
    queued (each whole, one a player), or moved and told. Returns which."""
    history = moves(games)
    told = notices(games)
    if not history:
        assert meta(games)["next_deadline"] == before and told == {}
        return "not moved"
    (move,) = history
    assert (move["from"], move["hours"]) == (before, HOURS)
    assert move["to"] == meta(games)["next_deadline"]
    assert parse_iso(move["to"]) - parse_iso(before) == timedelta(hours=HOURS)
    assert all(kept == told_of(history) for kept in told.values())
    if move["told"]:
        assert sorted(told) == EVERY_PLAYER
        return "moved and told"
    return f"moved, {len(told)} of 10 told"


def check_given_again(games: Path, before: str, as_killed: str, out: str) -> None:
    """After the GM gave the command again: one move for a run that had not moved it or
    had not told everyone, two for a run that had done all (its line lost in the kill)."""
    history = moves(games)
    assert [m["told"] for m in history] == [True] * (2 if as_killed == "moved and told" else 1)
    assert [m["from"] for m in history] == [before, *(m["to"] for m in history[:-1])]
    deadline = meta(games)["next_deadline"]
    assert parse_iso(deadline) - parse_iso(before) == timedelta(hours=HOURS * len(history))
    assert notices(games) == {address: told_of(history) for address in EVERY_PLAYER}
    again = as_killed.startswith("moved, ")
    assert (" was extended already to " in out) == again, out
    assert not [p for p in games.rglob("*") if p.name.endswith(".tmp")]


def test_killing_extend_then_giving_it_again_moves_the_deadline_once(tmp_path: Path) -> None:
    original, before = template(tmp_path / "template" / "g1")
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    args = ["--config", str(config), "extend", "g1", str(HOURS)]

    fresh = killpoints.restorer(original, games / "g1", clearing=games)
    whole = killpoints.whole(args, games, fresh)
    (move,) = moves(games)
    outcomes: dict[str, int] = {}
    for _ in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        as_killed = check_as_killed(games, before)
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        out = killpoints.wtg(args, check=True).stdout
        check_given_again(games, before, as_killed, out)
    print(f"\n{whole.writes} writes, killed before {KILLS} of them: {outcomes}")
    assert move["to"] != before
    assert outcomes.get("not moved") and sum(n for k, n in outcomes.items() if ", " in k) >= 3
