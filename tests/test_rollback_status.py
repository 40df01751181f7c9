"""`wtg rollback GAME --to N`, then `--undo`, walked as a GM does it (docs/gm.md): `wtg
status GAME` said nothing of either, so a GM who rolled a game back at night could not tell
which game he had rolled back, nor whether his undo was done; it says the last rollback now
while the game is where it left it (``wtg.gm.rollbacknote``; ``last_rollback`` in
``--json``). And the undo's own line said "turn 2 counts again, as they ran"."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner, Result

from tests.test_gm_controls import minutes
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.gm.rollback import rollbacks

PLAYERS = ("--player", "Me:me@example.org", "--player", "Also:also@example.org")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def host_at_turn(tmp_path: Path, turns: int) -> tuple[str, Path]:
    assert wtg("init", tmp_path / "host").exit_code == 0
    host = ("--config", tmp_path / "host" / "wtg.yaml")
    made = wtg(*host, "new-game", "g1", "--ruleset", "wok4", *PLAYERS, "--every", 2)
    assert made.exit_code == 0, made.output
    for _ in range(turns):
        assert wtg(*host, "send").exit_code == 0
        assert wtg(*host, "run-turn", "g1", "--now", "--just-mailed").exit_code == 0
    assert wtg(*host, "send").exit_code == 0
    return host


def lines(result: Result, start: str) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith(start)]


def test_status_says_the_rollback_and_its_undo(tmp_path: Path) -> None:
    host = host_at_turn(tmp_path, 3)
    given = f"wtg --config {host[1]}"  # how the commands it names begin
    assert lines(wtg(*host, "status", "g1"), "ROLL") == []
    rolled = wtg(*host, "rollback", "g1", "--to", 1)
    assert rolled.exit_code == 0, rolled.output
    ident = re.search(r"archive/(\S+)\)", rolled.stdout)
    assert ident is not None
    at = json.loads((tmp_path / "host/games/g1/archive" / ident[1] / "rollback.json").read_text())[
        "at"
    ]
    assert lines(wtg(*host, "status", "g1"), "ROLL") == [
        f"ROLLED BACK to turn 1 at {minutes(at)} (turns 2-3 kept in archive/{ident[1]}): `{given} "
        "rollback g1 --undo` puts turns 2-3 back as they ran, while no turn has run since"
    ]
    said = json.loads(wtg(*host, "status", "g1", "--json").stdout)["last_rollback"]
    assert said == {
        "to": 1,
        "latest": 3,
        "at": at,
        "archive": f"archive/{ident[1]}",
        "undone": None,
        "before": None,
    }
    assert wtg(*host, "rollback", "g1", "--undo").exit_code == 0
    undone = json.loads(wtg(*host, "status", "g1", "--json").stdout)["last_rollback"]
    assert undone["to"] == 1 and undone["undone"] is not None
    assert lines(wtg(*host, "status", "g1"), "ROLL") == [
        f"ROLLBACK UNDONE: the rollback to turn 1 (at {minutes(at)}) was undone at "
        f"{minutes(undone['undone'])}: "
        "turns 2-3 count again, as they ran"
    ]


def test_one_turn_undone_is_said_in_the_singular(tmp_path: Path) -> None:
    host = host_at_turn(tmp_path, 2)
    given = f"wtg --config {host[1]}"  # how the commands it names begin
    assert wtg(*host, "rollback", "g1", "--to", 1).exit_code == 0
    rolled = lines(wtg(*host, "status", "g1"), "ROLLED BACK")
    assert len(rolled) == 1 and rolled[0].endswith(
        "(turn 2 kept in archive/"
        + rolled[0].split("archive/")[1].split(")")[0]
        + f"): `{given} rollback g1 --undo` puts turn 2 back as it ran, while no turn has run since"
    )
    undo = wtg(*host, "rollback", "g1", "--undo")
    assert "(turn 2 counts again, as it ran; the orders pending" in undo.stdout
    done = lines(wtg(*host, "status", "g1"), "ROLLBACK UNDONE")
    assert len(done) == 1 and done[0].endswith(": turn 2 counts again, as it ran")
    assert wtg(*host, "send").exit_code == 0
    again = wtg(*host, "run-turn", "g1", "--now", "--just-mailed")
    assert again.exit_code == 0, again.output
    ran = wtg(*host, "status", "g1", "--json")
    assert lines(wtg(*host, "status", "g1"), "ROLL") == []  # a turn ran since: history
    assert json.loads(ran.stdout)["last_rollback"] is None


def test_a_second_undo_undoes_the_rollback_before_it(tmp_path: Path) -> None:
    """docs/gm.md: "`--undo --again` then undoes the one before it, while the game is at
    its turn". It said `was undone already` instead, and the turn the first rollback took
    back was lost: run again at its deadline with the orders sent since. A plain `--undo`
    given again (the GM lost its output) is refused, nothing changed: it undid the
    rollback before it too, and the players were told of both."""
    host = host_at_turn(tmp_path, 3)
    given = f"wtg --config {host[1]}"  # how the commands it names begin
    assert wtg(*host, "rollback", "g1", "--to", 2).exit_code == 0
    assert wtg(*host, "rollback", "g1", "--to", 1).exit_code == 0
    first = wtg(*host, "rollback", "g1", "--undo")
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith("game g1: the rollback to turn 1 undone, the game at turn 2")
    undone = lines(wtg(*host, "status", "g1"), "ROLLBACK UNDONE")
    assert len(undone) == 1 and undone[0].endswith(
        f"turn 2 counts again, as it ran; the rollback before it, to turn 2, stands: `{given} "
        "rollback g1 --undo --again` undoes it"
    )
    outbox = tmp_path / "host/games/.mail/outbox/queue"
    queued = sorted(p.name for p in outbox.glob("*.eml"))
    assert queued  # the notices of the rollback to turn 2 wait: an undo of it takes them out
    twice = wtg(*host, "rollback", "g1", "--undo")
    assert twice.exit_code == 1
    store = open_game(tmp_path / "host/games/g1").store
    (at,) = [r.undone for r in rollbacks(store, undone=True) if r.to == 1]
    assert at is not None
    (standing,) = rollbacks(store)
    before = standing.at
    assert twice.stderr == (
        f"wtg: game g1's rollback to turn 1 was undone at {minutes(at)} already (the game at turn "
        "2 again since), every player told: not undone again. The rollback before it, to turn 2 "
        f"(at {minutes(before)}), stands: `{given} rollback g1 --undo --again` undoes it too (turn "
        "3 back as it ran)\n"
    )
    assert sorted(p.name for p in (tmp_path / "host/games/g1/turns").iterdir()) == [
        "0000",
        "0001",
        "0002",
    ]
    assert sorted(p.name for p in outbox.glob("*.eml")) == queued  # no player told again
    forward = wtg(*host, "rollback", "g1", "--to", 3)  # the turn meant: how to put it back
    assert forward.exit_code == 1
    assert forward.stderr.endswith(
        f"; turn 3 was taken back by the rollback to turn 2 at {minutes(before)} (kept in archive/"
        f"{standing.ident}): `{given} rollback g1 --undo --again` puts "
        "turn 3 back as it ran, while no turn has run since\n"
    )
    alone = wtg(*host, "rollback", "g1", "--again")
    assert (alone.exit_code, alone.stderr) == (
        1,
        "wtg: --again goes with --undo: it undoes the rollback before the one undone\n",
    )
    second = wtg(*host, "rollback", "g1", "--undo", "--again")
    assert second.stdout.startswith("game g1: the rollback to turn 2 undone, the game at turn 3")
    assert sorted(p.name for p in (tmp_path / "host/games/g1/turns").iterdir()) == [
        "0000",
        "0001",
        "0002",
        "0003",
    ]
    third = wtg(*host, "rollback", "g1", "--undo")
    assert third.stdout.startswith("game g1: the rollback to turn 2 was undone already")
    assert "0 notices queued" in third.stdout
    said = json.loads(wtg(*host, "status", "g1", "--json").stdout)["last_rollback"]
    assert (said["to"], said["latest"], said["before"]) == (2, 3, None)
