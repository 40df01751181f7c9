"""Whether a host mails its games, by its mail journal's turns mailed: `run-turn --due`
holds a new game of such a host whose turn 0 was never mailed, and `wtg status` says it
(`wtg send` forgotten after `wtg new-game`). Kept apart from the journal and the due run,
whose imports a command's start does not need. The GM's digest says it too, in place of
the orders missing of players who were never mailed the turn."""

from __future__ import annotations

from collections.abc import Mapping


def mails_games(mailed: Mapping[str, int] | None) -> bool:
    """Whether the host whose mail journal says ``mailed`` (the last turn mailed of each
    game, -1 for a game noted before any turn of it was: a run of a game never sent, a
    notice queued) mails its games: it has mailed a turn of one. A host where the GM tries
    wtg out without mail has mailed none, however many games its runs noted."""
    return mailed is not None and any(turn >= 0 for turn in mailed.values())


def not_sent(latest: int, mailed: int, host_mails: bool) -> str | None:
    """What a game's players were not mailed: its turns after ``mailed`` (the mail journal's
    last turn queued for them) up to ``latest``; None when all were, or when this host never
    mailed the game (``mailed`` -1: no mail of it is kept here) past its turn 0. A game at
    its turn 0 on a host that mails its games (``host_mails``: ``mails_games``) is
    said too: `wtg send` forgotten after `wtg new-game`, which `run-turn --due` holds
    (``wtg.host.due.run_game``)."""
    if mailed >= latest or (mailed < 0 and not (host_mails and latest == 0)):
        return None
    turns = f"turn {latest}" if latest == mailed + 1 else f"turns {mailed + 1} to {latest}"
    return f"{turns} not mailed to its players yet: `wtg send` mails it"
