"""`wtg end GAME`: the GM ends a game by hand (``wtg.gm.ending``; docs/gm.md, "Ending a
game by hand")."""

from __future__ import annotations

import json
import shlex
from datetime import datetime, timezone

import click

from wtg.cli.common import fail, open_or_fail
from wtg.cli.completion import game_names
from wtg.cli.firstrun import first_run, mail_spool
from wtg.cli.givenhead import tell
from wtg.core.plurals import counted
from wtg.gm.ending import Ended, end_game
from wtg.text.gmtext import text_given

REASON_CHARACTERS = 1_000
"""An end's reason at most: a few words, said in every player's last report."""


def register(group: click.Group) -> None:
    group.add_command(end)


@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option(
    "--reason",
    default="",
    help="Why, in a few words (every player stopped writing, abandoned by agreement, "
    "declared drawn): every player's last report says it (default: none).",
)
@click.option("--yes", is_flag=True, help="End it without asking (a script, cron).")
@click.option("--json", "as_json", is_flag=True, help="Print what was done as JSON.")
@click.pass_context
def end(ctx: click.Context, game_dir: str, reason: str, yes: bool, as_json: bool) -> None:
    """End a game by hand, after its last turn run: no turn runs again.

    The end is written as the turn after the last one, in which nothing moves: no one
    wins, the players are ranked as they stand (the final Top Ten is the last turn's),
    no rating changes. Each player's report of it says the game is over, ended by the GM,
    with --reason; `wtg send` mails them, as the reports of a game's natural end. Orders
    sent for the coming turn are kept in the end's folder, unplayed, and their senders'
    reports say so. `run-turn` refuses the game afterwards; `wtg rollback GAME --to N`
    (N: the last turn run) takes the end back. Given again, it says the game was ended
    and changes nothing. Asks first unless --yes (or --json) is given."""
    reason = text_given(reason, "--reason", REASON_CHARACTERS, "an end's reason")
    game = open_or_fail(ctx, game_dir)
    name = game.config.game
    if not (yes or as_json) and game.ended_by_gm() is None:  # no answer (cron): nothing ends
        _ask(name, game.latest_turn(), game_dir)
    spool = mail_spool(ctx, game)
    noting = first_run(spool, game) if spool is not None else None
    done = end_game(game, reason, datetime.now(timezone.utc), before_commit=noting)
    if as_json:
        click.echo(json.dumps(_as_json(name, done), ensure_ascii=False))
        return
    tell(_said(name, done))


def _ask(name: str, turn: int, given: str) -> None:
    """Ask the GM before the end; on any answer but yes (none: a script, cron, Ctrl-D),
    say that nothing ended and what ends it without asking, and exit 1. Before, click's
    "Aborted!" alone, on a line after the question."""
    try:
        ended = click.confirm(f"End game {name} after turn {turn}, every player told?")
    except click.Abort:
        ended = False
        click.echo(err=True)  # the question's line ended
    if not ended:
        fail(
            f"nothing ended: game {name} goes on; `wtg end {shlex.quote(given)} --yes` ends it "
            "without asking"
        )


def _as_json(name: str, done: Ended) -> dict[str, object]:
    return {
        "game": name,
        "turn": done.turn,
        "ended": done.new,
        "reason": done.reason,
        "orders_not_played": list(done.unplayed),
    }


def _said(name: str, done: Ended) -> str:
    why = f" ({done.reason})" if done.reason else ""
    if not done.new:
        return f"game {name} was ended by the GM already, at turn {done.turn}{why}"
    unplayed = (
        f"; the orders of {counted(len(done.unplayed), 'player')} for it kept unplayed, "
        "their reports say so"
        if done.unplayed
        else ""
    )
    return (
        f"game {name} ended by the GM at turn {done.turn}{why}: no one won, no rating "
        f"changes{unplayed}; each player's report of turn {done.turn} tells him "
        "(`wtg send` mails them)"
    )
