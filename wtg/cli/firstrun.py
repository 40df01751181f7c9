"""The mail spool of the host a game's commands write a turn for, and the note of a game
its journal does not know, made before a turn of it is written (`wtg run-turn`, `wtg end`):
the next `wtg send` mails every turn of a game run here, never taking it for one copied in
from another host."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from wtg.cli.common import checked_config, config_path
from wtg.cli.givenhead import tell
from wtg.core.printable import printable
from wtg.files.gamesfolder import SPOOL
from wtg.game.engine import Game
from wtg.mail.spool.journal import JOURNAL_FILE, mailed_turns, note_game

HOST_SPOOL_MARKS = (JOURNAL_FILE, "maildir-in", "maildir-out", "outbox")
"""What a host's mail spool holds from its making (`wtg init`'s maildirs) or its first
mail (the journal, the outbox), and a look at a games folder of no host (a digest's note,
``digest.json``) never makes."""


def mail_spool(ctx: click.Context, game: Game) -> Path | None:
    """The mail spool of the host whose games folder holds ``game``: the config's (None for
    a game outside its games folder, whose mail this host does not keep), or, given no
    config, the games folder's own (`.mail` beside the game, which `wtg init` made): a run
    with no config ran with none of the guards below and noted nothing, and the next send
    took the game for one copied in, its first turns never mailed. None for a game folder
    of no host, whose ``.mail`` (a `wtg --games-dir DIR digest`'s note) is no host's."""
    if config_path(ctx) is not None:
        gm = checked_config(ctx)
        return gm.spool if game.store.root.parent.resolve() == gm.games_dir.resolve() else None
    beside = game.store.root.parent / SPOOL
    return beside if any((beside / name).exists() for name in HOST_SPOOL_MARKS) else None


def first_run(spool: Path, game: Game) -> Callable[[int], None] | None:
    """For a game of the host's games folder (its mail ``spool``) that the mail journal
    does not know, what notes it at the turn before the one to run (``note_game``), given
    to ``run_turn`` as ``before_commit`` (and to ``end_game``, whose end is a turn): once
    nothing refuses the turn (an old folder's format, a hold, a game over) and before its
    first write, so that a kill between the turn and the note cannot leave a game run here
    that `wtg send` takes for one copied in from another host, its turn 0 never mailed
    (`run-turn --unmailed` before the first send). A game copied in, first noted there, is
    said on stderr. None for a game the journal knows: the journal is only read (a full
    disk's turn fails at the turn's own file)."""
    name = game.config.game
    if name in mailed_turns(spool):
        return None

    def note(turn: int) -> None:
        said = note_game(spool, name, turn - 1)
        if said is not None:
            tell(printable(f"wtg: {said}"), err=True)

    return note
