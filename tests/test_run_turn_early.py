"""Issue 25, item 13: `wtg run-turn GAME` given twice by mistake ran the next turn days
before its deadline with nobody's orders. Before the deadline, with orders owed, it now
refuses and names who owes, unless `--now`; a game without deadlines runs as before, and
`run-turn --due` is unchanged."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner, Result

from tests.conftest import players
from tests.shipped import WOK4
from tests.test_rerun_keeps_run import kept
from wtg.cli import main
from wtg.cli.demo import filled_aof
from wtg.game.engine import Game, create_game, open_game
from wtg.game.schedule import make_schedule


def due_in(games: Path, hours: int) -> Game:
    """A game of four whose first deadline is ``hours`` from now (to the minute)."""
    now = datetime.now(timezone.utc)
    due = (now + timedelta(hours=hours)).replace(second=0, microsecond=0)
    schedule = make_schedule(2, f"{due:%H:%M}", "UTC", first=f"{due:%Y-%m-%d}")
    return create_game(games / "g1", "wok4", "small", players(4), 7, schedule=schedule, now=now)


def run_turn(games: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--games-dir", str(games), "run-turn", *args])


def test_before_the_deadline_with_orders_owed_it_refuses_and_names_who_owes(
    tmp_path: Path,
) -> None:
    """Issue 25, item 13: refused, naming those without orders and those not READY; the
    turn is not run."""
    game = due_in(tmp_path, 50)
    deadline = game.deadline()
    assert deadline is not None
    typed = game.typed(WOK4)
    game.submit_all(filled_aof(typed, 1))  # READY: not owed
    game.submit_all(filled_aof(typed, 2).replace("R1: 1", "R1: 0"))  # sent, not READY
    result = run_turn(tmp_path, "g1")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        f"wtg: turn 1 of game g1 is due {deadline:%Y-%m-%d %H:%M} UTC and still waits for "
        "orders (no orders from 3 Cid, 4 Dee; orders not READY from 2 Bob): not run; "
        f"`wtg --games-dir {tmp_path} run-turn g1 --now` runs it now all the same\n"
    )  # the --games-dir given: copied, the command finds the same g1
    assert open_game(game.store.root).latest_turn() == 0


TAKE_BACK = "; the wrong game? `wtg --config {} rollback g1 --to 0` takes it back"
"""How the line of a turn run with --now ends (the config given on the command line)."""


def test_a_turn_run_now_says_how_to_take_it_back(tmp_path: Path) -> None:
    """`wtg run-turn GAME --now` given for the wrong game cannot be caught: its line said
    only "resolved". It ends with the rollback that takes the turn back, and that command,
    given as said, does (a rerun too, and a run with no config, below)."""
    game = due_in(tmp_path / "games", 50)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    host = ["--config", str(config)]
    ran = CliRunner().invoke(main, [*host, "run-turn", "g1", "--now", "--unmailed"])
    back_line = TAKE_BACK.format(config)
    assert (ran.exit_code, ran.stdout) == (0, f"turn 1 of game g1 resolved{back_line}\n")
    command = ran.stdout.split("`")[1].split()
    assert command[:3] == ["wtg", "--config", str(config)]
    back = CliRunner().invoke(main, command[1:])  # as the line gives it: with its config
    assert back.exit_code == 0, back.output
    assert open_game(game.store.root).latest_turn() == 0
    again = CliRunner().invoke(main, [*host, "run-turn", "g1", "--now", "--unmailed"])
    assert again.stdout == f"turn 1 of game g1 resolved{back_line}\n"


def test_a_rerun_says_how_to_take_its_turn_back(tmp_path: Path) -> None:
    """`wtg run-turn GAME --rerun` given for the wrong game mails its turn again and said
    only "rerun": it ends with the rollback that takes the turn back, and that command,
    given as said, does."""
    game = due_in(tmp_path / "games", 50)
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    host = ["--config", str(config)]
    assert CliRunner().invoke(main, [*host, "run-turn", "g1", "--now", "--unmailed"]).exit_code == 0
    rerun = CliRunner().invoke(main, [*host, "run-turn", "g1", "--rerun", "--unchanged"])
    assert (rerun.exit_code, rerun.stdout) == (
        0,
        f"turn 1 of game g1 rerun{kept(game.store.root)}; the wrong game? `wtg --config "
        f"{config} rollback g1 --to 0` takes turn 1 back\n",
    )
    back = CliRunner().invoke(main, rerun.stdout.split("`")[1].split()[1:])
    assert back.exit_code == 0, back.output
    assert open_game(game.store.root).latest_turn() == 0


def test_a_turn_run_with_no_config_names_the_config_its_rollback_needs(tmp_path: Path) -> None:
    """Given no config and none beside the games folder (`--games-dir` alone), the line
    said nothing of taking the turn back: it names the rollback with the config to give
    (a rollback tells the players from its address) and the game by its folder, which the
    GM's config finds wherever its games folder is."""
    game = due_in(tmp_path / "games", 50)
    ran = run_turn(tmp_path / "games", "g1", "--now")
    folder = game.store.root.absolute()
    back = (
        f"; the wrong game? `wtg --config FILE rollback {folder} --to 0` takes it back (FILE: "
        "the host's config, whose address tells the players)"
    )
    assert (ran.exit_code, ran.stdout) == (0, f"turn 1 of game g1 resolved{back}\n")
    config = tmp_path / "elsewhere.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    command = ran.stdout.split("`")[1].replace("FILE", str(config)).split()
    taken = CliRunner().invoke(main, command[1:])
    assert taken.exit_code == 0, taken.output
    assert open_game(game.store.root).latest_turn() == 0
    rerun = run_turn(tmp_path / "games", "g1", "--now", "--unmailed")  # the notices: a spool
    assert rerun.exit_code == 0, rerun.output
    again = run_turn(tmp_path / "games", "g1", "--rerun", "--unchanged")
    assert again.stdout.startswith(
        f"turn 1 of game g1 rerun{kept(game.store.root)}; the wrong game? `wtg --config FILE "
        f"rollback {folder} --to 0` takes turn 1 back (FILE: "
    )


