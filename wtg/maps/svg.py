"""A placed board as SVG, from the Jinja template ``templates/maps/nodes.svg.j2``, with
autoescaping on: the names on a map (a WISK player's, a GM's province) are text someone
typed. What autoescaping leaves, a character XML may not hold (a control character in a
name), ``xml_text`` replaces: the SVG always parses."""

from __future__ import annotations

import re
from functools import cache

import jinja2

from wtg.game.report import template_environment
from wtg.maps.palette import INK, PAPER
from wtg.maps.shapes import Scene

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
    return xml_text(template.render(scene=scene, ink=INK, paper=PAPER, link=LINK))


_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""What XML 1.0 may not hold (C0 controls but tab and line ends, lone surrogates, U+FFFE,
U+FFFF), with DEL and the C1 controls, which it allows and no text needs (a terminal reads
some as escapes)."""


def xml_text(text: str) -> str:
    """``text`` (a rendered SVG, HTML page or feed, whose templates hold none) with each
    character ``_NOT_TEXT`` names made U+FFFD, the replacement character: the names
    written in it come through readable and the document parses."""
    return _NOT_TEXT.sub("\ufffd", text) if _NOT_TEXT.search(text) else text
