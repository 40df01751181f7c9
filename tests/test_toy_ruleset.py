"""A sixth ruleset, made by following docs/architecture.md ("A new ruleset"), registered
for these tests only and played through the command line: new-game, aof, orders, run-turn,
report, topten, state; and its folder placed in wtg/rules/ of a copy of the package, found
there with nothing else touched."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import tests.toy_ruleset as toy
from tests.test_architecture import FILE_MODULES
from wtg.cli import main
from wtg.game.registry import SHIPPED_NAMES, UnknownRuleset, find_ruleset, register, unregister

TOY = Path(toy.__file__).parent
ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [f"--player=P{i}:p{i}@example.org:CODE000{i}" for i in (1, 2, 3)]


@pytest.fixture
def registered() -> Iterator[None]:
    seating, options = toy.REGISTRATION.seating, toy.REGISTRATION.options
    register("toy", "tests.toy_ruleset", seating, toy.HERE / "templates" / "toy", options)
    yield
    unregister("toy")


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def bid(game: Path, player: int, value: int, folder: Path) -> Result:
    """The player's AOF from ``wtg aof``, filled in with a bid and filed by ``wtg orders``."""
    form = wtg("aof", game, "--player", player).output
    assert "B1: _" in form
    path = folder / f"p{player}.txt"
    path.write_text(form.replace("B1: _", f"B1: {value}"), encoding="utf-8")
    return wtg("orders", game, path)


def play_turn(game: Path, bids: dict[int, int], folder: Path) -> None:
    for player, value in bids.items():
        assert bid(game, player, value, folder).exit_code == 0
    assert wtg("run-turn", game).exit_code == 0


def test_the_toy_ruleset_plays_a_game_through_the_command_line(
    tmp_path: Path, registered: None
) -> None:
    game = tmp_path / "bids"
    made = wtg("new-game", game, "--ruleset", "toy", *PLAYERS, "--seed", 3)
    assert made.output == (
        "game bids created: toy on map table, seed 3, 3 players by mail; turn 0 is ready\n"
    )
    assert "YOUR BID (10 points win)" in wtg("aof", game, "--player", 2).output

    play_turn(game, {1: 7, 2: 7, 3: 5}, tmp_path)
    report = wtg("report", game, "--player", 3).output
    assert report.startswith(
        "Highest Unique Bid - turn 1\n"
        "Bids: player 1 bid 7, player 2 bid 7, player 3 bid 5.\n"
        "Player 3 scores 5.\n\n"
        "P1                     0\nP2                     0\nP3                     5  <- you\n"
    )
    assert "GAME: bids  TURN: 2  PLAYER: 3  CODE: CODE0003" in report

    refused = bid(game, 1, 0, tmp_path)  # the one door: nothing accepted, nothing stored
    assert refused.exit_code == 2
    assert "line 8: REJECTED B1: 0: a bid is 1 to 9" in refused.output
    play_turn(game, {1: 9, 2: 4, 3: 4}, tmp_path)
    play_turn(game, {1: 9, 2: 3, 3: 2}, tmp_path)

    state = json.loads(wtg("state", game, "--json").output)
    assert state["turn"] == 3 and state["winner"] == 1
    assert [p["score"] for p in state["players"]] == [18, 0, 5]
    assert "Player 1 wins with 10 points or more." in wtg("report", game, "--player", 2).output
    topten = wtg("topten", game).output.splitlines()
    assert [line.split()[:4] for line in topten[2:]] == [
        ["1", "#1", "P1", "18"],
        ["2", "#3", "P3", "5"],
        ["3", "#2", "P2", "0"],
    ]


def test_registering_leaves_the_shipped_rulesets_alone(registered: None) -> None:
    made: object = toy.RULESET  # the registry forgets its state type: the same object
    assert find_ruleset("toy") is made
    assert "toy" not in SHIPPED_NAMES
    with pytest.raises(ValueError, match="shipped"):
        unregister("wok4")


def test_without_registering_there_is_no_toy() -> None:
    with pytest.raises(UnknownRuleset, match="no ruleset 'toy'"):
        find_ruleset("toy")


def test_the_toy_follows_the_doc_in_under_175_lines() -> None:
    """Its rules import no file module (they get their form from the Library); the whole
    ruleset's code, its folder (rules, options and registration), is under 175 lines."""
    rules = ast.parse((TOY / "toy" / "rules.py").read_text(encoding="utf-8"))
    imported = [
        alias.name if isinstance(node, ast.Import) else node.module or ""
        for node in ast.walk(rules)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert [name for name in imported if name.split(".")[0] in FILE_MODULES] == []
    assert sum(len(p.read_text().splitlines()) for p in (TOY / "toy").glob("*.py")) < 175


def installed_with_the_toy(where: Path) -> Path:
    """A copy of the package and its data under ``where``, the toy ruleset's folder placed
    in it as ``wtg/rules/toy/`` and its form and template beside the shipped ones: nothing
    else added or changed."""
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "wtg", where / "wtg", ignore=skip)
    shutil.copytree(TOY / "toy", where / "wtg" / "rules" / "toy", ignore=skip)
    shutil.copytree(ROOT / "forms", where / "forms")
    shutil.copy(TOY / "forms" / "toy.yaml", where / "forms")
    (where / "games").symlink_to(ROOT / "games")
    shutil.copytree(ROOT / "templates", where / "templates")
    shutil.copytree(TOY / "templates" / "toy", where / "templates" / "toy")
    return where


def wtg_in(where: Path, *args: object) -> subprocess.CompletedProcess[str]:
    """``wtg ARGS`` run from the copy under ``where`` (its package and its data)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WTG_", "PYTHON"))}
    env["WTG_DATA_DIR"] = str(where)
    command = [sys.executable, "-c", "from wtg.cli import main; main()", *map(str, args)]
    return subprocess.run(command, cwd=where, env=env, capture_output=True, text=True)


def test_a_ruleset_added_as_one_folder_is_found_with_its_options(tmp_path: Path) -> None:
    """Issue 26: "A ruleset is one folder: its options and its registration live in
    rules/<name>/; adding one touches no table elsewhere". The toy's folder, copied as it
    is into wtg/rules/ of a copy of the package (with its form and template among the
    data), is a ruleset of the command line: its own option (``--goal``) and its seating."""
    where = installed_with_the_toy(tmp_path / "copy")
    found = subprocess.run(
        [sys.executable, "-c", "import wtg.rules.toy as t; print(t.__file__)"],
        cwd=where,
        capture_output=True,
        text=True,
    )
    assert found.stdout.strip() == str(where / "wtg" / "rules" / "toy" / "__init__.py")

    helps = " ".join(wtg_in(where, "new-game", "--help").stdout.split())
    assert "--goal INTEGER [toy] Points that win a game of bids (default 10)." in helps
    alone = wtg_in(where, "new-game", "solo", "--ruleset", "toy", "--player=P1:p1@example.org")
    assert (alone.returncode, alone.stderr) == (
        1,
        "wtg: a game of toy takes 2 to 6 players, not 1\n",
    )
    assert not (where / "solo").exists()

    players = [f"--player=P{i}:p{i}@example.org" for i in (1, 2)]
    made = wtg_in(where, "new-game", "bids", "--ruleset", "toy", *players, "--goal", 3)
    assert made.stdout.startswith("game bids created: toy on map table"), made.stderr
    state = json.loads(wtg_in(where, "state", "bids", "--json").stdout)
    assert (state["ruleset"], state["goal"]) == ("toy", 3)
    assert "YOUR BID (3 points win)" in wtg_in(where, "aof", "bids", "--player", 1).stdout
