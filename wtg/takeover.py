"""A new player takes over a seat whose player quit (`wtg offer-seat`, then a mail
``JOIN <game>``): the rules' takeover of each side the seat plays, a new name, address and
secret code in game.yaml (the old code stops working at once), and the latest turn's state,
reports and AOFs written again, so that what the new player is mailed and what the next
turn runs from are the seat as taken over.

The latest turn's folder is rewritten file by file (each file atomically): game.yaml
first, then the state, then the reports. ``takeovers.json`` in that turn folder records
who took over which seat, when.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from wtg import private
from wtg.core.errors import GameError
from wtg.core.ruleset import SeatId, TakesOver
from wtg.engine import Game
from wtg.gameconfig import GameConfig, PlayerEntry, check_new_game, new_code
from wtg.store import write_atomic
from wtg.turnmeta import dump_json

RECORD = "takeovers.json"
KEPT_AS_THEY_WERE = ("events.json", "turn.json")


def can_take_over(game: Game, seat: int) -> str | None:
    """Why ``seat`` cannot be taken over now, or None when it can."""
    rules = game.ruleset
    if not isinstance(rules, TakesOver):
        return f"the rules of {rules.name} have no takeover"
    state = game.state_view()
    if rules.is_over(state):
        return f"game {game.config.game} is over"
    try:
        game.config.player(seat)
    except GameError as error:
        return str(error)
    sides = rules.sides_of(state, SeatId(seat))
    if not sides:
        return f"seat {seat} plays no side"
    for side in sides:
        try:
            rules.take_over(state, side, "check")
        except ValueError as error:
            return str(error)
    return None


def take_over(game: Game, seat: int, name: str, address: str, moment: datetime) -> PlayerEntry:
    """Give ``seat`` to a new player; returns his entry (with his new code). GameError when
    the seat cannot be taken over."""
    rules = game.ruleset
    with game.store.lock():
        why = can_take_over(game, seat)
        if why is not None or not isinstance(rules, TakesOver):
            raise GameError(f"seat {seat} of game {game.config.game} cannot be taken over: {why}")
        latest = game.latest_turn()
        state = game.state(latest)
        for side in rules.sides_of(state, SeatId(seat)):
            state = rules.take_over(state, side, name)
        entry = PlayerEntry(seat, name, address, new_code())
        players = tuple(entry if p.id == seat else p for p in game.config.players)
        check_new_game(game.config.game, players)
        config = GameConfig(
            game=game.config.game,
            ruleset=game.config.ruleset,
            map=game.config.map,
            seed=game.config.seed,
            players=players,
            variant=game.config.variant,
            options=game.config.options,
            schedule=game.config.schedule,
        )
        write_atomic(game.store.root / "game.yaml", config.to_yaml())
        game.config = config
        folder = game.store.turn_dir(latest)
        files = game._turn_files(state, game.events(latest), game.meta(latest))
        for relpath, text in sorted(files.items(), key=lambda item: item[0] != "state.json"):
            if relpath not in KEPT_AS_THEY_WERE:
                write_atomic(
                    private.make_dirs((folder / relpath).parent) / Path(relpath).name, text
                )
        done = _record(folder / RECORD)
        done.append({"seat": seat, "name": name, "at": moment.isoformat()})
        write_atomic(folder / RECORD, dump_json(done))
    return entry


def _record(path: Path) -> list[object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return data if isinstance(data, list) else []
