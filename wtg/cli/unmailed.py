"""`wtg run-turn GAME` given again before the last turn's reports went out.

A tired GM runs a turn by hand (`run-turn test1 --now`) and, a moment later, gives the same
line again (the shell's arrow key): the second run resolved the next turn at once, with no
orders from players who had not even been mailed the report and AOF of the first. Each of
them lost a turn (three missed turns make a WoK player QUIT), and the next `wtg send`
mailed them two reports together. On a host that mails its games (a config), a hand run
is refused while the latest turn's reports are not yet queued for the players (``wtg
send`` queues them and records it in the mail journal) and players owe orders with none
on file; ``--unmailed`` runs it all the same. `run-turn --due` holds such a game too
(``wtg.host.due.not_mailed``): a deadline is the players' to keep only once they were
mailed the turn.

Given with no config (``WTG_CONFIG`` not exported), the commands a refusal names carry the
host's config (``head``, ``wtg --config /srv/wtg/wtg.yaml``): the `wtg send` it named was
answered "no config", and the game's name alone, from another folder, "no game folder".
"""

from __future__ import annotations

from pathlib import Path

from wtg.game.engine import Game
from wtg.host.configplace import CONFIG_NAME
from wtg.host.due import not_mailed
from wtg.mail.spool.journal import mailed_turns
from wtg.text.shellcommand import shell_command


def command_head(games_dir: Path) -> str:
    """How a command a refusal names begins when the one refused was given no config: with
    the host's config beside the games folder ``games_dir`` (as `wtg init` makes them), or,
    none there, with the games folder, so that the game's name finds its folder."""
    config = games_dir.absolute().parent / CONFIG_NAME
    if config.is_file():
        return shell_command("wtg", "--config", str(config))
    return shell_command("wtg", "--games-dir", str(games_dir.absolute()))


def unmailed_refusal(spool: Path, game: Game, given: str = "", head: str = "wtg") -> str | None:
    """Why the coming turn of ``game`` should not run by hand now: its players have not been
    mailed the latest turn (by the mail journal of ``spool``, the host's) and some owe
    orders with none on file; None when it may run. The command it names keeps the
    options ``given`` (`` --now``), so that it runs the turn, and each begins with ``head``
    (``command_head`` for a command given no config)."""
    name = game.config.game
    unsent = not_mailed(game, mailed_turns(spool).get(name, -1))
    if unsent is None:
        return None
    return (
        f"{unsent}: not run; `{head} send` mails turn {game.latest_turn()} first, "
        f"`{head} run-turn {name}{given} --unmailed` runs it all the same"
    )
