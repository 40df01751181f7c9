"""WISK played whole from the command line: three players (two humans whose AOFs this test
writes, and a robot) and six robots, each to a winner in a bounded number of turns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from tests.shipped import WISK
from wtg.aof.render import render_aof
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.rules.wisk.state import PLAYING, WiskState
from wtg.rules.wisk.strategy import enemies_next_to, plan

MAX_TURNS = 1000
"""A bound no seeded game here comes near: the 6-robot game below ends on turn 234, the
3-player game on turn 42; the 6-robot games of seeds 1-200 (as bench/bench_wisk.py
plays them) all ended by turn 521, on turn 182 on average."""


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def code(seat: int) -> str:
    return f"CODE{seat:04d}"


def state_json(game_dir: Path) -> dict[str, Any]:
    result = wtg("state", game_dir, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def careful_orders(state: WiskState, pid: int) -> dict[str, Any]:
    """Human 2's own way: the robot's trades and placements, but attacks that stop while 3
    armies are left and move only half the armies in, and no fortification."""
    orders: dict[str, Any] = plan(state, pid)
    if state.stage != PLAYING:
        return orders
    for attack in orders.get("attack", []):
        attack["until"], attack["move"] = 3, 0
    orders.pop("fortify", None)
    return orders


def aof_for(game_dir: Path, state: WiskState, pid: int) -> str:
    """The AOF a human mails: filled in by the robot strategy (human 1) or carefully
    (human 2), as text."""
    game = open_game(game_dir).typed(WISK)
    orders = plan(state, pid) if pid == 1 else careful_orders(state, pid)
    if pid == 1 and state.stage == PLAYING:
        orders["ready"] = True
    header = {"game": game.config.game, "turn": state.turn + 1, "player": pid, "code": code(pid)}
    return render_aof(game.ruleset.form, header, orders, game.ruleset.form_context(state, pid))


def play_to_the_end(game_dir: Path) -> int:
    """Turns until somebody wins: a human's AOF through `wtg orders`, then `wtg run-turn`."""
    for turn in range(1, MAX_TURNS + 1):
        game = open_game(game_dir).typed(WISK)
        state = game.state()
        if game.ruleset.is_over(state):
            return turn - 1
        for pid in game.ruleset.owing(state):
            path = game_dir.parent / f"aof-{pid}-{turn}.txt"
            path.write_text(aof_for(game_dir, state, pid), encoding="utf-8")
            stored = wtg("orders", game_dir, path)
            assert stored.exit_code == 0, stored.output
            assert "REJECTED" not in stored.output, stored.output
        result = wtg("run-turn", game_dir)
        assert result.exit_code == 0, result.output
        assert f"turn {turn} of game" in result.output
    raise AssertionError(f"no winner in {MAX_TURNS} turns")


def test_three_players_two_humans_and_a_robot_play_to_a_winner(tmp_path: Path) -> None:
    game_dir = tmp_path / "wisk3"
    created = wtg(
        "new-game",
        game_dir,
        "--ruleset",
        "wisk",
        f"--player=Ann:ann@example.org:{code(1)}",
        f"--player=Bob:bob@example.org:{code(2)}",
        "--robots",
        1,
        "--assignment",
        "semi",
        "--seed",
        11,
    )
    assert created.exit_code == 0, created.output
    start = state_json(game_dir)
    assert [(p["id"], p["robot"]) for p in start["players"]] == [(1, False), (2, False), (3, True)]
    assert start["stage"] == "place" and start["active"] == 1
    turns = play_to_the_end(game_dir)
    end = state_json(game_dir)
    assert end["winner"] in (1, 2, 3) and end["won_by"] == "domination"
    assert {t["owner"] for t in end["territories"]} == {end["winner"]}
    assert end["turn"] == turns
    winner = wtg("report", game_dir, "--player", 1).output
    assert "THE GAME IS OVER" in winner
    assert wtg("run-turn", game_dir).exit_code != 0  # nothing left to play
    topten = wtg("topten", game_dir).output.splitlines()
    assert topten[1].split() == ["RANK", "PLAYER", "ARMIES", "TERRITORIES", "STATUS"]
    first = topten[2].split()  # rank, id, name, armies, territories, status
    armies = sum(t["armies"] for t in end["territories"])
    assert first[:2] == ["1", f"#{end['winner']}"]
    assert first[-3:] == [str(armies), "42", "WINNER"]


