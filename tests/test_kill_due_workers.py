"""`run-turn --due` runs its games in a pool of forked workers (``wtg.host.due``), each of
which the kernel kills when the run that forked it dies (``wtg.host.parentdeath``,
``PR_SET_PDEATHSIG``): a run killed (``kill -9`` of its process alone, as systemd or the
OOM killer kills it) takes its workers with it, wherever each is in its game's turn. The
run killed just before each of a spread of its writes (whichever process made it: the
worker that reaches it kills the run and goes on until the kernel kills it), then given
again: each game's turn 1 is there once and whole, as the whole run wrote it; one
committed before the kill is not run again nor undone."""

from __future__ import annotations

import fcntl
import json
from pathlib import Path

from tests import killpoints
from tests.test_due_many import due_games, write_config
from wtg.files.store import LOCK_FILE

KILLS = 10


def made(root: Path) -> None:
    """Two games past their deadline at ``root / "games"``, and the config."""
    due_games(root / "games", 2)
    write_config(root)


def turn_files(game: Path) -> list[str]:
    """Every file of the game's turns and pending orders, by its path in the folder."""
    return sorted(str(p.relative_to(game)) for p in game.rglob("*") if p.is_file())


def workers_gone(games: Path) -> None:
    """Wait until no process holds a game's lock: the killed run's workers are dead."""
    for lock in sorted(games.glob(f"*/{LOCK_FILE}")):
        with open(lock, "a") as held:  # the lock taken once the dead let it go
            fcntl.flock(held, fcntl.LOCK_EX)


def test_a_due_run_killed_takes_its_workers_and_the_next_runs_each_turn_once(
    tmp_path: Path,
) -> None:
    host, fresh = killpoints.from_template(tmp_path, made)
    games = host / "games"
    args = ["--config", str(host / "wtg.yaml"), "run-turn", "--due", "--jobs", "2"]
    whole = killpoints.whole(args, games, fresh)
    assert whole.stdout.splitlines()[-1].startswith("ran 2, held 0, failed 0"), whole.stdout
    expected = {name: turn_files(games / name) for name in ("g01", "g02")}
    assert "turns/0001/turn.json" in expected["g01"], expected
    for at in killpoints.points(whole.writes, KILLS):
        fresh()
        cut = killpoints.run(args, at, games, whom="main")
        # a game's read copy of game.yaml (``.game.yaml.json``) is written again when its
        # file's time is too near the moment read to trust: a run may make a write fewer
        # than the whole run counted, and end before the last point
        assert cut.killed or (cut.returncode == 0 and cut.writes < at), (at, cut)
        workers_gone(games)
        committed = {
            name: (games / name / "turns" / "0001" / "turn.json").read_bytes()
            for name in ("g01", "g02")
            if (games / name / "turns" / "0001" / "turn.json").is_file()
        }
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        for name in ("g01", "g02"):
            assert turn_files(games / name) == expected[name], (at, cut.before, name)
            meta = json.loads((games / name / "turns" / "0001" / "turn.json").read_bytes())
            assert meta["turn"] == 1, (at, name)
        for name, before in committed.items():  # not run again, not undone
            assert (games / name / "turns" / "0001" / "turn.json").read_bytes() == before, at
    print(f"\n{whole.writes} writes, killed before {KILLS} of them")
