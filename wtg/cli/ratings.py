"""`wtg ratings`: the ratings of every ruleset (or one) from the finished games."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from wtg.cli.common import checked_games_dir, fail, games_root
from wtg.cli.givenhead import tell
from wtg.core.plurals import counted
from wtg.core.printable import printable
from wtg.game.registry import ruleset_names
from wtg.host.gamesdir import Unreadable
from wtg.lobby.people import as_people

if TYPE_CHECKING:  # openskill is imported by `wtg ratings` alone, when it rates
    from wtg.host.ratings import Ratings


def register(group: click.Group) -> None:
    group.add_command(ratings)


@click.command()
@click.argument("games_dir", required=False)
@click.option(
    "--ruleset",
    "only",
    metavar="R",
    help="Only the ratings of ruleset R (default: every ruleset's).",
)
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON.")
@click.pass_context
def ratings(ctx: click.Context, games_dir: str | None, only: str | None, as_json: bool) -> None:
    """Ratings of the finished games in GAMES_DIR (default: --games-dir or the config's
    games_dir), a table a ruleset: Elo for WoS Tactics (with win/loss records), openskill's
    Plackett-Luce model from the final placings for the others; humans only, with the
    number of games behind each rating. Bots never change a rating. A game folder that
    cannot be read is named on stderr, the others rated, and the command exits 1."""
    # deferred: openskill: only `wtg ratings` rates
    from wtg.host.ratings import finished_games, rate_rulesets, ratings_json

    folder = checked_games_dir(Path(games_dir), "GAMES_DIR") if games_dir else games_root(ctx)
    if only is not None and only not in ruleset_names():
        fail(f"no ruleset {only!r} (rulesets: {', '.join(ruleset_names())})")
    skipped: list[Unreadable] = []
    tables = rate_rulesets(as_people(folder, finished_games(folder, skipped)), only)
    if as_json:
        click.echo(json.dumps(ratings_json(tables), indent=1))
    else:
        _print_tables(tables, folder)
    for lost in skipped:  # rated without it: the GM is told, and a script by the exit status
        tell(printable(f"wtg: {lost.line()}"), err=True)
    if skipped:
        sys.exit(1)


def _print_tables(tables: list[Ratings], folder: Path) -> None:
    """The ratings as tables, one a ruleset."""
    # deferred: openskill: only `wtg ratings` rates
    from wtg.host.ratings import ELO

    if not tables:
        tell(f"RATINGS: no finished game in {folder}")
    for number, table in enumerate(tables):
        if number:
            tell("")
        tell(
            f"RATINGS of {table.ruleset} ({table.method}) from "
            f"{counted(table.games, 'finished game')} in {folder}"
        )
        tell("RATING GAMES  WON LOST  WIN% PLAYER")
        for s in table.table():
            shown = table.shown(s)
            if shown is None:
                rating = "  bot "
            else:
                rating = f"{shown:6.0f}" if table.method == ELO else f"{shown:6.1f}"
            share = f"{100 * s.wins // s.games:4d}%" if s.games else "    -"
            tell(f"{rating} {s.games:5d} {s.wins:4d} {s.losses:4d} {share} {s.name}")
        if table.records:
            tell("")
            tell("RECORDS (wins-losses of the first against the second)")
            for a, b, wins, losses in table.pairs():
                tell(f"  {a.name} vs {b.name}: {wins}-{losses}")
