"""A report is read in a mail, 78 characters a line: its tables and its status line fit, where
they can without losing anything.

Intermediate's YOUR PROVINCES table was 81 characters wide (an ID column of four places on a
map of 2-digit numbers, POP of four places for numbers of three) and its status line 85 to
88 (gold and WOOD beside EFF, tech level and the attacks): both wrapped in a player's mail
client, the rows' columns lost. The ID column is now as wide as the largest number in it
(two places at least) and POP three places (wider where a number is), and the attacks of
the next turn go on a line of their own where the status line would be wider than 78
(since, a phone's 72: tests/test_report_phone.py)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import players
from tests.mapgames import played_game
from tests.shipped import INTERMEDIATE, STANDARD, WOK4
from wtg.game.engine import create_game
from wtg.game.report import report_text
from wtg.rules.wok.state import Outcome

WIDTH = 78
PHONE = 72


def test_every_line_of_intermediate_reports_fits_a_mail(tmp_path: Path) -> None:
    game = played_game(tmp_path / "g", "intermediate", "pentarchy", 5, 6).typed(INTERMEDIATE)
    assert game.latest_turn() == 6
    widths = {
        (turn, seat): max(len(line) for line in game.report(seat, turn).splitlines())
        for turn in range(game.latest_turn() + 1)
        for seat in range(1, 6)
    }
    assert max(widths.values()) <= PHONE  # since round 43, its tables too
    report = game.report(1)
    lines = report.splitlines()
    assert lines[lines.index("YOUR PROVINCES") + 1] == (
        "ID NAME          TERRAIN  POP WOK DEF  MIS SPY AIM"
    )
    assert lines[lines.index("YOUR TROOPS") + 1] == "ID NAME          ARM PIK ARC KNI CAT   LEV"
    me = game.state().player(1)
    at = next(i for i, line in enumerate(lines) if line.startswith("Status: "))
    assert lines[at : at + 2] == [
        f"Status: ACTIVE   EFF: {me.eff}%   GOLD: {me.gold}   WOOD: {me.wood}   "
        f"Tech level: {me.tech}",
        "Attacks next turn: 4",
    ]


def test_the_id_column_widens_for_a_number_of_three_digits(tmp_path: Path) -> None:
    """A GM's map of more than 99 provinces: the column takes the number's places, the rows
    and the TOTAL row keep their columns. (The home renumbered in the headhunting list
    too, which names each start province by its number.)"""
    game = create_game(tmp_path / "g", "intermediate", "marchlands", players(2), seed=5)
    state = game.typed(INTERMEDIATE).state()
    home = next(p for p in state.provinces if p.owner == 1)
    state.protected = [120 if pid == home.id else pid for pid in state.protected]
    home.id = state.player(1).home = 120
    report = report_text(INTERMEDIATE, game.config, state, [], 1, aof="")
    lines = report.splitlines()
    at = lines.index("YOUR PROVINCES")
    header, row, total = lines[at + 1 : at + 4]
    name = max(len(home.name or ""), 12)  # 12: the TOTAL label's room before the troops
    land = max(len(home.terrain or ""), 7)  # 7: its heading's
    assert header.startswith(f" ID {'NAME':<{name}} {'TERRAIN':<{land}} POP ")
    assert row.startswith(f"120 {home.name:<{name}} {home.terrain:<{land}} {home.pop:>3} ")
    assert total.startswith(f"{'TOTAL (1 prov.)':<{name + land + 5}} {home.pop:>3} ")
    at = lines.index("YOUR TROOPS")
    header, row, total = lines[at + 1 : at + 4]
    assert header.startswith(f" ID {'NAME':<{name}} ARM ")
    assert row.startswith(f"120 {home.name:<{name}} {home.arm:>3} ")
    assert total.startswith(f"{'TOTAL (1 prov.)':<{name + 4}} {home.arm:>3} ")


def test_the_status_line_names_wood_as_the_rule_text_and_the_rest_of_the_report_do(
    tmp_path: Path,
) -> None:
    """ "100 GOLD, 100 WOOD", "costing 5 WOOD per unit": the status line said ``Wood: 100``
    above ``... 0 gold, 0 WOOD ...`` of the workers and ``you have 100 WOOD`` of the form."""
    game = create_game(tmp_path / "g", "intermediate", "marchlands", players(2), seed=5)
    report = game.report(1)
    assert "GOLD: 100   WOOD: 100   Tech level: 0" in report
    assert "you have 100 WOOD" in report
    assert "Wood" not in report


def test_a_wok4_bombing_suffered_is_no_paragraph_of_its_own(tmp_path: Path) -> None:
    """The line of a bombing a WoK IV player suffered was followed by a blank line, as no
    other event's is: ``- 15 Oakensand was bombed by 6 missiles ...``, a blank line, then
    ``- Entropy: ...``, as if the list had ended."""
    from wtg.rules.wok.events import BombingSuffered, Entropy

    game = create_game(tmp_path / "g", "wok4", "small", players(2), seed=5)
    state = game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 1)
    events = [
        BombingSuffered(
            visible_to=frozenset({1}),
            player=1,
            province=home.id,
            missiles=6,
            armies=2,
            spies=0,
            dfn=1,
            tech=6,
            source=0,
            bomber=0,
        ).to_dict(),
        Entropy(
            visible_to=frozenset({1}), player=1, provinces=1, eff_before=99, eff_after=98
        ).to_dict(),
    ]
    lines = report_text(WOK4, game.config, state, events, 1, aof="").splitlines()
    at = lines.index("WHAT HAPPENED THIS TURN")
    assert lines[at + 1 : at + 4] == [
        f"- {home.id} {home.name} was bombed by 6 missiles from an unknown source: lost",
        "  2 ARM, 0.1 DEF, 6 tech points.",  # round 43: a count stays with what it counts
        "- Entropy: 1 province cost you 1% EFF (99% -> 98%).",
    ]


def test_the_final_ranking_of_ten_players_is_wrapped_as_a_sentence(tmp_path: Path) -> None:
    """``Final ranking: 1. Ann (#1)  2. Bob (#2)  ...``: its two spaces between places made
    the line a row of columns, never wrapped: 143 characters for ten players. Now a line
    of places, each kept whole (never ``5. Eve`` above ``(#5)``), wrapped at 78."""
    game = create_game(tmp_path / "g", "standard", "classic60", players(10), seed=5)
    state = game.typed(STANDARD).state()
    state.outcome = Outcome("vote", (1,), tuple(range(1, 11)), tuple(range(1, 11)))
    lines = report_text(STANDARD, game.config, state, [], 2, aof="").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Final ranking:"))
    assert lines[at : at + 3] == [
        "Final ranking: 1. Ann (#1), 2. Bob (#2), 3. Cid (#3), 4. Dee (#4),",
        "  5. Eve (#5), 6. Fay (#6), 7. Gus (#7), 8. Hal (#8), 9. Ivy (#9),",
        "  10. Jon (#10)",
    ]
    assert max(len(line) for line in lines) <= WIDTH


def order_of_play(turn: int) -> str:
    """The ORDER OF PLAY of the game below, to Ann, and the blank line under it."""
    return (
        f"ORDER OF PLAY FOR TURN {turn} (first to last, in every phase):\n"
        "Bob (#2), Cid (#3), Ann (#1, you).\n\n"
    )


def test_one_blank_line_between_the_order_of_play_and_the_top_ten(tmp_path: Path) -> None:
    """A game without a deadline had two blank lines under the ORDER OF PLAY (the one meant
    to part it from the DEADLINE line, which such a game has not); with a deadline, one
    under each."""
    game = create_game(tmp_path / "g", "standard", "star-islands", players(3), seed=5)
    report = game.report(1)
    assert (  # turn 0, its form below it
        f"{order_of_play(1)}Your orders: fill out the AOF below and reply to"
        " this mail with it.\n\nWHERE EVERYONE STARTS\n"
    ) in report
    assert "\n\n\n" not in report
    state = game.typed(STANDARD).state()
    text = report_text(STANDARD, game.config, state, [], 1, aof="", deadline="Mon 7 Dec 18:00")
    assert (
        f"{order_of_play(1)}DEADLINE FOR YOUR TURN 1 ORDERS: Mon 7 Dec 18:00\n\n"
        "WHERE EVERYONE STARTS\n"
    ) in text
    state.turn = 1
    text = report_text(STANDARD, game.config, state, [], 1, aof="")
    assert f"{order_of_play(2)}TOP TEN (by score: all a player possesses, counted)\n" in text
    assert "\n\n\n" not in text


def test_a_total_pop_of_four_digits_keeps_the_intermediate_table_in_78(tmp_path: Path) -> None:
    """Nine provinces of 100 to 142 POP: the TOTAL row's 1001 widened the POP column of
    every row to four places, and each row of the table was 79 characters wide. The sum
    took a place of the TOTAL label's room instead. Since round 43 the land table has the
    room: its POP column is four places wide, every row within a phone's 72."""
    game = create_game(tmp_path / "g", "intermediate", "marchlands", players(2), seed=5)
    state = game.typed(INTERMEDIATE).state()
    mine = [p for p in state.provinces if not p.owner][:8]
    for province in mine:
        province.owner, province.pop = 1, 111
    home = next(p for p in state.provinces if p.owner == 1 and p not in mine)
    home.pop = 113
    report = report_text(INTERMEDIATE, game.config, state, [], 1, aof="")
    lines = report.splitlines()
    assert max(len(line) for line in lines) <= PHONE
    at = lines.index("YOUR PROVINCES")
    header = lines[at + 1]
    total = next(line for line in lines if line.startswith("TOTAL ("))
    end_of_pop = header.index(" POP ") + len(" POP")
    assert total[:end_of_pop].endswith(" 1001")
    assert len(total) <= PHONE


def test_sums_of_four_digits_in_other_columns_keep_the_table_in_78(tmp_path: Path) -> None:
    """Eleven provinces of 99 MIS and 99 SPY: the TOTAL row's 1089 and 1089 widened their
    columns, the table 80 wide. The NAME column gave up the places (names cut shorter);
    since round 43 the land table has the room, its names whole, and every row and the
    TOTAL row keep one set of columns, within a phone's 72."""
    game = create_game(tmp_path / "g", "intermediate", "pentarchy", players(5), seed=5)
    state = game.typed(INTERMEDIATE).state()
    mine = [p for p in state.provinces if not p.owner][:10]
    for province in mine:
        province.owner = 1
    for province in state.provinces_of(1):
        province.mis = province.spy = 99
    report = report_text(INTERMEDIATE, game.config, state, [], 1, aof="")
    lines = report.splitlines()
    assert max(len(line) for line in lines) <= PHONE
    at = lines.index("YOUR PROVINCES")
    header = lines[at + 1]
    total = next(line for line in lines if line.startswith("TOTAL ("))
    assert header.endswith(" MIS  SPY AIM")
    assert total.endswith(" 1089 1089")
    assert len(total) == header.index(" AIM")
    rows = lines[at + 2 : lines.index(total)]
    assert len(rows) == 11 and all(len(row) == len(header) for row in rows)


def test_a_three_digit_sum_keeps_two_places_after_the_total_label(tmp_path: Path) -> None:
    """Round 46: with 117 ARM in five provinces of short names the troops' TOTAL row read
    'TOTAL (5 prov.) 117', the count of provinces and the sum one place apart as a row's
    name and number never are when the label is the NAME column's widest. The NAME column
    gives the label a place more, in both tables, so that they still line up."""
    game = create_game(tmp_path / "g", "intermediate", "pentarchy", players(5), seed=5)
    state = game.typed(INTERMEDIATE).state()
    for pid, arm in ((26, 12), (27, 30), (29, 37), (30, 38), (21, 25)):
        province = state.province(pid)
        province.owner, province.arm = 1, arm
    report = report_text(INTERMEDIATE, game.config, state, [], 1, aof="")
    lines = report.splitlines()
    at = lines.index("YOUR TROOPS")
    assert lines[at + 1 : at + 8] == [
        "ID NAME          ARM PIK ARC KNI CAT   LEV",
        "21 Marshgate      25   0   0   0   0 1.000",
        "26 Cedarfall      12   0   0   0   0 1.000",
        "27 Mosspool       30   0   0   0   0 1.000",
        "29 Brightfield    37   0   0   0   0 1.750",
        "30 Ashgrove       38   0   0   0   0 1.000",
        "TOTAL (5 prov.)  142   0   0   0   0 1.195a",
    ]
    land = lines.index("YOUR PROVINCES")
    assert lines[land + 1] == "ID NAME          TERRAIN POP WOK DEF  MIS SPY AIM"
