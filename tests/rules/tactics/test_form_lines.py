"""A player's trial: the form of a game that moves 2 pieces a turn showed M1 to M9 under
'MOVES (up to 2 pieces, each once)', and he wondered what the other seven lines were for.
The form says it: nine lines, one for each piece an army may have (an "all rested" game
may move each), of which only the first lines accepted move; a refused line leaves its
place to the next."""

from __future__ import annotations

import re

from tests.rules.tactics.test_orders import HEADER, battle, reasons, through_aof
from tests.shipped import TACTICS as RULESET
from wtg.aof.render import render_aof
from wtg.core.jsondata import Json, JsonObject
from wtg.rules.tactics.state import TacticsState


def json_objects(value: Json) -> list[JsonObject]:
    assert isinstance(value, list)
    return [item for item in value if isinstance(item, dict)]


def form_words(game: TacticsState) -> str:
    """The moves section of player 1's form, its lines joined as one text."""
    text = render_aof(RULESET.form, HEADER, {}, RULESET.form_context(game, 1))
    section = text[text.index("MOVES (") : text.index("M1:")]
    return " ".join(section.split())


def test_the_form_says_why_nine_lines_where_two_pieces_move() -> None:
    game = battle()
    game.pieces_per_turn = "2"
    assert (
        "9 lines, one for each piece an army may have: here only the first 2 lines accepted"
        " move (a line refused moves no piece, and the next line takes its place)."
    ) in form_words(game)
    text = render_aof(RULESET.form, HEADER, {}, RULESET.form_context(game, 1))
    assert re.findall(r"^M(\d): ", text, re.MULTILINE) == [str(n) for n in range(1, 10)]


def test_one_piece_a_turn_is_one_line() -> None:
    game = battle()
    game.pieces_per_turn = "1"
    assert "here only the first line accepted moves (a line refused" in form_words(game)


def test_an_all_rested_game_s_form_says_each_may_move() -> None:
    game = battle()
    assert game.pieces_per_turn == "rested"
    words = form_words(game)
    assert "9 lines, one for each piece an army may have, as each of them may move." in words
    assert "first" not in words


def test_a_refused_line_leaves_its_place_to_the_next_as_the_form_says() -> None:
    """M1 names no piece of the board; M2 and M3 are the 2 pieces that move."""
    game = battle()
    game.pieces_per_turn = "2"
    acceptance = through_aof(game, ["M1: 35 02/01", "M2: 11 02/01", "M3: 13 05/04"])
    assert [r.split(" (")[0] for r in reasons(acceptance)] == ["there is no piece 35 on the board"]
    assert [m["piece"] for m in json_objects(acceptance.orders["moves"])] == [11, 13]
