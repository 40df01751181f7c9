"""The GM's controls on one game: hold it and release it, move its deadline, look at the
coming turn without running it, roll it back to an earlier turn.

Each changes the game under its lock and says what it did; telling the players is the
mail loop's (``wtg.mail.notices``), so these know no mail.
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta
from pathlib import Path

from wtg import private
from wtg.core.errors import GameError, UsageError
from wtg.core.record import Record
from wtg.core.ruleset import S
from wtg.engine import Game
from wtg.marks import Hold, clear_hold, set_hold
from wtg.rollback import Rollback, roll_back, rollbacks
from wtg.schedule import iso, parse_iso
from wtg.store import write_atomic
from wtg.takeover import rolled_back_files
from wtg.turnmeta import TURN_META, dump_json

MAX_HOURS = 24 * 366
"""The longest a deadline may be moved at once: a year."""


def hold(game: Game[S], now: datetime, reason: str = "") -> tuple[Hold, bool]:
    """Hold the game: no turn runs (``run-turn`` refuses, ``run-turn --due`` counts it
    held) until ``release``. Returns the hold and whether it is new (False: the game was
    held already, since then)."""
    with game.store.lock():
        kept = game.held()
        if kept is not None:
            return kept, False
        if game.ruleset.is_over(game.state()):
            raise GameError(f"game {game.config.game} is over: it has no turn to hold")
        made = Hold(since=iso(now), reason=" ".join(reason.split()))
        set_hold(game.store.root, made)
        return made, True


def release(game: Game[S]) -> Hold:
    """Let the game's turns run again; returns the hold it had. The deadline stays: one
    that passed while the game was held makes the turn due at once (``extend`` first)."""
    with game.store.lock():
        kept = game.held()
        if kept is None:
            raise GameError(f"game {game.config.game} is not held")
        clear_hold(game.store.root)
        return kept


class Extension(Record):
    """A deadline moved: of which turn, from when to when."""

    turn: int
    old: str
    new: str


def extend(game: Game[S], hours: float, now: datetime) -> Extension:
    """Move the coming turn's deadline ``hours`` later: after the current deadline, or
    after now when that has passed (a held game, say)."""
    if not math.isfinite(hours) or not 0 < hours <= MAX_HOURS:
        raise UsageError(f"HOURS must be a number of hours above 0 and at most {MAX_HOURS}")
    with game.store.lock():
        latest = game.latest_turn()
        if game.ruleset.is_over(game.state(latest)):
            raise GameError(f"game {game.config.game} is over: it has no deadline to move")
        path = game.store.turn_dir(latest) / TURN_META
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            meta = None
        old = meta.get("next_deadline") if isinstance(meta, dict) else None
        if not isinstance(meta, dict) or not isinstance(old, str):
            raise GameError(
                f"game {game.config.game} has no deadline (made without --every, or its "
                f"turn {latest} has none): there is none to move"
            )
        moved = max(parse_iso(old), now.replace(microsecond=0)) + timedelta(hours=hours)
        new = iso(moved.replace(microsecond=0))
        kept = meta.get("moved")
        history = kept if isinstance(kept, list) else []
        meta["next_deadline"] = new
        meta["moved"] = [*history, {"from": old, "to": new, "at": iso(now)}]
        write_atomic(path, dump_json(meta))
        return Extension(turn=latest + 1, old=old, new=new)


def preview(game: Game[S], out: Path, now: datetime, rerun: bool = False) -> tuple[int, list[str]]:
    """Resolve the coming turn (or the last again) into the folder ``out``: the files its
    turn folder would hold (state, events, reports, AOFs, orders, Top Ten), and nothing
    else changed: no turn committed, no pending order touched, no mail. Returns the turn
    and the files written."""
    root = game.store.root.resolve()
    target = out.resolve()
    if target == root or root in target.parents:
        raise UsageError(f"{out} is inside the game folder: give a folder outside it")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{out} exists and is not an empty folder")
    turn, files = game.preview_turn(rerun=rerun, now=now)
    private.make_dirs(target)
    made = {target}
    for relpath, text in sorted(files.items()):
        path = target / relpath
        if path.parent not in made:
            made.add(private.make_dirs(path.parent))
        private.write_file(path, text.encode(), sync=False)
    return turn, sorted(files)


def rollback(game: Game[S], to: int, now: datetime) -> tuple[Rollback, bool]:
    """Roll the game back to the end of turn ``to`` (``wtg.rollback``). Asked again once
    it is done (the game still at ``to`` since), it does nothing and returns that
    rollback, with False: so a GM whose command was cut short may simply give it again.
    The seats taken over after a turn it takes back stay taken over (``wtg.takeover``);
    GameError, and nothing changed, when one could not be at turn ``to``."""
    with game.store.lock():
        done = rollbacks(game.store)
        latest = game.latest_turn()
        if done and done[-1].to == to == latest:
            return done[-1], False
        if to == latest:
            raise GameError(f"game {game.config.game} is at turn {to} already")
        # refused here, before anything is written, when a takeover cannot stand at ``to``
        retaken = rolled_back_files(game, to) if 0 <= to < latest else {}
        return roll_back(game.store, to, now, game.config.schedule, retaken), True
