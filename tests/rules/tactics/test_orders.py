"""Orders by mail: the AOF lists piece moves (piece, destination tile, target tile or none)
and, on the start AOF, the army; the order file holds ``army`` (piece kinds) and ``moves``
(each ``piece``, ``to`` [x, y], ``attack`` [x, y] or absent). Every rejected line gets its
reason: out of reach, blocked, occupied, out of range, not rested."""

from __future__ import annotations

from typing import Any

from tests.aof.reading import read_aof
from tests.rules.tactics.builders import OPEN7, piece, state
from tests.rules.tactics.test_setup import new_game
from tests.shipped import TACTICS as RULESET
from wtg.aof.render import render_aof
from wtg.core.jsondata import JsonObject
from wtg.core.orders import Acceptance
from wtg.rules.tactics.state import TacticsState

HEADER = {"game": "t", "turn": 6, "player": 1, "code": "X"}


def through_aof(game: TacticsState, lines: list[str], player: int = 1) -> Acceptance:
    text = "\n".join(["=== BEGIN AOF ===", "GAME: t  TURN: 6  PLAYER: 1  CODE: X", *lines])
    outcome = read_aof(RULESET.form, text + "\n=== END AOF ===\n")
    assert outcome.problems == [], outcome.problems
    acceptance = RULESET.accept(outcome.entries, game, player)
    acceptance.verdicts += outcome.bad
    return acceptance


def reasons(acceptance: Acceptance) -> list[str]:
    return [v.reason for v in acceptance.verdicts if not v.accepted]


def battle() -> TacticsState:
    return state(
        OPEN7,
        [
            piece(11, "KNIGHT", 1, 1),
            piece(12, "ARCHER", 1, 3, rest=1),
            piece(13, "PIKE", 5, 5),
            piece(21, "PIKE", 3, 1),
            piece(22, "PIKE", 5, 3),
        ],
    )


def test_moves_on_the_form_become_the_order_file() -> None:
    acceptance = through_aof(battle(), ["M1: 11 02/01 03/01", "M2: 13 05/04", "R1: 1"])
    assert reasons(acceptance) == []
    assert acceptance.orders == {
        "player": 1,
        "turn": 6,
        "moves": [
            {"piece": 11, "to": [2, 1], "attack": [3, 1]},
            {"piece": 13, "to": [5, 4]},
        ],
        "ready": True,
    }


def test_each_bad_move_line_gets_its_reason() -> None:
    acceptance = through_aof(
        battle(),
        [
            "M1: 11 05/01",  # six steps round piece 21, MOB 3
            "M2: 11 03/01",  # occupied
            "M3: 12 01/04",  # RST 1
            "M4: 13 05/04 03/01",  # out of range
            "M5: 13 05/02 05/03 7",  # one field too many
            "M6: 13 5,4",  # the comma splits the tile
            "M7: 13 __/__",  # no destination
        ],
    )
    assert reasons(acceptance) == [
        "out of reach: 05/01 is 6 steps away, MOB 3",
        "03/01 is occupied by piece 21",
        "piece 12 is not rested (RST 1, 2 needed)",
        "out of range: 03/01 is 5 steps away, range 1",
        "expected 3 fields PIECE TO ATTACK, found 4",
        'TO must be a tile as X/Y (e.g. 03/07), found "5"; '
        'ATTACK must be a tile as X/Y (e.g. 03/07), found "4"',
        "the TO field is blank (fill in all of PIECE TO ATTACK, or none)",
    ]


def test_a_move_line_with_an_l_for_its_1_is_answered() -> None:
    """'Ml: 11 02/01' (an l typed for the 1) was passed over as prose, a tile's '/' not
    among the digits the answered lines hold: the move was lost without a word."""
    acceptance = through_aof(battle(), ["Ml: 11 02/01 03/01"])
    assert reasons(acceptance) == [
        '"Ml" is no line of the form: its M lines are M1 to M9 (did you mean M1?)'
    ]


def test_moves_are_checked_in_order_on_the_board_they_leave() -> None:
    """ "Moves run in the order written" (the form): a tile left by an earlier move is
    free for a later one, not the other way round."""
    game = battle()
    game.pieces_per_turn = "4"
    assert reasons(through_aof(game, ["M1: 11 02/02", "M2: 12 01/01"])) == []
    assert reasons(through_aof(game, ["M1: 12 01/01", "M2: 11 02/02"])) == [
        "01/01 is occupied by piece 11"
    ]
    again = through_aof(game, ["M1: 11 02/02", "M2: 11 02/01"])
    assert reasons(again) == ["piece 11 has already moved this turn"]


