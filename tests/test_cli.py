"""The command-line contract of issue 2, exercised through `wtg` itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from tests.shipped import STANDARD, WOK4
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.core.jsondata import Json
from wtg.game.engine import open_game

PLAYERS = [f"--player=P{i}:p{i}@example.org:CODE{i:04d}" for i in range(1, 11)]


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def new_game(root: Path, seed: int = 5, name: str = "g") -> Path:
    game_dir = root / name
    result = wtg(
        "new-game", game_dir, "--ruleset", "wok4", "--map", "classic60", *PLAYERS, "--seed", seed
    )
    assert result.exit_code == 0, result.output
    return game_dir


def test_new_game_runs_turn_zero(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    state = json.loads(wtg("state", game_dir, "--json").output)
    assert state["ruleset"] == "wok4" and state["turn"] == 0
    assert sorted(state["oop"]) == list(range(1, 11))
    assert {"id", "name", "eff", "tech", "gold", "status"} <= set(state["players"][0])
    province = state["provinces"][0]
    assert {
        "id",
        "name",
        "owner",
        "pop",
        "wok",
        "arm",
        "lev",
        "def",
        "mis",
        "spy",
        "aim",
        "neighbours",
    } <= set(province)
    homes = [p for p in state["provinces"] if p["owner"]]
    assert len(homes) == 10
    assert all(
        (p["wok"], p["arm"], p["lev"], p["def"], p["spy"]) == (24, 12, 1.75, 1.0, 10) for p in homes
    )
    assert "CODE0001" not in wtg("state", game_dir, "--json").output


def test_aof_carries_game_turn_player_and_code(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    text = wtg("aof", game_dir, "--player", 3).output
    assert "GAME: g  TURN: 1  PLAYER: 3  CODE: CODE0003" in text


def test_orders_exit_codes(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    aof = wtg("aof", game_dir, "--player", 2).output
    filled = aof.replace("X1: ___", "X1: 100").replace("A1: __   __ ___", "A1: 99   98 010")
    good = tmp_path / "good.txt"
    good.write_text(filled)
    result = wtg("orders", game_dir, good)
    assert result.exit_code == 0
    assert "REJECTED" in result.output and "there is no province 99" in result.output
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(filled.replace("CODE0002", "CODE9999"))
    result = wtg("orders", game_dir, wrong)
    assert result.exit_code == 2 and "wrong secret code" in result.output
    late = tmp_path / "late.txt"
    late.write_text(filled.replace("TURN: 1", "TURN: 2"))
    assert wtg("orders", game_dir, late).exit_code == 2
    junk = tmp_path / "junk.txt"
    junk.write_text("hello, here are my orders: attack everybody!\n")
    assert wtg("orders", game_dir, junk).exit_code == 2
    # another player's form for --player: 2 as docs/gm.md says, a refusal, not click's usage
    theirs = wtg("orders", game_dir, good, "--player", 1)
    assert theirs.exit_code == 2
    assert (
        theirs.stderr == "wtg: orders not stored: line 3: the form is player 2's, not player 1's\n"
    )
    assert wtg("orders", tmp_path / "nothing", good).exit_code == 1  # no such game: 1


def test_orders_from_a_yaml_order_file(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    order_file = tmp_path / "p4.yaml"
    state = json.loads(wtg("state", game_dir, "--json").output)
    home = next(p["id"] for p in state["provinces"] if p["owner"] == 4)  # an aim needs its own
    order_file.write_text(
        f"player: 4\nturn: 1\ntrade: [150]\naim:\n- {{province: {home}, aim: TECH}}\n"
    )
    result = wtg("orders", game_dir, order_file, "--player", 4)
    assert result.exit_code == 0, result.output
    stored = (game_dir / "pending" / "0001" / "p04.yaml").read_text()
    assert "trade:" in stored and "TECH" in stored
    assert wtg("orders", game_dir, order_file, "--player", 5).exit_code == 2


def test_orders_for_a_player_the_game_has_not_say_so(tmp_path: Path) -> None:
    """`wtg orders g --player 12 FILE` on a game of ten said "the form is player 4's, not
    player 12's", as though player 12 were there: the game has no player 12, and its
    players are said."""
    game_dir = new_game(tmp_path)
    order_file = tmp_path / "p4.yaml"
    order_file.write_text("player: 4\nturn: 1\ntrade: [150]\n")
    result = CliRunner().invoke(main, ["orders", str(game_dir), str(order_file), "--player", "12"])
    assert result.exit_code == 2
    assert result.output == (
        "wtg: orders not stored: --player 12: game g has no player 12 (its players: 1 to 10); "
        "the form is player 4's\n"
    )
    assert not (game_dir / "pending" / "0001" / "p04.yaml").exists()


def play(game_dir: Path, turns: int, tmp_path: Path) -> None:
    """Every player mails a filled AOF; the GM feeds each file to `wtg orders`."""
    for _ in range(turns):
        game = open_game(game_dir).typed(WOK4)
        state = game.state()
        for pid in game.ruleset.owing(state):
            path = tmp_path / f"t{state.turn + 1}-p{pid}.txt"
            path.write_text(filled_aof(game, pid))
            result = wtg("orders", game_dir, path)
            assert result.exit_code == 0, result.output
        assert wtg("run-turn", game_dir).exit_code == 0


def test_twenty_turns_from_aof_text_files(tmp_path: Path) -> None:
    """Done when: a 10-player WoK IV game runs 20 turns from the command line."""
    game_dir = new_game(tmp_path)
    play(game_dir, 20, tmp_path)
    state = json.loads(wtg("state", game_dir, "--json").output)
    assert state["turn"] == 20
    owners = {p["owner"] for p in state["provinces"] if p["owner"]}
    assert len(owners) >= 2
    # a player still standing: one who lost his last province gets no order of play
    standing = min(p["id"] for p in state["players"] if p["status"] == "active")
    report = wtg("report", game_dir, "--player", standing).output
    assert "report of turn 20" in report and "ORDER OF PLAY FOR TURN 21" in report
    assert "TOP TEN" in wtg("topten", game_dir).output


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    """Done when: the same game and seed give byte-identical state and reports on a rerun."""
    first = new_game(tmp_path / "a")
    second = new_game(tmp_path / "b")
    play(first, 4, tmp_path / "a")
    play(second, 4, tmp_path / "b")
    for turn in range(5):
        for name in ["state.json", "events.json", "topten.txt"] + [
            f"reports/p{i:02d}.txt" for i in range(1, 11)
        ]:
            a = (first / "turns" / f"{turn:04d}" / name).read_bytes()
            b = (second / "turns" / f"{turn:04d}" / name).read_bytes()
            assert a == b, (turn, name)


def test_rerun_is_identical_and_takes_corrections(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    play(game_dir, 2, tmp_path)
    folder = game_dir / "turns" / "0002"
    before = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.*")}
    assert wtg("run-turn", game_dir, "--rerun", "--unchanged").exit_code == 0
    after = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.*")}
    ran, again = json.loads(before.pop("turn.json")), json.loads(after.pop("turn.json"))
    assert before == after  # the same turn, byte for byte
    assert again == {**ran, "reruns": 1}  # counted, so that send mails the reports again
    state = json.loads(wtg("state", game_dir, "--turn", 1, "--json").output)
    home = next(p["id"] for p in state["provinces"] if p["owner"] == 1)
    fix = tmp_path / "fix.yaml"
    fix.write_text(f"player: 1\nturn: 2\naim:\n- {{province: {home}, aim: SPY}}\n")
    result = wtg("orders", game_dir, fix, "--correct")
    assert result.exit_code == 0, result.output
    assert wtg("run-turn", game_dir, "--rerun").exit_code == 0
    corrected = json.loads(wtg("state", game_dir, "--json").output)
    assert corrected["turn"] == 2
    assert corrected["provinces"][home - 1]["aim"] == "SPY"
    assert "aim: SPY" in (game_dir / "turns" / "0002" / "orders" / "p01.yaml").read_text()


def test_report_and_state_of_an_earlier_turn(tmp_path: Path) -> None:
    game_dir = new_game(tmp_path)
    play(game_dir, 1, tmp_path)
    assert "report of turn 0" in wtg("report", game_dir, "--player", 5, "--turn", 0).output
    assert json.loads(wtg("state", game_dir, "--turn", 0, "--json").output)["turn"] == 0
    result = wtg("report", game_dir, "--player", 5, "--turn", 7)
    assert result.exit_code == 1 and "no turn 7" in result.output


def test_reports_keep_secrets(tmp_path: Path) -> None:
    """Nothing another player should not see leaks into a report: a report is the same
    whatever happened out of the player's sight."""
    from wtg.game.report import report_text

    game_dir = new_game(tmp_path, seed=11)
    play(game_dir, 6, tmp_path)
    game = open_game(game_dir).typed(WOK4)
    state, events = game.state(6), game.events(6)
    assert any(not e["public"] for e in events)
    for pid in range(1, 11):
        report = game.report(pid, 6)
        others = [f"CODE{o:04d}" for o in range(1, 11) if o != pid]
        assert not any(code in report for code in others)
        seen = [e for e in events if e["public"] or pid in list_of(e["visible_to"])]
        assert report_text(game.ruleset, game.config, state, seen, pid) == report
        hidden = game.state(6)
        for province in hidden.provinces:
            if province.owner not in (0, pid):
                province.arm, province.mis, province.spy, province.aim = 777, 77, 77, "EFF"
        mangled = report_text(game.ruleset, game.config, hidden, seen, pid)
        cut = report.index("TOP TEN")
        assert mangled[:cut] == report[:cut]


