"""A game with more sides than the palette has colours (a GM's map with many start
provinces): the sides past the sixteen colours take a colour again with a hatch over it,
then a cross-hatch (wtg/maps/palette.py), so no two sides look alike on the map or in
its legend."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.bigmap import write_grid_map
from wtg.game.engine import create_game
from wtg.game.gameconfig import PlayerEntry
from wtg.maps import draw_svg
from wtg.maps.palette import SIDE_COLOURS

SVG = "{http://www.w3.org/2000/svg}"
SIDES = 2 * len(SIDE_COLOURS) + 2
"""Two sides past the colours twice over: some drawn plain, hatched and cross-hatched."""


def looks(group: ET.Element) -> tuple[str, str]:
    """The fill of a spot's disc and the pattern over it (``""``: none)."""
    fills = [c.get("fill", "") for c in group.findall(f"{SVG}circle")]
    patterns = [fill for fill in fills if fill.startswith("url(")]
    plain = [fill for fill in fills if fill.startswith("#")]
    return plain[-1], patterns[0] if patterns else ""


def test_sides_past_the_palette_are_told_apart_by_a_hatch(tmp_path: Path) -> None:
    """Issue 26, mutant: sides beyond the palette drawn without hatching. Each of 34 sides
    holds its home at turn 0; each side's spots look one way and no two sides look alike:
    side 17 has side 1's colour under a hatch, side 33 under a cross-hatch."""
    seats = [
        PlayerEntry(i, f"Side{i}", f"s{i}@example.org", f"CODE{i:04d}") for i in range(1, SIDES + 1)
    ]
    game_map = write_grid_map(tmp_path / "many.yaml", 5 * SIDES, SIDES)
    game = create_game(tmp_path / "g", "wok4", str(game_map), seats, seed=3)
    root = ET.fromstring(draw_svg(game))
    seen: dict[str, set[tuple[str, str]]] = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("data-province") is None:
            continue
        label = group.findall(f"{SVG}text")[1].text or ""
        if label.startswith("P"):
            seen.setdefault(label, set()).add(looks(group))
    assert sorted(seen, key=lambda label: int(label[1:])) == [f"P{i}" for i in range(1, SIDES + 1)]
    assert all(len(found) == 1 for found in seen.values()), seen
    look = {label: next(iter(found)) for label, found in seen.items()}
    assert len(set(look.values())) == SIDES, look
    assert look["P1"] == (SIDE_COLOURS[0], "")
    assert look["P16"] == (SIDE_COLOURS[15], "")
    assert look["P17"] == (SIDE_COLOURS[0], "url(#hatch)")
    assert look["P33"] == (SIDE_COLOURS[0], "url(#cross)")
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    swatches = legend.findall(f"{SVG}circle")
    keys: list[tuple[str, str]] = []
    for swatch in swatches:
        if swatch.get("fill", "").startswith("url("):
            keys[-1] = (keys[-1][0], swatch.get("fill", ""))
        else:
            keys.append((swatch.get("fill", ""), ""))
    assert keys[:SIDES] == [look[f"P{i}"] for i in range(1, SIDES + 1)]