def test_it_must_be_your_turn_and_moves_wait_for_the_army_turn() -> None:
    assert reasons(through_aof(battle(), ["M1: 21 03/02"], player=2)) == [
        "it is player 1's turn, not yours"
    ]
    start = new_game(2, seed=3)
    assert reasons(through_aof(start, ["M1: 11 02/02"])) == [
        "turn 1 is the army turn: moves start once every army is on the board"
    ]


def test_a_line_for_a_piece_not_yours_is_rejected_and_takes_no_pieces_turn() -> None:
    """ "first you select the piece you want to move (by clicking on it)"; "When it is your
    turn, these buttons will appear ... They are proxies for your remaining pieces": a player
    moves his own pieces only, and pieces never change hands, so no ruling lets a line name
    another army's piece. The board is public: the reason says whose it is. A rejected line
    is no move, so it takes none of the pieces that may move this turn."""
    game = battle()
    game.pieces_per_turn = "1"
    acceptance = through_aof(game, ["M1: 21 04/01", "M2: 11 02/02"])
    assert [(v.accepted, v.reason) for v in acceptance.verdicts] == [
        (False, "piece 21 is not yours (it is P2's, green): move only your own pieces"),
        (True, ""),
    ]
    assert acceptance.orders["moves"] == [{"piece": 11, "to": [2, 2]}]


PICK = (
    ": write a name, or a number 1..8, from PIECES TO PICK FROM in your report, or the ID of"
    " a piece in its PIECES table (it picks that piece's kind)"
)
"""What a line naming no piece is told to do (the shipped world has 8 kinds): the ID of a
piece too, since ruling 19 took one (the reason did not say so)."""


def test_army_lines_by_name_or_number_and_their_limits() -> None:
    game = new_game(2, seed=3)
    number = 1 + [k.key for k in game.kinds].index("GRIFFIN")
    acceptance = through_aof(
        game, ["A1: griffin", f"A2: {number}", "A3: Wolf", "A4: unicorn", "A5: 0", "A6: 99"]
    )
    assert acceptance.orders["army"] == ["GRIFFIN", "WOLF"]
    assert reasons(acceptance) == [
        "an army has at most 1 piece of the kind GRIFFIN",
        f"there is no piece 'UNICORN'{PICK}",
        f"there is no piece '0'{PICK}",
        f"there is no piece '99'{PICK}",
    ]
    later = through_aof(battle(), ["A1: KNIGHT"])
    assert reasons(later) == ["armies are picked on turn 1 only"]


def test_a_kind_over_its_max_is_said_as_the_report_lists_it() -> None:
    """'an army has at most 2 Wolf' read as a name with a number, not a count, and named
    the kind otherwise than the report's list (WOLF, its MAX 2)."""
    game = new_game(2, seed=3)
    acceptance = through_aof(game, ["A1: wolf", "A2: Wolf", "A3: WOLF"])
    assert acceptance.orders["army"] == ["WOLF", "WOLF"]
    assert reasons(acceptance) == ["an army has at most 2 pieces of the kind WOLF"]


def test_an_army_has_at_most_the_army_size() -> None:
    game = new_game(2, seed=3)
    game.army_size = 2
    acceptance = through_aof(game, ["A1: 1", "A2: 2", "A3: 3"])
    assert reasons(acceptance) == ["an army has at most 2 pieces"]


def test_the_order_file_keys_army_and_moves() -> None:
    data: dict[str, Any] = {
        "player": 1,
        "turn": 6,
        "moves": [{"piece": 11, "to": [2, 1], "attack": [3, 1]}, {"piece": 13, "to": [5, 4]}],
    }
    entries, bad, problems = RULESET.entries_from_dict(data)
    assert bad == [] and problems == []
    orders = RULESET.accept(entries, battle(), 1).orders
    moves = orders["moves"]
    assert isinstance(moves, list) and moves[0] == {"piece": 11, "to": [2, 1], "attack": [3, 1]}
    entries, bad, problems = RULESET.entries_from_dict(
        {"player": 1, "turn": 6, "moves": [{"piece": 11, "to": 7}, {"piece": 11, "to": [1, 2, 3]}]}
    )
    assert [v.reason for v in bad] == [
        "to must be a tile [x, y], found 7",
        "to must be a tile [x, y], each 0 to 99, found [1, 2, 3]",
    ]
    entries, bad, problems = RULESET.entries_from_dict(
        {"player": 1, "turn": 1, "army": ["WOLF", 3]}
    )
    assert bad == [] and [e.values["kind"] for e in entries] == ["WOLF", "3"]


