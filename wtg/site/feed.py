"""The Atom feed's entries: one a game started, one a turn run, one a game finished.

Each entry's id is a ``urn:uuid:`` made from the game's name, the time its turn 0 ran and
what the entry is about, so it stays the same from one build to the next and differs
between two games of one name. The feed's ``updated`` is its newest entry's time, so a
build that finds nothing new writes the same feed.
"""

from __future__ import annotations

import posixpath
import uuid
from collections.abc import Iterable

from wtg.core.record import Record
from wtg.game.bidimark import name_marked
from wtg.site.facts import GameFacts, TurnFacts
from wtg.site.pages import turn_page

FEED_ENTRIES = 1000
"""The newest entries kept in the feed (a reader polls it; older turns stay on the pages)."""
EPOCH = "1970-01-01T00:00:00Z"
"""The feed's ``updated`` while it has no entry."""


class FeedEntry(Record):
    id: str
    title: str
    updated: str
    link: str
    """The page, relative to the site's root."""
    lines: tuple[str, ...]


def entry_id(game: GameFacts, what: str) -> str:
    name = f"wtg-site/{game.name}/{game.started}/{what}"
    return "urn:uuid:" + str(uuid.uuid5(uuid.NAMESPACE_URL, name))


def _turn_entry(game: GameFacts, turn: TurnFacts, page: str) -> FeedEntry:
    leader = f"Top of the Top Ten: {name_marked(turn.topten[0].name)}." if turn.topten else ""
    return FeedEntry(
        id=entry_id(game, f"turn/{turn.turn}"),
        title=f"{game.name}: turn {turn.turn} ({game.title})",
        updated=turn.ran_at,
        link=posixpath.join(posixpath.dirname(page), turn_page(turn.turn)),
        lines=(*turn.events, *((leader,) if leader else ())),
    )


def game_entries(game: GameFacts, page: str) -> list[FeedEntry]:
    """The entries of one game; ``page``: its page's path from the site's root."""
    if not game.turns or not game.started:
        return []
    first = game.turns[0]
    names = ", ".join(name_marked(side.name) for side in game.sides)
    entries = [
        FeedEntry(
            id=entry_id(game, "started"),
            title=f"{game.name} started: {game.title}, map {game.map}",
            updated=first.ran_at,
            link=page,
            lines=(f"Players: {names}.",),
        )
    ]
    entries += [_turn_entry(game, turn, page) for turn in game.turns[1:] if turn.ran_at]
    if game.over and game.finished:
        winners = " and ".join(map(name_marked, game.winners)) or "nobody"
        entries.append(
            FeedEntry(
                id=entry_id(game, "finished"),
                title=f"{game.name} is over: won by {winners}",
                updated=game.finished,
                link=page,
                lines=game.turns[-1].events,
            )
        )
    return entries


def feed_entries(entries: Iterable[FeedEntry]) -> list[FeedEntry]:
    """The newest ``FEED_ENTRIES`` entries, the newest first."""
    ordered = sorted(entries, key=lambda e: (e.updated, e.id), reverse=True)
    return ordered[:FEED_ENTRIES]
