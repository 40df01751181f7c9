"""Every player's picture of one board is one size. The legend was as wide as the marks one
player saw: the player who saw a province bombed got a picture wider than the others',
painted whole on a ground of its own (a turn's pictures are painted over one
ground where they differ: ``wtg.maps.png``). The legend is now as wide as its widest mark
whether it shows or not."""

from __future__ import annotations

from wtg.core.board import Board, Link, Mark, SideKey, Spot
from wtg.maps.scene import place


def board(marks: tuple[Mark, ...]) -> Board:
    """Two provinces of Ann and Bob; the first carries ``marks``."""
    spots = (
        Spot(id="1", kind="province", name="Aa", owner=1, troops="10", marks=marks),
        Spot(id="2", kind="province", name="Bb", owner=2, troops="12"),
    )
    sides = (SideKey(id=1, name="Ann", label="P1"), SideKey(id=2, name="Bob", label="P2"))
    return Board(
        title="Game g, turn 3", shape="nodes", spots=spots, links=(Link("1", "2"),), sides=sides
    )


def test_the_marks_a_player_sees_never_widen_his_picture() -> None:
    positions = {"1": (0.0, 0.0), "2": (100.0, 0.0)}
    sizes = {
        marks: (scene.width, scene.height)
        for marks in ((), ("battle",), ("bombed",), ("bombed", "spied", "home"))
        for scene in [place(board(marks), positions)]
    }
    assert len(set(sizes.values())) == 1, sizes
