"""A command mail whose poll was killed after it changed its game and before its answer
was queued, read again by the next poll once `wtg run-turn --due` has run the turn
between: the player is answered as the first reading did, never refused for what was
done (the answer says what he did, and that it stands).

The kill is made here in the poll's own process (as ``tests/lobby/test_lobby_replay.py``),
just after the game was changed: what a SIGKILL there leaves is what this leaves (the
game's file written; the book, the outbox and the journal not)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.lobby.hall import Hall
from tests.lobby.test_lobby_replay import Killed, two_player_game
from tests.shipped import WOK4
from wtg.game.absences import FILE, absences
from wtg.game.gameconfig import PlayerEntry
from wtg.gm.absence import plan_absence
from wtg.lobby import playing, seats
from wtg.mail.incoming.answers import Answers


def test_an_absence_read_again_after_its_turn_ran_is_answered_as_noted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The absence was noted for turns 1-2 and turn 1 ran with it; the mail read again was
    refused ("turn 1 has run"): the player was told his absence was not noted while it
    was, and stood for turn 2 too. Now the mail's absence is known by the mail (its key
    and line, kept in the absences file) and answered as noted, once."""
    hall = Hall(tmp_path)
    name = two_player_game(hall)
    game = hall.game(name)
    player = game.config.players[0]
    hall.mail(player.email, f"CODE {player.code}\nABSENCE {name} 1 2")

    def noted_then_killed(*args: Any, **kwargs: Any) -> tuple[list[int], str]:
        plan_absence(*args, **kwargs)
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(playing, "plan_absence", noted_then_killed)
        with pytest.raises(Killed):
            hall.poll(hours=1)
    assert hall.new_mails() == []
    hall.game(name).run_turn(now=hall.now)  # `wtg run-turn --due` before the next poll
    hall.poll(hours=1)
    (answer,) = hall.new_mails(player.email)
    assert answer.subject == f"[{name}] absence noted: turns 1 to 2"
    hall.poll(hours=1)
    assert hall.new_mails() == []
    game = hall.game(name)
    assert absences(game.store, game.config) == {player.id: [1, 2]}
    assert hall.gm.games_dir.joinpath(name, FILE).is_file()


def test_an_absence_asked_again_by_another_mail_after_its_turn_ran_is_refused(
    tmp_path: Path,
) -> None:
    """What the mail read again may do, no other mail may: the same ABSENCE in a new mail
    once turn 1 has run is refused, as it always was."""
    hall = Hall(tmp_path)
    name = two_player_game(hall)
    player = hall.game(name).config.players[0]
    noted = hall.answer(player.email, f"CODE {player.code}\nABSENCE {name} 1 2")
    assert noted.subject == f"[{name}] absence noted: turns 1 to 2"
    hall.game(name).run_turn(now=hall.now)
    refused = hall.answer(player.email, f"CODE {player.code}\nABSENCE {name} 1 2")
    assert "not done" in refused.subject
    assert "turn 1 has run: the coming turn is 2" in " ".join(refused.body.split())


def test_a_resign_confirmed_read_again_after_its_turn_ran_is_answered_as_resigned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The QUIT was filed and turn 1 ran with it; the CONFIRM read again was refused
    ("nothing to quit"): the player who left was told he had not. Now the QUIT the mail
    filed is found in the turn that ran (by the mail's key) and he is told he left the
    game with that turn, once."""
    hall = Hall(tmp_path)
    name = two_player_game(hall, players=3)
    game = hall.game(name)
    player = game.config.players[1]
    ask = hall.answer(player.email, f"RESIGN {name}\nCODE {player.code}")
    hall.mail(player.email, f"CONFIRM {ask.code()}")

    filed = seats.resign

    def filed_then_killed(*args: Any, **kwargs: Any) -> str | None:
        why = filed(*args, **kwargs)
        assert why is None
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(playing, "resign", filed_then_killed)
        with pytest.raises(Killed):
            hall.poll(hours=1)
    assert hall.new_mails() == []
    hall.game(name).run_turn(now=hall.now)
    hall.poll(hours=1)
    (answer,) = hall.new_mails(player.email)
    assert answer.subject == f"[{name}] you leave the game when turn 1 runs", answer.body
    hall.poll(hours=1)
    assert hall.new_mails() == []
    public = hall.game(name).ruleset.public_json(hall.game(name).state())
    assert json.dumps(public)  # the game reads whole after it


def quit_order(name: str, player: PlayerEntry, turn: int) -> str:
    return f"game: {name}\nplayer: {player.id}\nturn: {turn}\ncode: {player.code}\nquit: true\n"


def test_orders_read_again_after_their_turn_ran_are_confirmed_not_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The orders were filed and turn 1 ran with them; the mail read again was refused
    ("these orders are for turn 1, but the game expects turn 2 ... Nothing was stored"):
    the player was told his orders were lost while the turn had run with them. Now the
    mail's orders are found in the turn that ran (by the mail's key), read again against
    the state they were given for, and confirmed as the first reading would have, once;
    nothing is filed for turn 2."""
    hall = Hall(tmp_path)
    name = two_player_game(hall, players=3)
    player = hall.game(name).config.players[0]
    hall.mail(player.email, quit_order(name, player, 1))

    def dies(*_: object, **__: object) -> None:
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(Answers, "_answer", dies)  # filed, not answered
        with pytest.raises(Killed):
            hall.poll(hours=1)
    assert hall.new_mails() == []
    hall.game(name).run_turn(now=hall.now)
    summary = hall.poll(hours=1)
    assert [outcome for _key, outcome in summary.outcomes] == [
        f"stored: {name} turn 1 player {player.id}"
    ]
    (answer,) = hall.new_mails()
    assert (answer.to, answer.subject) == (player.email, f"[{name}] orders for turn 1 received")
    assert "Turn 1 has run with them since" in " ".join(answer.body.split())
    game = hall.game(name)
    assert game.store.pending_orders(2) == {}
    side = game.typed(WOK4).state().player(player.id)
    assert side.status == "quit"
    hall.poll(hours=1)
    assert hall.new_mails() == []


def test_orders_of_a_turn_that_ran_in_another_mail_are_refused_as_ever(tmp_path: Path) -> None:
    """Only the mail the turn ran with is confirmed so: the same orders in a new mail once
    turn 1 has run are refused, as they always were."""
    hall = Hall(tmp_path)
    name = two_player_game(hall, players=3)
    player = hall.game(name).config.players[0]
    hall.mail(player.email, quit_order(name, player, 1))
    hall.poll(hours=1)
    (confirmed,) = hall.new_mails()
    assert confirmed.subject == f"[{name}] orders for turn 1 received"
    hall.game(name).run_turn(now=hall.now)
    hall.mail(player.email, quit_order(name, player, 1))
    hall.poll(hours=1)
    (refused,) = hall.new_mails()
    assert refused.subject == f"[{name}] your orders were not accepted"
    assert "these orders are for turn 1, but the game expects turn 2" in refused.words