def test_ruleset_options_of_new_game(tmp_path: Path) -> None:
    """A ruleset's own `new-game` options reach its game; another ruleset's are refused."""
    players = PLAYERS[:2]
    game_dir = tmp_path / "hh"
    made = wtg(
        "new-game", game_dir, "--ruleset", "standard", "--map", "trial", *players,
        "--seed", 3, "--headhunting-turns", 4,
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    assert open_game(game_dir).config.options == {"headhunting_turns": 4}
    assert open_game(game_dir).typed(STANDARD).state().protection == 4
    refused = wtg(
        "new-game", tmp_path / "w4", "--ruleset", "wok4", *players, "--headhunting-turns", 4
    )
    assert refused.exit_code == 2
    assert "--headhunting-turns is not an option of wok4" in refused.output
    assert not (tmp_path / "w4").exists()
    helps = " ".join(wtg("new-game", "--help").output.split())
    assert "--headhunting-turns INTEGER [intermediate, standard] Turns the home" in helps
    assert "--ties [attacker|defender] [wisk] Who wins a tie of dice" in helps


def test_new_game_says_how_many_play_by_mail(tmp_path: Path) -> None:
    one = wtg("new-game", tmp_path / "t1", "--ruleset", "tactics", PLAYERS[0], "--bots", 1)
    assert one.exit_code == 0, one.output
    assert "1 player by mail; turn 0 is ready" in one.output
    bots = wtg("new-game", tmp_path / "w0", "--ruleset", "wisk", "--robots", 3, "--seed", 1)
    assert bots.exit_code == 0, bots.output
    assert "no players by mail; turn 0 is ready" in bots.output


def test_status_without_a_game_lists_every_game(tmp_path: Path) -> None:
    """`wtg status` alone: a line a game of the games directory (orders in, READY, the
    deadline), a game folder that cannot be read named with why; --json has it all."""
    games = tmp_path / "games"
    first = new_game(games, name="first")
    new_game(games, name="second")
    (games / "broken").mkdir()
    (games / "broken" / "game.yaml").write_text("ruleset: [\n", encoding="utf-8")
    for pid in (1, 2):
        aof = tmp_path / f"p{pid}.txt"
        aof.write_text(filled_aof(open_game(first).typed(WOK4), pid), encoding="utf-8")  # READY
        assert wtg("orders", first, aof).exit_code == 0
    lines = wtg("--games-dir", games, "status").output.splitlines()
    assert lines[0].split() == [
        "first",
        "wok4",
        "turn",
        "1:",
        "2",
        "of",
        "10",
        "orders",
        "in,",
        "2",
        "READY",
    ]
    assert lines[1].split() == [
        "second",
        "wok4",
        "turn",
        "1:",
        "0",
        "of",
        "10",
        "orders",
        "in,",
        "0",
        "READY",
    ]
    assert lines[2].startswith(f"{games / 'broken'}: cannot be read, skipped: ")
    data = json.loads(wtg("--games-dir", games, "status", "--json").output)
    assert [g["game"] for g in data["games"]] == ["first", "second"]
    assert data["games"][0] == json.loads(wtg("status", first, "--json").output)
    assert [u["path"] for u in data["unreadable"]] == [str(games / "broken")]
    (tmp_path / "none").mkdir()
    assert (
        wtg("--games-dir", tmp_path / "none", "status").output
        == f"no games in {tmp_path / 'none'}\n"
    )


def list_of(value: Json) -> list[Json]:
    """A list of an event (as stored: JSON)."""
    assert isinstance(value, list)
    return value


def test_python_m_wtg_is_the_wtg_command() -> None:
    """`python -m wtg` runs the same command line as `wtg` (its name in the usage too)."""
    done = subprocess.run(
        [sys.executable, "-m", "wtg", "--help"], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith("Usage: wtg [OPTIONS] COMMAND [ARGS]...")
    assert "run-turn" in done.stdout