def test_six_robots_play_to_a_winner(tmp_path: Path) -> None:
    game_dir = tmp_path / "wisk6"
    created = wtg("new-game", game_dir, "--ruleset", "wisk", "--robots", 6, "--seed", 5)
    assert created.exit_code == 0, created.output
    start = state_json(game_dir)
    assert len(start["players"]) == 6 and all(p["robot"] for p in start["players"])
    assert all(t["armies"] >= 1 for t in start["territories"])
    turns = play_to_the_end(game_dir)
    assert turns <= MAX_TURNS
    end = state_json(game_dir)
    assert end["winner"] and sum(p["status"] == "active" for p in end["players"]) == 1
    dead = [p for p in end["players"] if p["status"] == "dead"]
    assert len(dead) == 5 and all(p["eliminated_by"] for p in dead)
    state = open_game(game_dir).typed(WISK).state()
    assert not any(enemies_next_to(state, end["winner"], t) for t in range(1, 43))


def test_a_turn_run_again_is_byte_identical(tmp_path: Path) -> None:
    """The dice come from the game's RNG: `run-turn --rerun` gives the same turn."""
    game_dir = tmp_path / "again"
    created = wtg("new-game", game_dir, "--ruleset", "wisk", "--robots", 3, "--seed", 8)
    assert created.exit_code == 0, created.output
    for _ in range(4):
        assert wtg("run-turn", game_dir).exit_code == 0
    turn = game_dir / "turns" / "0004"
    names = ("state.json", "events.json", "topten.txt", "orders/p01.yaml", "reports/gm.txt")
    before = {name: (turn / name).read_bytes() for name in names}
    assert b'"kind": "battle"' in before["events.json"]
    assert wtg("run-turn", game_dir, "--rerun", "--unchanged").exit_code == 0
    assert {name: (turn / name).read_bytes() for name in names} == before


def test_a_game_of_robots_only_gives_the_gm_a_report_every_turn(tmp_path: Path) -> None:
    """Issue 14: "A game of robots only gives the GM no report." Every turn now writes
    reports/gm.txt, the report of no player: the battle log and the map every player
    sees, never a card in hand or a mission; `wtg report GAME --gm` prints it."""
    game_dir = tmp_path / "watched"
    created = wtg(
        "new-game", game_dir, "--ruleset", "wisk", "--robots", 4, "--missions", "--seed", 3
    )  # fmt: skip
    assert created.exit_code == 0, created.output
    for _ in range(8):
        assert wtg("run-turn", game_dir).exit_code == 0
    events = json.loads((game_dir / "turns" / "0008" / "events.json").read_text("utf-8"))
    for turn in range(0, 9):
        shown = wtg("report", game_dir, "--gm", "--turn", turn)
        assert shown.exit_code == 0, shown.output
        path = game_dir / "turns" / f"{turn:04d}" / "reports" / "gm.txt"
        assert shown.output == path.read_text(encoding="utf-8")
        assert f"report of turn {turn} for the game master" in shown.output
        assert "THE MAP" in shown.output and "PLAYERS" in shown.output
        for secret in ("You:", "Your cards", "Your secret mission", "Your new card"):
            assert secret not in shown.output
    last = wtg("report", game_dir, "--gm").output
    assert last == (game_dir / "turns" / "0008" / "reports" / "gm.txt").read_text("utf-8")
    robot = next(e["player"] for e in events if e["kind"] == "turn_began")
    assert f"- Turn of Robot {robot} (player #{robot})." in last
    assert list((game_dir / "turns" / "0008" / "reports").iterdir()) == [
        game_dir / "turns" / "0008" / "reports" / "gm.txt"
    ]
    neither = wtg("report", game_dir)
    assert neither.exit_code != 0 and "give --player N or --gm" in neither.output
    other = tmp_path / "wok"
    assert wtg("new-game", other, "--ruleset", "wok4", *players(2), "--seed", 1).exit_code == 0
    refused = wtg("report", other, "--gm")
    assert refused.exit_code != 0 and "wok4 writes no GM report" in refused.output


def players(count: int) -> list[str]:
    return [f"--player=P{i}:p{i}@example.org" for i in range(1, count + 1)]
