"""`wtg status` of a WISK or Tactics game, where one player moves a turn, said "active" of
the players not to move, where it says "NO ORDERS YET" of the one it waits for: a GM read
"active" as a player who had sent his orders. It says they owe none this turn, as the
STATUS mail does ("owes no orders")."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.lobby.hall import Hall, address
from wtg.cli import main
from wtg.core.errors import GameError
from wtg.game.engine import Game, create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.gm.control import hold
from wtg.gm.extension import extend
from wtg.host.config import load_config
from wtg.host.due import Outcome, not_mailed, run_game, why_due

NAMES = ("Ann", "Bob", "Cid")


def made(games_dir: Path) -> Path:
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    create_game(games_dir / "w1", "wisk", "classic", players, seed=3)
    return games_dir / "w1"


def test_status_says_the_players_not_to_move_owe_no_orders(tmp_path: Path) -> None:
    shown = CliRunner().invoke(main, ["status", str(made(tmp_path))])
    assert shown.exit_code == 0, shown.output
    lines = [line for line in shown.stdout.splitlines() if line.startswith("  player ")]
    waited = [line for line in lines if line.endswith("NO ORDERS YET")]
    assert len(waited) == 1, lines
    others = [line for line in lines if line not in waited]
    assert len(others) == 2
    assert all(line.endswith("active, owes no orders this turn") for line in others), lines


def test_the_status_mail_says_so_too(tmp_path: Path) -> None:
    hall = Hall(tmp_path)
    made(hall.gm.games_dir)
    answer = hall.answer(address(2), "STATUS w1", hours=0)
    lines = [line for line in answer.body.splitlines() if line.startswith("  player ")]
    assert len(lines) == 3, answer.body
    assert sum(line.endswith(" owes no orders") for line in lines) == 2, lines


def test_a_robots_turn_is_listed_as_such_not_as_0_of_0_orders_in(tmp_path: Path) -> None:
    """The host's list said "turn 3: 0 of 0 orders in, 0 READY" of a WISK game whose robot
    was to move: a GM read it as a game whose players had all forgotten. It says only
    robots are to move (`--json`: ``only_robots_move``), and of a human's turn what it said."""
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    game = create_game(
        tmp_path / "w1", "wisk", "classic", players[:2], seed=3, options={"robots": 1}
    )

    def listed() -> tuple[str, bool]:
        shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status"])
        assert shown.exit_code == 0, shown.output
        given = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", "--json"])
        (entry,) = json.loads(given.stdout)["games"]
        return shown.stdout.splitlines()[0].split(None, 2)[2], entry["only_robots_move"]

    assert listed() == ("turn 1: 0 of 1 orders in, 0 READY", False)
    game.run_turn()
    game.run_turn()  # Ann's turn, then Bob's: the robot's is next
    assert listed() == ("turn 3: only robots to move", True)


def test_a_robots_turn_is_said_in_the_games_own_status(tmp_path: Path) -> None:
    """`wtg status w1` of a WISK game whose robot was to move listed every player as owing
    no orders and said nothing of whose turn it was, where the host's list said "only robots
    to move"; its `--json` did not say that the players move one at a time, which is why the
    turn runs at once (`run-turn --due`). A line says it, and ``one_at_a_time`` (a WoK
    game's is false)."""
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    game = create_game(
        tmp_path / "w1", "wisk", "classic", players[:2], seed=3, options={"robots": 1}
    )
    create_game(tmp_path / "k1", "wok4", "small", players, seed=3)

    def status(name: str, *more: str) -> str:
        shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", name, *more])
        assert shown.exit_code == 0, shown.output
        return shown.stdout

    robots = [line for line in status("w1").splitlines() if line.startswith("ROBOTS")]
    assert robots == []  # Ann's turn
    assert json.loads(status("w1", "--json"))["one_at_a_time"] is True
    assert json.loads(status("k1", "--json"))["one_at_a_time"] is False
    game.run_turn()
    game.run_turn()  # Ann's turn, then Bob's: the robot's is next
    robots = [line for line in status("w1").splitlines() if line.startswith("ROBOTS")]
    assert robots == [
        "ROBOTS TO MOVE: turn 3 is a robot's (the players move one at a time): no player owes "
        "orders for it, and the next run-turn --due (cron's, or wtg serve) runs it, without "
        "waiting for the deadline"
    ]
    given = json.loads(status("w1", "--json"))
    assert (given["only_robots_move"], given["one_at_a_time"]) == (True, True)


