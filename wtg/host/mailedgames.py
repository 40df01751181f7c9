"""Whether a host mails its games, by its mail journal's turns mailed: `run-turn --due`
holds a new game of such a host whose turn 0 was never mailed, and `wtg status` says it
(`wtg send` forgotten after `wtg new-game`), and one its runs noted and no send mailed
(``mailed_here``). The GM's digest says it too, in place of the orders missing of players
who were never mailed the turn. Kept apart from the journal and the due run, whose imports
a command's start does not need."""

from __future__ import annotations

from collections.abc import Mapping


def mails_games(mailed: Mapping[str, int] | None) -> bool:
    """Whether the host whose mail journal says ``mailed`` (the last turn mailed of each
    game, -1 for a game noted before any turn of it was: a run of a game never sent, a
    notice queued) mails its games: it has mailed a turn of one. A host where the GM tries
    wtg out without mail has mailed none, however many games its runs noted."""
    return mailed is not None and any(turn >= 0 for turn in mailed.values())


def mailed_here(mailed: Mapping[str, int] | None, game: str, latest: int) -> bool:
    """Whether the turns of ``game``, at its turn ``latest``, are this host's to mail, by
    the journal's ``mailed`` (None: not known): it counts a turn of the game mailed, or the
    host mails its games (``mails_games``) and the game is new (at its turn 0) or was noted
    by a run here and never mailed (-1). review49: a new game whose send was forgotten ran
    turn 1 when every player had orders on file (the site's form), was noted so, and ran
    every turn after at its deadline, none mailed, `wtg status` silent. A game the journal
    does not name past its turn 0 was never run nor mailed here (its mail is another
    host's, or a GM tries wtg out without mail): not this host's."""
    if mailed is None:
        return False
    if mailed.get(game, -1) >= 0:
        return True
    return mails_games(mailed) and (latest == 0 or game in mailed)


def not_sent(latest: int, mailed: int, ours: bool) -> str | None:
    """What a game's players were not mailed: its turns after ``mailed`` (the mail journal's
    last turn queued for them) up to ``latest``; None when all were, or when the game's
    turns are not this host's to mail (``ours``: ``mailed_here``; no mail of it is kept
    here). A game at its turn 0, or one a run here noted and no send mailed, on a host that
    mails its games is said too: `wtg send` forgotten after `wtg new-game`, which `run-turn
    --due` holds (``wtg.host.due.run_game``)."""
    if mailed >= latest or not ours:
        return None
    turns = f"turn {latest}" if latest == mailed + 1 else f"turns {mailed + 1} to {latest}"
    return f"{turns} not mailed to its players yet: `wtg send` mails it"
