"""The whole site, built from a games folder: every game read (in worker processes when
there are many), its page written, then the index, the HiScore, the ratings and the feed.

A game that cannot be read is named in the build's report and left out; the others go
on. A file is written only when its content changed (``wtg.site.output``).

Beside the pages of this package: the AOF Sender (``wtg.site.sender``) gives pages by
path (``aof/<ruleset>.html``, ``games/<game>/aof.html``), written with the rest and linked
from the index and the game pages; the game's map (``wtg.maps``, the board as the public
may see it: ``wtg.site.board.public_board``) stands above the board's table.
"""

from __future__ import annotations

import contextlib
import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from wtg.core.places import shared_places
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.game.registry import find_ruleset
from wtg.host.config import GmConfig
from wtg.host.cpus import default_jobs
from wtg.host.gamesdir import (
    Unreadable,
    failure_reason,
    open_listed,
    scan_games,
)
from wtg.host.parentdeath import die_with_parent
from wtg.host.ratings import PLACKETT_LUCE, Ratings, Standing, rate_rulesets
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase, torn
from wtg.lobby.lists import all_lists, waiting
from wtg.lobby.listwords import told
from wtg.lobby.people import as_people
from wtg.site.facts import GameFacts, gather, shown_result
from wtg.site.feed import EPOCH, feed_entries, game_entries
from wtg.site.hiscore import hiscore
from wtg.site.history import SCRIPT, stale_turn_pages, turn_map_svg, write_turn_pages
from wtg.site.output import Output, clear_leftovers
from wtg.site.pages import href, render
from wtg.site.sender import Address, gm_address
from wtg.site.sender import sender_pages as _sender_pages
from wtg.site.sitefolder import check_site_dir

SITE_TITLE = "Play-by-mail games"
INLINE_GAMES = 8
"""Fewer games than this are read in this process (a pool costs more than it saves)."""
_SENDER_GAME = re.compile(r"^games/([^/]+)/aof\.html$")
_SENDER_RULESET = re.compile(r"^aof/([^/]+)\.html$")


class WaitingList(Record):
    """An open waiting list of the host's, as the index shows it to players."""

    title: str
    """The list as the lobby's mails tell it to a player (``wtg.lobby.listwords.told``):
    the game's name and the map with its size, ``World of Kaomaris IV - The Final
    Conflict, 4 players on the map classic60 (60 provinces), open to all``."""
    waiting: int
    places: int
    ruleset: str = ""
    """What a player names in ``JOIN <ruleset>`` to be put on it."""
    name: str = ""
    """The list's name (``wok4``, ``standard-duel``), as LIST names it: ``JOIN <list>``
    puts a player on this list and no other of its ruleset."""


class BuildReport(Record):
    games: int
    written: tuple[str, ...]
    kept: int
    removed: tuple[str, ...]
    skipped: tuple[str, ...]
    """A line for each game folder that could not be read, and why."""
    book: str = ""
    """Why the lobby's book cannot be read (torn: ``wtg.lobby.database.torn``), with what
    to do; "" when it can, or the host keeps none. The site is built without it: the index
    without its waiting lists, the HiScore and ratings pages kept as the last build left
    them (a first build writes them of the games' results as given)."""

    def line(self) -> str:
        return (
            f"{counted(self.games, 'game')}: wrote {counted(len(self.written), 'file')}, "
            f"{self.kept} unchanged, "
            f"removed {len(self.removed)}, skipped {len(self.skipped)}"
        )


class _Site(Record):
    """What every page of one build shares."""

    out_dir: Path
    title: str
    sender_games: frozenset[str]


PEOPLE_PAGES = ("hiscore.html", "ratings.html")
"""The pages that name people as the lobby's book knows them (``_people_pages``)."""


def game_page(relpath: str) -> str:
    return f"games/{href(relpath)}/index.html"


def waiting_lists(games_root: Path) -> tuple[WaitingList, ...]:
    """The host's open waiting lists (``wtg open-list``; the index shows the section when
    there are any), read from the lobby's book when the host keeps one (never made here)."""
    if not (games_root / FOLDER / FILE).is_file():
        return ()
    with LobbyDatabase(games_root) as book:
        return tuple(
            WaitingList(
                title=told(wl),
                waiting=len(waiting(book, wl.name)),
                places=wl.players,
                ruleset=f"{wl.ruleset} {wl.variant}" if wl.variant else wl.ruleset,
                name=wl.name,
            )
            for wl in all_lists(book)
        )


