"""Which mails of a batch one poll may hand to different processes (``wtg.mail.poll.workers``).

Mails go together when they name a game in common or are answered at one address: a
game's lock is held by one process at a time, and the answers an address gets in an hour
are counted by one. The games are a rough and cheap look (the raw text at a glance, no MIME
parse): a mail it places wrong meets its game locked by the other process, and the poller
handles it again once the batch is on disk. It is never handled twice at once, and never
lost. The addresses are no glance. A mail is answered at its sender's address, the one the
poller counts the answers against (``noreply.sender_address`` of the headers as the poller
parses them), so a header folded, a display name quoted or encoded, a comment or a case
difference never puts one sender's mails into two processes (each would count only its own
answers, and the journal's). A form is answered at the registered address of the seat it
names too: a game is tied to its players' addresses (the ``roster`` the poller gives), so
two games that share a player go together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from wtg.aof.mailtext import games_glanced
from wtg.mail.incoming.noreply import raw_headers, sender_address
from wtg.mail.message.extract import holds_form, parse_headers
from wtg.mail.outgoing.compose import address_key
from wtg.mail.servers.inbox import Incoming

LOOK = 65536
"""Bytes of a mail glanced at for the games it names (the form sits near the top)."""
POLLER = "poller"
"""The tie of a mail whose sender could not be read: its group stays with the poller."""


Roster = Callable[[str], Iterable[str]]
"""The registered addresses of the players of a game, by its name (none: no such game)."""


def ties(message: Incoming, roster: Roster = lambda _game: ()) -> tuple[str, ...]:
    """What a mail shares with the mails that must be handled in the same process: the
    games its text names at a glance (``game:NAME``) and the addresses its answers are
    counted against (``from:ADDRESS``: its sender's, and those of the players of those
    games), or ``POLLER`` when its headers could not be read. A group of mails that names
    no game stays with the poller, which handles the mails about no game (commands,
    strangers, bounces)."""
    return _ties(message, _players_of(roster))


def _players_of(roster: Roster) -> Callable[[str], tuple[str, ...]]:
    """The ties of a game's players (``from:ADDRESS``), each game's made once a split."""
    return cache(lambda game: tuple(f"from:{address_key(a)}" for a in roster(game)))


def as_they_came(newest_first: Sequence[Incoming]) -> list[Incoming]:
    """A batch in the order the poll handles it: its mails with a form (``_with_form``)
    newest first, as given (of one player's several forms the newest is filed,
    the older only answered), in their places; the others (commands: a PRESS, a JOIN's
    CONFIRM) in the places left, in the order they came, as their sender wrote them. Taken
    newest first, four pieces of press went out as parts 4, 3 and 2, part 1 refused past
    the turn's three, and of four JOINs confirmed for a list of three the newest three got
    the game."""
    forms = [_with_form(message) for message in newest_first]
    came = reversed([m for m, form in zip(newest_first, forms, strict=True) if not form])
    return [m if form else next(came) for m, form in zip(newest_first, forms, strict=True)]


def _with_form(message: Incoming) -> bool:
    """Whether a mail holds a form, at a glance (its first ``LOOK`` bytes): it names a game
    and holds a form as the intake finds one (``holds_form``). A PRESS that said ``What a
    game: ...`` named a game at a glance and was taken for a form, among the newest first:
    of four pieces of press, the second saying so, parts 1, 3 and 2 went out (review47)."""
    raw = message.raw or message.head
    text = raw[:LOOK].decode("utf-8", "replace")
    return bool(games_glanced([text])) and holds_form(text)


def _glanced(message: Incoming) -> list[str]:
    """The games a mail names at a glance (``games_glanced`` of its first ``LOOK`` bytes)."""
    raw = message.raw or message.head
    return games_glanced([raw[:LOOK].decode("utf-8", "replace")])


def _ties(message: Incoming, players: Callable[[str], tuple[str, ...]]) -> tuple[str, ...]:
    raw = message.raw or message.head
    games = _glanced(message)
    known = dict.fromkeys(tie for name in games for tie in players(name))
    return (*(f"game:{name}" for name in games), *known, *_sender(raw))


def _sender(raw: bytes) -> tuple[str, ...]:
    """The tie of the address the poller answers and counts (``Answers._queue`` keys its
    limit on ``address_key`` of it): none when the mail has no usable sender (no answer
    goes to its sender then)."""
    try:
        sender = sender_address(raw_headers(parse_headers(raw)))
        return (f"from:{address_key(sender)}",) if sender is not None else ()
    except Exception:  # the poller quarantines what it cannot read: it stays with it
        return (POLLER,)


def split(
    messages: Sequence[Incoming], count: int, roster: Roster = lambda _game: ()
) -> list[list[Incoming]]:
    """The messages in ``count`` shares, each in the order given. Mails tied together (one
    game, one sender: ``ties``), directly or through others, go to one share; a group
    naming no game, or holding a mail whose headers could not be read, goes to the first
    share (the poller's own); the other groups go, the biggest first, to the share with
    the fewest mails so far (the first one counted with the mails it already has), so the
    shares come out even."""
    parent = list(range(len(messages)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first_with: dict[str, int] = {}
    named = [False] * len(messages)
    pinned = [False] * len(messages)
    players = _players_of(roster)
    for index, message in enumerate(messages):
        for tie in _ties(message, players):
            named[index] = named[index] or tie.startswith("game:")
            pinned[index] = pinned[index] or tie == POLLER
            other = first_with.setdefault(tie, index)
            if other != index:
                parent[root(index)] = root(other)
    groups: dict[int, list[int]] = {}
    for index in range(len(messages)):
        groups.setdefault(root(index), []).append(index)
    places = [0] * len(messages)
    loads = [0] * count
    ranked = []
    for members in groups.values():
        if any(named[i] for i in members) and not any(pinned[i] for i in members):
            ranked.append(members)
        else:
            loads[0] += len(members)  # about no game, or unread: the poller's own share
    # the biggest groups first, each to the least loaded share (ties: the earlier share)
    for members in sorted(ranked, key=lambda group: (-len(group), group[0])):
        share = min(range(count), key=lambda at: (loads[at], at))
        loads[share] += len(members)
        for index in members:
            places[index] = share
    shares: list[list[Incoming]] = [[] for _ in range(count)]
    for index, message in enumerate(messages):
        shares[places[index]].append(message)
    return shares


def tied_to(message: Incoming, messages: Sequence[Incoming], roster: Roster) -> list[Incoming]:
    """The mails of ``messages`` (``message`` aside) that share a tie with ``message``
    (``ties``: a game it names, an address its answers are counted against), directly or
    through one another, as ``split`` groups them; in the order given."""
    players = _players_of(roster)
    reached = set(_ties(message, players))
    rest = {other.key: set(_ties(other, players)) for other in messages if other.key != message.key}
    found: set[str] = set()
    grew = True
    while grew:
        grew = False
        for key, its in rest.items():
            if key not in found and its & reached:
                found.add(key)
                reached |= its
                grew = True
    return [other for other in messages if other.key in found]
