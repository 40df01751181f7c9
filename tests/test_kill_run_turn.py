"""Done when (issue 13): with the turn's files flushed in one go and its pending orders
moved aside in one rename, killing `wtg run-turn` or `wtg run-turn --due` (SIGKILL, no
clean-up of any kind) between any two of its writes leaves every game exactly at the turn
before, its orders still pending, or at the turn after, its orders archived in it, and
nothing half-written.

Each round files every player's orders (the demo's strategy, by mail as the poll files
them), runs the same turn on a copy of the game in this process for the expected bytes,
then starts the real command and kills it just before one of its writes
(``tests.killpoints``: the same write on every machine, however loaded), and checks every
game as the kill left it (before any writer has tidied up) and again after the next
writer's lock.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests import killpoints
from tests.conftest import players
from tests.shipped import WOK4
from wtg.cli.demo import filled_aof
from wtg.files.store import RECEIVED, TURN_DIR, GameStore, turn_name
from wtg.game.engine import create_game, open_game

KILLS = 25


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``: its path there and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@dataclass
class Expected:
    """A game before its turn runs: the turn, the orders pending for it, and the turn's
    folder as an uninterrupted run writes it (``turn.json``, with the clock's time, aside)."""

    root: Path
    before: int
    pending: dict[str, bytes]
    turn: dict[str, bytes]

    @classmethod
    def of(cls, root: Path, scratch: Path) -> Expected:
        game = open_game(root).typed(WOK4)
        for player in game.ruleset.owing(game.state()):
            game.submit_all(filled_aof(game, player), via="mail")
        before = game.latest_turn()
        pending = tree(game.store.pending_dir(before + 1))
        copy = scratch / root.name
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(root, copy)
        open_game(copy).typed(WOK4).run_turn()
        turn = tree(GameStore(copy).turn_dir(before + 1))
        del turn["turn.json"]
        return cls(root, before, pending, turn)

    def check_as_killed(self) -> int:
        """The game as the kill left it: at the turn before or after, nothing half-written.
        Returns the turn it is at."""
        store = GameStore(self.root)
        committed = [int(p.name) for p in store.turns_dir.iterdir() if TURN_DIR.match(p.name)]
        latest = max(committed)
        assert latest in (self.before, self.before + 1), (self.root, latest)
        pending = store.pending_dir(self.before + 1)
        if latest == self.before:
            assert tree(pending) == self.pending  # still pending, every byte
            return latest
        written = tree(store.turn_dir(latest))
        received = {k: v for k, v in written.items() if k.startswith(f"{RECEIVED}/")}
        rest = {k: v for k, v in written.items() if k not in received and k != "turn.json"}
        assert rest == {k: v for k, v in self.turn.items() if not k.startswith(f"{RECEIVED}/")}
        if pending.exists():  # killed between the turn's rename and the pending folder's
            assert (received, tree(pending)) == ({}, self.pending)
        else:
            assert {k.removeprefix(f"{RECEIVED}/"): v for k, v in received.items()} == self.pending
        return latest

    def check_recovered(self) -> int:
        """After the next writer's lock: no temporary folder, the pending orders in the
        turn that used them (or still pending for the turn to come)."""
        store = GameStore(self.root)
        with store.lock():
            pass
        latest = store.latest_turn()
        assert not [p.name for p in store.turns_dir.iterdir() if p.name.startswith(".")]
        folders = sorted(p.name for p in (self.root / "pending").iterdir())
        if latest == self.before:
            assert folders == [turn_name(latest + 1)]
            assert tree(store.pending_dir(latest + 1)) == self.pending
        else:
            assert folders == []
            assert tree(store.turn_dir(latest) / RECEIVED) == self.pending
        return latest


def play_and_kill(
    roots: list[Path], command: Callable[[Path], list[str]], scratch: Path, kills: int = KILLS
) -> None:
    """Each round: orders for every game that moved on, a run killed just before one of its
    writes, the checks. Round i of ``kills`` kills at the point i/(kills-1) of the way
    through the run's writes (counted on a copy of the games as they stand), so the first
    and the last write are among the points. ``command(games_dir)`` gives the arguments
    that run the games of that folder."""
    expected = {root: Expected.of(root, scratch) for root in roots}
    games_dir = roots[0].parent
    outcomes_before = outcomes_after = missed = 0
    for index in range(kills):
        probe = scratch / "probe"
        shutil.rmtree(probe, ignore_errors=True)
        shutil.copytree(games_dir, probe)
        whole = killpoints.whole(command(probe), probe)
        at = killpoints.points(whole.writes, kills)[index]
        killed = killpoints.run(command(games_dir), at, games_dir)
        if not killed.killed:  # workers in parallel: one may find a folder made by the other
            assert killed.returncode == 0 and at - 3 < killed.writes < at, (at, killed)
            missed += 1
        else:
            assert killed.writes == at - 1, (at, killed)
        for root in roots:
            game = expected[root]
            as_killed = game.check_as_killed()
            assert game.check_recovered() == as_killed
            if as_killed == game.before:
                outcomes_before += 1
            else:
                outcomes_after += 1
                expected[root] = Expected.of(root, scratch)
    assert outcomes_before and outcomes_after and missed <= 1


def test_killing_run_turn_leaves_the_turn_before_or_after(tmp_path: Path) -> None:
    root = tmp_path / "games" / "k"
    create_game(root, "wok4", "classic60", players(), seed=11).typed(WOK4)
    play_and_kill([root], lambda games: ["run-turn", str(games / "k")], tmp_path / "scratch")


def test_killing_run_turn_due_leaves_each_game_before_or_after(tmp_path: Path) -> None:
    games = tmp_path / "games"
    roots = [games / f"d{i}" for i in range(1, 5)]
    for number, root in enumerate(roots, start=1):
        create_game(root, "wok4", "classic60", players(), seed=number).typed(WOK4)

    def command(folder: Path) -> list[str]:
        config = folder.parent / f"{folder.name}.yaml"
        config.write_text(f"games_dir: {folder}\nfrom: gm@example.org\n")
        return ["--config", str(config), "run-turn", "--due", "--jobs", "2"]

    play_and_kill(roots, command, tmp_path / "scratch", kills=12)
