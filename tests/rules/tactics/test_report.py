"""The report: "the board as a text grid with piece markers and elevation, each piece's
stats, the battle log with hit/miss/crit and damage, and the expected damage of possible
attacks" ("When you point at a piece, an information window pops up with a description
of that piece's stats, as well as an estimated amount of damage you would inflict")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.conftest import players
from tests.mail.loop import NOW
from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS
from wtg.core.jsondata import JsonObject
from wtg.game.engine import create_game
from wtg.game.gameconfig import GameConfig
from wtg.game.report import report_text
from wtg.gm.ending import end_game
from wtg.rules.tactics.battle import forecast
from wtg.rules.tactics.moves import fighter
from wtg.rules.tactics.state import OVER
from wtg.rules.tactics.view import (
    attack_rows,
    board_rows,
    elevation_rows,
    legend,
    piece_rows,
    report_context,
    tile_symbols,
)

WATERSIDE = """
#######
#...~~#
#.....#
#.....#
#.....#
#.....#
#######
"""


def test_the_board_shows_piece_ids_tiles_and_elevation() -> None:
    heights = [[0] * 7 for _ in range(7)]
    heights[2][2] = 100
    game = state(WATERSIDE, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 5, 5)], heights=heights)
    rows = board_rows(game)
    assert rows[0] == "     0  1  2  3  4  5  6"
    assert rows[1] == "  0 ## ## ## ## ## ## ##"
    assert rows[2] == "  1 ## 11 g0 g0 w0 w0 ##"
    assert rows[3] == "  2 ## g0 g3 g0 g0 g0 ##"  # 100 / 32 = 3
    assert rows[6] == "  5 ## g0 g0 g0 g0 21 ##"
    assert legend(game.board) == [
        {"symbol": "g", "name": "Ground", "movement": "E"},
        {"symbol": "w", "name": "Water", "movement": "W"},
    ]
    assert elevation_rows(game.board)[3].split()[1:4] == ["0", "0", "100"]
    flat = state(WATERSIDE, [piece(11, "KNIGHT", 1, 1)])
    assert elevation_rows(flat.board) == []


def test_a_wide_board_is_shown_in_strips_that_fit_a_mail_line() -> None:
    """Maps may be 64 tiles wide; a report line stays within 78 characters."""
    size = 64
    drawing = "\n".join(
        "#" * size if y in (0, size - 1) else "#" + "." * (size - 2) + "#" for y in range(size)
    )
    heights = [[(x * 7 + y) % 230 for x in range(size)] for y in range(size)]
    game = state(drawing, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 62, 62)], heights=heights)
    rows = board_rows(game)
    strips = [block.splitlines() for block in "\n".join(rows).split("\n\n")]
    assert [len(strip) for strip in strips] == [size + 1] * 3  # a header and 64 rows each
    assert [strip[0].split()[0] for strip in strips] == ["0", "21", "42"]
    assert [strip[0].split()[-1] for strip in strips] == ["20", "41", "63"]
    assert max(len(row) for row in rows) <= 78
    assert strips[0][2].split()[:3] == ["1", "##", "11"]
    assert strips[2][63].split()[-2:] == ["21", "##"]  # row 62: piece 21 at 62/62, border
    elevation = elevation_rows(game.board)
    assert max(len(row) for row in elevation) <= 78
    blocks = [block.splitlines() for block in "\n".join(elevation).split("\n\n")]
    assert len(blocks) == 4  # 4 characters a column: at most 18 columns a strip
    column_17 = next(b for b in blocks if "17" in b[0].split())
    at = column_17[0].split().index("17")
    assert column_17[6].split()[at + 1] == str((17 * 7 + 5) % 230)  # row 5


def test_every_tile_kind_gets_its_own_symbol() -> None:
    game = state(OPEN7, [])
    many = {n: 1 for n in range(1, 80)}
    board = replace(game.board, tile_movement=many, tile_names={n: "grass" for n in many})
    symbols = tile_symbols(board)
    named = [s for s in symbols.values() if s != "?"]
    assert len(named) == len(set(named)) > 26
    assert "#" not in symbols.values() and "+" not in symbols.values()


def test_the_expected_damage_of_every_attack_the_pieces_could_make() -> None:
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1), piece(12, "ARCHER", 1, 5), piece(21, "PIKE", 4, 1)],
    )
    rows = attack_rows(game, 1)
    assert [(r["piece"], r["target"], r["from"], r["steps"]) for r in rows] == [
        (11, 21, "03/01", 2),
        (12, 21, "01/02", 3),  # three steps north: the pike is then 4 away, its range
    ]
    odds = forecast(fighter(game, game.pieces[0]), fighter(game, game.pieces[2]))
    assert rows[0]["miss"] == odds.miss and rows[0]["damage"] == odds.damage == 8
    hp = game.pieces[2].hp
    assert rows[0]["dominates"] is True
    assert rows[0]["expected"] == f"{odds.expected_against(hp):.1f}"
    back = forecast(fighter(game, game.pieces[2]), fighter(game, game.pieces[0]))
    assert attack_rows(game, 2) == [
        {
            "piece": 21,
            "kind": "PIKE",
            "target": 11,
            "target_kind": "KNIGHT",
            "at": "01/01",
            "from": "02/01",
            "steps": 2,
            "miss": 10,
            "crit": 12,
            "damage": 4,
            "crit_damage": 7,
            "dominates": False,
            "expected": f"{back.expected_against(10):.1f}",
            "hp": 10,
        }
    ]


def test_the_expected_damage_is_no_more_than_the_target_s_hp() -> None:
    """The EXPECTED column said what the strike would do to a target of any HP ('expected
    9.0' against a pike of 3 HP, '9.0/3'): a strike takes no more HP than the target has,
    so the damage to expect is of what it can lose, at most its HP."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 4, 1, hp=3)])
    odds = forecast(fighter(game, game.pieces[0]), fighter(game, game.pieces[1]))
    assert odds.damage == 8 and odds.expected > 3
    hit = 1 - odds.miss / 100
    rows = attack_rows(game, 1)
    assert [(r["expected"], r["hp"]) for r in rows] == [(f"{hit * 3:.1f}", 3)]
    assert float(str(rows[0]["expected"])) <= 3


def test_the_report_shows_only_what_the_player_may_see() -> None:
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 4, 1)])
    events: list[JsonObject] = [
        {"kind": "walked", "public": True, "visible_to": []},
        {"kind": "move_skipped", "public": False, "visible_to": [2]},
    ]
    mine: dict[str, Any] = report_context(game, events, 1)
    theirs: dict[str, Any] = report_context(game, events, 2)
    assert [e["kind"] for e in mine["events"]] == ["walked"]
    assert [e["kind"] for e in theirs["events"]] == ["walked", "move_skipped"]
    assert mine["my_turn"] and not theirs["my_turn"]
    assert [p["id"] for p in mine["pieces"]] == [11, 21]