def test_given_twice_the_second_run_is_refused(tmp_path: Path) -> None:
    """Issue 25, item 13: the GM's `--now` runs turn 1; the same command without `--now`
    given again (the slip) does not run turn 2, days before its deadline."""
    game = due_in(tmp_path, 50)
    assert run_turn(tmp_path, "g1", "--now").stdout.startswith("turn 1 of game g1 resolved; ")
    again = run_turn(tmp_path, "g1")
    assert again.exit_code == 1
    assert again.stderr.startswith("wtg: turn 2 of game g1 is due ")
    assert "no orders from 1 Ann, 2 Bob, 3 Cid, 4 Dee" in again.stderr
    assert open_game(game.store.root).latest_turn() == 1


def test_when_all_are_ready_or_the_deadline_passed_it_runs(tmp_path: Path) -> None:
    """A turn `run-turn --due` would run runs without `--now`: every player READY."""
    game = due_in(tmp_path, 50).typed(WOK4)
    for player in range(1, 5):
        game.submit_all(filled_aof(game, player))
    assert run_turn(tmp_path, "g1").stdout == "turn 1 of game g1 resolved\n"


def test_a_deadline_that_has_passed_runs_without_now(tmp_path: Path) -> None:
    long_ago = datetime.now(timezone.utc) - timedelta(days=9)
    schedule = make_schedule(2, "18:00", "UTC", now=long_ago)
    create_game(tmp_path / "g1", "wok4", "small", players(4), 7, schedule=schedule, now=long_ago)
    assert run_turn(tmp_path, "g1").stdout == "turn 1 of game g1 resolved\n"


def test_a_game_without_deadlines_runs_as_before(tmp_path: Path) -> None:
    """It runs when told; a run without a player's orders says whose, and how to take it
    back (newgm48: given for the wrong game, it said "resolved" alone)."""
    game = create_game(tmp_path / "g1", "wok4", "small", players(4), 7).typed(WOK4)
    for player in range(1, 5):
        game.submit_all(filled_aof(game, player))
    assert run_turn(tmp_path, "g1").stdout == "turn 1 of game g1 resolved\n"
    game.submit_all(filled_aof(game, 1))
    game.submit_all(filled_aof(game, 2).replace("R1: 1", "R1: 0"))  # sent, not READY
    assert run_turn(tmp_path, "g1").stdout == (
        "turn 2 of game g1 resolved without orders from 3 Cid, 4 Dee (a game without "
        "deadlines runs when told, whoever has sent orders); the wrong game? `wtg --config "
        f"FILE rollback {tmp_path / 'g1'} --to 1` takes it back (FILE: the host's config, "
        "whose address tells the players)\n"
    )


def test_preview_and_rerun_need_no_now(tmp_path: Path) -> None:
    """A preview commits nothing and a rerun runs no new turn: neither is refused."""
    game = due_in(tmp_path, 50)
    assert run_turn(tmp_path, "g1", "--now").exit_code == 0
    again = run_turn(tmp_path, "g1", "--rerun", "--unchanged").stdout
    assert again.startswith(f"turn 1 of game g1 rerun{kept(game.store.root)}; ")
    preview = run_turn(tmp_path, "g1", "--preview", str(tmp_path / "out"))
    assert preview.stdout.startswith("turn 2 of game g1 previewed in ")


def test_now_does_not_go_with_due(tmp_path: Path) -> None:
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: .\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", "--now"])
    assert result.stderr == (
        "wtg: --due runs all due games of games_dir: give no GAME_DIR, --rerun, --preview, "
        "--force, --now, --unmailed, --just-mailed or --unchanged\n"
    )


def test_due_with_a_game_or_neither_says_the_two_commands(tmp_path: Path) -> None:
    """`wtg --config F run-turn --due g1` at 2 a.m. was told "give no GAME_DIR, --rerun,
    --preview, ..." (eight options he had not given), and `run-turn` alone "give a GAME_DIR,
    or --due with --config", his --config given. Each names the two commands meant, his
    --config in them; nothing runs."""
    due_in(tmp_path, -1)  # g1, past its deadline: a slip here would run it
    config = tmp_path / "wtg.yaml"
    config.write_text("games_dir: .\n", encoding="utf-8")
    head = f"wtg --config {config}"
    result = CliRunner().invoke(main, ["--config", str(config), "run-turn", "--due", "g1"])
    assert (result.exit_code, result.stderr) == (
        1,
        f"wtg: --due runs every game that is due, and takes no game: `{head} run-turn --due` "
        f"runs them all, `{head} run-turn g1` the game g1 alone\n",
    )
    result = CliRunner().invoke(main, ["--config", str(config), "run-turn"])
    assert (result.exit_code, result.stderr) == (
        1,
        f"wtg: give the game whose turn to run (`{head} run-turn GAME`), or --due to run "
        f"every game that is due (`{head} run-turn --due`)\n",
    )
    result = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None}).invoke(main, ["run-turn"])
    assert result.stderr.endswith("(`wtg --config FILE run-turn --due`)\n")
    assert open_game(tmp_path / "g1").latest_turn() == 0
