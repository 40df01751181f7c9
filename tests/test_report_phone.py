"""A report on a phone, 72 columns a line (docs/mail.md, "A report on a phone"): the rule
under its heading and a WoK status line are rows a phone must not wrap; they were 78 and
77 characters wide, and a phone broke the rule in two and 'Attacks next turn: 3' off its
row."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from tests.conftest import players
from tests.mail.loop import NOW
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.gm.ending import end_game

PHONE = 72
MAIL = 78

GAMES = [
    ("wok4", "small", None, 2),
    ("standard", "star-islands", "skirmish", 3),
    ("standard", "classic60", "duel", 2),
    ("intermediate", "marchlands", None, 2),
    ("wisk", "classic", None, 2),
    ("tactics", "meadow", None, 2),
]


@pytest.mark.parametrize(("ruleset", "map_name", "variant", "count"), GAMES)
def test_the_rule_under_a_report_s_heading_fits_a_phone(
    tmp_path: Path, ruleset: str, map_name: str, variant: str | None, count: int
) -> None:
    game = create_game(tmp_path / "g", ruleset, map_name, players(count), seed=5, variant=variant)
    lines = game.report(1).splitlines()
    assert lines[2] == "=" * PHONE
    assert not [line for line in lines if set(line) == {"="} and len(line) != PHONE]
    status = [line for line in lines if line.startswith(("Status: ", "Attacks next turn"))]
    assert all(len(line) <= PHONE for line in status)


def lines_from(folder: Path, ruleset: str, map_name: str, count: int, start: str) -> list[str]:
    """The first report's line that starts with ``start`` and the two under it, of a new
    game of ``count`` players."""
    lines = create_game(folder, ruleset, map_name, players(count), seed=5).report(1).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    assert max(len(line) for line in lines) <= MAIL
    return lines[at : at + 3]


def test_a_standard_status_line_gives_the_attacks_a_line_of_their_own(tmp_path: Path) -> None:
    """'Status: ACTIVE   EFF: 99%   Gold: 0   Tech level: 0   Attacks next turn: 3', 74
    characters: the attacks go under it, as Intermediate's do beside its GOLD and WOOD;
    WoK IV's, without gold, keeps them on its row."""
    assert lines_from(tmp_path / "s", "standard", "star-islands", 3, "Status: ")[:2] == [
        "Status: ACTIVE   EFF: 99%   0 gold   Tech level: 0",
        "Attacks next turn: 3",
    ]
    wok4 = lines_from(tmp_path / "k", "wok4", "small", 2, "Status: ")
    assert wok4[:2] == ["Status: ACTIVE   EFF: 99%   Tech points: 0   Attacks next turn: 3", ""]


def test_the_tiles_legend_keeps_to_a_phone_s_columns(tmp_path: Path) -> None:
    """Tactics' map islands has six tiles: their legend, a row of columns never wrapped, was
    one line of 82 characters, past a mail's 78 too. It takes as many tiles to a line as 72
    columns hold, each tile whole, the lines under the board as before."""
    assert lines_from(tmp_path / "i", "tactics", "islands", 2, "g Grass (E)") == [
        "g Grass (E)   f Forest (E)   w Water (W)   r Rock (A)   s Sand (E)",
        "b Bridge (EW)",
        "",
    ]
    assert lines_from(tmp_path / "m", "tactics", "meadow", 2, "g Grass (E)")[:2] == [
        "g Grass (E)   f Forest (E)   w Water (W)",
        "",
    ]


@pytest.mark.parametrize(("ruleset", "map_name", "variant", "count"), GAMES[:4])
def test_a_wok_report_s_borders_are_packed_to_a_phone_s_columns(
    tmp_path: Path, ruleset: str, map_name: str, variant: str | None, count: int
) -> None:
    """WoK's BORDERS lists were packed to 78 columns, and a phone broke a line of them in
    two, a neighbour's name and its owner on different rows. They are packed to 72, each
    neighbour with its owner whole on a line, the same neighbours as before."""
    game = create_game(tmp_path / "g", ruleset, map_name, players(count), seed=5, variant=variant)
    lines = game.report(1).splitlines()
    at = lines.index("BORDERS (each neighbour and its owner: #player, N = neutral)") + 1
    borders = lines[at : lines.index("", at)]
    assert borders and all(len(line) <= PHONE for line in borders)
    for line, under in pairwise(borders):
        if under.startswith("       "):  # the province's list goes on: its line was full
            first = under.strip().split(",")[0] + ","
            assert len(f"{line} {first}") > PHONE, (line, under)


