"""Names that reach a picture or a page: a GM's map file whose names hold control
characters is refused with the line, and whatever text a board holds (a game made before
that check, a player's name), the SVG written parses as XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tests.mapgames import played_game
from tests.maps.test_grid import played
from tests.shipped import TACTICS
from wtg.cli import main
from wtg.core.board import Board
from wtg.core.record import Record
from wtg.data import datalibrary, maps
from wtg.data.paths import data_dir
from wtg.maps import board_svg
from wtg.maps.grid import grid_svg
from wtg.maps.source import game_board, game_positions

HOSTILE = "Ar\x00ven\x1b]52;c;aGk=\x07<b>&amp;\"'\x0c\x85\x9b31m\ufffe\u2028lee"
"""A name as hostile as a YAML file can write it: NUL, an OSC clipboard write, markup,
quotes, a form feed, C1 controls, a non-character and a line separator."""
SEEN = "Ar\ufffdven\ufffd]52;c;aGk=\ufffd<b>&amp;\"'\ufffd\ufffd\ufffd31m\ufffd\u2028lee"
"""``HOSTILE`` as the SVG shows it: each character XML refuses (and each C1 control) made
U+FFFD, the markup as text."""
LONE = "\ud800"
"""A lone surrogate, which no file holds but a string in memory can: not even UTF-8."""
KEPT = frozenset({"id", "a", "b", "spot", "threatened_by", "colour", "kind", "shape"})
"""The fields a drawing looks things up by (where a spot is, which shape a piece has)."""


def wtg(*args: object) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def _hostile_map(folder: Path) -> Path:
    """The shipped ``small`` map with the first province's name made ``HOSTILE`` (as YAML
    escapes write it) and the second's holding markup."""
    text = (data_dir("games") / "wok4" / "small.yaml").read_text(encoding="utf-8")
    escaped = HOSTILE.encode("unicode_escape").decode("ascii").replace('"', '\\"')
    assert "name: Arvenlee," in text and "name: Bellwynne," in text
    text = text.replace("name: Arvenlee,", f'name: "{escaped}",')
    text = text.replace("name: Bellwynne,", 'name: "Bell<wy>n&ne",')
    path = folder / "isle.yaml"
    path.write_text(text, encoding="utf-8")
    assert maps.read_map_file(path)["provinces"][0]["name"] == HOSTILE
    return path


def test_a_map_file_with_a_control_character_in_a_name_is_refused_with_its_line(
    tmp_path: Path,
) -> None:
    """Issue 25, item 10: a GM's map with a control character in a province name passed
    `new-game --map`. It is refused, in one line naming the file, the line, the province
    and the character; no game is made."""
    path = _hostile_map(tmp_path)
    line = next(n for n, t in enumerate(path.read_text().splitlines(), start=1) if "ven\\x1b" in t)
    players = ["--player", "Ann:ann@example.org", "--player", "Bob:bob@example.org"]
    result = wtg("new-game", tmp_path / "g", "--ruleset", "wok4", "--map", path, *players)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"wtg: map {path} is not valid: line {line}: provinces #1 name {HOSTILE!r} holds a "
        "control character (U+0000); names are plain text"
    ]
    assert "\x1b" not in result.stderr and not (tmp_path / "g").exists()


def _texts(root: ET.Element) -> list[str]:
    return [t for e in root.iter() for t in (e.text, *e.attrib.values()) if t]


def test_the_svg_of_a_game_made_before_the_check_parses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, item 10: `wtg map --format svg` of a game on such a map (made before the
    map check refused them) wrote an SVG that is not well-formed XML. It parses, and the
    names stand in it, escaped, each refused character made U+FFFD."""
    path = _hostile_map(tmp_path)
    with monkeypatch.context() as patch:  # the map check of a wtg before this one
        patch.setattr(datalibrary, "read_gm_map_file", maps.read_map_file, raising=False)
        game = played_game(tmp_path / "g", "wok4", str(path), 2, turns=1)
    result = wtg("map", tmp_path / "g", "--format", "svg")
    assert result.exit_code == 0, result.output
    root = ET.fromstring(result.stdout.encode("utf-8"))
    texts = _texts(root)
    assert any(SEEN in t for t in texts)
    assert any("Bell<wy>n&ne" in t for t in texts)
    assert not any("\x1b" in t or "\x00" in t for t in texts)
    assert game.config.game == "g"


def _hostile(value: Any, field: str = "") -> Any:
    """``value`` with every text a drawing prints made ``HOSTILE`` (after what it was)."""
    if field in KEPT:
        return value
    if isinstance(value, str):
        return f"{value}{HOSTILE}{LONE}"
    if isinstance(value, tuple):
        return tuple(_hostile(v) for v in value)
    if isinstance(value, Record):
        fields = {name: _hostile(getattr(value, name), name) for name in value._fields}
        return type(value)(**fields)
    return value


def test_node_boards_with_hostile_text_everywhere_draw_as_parsable_svg(tmp_path: Path) -> None:
    """Issue 25, item 10: whatever text a node board holds (names, groups, sides, labels,
    tables, notes, its title), its SVG is well-formed XML."""
    game = played_game(tmp_path / "g", "standard", "star-islands", 5, turns=2)
    board = game_board(game)
    positions = game_positions(game, board)
    bad = _hostile(board)
    assert isinstance(bad, Board) and bad.spots[0].name.endswith(HOSTILE + LONE)
    root = ET.fromstring(board_svg(bad, positions).encode("utf-8"))
    assert any(SEEN in t for t in _texts(root))


def test_grid_boards_with_hostile_text_everywhere_draw_as_parsable_svg() -> None:
    """Issue 25, item 10: the same for a grid board (Tactics), whose pieces and sides carry
    the players' names."""
    state = played(TACTICS.map_names()[0], turns=2)
    board = _hostile(TACTICS.board(state, None, ()))
    root = ET.fromstring(grid_svg(board).encode("utf-8"))
    assert any(SEEN in t for t in _texts(root))
