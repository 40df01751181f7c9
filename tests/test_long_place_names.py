"""A place's name of a GM's map longer than its table's NAME column, in a report on a
phone: WoK's tables cut it at 14 characters (``The Most Seren``), Intermediate's where the
row reached 72 columns (``The Most Serene Principality of Up``), WISK's map pushed the
row past 72. The name is whole now: broken at its blanks in its column, the rest of it
on lines of their own under it, every row's figures in their columns."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.conftest import players
from wtg.game.engine import create_game

LONG = "The Most Serene Principality of Upper Wendrassia"
"""A province's name of 48 letters, as a GM's map may give one."""


def _renamed(value: object, names: dict[str, str]) -> object:
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    return names.get(value, value) if isinstance(value, str) else value


def report_of(tmp_path: Path, ruleset: str, map_name: str) -> str:
    """Player 1's report of turn 0 of a game on the shipped map ``map_name`` with every
    place named ``LONG`` and its number."""
    shipped = Path(__file__).parent.parent / "games" / ruleset / f"{map_name}.yaml"
    data = yaml.safe_load(shipped.read_text())
    key = "provinces" if "provinces" in data else "territories"
    names = {place["name"]: f"{LONG} {index}" for index, place in enumerate(data[key])}
    path = tmp_path / f"{ruleset}-long.yaml"
    path.write_text(yaml.safe_dump(_renamed(data, names)))
    game = create_game(tmp_path / ruleset, ruleset, str(path), players(2), 5)
    text = game.report(1)
    assert max(len(line) for line in text.splitlines()) <= 72, text
    return text


def block(text: str, heading: str, count: int) -> list[str]:
    lines = text.splitlines()
    at = lines.index(heading)
    return lines[at + 1 : at + 1 + count]


def test_a_wok_table_breaks_a_long_name_in_its_column(tmp_path: Path) -> None:
    text = report_of(tmp_path, "wok4", "small")
    assert block(text, "YOUR PROVINCES", 5) == [
        "  ID NAME                         POP WOK ARM   LEV  DEF  MIS SPY AIM",
        "  13 The Most Serene               83  24  12 1.750  1.0    0  10 DEF",
        "     Principality of Upper",
        "     Wendrassia 12",
        "TOTAL (1 prov.)                    83  24  12 1.750a 1.0a   0  10",
    ]


def test_intermediate_s_tables_break_a_long_name_in_its_column(tmp_path: Path) -> None:
    text = report_of(tmp_path, "intermediate", "marchlands")
    assert block(text, "YOUR PROVINCES", 4) == [
        "ID NAME                               TERRAIN POP WOK DEF  MIS SPY AIM",
        "20 The Most Serene Principality of    Plains   96  24 1.0    0  10 DEF",
        "   Upper Wendrassia 19",
        "TOTAL (1 prov.)                                96  24 1.0a   0  10",
    ]
    assert block(text, "YOUR TROOPS", 3)[1:] == [
        "20 The Most Serene Principality of     12   0   0   0   0 1.750",
        "   Upper Wendrassia 19",
    ]


def test_wisk_s_map_breaks_a_long_name_in_its_column(tmp_path: Path) -> None:
    text = report_of(tmp_path, "wisk", "classic")
    assert block(text, "North America (bonus 5)", 3) == [
        "   1 The Most Serene        Ann                   2  2 4 30",
        "     Principality of Upper",
        "     Wendrassia 0",
    ]
