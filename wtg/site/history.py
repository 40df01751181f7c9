"""A game's history on the site: a page a finished turn, ``games/<game>/turn-<N>.html``, with
the public map after that turn, its Top Ten and its public events, linked turn to turn (and
by the keyboard: ``turns.js``, the left and right arrows).

A turn's page does not change once written, save its link to the next turn: a build writes
the page of a turn that has none yet, the pages of the last two turns (the one before the
latest gains its link to the next), and a page whose turn was run again since (a rollback:
the page names the time its turn ran), that another wtg, or other templates, wrote, or
whose Top Ten, events or press this wtg reads otherwise (a ruling of the score changed).
One turn adds one page.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

from markupsafe import Markup

from wtg import __version__
from wtg.game.engine import Game
from wtg.maps import board_svg
from wtg.maps.source import NoMap, game_board, game_positions
from wtg.site.board import public_board
from wtg.site.facts import GameFacts, TurnFacts
from wtg.site.output import Output
from wtg.site.pages import environment, render, turn_page

SCRIPT = "turns.js"
"""The script of the turns' pages, at the top of the site."""
PAGE = re.compile(r"^turn-(\d+)\.html$")
STAMP = re.compile(rb'<meta name="wtg-turn" content="([^"]*)">')
HEAD = 2048
"""Bytes of a page read to find its stamp."""
PAGE_TEMPLATES = (
    "site/turn.html.j2",
    "site/base.html.j2",
    "site/topten.html.j2",
    "site/wide.html.j2",
    "maps/nodes.svg.j2",
    "maps/grid.svg.j2",
)


def turn_map_svg(game: Game, turn: int | None = None) -> Markup | None:
    """The board after ``turn`` (the latest by default: the game's page, above the board's
    table) as the public may see it (``public_board``), as SVG; None where the ruleset
    publishes no board (WoK IV) or it cannot be drawn (the table still shows what is
    published)."""
    try:
        board = public_board(game.ruleset.name, game_board(game, turn, named=True))
        if board is None:
            return None
        if board.shape == "grid":
            # deferred: the grid picture of a Tactics world: only a board of tiles needs it
            from wtg.maps.grid import grid_svg

            return Markup(grid_svg(board))
        return Markup(board_svg(board, game_positions(game, board)))
    except NoMap:
        return None


def stamp(turn: TurnFacts, last: bool, names: Sequence[str] = ()) -> str:
    """What a turn's page says of itself: the wtg that wrote it and its templates, when
    its turn ran, a digest of what it shows of the turn (its Top Ten, events and press as
    this wtg reads them: a ruling that changed the score, round 46's gold and WOOD, shows
    on every turn's page, not on the last two only), and whether a next turn was linked;
    the last one's, the names its players have now (``names``: a name the GM put right
    shows on it at once)."""
    called = hashlib.sha256("\n".join(names).encode("utf-8")).hexdigest()[:12]
    shown = hashlib.sha256(repr(turn).encode("utf-8")).hexdigest()[:12]
    return f"{__version__}+{templates_digest()} {turn.ran_at or '-'} {shown} " + (
        f"last {called}" if last else "next"
    )


@cache
def templates_digest() -> str:
    """A digest of the templates a turn's page is made of: a wtg whose pages look
    otherwise writes every turn's page again, once."""
    env = environment()
    digest = hashlib.sha256()
    for name in PAGE_TEMPLATES:
        source, _filename, _uptodate = env.loader.get_source(env, name)  # type: ignore[union-attr]
        digest.update(source.encode("utf-8"))
    return digest.hexdigest()[:12]


def write_turn_pages(game: Game, facts: GameFacts, out: Output, site_title: str) -> Iterator[str]:
    """Write the pages of ``game``'s turns a build must (the module's doc); yields the path
    of every turn page the game has now, written or kept."""
    folder = out.root / "games" / facts.name
    turns = facts.turns
    for index, turn in enumerate(turns):
        relpath = f"games/{facts.name}/{turn_page(turn.turn)}"
        last = index == len(turns) - 1
        wanted = stamp(turn, last, [side.name for side in facts.sides])
        if _stamp_of(folder / turn_page(turn.turn)) != wanted:
            html = render(
                "turn.html.j2",
                g=facts,
                t=turn,
                before=turns[index - 1] if index else None,
                after=None if last else turns[index + 1],
                map_svg=turn_map_svg(game, turn.turn),
                stamp=wanted,
                root="../../",
                site_title=site_title,
            )
            out.put(relpath, html)
        yield relpath


def _stamp_of(path: Path) -> str | None:
    try:
        with open(path, "rb") as handle:
            found = STAMP.search(handle.read(HEAD))
    except OSError:
        return None
    return found[1].decode("utf-8", "replace") if found else None


def stale_turn_pages(folder: Path, made: set[str], name: str) -> Iterator[Path]:
    """The turn pages in ``folder`` (the site's folder of game ``name``) no build makes now
    (turns rolled back)."""
    for path in sorted(folder.glob("turn-*.html")):
        if PAGE.match(path.name) and f"games/{name}/{path.name}" not in made:
            yield path
