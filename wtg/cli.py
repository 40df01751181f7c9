"""The `wtg` command line: wiring only; the work is done in wtg.engine and the rulesets."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

EXIT_NOT_STORED = 2


def fail(message: str, code: int = 1) -> NoReturn:
    click.echo(f"wtg: {message}", err=True)
    sys.exit(code)


def game_path(ctx: click.Context, game_dir: str) -> Path:
    """A bare name is looked up in the games directory (--games-dir or WTG_GAMES_DIR)."""
    games_dir = ctx.obj.get("games_dir") if ctx.obj else None
    if games_dir and os.sep not in game_dir and not Path(game_dir).exists():
        return Path(games_dir) / game_dir
    return Path(game_dir)


def open_or_fail(ctx: click.Context, game_dir: str) -> Any:
    from wtg.engine import open_game
    from wtg.gameconfig import ConfigError
    from wtg.store import StoreError

    try:
        return open_game(game_path(ctx, game_dir))
    except (StoreError, ConfigError, KeyError) as exc:
        fail(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--games-dir",
    envvar="WTG_GAMES_DIR",
    type=click.Path(file_okay=False),
    help="Where bare game names are looked up (default: paths as given).",
)
@click.version_option(package_name="wtg", message="wtg %(version)s")
@click.pass_context
def main(ctx: click.Context, games_dir: str | None) -> None:
    """wtg: a play-by-mail turn generator."""
    ctx.obj = {"games_dir": games_dir}


@main.command("new-game")
@click.argument("game_dir")
@click.option("--ruleset", required=True, help="The rules to play by, e.g. wok4.")
@click.option("--map", "map_name", default=None, help="A map of the ruleset (default: its first).")
@click.option(
    "--player",
    "players",
    multiple=True,
    required=True,
    metavar="NAME:EMAIL[:CODE]",
    help="A player, in seat order; repeat for each player.",
)
@click.option("--seed", type=int, default=None, help="The game's seed (default: random).")
@click.option("--variant", default=None, help="A variant of the ruleset, where it has any.")
@click.pass_context
def new_game(
    ctx: click.Context,
    game_dir: str,
    ruleset: str,
    map_name: str | None,
    players: tuple[str, ...],
    seed: int | None,
    variant: str | None,
) -> None:
    """Create a game and run its turn 0 (start positions, reports and AOFs)."""
    from wtg.core.provmap import MapError
    from wtg.engine import create_game
    from wtg.gameconfig import ConfigError, parse_player_spec
    from wtg.rules import UnknownRuleset, find_ruleset
    from wtg.store import StoreError

    try:
        rules = find_ruleset(ruleset)
        entries = [parse_player_spec(spec, i) for i, spec in enumerate(players, start=1)]
        chosen = map_name or (rules.map_names() or ["?"])[0]
        game_seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        game = create_game(game_path(ctx, game_dir), ruleset, chosen, entries, game_seed, variant)
    except (
        UnknownRuleset,
        ConfigError,
        MapError,
        StoreError,
        FileNotFoundError,
        ValueError,
    ) as exc:
        fail(str(exc).strip("'\""))
    click.echo(
        f"game {game.config.game} created: {ruleset} on map {chosen}, seed {game_seed}, "
        f"{len(entries)} players; turn 0 is ready"
    )


@main.command()
@click.argument("game_dir")
@click.option("--player", type=int, required=True)
@click.pass_context
def aof(ctx: click.Context, game_dir: str, player: int) -> None:
    """Print a player's AOF for the coming turn."""
    from wtg.engine import GameError
    from wtg.gameconfig import ConfigError

    game = open_or_fail(ctx, game_dir)
    try:
        click.echo(game.aof(player), nl=False)
    except (GameError, ConfigError) as exc:
        fail(str(exc))


