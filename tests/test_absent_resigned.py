"""Players who owe no orders: one away (ABSENCE) and one leaving (RESIGN) do not hold up
the turn, are not reminded, and `wtg status` (text and --json) shows them."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from click.testing import CliRunner

from tests.lobby.hall import Hall, address, all_confirmed
from tests.shipped import WOK4
from wtg.cli import main
from wtg.core.jsondata import Json
from wtg.game.engine import Game
from wtg.game.gameconfig import PlayerEntry
from wtg.game.report import aof_text
from wtg.gm.absence import plan_absence
from wtg.gm.gamestatus import game_status
from wtg.gm.takeover import take_over
from wtg.host.due import Outcome, run_due
from wtg.mail.outgoing.sender import remind

NAMES = ("Ann", "Bob", "Cid")


def _game_with_deadlines(hall: Hall) -> Game:
    """A three-player WoK IV game made from a waiting list, deadlines every 2 days."""
    hall.open_list("wok4", players=3, map="small", every=2, at="18:00")
    all_confirmed(hall, NAMES, hours=1)
    game = hall.game("wok4-1")
    assert game.deadline() is not None
    return game


def _player(game: Game, name: str) -> PlayerEntry:
    return next(p for p in game.config.players if p.name == name)


def _away_and_leaving(hall: Hall, game: Game) -> tuple[PlayerEntry, PlayerEntry, PlayerEntry]:
    """Ann away for turn 1 (ABSENCE), Bob leaving (RESIGN, confirmed), Cid playing on."""
    ann, bob, cid = (_player(game, name) for name in NAMES)
    hall.mail(ann.email, f"ABSENCE wok4-1 1 1\nCODE {ann.code}")
    ask = hall.answer(bob.email, f"RESIGN wok4-1\nCODE {bob.code}")
    hall.mail(bob.email, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    assert "you leave the game when turn 1 runs" in hall.new_mails(bob.email)[0].subject
    return ann, bob, cid


def test_an_absent_and_a_resigned_player_do_not_hold_up_the_turn(tmp_path: Path) -> None:
    """Issue 25, item 15: an absent or resigned player counted as owing orders, so the turn
    waited for the deadline though everyone else was READY. Once Cid, the one player who
    owes orders, is READY, `run-turn --due` runs the turn before the deadline; Ann's side
    digs in (her absence) and Bob quits."""
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    ann, bob, cid = _away_and_leaving(hall, game)
    deadline = game.deadline()
    assert deadline is not None and hall.now < deadline
    assert [r.outcome for r in run_due(hall.gm, now=hall.now).games()] == [Outcome.NOT_DUE]
    game.submit(f"player: {cid.id}\nturn: 1\nready: true\n")
    (ran,) = run_due(hall.gm, now=hall.now).games()
    assert (ran.outcome, ran.detail) == (Outcome.RAN, "turn 1 resolved (all players are READY)")
    state = game.typed(WOK4).state()
    assert (state.player(ann.id).status, state.player(ann.id).missed) == ("active", 0)
    assert state.player(bob.id).status == "quit"
    players = {p["name"]: p for p in game_status(game)["players"]}
    assert (players["Ann"]["absent"], players["Ann"]["owes_orders"]) == (False, True)  # turn 2


def test_an_absent_and_a_resigned_player_are_not_reminded(tmp_path: Path) -> None:
    """Issue 25, item 15: reminders go to the players who owe orders and sent none: not to
    Ann (away) nor to Bob (leaving)."""
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    _ann, _bob, cid = _away_and_leaving(hall, game)
    deadline = game.deadline()
    assert deadline is not None
    assert remind(hall.gm, now=deadline - timedelta(hours=1)).queued == 1
    (reminder,) = [m for m in hall.new_mails() if "reminder" in m.subject]
    assert reminder.to == cid.email


def test_status_shows_who_is_absent_and_who_resigned(tmp_path: Path) -> None:
    """Issue 25, item 15: `status` showed neither. `status --json` players carry
    ``absent`` and ``resigned`` (bools), and owe no orders; the text says ABSENT and
    RESIGNED, and the line for every game counts them."""
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    _ann, _bob, cid = _away_and_leaving(hall, game)
    hall.mail(cid.email, f"STATUS wok4-1\nCODE {cid.code}")  # and the players' STATUS
    hall.poll(hours=1)
    (told,) = hall.new_mails(cid.email)
    assert "Ann                      away this turn" in told.body
    assert "Bob                      resigned: leaves when the turn runs" in told.body
    assert max(len(line) for line in told.body.splitlines()) <= 72  # a phone's (docs/mail.md)
    assert "Cid                      no orders yet" in told.body
    runner = CliRunner()
    root = str(game.store.root)
    data = json.loads(runner.invoke(main, ["status", root, "--json"]).stdout)
    shown = {p["name"]: (p["absent"], p["resigned"], p["owes_orders"]) for p in data["players"]}
    assert shown == {
        "Ann": (True, False, False),
        "Bob": (False, True, False),
        "Cid": (False, False, True),
    }
    text = runner.invoke(main, ["status", root]).stdout
    lines = {line.split()[2]: line for line in text.splitlines() if line.startswith("  player")}
    assert lines["Ann"].endswith("ABSENT this turn (planned absence)")
    assert "RESIGNED: leaves the game when turn 1 runs" in lines["Bob"]
    assert lines["Cid"].endswith("NO ORDERS YET")
    every = runner.invoke(main, ["--games-dir", str(hall.gm.games_dir), "status"]).stdout
    assert "turn 1: 0 of 1 orders in, 0 READY, 1 absent, 1 resigned" in every


def test_a_newcomer_is_not_away_on_the_absence_of_the_player_before_him(tmp_path: Path) -> None:
    """Issue 25, item 15: an absence is its player's. Ann plans to be away for turns 2 and
    3, then resigns; a newcomer takes her seat over after turn 1: he owes orders for
    turn 2 (he is not absent), and his own ABSENCE counts from none."""
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    ann, bob, cid = (_player(game, name) for name in NAMES)
    hall.mail(ann.email, f"ABSENCE wok4-1 2 3\nCODE {ann.code}")
    hall.mail(ann.email, f"RESIGN wok4-1\nCODE {ann.code}")
    hall.poll(hours=1)
    ask = next(m for m in hall.new_mails(ann.email) if "RESIGN" in m.subject)
    hall.mail(ann.email, f"CONFIRM {ask.code()}")
    hall.poll(hours=1)
    game.run_turn(now=hall.now)
    assert game.typed(WOK4).state().player(ann.id).status == "quit"
    newcomer = take_over(game, ann.id, "Newcomer", address(9), hall.now)
    players = {p["seat"]: p for p in game_status(game)["players"]}
    assert (players[ann.id]["absent"], players[ann.id]["owes_orders"]) == (False, True)
    assert (players[bob.id]["absent"], players[cid.id]["absent"]) == (False, False)
    assert plan_absence(game, newcomer.id, "2", "7")[0] == [2, 3, 4, 5, 6, 7]
    assert {p["seat"]: p["absent"] for p in game_status(game)["players"]}[ann.id]


def test_orders_sent_after_a_resign_say_they_undo_it(tmp_path: Path) -> None:
    """A RESIGN files the QUIT "with the orders you have on file"; a form the player mails
    after it replaces those orders ("a later mail before the turn runs replaces it"), and
    without its QUIT line he plays on. He was told he leaves when the turn runs, and the
    confirmation of the form took it without a word: a player who resigned and then sent
    his last orders found himself still in the game. The confirmation says so, and how to
    leave all the same."""
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    _ann, bob, _cid = _away_and_leaving(hall, game)
    wok = game.typed(WOK4)
    state = wok.state()
    (home,) = state.provinces_of(bob.id)
    aim: Json = {"province": home.id, "aim": "EFF"}
    form = aof_text(wok.ruleset, game.config, state, bob.id, {"aim": [aim], "ready": True})
    answer = hall.answer(bob.email, form)
    assert "orders for turn 1 received" in answer.subject
    assert (
        "The orders these replace had you leave the game (a RESIGN, or the QUIT line); "
        "these do not: you stay in the game. To leave all the same, mail RESIGN wok4-1 "
        "again." in answer.words
    )
    assert game_status(game)["players"][bob.id - 1]["resigned"] is False
    form = aof_text(wok.ruleset, game.config, state, bob.id, {"aim": [aim], "quit": True})
    hall.mail(bob.email, form)  # a QUIT replaced by a QUIT: nothing to say
    hall.poll(hours=1)
    (answer,) = hall.new_mails(bob.email)
    assert "you stay in the game" not in answer.words


def test_the_resign_answer_says_what_later_orders_do(tmp_path: Path) -> None:
    """The answer to a RESIGN's CONFIRM said only that he leaves when the turn runs; the
    orders he mailed after it replaced his QUIT without a word before (see above). It says
    so before he mails any."""
    hall = Hall(tmp_path)
    game = _game_with_deadlines(hall)
    bob = _player(game, "Bob")
    ask = hall.answer(bob.email, f"RESIGN wok4-1\nCODE {bob.code}")
    done = hall.answer(bob.email, f"CONFIRM {ask.code()}")
    assert done.subject == "[wok4-1] you leave the game when turn 1 runs"
    assert (
        "Orders you mail for that turn after this replace those: without a QUIT of their "
        "own, you would play on." in done.words
    )
