"""`wtg run-turn --due`: run every game whose deadline has passed or whose players are all
READY, once per deadline, and refuse when a mail outage looks likelier than a desertion."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

from wtg.config import GmConfig
from wtg.core.ruleset import TurnStyle
from wtg.engine import Game, GameError, open_game
from wtg.mail.health import last_poll
from wtg.store import GameLocked, StoreError


def game_dirs(games_dir: Path) -> list[Path]:
    if not games_dir.is_dir():
        return []
    return sorted(
        p for p in games_dir.iterdir() if not p.name.startswith(".") and (p / "game.yaml").is_file()
    )


def why_due(game: Game, now: datetime) -> str | None:
    """ "deadline passed", "all players ready", or None when the game is not due. In a game
    of turns one after another, a turn no human owes orders for (a robot's) is due at once."""
    status = game.status()
    if status["over"]:
        return None
    owing = [p for p in status["players"] if p["owes_orders"]]
    if owing and all(p["ready"] for p in owing):
        return "all players are READY"
    if not owing and game.ruleset.turn_style is TurnStyle.SEQUENTIAL:
        return "no player owes orders (a robot is to move)"
    deadline = game.deadline()
    if deadline is not None and now >= deadline:
        return "the deadline has passed"
    return None


def outage_suspected(game: Game, gm: GmConfig, now: datetime) -> str | None:
    """A reason to hold the turn: many players without orders while the poll has been failing."""
    owing = [p for p in game.status()["players"] if p["owes_orders"]]
    missing = [p for p in owing if not p["orders"]]
    if not owing or len(missing) / len(owing) < gm.limits.missing_share:
        return None
    health = last_poll(gm.spool)
    if health is None:
        return None
    stale = timedelta(hours=gm.limits.poll_stale_hours)
    failing = health.last_failure is not None and (
        health.last_success is None or health.last_failure > health.last_success
    )
    if failing or health.last_success is None or now - health.last_success > stale:
        return (
            f"{len(missing)} of {len(owing)} players have no orders and the mail poll "
            f"has not succeeded since {health.describe_success()}: a mail outage is "
            "likelier than a mass desertion. Fix the poll (or run the game by hand with "
            "`wtg run-turn GAME_DIR`)."
        )
    return None


def run_due(gm: GmConfig, now: datetime | None = None) -> Iterator[tuple[str, bool]]:
    """Run the due games; yields a line for each game acted on, and whether all went well."""
    moment = now or datetime.now(timezone.utc)
    for path in game_dirs(gm.games_dir):
        try:
            game = open_game(path)
            reason = why_due(game, moment)
            if reason is None:
                continue
            held = outage_suspected(game, gm, moment)
            if held:
                yield f"{path.name}: NOT run: {held}", False
                continue
            turn = game.run_turn(now=moment)
            yield f"{path.name}: turn {turn} resolved ({reason})", True
        except GameLocked:
            yield f"{path.name}: skipped, another process is writing it", True
        except (GameError, StoreError, ValueError) as exc:
            yield f"{path.name}: failed: {exc}", False
