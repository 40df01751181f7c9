"""What a turn mailed came out as, to know it run anew since: a game folder put back by hand
from a copy (last night's backup), then run on before a send (`run-turn --due` in cron at
the deadline, minutes after the GM untarred it).

`wtg send` knew a folder put back by its latest turn before the last one mailed
(``sender._put_back``). Run on before the send, the game was at that turn again, or past
it: the turns run anew had the names of those mailed, counted mailed, and reached no player
("0 reports queued", review40). Each turn's reports queued note the sha256 of the turn's
events (the journal's ``mailed_prints``); a turn whose events read otherwise now, with no
rollback or rerun to say why, was run anew. Its events alone: a takeover writes the turn's
state, reports and AOFs over with the newcomer's name, a deadline moved its reports, and
neither its events (``Game.turn_files_again``), which the same orders make the same."""

from __future__ import annotations

import hashlib

from wtg.game.engine import Game
from wtg.mail.spool.journal import Journal

PRINTED = ("events.json",)
"""The files of a turn that say what it came out as, and that nothing writes over."""


def turn_print(game: Game, turn: int) -> str:
    """The sha256 of the game's turn ``turn`` as it reads now: "" when a file of it cannot
    be read (nothing is known of it then)."""
    digest = hashlib.sha256()
    folder = game.store.turn_dir(turn)
    for name in PRINTED:
        try:
            digest.update((folder / name).read_bytes())
        except OSError:
            return ""
        digest.update(b"\0")
    return digest.hexdigest()


def run_anew(journal: Journal, game: Game, top: int) -> int | None:
    """The earliest turn up to ``top`` (the last mailed, or the latest when it is before)
    that reads otherwise than when it was mailed, walked back from ``top`` while each does;
    None when ``top`` reads as mailed (or either is not known: a journal of an older wtg)."""
    name = game.config.game
    found = None
    turn = top
    while turn >= 1:
        mailed = journal.mailed_print(name, turn)
        if not mailed:  # nothing known of it: no file read
            break
        now = turn_print(game, turn)
        if not now or now == mailed:
            break
        found = turn
        turn -= 1
    return found