def sender_pages(folders: Sequence[Path], config: GmConfig | None) -> dict[str, str]:
    """The AOF Sender's pages by path (``wtg.site.sender``): every ruleset's, and one for
    each game that can be read (a game that cannot is named by the build)."""
    games = []
    for folder in folders:
        try:
            games.append(open_listed(folder))
        except Exception:  # the site's build names the game; the sender goes on
            continue
    return _sender_pages(games, config)


class GamePages(Record):
    """What the build did with one game folder."""

    folder: str
    facts: GameFacts | str
    """Its facts, or why it could not be read."""
    written: tuple[str, ...] = ()
    made: tuple[str, ...] = ()
    """Its pages, written or kept."""


def _one_game(folder: Path, site: _Site) -> GamePages:
    """Read one game and write its page and its turns' pages."""
    try:
        game = open_listed(folder)
        facts = gather(game)
        html = render(
            "game.html.j2",
            g=facts,
            places=facts.places,
            map_svg=turn_map_svg(game),
            sender=facts.name in site.sender_games,
            root="../../",
            site_title=site.title,
        )
        out = Output(site.out_dir)
        out.put(f"games/{facts.name}/index.html", html)
        turns = tuple(write_turn_pages(game, facts, out, site.title))
        out.flush()
    except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
        return GamePages(folder.name, failure_reason(exc))
    made = (f"games/{facts.name}/index.html", *turns)
    return GamePages(folder.name, facts, tuple(out.written), made)


