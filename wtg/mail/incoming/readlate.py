"""Orders read after their turn ran, though their mail came in time: the server received
the mail before the turn ran, and the host read it only after (the poll down or slow, or
not yet run when `run-turn --due` ran the turn at its deadline). The player is told so by
his refusal (``wtg.game.intake``); the GM by the poll's line for the mail, which `wtg poll`
prints, ``-q`` too (cron mails it), and the log keeps as a warning: what happened, and what
he can do about it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from wtg.core.plurals import counted
from wtg.game.intake import ReadLate
from wtg.mail.spool.outcome import Outcome, changed
from wtg.text.shellcommand import shell_command


def gm_line(game: str, player: int, late: ReadLate, kept: Path) -> str:
    """What the GM reads: whose orders, when they came and when their turn ran, and how a
    rerun takes them while that turn is the last one run (at the cost of mailing every
    player the turn again), or that none can. The commands are quoted for a shell: the
    GM pastes them, and the archive's path may hold a space (a spool in "GM games/")."""
    said = (
        f"{game} player {player}: orders for turn {late.turn} came at "
        f"{late.came:%Y-%m-%d %H:%M:%S} UTC, before the turn ran at "
        f"{late.ran:%Y-%m-%d %H:%M:%S} UTC, and were read only after it: it ran without them"
    )
    if not late.last:
        return f"{said}; turns have run since, and a rerun takes only the last one"
    correct = shell_command("wtg", "orders", game, str(kept), "--correct")
    return (
        f"{said}; to run it again with them: `{correct}`, then "
        f"`{shell_command('wtg', 'run-turn', game, '--rerun')}` (every player is mailed turn "
        f"{late.turn} again)"
    )


def told_late(outcome: Outcome, game: str, player: int, late: ReadLate, kept: Path) -> Outcome:
    """``outcome`` of the mail, for the GM (``for_gm``: a warning in the log, and `wtg
    poll -q` says its summary), its detail ending with his line, kept in ``late`` too."""
    line = gm_line(game, player, late, kept)
    detail = f"{outcome.detail}; {line}"
    return changed(outcome, detail, for_gm=True, late=line)


def gm_lines(lates: Iterable[str]) -> list[str]:
    """A poll's ``gm_line``s (in the order it read their mails) as `wtg poll` prints them:
    one a player a game, however many of his mails the poll read late (a player who mails
    many forms of old turns made cron's mail of `poll -q` a line a mail). The one kept is
    the last that a rerun can take, else the last; it says how many there were."""
    by_player: dict[str, list[str]] = {}
    for line in lates:  # "g1 player 2: orders for turn 1 came ...": a game's name has no ":"
        by_player.setdefault(line.partition(": ")[0], []).append(line)
    shown = []
    for whose, lines in by_player.items():
        rerun = [line for line in lines if line.endswith("again)")]
        kept = (rerun or lines)[-1]
        if len(lines) > 1:
            kept += (
                f"; {whose} had {counted(len(lines), 'mail')} of orders read late in this "
                "poll (`wtg poll -v` lists each)"
            )
        shown.append(kept)
    return shown
