"""The site's Jinja templates (``templates/site/``), HTML-escaped: every name, every piece of
press and every other text a player wrote is escaped wherever a template prints it, and a
character HTML and the Atom feed (XML) may not hold is replaced (``xml_text``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any
from urllib.parse import quote

import jinja2

from wtg.game.report import count, template_environment
from wtg.game.schedule import parse_iso
from wtg.maps.svg import xml_text

SITE = "site"


def href(name: str) -> str:
    """A game's name as a piece of a link (a space, ``#`` or ``?`` in it quoted)."""
    return quote(name, safe="")


def turn_page(turn: int) -> str:
    """The page of a game's turn, beside the game's page: ``turn-<N>.html``."""
    return f"turn-{turn}.html"


def when(text: str) -> str:
    """An ISO time (UTC) as people read it: ``2026-11-26 18:00 UTC`` ("" stays "")."""
    if not text:
        return ""
    try:
        return f"{parse_iso(text):%Y-%m-%d %H:%M} UTC"
    except ValueError:
        return text


def day(text: str) -> str:
    """An ISO time's date: ``2026-11-26``."""
    return when(text)[:10]


@cache
def environment() -> jinja2.Environment:
    filters: dict[str, Callable[..., str]] = {
        "href": href,
        "when": when,
        "day": day,
        "turn_page": turn_page,
        "count": count,
    }
    return template_environment(autoescape=True, filters=filters)


def render(template: str, **context: Any) -> str:
    """``templates/site/<template>`` rendered with ``context``."""
    return xml_text(environment().get_template(f"{SITE}/{template}").render(**context))
