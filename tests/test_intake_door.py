"""The one door for orders (``wtg.game.intake.Door.admit``): game, player, secret code and turn,
checked the same way whatever brought the orders."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail.loop import players
from tests.shipped import WOK4
from wtg.core.orders import OrderError, OrderRefused, WrongCode
from wtg.game.engine import Game, create_game
from wtg.game.intake import (
    Credentials,
    Door,
    Submission,
    Unchanged,
    codes_match,
    read_orders,
)
from wtg.rules.wok.state import WokState


@pytest.fixture
def game(tmp_path: Path) -> Game[WokState]:
    return create_game(tmp_path / "g1", "wok4", "small", players(2), seed=3).typed(WOK4)


def door(game: Game[WokState], trusted: bool = False) -> Door[WokState]:
    return Door(game.ruleset, game.config, game.state(), 1, trusted)


def credentials(**given: str | None) -> Credentials:
    values: dict[str, str | None] = {"game": "g1", "player": "1", "turn": "1", "code": "CODE0001"}
    values.update(given)
    return Credentials(**values, where="line 2")


def test_codes_match_case_aside_and_only_whole() -> None:
    assert codes_match("code0001", "CODE0001") and codes_match(" CODE0001 ", "CODE0001")
    assert not codes_match("CODE000", "CODE0001") and not codes_match("CODE00011", "CODE0001")
    assert not codes_match("CÖDE0001", "CODE0001")


def test_the_door_lets_through_the_players_own_header(game: Game[WokState]) -> None:
    assert door(game).admit(credentials()) == 1


@pytest.mark.parametrize(
    ("given", "error", "reason"),
    [
        ({"game": None}, OrderError, "line 2: the header has no GAME:"),
        ({"game": "other"}, OrderError, "line 2: this form is for game 'other', not 'g1'"),
        ({"player": "x1"}, OrderError, "line 2: PLAYER must be a number, found 'x1'"),
        ({"player": "\u00b9"}, OrderError, "line 2: PLAYER must be a number, found '\u00b9'"),
        ({"player": "9"}, OrderError, "line 2: game g1 has no player 9"),
        ({"code": None}, OrderError, "line 2: the header has no CODE:"),
        ({"code": "CODE0002"}, WrongCode, "wrong secret code for player 1"),
        ({"turn": None}, OrderRefused, "line 2: the header has no TURN:"),
        ({"turn": "2"}, OrderRefused, "line 2: these orders are for turn 2, but the game"),
    ],
)
def test_the_door_says_why_it_stays_shut(
    game: Game[WokState], given: dict[str, str | None], error: type[OrderError], reason: str
) -> None:
    with pytest.raises(error) as raised:
        door(game).admit(credentials(**given))
    assert type(raised.value) is error and str(raised.value).startswith(reason)


def test_a_wrong_code_is_all_a_stranger_learns(game: Game[WokState]) -> None:
    """The code is checked before the turn: a forged form for the wrong turn learns
    nothing about the turn the game is at."""
    with pytest.raises(WrongCode):
        door(game).admit(credentials(code="GUESS123", turn="7"))


def test_the_gm_at_the_command_line_needs_no_code_but_a_wrong_one_is_wrong(
    game: Game[WokState],
) -> None:
    assert door(game, trusted=True).admit(credentials(code=None)) == 1
    with pytest.raises(WrongCode):
        door(game, trusted=True).admit(credentials(code="CODE0002"))


@pytest.mark.parametrize("trusted", [False, True])
def test_an_order_file_passes_the_same_door(game: Game[WokState], trusted: bool) -> None:
    text = "player: 1\nturn: 1\ntrade: [100]\n"
    (result,) = read_orders(
        [text], game.ruleset, game.config, game.state(), turn=1, trusted=trusted
    )
    if trusted:
        assert isinstance(result, Submission) and result.orders["trade"] == [100]
    else:
        assert isinstance(result, OrderError)
        assert str(result) == (
            "the order file has no 'game' (an order file sent by mail names its game, "
            "player, turn and secret code: keys game, player, turn, code)"
        )
    (coded,) = read_orders(
        ["game: g1\ncode: code0001\n" + text],
        game.ruleset,
        game.config,
        game.state(),
        turn=1,
        trusted=False,
    )
    assert isinstance(coded, Submission) and coded.source == "yaml"


@pytest.mark.parametrize(
    ("header", "why"),
    [
        ("GAME: gl  TURN: 1  PLAYER: 1  CODE: CODE0001", "its header says GAME: gl, and this "),
        ("GAME: g1  TURN: 1  PLAYER: 1  CODE: CODE0010", "the CODE on its header is not the "),
    ],
)
def test_a_filled_copy_with_a_header_changed_is_said_why_it_was_not_read(
    game: Game[WokState], header: str, why: str
) -> None:
    """A reply whose filled-in form has a mistyped GAME or CODE above the quoted blank form:
    the quoted form (its header as sent) is the one read, and holds no orders; the answer
    says what is wrong with the player's own copy, not only that it was not read (before:
    `no orders found in your mail` and `another filled-in copy ... was not read`, which told
    the player nothing to mend, and his turn was lost)."""
    blank = game.aof(1)
    filled = blank.replace("GAME: g1  TURN: 1  PLAYER: 1  CODE: CODE0001", header)
    filled = filled.replace("X1: ___", "X1: 100")
    assert filled.count("X1: 100") == 1 and header in filled
    quoted = "\n".join("> " + line for line in blank.splitlines())
    (result,) = read_orders(
        [f"My orders:\n\n{filled}\n\n{quoted}\n"],
        game.ruleset,
        game.config,
        game.state(),
        turn=1,
        trusted=False,
    )
    assert isinstance(result, Unchanged)
    (note,) = result.notes
    assert note.startswith("Your mail holds another filled-in copy of this form (from line 3)")
    assert why in note
    assert "CODE0001" not in note and "CODE0010" not in note
