"""`wtg run-turn GAME --now` given again minutes after the last turn's reports went out.

A tired GM runs a turn by hand (`run-turn test1 --now`), cron's `wtg send` mails its
reports a moment later, and the same line given again (the shell's arrow key) ran the next
turn at once: the unmailed guard (``wtg.cli.unmailed``) no longer stopped it, the turn being
mailed by then, and every player lost a turn he had had minutes to give orders for (three
missed turns make a WoK player QUIT). On a host that mails its games, a hand run that is
not due (its deadline ahead, players not all READY: the run is `--now`'s) is refused while
the latest turn ran less than ``JUST_MAILED_MINUTES`` ago, was mailed, and no player who
owes orders has anything on file for the coming turn (a blank form counts: a player who
sent one has had his say); ``--just-mailed`` runs it all the same. A turn with any player's
orders runs as before, and so does a game nobody owes orders in (robots only).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from wtg.core.plurals import counted
from wtg.game.engine import Game
from wtg.game.schedule import moment_text, parse_iso
from wtg.gm.gamestatus import game_status, span_text
from wtg.host.due import why_due
from wtg.mail.spool.journal import mailed_turns

JUST_MAILED_MINUTES = 30
"""How long after a turn ran (and so, at most, after its reports went out) a hand run of the
next one with nobody's orders on file is refused as given twice by mistake."""


def just_mailed_refusal(
    spool: Path, game: Game, now: datetime, given: str = "", head: str = "wtg"
) -> str | None:
    """Why the coming turn of ``game`` should not run by hand now: the latest turn ran less
    than ``JUST_MAILED_MINUTES`` before ``now``, its players were mailed it, and none who
    owes orders has anything on file yet; None when it may run (the turn is due, a player's
    orders are on file, nobody owes orders, the turn was not mailed by the mail journal of
    ``spool``, the host's: ``wtg.cli.unmailed`` says that one). The command it names
    keeps the options ``given`` (`` --now``), so that it runs the turn, and each begins with
    ``head`` (``wtg.cli.unmailed.command_head`` for a command given no config)."""
    name = game.config.game
    latest = game.latest_turn()
    if latest == 0:
        return None  # `new-game` made it: no run-turn to have been given twice
    if mailed_turns(spool).get(name, -1) < latest:
        return None
    ran_at = game.meta(latest).get("ran_at")
    if not isinstance(ran_at, str):
        return None  # a turn of an older wtg: no time it ran
    try:
        ran = parse_iso(ran_at)
    except ValueError:
        return None
    if now - ran >= timedelta(minutes=JUST_MAILED_MINUTES):
        return None  # a turn that ran after ``now`` (the clock set back since) just ran
    status = game_status(game)
    if status["over"] or why_due(game, now, status):
        return None
    owing = [p for p in status["players"] if p["owes_orders"]]
    if not owing or any(p["orders"] for p in owing):
        return None
    minutes = int((now - ran).total_seconds() // 60)
    ago = "less than a minute" if minutes < 1 else counted(minutes, "minute")
    if now < ran:  # its turn.json says a time to come: the clock was set back since it ran
        ahead = int((ran - now).total_seconds() // 60)
        later = "less than a minute" if ahead < 1 else counted(ahead, "minute")
        later = later if ahead < 60 else span_text(ran - now)  # 4 d 9 h, not 6344 minutes
        clock = "this machine's clock now (was the clock set back?),"
        ago = f"at {moment_text(ran)}, {later} after {clock}"
    else:
        ago = f"{ago} ago"
    waiting = ", ".join(f"{p['id']} {p['name']}" for p in owing)
    return (
        f"turn {latest} of game {name} ran {ago} and has been mailed, and no player's "
        f"orders for turn {status['turn']} are on file yet (none from {waiting}; `{head} poll` "
        "files those still in the inbox): not run, so that "
        f"a run-turn given twice costs nobody a turn; `{head} run-turn {name}{given} "
        "--just-mailed` runs it all the same"
    )
