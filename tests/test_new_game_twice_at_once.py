"""The same `wtg new-game` given in two terminals at once (newgm47): the second found the
first's folder before its game.yaml, took it for one a kill left (which the same command
finishes) and wrote its own game.yaml over it, another seed and other codes than the turn 0
the first then wrote; or it said `already exists and is not empty` alone. The first holds
the game's lock from its look at the folder to its game.yaml: the second is refused, saying
that another `wtg new-game` is making the game, and writes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import killpoints
from tests.test_kill_new_game import NEW_GAME, PLAYERS, host
from wtg.files.store import FORMAT_FILE, LOCK_FILE

HOLDER = """
import sys
from pathlib import Path
from wtg.files.filelock import exclusive
with exclusive(Path(sys.argv[1]), lambda: RuntimeError("taken")):
    print("held", flush=True)
    sys.stdin.read()
"""
"""A process holding a game's lock until its input ends: the first `wtg new-game`, caught
between its look at the folder and its game.yaml."""


def test_a_new_game_being_made_by_another_is_refused_and_left_to_it(tmp_path: Path) -> None:
    games, config = host(tmp_path)
    folder = games / "g1"
    for made in ("turns", "pending"):  # what the first has written so far
        (folder / made).mkdir(parents=True)
    (folder / FORMAT_FILE).write_text("2\n")
    before = sorted(p.name for p in folder.iterdir())
    first = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder / LOCK_FILE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout is not None and first.stdout.readline() == "held\n"
        second = killpoints.wtg([*config, *NEW_GAME, *PLAYERS])
    finally:
        first.communicate("")
    assert second.returncode == 1
    assert second.stderr == (
        f"wtg: {folder} is being made by another wtg new-game at this moment (in another "
        f"terminal?): nothing was done here; `wtg --config {tmp_path / 'wtg.yaml'} status` "
        "shows the game once it is made\n"
    )
    assert sorted(p.name for p in folder.iterdir()) == sorted([*before, LOCK_FILE])
    assert not (folder / "game.yaml").exists()
    # the first killed there after all: the same command finishes it, as before
    again = killpoints.wtg([*config, *NEW_GAME, *PLAYERS])
    assert again.returncode == 0, again.stderr
    assert (folder / "game.yaml").is_file() and (folder / "turns" / "0000").is_dir()
