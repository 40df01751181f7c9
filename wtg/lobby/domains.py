"""One mail domain holding most seats of a waiting list's game, told to the GM.

A From is text, and a domain of one's own takes mail for any name at it: one person can
JOIN a list as many players (Sybils), one an address, and fill it, so that the one real
newcomer's game is played by puppets that agree on everything or never send orders, or
farm the HiScore and the ratings. `mail.unconfirmed_domain_share` slows a domain's
newcomers (half the hour's codes to strangers), never stops them. No bound on a list's
seats stops them either: a domain is no person (one provider's holds millions of players),
and a cap would refuse the real players of a large provider. So the GM is told, and
judges (he knows `gmail.com` from `sybil.example`): `wtg lists` says it of the players
waiting on a list, and the poll, `run-turn --due`, `wtg serve`'s log and the digest of the
games made of a list. A GM's game whose seats he offers (`wtg offer-seat`) fills the same way,
one takeover after another: the poll's line of the CONFIRM that gives a domain most of its
seats says so, and the digest names the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache

from publicsuffixlist import PublicSuffixList

from wtg.core.record import Record
from wtg.game.gameconfig import PlayerEntry
from wtg.lobby.database import LobbyDatabase, stamp

FEWEST = 3
"""The fewest players from one domain that are told: two of a Duel's two humans at one
provider are common, and tell the GM nothing."""


class OneDomain(Record):
    """``players`` of ``of`` players write from ``domain`` (``below``: some of them from
    domains below it, ``a.sybil.example``)."""

    domain: str
    players: int
    of: int
    below: bool = False

    def said(self, whose: str) -> str:
        """``3 of its 4 players write from @sybil.example`` (``whose``: ``its``)."""
        return f"{self.players} of {whose} {self.of} players write from {self.where()}"

    def where(self) -> str:
        """``@sybil.example``, or ``@sybil.example and domains below it``."""
        return f"@{self.domain}" + (" and domains below it" if self.below else "")


def domain_of(address: str) -> str:
    """The part of an address after its last ``@``, lower case, as written."""
    return address.rpartition("@")[2].strip().strip(">").lower()


def held_domain(domain: str) -> str:
    """The domain one party holds that ``domain`` is, or is below: ``sybil.example`` for
    ``a.sybil.example`` (its owner answers for any name below it); ``a.github.io`` and
    ``x.co.uk`` their own, a public suffix being no one's (the Public Suffix List, as the
    browsers' cookies go by). A public suffix itself (``localhost``) is its own."""
    return _suffixes().privatesuffix(domain) or domain


@cache
def _suffixes() -> PublicSuffixList:
    """The Public Suffix List the package ships, read once a process."""
    return PublicSuffixList()


def top_level_domain(label: str) -> bool:
    """Whether ``label`` (lower-cased, no dot) is a top-level domain the Public Suffix List
    knows (``com``, ``io``; not ``tolkien``)."""
    return _suffixes().publicsuffix(label, accept_unknown=False) is not None


def one_domain(addresses: Sequence[str], seats: int) -> OneDomain | None:
    """The domain that ``FEWEST`` or more of ``addresses`` write from, more than half of
    ``seats`` (the players a game takes), and how many; None when there is none. An
    address counts for the domain its domain is or is below (``held_domain``: Sybils at
    ``s1@a.sybil.example`` and ``s2@b.sybil.example`` are ``sybil.example``'s)."""
    exact: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for address in addresses:
        if "@" not in address:
            continue
        domain = domain_of(address)
        exact[domain] += 1
        counts[held_domain(domain)] += 1
    held = [(d, n) for d, n in counts.items() if n >= FEWEST and 2 * n > seats]
    if not held:
        return None
    domain, players = max(held, key=lambda found: (found[1], found[0]))
    return OneDomain(domain, players, seats, below=exact[domain] < players)


class MadeOfList(Record):
    """A game made of a waiting list: when, and the domain most of its players write
    from."""

    game: str
    list: str
    made: str
    domain: OneDomain


