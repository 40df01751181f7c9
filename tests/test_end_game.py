"""`wtg end GAME` (docs/gm.md, "Ending a game by hand"): the GM ends a game after its last
turn run. The end is the turn after it, in which nothing moves; every player's report of it
(the end mail `wtg send` mails) says the game is over, ended by the GM, with his reason; no
one wins, the players are ranked as they stand, no rating changes; orders pending for the
coming turn are kept unplayed, their senders told; `run-turn` refuses the game; `status`
says the GM ended it; given again, it changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.mail.loop import NOW, World
from tests.mail.maps import text_of
from tests.mail.test_map_pictures import sent
from wtg.cli import main
from wtg.core.errors import GameError
from wtg.game.engine import open_game
from wtg.gm.control import hold, rollback
from wtg.host.ratings import rate_rulesets
from wtg.host.results import finished_games, won
from wtg.mail.outgoing.sender import send
from wtg.rules.wok.state import WokState

REASON = "every player stopped writing"


def wtg(world: World, *args: str, given: str | None = None) -> Result:
    runner = CliRunner(env={"WTG_CONFIG": None, "WTG_GAMES_DIR": None})
    return runner.invoke(main, ["--games-dir", str(world.gm.games_dir), *args], input=given)


def played_one_turn(world: World) -> None:
    """Turn 1 run with every player's empty orders; player 2's for turn 2 on file."""
    for seat in range(1, 5):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn(now=NOW)
    world.game.submit("player: 2\nturn: 2\n")


def test_ending_a_game_writes_its_end_as_the_next_turn_and_says_so(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    before = world.game.store.read_text(1, "topten.txt")
    result = wtg(world, "end", "g1", "--reason", REASON, "--yes")
    assert result.exit_code == 0, result.output
    head = f"wtg --games-dir {world.gm.games_dir}"
    assert result.stdout == (
        f"game g1 ended by the GM at turn 2 ({REASON}): no one won, no rating changes; "
        "the orders of 1 player for it kept unplayed, their reports say so; each player's "
        f"report of turn 2 tells him (`{head} send` mails them)\n"
    )
    game = world.game
    assert game.latest_turn() == 2
    assert game.ruleset.is_over(game.state())
    assert game.ended_by_gm() == REASON
    # the final Top Ten is the last turn's, as it stood (under the end's turn number), those
    # still in it STANDING (wok.md ruling 16)
    final = before.replace("g1, turn 1", "g1, turn 2").replace(" ACTIVE\n", " STANDING\n")
    assert game.store.read_text(2, "topten.txt") == final
    meta = json.loads(game.store.read_text(2, "turn.json"))
    assert (meta["next_deadline"], meta["ended_by_gm"]) == (None, True)
    report = game.store.read_text(2, "reports/p01.txt")
    assert "END OF THE GAME: ended by the GM\n" in report
    assert f"The GM's words: {REASON}\n" in report
    assert "Winner: none\n" in report
    assert "Your orders for this turn were not played" not in report
    sender = game.store.read_text(2, "reports/p02.txt")
    assert "- Your orders for this turn were not played: the GM ended the game" in sender
    # the pending orders kept in the end's folder, unplayed, none left pending
    assert game.store.pending_orders(2) == {}
    kept = game.store.turn_dir(2) / "received" / "p02.yaml"
    assert kept.read_text() == "player: 2\nturn: 2\n"


def test_the_end_is_mailed_to_every_player_as_a_natural_end_is(tmp_path: Path) -> None:
    world = World(tmp_path)
    send(world.gm, now=NOW)  # turn 0
    played_one_turn(world)
    send(world.gm, now=NOW)
    assert wtg(world, "end", "g1", "--reason", REASON, "--yes").exit_code == 0
    send(world.gm, now=NOW)
    mails = sent(world)
    for seat in range(1, 5):
        text = text_of(mails[f"report-g1-t0002-p{seat:02d}"])
        assert "END OF THE GAME: ended by the GM" in text, seat
        assert REASON in text
        assert ("were not played" in text) == (seat == 2)


def test_run_turn_refuses_a_game_the_gm_ended(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    with pytest.raises(GameError, match="ended by the GM at turn 2: no turn runs"):
        world.game.run_turn(now=NOW)
    with pytest.raises(GameError, match="ended by the GM"):
        world.game.run_turn(rerun=True, now=NOW)  # the end is no turn to run again
    result = wtg(world, "run-turn", "g1", "--now")
    assert result.exit_code != 0
    assert "game g1 was ended by the GM at turn 2: no turn runs; " in result.output
    assert " rollback g1 --to 1` takes the end back" in result.output


def test_status_says_the_gm_ended_the_game(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--reason", REASON, "--yes").exit_code == 0
    result = wtg(world, "status", "g1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        f"game g1, over after turn 2, ended by the GM ({REASON}): no orders are "
        "taken, no deadline comes"
    )
    data = json.loads(wtg(world, "status", "g1", "--json").stdout)
    assert (data["over"], data["ended_by_gm"]) == (True, REASON)
    every = wtg(world, "status")
    assert "over, ended by the GM" in every.stdout


def test_a_game_ended_before_its_first_send_is_mailed_from_its_turn_0(tmp_path: Path) -> None:
    """A game the mail journal did not know, ended before any `wtg send`: the send took it
    for one copied in from another host, mailed its end alone (never turn 0's report, with
    the players' codes) and warned of a copy. `wtg end` notes it as `run-turn` does."""
    world = World(tmp_path)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0

    summary = send(world.gm, now=NOW)

    assert summary.first_mailed == ()
    assert sorted(sent(world)) == [
        f"report-g1-t{turn:04d}-p{seat:02d}" for turn in (0, 1) for seat in range(1, 5)
    ]


def test_status_of_a_game_ended_while_held_says_its_hold_holds_nothing(tmp_path: Path) -> None:
    """A game held, then ended: `wtg status GAME` said it over AND held, no turn running
    until `wtg release`. Its hold is kept (a rollback of the end finds the game held, as the
    GM left it), said as holding nothing while the game is over."""
    world = World(tmp_path)
    played_one_turn(world)
    kept, _new, _told = hold(world.game, NOW, "away", lambda _hold: 0)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0

    lines = wtg(world, "status", "g1").stdout.splitlines()

    head = f"wtg --games-dir {world.gm.games_dir}"
    assert lines[:2] == [
        "game g1, over after turn 2, ended by the GM: no orders are taken, no deadline comes",
        "HOLD KEPT: the GM's hold since 2026-11-22 12:00 UTC (away), from before the game was "
        "over, holds nothing now; a rollback that takes the end back finds the game held again "
        f"(`{head} release g1` then lets it run)",
    ]
    rollback(world.game, 1, NOW)
    assert world.game.held() == kept


def test_given_again_it_changes_nothing_and_says_so(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--reason", REASON, "--yes").exit_code == 0
    files = sorted(p for p in world.game.store.root.rglob("*") if p.is_file())
    again = wtg(world, "end", "g1", "--yes", "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == {
        "game": "g1",
        "turn": 2,
        "ended": False,
        "reason": REASON,
        "orders_not_played": [],
        "release_cut_short": None,
    }
    assert sorted(p for p in world.game.store.root.rglob("*") if p.is_file()) == files


def test_without_yes_it_asks_and_a_no_ends_nothing(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    result = wtg(world, "end", "g1", given="n\n")
    assert result.exit_code != 0
    assert world.game.latest_turn() == 1
    assert "End game g1 after turn 1, every player told?" in result.output
    assert wtg(world, "end", "g1").exit_code != 0  # no answer (cron): nothing ends
    assert world.game.latest_turn() == 1
    assert wtg(world, "end", "g1", given="y\n").exit_code == 0
    assert world.game.latest_turn() == 2


def test_a_no_or_no_answer_says_nothing_ended_and_the_line_that_ends_it(tmp_path: Path) -> None:
    """A no, or no answer at all (ssh without a terminal, cron): click's "Aborted!" alone,
    which said neither what happened nor what to type."""
    world = World(tmp_path)
    played_one_turn(world)
    again = f"wtg --games-dir {world.gm.games_dir} end g1 --yes"  # as the command was given
    said = f"wtg: nothing ended: game g1 goes on; `{again}` ends it without asking\n"
    question = "End game g1 after turn 1, every player told? [y/N]: "
    no, none = wtg(world, "end", "g1", given="n\n"), wtg(world, "end", "g1")
    assert (no.exit_code, no.stdout, no.stderr) == (1, f"{question}n\n", said)
    assert (none.exit_code, none.stdout, none.stderr) == (1, question, f"\n{said}")
    assert world.game.latest_turn() == 1


def test_a_game_over_by_its_rules_is_not_ended_again(tmp_path: Path) -> None:
    world = World(tmp_path)
    for seat in range(1, 5):  # 2, 3 and 4 QUIT: player 1 is the last standing
        world.game.submit(f"player: {seat}\nturn: 1\n" + ("quit: true\n" if seat > 1 else ""))
    world.game.run_turn(now=NOW)
    result = wtg(world, "end", "g1", "--yes")
    assert result.exit_code != 0
    assert "game g1 is over already (turn 1): its rules ended it" in result.output
    assert world.game.latest_turn() == 1


def test_no_one_wins_and_no_rating_changes(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    (result,) = finished_games(world.gm.games_dir)
    assert result.reason == "gm"
    assert [e.place for e in result.entries] == sorted(e.place for e in result.entries)
    assert not any(won(result, entry) for entry in result.entries)
    (table,) = rate_rulesets([result])
    assert (table.games, table.players) == (0, {})


def test_the_site_shows_the_game_finished_ended_by_the_gm(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    out = tmp_path / "site"
    assert wtg(world, "site", str(out)).exit_code == 0
    index = (out / "index.html").read_text()
    finished = index[index.index("Finished games") :]
    assert ">g1<" in finished and "nobody" in finished
    assert "No game is running." in index
    page = (out / "games" / "g1" / "turn-2.html").read_text()
    assert "The game is over (ended by the GM): won by nobody." in page


def test_a_rollback_takes_the_end_back_and_its_orders_are_pending_again(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    rollback(world.game, 1, NOW)
    game = open_game(world.game.store.root)
    assert (game.latest_turn(), game.ended_by_gm()) == (1, None)
    assert not game.ruleset.is_over(game.state())
    (path,) = game.store.pending_orders(2).values()
    assert path.read_text() == "player: 2\nturn: 2\n"
    game.run_turn(now=NOW)  # the game goes on
    assert game.latest_turn() == 2 and game.ended_by_gm() is None


def test_a_wisk_game_ends_with_no_winner_its_top_ten_as_it_stood(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=("wisk", "classic", {}))
    game = world.game
    active = game.ruleset.owing(game.state())[0]
    game.submit(f"player: {active}\nturn: 1\n")
    before = game.store.read_text(0, "topten.txt")
    assert wtg(world, "end", "g1", "--reason", REASON, "--yes").exit_code == 0
    assert (game.latest_turn(), game.ended_by_gm()) == (1, REASON)
    assert game.ruleset.is_over(game.state()) and game.ruleset.owing(game.state()) == []
    final = before.replace("turn 0", "turn 1").replace(" ACTIVE\n", " STANDING\n")
    assert game.store.read_text(1, "topten.txt") == final  # wisk.md ruling 28
    with pytest.raises(GameError, match="ended by the GM at turn 1"):
        game.run_turn(now=NOW)
    for seat in (1, 2):
        report = game.store.read_text(1, f"reports/p{seat:02d}.txt")
        assert "THE GAME IS OVER (ended by the GM): no one won.\n" in report
        assert f"The GM's words: {REASON}\n" in report
        assert ("were not played: the GM ended the game" in report) == (seat == active)
        assert not game.store.turn_dir(1).joinpath(f"aofs/p{seat:02d}.txt").exists()
    (result,) = finished_games(world.gm.games_dir)
    assert result.reason == "gm" and not any(won(result, e) for e in result.entries)
    assert rate_rulesets([result])[0].games == 0


def test_a_tactics_battle_ends_placed_by_its_score_info_with_no_winner(tmp_path: Path) -> None:
    world = World(tmp_path, count=2, ruleset=("tactics", "meadow", {}))
    world.game.submit("player: 1\nturn: 1\n")
    assert wtg(world, "end", "g1", "--reason", REASON, "--yes").exit_code == 0
    game = world.game
    assert (game.latest_turn(), game.ended_by_gm()) == (1, REASON)
    assert game.ruleset.is_over(game.state())
    with pytest.raises(GameError, match="ended by the GM at turn 1"):
        game.run_turn(now=NOW)
    mine = game.store.read_text(1, "reports/p01.txt")
    other = game.store.read_text(1, "reports/p02.txt")
    for report in (mine, other):
        assert f"- The GM's words: {REASON}" in report
        assert "- GAME OVER (ended by the GM): 1. Player1 (yellow), 1. Player2 (red)." in report
        assert "STANDING, place 1" in report and "place 2" not in report  # equal armies: a draw
    assert "WINNER" not in game.topten()
    said = " ".join(mine.split())  # broken at a phone's 72 columns
    assert "- Your orders for this turn were not played: the GM ended the battle before" in said
    assert "the GM ended the battle" not in other
    (result,) = finished_games(world.gm.games_dir)
    assert result.reason == "gm" and not any(won(result, e) for e in result.entries)
    assert rate_rulesets([result])[0].games == 0


def test_a_standard_game_ends_ranked_by_score_with_no_winner(tmp_path: Path) -> None:
    world = World(tmp_path, count=4, ruleset=("standard", "classic60", {}), variant="skirmish")
    for seat in range(1, 5):
        world.game.submit(f"player: {seat}\nturn: 1\n")
    world.game.run_turn(now=NOW)
    assert wtg(world, "end", "g1", "--yes").exit_code == 0
    state = world.game.state()
    assert isinstance(state, WokState) and state.outcome is not None
    assert (state.outcome.reason, state.outcome.winners) == ("gm", ())
    scores = {line.player: line.score for line in world.game.ruleset.topten(state)}
    ranked = [scores[p] for p in state.outcome.ranking]
    assert ranked == sorted(ranked, reverse=True)
    assert all(p.vp == 0 for p in state.players)  # no victory point for an end by hand
    report = world.game.store.read_text(2, "reports/p01.txt")
    assert "END OF THE GAME: ended by the GM\nWinner: none\n" in report
    # wok4.md ruling 23: no winner to rank first, and the heading names none; nor, with
    # no one in it who QUIT, any who QUIT (press49: 'those who QUIT last' over players
    # who never quit)
    assert "\nTOP TEN (by score)\n" in report
    # the players still in it read STANDING, not ACTIVE: no turn is left to be active in
    assert "\nStatus: STANDING   EFF: " in report and "ACTIVE" not in report
    assert {line.status for line in world.game.ruleset.topten(state)} == {"standing"}


def test_a_reason_that_is_no_text_ends_nothing(tmp_path: Path) -> None:
    world = World(tmp_path)
    played_one_turn(world)
    result = wtg(world, "end", "g1", "--yes", "--reason", "bye\x1b[2J")
    assert result.exit_code != 0
    assert world.game.latest_turn() == 1
