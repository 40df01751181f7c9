"""A new mail journal made by several processes at once: the workers of `run-turn --due`
each note a game never mailed (``note_game``) before its first turn is written, and on a
host whose first games run before any send, the journal is new. Each process found the
columns added after the first version missing and added them, and all but the first
failed ("duplicate column name: sender"), its game failed with it. The schema is now
made in one transaction, one process at a time.

A race, met in about one round of six before: forty rounds of eight notes in four
processes meet it all but surely, and find each game noted.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from wtg.mail.spool.journal import mailed_turns, note_game

ROUNDS = 40
GAMES = 8


def noted(spool: str, game: str) -> str | None:
    return note_game(Path(spool), game, 0)


def test_a_new_journal_made_by_four_processes_at_once_notes_every_game(tmp_path: Path) -> None:
    games = [f"g{i}" for i in range(GAMES)]
    context = multiprocessing.get_context("fork")
    with context.Pool(4) as pool:
        for round_ in range(ROUNDS):
            spool = tmp_path / f"r{round_}" / ".mail"
            said = pool.starmap(noted, [(str(spool), game) for game in games])
            assert said == [None] * GAMES  # a game at turn 0: nothing copied in to say
            assert mailed_turns(spool) == dict.fromkeys(games, -1), round_
