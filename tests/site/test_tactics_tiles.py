"""The site's table of a Tactics board writes a piece's tile as the reports, the form and
the confirmations do, X/Y with two digits (05/07): it wrote 10,6."""

from __future__ import annotations

from wtg.core.jsondata import JsonObject
from wtg.site.board import published_board


def test_a_piece_s_tile_is_written_x_slash_y_as_in_the_reports() -> None:
    public: JsonObject = {
        "board": {"name": "Meadow"},
        "pieces": [
            {"owner": 3, "kind": "SWORDSMAN", "x": 10, "y": 6, "hp": 14, "max_hp": 14, "lev": 2}
        ],
    }
    table, why = published_board("tactics", public, {3: "Ned"})
    assert why == "" and table is not None
    assert table.header == ("Army", "Piece", "Tile (X/Y)", "Hit points", "Level")
    assert table.rows == (("Ned", "Swordsman", "10/06", "14/14", "2"),)
