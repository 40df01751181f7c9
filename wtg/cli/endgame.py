"""`wtg end GAME`: the GM ends a game by hand (``wtg.gm.ending``; docs/gm.md, "Ending a
game by hand")."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import click

from wtg.cli.common import fail, open_or_fail
from wtg.cli.completion import game_names
from wtg.cli.firstrun import first_run, mail_spool
from wtg.cli.givenhead import tell
from wtg.cli.movedhost import refuse_on_moved_host, refusing
from wtg.core.plurals import counted
from wtg.game.engine import Game
from wtg.game.hold import Hold, release_of
from wtg.game.schedule import moment_text
from wtg.gm.ending import Ended, end_game
from wtg.mail.outgoing.notices import notice_told
from wtg.text.gmtext import text_given
from wtg.text.shellcommand import shell_command

REASON_CHARACTERS = 1_000
"""An end's reason at most: a few words, said in every player's last report."""


def register(group: click.Group) -> None:
    group.add_command(end)


@refusing
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
    spool = mail_spool(ctx, game)
    refuse_on_moved_host(ctx, spool)  # before the question: nothing to answer
    if not (yes or as_json) and game.ended_by_gm() is None:  # no answer (cron): nothing ends
        _ask(name, game.latest_turn(), game_dir)
    noting = first_run(spool, game) if spool is not None else None
    done = end_game(game, reason, datetime.now(timezone.utc), before_commit=noting)
    owed = release_owed(game, spool)
    if as_json:
        said = {**_as_json(name, done), "release_cut_short": owed.released if owed else None}
        click.echo(json.dumps(said, ensure_ascii=False))
        return
    tell(_said(name, done) + (_release_line(name, owed) if owed is not None else ""))


def release_owed(game: Game, spool: Path | None) -> Hold | None:
    """The release of the game's hold cut short before every player was told (``wtg
    status`` owes its notices), or None: none cut short, or every notice of it queued or
    mailed (``notice_told``; without a spool, none can be)."""
    released = release_of(game.store.root)
    if released is None or (spool is not None and notice_told(spool, game, released)):
        return None
    return released


def _release_line(name: str, released: Hold) -> str:
    """What the end says of a release cut short: `wtg release` finishes it, and queues
    none of its notices, which would tell the players of a game over that it goes on."""
    return (
        f"; the release of its hold (at {moment_text(released.released)}) was cut short "
        f"before every player was told: `{shell_command('wtg', 'release', name)}` finishes it, "
        "queuing no more of its notices (they would tell the players the game goes on)"
    )


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
            f"nothing ended: game {name} goes on; `{shell_command('wtg', 'end', given, '--yes')}` "
            "ends it without asking"
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