def robots_alone(tmp_path: Path) -> Game:
    """A WoK IV game ``k1`` without a schedule whose players all quit: robots alone play on."""
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    game = create_game(tmp_path / "k1", "wok4", "small", players, seed=3)
    state_file = game.store.root / "turns" / "0000" / "state.json"
    state = json.loads(state_file.read_text())
    for player in state["players"]:
        player["status"] = "quit"  # every human out: the robots play on
    state_file.write_text(json.dumps(state))
    return game


def test_robots_alone_without_a_deadline_are_said_to_wait_for_a_hand_run(tmp_path: Path) -> None:
    """A WoK game whose players are all out, robots alone left to play, said "it runs at
    its deadline" of a game with no schedule: no deadline comes, and no `run-turn --due`
    ever finds the turn due. It says so, and names the hand run that runs it; with a
    deadline it says the deadline as before."""
    game = robots_alone(tmp_path)

    def robots_line() -> list[str]:
        shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", "k1"])
        assert shown.exit_code == 0, shown.output
        return [line for line in shown.stdout.splitlines() if line.startswith("ROBOTS")]

    assert game.deadline() is None
    assert robots_line() == [
        "ROBOTS TO MOVE: no player is left to give orders for turn 1 (robots alone play on) "
        "and it has no deadline, so no run-turn --due runs it: "
        f"`wtg --games-dir {tmp_path} run-turn k1` does"
    ]
    assert why_due(game, datetime.now(timezone.utc) + timedelta(days=365)) is None
    turn_file = game.store.root / "turns" / "0000" / "turn.json"
    meta = json.loads(turn_file.read_text())
    meta["next_deadline"] = "2030-01-01T12:00:00Z"
    turn_file.write_text(json.dumps(meta))
    assert robots_line() == [
        "ROBOTS TO MOVE: no player is left to give orders for turn 1 (robots alone play on): "
        "it runs at its deadline"
    ]


def test_a_robots_turn_is_not_held_for_a_send_as_its_line_says(tmp_path: Path) -> None:
    """The ROBOTS TO MOVE line of a WISK robot's turn says the next `run-turn --due` runs
    it: the players not mailed the turn before (`wtg send` not yet given) hold a turn only
    when one of them owes orders (``not_mailed``), and on a robot's turn none does. The due
    run runs it with the journal a turn behind; the human's turn after it would be held."""
    (tmp_path / "wtg.yaml").write_text("games_dir: games\nfrom: gm@example.org\n")
    gm = load_config(tmp_path / "wtg.yaml")
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    folder = gm.games_dir / "w1"
    game = create_game(folder, "wisk", "classic", players[:2], seed=3, options={"robots": 1})
    game.run_turn()
    game.run_turn()  # Ann's turn, then Bob's: the robot's is next
    mailed = {"w1": 1}  # turn 2's reports not yet sent
    assert not_mailed(game, 1) is None
    ran = run_game(folder, gm, datetime.now(timezone.utc), mailed=mailed)
    assert (ran.outcome, ran.turn) == (Outcome.RAN, 3), ran
    assert not_mailed(game, 1) is not None  # Ann's turn now: she owes orders, unmailed


def test_robots_alone_held_without_a_deadline_name_the_release_then_the_hand_run(
    tmp_path: Path,
) -> None:
    """Held, the same game's line said "it runs once `wtg release k1` is given": without a
    deadline the release runs nothing (no `run-turn --due` finds the turn due after it
    either), and the `wtg run-turn k1` the line named before it is refused while the game
    is held. It names the release first, then that hand run."""
    game = robots_alone(tmp_path)
    hold(game, datetime.now(timezone.utc), "a check")
    shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", "k1"])
    assert shown.exit_code == 0, shown.output
    robots = [line for line in shown.stdout.splitlines() if line.startswith("ROBOTS")]
    assert robots == [
        "ROBOTS TO MOVE: no player is left to give orders for turn 1 (robots alone play on) "
        "and it has no deadline, so no run-turn --due runs it: "
        f"`wtg --games-dir {tmp_path} run-turn k1` does; HELD: "
        f"`wtg --games-dir {tmp_path} release k1` first (run-turn refuses a held game), "
        "then that run-turn"
    ]
    refused = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "run-turn", "k1"])
    assert refused.exit_code != 0 and game.latest_turn() == 0, refused.output


def scheduled_after(game: Game) -> None:
    """A schedule written into ``game``'s game.yaml after its latest turn ran (that turn
    set no deadline)."""
    config = game.store.root / "game.yaml"
    text = config.read_text(encoding="utf-8")
    assert "schedule: null" in text
    written = "schedule: {every_days: 2, at: '18:00', timezone: UTC, first: '2026-12-01'}"
    config.write_text(text.replace("schedule: null", written), encoding="utf-8")


