"""WoS Tactics played whole from the command line: two humans whose AOFs this test writes
(armies on the start AOF, then each turn's moves, chosen with the bots' strategy and
written on the form as text), and four bots; each to a placing; then the ratings."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from tests.shipped import TACTICS
from wtg.cli import main
from wtg.game.engine import open_game
from wtg.rules.tactics.strategy import plan_moves

MAX_RUNS = 400


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def cli_state(game_dir: Path) -> dict[str, Any]:
    result = wtg("state", game_dir, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def fill(form: str, label: str, lines: list[str]) -> str:
    """The form with lines ``label``1, 2, ... filled in with ``lines``."""
    for number, text in enumerate(lines, start=1):
        form, count = re.subn(rf"(?m)^{label}{number}:.*$", f"{label}{number}: {text}", form)
        assert count == 1
    return form


def send(game_dir: Path, player: int, text: str, turn: int) -> Result:
    path = game_dir.parent / f"aof-{player}-{turn}.txt"
    path.write_text(text, encoding="utf-8")
    return wtg("orders", game_dir, path)


def blank_aof(game_dir: Path, player: int) -> str:
    result = wtg("aof", game_dir, "--player", player)
    assert result.exit_code == 0, result.output
    return result.output


def moves_text(game_dir: Path, player: int) -> list[str]:
    game = open_game(game_dir).typed(TACTICS)
    lines = []
    for move in plan_moves(game.state(), player):
        attack = "" if move.attack is None else f" {move.attack[0]:02d}/{move.attack[1]:02d}"
        lines.append(f"{move.piece:02d} {move.to[0]:02d}/{move.to[1]:02d}{attack}")
    return lines


def play_out(game_dir: Path) -> int:
    """Turns until the game is over: the active human's AOF filled in and sent first."""
    for _ in range(MAX_RUNS):
        state = cli_state(game_dir)
        if state["phase"] == "over":
            return int(state["turn"])
        active = state["active"]
        human = next(p for p in state["players"] if p["id"] == active)
        if not human["bot"]:
            form = fill(blank_aof(game_dir, active), "M", moves_text(game_dir, active)[:9])
            result = send(game_dir, active, form, state["turn"] + 1)
            assert result.exit_code == 0, result.output
            assert "REJECTED" not in result.output, result.output
        result = wtg("run-turn", game_dir)
        assert result.exit_code == 0, result.output
    raise AssertionError(f"no end after {MAX_RUNS} turns")