def _read_games(folders: Sequence[Path], site: _Site, jobs: int) -> Iterator[GamePages]:
    """Each game read and its page written, in the folders' order, as each is done."""
    if jobs <= 1 or len(folders) < INLINE_GAMES:
        yield from (_one_game(folder, site) for folder in folders)
        return
    chunk = max(1, len(folders) // (jobs * 8))
    with ProcessPoolExecutor(jobs, initializer=die_with_parent) as pool:
        yield from pool.map(_one_game, folders, [site] * len(folders), chunksize=chunk)


def build_site(
    games_root: Path,
    out_dir: Path,
    *,
    title: str = SITE_TITLE,
    base_url: str = "",
    jobs: int | None = None,
    config: GmConfig | None = None,
    progress: Callable[[int, str], None] | None = None,
) -> BuildReport:
    """Build (or bring up to date) the site of ``games_root``'s games in ``out_dir``;
    ``progress`` is told the number of games first (with "") and then each game's folder
    name as it is done (a terminal's progress bar). An ``out_dir`` that is, is in or holds
    the games folder is refused before anything is written (``wtg.site.sitefolder``)."""
    check_site_dir(games_root, out_dir)
    began = time.time()
    book = torn(games_root) or ""
    scan = scan_games(games_root)
    skipped = [u.line() for u in scan.unreadable]
    senders = sender_pages(scan.folders, config)
    sender_games = {m.group(1) for m in map(_SENDER_GAME.match, senders) if m}
    site = _Site(out_dir, title, frozenset(sender_games))
    games: list[GameFacts] = []
    written: list[str] = []
    made: set[str] = set(senders)
    unread: set[str] = set()
    if progress is not None:
        progress(len(scan.folders), "")
    for done in _read_games(scan.folders, site, jobs or default_jobs()):
        if progress is not None:
            progress(1, done.folder)
        if isinstance(done.facts, str):
            skipped.append(Unreadable(games_root / done.folder, done.facts).line())
            unread.add(done.folder)
            continue
        games.append(done.facts)
        written += done.written
        made.update(done.made)
    out = Output(out_dir)
    for relpath, html in sorted(senders.items()):
        out.put(relpath, html)
    rulesets = {m.group(1) for m in map(_SENDER_RULESET.match, senders) if m}
    _site_pages(out, games, games_root, site, rulesets, base_url, gm_address(config), book)
    unread |= {u.folder.name for u in scan.unreadable}
    clear_leftovers(out_dir, began)  # before the stale pages: their folder is then empty
    removed = _remove_stale(out, made, unread)
    out.flush()
    return BuildReport(
        games=len(games),
        written=tuple(written + out.written),
        kept=len(made) - len(senders) - len(written) + len(out.kept),
        removed=tuple(removed),
        skipped=tuple(skipped),
        book=book,
    )


def _site_pages(
    out: Output,
    games: Sequence[GameFacts],
    games_root: Path,
    site: _Site,
    senders: Iterable[str],
    base_url: str,
    host: Address | None = None,
    book: str = "",
) -> None:
    """The pages of the whole site; ``host``: the GM's address players write to (the index
    says how to join a game, and where to mail); ``book``: why the lobby's book cannot be
    read (``BuildReport.book``), "" when it can."""
    titles = {g.ruleset: g.title for g in games}
    shared = {"root": "", "site_title": site.title}
    running = sorted((g for g in games if not g.over), key=lambda g: g.name.lower())
    finished = sorted(
        (g for g in games if g.over), key=lambda g: (g.finished, g.name), reverse=True
    )
    out.put(
        "index.html",
        render(
            "index.html.j2",
            running=running,
            finished=finished,
            waiting_lists=() if book else waiting_lists(games_root),
            host=host,
            senders=[(r, titles.get(r) or find_ruleset(r).title) for r in sorted(senders)],
            **shared,
        ),
    )
    _people_pages(out, games, games_root, shared, titles, book)
    entries = feed_entries(e for g in games for e in game_entries(g, game_page(g.name)))
    feed_id = "urn:uuid:" + str(uuid.uuid5(uuid.NAMESPACE_URL, f"wtg-site/{site.title}"))
    out.put(
        "feed.atom",
        render(
            "feed.atom.j2",
            entries=entries,
            updated=entries[0].updated if entries else EPOCH,
            feed_id=feed_id,
            base_url=base_url,
            site_title=site.title,
        ),
    )
    out.put("style.css", render("style.css.j2"))
    out.put(SCRIPT, render("turns.js.j2"))


def _people_pages(
    out: Output,
    games: Sequence[GameFacts],
    games_root: Path,
    shared: dict[str, str],
    titles: dict[str, str],
    book: str,
) -> None:
    """The HiScore and the ratings pages, each person under the name the lobby's book
    gives him, read as the facts read names. A torn ``book`` leaves the pages the last
    build wrote (its people are not known now); a first build writes them of the results
    as given, as a host without a book."""
    if book and all((out.root / page).is_file() for page in PEOPLE_PAGES):
        out.kept.extend(PEOPLE_PAGES)
        return
    given = [g.result for g in games if g.result is not None]
    results = [shown_result(r) for r in (given if book else as_people(games_root, given))]
    out.put("hiscore.html", render("hiscore.html.j2", h=hiscore(results), **shared))
    out.put(
        "ratings.html",
        render(
            "ratings.html.j2",
            tables=rate_rulesets(results),
            titles=titles,
            shown=_shown,
            ranked=ranked_humans,
            **shared,
        ),
    )


def _shown(table: Ratings, standing: Standing) -> str:
    rating = table.shown(standing)
    if rating is None:
        return "bot"
    return f"{rating:.1f}" if table.method == PLACKETT_LUCE else f"{rating:.0f}"


def ranked_humans(table: Ratings) -> list[tuple[int, Standing]]:
    """The humans of ``table``, best first, each with his rank: those whose ratings read
    the same share one, the next skipped (1, 1, 3)."""
    humans = [s for s in table.table() if not s.bot]
    ranks = shared_places([_shown(table, s) for s in humans])
    return list(zip(ranks, humans, strict=True))


def _remove_stale(out: Output, made: set[str], unread: set[str]) -> list[str]:
    """The pages no build would make now, so that the site after a build is the site a
    build into an empty folder makes: a game's page of a game no longer in the games folder
    (a folder the GM removed), the AOF Sender's page of a game that is over, a ruleset's
    that is no longer known; a game's folder once empty. ``made``: the pages this build
    made or kept. A game that is there but could not be read this time (``unread``, by
    folder) keeps its last pages."""
    out_dir = out.root
    removed: list[str] = []
    for path in _listed(out_dir / "games"):
        if path.name in unread or not path.is_dir():
            continue
        for page in ("index.html", "aof.html"):
            relpath = f"games/{path.name}/{page}"
            if relpath not in made and (path / page).is_file():
                (path / page).unlink()
                out.removed(path / page)
                removed.append(relpath)
        for stale in stale_turn_pages(path, made, path.name):
            stale.unlink()
            out.removed(stale)
            removed.append(f"games/{path.name}/{stale.name}")
        with contextlib.suppress(OSError):  # something else is in it: the GM's, left alone
            path.rmdir()
            out.removed(path)
    for path in _listed(out_dir / "aof"):
        relpath = f"aof/{path.name}"
        if path.suffix == ".html" and relpath not in made and path.is_file():
            path.unlink()
            out.removed(path)
            removed.append(relpath)
    return removed


def _listed(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []
