"""Killing `wtg extend GAME --undo` (SIGKILL, no clean-up of any kind) between two of its
writes, then giving the same command again as a GM would: the move taken back once (the
deadline where it was before the move), each player told of the move back exactly once,
with its deadline, and `wtg status` owing nothing. Killed before every player was told,
`wtg status` names the command to give again as `wtg extend g1 --undo`: it said `give
`wtg extend g1 HOURS` again`, a command the GM had not given, of a move it called 'the
deadline's move to' the old deadline.

The game of tests/test_kill_extend.py, its deadline moved once and told; each round kills
the undo just before one of its writes (``tests.killpoints``): the move back written, each
notice queued, the move back marked told.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests import killpoints
from tests.test_kill_extend import EVERY_PLAYER, HOURS, meta, moves, notices, template, told_of

KILLS = 6
"""Kill points, spread over the writes of a whole run."""


def check_undone(games: Path, before: str) -> None:
    """The move and its undoing, both told; the deadline back where it was; every player
    told of each once; nothing half-written."""
    history = moves(games)
    assert [(m["hours"], m.get("undo", False), m["told"]) for m in history] == [
        (HOURS, False, True),
        (-HOURS, True, True),
    ]
    assert history[1]["from"] == history[0]["to"] and history[1]["to"] == before
    assert meta(games)["next_deadline"] == before
    assert notices(games) == {address: told_of(history) for address in EVERY_PLAYER}
    assert not [p for p in games.rglob("*") if p.name.endswith(".tmp")]


def owed_lines(base: list[str]) -> list[str]:
    """What `wtg status g1 --json` says a command cut short still owes the players."""
    status = killpoints.wtg([*base, "status", "g1", "--json"], check=True)
    return [str(line) for line in json.loads(status.stdout)["owed"]]


def test_killing_extend_undo_then_giving_it_again_takes_the_move_back_once(
    tmp_path: Path,
) -> None:
    original, before = template(tmp_path / "template" / "g1")
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    base = ["--config", str(config)]
    moved = tmp_path / "moved"
    moved_config = tmp_path / "moved.yaml"
    moved_config.write_text(f"games_dir: {moved}\nfrom: gm@example.org\n")
    killpoints.restorer(original, moved / "g1", clearing=moved)()
    for command in (["extend", "g1", str(HOURS)], ["send"]):  # the move told and mailed:
        killpoints.wtg(  # its undoing is told (one not mailed is taken back unseen)
            ["--config", str(moved_config), *command], check=True
        )
    args = [*base, "extend", "g1", "--undo"]
    fresh = killpoints.restorer(moved / "g1", games / "g1", clearing=games)
    spool = moved / ".mail"  # the move's notices, queued in the host's spool

    def restore() -> None:
        fresh()
        shutil.copytree(spool, games / ".mail")

    whole = killpoints.whole(args, games, restore)
    check_undone(games, before)
    outcomes: dict[str, int] = {}
    for _ in killpoints.cuts(args, games, killpoints.points(whole.writes, KILLS), restore):
        history = moves(games)
        as_killed = (
            "not undone"
            if len(history) == 1
            else "undone and told"
            if history[-1]["told"]
            else "undone, not all told"
        )
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        owed = owed_lines(base)
        if as_killed == "undone, not all told":  # what status says to give again: --undo
            assert any("give `wtg extend g1 --undo` again" in line for line in owed), owed
            assert not any("HOURS" in line for line in owed), owed
        else:
            assert owed == [], owed
        again = killpoints.wtg(args)
        if as_killed == "undone and told":
            assert again.returncode == 1, again
        else:
            assert again.returncode == 0, (as_killed, again.stderr)
            assert (" was moved back already " in again.stdout) == (
                as_killed == "undone, not all told"
            ), again.stdout
        check_undone(games, before)
        assert owed_lines(base) == []
    print(f"\n{whole.writes} writes, killed before {KILLS} of them: {outcomes}")
    assert outcomes.get("not undone") and outcomes.get("undone, not all told", 0) >= 3


def test_undo_given_after_the_move_was_cut_short_says_it_took_nothing_back(
    tmp_path: Path,
) -> None:
    """`wtg extend g1 36` killed before every player was told, then `wtg extend g1 --undo`:
    it finishes the move (as `extend` given again does) and takes nothing back, and its
    line said only 'was extended already ... not moved again', the GM left to think the
    move he meant to take back was gone. It says the move stands and to give --undo again;
    given again, the move is taken back once."""
    original, before = template(tmp_path / "template" / "g1")
    games = tmp_path / "games"
    config = tmp_path / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    base = ["--config", str(config)]
    args = [*base, "extend", "g1", str(HOURS)]
    fresh = killpoints.restorer(original, games / "g1", clearing=games)
    log = tmp_path / "writes.log"
    killpoints.whole(args, games, fresh, log=log)
    writes = killpoints.written(log)
    notices_at = [n for n, what in enumerate(writes, 1) if "/outbox/queue/" in what]
    for at, _cut in killpoints.cuts(args, games, notices_at[1:-1:3], fresh):
        assert moves(games)[-1]["told"] is False, at
        undo = killpoints.wtg([*base, "extend", "g1", "--undo"])
        assert undo.returncode == 0, undo.stderr
        said = " ".join(undo.stdout.split())
        assert " was extended already to " in said, said
        assert f"not taken back: give `wtg --config {config} extend g1 --undo` again" in said
        assert [m.get("undo", False) for m in moves(games)] == [False]
        killpoints.wtg([*base, "send"], check=True)  # mailed
        again = killpoints.wtg([*base, "extend", "g1", "--undo"])
        assert again.returncode == 0, again.stderr
        assert "taken back" in again.stdout and "not taken back" not in again.stdout
        check_undone(games, before)