def test_two_humans_pick_armies_and_fight_to_a_placing(tmp_path: Path) -> None:
    game_dir = tmp_path / "games" / "duel"
    result = wtg(
        "new-game", game_dir, "--ruleset", "tactics", "--map", "meadow", "--bots", "0",
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org",
        "--pieces-per-turn", "rested", "--seed", "11",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    start = cli_state(game_dir)
    assert start["phase"] == "army" and start["active"] in (1, 2)
    ann = fill(blank_aof(game_dir, 1), "A", ["WOLF", "WOLF", "2", "pikeman", "ARCHER", "7"])
    answer = send(game_dir, 1, ann, 1)
    assert answer.exit_code == 0 and "6 accepted, 0 rejected" in answer.output
    bob = fill(blank_aof(game_dir, 2), "A", ["GRIFFIN", "GRIFFIN", "SWORDSMAN"])
    answer = send(game_dir, 2, bob, 1)
    assert (
        "line" in answer.output
        and "an army has at most 1 piece of the kind GRIFFIN" in answer.output
    )
    assert wtg("run-turn", game_dir).exit_code == 0
    after = cli_state(game_dir)
    kinds: dict[int, list[str]] = {p["owner"]: [] for p in after["pieces"]}
    for piece in after["pieces"]:
        kinds[piece["owner"]].append(piece["kind"])
    assert kinds[1] == ["WOLF", "WOLF", "PIKEMAN", "PIKEMAN", "ARCHER", "CATAPULT"]
    assert kinds[2] == ["GRIFFIN", "SWORDSMAN"]
    assert after["phase"] == "battle" and after["active"] == start["active"]

    last = play_out(game_dir)
    final = cli_state(game_dir)
    places = sorted((p["place"], p["name"]) for p in final["players"])
    assert [place for place, _ in places] == [1, 2]
    assert final["active"] is None and final["turn"] == last
    report = wtg("report", game_dir, "--player", 1).output
    assert "THE BATTLE IS OVER." in report and "GAME OVER" in report
    assert wtg("run-turn", game_dir).exit_code != 0  # nothing more to play

    table = json.loads(wtg("ratings", game_dir.parent, "--json").output)
    ratings = {p["player"]: p["rating"] for p in table["players"]}
    winner = places[0][1]
    loser = places[1][1]
    assert ratings == {winner: 1516, loser: 1484}
    assert table["records"] == [
        {
            "ruleset": "tactics",
            "player": "Ann",
            "opponent": "Bob",
            "wins": int(winner == "Ann"),
            "losses": int(winner == "Bob"),
        }
    ]


def test_four_bots_fight_to_a_placing(tmp_path: Path) -> None:
    game_dir = tmp_path / "games" / "bots"
    result = wtg(
        "new-game", game_dir, "--ruleset", "tactics", "--map", "islands", "--bots", "4",
        "--pieces-per-turn", "2", "--seed", "3",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert cli_state(game_dir)["phase"] == "battle"  # no army turn without humans
    play_out(game_dir)
    final = cli_state(game_dir)
    assert sorted(p["place"] for p in final["players"]) == [1, 2, 3, 4]
    winner = next(p for p in final["players"] if p["place"] == 1)
    assert all(p["owner"] == winner["id"] for p in final["pieces"])
    topten = wtg("topten", game_dir).output.splitlines()
    assert topten[1].split() == ["RANK", "PLAYER", "HIT", "POINTS", "PIECES", "STATUS"]
    first = topten[2].split()  # rank, id, name, hit points, pieces left, status
    hit_points = sum(p["hp"] for p in final["pieces"])
    assert first[:2] == ["1", f"#{winner['id']}"]
    assert first[-3:] == [str(hit_points), str(len(final["pieces"])), "WINNER"]
    assert [line.split()[-1] for line in topten[3:]] == ["OUT"] * 3
    table = json.loads(wtg("ratings", game_dir.parent, "--json").output)
    assert all(p["rating"] is None for p in table["players"])  # bots are never rated
    assert sum(p["wins"] for p in table["players"]) == 1


def test_run_turn_due_plays_a_bots_turn_without_waiting(tmp_path: Path) -> None:
    """A sequential game waits for the active player only: a bot's turn is due at once, a
    human's at his deadline or when he is READY."""
    from datetime import datetime, timezone

    from wtg.game.engine import create_game
    from wtg.game.gameconfig import PlayerEntry
    from wtg.game.schedule import make_schedule
    from wtg.host.due import why_due

    now = datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)
    game = create_game(
        tmp_path / "due",
        "tactics",
        "meadow",
        [PlayerEntry(1, "Ann", "ann@example.org", "CODE1")],
        seed=4,
        options={"bots": 1},
        schedule=make_schedule(2, "18:00", "UTC", now=now),
        now=now,
    )
    tactics = game.typed(TACTICS)  # its states read as Tactics states
    assert why_due(game, now) is None  # the army turn waits for Ann
    game.run_turn(now=now)
    state = tactics.state()
    if not state.player(state.active).bot:
        assert why_due(game, now) is None
        game.run_turn(now=now)  # Ann sends nothing: her turn passes
    assert tactics.state().player(tactics.state().active).bot
    assert why_due(game, now) == "a robot is to move, and no player owes orders"
    game.run_turn(now=now)
    assert why_due(game, now) is None  # Ann's turn again


def another_world(tmp_path: Path) -> Path:
    """Another world's asset folder at ``tmp_path/world`` (its maps The Arena, 6 by 6 and
    flat, and Rough; at most 3 pieces a side): its path."""
    from tests.rules.tactics.test_assets import ARENA, WORLD_INI, write_map

    world = tmp_path / "world"
    world.mkdir()
    small = WORLD_INI.replace("numMaps=2", "numMaps=2\nmaxPieces = 3")
    (world / "tactics_ini.txt").write_text(small, encoding="utf-8")
    write_map(world / "maps" / "arena.bmp", ARENA)
    write_map(world / "maps" / "arena_height.bmp", [[0] * 6] * 6)
    return world


def test_a_game_on_another_worlds_assets(tmp_path: Path) -> None:
    """ "let a GM point a game at another world's asset folder" (--assets)."""
    world = another_world(tmp_path)
    game_dir = tmp_path / "games" / "arena"
    result = wtg(
        "new-game", game_dir, "--ruleset", "tactics", "--assets", world, "--map", "the-arena",
        "--bots", "2", "--seed", "5",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    state = cli_state(game_dir)
    assert state["map"] == "The Arena" and state["board"]["width"] == 6
    assert {p["kind"] for p in state["pieces"]} <= {"STONE-GOLEM", "HARPY", "FISHER"}
    assert state["world"]["version"] == "1.2345" and len(state["pieces"]) == 6
    play_out(game_dir)
    assert sorted(p["place"] for p in cli_state(game_dir)["players"]) == [1, 2]


def test_without_a_map_a_game_gets_the_first_map_of_its_world(tmp_path: Path) -> None:
    """ "As the scene host, before launching the battle you may use the combo boxes to pick
    a MAP": the GM who picks none gets the first map of the world the game is played in,
    the one of --assets when it names another world (its maps: The Arena, Rough)."""
    world = another_world(tmp_path)
    game_dir = tmp_path / "games" / "arena"
    result = wtg("new-game", game_dir, "--ruleset", "tactics", "--assets", world, "--bots", "2")
    assert result.exit_code == 0, result.output
    assert "on map the-arena" in result.output
    assert cli_state(game_dir)["map"] == "The Arena"
    assert open_game(game_dir).typed(TACTICS).config.map == "the-arena"
    ours = wtg("new-game", tmp_path / "games" / "ours", "--ruleset", "tactics", "--bots", "2")
    assert ours.exit_code == 0 and "on map meadow" in ours.output


def test_guild_war_points_from_the_command_line(tmp_path: Path) -> None:
    """ "Add a value like "tacticsWinGivesWarPoints=1000" ... the number of points ... which a
    first place winner will earn for each gulid warrior s/he defeats": --war-points, and
    --guilds by seat; the awards are in the state when the battle is over."""
    game_dir = tmp_path / "games" / "war"
    result = wtg(
        "new-game", game_dir, "--ruleset", "tactics", "--seed", 4,
        "--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org", "--bots", 1,
        "--war-points", 1000, "--guilds", "1=Red Hand, 2=Blue Moon",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    wars = cli_state(game_dir)["guild_wars"]
    assert wars == {"points": 1000, "guilds": {"1": "Red Hand", "2": "Blue Moon"}, "earned": []}
    for _ in range(MAX_RUNS):  # no orders: from the third turn missed the bots' strategy plays
        if cli_state(game_dir)["phase"] == "over":
            break
        assert wtg("run-turn", game_dir).exit_code == 0
    end = cli_state(game_dir)
    place = {p["id"]: p["place"] for p in end["players"]}
    better, worse = sorted((1, 2), key=lambda pid: place[pid])
    points = 1000 if place[better] == 1 else 250
    assert end["guild_wars"]["earned"] == [{"winner": better, "loser": worse, "points": points}]
    bot = wtg(
        "new-game", tmp_path / "games" / "bot", "--ruleset", "tactics", "--bots", 2,
        "--war-points", 1000, "--guilds", "1=Red Hand",
    )  # fmt: skip
    assert bot.exit_code == 1 and "seat 1 is a bot, and bots fight for no guild" in bot.output


def test_bad_assets_are_a_clear_error_and_no_game(tmp_path: Path) -> None:
    world = tmp_path / "world"
    world.mkdir()
    (world / "tactics_ini.txt").write_text("[general]\nnumMaps = 1\n", encoding="utf-8")
    game_dir = tmp_path / "games" / "bad"
    result = CliRunner().invoke(
        main,
        ["new-game", str(game_dir), "--ruleset", "tactics", "--assets", str(world), "--bots", "2"],
    )
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "tactics assets" in result.output and "there is no [pieces] section" in result.output
    assert not game_dir.exists()
    missing = wtg("new-game", game_dir, "--ruleset", "tactics", "--map", "nowhere", "--bots", "2")
    assert missing.exit_code == 1 and "no map 'nowhere'" in missing.output


def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    """ "same seed, byte-identical output" """
    finals = []
    for name in ("a", "b"):
        game_dir = tmp_path / name / "g"
        wtg("new-game", game_dir, "--ruleset", "tactics", "--bots", "3", "--seed", "9")
        play_out(game_dir)
        last = max((game_dir / "turns").iterdir())
        finals.append(
            [(last / f).read_bytes() for f in ("state.json", "events.json", "topten.txt")]
        )
    assert finals[0] == finals[1]
