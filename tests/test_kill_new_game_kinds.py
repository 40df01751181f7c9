"""Killing `wtg new-game` (SIGKILL, no clean-up of any kind) just before each of its writes,
for the games tests/test_kill_new_game.py does not make: a game on a GM's own map
(``--map PATH.yaml``, whose copy the game keeps as ``map.yaml``), a WISK game and a
Tactics game with its bots. As killed, `wtg status` says in one line that there is no game
yet, or that its making was cut short, never a traceback; the same command given again makes
the game an uninterrupted run makes (every file of it but the clock's time in turn.json),
which `wtg status` reads. Every write of a whole run is a kill point for the GM's own map
(its copy is the kind's own write); for WISK and Tactics, whose writes are the same files
in the same order, every third and the last, to keep CI's time.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import killpoints
from tests.test_kill_new_game import PLAYERS, host, killed, made, status
from wtg.data.maps import GAME_MAP
from wtg.data.paths import games_path

THIRD = ["--player", "Cy:cy@example.org:CYCODE1234"]


def own_map(root: Path) -> list[str]:
    """A GM's map file outside the games folder (the shipped small map, copied)."""
    path = root / "maps" / "mine.yaml"
    path.parent.mkdir(parents=True)
    shutil.copyfile(games_path("wok4") / "small.yaml", path)
    return ["--ruleset", "wok4", "--map", str(path), *PLAYERS]


def wisk(root: Path) -> list[str]:
    return ["--ruleset", "wisk", *PLAYERS, *THIRD]


def tactics(root: Path) -> list[str]:
    return ["--ruleset", "tactics", "--bots", "2", *PLAYERS]


@pytest.mark.parametrize("options", [own_map, wisk, tactics], ids=lambda f: f.__name__)
def test_new_game_killed_before_each_write_is_made_whole_given_again(
    tmp_path: Path, options: Callable[[Path], list[str]]
) -> None:
    extra = options(tmp_path)
    games, config = host(tmp_path / "whole")
    args = [*config, "new-game", "g1", "--seed", "3", *extra]
    whole = killpoints.whole(args, games)
    expected = made(games)
    assert "turns/0000/reports/p01.txt" in expected
    assert (GAME_MAP in expected) == (options is own_map)
    games, config = host(tmp_path / "host")
    args = [*config, "new-game", "g1", "--seed", "3", *extra]
    outcomes: dict[str, int] = {}
    step = 1 if options is own_map else 3
    for at in sorted({*range(1, whole.writes + 1, step), whole.writes}):
        cut, seen = killed(args, at, games, config)
        as_killed = "made, no turn 0" if (games / "g1" / "game.yaml").exists() else "not made"
        # a folder left without game.yaml is said cut short too (gmtrial39); an empty one,
        # as a GM's mkdir leaves, is said no game folder alone
        g1 = games / "g1"
        folder_left = as_killed == "not made" and g1.is_dir() and any(g1.iterdir())
        cut_short = "its making was cut short" in seen.stderr
        assert cut_short == (as_killed != "not made" or folder_left), (at, seen.stderr)
        if folder_left:
            outcomes["folder, no game.yaml"] = outcomes.get("folder, no game.yaml", 0) + 1
        outcomes[as_killed] = outcomes.get(as_killed, 0) + 1
        again = killpoints.wtg(args)
        assert again.returncode == 0, (at, cut.before, again.stderr)
        assert made(games) == expected, (at, cut.before)
        assert not list(games.rglob("*.tmp")), (at, cut.before)
        assert status(config).returncode == 0, at
    kills = sum(outcomes.values())
    print(f"\n{options.__name__}: {whole.writes} writes, killed before {kills}: {outcomes}")
    assert outcomes.get("not made") and outcomes.get("made, no turn 0")
