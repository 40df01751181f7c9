"""The province table of a confirmation's forecast and the report's: a player compares the
two, line under line. The report's got a place after LEV and DEF for its TOTAL row's
average marks ("1.750a"); the forecast's kept the old columns, two off from LEV on. Now
both are the same macro's (``wok/macros.j2``, ``rows``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import INTERMEDIATE, WOK4


def table(text: str, heading: str) -> list[str]:
    """The province table after ``heading``: its header line and its rows."""
    lines = text[text.index(heading) :].splitlines()[1:]
    rows = [lines[0]]
    for line in lines[1:]:
        if not re.match(r" *\d+ ", line):
            break
        rows.append(line)
    return rows


def ends(line: str) -> list[int]:
    """Where each word of a line ends (a column's right edge: its numbers are aligned
    right, as its header)."""
    return [found.end() for found in re.finditer(r"\S+", line)]


def test_the_forecast_s_provinces_line_up_with_the_report_s(tmp_path: Path) -> None:
    world = World(tmp_path)
    home = next(p.id for p in world.game.typed(WOK4).state().provinces if p.owner == 1)
    world.mail(world.aof(1, G1=f"{home} 5", R1="1"))
    world.poll()
    ((_, raw),) = world.outbox().items()
    forecast = table(body_of(raw), "FORECAST: your provinces")
    report = table(world.game.report(1), "YOUR PROVINCES")
    header = "  ID NAME            POP WOK ARM   LEV  DEF  MIS SPY AIM"
    assert forecast[0] == report[0] == header
    assert len(forecast) == len(report) == 2  # the one home province each
    # each value ends under its header, in both: ID, POP, WOK, ARM, LEV, DEF, MIS, SPY
    # (the name and AIM start where theirs do)
    edges = [ends(header)[i] for i in (0, 2, 3, 4, 5, 6, 7, 8)]
    for row in (forecast[1], report[1]):
        words = row.split()
        assert len(words) == 10, row  # a one-word name: Morrowfield
        assert [ends(row)[i] for i in (0, 2, 3, 4, 5, 6, 7, 8)] == edges, row
        assert row.index(words[1]) == header.index("NAME")
        assert row.rindex(words[9]) == header.index("AIM")


def test_intermediate_s_forecast_shows_the_report_s_table(tmp_path: Path) -> None:
    """Intermediate's report has terrain and a column for each kind of troop; its forecast
    had WoK's table without them, then the troops as a line of numbers ("troops by kind
    (ARM PIK ARC KNI CAT): 20: 9 0 0 15 0"). Now the same tables (since round 43, two:
    the land and works, then the troops), and the record's line has what the report's
    status line has (gold, WOOD, tech level)."""
    world = World(tmp_path, count=2, ruleset=("intermediate", "marchlands", {}))
    home = next(p for p in world.game.typed(INTERMEDIATE).state().provinces if p.owner == 1)
    # 4 ARM made knights (5 WOOD each): the forecast's KNI column says so
    world.mail(world.aof(1, C1=f"{home.id} 1 4 04", R1="1"))
    world.poll()
    ((_, raw),) = world.outbox().items()
    text = body_of(raw)
    forecast = table(text, "FORECAST: your provinces")
    forecast_troops = table(text, forecast[-1])  # right under the land table
    world.game.run_turn()
    report = table(world.game.report(1), "YOUR PROVINCES")
    troops = table(world.game.report(1), "YOUR TROOPS")
    header = "ID NAME          TERRAIN POP WOK DEF  MIS SPY AIM"
    assert forecast[0] == report[0] == header
    assert forecast_troops[0] == troops[0] == "ID NAME          ARM PIK ARC KNI CAT   LEV"
    assert len(forecast) == len(report) == len(troops) == len(forecast_troops) == 2
    # nobody else acted: the same rows, the same columns
    assert (forecast[1], forecast_troops[1]) == (report[1], troops[1])
    words = dict(zip(header.split(), forecast[1].split(), strict=True))
    kinds = dict(zip(troops[0].split(), forecast_troops[1].split(), strict=True))
    assert (words["TERRAIN"], kinds["ARM"], kinds["KNI"]) == (
        home.terrain,
        str(home.arm - 4),
        str(home.kni + 4),
    )
    assert "troops by kind" not in text
    me = world.game.typed(INTERMEDIATE).state().player(1)
    assert f"EFF {me.eff}%, GOLD {me.gold}, WOOD {me.wood}, tech level {me.tech}." in text
