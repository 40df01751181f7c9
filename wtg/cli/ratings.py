"""`wtg ratings`: chess-style ratings and win/loss records from the finished games."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wtg.cli.common import fail, games_root


def register(group: click.Group) -> None:
    group.add_command(ratings)


@click.command()
@click.argument("games_dir", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print them as JSON.")
@click.pass_context
def ratings(ctx: click.Context, games_dir: str | None, as_json: bool) -> None:
    """Ratings (Elo, humans only) and win/loss records of the finished games in GAMES_DIR
    (default: --games-dir or the config's games_dir). Bots never change a rating."""
    from wtg.ratings import finished_games, rate

    folder = Path(games_dir) if games_dir else games_root(ctx)
    if not folder.is_dir():
        fail(f"no games folder {folder}")
    table = rate(finished_games(folder))
    if as_json:
        click.echo(json.dumps(table.to_dict(), indent=1))
        return
    click.echo(f"RATINGS from {table.games} finished game(s) in {folder}")
    click.echo("RATING GAMES  WON LOST  WIN% PLAYER")
    for s in table.table():
        rating = "  bot " if s.bot else f"{round(s.rating):6d}"
        share = f"{100 * s.wins // s.games:4d}%" if s.games else "    -"
        click.echo(f"{rating} {s.games:5d} {s.wins:4d} {s.losses:4d} {share} {s.name}")
    if table.records:
        click.echo("")
        click.echo("RECORDS (wins-losses of the first against the second)")
        for a, b, wins, losses in table.pairs():
            click.echo(f"  {a.name} vs {b.name}: {wins}-{losses}")
