"""The YOUR PROVINCES table of a WoK report keeps its columns: each number of a row, the
TOTAL row's too, ends where its column's title ends. The TOTAL row's averages carry their
mark ("1.244a means AVERAGE armies level of 1.244", WoK IV's manual) in a column of its own,
so they push nothing out of line (a player's trial found MIS and SPY of the TOTAL row a place
to the right of the rows above), and a sum wider than its column widens the column for every
row."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import players
from tests.shipped import WOK4
from wtg.game.engine import Game, create_game
from wtg.rules.wok.state import WokState

NUMBER = re.compile(r"\d+(?:\.\d+)?")


def table(report: str, title: str, heading: str = "YOUR PROVINCES") -> list[str]:
    """The header, the rows and the TOTAL row of the table under ``heading``."""
    lines = report.splitlines()
    start = lines.index(heading) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("TOTAL ("))
    assert title in lines[start]
    return lines[start : end + 1]


def column_ends(header: str, titles: list[str]) -> list[int]:
    return [header.index(f" {word}") + 1 + len(word) for word in titles]


def number_ends(line: str, after: int) -> list[int]:
    """Where each number right of ``after`` ends (an average's mark "a" not counted)."""
    return [m.end() for m in NUMBER.finditer(line) if m.start() >= after]


def check_columns(report: str, titles: list[str], after: int) -> None:
    header, *rows = table(report, titles[0])
    ends = column_ends(header, titles)
    for row in rows:
        assert number_ends(row, after)[: len(ends)] == ends, f"\n{header}\n{row}"
    total = rows[-1]
    assert re.search(r" \d\.\d{3}a \d\.\da ", total), total


def test_the_total_row_keeps_the_columns_of_a_wok4_report(tmp_path: Path) -> None:
    game = create_game(tmp_path / "g", "wok4", "classic60", players(), seed=42).typed(WOK4)
    state = game.state()
    home = next(p for p in state.provinces if p.owner == 1)
    game.submit(
        f"player: 1\nturn: 1\nattack:\n- {{from: {home.id}, to: {home.neighbours[0]}, "
        f"armies: {home.arm}}}\n"
    )
    game.run_turn()
    report = game.report(1)
    assert "TOTAL (2 prov.)" in report
    check_columns(report, ["POP", "WOK", "ARM", "LEV", "DEF", "MIS", "SPY"], 19)


def test_a_sum_wider_than_its_column_widens_it_for_every_row(
    small_game: Game[WokState],
) -> None:
    """Armies, missiles and spies summed over many provinces may need more places than one
    province's (999 armies at most, 99 missiles): the column grows, for the header and
    every row alike."""
    from wtg.game.report import report_text

    state = small_game.state()
    for province in [p for p in state.provinces if p.owner in (0, 1)][:12]:
        province.owner, province.arm, province.mis, province.spy = 1, 900, 99, 99
    report = report_text(small_game.ruleset, small_game.config, state, [], 1, aof="")
    armies = sum(p.arm for p in state.provinces if p.owner == 1)
    assert armies > 9999
    assert f" {armies} " in table(report, "POP")[-1]
    check_columns(report, ["POP", "WOK", "ARM", "LEV", "DEF", "MIS", "SPY"], 19)


def test_the_total_row_keeps_the_columns_of_an_intermediate_report(tmp_path: Path) -> None:
    """Intermediate WoK's two tables (its fifteen columns fit a phone as two since round
    43: the land's, then the troops'), the same way: each number of a row and of the TOTAL
    row ends where its column's title ends, the averages marked beside their column."""
    game = create_game(tmp_path / "g", "intermediate", "marchlands", players(2), seed=5)
    report = game.report(1)
    for heading, titles, averaged in (
        ("YOUR PROVINCES", ["POP", "WOK", "DEF", "MIS", "SPY"], r" \d\.\da "),
        ("YOUR TROOPS", ["ARM", "PIK", "ARC", "KNI", "CAT", "LEV"], r" \d\.\d{3}a$"),
    ):
        header, *rows = table(report, titles[0], heading)
        ends = column_ends(header, titles)
        for row in rows:
            assert number_ends(row, header.index(f" {titles[0]}"))[: len(ends)] == ends, row
        assert re.search(averaged, rows[-1]), rows[-1]
