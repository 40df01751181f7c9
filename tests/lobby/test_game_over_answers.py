"""A player of a WoK game that is over, writing to the host as docs/mail.md says: a mail
without a form is told the game is over (it was mailed a blank AOF for a turn that never
runs), `AOF` and `RESIGN` are refused with that reason (they mailed the form, and a code to
CONFIRM), and `STATUS` names nobody as owing orders (it said "no orders yet")."""

from __future__ import annotations

from pathlib import Path

from tests.lobby.hall import Hall, address, ann_and_bob
from wtg.game.engine import Game


def ended(tmp_path: Path) -> tuple[Hall, Game, str]:
    """Ann and Bob's game, over once Bob resigned and turn 1 ran; the hall, the game and
    Ann's code."""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall)
    ann, bob = (next(p for p in game.config.players if p.email == address(n)) for n in (1, 2))
    ask = hall.answer(bob.email, f"RESIGN wok4-1\nCODE {bob.code}")
    hall.mail(bob.email, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    game.run_turn(now=hall.now)
    hall.send()
    hall.new_mails()
    assert game.ruleset.is_over(game.state_view())
    return hall, game, ann.code


def test_a_mail_without_a_form_is_told_the_game_is_over(tmp_path: Path) -> None:
    hall, _game, _code = ended(tmp_path)
    hall.mail(address(1), "Hello, what now?")
    summary = hall.poll(hours=1)
    assert summary.outcomes[0][1] == 'answered: told no orders are due; asked "Hello, what now?"'
    (answer,) = hall.new_mails(address(1))
    assert "game wok4-1 is over" in answer.body
    assert "=== BEGIN AOF ===" not in answer.body


def test_aof_and_resign_are_refused_and_status_owes_nothing(tmp_path: Path) -> None:
    hall, _game, code = ended(tmp_path)
    for command in ("AOF", "RESIGN"):
        answer = hall.answer(address(1), f"{command} wok4-1\nCODE {code}")
        assert answer.subject == f"{command} wok4-1: not done"
        assert f'"{command} wok4-1" was not carried out: game wok4-1 is over' in answer.body
    status = hall.answer(address(1), "STATUS wok4-1")
    # it said 'status of turn 2' and 'Game wok4-1, turn 2 (the game is over).': a turn that
    # never runs
    assert status.subject == "[wok4-1] status: over after turn 1"
    assert status.body.startswith("Game wok4-1, over after turn 1: no orders are taken.\n")
    assert "no orders yet" not in status.body
    lines = [line for line in status.body.splitlines() if line.startswith("  player ")]
    # Bob quit: he is out of the game, where it said he owed no orders. The list deals the
    # seats as it makes the game, otherwise on another day (tests/test_calendar.py runs this
    # at the year's end): each player's line is found by his name
    assert sorted(lines, key=lambda line: line.split()[2]) == [
        f"  player  {seat_of(lines, 'Ann')} Ann                      owes no orders",
        f"  player  {seat_of(lines, 'Bob')} Bob                      out of the game (QUIT)",
    ], lines


def seat_of(lines: list[str], name: str) -> str:
    """The seat number a STATUS answer's lines give ``name``."""
    (seat,) = [line.split()[1] for line in lines if line.split()[2] == name]
    return seat


def test_status_of_a_running_game_puts_its_deadline_on_a_line_of_its_own(
    tmp_path: Path,
) -> None:
    """The first line's end went with the block that chose it: 'Game wok4-1, turn
    1.Deadline: Mon 07 Dec 2026 18:00 UTC.'"""
    hall = Hall(tmp_path)
    game = ann_and_bob(hall, every=2, at="18:00")
    assert game.deadline() is not None
    status = hall.answer(address(1), "STATUS wok4-1")
    first, second = status.body.splitlines()[:2]
    assert first == "Game wok4-1, turn 1."
    assert second.startswith("Deadline: ")
    assert ".Deadline" not in status.body