@main.command()
@click.argument("game_dir")
@click.argument("file", type=click.File("r", encoding="utf-8", errors="replace"))
@click.option("--player", type=int, default=None, help="Whose orders (checked against the file).")
@click.option(
    "--correct",
    is_flag=True,
    help="Correct the orders of the last turn run, for `run-turn --rerun`.",
)
@click.pass_context
def orders(ctx: click.Context, game_dir: str, file: Any, player: int | None, correct: bool) -> None:
    """Store a filled AOF or an order file (YAML) and print what was accepted and rejected.

    Exit 0 when the orders were stored, 2 when nothing could be stored.
    """
    from wtg.core.orders import OrderError
    from wtg.store import GameLocked

    game = open_or_fail(ctx, game_dir)
    try:
        submission = game.submit(file.read(), player=player, correct=correct)
    except OrderError as exc:
        fail(f"orders not stored: {exc}", EXIT_NOT_STORED)
    except GameLocked as exc:
        fail(str(exc))
    click.echo(submission.confirmation(), nl=False)


@main.command("run-turn")
@click.argument("game_dir")
@click.option("--rerun", is_flag=True, help="Resolve the last turn again from its archived input.")
@click.pass_context
def run_turn(ctx: click.Context, game_dir: str, rerun: bool) -> None:
    """Resolve the coming turn and write its reports, AOFs and Top Ten."""
    from wtg.engine import GameError
    from wtg.store import StoreError

    game = open_or_fail(ctx, game_dir)
    try:
        turn = game.run_turn(rerun=rerun)
    except (GameError, StoreError) as exc:
        fail(str(exc))
    click.echo(f"turn {turn} of game {game.config.game} {'rerun' if rerun else 'resolved'}")


@main.command()
@click.argument("game_dir")
@click.option("--turn", type=int, default=None)
@click.option("--json", "as_json", is_flag=True, help="Print the whole state as JSON.")
@click.pass_context
def state(ctx: click.Context, game_dir: str, turn: int | None, as_json: bool) -> None:
    """Print the state of the game (secret codes are never printed)."""
    from wtg.store import StoreError

    game = open_or_fail(ctx, game_dir)
    try:
        current = game.state(turn)
    except StoreError as exc:
        fail(str(exc))
    data = game.ruleset.public_json(current)
    if as_json:
        click.echo(json.dumps(data, indent=1))
        return
    click.echo(f"game {game.config.game} ({data['ruleset']}), turn {data['turn']}")
    for p in data["players"]:
        click.echo(f"  player {p['id']:>2} {p['name']:<20} {p['status']}")


@main.command()
@click.argument("game_dir")
@click.option("--player", type=int, required=True)
@click.option("--turn", type=int, default=None)
@click.pass_context
def report(ctx: click.Context, game_dir: str, player: int, turn: int | None) -> None:
    """Print a player's report (the latest turn unless --turn)."""
    from wtg.gameconfig import ConfigError
    from wtg.store import StoreError

    game = open_or_fail(ctx, game_dir)
    try:
        click.echo(game.report(player, turn), nl=False)
    except (StoreError, ConfigError) as exc:
        fail(str(exc))


@main.command()
@click.argument("game_dir")
@click.option("--turn", type=int, default=None)
@click.pass_context
def topten(ctx: click.Context, game_dir: str, turn: int | None) -> None:
    """Print the Top Ten."""
    from wtg.store import StoreError

    game = open_or_fail(ctx, game_dir)
    try:
        click.echo(game.topten(turn), nl=False)
    except StoreError as exc:
        fail(str(exc))


@main.command()
@click.argument("out_dir", default="demo-output")
@click.option("--turns", type=int, default=10, show_default=True)
@click.option("--seed", type=int, default=2026, show_default=True)
def demo(out_dir: str, turns: int, seed: int) -> None:
    """Play a 10-player WoK IV game with a built-in strategy filling in real AOFs."""
    from wtg.demo import run_demo

    run_demo(Path(out_dir), turns=turns, seed=seed, echo=click.echo)
