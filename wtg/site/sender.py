"""The AOF Sender: pages where a player fills in his Automated Order Form in a browser,
every field checked as he types, and gets the form's text to copy, or to mail to the GM
with one click. No server: the orders still come in by mail, through the one door.

    sender_pages(games: Sequence[Game], config: GmConfig | None) -> dict[str, str]

gives the files of the site's AOF Sender, each as its path relative to the site's folder
and its text:

- ``aof/<ruleset>.html`` for every registered ruleset (``wtg.game.registry.ruleset_names``): the
  ruleset's form, with GAME, TURN, PLAYER and CODE to type;
- ``games/<folder>/aof.html`` for every game of ``games`` that is not over (``<folder>``
  the name of the game's folder): the form of its coming turn (``Ruleset.form_for``), the
  players who give orders for it to pick from, the map's provinces checked;
- ``aof/checker.js``, ``aof/sender.js`` and ``aof/sender.css``: the scripts and the style
  every page loads (the checker reads values and lines as wtg does, from the page's JSON;
  the other script runs the page).

The GM's address is the config's From (``smtp.from`` or ``from``); with no config, or an
address players cannot write to (the default ``wtg@localhost``), the pages have no mailto
link and say where to send the text instead. A game is read through the engine alone (its
state, the ruleset's ``public_json``, ``owing``, ``seat_of``, ``form_for``): a page holds
no secret code and no player's address. An error reading a game (its state file) is
raised: a caller that goes on past a broken game builds its pages with ``game_page``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from email.utils import parseaddr
from functools import cache
from urllib.parse import quote

import jinja2

from wtg.aof.render import OMIT, WIDTH, fill_placeholders
from wtg.core.form import FormSpec
from wtg.core.jsondata import JsonObject
from wtg.core.record import Record
from wtg.core.ruleset import SideId, public_sides
from wtg.data.templates import template_loader
from wtg.game.engine import Game
from wtg.game.namelinks import shown_name
from wtg.game.registry import find_ruleset, ruleset_names
from wtg.host.config import GmConfig
from wtg.maps.svg import xml_text
from wtg.site.formdata import Side, Spots, map_spots, neutral_context, page_data, script_json

CHECKER = "aof/checker.js"
SCRIPT = "aof/sender.js"
STYLE = "aof/sender.css"
_TEMPLATES = "site/sender/"


class GameView(Record):
    """What a game's page shows: the game's name, the coming turn, its form, the players
    who give orders for it and the map."""

    name: str
    turn: int
    form: FormSpec
    sides: tuple[Side, ...]
    spots: Spots | None


class Address(Record):
    """The GM's address as a page shows it and links to it."""

    address: str
    mailto: str
    """The address as a ``mailto:`` URL writes it."""


def sender_pages(games: Sequence[Game], config: GmConfig | None) -> dict[str, str]:
    """The AOF Sender's files: every ruleset's page, the page of every game not over, and
    the script and style (see the module's text). A game whose turn cannot be read gets no
    page (the site's build names it; its other games go on)."""
    gm = gm_address(config)
    pages = {
        CHECKER: _render("checker.js.j2", header_width=WIDTH),
        SCRIPT: _render("sender.js.j2"),
        STYLE: _render("sender.css.j2"),
    }
    for name in ruleset_names():
        pages[f"aof/{name}.html"] = ruleset_page(name, gm)
    for game in games:
        try:
            page = game_page(game, gm)
        except Exception:  # a game folder is the GM's data: the build reports it
            continue
        if page is not None:
            pages[f"games/{game.store.root.name}/aof.html"] = page
    return pages


def gm_address(config: GmConfig | None) -> Address | None:
    """The GM's address from the config's From, or None when there is none a player could
    write to (no config; an address without a dot in its domain, as ``wtg@localhost``)."""
    if config is None:
        return None
    address = parseaddr(config.sender)[1]
    _local, _at, domain = address.rpartition("@")
    if not _local or "." not in domain.strip("."):
        return None
    return Address(address=address, mailto=quote(address, safe="@"))


def ruleset_page(name: str, gm: Address | None) -> str:
    """``aof/<name>.html``: the ruleset's form, for any of its games."""
    ruleset = find_ruleset(name)
    form = ruleset.form
    data = page_data(form, gm_address=gm.address if gm else None)
    return _page(f"AOF Sender: {ruleset.title}", form, data, gm, static="", root="../")


def game_page(game: Game, gm: Address | None) -> str | None:
    """``games/<folder>/aof.html``: the form of the game's coming turn; None when the game
    is over."""
    view = game_view(game)
    if view is None:
        return None
    data = page_data(
        view.form,
        game=view.name,
        turn=view.turn,
        sides=view.sides,
        spots=view.spots,
        gm_address=gm.address if gm else None,
    )
    heading = f"AOF Sender: game {view.name}, turn {view.turn}"
    return _page(heading, view.form, data, gm, static="../../aof/", root="../../", game=view)


def game_view(game: Game) -> GameView | None:
    """What the game's page shows, read through the ruleset's public side of the game;
    None when the game is over."""
    ruleset = game.ruleset
    state = game.state_view()
    if ruleset.is_over(state):
        return None
    public = ruleset.public_json(state)
    owing = set(ruleset.owing(state))
    sides = tuple(
        Side(
            id=side.id,
            name=shown_name(side.name),  # as the players read it (``wtg.site.facts``)
            omit=omitted_sections(ruleset.form_context(state, side.id)),
        )
        for side in public_sides(public)
        if side.id in owing and ruleset.seat_of(state, SideId(side.id)) is not None
    )
    return GameView(
        name=game.config.game,
        turn=ruleset.turn_of(state) + 1,
        form=ruleset.form_for(state),
        sides=sides,
        spots=map_spots(public),
    )


def omitted_sections(context: Mapping[str, object]) -> tuple[str, ...]:
    """The sections a player's form leaves out this turn (the form context's OMIT): only
    that is taken of the context, which holds what only the player may know (his gold)."""
    omit = context.get(OMIT, ())
    if isinstance(omit, str):
        return (omit,)
    return tuple(str(key) for key in omit) if isinstance(omit, Iterable) else ()


def _page(
    heading: str,
    form: FormSpec,
    data: JsonObject,
    gm: Address | None,
    *,
    static: str,
    root: str,
    game: GameView | None = None,
) -> str:
    context = neutral_context(form)
    titles = {
        s.key: _shown(s.title, context) or s.key.replace("_", " ").upper() for s in form.sections
    }
    helps = {s.key: _shown(s.help or "", context) for s in form.sections}
    return _render(
        "aof.html.j2",
        heading=heading,
        form=form,
        titles=titles,
        helps=helps,
        game=game,
        spots=game.spots if game else None,
        gm=gm,
        data=script_json(data),
        static=static,
        root=root,
    )


def _shown(text: str, context: Mapping[str, object]) -> str:
    """A title or help line as the page shows it: with its placeholders filled as in the
    form's text, or nothing when nothing but placeholders was in it (WISK's "{place}")."""
    filled = fill_placeholders(text, context)
    return filled if any(c.isalnum() for c in filled) else ""


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=template_loader(),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def _render(name: str, **context: object) -> str:
    return xml_text(_environment().get_template(_TEMPLATES + name).render(**context))
