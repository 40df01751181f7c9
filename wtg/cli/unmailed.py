"""`wtg run-turn GAME` given again before the last turn's reports went out.

A tired GM runs a turn by hand (`run-turn test1 --now`) and, a moment later, gives the same
line again (the shell's arrow key): the second run resolved the next turn at once, with no
orders from players who had not even been mailed the report and AOF of the first. Each of
them lost a turn (three missed turns make a WoK player QUIT), and the next `wtg send`
mailed them two reports together. On a host that mails its games (a config), a hand run
is refused while the latest turn's reports are not yet queued for the players (``wtg
send`` queues them and records it in the mail journal) and players owe orders with none
on file; ``--unmailed`` runs it all the same. `run-turn --due` is not asked: a deadline
is the players' to keep.
"""

from __future__ import annotations

from wtg.game.engine import Game
from wtg.gm.gamestatus import game_status
from wtg.host.config import GmConfig
from wtg.mail.journal import JOURNAL_FILE, Journal


def unmailed_refusal(gm: GmConfig, game: Game, given: str = "") -> str | None:
    """Why the coming turn of ``game`` should not run by hand now: its players have not been
    mailed the latest turn and some owe orders with none on file; None when it may run (a
    game outside the config's games folder, whose mail this host does not keep, too). The
    command it names keeps the options ``given`` (`` --now``), so that it runs the turn."""
    if game.store.root.parent.resolve() != gm.games_dir.resolve():
        return None
    name = game.config.game
    latest = game.latest_turn()
    mailed = -1
    if (gm.spool / JOURNAL_FILE).is_file():  # no journal: nothing was ever sent from this host
        journal = Journal(gm.spool)
        try:
            mailed = journal.mailed_turn(name)
        finally:
            journal.close()
    if mailed >= latest:
        return None
    status = game_status(game)
    if status["over"]:
        return None
    waiting = [
        f"{p['id']} {p['name']}" for p in status["players"] if p["owes_orders"] and not p["orders"]
    ]
    if not waiting:
        return None
    return (
        f"turn {latest} of game {name} has not been mailed to its players yet, so turn "
        f"{status['turn']} would run without their orders (none from {', '.join(waiting)}): "
        f"not run; `wtg send` mails turn {latest} first, `wtg run-turn {name}{given} "
        "--unmailed` runs it all the same"
    )
