"""A turn's events are told under the names its sides had when it ran, after a takeover too.

A takeover (``wtg.gm.takeover``) gives the quitter's seat a new name in the state of the
latest turn and writes that turn's reports again. Before this was fixed the reports
written again told the quitter's own deeds under the newcomer's name: "Newcomer (#2) has
QUIT the game." in every report of the turn, the newcomer's own among them; an extension's
or a rerun's reports said it again, and the site told every earlier turn's events under
the names of the latest turn. The Top Ten and the list of players name the seat's player
now: the newcomer.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_rerun_keeps_run import kept
from tests.test_takeover_turns import a_game_with_a_seat_taken_over, cli, opened
from wtg.cli.demo import filled_aof
from wtg.game.engine import open_game
from wtg.site.facts import gather

QUITTER = "- Bob (#2) has QUIT the game."
WRONG = "- Newcomer (#2) has QUIT the game."


def test_every_report_of_the_turn_tells_the_quit_under_the_quitters_name(
    tmp_path: Path,
) -> None:
    game = a_game_with_a_seat_taken_over(tmp_path)
    for seat in (1, 2, 3, 4):
        report = game.report(seat, 1)
        assert QUITTER in report, seat
        assert WRONG not in report, seat
    mine = game.report(2, 1)
    assert "report of turn 1 for Newcomer (player #2)" in mine
    assert "Newcomer (#2): address not shared" in game.report(1, 1)  # who plays it now
    topten = (game.store.turn_dir(1) / "topten.txt").read_text(encoding="utf-8")
    assert "Newcomer" in topten and "Bob" not in topten


def test_the_newcomers_own_deeds_are_told_under_his_name(tmp_path: Path) -> None:
    """Turn 2 runs from the state the takeover wrote: the newcomer quits in it, and that
    is his, under his name; turn 1's reports still tell Bob's."""
    game = a_game_with_a_seat_taken_over(tmp_path)
    game.submit("player: 2\nturn: 2\nquit: true\n")
    for seat in (1, 3, 4):
        game.submit(filled_aof(game, seat))
    game.run_turn()
    assert WRONG in game.report(1, 2) and QUITTER not in game.report(1, 2)
    assert QUITTER in game.report(1, 1)


def test_reports_written_again_keep_the_names_of_the_turn(tmp_path: Path) -> None:
    """An extension writes the turn's reports again (their deadline), a rerun the whole
    turn: both tell the quit under Bob's name."""
    game = a_game_with_a_seat_taken_over(tmp_path)
    again = game.reports_again(1)
    assert QUITTER in again["reports/p01.txt"] and WRONG not in again["reports/p02.txt"]
    assert cli(tmp_path, "run-turn", "g1", "--rerun", "--unchanged") == (
        f"turn 1 of game g1 rerun{kept(game.store.root)}; the wrong game? `wtg --config "
        f"{tmp_path / '.wtg.yaml'} rollback g1 --to 0` takes turn 1 back\n"
    )
    rerun = opened(tmp_path)
    assert QUITTER in rerun.report(3, 1) and WRONG not in rerun.report(2, 1)


def test_the_site_tells_each_turn_under_the_names_of_its_day(tmp_path: Path) -> None:
    """Bob quits in turn 1, the seat is taken over after turn 2: turn 1's public events on
    the game's page say Bob quit, not the newcomer."""
    game = a_game_with_a_seat_taken_over(tmp_path, after=2)
    turns = {t.turn: t for t in gather(open_game(tmp_path / "g1")).turns}
    assert "Bob quit the game." in turns[1].events
    assert not any("Newcomer" in line for line in turns[1].events)
    assert game.state().player(2).name == "Newcomer"
    assert [row.name for row in turns[2].topten if row.name in ("Bob", "Newcomer")] == ["Newcomer"]
