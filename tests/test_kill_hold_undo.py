"""Killing `wtg hold GAME --undo` (SIGKILL, no clean-up of any kind) between two of its
writes, then giving it again as a GM would: the hold is taken back whole, every notice of
it out of the queue, nothing half-written; as killed, the game is held as it was, or held
with `wtg status` naming the command to give again, or taken back (``tests.killpoints``:
each round kills just before one of the writes of a whole run)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests import killpoints
from tests.test_kill_release_announce import config, template

KILLS = 8
"""Kill points, spread over the writes of a whole run."""


def queued(games: Path) -> int:
    return len(list((games / ".mail" / "outbox" / "queue").glob("hold-*.eml")))


def owed(args: list[str]) -> list[str]:
    status = killpoints.wtg([*args[:2], "status", "g1", "--json"], check=True)
    return [str(line) for line in json.loads(status.stdout)["owed"]]


def test_killing_hold_undo_then_giving_it_again_takes_the_hold_back_whole(
    tmp_path: Path,
) -> None:
    made = tmp_path / "template"
    template(made / "games" / "g1", held=False)
    made_config = made / "wtg.yaml"
    made_config.write_text(f"games_dir: {made / 'games'}\nfrom: gm@example.org\n")
    killpoints.wtg(["--config", str(made_config), "hold", "g1"], check=True)
    assert queued(made / "games") == 10
    games = tmp_path / "games"
    args = ["--config", str(config(tmp_path)), "hold", "g1", "--undo"]
    fresh = killpoints.restorer(made / "games", games)
    whole = killpoints.whole(args, games, fresh)
    outcomes: dict[str, int] = {}
    for at, _cut in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), fresh):
        held = games / "g1" / "held.json"
        kept = json.loads(held.read_text()) if held.exists() else None
        if kept is None:
            as_killed = "taken back"
            assert queued(games) == 0 and owed(args) == []
        elif kept.get("taking_back"):
            as_killed = "being taken back"
            assert queued(games) <= 10
            assert [line.split(": give ")[1] for line in owed(args)] == [
                "`wtg hold g1 --undo` again (or `wtg hold g1` to tell every player after all)"
            ]
        else:
            as_killed = "held"
            assert queued(games) == 10 and owed(args) == []
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        again = killpoints.wtg(args)
        if as_killed == "taken back":
            assert (again.returncode, again.stderr) == (
                1,
                "wtg: game g1 is not held: no hold to take back\n",
            ), at
        else:
            assert again.returncode == 0, (at, again.stderr)
        assert not held.exists() and queued(games) == 0 and owed(args) == []
        assert not [p for p in games.rglob("*") if p.name.endswith(".tmp")]
    shutil.rmtree(games)
    print(f"\n{whole.writes} writes, killed before {KILLS} of them: {outcomes}")
    assert outcomes.get("held") and outcomes.get("being taken back", 0) >= 3
