"""Intermediate WoK played whole from the command line: 2 players on the 20-province map and 5
on the 30-province map, 15 turns each, every player's orders written by the built-in player
into a real AOF and fed to `wtg orders` as mail text; over each game every section of the
AOF is used."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.shipped import INTERMEDIATE
from tests.test_standard_games import NAMES, cli_state, code, wtg
from wtg.aof.render import render_aof
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.rules.intermediate.strategy import plan_orders
from wtg.text.yamlio import load_yaml


def new_game(root: Path, humans: int, map_name: str, seed: int) -> Path:
    game_dir = root / "intermediate"
    players = [f"--player={NAMES[i - 1]}:p{i}@example.org:{code(i)}" for i in range(1, humans + 1)]
    result = wtg(
        "new-game",
        game_dir,
        "--ruleset",
        "intermediate",
        "--variant",
        "skirmish",
        "--map",
        map_name,
        *players,
        "--seed",
        seed,
    )
    assert result.exit_code == 0, result.output
    return game_dir


def play(game_dir: Path, turns: int) -> Counter[str]:
    """Up to ``turns`` turns through `wtg orders` and `wtg run-turn`; returns how many stored
    orders each AOF section held, over the game."""
    used: Counter[str] = Counter()
    for _ in range(turns):
        game = open_game(game_dir).typed(INTERMEDIATE)
        state = game.state()
        if game.ruleset.is_over(state):
            break
        turn = state.turn + 1
        for side in game.ruleset.owing(state):
            planned = {
                **plan_orders(state, side, random.Random(side * 100 + turn)),
                "quit": False,  # the QUIT line filled with 0: the player stays
                "ready": True,
            }
            header = {"game": game.config.game, "turn": turn, "player": side, "code": code(side)}
            form = game.ruleset.form
            text = render_aof(form, header, planned, game.ruleset.form_context(state, side))
            path = game_dir.parent / f"orders-{side}-{turn}.txt"
            path.write_text(text, encoding="utf-8")
            result = wtg("orders", game_dir, path)
            assert result.exit_code == 0, result.output
            assert " 0 rejected" in result.output, result.output
        result = wtg("run-turn", game_dir)
        assert result.exit_code == 0, result.output
        for stored in (game_dir / "turns" / f"{turn:04d}" / "orders").glob("p*.yaml"):
            orders = load_yaml(stored.read_text(encoding="utf-8"))
            used.update({k: len(v) if isinstance(v, list) else 1 for k, v in orders.items()})
    return used


GAMES = [
    pytest.param(2, "marchlands", 6, id="2-players-marchlands"),
    pytest.param(5, "pentarchy", 11, id="5-players-pentarchy"),
]


@pytest.mark.parametrize(("humans", "map_name", "seed"), GAMES)
def test_fifteen_turns_from_the_command_line(
    tmp_path: Path, humans: int, map_name: str, seed: int
) -> None:
    game_dir = new_game(tmp_path, humans, map_name, seed)
    used = play(game_dir, 15)
    state = cli_state(game_dir)
    assert state["ruleset"] == "intermediate" and state["map"] == map_name
    assert state["variant"] == "skirmish"
    assert state["turn"] == 15 and state["outcome"] is None
    form = open_game(game_dir).typed(INTERMEDIATE).ruleset.form
    sections = {s.key for s in form.sections}
    assert sections - set(used) == set(), f"sections never used: {sections - set(used)}"
    for province in state["provinces"]:
        assert province["terrain"] in ("Desert", "Forest", "Mountain", "Plains", "Swamp")
        troops = [province[k] for k in ("arm", "pik", "arc", "kni", "cat")]
        assert all(t >= 0 for t in troops) and sum(troops) <= 999
    upgraded = sum(p[k] for p in state["provinces"] for k in ("pik", "arc", "kni", "cat"))
    assert upgraded > 0
    for player in state["players"]:
        assert isinstance(player["wood"], int) and player["wood"] >= 0
    for seat in range(1, humans + 1):
        report = wtg("report", game_dir, "--player", seat)
        assert report.exit_code == 0
        owns = any(p["owner"] == seat for p in state["provinces"])
        assert ("TERRAIN" in report.output) == owns
        assert ("WOOD:" in report.output) == owns  # one out with nothing: the news alone


def test_new_game_options(tmp_path: Path) -> None:
    """`wtg new-game --ruleset intermediate [--variant skirmish]`: the 20-province map by
    default, Standard's headhunting option, and no other variant."""
    players = [f"--player={name}:{name.lower()}@example.org" for name in NAMES[:2]]
    made = wtg(
        "new-game", tmp_path / "a", "--ruleset", "intermediate", *players, "--headhunting-turns", 3
    )
    assert made.exit_code == 0, made.output
    assert "intermediate on map marchlands" in made.output
    state = cli_state(tmp_path / "a")
    assert (state["variant"], state["protection"]) == ("skirmish", 3)
    refused = CliRunner().invoke(
        main,
        [
            "new-game",
            str(tmp_path / "b"),
            "--ruleset",
            "intermediate",
            "--variant",
            "duel",
            *players,
        ],
    )
    assert refused.exit_code != 0
    assert "no variant 'duel' of intermediate (variants: skirmish)" in refused.output