def test_the_board_s_legends_are_sentences_wrapped_as_every_other(tmp_path: Path) -> None:
    """The movement legend was written on three lines of the template, the first longer
    than a mail's 78 characters: the report's wrapping broke it again, and a player read
    ``  share a`` on a line of its own, ``letter. No step ...`` and ``no shot across 64 or
    more.`` at the margin, as if new sentences. The heading of the board had its second
    line at the margin too. Each is now one line of the template, wrapped as the report's
    other sentences are, its continuations indented."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(2), seed=3)
    report = game.report(1)
    assert (
        "BOARD (a piece shows its id: 1x red, 2x green, 3x yellow, 4x blue; a\n"
        "  tile its symbol and its elevation / 32; ## border, + start)\n"
    ) in report
    assert (
        "Movement E earth, A air, F fire, W water: a piece crosses a tile when\n"
        "  they share a letter.\n"
        "No step across an elevation difference of 32 or more unless the piece\n"
        "  has A; no shot across 64 or more.\n"
    ) in report
    # a longer line is a table's row (its columns kept, never wrapped), never a sentence:
    # the sentences are broken at a phone's 72 columns
    assert all("  " in line.strip() for line in report.splitlines() if len(line) > 72)


def test_the_armies_are_listed_in_the_order_they_move(tmp_path: Path) -> None:
    """The table said "(in seat order)" over player #2 then player #1: a seat is a player's
    number everywhere else (game.yaml, `new-game --player ... in seat order`, "player #1"
    in the report's own heading), while the armies go by position, "identified both by a
    number and a color (red, green, yellow, blue)", the order their turns come in."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(4), seed=3)
    report = game.report(1)
    lines = report.splitlines()
    at = lines.index("ARMIES (in the order they move, next first: red, green, yellow, blue)")
    rows = [line.split() for line in lines[at + 2 : at + 6]]
    assert [row[2] for row in rows] == ["red", "green", "yellow", "blue"]
    assert sorted(int(row[0]) for row in rows) == [1, 2, 3, 4]
    assert "seat order" not in report


def test_the_armies_heading_starts_with_the_army_drawn_to_move_first(tmp_path: Path) -> None:
    """The heading said 'in the order they move: red, green, yellow, blue' over a battle the
    yellow army was drawn to open ('You were drawn to move first'): the order starts with
    the next to move, and goes round from there."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(4), seed=2).typed(TACTICS)
    assert game.state().player(game.state().active).colour == "yellow"
    report = game.report(1)
    assert "ARMIES (in the order they move, next first: yellow, blue, red, green)\n" in (report)
    assert "You were drawn to move first" in report


def test_the_end_says_the_player_s_place_as_the_log_does(tmp_path: Path) -> None:
    """The last report said "You placed 1." (read as one piece placed, or a place given),
    where its log says "is out, in place 2" and its table "OUT, place 2". It stood over
    two blank lines, where every other report's head has one over ARMIES."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(2), seed=4).typed(TACTICS)
    while not game.ruleset.is_over(game.state()):
        game.run_turn()  # nobody sends orders: from the third turn the bots' strategy plays
    winner = next(p for p in game.state().players if p.place == 1)
    loser = next(p for p in game.state().players if p.place == 2)
    assert "THE BATTLE IS OVER. You won.\n\nARMIES\n" in game.report(winner.id)  # ruling 22
    assert "won; you finished in place 2.\n" in game.report(loser.id)
    assert "is out, in place 2." in " ".join(game.report(winner.id).split())


