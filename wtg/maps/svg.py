"""A placed board as SVG, from the Jinja template ``templates/maps/nodes.svg.j2``, with
autoescaping on: the names on a map (a WISK player's, a GM's province) are text someone
typed."""

from __future__ import annotations

from functools import cache

import jinja2

from wtg.maps.palette import INK, PAPER
from wtg.maps.shapes import Scene
from wtg.report import template_environment

TEMPLATE = "maps/nodes.svg.j2"
LINK = "#8C8C8C"


def svg_number(value: float) -> str:
    """A coordinate as the SVG writes it: one decimal, none when it is whole."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


@cache
def environment() -> jinja2.Environment:
    """Templates of pictures: autoescaped (names come from players), the same every run."""
    return template_environment(autoescape=True, filters={"n": svg_number})


def scene_svg(scene: Scene) -> str:
    """The SVG of a placed board."""
    template = environment().get_template(TEMPLATE)
    return template.render(scene=scene, ink=INK, paper=PAPER, link=LINK)
