"""Whether a host mails its games, by its mail journal's turns mailed: `run-turn --due`
holds a new game of such a host whose turn 0 was never mailed, and `wtg status` says it
(`wtg send` forgotten after `wtg new-game`). Kept apart from the journal and the due run,
whose imports a command's start does not need."""

from __future__ import annotations

from collections.abc import Mapping


def mails_games(mailed: Mapping[str, int] | None) -> bool:
    """Whether the host whose mail journal says ``mailed`` (the last turn mailed of each
    game, -1 for a game noted before any turn of it was: a run of a game never sent, a
    notice queued) mails its games: it has mailed a turn of one. A host where the GM tries
    wtg out without mail has mailed none, however many games its runs noted."""
    return mailed is not None and any(turn >= 0 for turn in mailed.values())
