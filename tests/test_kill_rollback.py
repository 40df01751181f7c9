"""Killing `wtg rollback GAME --to N` (SIGKILL, no clean-up of any kind) between any two of
its writes leaves the game, once the next writer has taken its lock, exactly as it was
or exactly rolled back, every byte; and as killed, before any recovery, no turn is lost:
each is in turns/ or in the archive, whole.

Each round copies a game of three turns (and orders pending for the fourth), starts the
real command and kills it just before one of its writes (``tests.killpoints``). The game
as rolled back is that of an uninterrupted run (its archive folder's name and record hold
the clock's time: they are compared without it). tests/test_rollback.py crashes it at
every step in process.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.files.store import GameStore
from wtg.game.engine import create_game
from wtg.game.schedule import make_schedule

KILLS = 20
"""Kill points, spread over the writes of a whole run."""


def files(root: Path) -> dict[str, bytes]:
    """Every file of a game folder but its lock, the archive folder's name made ``X`` and
    its record without the time."""
    found = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.name == ".lock":
            continue
        parts = list(path.relative_to(root).parts)
        if parts[0] == "archive" and len(parts) > 1:
            parts[1] = "X" if not parts[1].startswith(".tmp-") else ".tmp-X"
        data = path.read_bytes()
        if parts[-1] == "rollback.json" and parts[1] != ".tmp-X":  # a killed write in the
            # temporary folder may be cut short: that folder is not the rollback yet
            record = json.loads(data)
            record.pop("at")
            data = json.dumps(record).encode()
        found["/".join(parts)] = data
    return found


def template(root: Path) -> Path:
    """A game of three turns run now, with orders pending for the fourth."""
    now = datetime.now(timezone.utc)
    schedule = make_schedule(2, "18:00", "UTC", now=now)
    game = create_game(root, "wok4", "small", players(4), 3, schedule=schedule, now=now)
    typed = game.typed(WOK4)
    for turn in range(1, 5):
        for player in typed.ruleset.owing(typed.state()):
            typed.submit_all(filled_aof(typed, player), via="mail")
        if turn < 4:
            typed.run_turn(now=now)
    return root


def test_killing_rollback_leaves_the_game_as_it_was_or_rolled_back(tmp_path: Path) -> None:
    original = template(tmp_path / "template" / "g1")
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"  # the players' notices need its from
    config.write_text("games_dir: games\nfrom: gm@example.org\n", encoding="utf-8")
    args = ["--config", str(config), "rollback", "g1", "--to", "1"]

    root = games / "g1"
    fresh = killpoints.restorer(original, root, clearing=games)

    before = files(original)
    whole = killpoints.whole(args, games, fresh)
    after = files(games / "g1")
    assert after != before and "archive/X/turns/0003/state.json" in after
    turns = {k: v for k, v in before.items() if k.startswith("turns/")}
    as_before = as_after = 0
    for _ in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        killed = files(root)
        for name, data in turns.items():  # as killed: every turn whole, here or archived
            kept = {killed.get(name), killed.get(f"archive/X/{name}")}
            assert data in kept, name
        with GameStore(root).lock():  # the next writer finishes or undoes it
            pass
        now = files(root)
        assert now in (before, after)
        as_before += now == before
        as_after += now == after
    killpoints.wtg(args, check=True)  # the game is usable after
    assert as_before and as_after
