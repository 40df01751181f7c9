"""`wtg site`: the host's static site, built (or brought up to date) from the games folder."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from wtg.cli.common import checked_games_dir, games_root, gm_config
from wtg.cli.givenhead import progress_bar, tell
from wtg.cli.homepath import HomePath
from wtg.core.printable import printable

if TYPE_CHECKING:  # pydantic (the config's schema) is imported by the commands that read it
    from wtg.host.config import GmConfig


def register(group: click.Group) -> None:
    group.add_command(site)


@click.command()
@click.argument("out_dir", type=HomePath(file_okay=False))
@click.option(
    "--games-dir",
    "games_dir",
    help="The games folder (default: wtg's --games-dir or the config's games_dir).",
)
@click.option("--title", default=None, help="The site's title (default: Play-by-mail games).")
@click.option(
    "--base-url", default="", help="The site's address, for the feed's links (default: relative)."
)
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes (default: a core).")
@click.option("--serve", "serve_it", is_flag=True, help="Then serve it on 127.0.0.1 (Ctrl-C).")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    help="--serve's port (default: 0, a free one, which it prints).",
)
@click.pass_context
def site(
    ctx: click.Context,
    out_dir: str,
    games_dir: str | None,
    title: str | None,
    base_url: str,
    jobs: int | None,
    serve_it: bool,
    port: int,
) -> None:
    """Write the games' site into OUT_DIR: index.html (running and finished games),
    games/<game>/index.html (board, Top Ten of every turn, public events, press),
    hiscore.html, ratings.html and feed.atom. Only files whose content changed are written.
    Nothing secret is published: no code, no address a player did not agree to share,
    nothing the rules hide. A game folder that cannot be read is named and skipped, the
    others written, and the command exits 1; so does a lobby's book that cannot be read
    (torn), the site built without it."""
    # deferred: the site (its templates, the maps drawn): only `wtg site` builds or serves it
    from wtg.site.build import SITE_TITLE, build_site
    from wtg.site.serve import serve

    if games_dir:
        folder = checked_games_dir(Path(games_dir), "site --games-dir")
    else:
        folder = games_root(ctx)
    config = _config_or_none(ctx)
    terminal = sys.stderr.isatty()
    with contextlib.ExitStack() as stack:
        bar: list[Any] = []

        def progress(step: int, name: str) -> None:
            if not name:  # the number of games: the bar starts
                bar.append(stack.enter_context(progress_bar(step, "wtg site")))
            else:
                bar[0].update(step, name)

        report = build_site(
            folder,
            Path(out_dir),
            title=title or SITE_TITLE,
            base_url=base_url,
            jobs=jobs,
            config=config,
            progress=progress if terminal else None,
        )
    for line in report.skipped:  # a reason may quote a game.yaml: without its control sequences
        tell(printable(line), err=True)
    if report.book:  # every game's pages written all the same
        tell(printable(f"wtg: {report.book}; {BOOK_LEFT}"), err=True)
    if terminal or serve_it or report.written or report.removed or report.skipped:
        tell(f"site {out_dir}: {report.line()}")  # under cron: only when it changed
    if serve_it:
        serve(Path(out_dir), port, click.echo)
    elif (
        report.skipped or report.book
    ):  # written for the others; a script (cron) reads the exit status
        sys.exit(1)


BOOK_LEFT = (
    "the site is built without it: the index without its waiting lists, the HiScore and "
    "ratings pages as the last build left them"
)
"""What the site's build left out for a lobby's book it could not read (``BuildReport.book``)."""


def _config_or_none(ctx: click.Context) -> GmConfig | None:
    """The GM config when one is given (its From is the AOF Sender's mailto); None without."""
    obj = ctx.obj or {}
    return gm_config(ctx) if obj.get("config") else None
