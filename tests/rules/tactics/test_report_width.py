"""A Tactics report fits a mail's 78 characters, nothing lost.

Its PIECES table was 103 characters wide, every row ending in the piece's mobility, range,
movement and weapon: what its kind gives it, the same for every piece of the kind at every
level ("I cannot boost a piece's mobility or attack range as it levels"). Those are now a
table of their own, KINDS ON THE BOARD, a row a kind. The attacks' table was 89 wide (DAMAGE
six places for a number of one or two, "3.9 of 12 HP" for the expected damage), the army
turn's list of pieces 103 (the weapon's name, class and damage in a column of 27 places):
the attacks now say DMG and "3.9/12" (a line under the table says what), the weapons are a
table of their own under the list. And a note under a table is there only when a row needs
it: "* your weapon dominates" under attacks none of which was marked, "RST!" under pieces
all rested. Since round 46 the attacks are within a phone's 72 (they were 76 to 78): a
kind's name in 10 columns, STEP for STEPS, a critical hit's damage in brackets beside a
hit's under DMG (``4 ( 7)``), a line under the table saying so."""

from __future__ import annotations

from typing import Any

from tests.played import game_config, play
from tests.rules.tactics.builders import OPEN7, piece, state
from tests.shipped import TACTICS
from wtg.core.jsondata import Json
from wtg.game.report import report_text
from wtg.rules.tactics.strategy import plan_orders

WIDTH = 78
PHONE = 72
"""docs/mail.md keeps a report's plain text to 72; the attacks' table was 76 to 78."""


def _plan(game: Any, side: int, _rng: Any) -> dict[str, Any]:
    return plan_orders(game, side)


def test_every_line_of_a_tactics_game_s_reports_fits_a_mail() -> None:
    config = game_config("tactics", "meadow", 2, 3)
    played = list(play(TACTICS, config, _plan, 12, options={"bots": 2}))
    widest = max(
        len(line)
        for turn in played
        for seat in (1, 2)
        for line in report_text(TACTICS, config, turn.state, turn.events, seat).splitlines()
    )
    assert widest <= PHONE  # the attacks' table too, since round 46
    army_turn = report_text(TACTICS, config, played[0].state, [], 1)
    lines = army_turn.splitlines()
    at = lines.index("  #  NAME          MAX  HP  MP STR DEF AGI MOV  MOB RNG   SUM  WEAPON")
    assert lines[at + 4] == "  4  ARCHER          3   8   0   4   3   6 E      3 2-4  21/7  Longbow"
    weapons = lines.index("WEAPON           CLASS    DMG DOMINATES")
    assert "Longbow          arrow      3 beast" in lines[weapons:]
    report = report_text(TACTICS, config, played[6].state, played[6].events, 1)
    lines = report.splitlines()
    header = lines.index(" ID COLOUR KIND          X/Y     HP   MP STR DEF AGI RST LEV   XP/NEXT")
    archer = next(p for p in played[6].state.pieces if p.kind == "ARCHER")
    row = next(line for line in lines[header:] if line.startswith(f"{archer.id:3d} "))
    assert row.split()[2:4] == ["ARCHER", f"{archer.x:02d}/{archer.y:02d}"]
    kinds = lines.index("KIND          MOB RNG MOV  WEAPON (CLASS > THE CLASS IT DOMINATES)")
    assert "ARCHER          3 2-4 E    Longbow (arrow > beast)" in lines[kinds:]


def _attacks(report: str) -> list[str]:
    lines = report.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("PIECE         TARGET"))
    return [*lines[at + 1 :], ""][: [*lines[at + 1 :], ""].index("")]


def test_the_attacks_fit_and_their_notes_are_there_when_a_row_needs_them() -> None:
    # a knight's weapon dominates the pike's; the pike's does not dominate the knight's
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1), piece(21, "PIKE", 4, 1)])
    config = game_config("tactics", "open7", 2, 1)
    text = report_text(TACTICS, config, game, [], 1)
    # the heading on one line, and nothing of a popup a player by mail never saw: it said
    # '(after walking to FROM; as the info\n  popup estimates)'
    assert (
        "\nATTACKS YOUR PIECES COULD MAKE (after walking to FROM; odds before dice)\n"
        "PIECE         TARGET"
    ) in text
    mine = _attacks(text)
    assert [line[:30] for line in mine] == [
        "11 KNIGHT     21 PIKE      * 0",
        "DMG: the damage of a hit (of a",
        "EXPECTED: the damage to expect",
        "* your weapon dominates the ta",
    ]
    assert all(len(line) <= PHONE for line in mine)
    theirs_text = report_text(TACTICS, config, game, [], 2)
    theirs = _attacks(theirs_text)
    assert theirs[0].startswith("21 PIKE       11 KNIGHT      01/01 02/01    2  10%  12%  4 ( 7)")
    assert theirs[0].endswith("/10")
    assert "* your weapon dominates" not in theirs_text
    assert "RST!" not in theirs_text  # every piece rested: no row marked


def test_a_damage_of_three_figures_keeps_the_attacks_in_their_columns() -> None:
    """A hit's damage is weaponDamage x STR / tgtDEF, the ratio up to 20: a knight of level
    60 (STR 59 over its kind's) against a pike (DEF halved, its weapon dominated) does 80,
    140 on a critical hit. DMG was seven places, ``%2d (%2d)``: ``80 (140)`` pushed that row's
    EXPECTED a place right of the others'. DMG is as wide as its widest damage."""
    game = state(
        OPEN7,
        [piece(11, "KNIGHT", 1, 1, lev=60), piece(12, "KNIGHT", 4, 3), piece(21, "PIKE", 4, 1)],
    )
    text = report_text(TACTICS, game_config("tactics", "open7", 2, 1), game, [], 1)
    lines = text.splitlines()
    head = lines[
        lines.index("ATTACKS YOUR PIECES COULD MAKE (after walking to FROM; odds before dice)") + 1
    ]
    assert head == "PIECE         TARGET         AT    FROM  STEP MISS CRIT DMG      EXPECTED"
    rows = _attacks(text)[:2]
    assert [row[56:] for row in rows] == ["80 (140) 10.0/10", " 8 ( 14)  7.4/10"]
    assert all(len(row) <= PHONE for row in rows)


def test_the_elevation_table_says_what_its_numbers_are() -> None:
    """The ELEVATION table was headed by the word alone above rows of 0 to 255, beside the
    board's digits of 0 to 7 for the same tiles: its head says they are each tile's
    elevation, the board's digit that divided by 32."""
    config = game_config("tactics", "meadow", 2, 3)
    played = list(play(TACTICS, config, _plan, 0, options={"bots": 2}))
    lines = report_text(TACTICS, config, played[0].state, [], 1).splitlines()
    at = lines.index("ELEVATION (each tile's, 0 to 255; the board shows it / 32)")
    assert lines[at + 1].split() == [str(x) for x in range(14)]


def test_the_game_over_line_is_wrapped_with_each_place_whole() -> None:
    """``- GAME OVER (...): 1. Ann (yellow)  2. Bob (blue)  3. Bot Red (red)``: 90
    characters, its two spaces between places a row of columns to the wrapping, never
    broken."""
    config = game_config("tactics", "meadow", 2, 3)
    game = state(OPEN7, [piece(11, "KNIGHT", 1, 1)])
    event: dict[str, Json] = {
        "kind": "game_over",
        "public": True,
        "visible_to": [],
        "reason": "loss of all armies but one",
        "places": [1, 2],
    }
    lines = report_text(TACTICS, config, game, [event], 1).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- GAME OVER"))
    names = {p.id: f"{p.name} ({p.colour})" for p in game.players}
    # the end in words as WoK's 'one player left standing' (it said the state's 'loss of
    # all armies but one')
    assert lines[at] == f"- GAME OVER (one army left standing): 1. {names[1]}, 2. {names[2]}."


def test_the_armies_heading_names_the_colours_of_the_game() -> None:
    """A game of three armies (red, yellow, blue) was headed ``ARMIES (in the order they
    move: red, green, yellow, blue)``: no green army was on the board."""
    config = game_config("tactics", "meadow", 2, 3)
    played = list(play(TACTICS, config, _plan, 0, options={"bots": 1}))
    state = played[0].state
    colours = [p.colour for p in state.turn_order()]
    assert len(colours) == 3
    start = colours.index(state.player(state.active).colour)
    order = ", ".join(colours[start:] + colours[:start])  # from the next to move, round
    report = report_text(TACTICS, config, state, [], 1)
    assert f"ARMIES (in the order they move, next first: {order})\n" in report


def test_the_army_form_and_its_list_say_every_way_a_piece_is_picked() -> None:
    """Ruling 19 takes a piece's ID on an army line as well as a name or a number of PIECES
    TO PICK FROM; the form's ARMY title and the list's heading said 'by name or number'
    only. Both name the ID too, the heading within 78 columns and the title within the
    form's 72."""
    config = game_config("tactics", "meadow", 2, 3)
    played = list(play(TACTICS, config, _plan, 1, options={"bots": 2}))
    lines = report_text(TACTICS, config, played[0].state, [], 1).splitlines()
    heading = next(n for n, line in enumerate(lines) if line.startswith("PIECES TO PICK FROM"))
    said = " ".join(line.strip() for line in lines[heading : heading + 2])
    assert said.startswith("PIECES TO PICK FROM (by number or name, or by the ID of a piece in ")
    assert "PIECES; MAX:" in said
    title = next(n for n, line in enumerate(lines) if line.startswith("ARMY (this turn only)"))
    assert " ".join(line.strip() for line in lines[title : title + 2]) == (
        "ARMY (this turn only): up to 9 pieces, by name or number from the list in your "
        "report, or by the ID of a piece"
    )
    assert max(len(line) for line in lines[title : title + 2]) <= 72
    assert max(len(line) for line in lines[heading : heading + 2]) <= WIDTH


def test_the_armies_table_keeps_to_a_phone_s_columns() -> None:
    """A bot next to move: its row of ARMIES read `  3  Bot Green ... ACTIVE (bot) <- next
    to move`, 75 columns, and a phone broke `move` onto a line of its own under the table's
    row. The mark says `<- next` (the heading says in what order the armies move): every
    row within 72."""
    config = game_config("tactics", "meadow", 2, 3)
    played = list(play(TACTICS, config, _plan, 4, options={"bots": 2}))
    rows = [
        line
        for turn in played
        for line in report_text(TACTICS, config, turn.state, turn.events, 1).splitlines()
        if line.endswith(" <- next")
    ]
    assert rows and all(len(line) <= 72 for line in rows), rows
    assert any(line.endswith("ACTIVE (bot) <- next") for line in rows), rows