def said(tmp_path: Path) -> list[str]:
    """The NO DEADLINE and ROBOTS TO MOVE lines of `wtg status k1`."""
    shown = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "status", "k1"])
    assert shown.exit_code == 0, shown.output
    return [line for line in shown.stdout.splitlines() if line.startswith(("NO DEAD", "ROBOTS"))]


def test_robots_alone_given_a_schedule_by_hand_say_one_thing_of_their_turn(
    tmp_path: Path,
) -> None:
    """A game of robots alone whose game.yaml gained a schedule after its last turn ran
    said "NO DEADLINE: ... `wtg run-turn k1 --now` runs turn 1 now, or it runs once every
    player is READY" above "ROBOTS TO MOVE: ... no run-turn --due runs it": no player is
    left to be READY, and no due run finds the turn due. The NO DEADLINE line says what the
    ROBOTS TO MOVE line says, as the due run does; the hand run it names runs the turn."""
    game = robots_alone(tmp_path)
    scheduled_after(game)
    head = f"wtg --games-dir {tmp_path}"
    robots = (
        "no player is left to give orders for turn 1 (robots alone play on), so no "
        f"run-turn --due runs it: `{head} run-turn k1` does"
    )
    assert said(tmp_path) == [
        "NO DEADLINE: its turn 0 set none (game.yaml's schedule came after it ran); the turn "
        f"after it takes the schedule up, its deadline a whole turn later: {robots}",
        "ROBOTS TO MOVE: no player is left to give orders for turn 1 (robots alone play on) "
        f"and it has no deadline, so no run-turn --due runs it: `{head} run-turn k1` does",
    ]
    assert why_due(game, datetime.now(timezone.utc) + timedelta(days=365)) is None
    ran = CliRunner().invoke(main, ["--games-dir", str(tmp_path), "run-turn", "k1"])
    assert ran.exit_code == 0 and game.latest_turn() == 1, ran.output


def test_robots_alone_held_given_a_schedule_by_hand_name_the_release_first(
    tmp_path: Path,
) -> None:
    """Held, the NO DEADLINE line of the same game named the run-turn alone, which is
    refused while the game is held, where the ROBOTS TO MOVE line names the release first.
    Both name it."""
    game = robots_alone(tmp_path)
    scheduled_after(game)
    hold(game, datetime.now(timezone.utc), "a check")
    head = f"wtg --games-dir {tmp_path}"
    release = f"HELD: `{head} release k1` first (run-turn refuses a held game)"
    first, robots = said(tmp_path)
    assert first.endswith(f"so no run-turn --due runs it: `{head} run-turn k1` does; {release}")
    assert robots.endswith(f"; {release}, then that run-turn")


def test_extend_of_robots_alone_says_no_player_is_to_be_ready(tmp_path: Path) -> None:
    """`wtg extend` of a game of robots alone without deadlines said "meanwhile its turn
    runs once every player is READY": none is left to be. With a schedule written in after
    the last turn it said so too. Both say the hand run that runs the turn."""
    game = robots_alone(tmp_path)
    robots = (
        "no player is left to give orders for turn 1 (robots alone play on), so no "
        "run-turn --due runs it: `wtg run-turn k1` does"
    )

    def refused() -> str:
        with pytest.raises(GameError) as caught:
            extend(game, 24, datetime.now(timezone.utc), lambda _: 0)
        return str(caught.value)

    first = refused()
    assert first.endswith(f"meanwhile its turn waits for no player: {robots}"), first
    assert "READY" not in first
    scheduled_after(game)
    second = refused()
    assert second.endswith(f"its deadline a whole turn later: {robots}"), second


def test_a_wisk_robots_turn_without_a_deadline_is_said_to_run_at_the_next_due_run(
    tmp_path: Path,
) -> None:
    """A WISK game made without a schedule, a robot to move, given one by hand: the NO
    DEADLINE line said "or it runs once every player is READY"; the next due run runs the
    robot's turn at once (``why_due``), and the line says that."""
    players = [PlayerEntry(n, name, address(n), f"CODE{n:04d}X") for n, name in enumerate(NAMES, 1)]
    game = create_game(
        tmp_path / "k1", "wisk", "classic", players[:2], seed=3, options={"robots": 1}
    )
    game.run_turn()
    game.run_turn()  # Ann's turn, then Bob's: the robot's is next
    scheduled_after(game)
    first = said(tmp_path)[0]
    assert first.endswith(
        "no player owes orders for turn 3 (a robot's: the players move one at a time), and "
        "the next run-turn --due (cron's, or wtg serve) runs it"
    ), first
    assert why_due(game, datetime.now(timezone.utc)) is not None
