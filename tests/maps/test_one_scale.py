"""Every player's picture of one board is drawn at one scale. The room a spot needed was
as wide as the longest troops line the player saw, and as tall as a detail line only when
he saw one: the player who saw "12 ARM 10 MIS" somewhere (or, out of the game, no troops at
all) got a picture of another scale, every spot elsewhere, painted whole on a ground of its
own (a turn's pictures are painted over one ground where they differ: ``wtg.maps.png``).
Where the fog hides a spot's troops, room is now kept for a line of ``DETAIL_ROOM``
characters, which another player's picture may show there."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.mapgames import played_game
from wtg.core.board import Board, Link, SideKey, Spot
from wtg.maps import draw_png
from wtg.maps.scene import place
from wtg.maps.shapes import DETAIL_ROOM, Scene

POSITIONS = {"1": (0.0, 0.0), "2": (1.0, 0.0), "3": (20.0, 20.0)}
"""Two spots so close, the map so wide, that the room each spot needs sets its scale."""


def seen(troops: tuple[str | None, str | None, str | None]) -> Scene:
    """The board as a player sees it who sees each spot's ``troops`` (None: fog)."""
    spots = tuple(
        Spot(id=str(n), kind="province", name="Aa", owner=n if shown else None, troops=shown)
        for n, shown in enumerate(troops, start=1)
    )
    sides = tuple(SideKey(id=n, name=name, label=f"P{n}") for n, name in ((1, "Ann"), (2, "Bob")))
    links = (Link("1", "2"), Link("1", "3"))
    board = Board(title="Game g, turn 3", shape="nodes", spots=spots, links=links, sides=sides)
    return place(board, POSITIONS)


def geometry(scene: Scene) -> tuple[object, ...]:
    return scene.width, scene.height, tuple((d.x, d.y) for d in scene.discs)


def test_the_troops_a_player_sees_leave_his_picture_at_the_scale_of_the_others() -> None:
    views = [
        ("12 ARM 10 MIS", None, None),  # a line of DETAIL_ROOM characters
        ("4 ARM", None, None),
        (None, "9 ARM", None),
        (None, None, None),  # out of the game: sees no troops at all
    ]
    assert len("12 ARM 10 MIS") == DETAIL_ROOM
    drawn = {view: geometry(seen(view)) for view in views}
    assert len(set(drawn.values())) == 1, drawn


def test_a_longer_line_than_the_room_still_widens_the_room() -> None:
    """No spot's words overlap another's: a line longer than the room kept scales the map
    up (only for the player who sees it)."""
    kept = seen(("4 ARM", None, None))
    longer = seen(("123 ARM 10 MIS 4 KNI", None, None))
    assert longer.discs[1].x - longer.discs[0].x > kept.discs[1].x - kept.discs[0].x


def test_a_board_the_fog_hides_nothing_of_keeps_no_room() -> None:
    """The GM's view (every spot's troops shown) is spaced for its own lines alone."""
    everything = seen(("4 ARM", "5 ARM", "6 ARM"))
    fogged = seen(("4 ARM", "5 ARM", None))
    assert everything.discs[1].x - everything.discs[0].x < fogged.discs[1].x - fogged.discs[0].x


def test_a_turns_ten_pictures_share_one_ground(tmp_path: Path) -> None:
    """bench_map's game after 8 turns: one player saw "12 ARM 10 MIS" and another, out of
    the game, no troops at all; each got a picture of a scale of his own, on a ground of
    its own. Now the ten are one size, painted over one ground."""
    from wtg.maps import png

    game = played_game(tmp_path / "g", "wok4", "classic60", 10, turns=8)
    png.forget()
    sizes = {
        Image.open(io.BytesIO(draw_png(game, player=entry.id))).size
        for entry in game.config.players
    }
    assert len(sizes) == 1, sizes
    assert png.ground.cache_info().misses == 1