def made_of_one_domain(book: LobbyDatabase, since: datetime) -> list[MadeOfList]:
    """The games made of a waiting list after ``since`` whose players write, most of
    them, from one domain (``one_domain``), oldest first."""
    rows = book.rows(  # a list's player's play begins when its game is made
        "SELECT e.list, e.game, e.address, p.since FROM entries e JOIN plays p "
        "ON p.game = e.game AND p.person = e.person WHERE e.game IS NOT NULL AND p.since > ?",
        stamp(since),
    )
    games: dict[str, tuple[str, list[str], str]] = {}
    for name, game, address, made in rows:
        _, addresses, first = games.setdefault(str(game), (str(name), [], str(made)))
        addresses.append(str(address))
        games[str(game)] = (str(name), addresses, min(first, str(made)))
    found = []
    for game, (name, addresses, made) in games.items():
        shared = one_domain(addresses, len(addresses))
        if shared is not None:
            found.append(MadeOfList(game, name, made, shared))
    return sorted(found, key=lambda m: (m.made, m.game))


def started_note(players: Sequence[PlayerEntry]) -> str:
    """What is said beside a game made of a list whose players write, most of them, from
    one domain (``: 3 of its 4 players write from @sybil.example``); "" for any other."""
    shared = one_domain([p.email for p in players], len(players))
    return "" if shared is None else f": {shared.said('its')}"


TAKEN_FEWEST = 2
"""The fewest seats taken over from one domain that a game's warning asks for: the players
the GM chose himself he knows (three of them at one provider are his to judge when he makes
the game), and one newcomer among them is no one person's many addresses."""


def taken_seats(book: LobbyDatabase, game: str) -> set[int]:
    """The seats of ``game`` that newcomers took over (offered by the GM, then taken)."""
    rows = book.rows(
        "SELECT seat FROM offers WHERE lower(game) = ? AND taken IS NOT NULL", game.lower()
    )
    return {int(row[0]) for row in rows}


def taken_over_one_domain(addresses: Mapping[int, str], taken: set[int]) -> OneDomain | None:
    """The domain most of a game's players (``addresses``, by seat) write from, when
    ``TAKEN_FEWEST`` or more of the seats ``taken`` over are of it (``one_domain``); None
    for any other game."""
    shared = one_domain(list(addresses.values()), len(addresses))
    if shared is None:
        return None
    newcomers = [
        seat
        for seat in taken
        if seat in addresses and held_domain(domain_of(addresses[seat])) == shared.domain
    ]
    return shared if len(newcomers) >= TAKEN_FEWEST else None


def taken_note(game: str, seat: int, addresses: Mapping[int, str], taken: set[int]) -> str:
    """What the poll says beside the takeover of ``seat`` (``game kao: seat 5 taken over: 3
    of its 5 players write from @sybil.example``) when the game's players (``addresses``,
    by seat, the newcomer's among them) write most of them from one domain, the newcomer
    and another who took a seat over (``taken``) among them; "" for any other."""
    shared = taken_over_one_domain(addresses, taken)
    if shared is None or held_domain(domain_of(addresses[seat])) != shared.domain:
        return ""
    return f"game {game}: seat {seat} taken over: {shared.said('its')}"


class TakenToOneDomain(Record):
    """A game whose seats offered were taken over (``seats``, the last at ``taken``) and
    whose players now write, most of them, from one domain."""

    game: str
    seats: tuple[int, ...]
    taken: str
    domain: OneDomain


def taken_to_one_domain(
    book: LobbyDatabase, since: datetime, players: Mapping[str, Mapping[int, str]]
) -> list[TakenToOneDomain]:
    """The games a seat of was taken over after ``since`` whose players (``players``: the
    address of each seat, by the game's name) write, most of them, from one domain, two of
    the seats taken over among them (``taken_over_one_domain``), oldest first. A game not
    in ``players`` (gone, or unreadable) is left out."""
    rows = book.rows(
        "SELECT game, seat, taken FROM offers WHERE taken IS NOT NULL AND taken > ? "
        "ORDER BY taken, game, seat",
        stamp(since),
    )
    taken: dict[str, tuple[list[int], str]] = {}
    for game, seat, at in rows:
        seats, _ = taken.setdefault(str(game), ([], str(at)))
        seats.append(int(seat))
        taken[str(game)] = (seats, str(at))
    found = []
    for game, (seats, at) in taken.items():
        addresses = players.get(game)
        if not addresses:
            continue
        shared = taken_over_one_domain(addresses, taken_seats(book, game))
        if shared is not None:
            found.append(TakenToOneDomain(game, tuple(sorted(set(seats))), at, shared))
    return sorted(found, key=lambda t: (t.taken, t.game))
