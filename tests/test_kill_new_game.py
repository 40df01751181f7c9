"""Killing `wtg new-game` (SIGKILL, no clean-up of any kind) just before one of its writes
(twelve spread over a whole run, ``killpoints.points``), then giving the same command again
as a GM would: the game is made whole, the game an uninterrupted run makes (every file of it
but the clock's time in turn.json), and `wtg status` reads it; as killed, `wtg status` says
in one line that there is no game yet, never a traceback. Before, a kill anywhere after the
game's folder was made left a folder every later `new-game` refused ("already exists and is
not empty") and no command could finish.

A re-run whose settings differ from those the killed run wrote is refused, naming what to
do; a re-run that leaves the seed and the codes to chance finishes the game with those the
killed run chose.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

from tests import killpoints
from tests.test_kill_run_turn import tree

PLAYERS = [
    "--player",
    "Ann:ann@example.org:ANNCODE123",
    "--player",
    "Bob:bob@example.org:BOBCODE123",
]
NEW_GAME = ["new-game", "g1", "--ruleset", "wok4", "--map", "small", "--seed", "3", "--every", "2"]


def host(root: Path) -> tuple[Path, list[str]]:
    """An empty games folder and the config's options that name it."""
    games = root / "games"
    games.mkdir(parents=True)
    config = root / "wtg.yaml"
    config.write_text(f"games_dir: {games}\nfrom: gm@example.org\n")
    return games, ["--config", str(config)]


def made(games: Path) -> dict[str, bytes]:
    """The game's files as a GM would compare them: the clock's turn.json and the lock aside."""
    return {k: v for k, v in tree(games / "g1").items() if not k.endswith(("turn.json", ".lock"))}


def status(config: list[str]) -> subprocess.CompletedProcess[str]:
    return killpoints.wtg([*config, "status", "g1"])


def killed(
    args: list[str], at: int, games: Path, config: list[str]
) -> tuple[killpoints.Run, subprocess.CompletedProcess[str]]:
    """``games`` emptied, ``args`` (a new-game) killed just before its write ``at``, and
    `wtg status` as the kill left it: one line on stderr, exit 1, never a traceback."""
    shutil.rmtree(games)
    games.mkdir()
    cut = killpoints.run(args, at, games)
    assert cut.killed and cut.writes == at - 1, (at, cut)
    seen = status(config)
    assert seen.returncode == 1 and len(seen.stderr.splitlines()) == 1, (at, seen.stderr)
    assert "Traceback" not in seen.stderr and seen.stderr.startswith("wtg: "), seen.stderr
    return cut, seen


def test_new_game_killed_at_any_write_is_made_whole_by_the_same_command(tmp_path: Path) -> None:
    games, config = host(tmp_path / "whole")
    args = [*config, *NEW_GAME, *PLAYERS]
    whole = killpoints.whole(args, games)
    expected = made(games)
    assert "turns/0000/reports/p01.txt" in expected
    games, config = host(tmp_path / "host")
    args = [*config, *NEW_GAME, *PLAYERS]
    outcomes: dict[str, int] = {}
    for at in killpoints.points(whole.writes, 12):  # spread: CI's time
        cut, seen = killed(args, at, games, config)
        as_killed = "made, no turn 0" if (games / "g1" / "game.yaml").exists() else "not made"
        told = f"its making was cut short; give the same `wtg {shlex.join(config)} new-game` again"
        assert (told in seen.stderr) == (as_killed != "not made"), seen.stderr
        # gmtrial39: a folder the kill left before game.yaml was said `is not a game folder
        # (no game.yaml)` alone, and the GM did not know to give the command again
        before = (
            "is not a game folder (no game.yaml): its making was cut short before it wrote "
            f"game.yaml; give the same `wtg {shlex.join(config)} new-game` again, which makes "
            "it anew"
        )
        folder_left = as_killed == "not made" and (games / "g1").is_dir()
        assert (before in seen.stderr) == folder_left, seen.stderr
        if folder_left:
            outcomes["folder, no game.yaml"] = outcomes.get("folder, no game.yaml", 0) + 1
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert ("cut short before its turn 0" in again.stdout) == (as_killed != "not made")
        assert made(games) == expected, (at, cut.before)
        assert status(config).returncode == 0
    print(f"\n{whole.writes} writes, killed before each: {outcomes}")
    assert outcomes.get("not made") and outcomes.get("made, no turn 0")
    assert outcomes.get("folder, no game.yaml")


def cut_after_game_yaml(games: Path, args: list[str]) -> None:
    """A run killed at the first write after its game.yaml is there (turn 0 not written)."""
    whole = killpoints.count(args, games)
    for at in range(1, whole.writes + 1):
        shutil.rmtree(games)
        games.mkdir()
        killpoints.run(args, at, games)
        if (games / "g1" / "game.yaml").exists():
            return
    raise AssertionError("no kill left a game.yaml")


def test_a_rerun_leaving_seed_and_codes_to_chance_keeps_those_of_the_killed_run(
    tmp_path: Path,
) -> None:
    games, config = host(tmp_path)
    chance = [*config, "new-game", "g1", "--ruleset", "wok4", "--map", "small"]
    args = [*chance, "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org"]
    cut_after_game_yaml(games, args)
    kept = (games / "g1" / "game.yaml").read_text()
    again = killpoints.wtg(args)
    assert again.returncode == 0, again.stderr
    assert (games / "g1" / "game.yaml").read_text() == kept
    assert status(config).returncode == 0


def test_a_rerun_with_other_settings_is_refused_naming_what_to_do(tmp_path: Path) -> None:
    games, config = host(tmp_path)
    cut_after_game_yaml(games, [*config, *NEW_GAME, *PLAYERS])
    other = [*config, *NEW_GAME, "--player", "Ann:ann@example.org", "--player", "Cy:cy@example.org"]
    again = killpoints.wtg(other)
    folder = (games / "g1").absolute()
    assert (again.returncode, again.stderr) == (
        1,
        f"wtg: {folder} holds a game g1 whose `wtg {shlex.join(config)} new-game` was cut short "
        "before its turn 0, "
        "with other players: give that command again to finish it, or remove the folder "
        f"(rm -r {folder}) and make the game anew\n",
    )
    assert not (games / "g1" / "turns" / "0000").exists()


def test_a_rerun_with_the_hour_written_with_a_leading_zero_finishes_the_game(
    tmp_path: Path,
) -> None:
    """`--at 9:00`, then, given again, `--at 09:00`: the same hour, refused as "other
    deadlines", and the GM told to remove the folder. The hour is kept as HH:MM now, as it
    is written (`at: '09:00'` in game.yaml) and compared."""
    games, config = host(tmp_path)
    cut_after_game_yaml(games, [*config, *NEW_GAME, "--at", "9:00", *PLAYERS])
    assert "at: 09:00" in (games / "g1" / "game.yaml").read_text().replace("'", "")
    again = [*config, *NEW_GAME, "--at", "09:00", *PLAYERS]
    done = killpoints.wtg(again)
    assert done.returncode == 0, done.stderr
    assert (games / "g1" / "turns" / "0000").is_dir()