REASON = "The host is closing down at the end of this month, thank you all for playing here"
"""The GM's words on ending a game: a sentence of every last report, 76 columns and more."""


@pytest.mark.parametrize(("ruleset", "map_name", "variant", "count"), GAMES)
def test_a_report_s_prose_keeps_to_a_phone_s_columns(
    tmp_path: Path, ruleset: str, map_name: str, variant: str | None, count: int
) -> None:
    """A report's sentences were broken at 78 columns, its rows kept to 72: a phone broke a
    sentence of 73 to 78 again, a word alone on a line between two of the report's (`The
    GM's words: The host is closing down ... thank you` over `you` over `  all for ...`).
    Every line of the first report, of a turn's and of the last one, the GM's words in it,
    keeps to 72 columns, and says every word it said; since round 43 Intermediate's table
    of provinces too, 78 wide before, now two tables (YOUR PROVINCES, YOUR TROOPS)."""
    game = create_game(tmp_path / "g", ruleset, map_name, players(count), seed=5, variant=variant)
    reports = [game.report(1)]
    game.run_turn()
    reports.append(game.report(1))
    end_game(game, REASON, NOW)
    reports.append(game.report(1))
    assert REASON in " ".join(reports[-1].split())
    for report in reports:
        lines = report.split("=== BEGIN AOF ===")[0].splitlines()
        assert [line for line in lines if len(line) > PHONE] == []


def test_intermediate_s_provinces_are_two_tables_within_a_phone_s_columns(
    tmp_path: Path,
) -> None:
    """Intermediate's YOUR PROVINCES had fifteen columns in 78 (64 of figures and words):
    a phone broke every row in two, or, at 72, a terrain or a name would have been cut.
    Its land and works and its troops are two tables, each row begun with the province's
    number and name whole, each TOTAL row with its average marked; the sentence under them
    keeps each troop with the terrain it prefers (it ended ``KNI`` above ``Plains``). Each
    table's columns are said under it: the words of both stood under YOUR TROOPS, POP
    and AIM a table away from their columns."""
    game = create_game(tmp_path / "g", "intermediate", "pentarchy", players(5), seed=5)
    report = game.report(1)
    assert report[report.index("YOUR PROVINCES") : report.index("BORDERS")] == (
        "YOUR PROVINCES\n"
        "ID NAME          TERRAIN POP WOK DEF  MIS SPY AIM\n"
        "29 Brightfield   Plains  110  24 1.0    0  10 DEF\n"
        "TOTAL (1 prov.)          110  24 1.0a   0  10\n"
        "In the TOTAL row, DEF is an average (marked a).\n"
        "POP population, WOK workers, DEF defense, MIS missiles, SPY spies,\n"
        "  AIM what the workers make.\n"
        "\n"
        "YOUR TROOPS\n"
        "ID NAME          ARM PIK ARC KNI CAT   LEV\n"
        "29 Brightfield    12   0   0   0   0 1.750\n"
        "TOTAL (1 prov.)   12   0   0   0   0 1.750a\n"
        "Troops: 12 in all. Preferred terrain: PIK Desert, ARC Forest,\n"
        "  KNI Plains, CAT Mountain. In the TOTAL row, LEV is an average\n"
        "  (marked a).\n"
        "ARM armies, PIK pikemen, ARC archers, KNI knights, CAT catapults,\n"
        "  LEV the troops' level (- where there are none).\n"
        "\n"
    )


def test_the_top_ten_shows_a_long_name_whole_where_the_line_has_room(tmp_path: Path) -> None:
    """Round 47's reading: 'Bartholomew-Maximilian' stood in the Top Ten as
    'Bartholomew-Maximili', cut to twenty columns, on a row of 52 a phone shows 72 of. The
    name column is as wide as the longest name (twenty at least), as far as 72 hold."""
    names = ("Alice", "Bartholomew-Maximilian", "Cyrus Aldebrand-Featherstonehaugh")
    seats = [
        PlayerEntry(i, name, f"p{i}@example.org", f"CODE{i:04d}")
        for i, name in enumerate(names, start=1)
    ]
    report = create_game(tmp_path / "g", "standard", "star-islands", seats, seed=5).report(1)
    lines = report.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("TOP TEN"))
    assert lines[at + 1 : at + 4] == [
        "   1. Alice                             #1       369  1 province",
        "   1. Bartholomew-Maximilian            #2       369  1 province",
        "   1. Cyrus Aldebrand-Featherstonehaugh #3       369  1 province",
    ]
    assert max(len(line) for line in lines) <= 72
