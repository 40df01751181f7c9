"""A sixth ruleset, made by following docs/architecture.md ("A new ruleset"), registered
for these tests only and played through the command line: new-game, aof, orders, run-turn,
report, topten, state."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import tests.toy_ruleset as toy
from tests.test_architecture import FILE_MODULES
from wtg.cli import main
from wtg.game.registry import SHIPPED_NAMES, UnknownRuleset, find_ruleset, register, unregister

TOY = Path(toy.__file__).parent
PLAYERS = [f"--player=P{i}:p{i}@example.org:CODE000{i}" for i in (1, 2, 3)]


@pytest.fixture
def registered() -> Iterator[None]:
    register("toy", "tests.toy_ruleset", toy.SEATING, toy.HERE / "templates" / "toy")
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
        ["1", "1", "P1", "18"],
        ["2", "3", "P3", "5"],
        ["3", "2", "P2", "0"],
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


def test_the_toy_follows_the_doc_in_under_150_lines() -> None:
    """Its rules import no file module (they get their form from the Library); the whole
    ruleset's code is under 150 lines."""
    rules = ast.parse((TOY / "rules.py").read_text(encoding="utf-8"))
    imported = [
        alias.name if isinstance(node, ast.Import) else node.module or ""
        for node in ast.walk(rules)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert [name for name in imported if name.split(".")[0] in FILE_MODULES] == []
    assert sum(len(p.read_text().splitlines()) for p in TOY.glob("*.py")) < 150
