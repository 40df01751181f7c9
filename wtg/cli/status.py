"""`wtg status`: who has sent orders, who is READY, the deadline; one game or all of them."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wtg.cli.common import games_root, open_or_fail


def register(group: click.Group) -> None:
    group.add_command(status)


@click.command()
@click.argument("game_dir", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
@click.pass_context
def status(ctx: click.Context, game_dir: str | None, as_json: bool) -> None:
    """Who has sent orders for the coming turn, who is READY, and the deadline. Without
    GAME_DIR: a line for every game of the games directory."""
    if game_dir is None:
        overview(ctx, as_json)
        return
    game = open_or_fail(ctx, game_dir)
    warn_if_shared(game.store.root)
    data = game.status()
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
    click.echo(
        f"game {data['game']}, orders for turn {data['turn']}, "
        f"deadline {data['deadline'] or 'none'}{' (the game is over)' if data['over'] else ''}"
    )
    for p in data["players"]:
        if not p["owes_orders"]:
            note = p["status"]
        elif p["orders"]:
            note = f"orders received {p['received']}" + (", READY" if p["ready"] else "")
        else:
            note = "NO ORDERS YET"
        missed = f" ({p['missed_turns']} missed)" if p["missed_turns"] else ""
        click.echo(f"  player {p['id']:>2} {p['name']:<20} {note}{missed}")


def overview(ctx: click.Context, as_json: bool) -> None:
    """Every game of the games directory (``--games-dir`` or the config's): the GM's
    morning look at who is still to send orders."""
    from wtg.due import game_dirs
    from wtg.engine import open_game
    from wtg.gameconfig import ConfigError
    from wtg.store import StoreError

    games_dir = games_root(ctx)
    games, troubles = [], []
    for path in game_dirs(games_dir):
        try:
            games.append(open_game(path).status())
            warn_if_shared(path)
        except (StoreError, ConfigError, KeyError) as exc:
            troubles.append({"path": str(path), "error": str(exc)})
    if as_json:
        click.echo(
            json.dumps(
                {"games_dir": str(games_dir), "games": games, "unreadable": troubles}, indent=1
            )
        )
        return
    if not games and not troubles:
        click.echo(f"no games in {games_dir}")
    for data in games:
        owing = [p for p in data["players"] if p["owes_orders"]]
        sent = sum(p["orders"] for p in owing)
        ready = sum(p["ready"] for p in owing)
        state = (
            "over"
            if data["over"]
            else f"turn {data['turn']}: {sent} of {len(owing)} orders in, {ready} READY"
        )
        deadline = f", deadline {data['deadline']}" if data["deadline"] and not data["over"] else ""
        click.echo(f"{data['game']:<16} {data['ruleset']:<12} {state}{deadline}")
    for trouble in troubles:
        click.echo(f"{trouble['path']}: cannot be read: {trouble['error']}")


def warn_if_shared(game_dir: Path) -> None:
    """A warning on stderr when group or others may use the game's config (a game made
    before wtg kept game folders private): it holds every player's secret code."""
    from wtg.private import is_private

    config = game_dir / "game.yaml"
    if not is_private(config):
        click.echo(
            f"warning: {config} is open to group or others and holds the players' secret "
            f"codes; make the game private: chmod -R go-rwx {game_dir.resolve()}",
            err=True,
        )