def test_a_prefilled_form_reads_back_the_same_orders() -> None:
    orders: JsonObject = {
        "player": 1,
        "turn": 6,
        "moves": [{"piece": 11, "to": [2, 1], "attack": [3, 1]}, {"piece": 13, "to": [5, 4]}],
    }
    text = render_aof(RULESET.form, HEADER, orders, RULESET.form_context(battle(), 1))
    assert "M1: 11    02/01 03/01" in text
    assert "M2: 13    05/04 __/__" in text
    outcome = read_aof(RULESET.form, text)
    assert RULESET.accept(outcome.entries, battle(), 1).orders == orders


def test_a_piece_name_mistyped_gets_the_name_meant() -> None:
    """A player's trial: a typo in a piece's name was refused with no hint. As wtg does for a
    GM's typos (a ruleset's name, a time zone, a game's folder), the reason names the piece
    meant when one is close to what was written; a name close to none gets no guess."""
    game = new_game(2, seed=3)
    acceptance = through_aof(game, ["A1: Griffn", "A2: wolff", "A3: unicorn", "A4: Wolf"])
    assert acceptance.orders["army"] == ["WOLF"]
    assert reasons(acceptance) == [
        "there is no piece 'GRIFFN' (did you mean Griffin?)",
        "there is no piece 'WOLFF' (did you mean Wolf?)",
        f"there is no piece 'UNICORN'{PICK}",
    ]


def test_a_line_naming_no_piece_says_where_the_pieces_are_listed() -> None:
    """A player's trial: ``A4: 9`` (the list has 8) and ``A1: dragon`` were refused with
    "there is no piece '9'" and nothing on what to write instead. The reason now sends him
    to the list of his report and says how far its numbers go."""
    game = new_game(2, seed=3)
    assert len(game.kinds) == 8
    acceptance = through_aof(game, ["A1: dragon", "A2: 9", "A3: 8"])
    assert acceptance.orders["army"] == [game.kinds[7].key]
    assert reasons(acceptance) == [
        f"there is no piece 'DRAGON'{PICK}",
        f"there is no piece '9'{PICK}",
    ]


def test_a_bad_move_line_names_tiles_as_the_form_does_and_the_pieces_one_may_move() -> None:
    """A player's trial: the form, the board and the forecast write a tile 05/01, the
    reasons for a rejected move wrote it (5,1); and ``M1: 35 ...`` for a piece that is
    not on the board was told only "there is no piece 35 on the board". The reasons now
    write tiles as X/Y and name the player's own pieces; one step is "1 step"."""
    game = battle()
    mine = [str(p.id) for p in game.pieces if p.owner == 1]
    acceptance = through_aof(game, ["M1: 35 02/02", "M2: 11 05/01", "M3: 11 02/01 04/04"])
    assert reasons(acceptance) == [
        f"there is no piece 35 on the board (yours: {', '.join(mine)})",
        "out of reach: 05/01 is 6 steps away, MOB 3",
        "no piece to attack at 04/04",
    ]
    assert mine == ["11", "12", "13"]


def test_an_army_line_may_name_a_piece_by_its_id_in_pieces() -> None:
    """A player's trial: on the army turn ``A4: 31`` (a piece's ID in his report's PIECES
    table) was refused, "there is no piece '31'", though it names one piece and so one
    kind. A number that is no number of PIECES TO PICK FROM but a piece's ID picks that
    piece's kind, and the confirmation's note says which (ruling 19); the list's numbers
    come first."""
    game = new_game(2, seed=3)
    mine = next(p for p in game.pieces if p.owner == 1)
    theirs = next(p for p in game.pieces if p.owner == 2)
    assert mine.id > len(game.kinds) and theirs.id > len(game.kinds)
    acceptance = through_aof(game, [f"A1: {mine.id}", f"A2: {theirs.id}", "A3: 2", "A4: 99"])
    assert acceptance.orders["army"] == [mine.kind, theirs.kind, game.kinds[1].key]
    said = [(v.accepted, v.reason) for v in acceptance.verdicts]
    assert said == [
        (
            True,
            f"note: {mine.id} is the ID of your piece {mine.id} in PIECES, not a number of"
            f" PIECES TO PICK FROM: it picks that piece's kind, {mine.kind}",
        ),
        (
            True,
            f"note: {theirs.id} is the ID of P2's piece {theirs.id} in PIECES, not a number"
            f" of PIECES TO PICK FROM: it picks that piece's kind, {theirs.kind}",
        ),
        (True, ""),
        (False, f"there is no piece '99'{PICK}"),
    ]