def test_the_winner_reads_winner_where_he_read_active(tmp_path: Path) -> None:
    """Ruling 22: the winner's row under ARMIES read `ACTIVE, place 1` in every last report,
    the battle over; it reads `WINNER, place 1`, as the Top Ten marks him. A battle the GM
    ended has no winner: its armies still on the board read `STANDING` with their places,
    where they read `ACTIVE, place 1` with no turn left to be active in, in the report and
    the Top Ten alike."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(2), seed=4).typed(TACTICS)
    while not game.ruleset.is_over(game.state()):
        game.run_turn()  # nobody sends orders: from the third turn the bots' strategy plays
    winner = next(p for p in game.state().players if p.place == 1)
    loser = next(p for p in game.state().players if p.place == 2)
    for reader in (winner.id, loser.id):
        lines = game.report(reader).splitlines()
        for army, status in ((winner, "WINNER, place 1"), (loser, "OUT, place 2")):
            (row,) = [line for line in lines if line.startswith(f"{army.id:3d}  {army.name} ")]
            assert row.endswith(f"  {status}"), row
    ended = create_game(tmp_path / "e", "tactics", "meadow", players(2), seed=4).typed(TACTICS)
    ended.run_turn()
    end_game(ended, "", NOW)
    report = ended.report(1)
    assert "WINNER" not in report and "ACTIVE" not in report
    for army in ended.state().players:
        (row,) = [
            line for line in report.splitlines() if line.startswith(f"{army.id:3d}  {army.name} ")
        ]
        assert row.endswith(f"  STANDING, place {army.place}"), row
    statuses = [line.status for line in ended.ruleset.topten(ended.state())]
    assert statuses == ["standing", "standing"]


def test_the_last_report_says_who_won_to_every_reader() -> None:
    """Ruling 22: the last report's first line said `THE BATTLE IS OVER. You finished in
    place 1.` to the winner, where WISK's says `You won.`, and told the others their place
    alone. It says who won to every reader; armies sharing the first place at the turn
    limit each won, and a battle the GM ended was won by no one."""
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(3))
    )
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1)], players=3)
    game.phase = OVER
    for p, place in zip(game.players, (1, 3, 2), strict=True):
        p.place = place

    def first_line(reader: int) -> str:
        """The sentence that begins THE BATTLE IS OVER, its continuations joined (a phone's
        72 columns break it)."""
        text = report_text(TACTICS, config, game, [], reader, aof="")
        at = text.index("THE BATTLE IS OVER")
        return " ".join(text[at : text.index("\n\n", at)].split())

    assert first_line(1) == "THE BATTLE IS OVER. You won."
    assert first_line(2) == "THE BATTLE IS OVER. P1 (red) won; you finished in place 3."
    assert first_line(3) == "THE BATTLE IS OVER. P1 (red) won; you finished in place 2."
    game.players[2].place = 1  # the turn limit placed two armies first, even
    assert first_line(1) == "THE BATTLE IS OVER. You won, sharing place 1 with P3 (yellow)."
    assert first_line(2) == (
        "THE BATTLE IS OVER. P1 (red) and P3 (yellow) won; you finished in place 3."
    )
    game.ended_by_gm = ""
    assert first_line(1) == (
        "THE BATTLE IS OVER (ended by the GM). No one won. You finished in place 1."
    )


def test_a_piece_of_an_army_not_next_to_move_counts_the_rest_its_turn_brings() -> None:
    """A yellow piece at RST 1, red to move, was marked ``1!`` ("not rested enough to take
    part in the next turn of its army"), and the attacks table offered the red pieces at
    RST 1 that cannot move: the army next to move has its turn's unit of rest already,
    every other army gets it when its turn begins, so yellow's piece moves then. The
    table leaves out the pieces that take no part, and reckons the crit with the rest the
    piece will have."""
    pieces = [
        piece(11, "KNIGHT", 1, 1, rest=1),  # red, next to move: RST 1 stays 1
        piece(12, "KNIGHT", 1, 3, rest=2),
        piece(21, "PIKE", 3, 1, rest=1),  # its turn brings it to 2
        piece(22, "PIKE", 3, 3, rest=0),  # to 1: still tired
    ]
    game = state(OPEN7, pieces, active=1)
    assert [(row["id"], row["tired"]) for row in piece_rows(game)] == [
        (11, True),
        (12, False),
        (21, False),
        (22, True),
    ]
    assert {row["piece"] for row in attack_rows(game, 1)} == {12}
    rows = attack_rows(game, 2)
    assert {row["piece"] for row in rows} == {21}
    rested = fighter(game, game.pieces[2]).replaced(rest=2)
    target = next(p for p in game.pieces if p.id == rows[0]["target"])
    assert rows[0]["crit"] == round(forecast(rested, fighter(game, target)).crit)
    assert rows[0]["crit"] != round(
        forecast(fighter(game, game.pieces[2]), fighter(game, target)).crit
    )


def test_the_last_report_marks_no_piece_as_not_rested_for_a_next_turn() -> None:
    """A player's trial: the report of the turn that ended the battle still marked his
    pieces ``0!`` and said "RST! : not rested enough to take part in the next turn of its
    army" of a battle with no next turn. Once it is over no piece is marked."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1, rest=0), piece(12, "KNIGHT", 2, 1, rest=2)])
    assert [row["tired"] for row in piece_rows(game)] == [True, False]
    game.phase = OVER
    assert [row["tired"] for row in piece_rows(game)] == [False, False]


def test_the_deadline_of_a_battle_turn_is_said_as_its_player_s() -> None:
    """A player's trial: while it was Ann's turn, Ben's report ended 'DEADLINE FOR TURN 2:
    Sun 06 Dec 2026 18:00 UTC' as his own did; each battle turn is one player's, and so is
    its deadline."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    when = "Sun 06 Dec 2026 18:00 UTC"
    mine = report_text(TACTICS, config, game, [], 1, aof="", deadline=when)
    theirs = report_text(TACTICS, config, game, [], 2, aof="", deadline=when)
    assert f"\nDEADLINE FOR TURN 6: {when}\n" in mine
    assert (
        f"\nDEADLINE FOR TURN 6, P1 (red)'s: {when}\n"
        "You have no orders to give before your own turn.\n"
    ) in theirs


def test_a_bot_s_turn_is_said_to_run_at_once_with_no_deadline() -> None:
    """A human's report on a bot's turn ended 'DEADLINE FOR TURN 9, Bot Green (green)'s:
    Fri 25 Dec 2026 18:00', a date the turn never waits for: the host runs a bot's turn at
    its next run, as WISK's report says of a robot's ('its turn runs at once')."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    game.player(1).bot = True
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    when = "Sun 06 Dec 2026 18:00 UTC"
    theirs = report_text(TACTICS, config, game, [], 2, aof="", deadline=when)
    assert theirs.endswith(
        "\nTurn 6 is P1 (red)'s, a bot: it runs at once.\n"
        "You have no orders to give before your own turn.\n"
    ), theirs[-300:]
    assert "DEADLINE" not in theirs


def test_the_report_says_when_the_battle_ends_at_the_latest() -> None:
    """Ruling 7 ends a battle by mail at the turn limit, the armies still fighting placed by
    pieces left, then hit points: no report said so, and a player could not know that his
    hit points would place him."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    report = " ".join(report_text(TACTICS, config, game, [], 1, aof="").split())
    assert (
        f"The battle ends with turn {game.turn_limit} at the latest: the armies still fighting"
        " are then placed by pieces left, then hit points." in report
    )
    game.phase = OVER
    assert "at the latest" not in report_text(TACTICS, config, game, [], 1, aof="")


def test_no_attacks_are_offered_while_the_next_turn_is_the_army_turn(tmp_path: Path) -> None:
    """Turn 0's report listed 'ATTACKS YOUR PIECES COULD MAKE' (a catapult of the army shown
    on the spots the armies start on), while turn 1 is the army turn, when no piece moves or
    shoots and the army may be picked again. The table comes with the first report of the
    battle."""
    name = TACTICS.map_names()[0]
    game = create_game(tmp_path / "g", "tactics", name, players(4), 5)
    reports = [game.report(seat) for seat in range(1, 5)]
    assert all("TURN 1 IS THE ARMY TURN" in text for text in reports)
    assert [text for text in reports if "ATTACKS YOUR PIECES COULD MAKE" in text] == []


def test_the_pieces_table_says_what_the_next_level_takes() -> None:
    """ "When enough XP is attained, the piece levels up": the table showed XP 10 and never
    what enough is, so a player could not tell which piece was near a level (and its
    recharge); the text's client shows "an XP meter ... this fills as your piece
    approches its next level". The XP column reads 10/30 (ruling 5: level L rises at 30 x
    L points), and the line under the table says so."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1, xp=10), piece(21, "PIKE", 3, 1, lev=2, xp=45)])
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    lines = report_text(TACTICS, config, game, [], 1, aof="").splitlines()
    heading = lines.index("PIECES") + 1
    assert lines[heading].endswith(" LEV   XP/NEXT")
    assert lines[heading + 1].endswith("   1   10/30")
    assert lines[heading + 2].endswith("   2   45/60")
    assert (
        "XP/NEXT: experience, and what the piece's next level takes (a level up recharges"
        in " ".join(" ".join(lines).split())
    )


def test_the_battle_log_speaks_to_its_reader_as_you() -> None:
    """P1's own report read 'P1 (red) sent no orders (2 turns in a row)', 'P1 (red) lost
    the last piece and is out, in place 2', '... attacked piece 11 (KNIGHT of P1 (red))':
    the reader named as a stranger, where every other ruleset's report (and this one's
    heading, 'TURN 6 IS YOUR TURN') says 'you'. The others still read him by name."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    events: list[dict[str, Any]] = [
        {"kind": "army_picked", "player": 1, "pieces": ["KNIGHT"], "default": True},
        {"kind": "no_orders", "player": 1, "missed": 2, "autopilot": False},
        {
            **{"kind": "attacked", "player": 2, "piece": 21, "piece_kind": "PIKE"},
            **{"target": 11, "target_kind": "KNIGHT", "target_owner": 1, "at": [1, 1]},
            **{"miss_chance": 10, "crit_chance": 5, "dominates": False, "missed": False},
            **{"crit": False, "damage": 4, "hp_left": 8, "killed": False, "xp": 10},
        },
        {"kind": "war_points", "player": 2, "loser": 1, "points": 3},
        {"kind": "player_out", "player": 1, "place": 2, "by": 2},
        {"kind": "turn_began", "player": 1, "rested": [11]},
    ]
    for event in events:
        event["public"] = True
    mine = " ".join(report_text(TACTICS, config, game, events, 1, aof="").split())
    assert "- You keep the default army: KNIGHT." in mine
    assert "- You sent no orders (2 turns in a row)." in mine
    assert "attacked piece 11 (your KNIGHT) at 01/01" in mine
    assert "- P2 (green) earns 3 guild war points for beating you." in mine
    assert "- You lost the last piece and are out, in place 2." in mine
    assert "- Your rested pieces for turn 6: 11." in mine
    assert "P1 (red)" not in mine.split("BATTLE LOG")[1].split("BOARD")[0]
    theirs = " ".join(report_text(TACTICS, config, game, events, 2, aof="").split())
    assert "- P1 (red) keeps the default army: KNIGHT." in theirs
    assert "attacked piece 11 (KNIGHT of P1 (red)) at 01/01" in theirs
    assert "- You earn 3 guild war points for beating P1 (red)." in theirs
    assert "- P1 (red) lost the last piece and is out, in place 2." in theirs


def test_the_battle_log_says_whose_piece_walked_attacked_or_rose() -> None:
    """'Piece 21 (PIKE) walked 03/01 -> 02/01' named no army: the reader had to work out
    from the id's tens (and the board's legend) whose piece it was, and on a phone the
    legend is a screen away. The log says 'Your piece' or the army's name and colour."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    events: list[dict[str, Any]] = [
        {
            **{"kind": "walked", "player": 2, "piece": 21, "piece_kind": "PIKE"},
            **{"start": [3, 1], "to": [2, 1], "steps": 1},
        },
        {
            **{"kind": "attacked", "player": 2, "piece": 21, "piece_kind": "PIKE"},
            **{"target": 11, "target_kind": "KNIGHT", "target_owner": 1, "at": [1, 1]},
            **{"miss_chance": 10, "crit_chance": 5, "dominates": False, "missed": False},
            **{"crit": False, "damage": 4, "hp_left": 8, "killed": False, "xp": 10},
        },
        {"kind": "level_up", "player": 2, "piece": 21, "level": 2},
    ]
    for event in events:
        event["public"] = True
    mine = " ".join(report_text(TACTICS, config, game, events, 1, aof="").split())
    assert "- Piece 21 (PIKE) of P2 (green) walked 03/01 -> 02/01, 1 step." in mine
    assert "- Piece 21 (PIKE) of P2 (green) attacked piece 11 (your KNIGHT) at 01/01" in mine
    assert "- Piece 21 of P2 (green) rose to level 2: HP, MP and rest recharged." in mine
    theirs = " ".join(report_text(TACTICS, config, game, events, 2, aof="").split())
    assert "- Your piece 21 (PIKE) walked 03/01 -> 02/01, 1 step." in theirs
    assert "- Your piece 21 (PIKE) attacked piece 11 (KNIGHT of P1 (red)) at 01/01" in theirs
    assert "- Your piece 21 rose to level 2: HP, MP and rest recharged." in theirs


def test_the_player_drawn_to_move_first_reads_it_as_you(tmp_path: Path) -> None:
    """Turn 0's report to the player drawn to move first named him as a stranger: 'Ann
    (yellow) was drawn to move first once every army is on the board.', in Ann's report,
    whose battle log and heading say 'you' (ruling 17)."""
    game = create_game(tmp_path / "g", "tactics", "meadow", players(3), 3).typed(TACTICS)
    first = game.state().active
    said = {seat: " ".join(game.report(seat).split()) for seat in range(1, 4)}
    drawn = "drawn to move first once every army is on the board."
    assert f"You were {drawn}" in said[first]
    name = next(p.name for p in game.state().players if p.id == first)
    assert all(
        f"{name} " in said[seat] and f"was {drawn}" in said[seat] for seat in said if seat != first
    )


def test_the_crit_shown_counts_the_rest_the_target_will_have_when_the_attack_runs() -> None:
    """ "ChanceOfCrit = 12.5 * ( (AGI+STR+RST) / (tgtAGI+tgtSTR+tgtRST) )": the attacks
    table read the target's rest now, where the attack runs in the attacker's army's next
    turn. Red to move, then green, then yellow: a green piece at RST 0 has 1 when yellow
    moves (green's turn brings it a unit first), while red's piece, whose army has had its
    unit, keeps RST 0 (ruling 20). A crit the table shows is the one the turn reads, the
    target standing."""
    pieces = [
        piece(11, "KNIGHT", 1, 3, rest=0),  # red, next to move: keeps RST 0 till yellow's turn
        piece(21, "KNIGHT", 5, 3, rest=0),  # green moves before yellow: RST 1 by then
        piece(31, "KNIGHT", 3, 3, rest=2),
    ]
    game = state(OPEN7, pieces, players=3, active=1)
    yellow = fighter(game, game.pieces[2])
    rows = {row["target"]: row["crit"] for row in attack_rows(game, 3)}
    # 12.5 x (5 + 5 + 2) / (5 + 5 + RST)
    assert rows == {11: 15, 21: 14}
    assert round(forecast(yellow, fighter(game, game.pieces[1]).replaced(rest=1)).crit) == 14
    # the rest now, as the table read it: the same crit for both
    assert [round(forecast(yellow, fighter(game, p)).crit) for p in game.pieces[:2]] == [15, 15]


def test_the_armies_table_lists_the_next_to_move_first_as_its_heading_says(
    tmp_path: Path,
) -> None:
    """A player's trial: 'ARMIES (in the order they move, the next first: yellow, red)'
    over the rows red, then yellow '<- next to move': the rows were in seat order, and the
    table read as red next. They go in the order the heading gives, from the next round."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(4), seed=2).typed(TACTICS)
    assert game.state().player(game.state().active).colour == "yellow"
    lines = game.report(1).splitlines()
    at = lines.index("ARMIES (in the order they move, next first: yellow, blue, red, green)")
    rows = [line.split() for line in lines[at + 2 : at + 6]]
    assert [row[2] for row in rows] == ["yellow", "blue", "red", "green"]


def test_the_first_report_says_whose_turn_comes_once(tmp_path: Path) -> None:
    """The report of turn 1 (the army turn's) said 'TURN 2 IS YOUR TURN: send your moves'
    at its top and '- Turn 2 is yours; rested pieces: ...' at the end of its log, and
    every later report the same. The top says whose turn comes; the log says the pieces
    rested for it, the reader's as his, another's by name."""
    game = create_game(tmp_path / "t", "tactics", "meadow", players(2), seed=3).typed(TACTICS)
    game.run_turn()
    first = game.state().active
    other = 3 - first
    mine = game.report(first)
    assert mine.count("TURN 2 IS YOUR TURN") == 1
    assert "is yours" not in mine
    rested = ", ".join(str(p.id) for p in game.state().pieces if p.owner == first)
    assert f"\n- Your rested pieces for turn 2: {rested}.\n" in mine
    theirs = " ".join(game.report(other).split())
    name = game.state().player(first)
    assert theirs.count(f"Turn 2 is the turn of {name.name} ({name.colour}).") == 1
    assert f"- Rested pieces of {name.name} ({name.colour}) for turn 2: {rested}." in theirs
    assert "'s; rested pieces" not in theirs


def test_a_log_of_nothing_but_the_next_turn_says_no_piece_moved() -> None:
    """A turn in which no piece moved left its log the line of the next turn alone; in a
    game that moves some pieces a turn (no rested pieces to name) that line says nothing
    now, and the log would be empty: it says no piece moved."""
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    began: dict[str, Any] = {"kind": "turn_began", "player": 1, "rested": [11], "public": True}
    for some in (replace(game, pieces_per_turn="2"), game):
        text = report_text(TACTICS, config, some, [began], 1, aof="")
        log = text.split("BATTLE LOG OF TURN 5\n")[1].split("\n\n")[0]
        rested = "\n- Your rested pieces for turn 6: 11." if some is game else ""
        assert log == "- No piece moved this turn." + rested
    walked: dict[str, Any] = {
        **{"kind": "walked", "player": 2, "piece": 21, "piece_kind": "PIKE"},
        **{"start": [3, 1], "to": [3, 2], "steps": 1, "public": True},
    }
    text = report_text(TACTICS, config, game, [walked, began], 1, aof="")
    assert "No piece moved" not in text


def test_the_tables_say_what_their_short_columns_are() -> None:
    """The PIECES and KINDS ON THE BOARD tables headed their columns HP, MP, STR, DEF, AGI,
    RST, LEV, MOB, RNG and MOV, and only XP/NEXT was said in words: the text names each
    ("HP (Hit Points)", "MP (Mana Points)", "STR (Strength)", "DEF (Defense)", "AGI
    (Agility)", "RST (Rest)", "RNG (Range)", "MOB (Mobility)", "MOV (Movement)", "LEV
    (Level)") in the popup a player by mail never sees. A line under each table says them."""
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 3, 1)])
    config = GameConfig(
        game="t", ruleset="tactics", map="meadow", seed=1, players=tuple(players(2))
    )
    text = " ".join(report_text(TACTICS, config, game, [], 1, aof="").split())
    assert (
        "HP hit points (left/at the most), MP mana points, STR strength, DEF defense, "
        "AGI agility, RST rest, LEV level. XP/NEXT: experience, and what the piece's next "
        "level takes"
    ) in text
    assert (
        "MOB mobility (steps a turn), RNG range (the nearest and farthest steps an attack "
        "reaches), MOV movement (the tiles it crosses)."
    ) in text
