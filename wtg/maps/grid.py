"""Grid boards (Tactics) as pictures: SVG from the Jinja template ``maps/grid.svg.j2``, PNG
with Pillow, both drawing the same plan (``gridplan.py``)."""

from __future__ import annotations

from functools import cache

import jinja2

from wtg.core.board import Board
from wtg.data.templates import template_loader
from wtg.maps.gridplan import grid_plan
from wtg.maps.raster import plan_png
from wtg.report import bytecode_cache

GRID_TEMPLATE = "maps/grid.svg.j2"


def number(value: float) -> str:
    """A coordinate as the SVG writes it: at most one decimal, no trailing zero."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


@cache
def environment() -> jinja2.Environment:
    """Templates of pictures: autoescaped (names come from players), the same every run."""
    env = jinja2.Environment(
        loader=template_loader(),
        bytecode_cache=bytecode_cache(),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,
    )
    env.filters["n"] = number
    return env


def grid_svg(board: Board) -> str:
    """The grid ``board`` as SVG: one ``data-tile="x,y"`` rectangle a tile."""
    return environment().get_template(GRID_TEMPLATE).render(plan=grid_plan(board))


def grid_png(board: Board) -> bytes:
    """The grid ``board`` as PNG, the same picture as ``grid_svg``."""
    return plan_png(grid_plan(board))
