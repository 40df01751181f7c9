"""Grid boards (Tactics) as pictures: SVG from the Jinja template ``maps/grid.svg.j2``, PNG
with Pillow, both drawing the same plan (``gridplan.py``)."""

from __future__ import annotations

from functools import cache

import jinja2

from wtg.core.board import Board
from wtg.game.report import template_environment
from wtg.maps.gridplan import grid_plan
from wtg.maps.raster import plan_png
from wtg.maps.svg import svg_number, xml_text

GRID_TEMPLATE = "maps/grid.svg.j2"


@cache
def environment() -> jinja2.Environment:
    """Templates of pictures: autoescaped (names come from players), the same every run."""
    return template_environment(autoescape=True, filters={"n": svg_number})


def grid_svg(board: Board) -> str:
    """The grid ``board`` as SVG: one ``data-tile="x,y"`` rectangle a tile."""
    return xml_text(environment().get_template(GRID_TEMPLATE).render(plan=grid_plan(board)))


def grid_png(board: Board) -> bytes:
    """The grid ``board`` as PNG, the same picture as ``grid_svg``."""
    return plan_png(grid_plan(board))
