"""How a finished game came out, for every ruleset: each player's place, and what the HiScore
counts (turn points, quits). ``wtg ratings`` and the site (``wtg.site``) read it.

The place comes from what the ruleset's ``public_json`` says, whichever way it says it:
- a ``place`` of each side (WoS Tactics: "the game tracks first, second, and third place");
- the ``outcome`` of a WoK game (``winners``, then ``ranking``): the winners share first
  place, the others take the ``places`` the rules gave them (players the rules found
  equal share one, the next skipped: 1, 1, 3), or, in a game that ended before places
  were kept, their position in the ranking;
- otherwise the last Top Ten's ranks (WISK: the winner, then the eliminated, the last out
  first; equal ones share a rank).

First place is a win (``won``), shared by those equal there, but in a WoK game that ended
with "no one left": it has no winner, though its ranking has a first place.

Humans are known across games by their e-mail address (lowercased), robots and bots by their
name. A human who plays several sides (a Duel's three colours) is one entry: the best place
of his sides. The address is a key to count a person's games by, never shown.

A player who quit a WoK seat that a newcomer took over (``wtg offer-seat``) keeps an entry
of his own (``left``): his HiScore turn points, earned by the turns he sent orders, are his.
He quit, so he earns no victory point, and his seat went on without him: his place is
after every player who held a seat at the end, those who left sharing one by their turn
points (WoK IV ruling 22: quitters last, then turn points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypeGuard

from wtg.core.jsondata import Json, JsonObject
from wtg.core.places import shared_places
from wtg.core.record import Record
from wtg.core.ruleset import PublicSide, Ruleset, S, SeatId, public_sides
from wtg.files.store import StoreError
from wtg.game.engine import Game
from wtg.game.gameconfig import ConfigError, GameConfig
from wtg.game.takeovers import quitters
from wtg.host.gamesdir import Unreadable, scan_games
from wtg.rules.endreasons import BY_GM, end_words


class Entry(Record):
    """One player's place in a finished game."""

    key: str
    """The human's address, lowercased, or ``bot:<name>``."""
    name: str
    bot: bool
    place: int
    seat: int | None = None
    """The human's seat in the game (None for a robot or bot)."""
    turn_points: int | None = None
    """WoK: turns he sent orders while standing (the HiScore's turn points)."""
    quit: bool = False
    """WoK: he quit (or missed three turns in a row)."""
    left: bool = False
    """He quit a seat a newcomer took over: the game went on without him."""


NO_ONE_LEFT = "no one left"
"""The reason of a WoK game that ended with every player out: no one won it, though its
ranking has a first place."""


class Finished(Record):
    game: str
    finished: str
    """When its last turn ran (ISO time), to put games in order."""
    entries: tuple[Entry, ...]
    ruleset: str = ""
    reason: str = ""
    """How it ended, where the ruleset says (WoK: "last standing", "alliance", ...)."""
    seats: int = 0
    """Seats the game had for humans (empty ones counted): WoK's victory points need it."""


def result_of(
    ruleset: Ruleset[S],
    config: GameConfig,
    state: S,
    finished: str,
    game: str = "",
    quitters: Mapping[int, Sequence[str]] | None = None,
) -> Finished | None:
    """The result of a game whose last state is ``state`` (``game``: its folder's name, by
    default the config's); None while it is not over or when fewer than two players have a
    place. ``quitters``: the address of each player who left a seat taken over, by seat,
    the first first (``wtg.game.takeovers.quitters``)."""
    if not ruleset.is_over(state):
        return None
    public = ruleset.public_json(state)
    sides = public_sides(public)
    places = side_places(ruleset, state, public, sides)
    outcome = public.get("outcome")
    reason = outcome.get("reason") if isinstance(outcome, dict) else public.get("won_by")
    by_seat: dict[SeatId, list[PublicSide]] = {}
    robots: list[Entry] = []
    for side in sides:
        if side.id not in places:
            continue
        seat = ruleset.seat_of(state, side.id)
        if seat is None:
            robots.append(
                Entry(key=f"bot:{side.name}", name=side.name, bot=True, place=places[side.id])
            )
        else:
            by_seat.setdefault(seat, []).append(side)
    extra = _public_players(public)
    humans = [
        _human(config, seat, played, places, extra) for seat, played in sorted(by_seat.items())
    ]
    held_to_end = [*humans, *robots]
    left = _left(by_seat, extra, quitters or {}, len(held_to_end))
    entries = tuple(sorted([*held_to_end, *left], key=lambda e: (e.place, e.name.lower())))
    if len(held_to_end) < 2:
        return None
    seats = public.get("seats")
    held = len(sides)
    game_seats = (seats if isinstance(seats, int) and seats >= held else held) - held
    return Finished(
        game=game or config.game,
        finished=finished,
        entries=entries,
        ruleset=ruleset.name,
        reason=str(reason or ""),
        seats=game_seats + len(humans),
    )


def ended_words(game: Game, ran_at: str) -> str:
    """How the game ended and who won it, in words, when its latest turn (run at
    ``ran_at``) ended it; "" while it goes on. The digest's line of that turn says it, and
    so does the line of the `run-turn` that ran it (`--due`'s under cron too)."""
    state = game.state()
    if not game.ruleset.is_over(state):
        return ""
    result = result_of(game.ruleset, game.config, state, ran_at)
    if result is None:
        return "the game is over"
    how = f" ({end_words(result.reason)})" if result.reason else ""
    names = winners(result)
    won = f"won by {' and '.join(names)}" if names else "won by no one"
    return f"the game is over{how}, {won}"


def won(result: Finished, entry: Entry) -> bool:
    """Whether ``entry`` won the game: first place, shared by those equal there, but in a
    game that ended with "no one left" or by the GM's hand (`wtg end`), which have no
    winner."""
    return entry.place == 1 and result.reason not in (NO_ONE_LEFT, BY_GM)


def rated(result: Finished) -> bool:
    """Whether the game counts in the ratings: not one the GM ended by hand (`wtg end`;
    docs/gm.md, "Ending a game by hand"), which counts in no one's games, wins, records
    or rating."""
    return result.reason != BY_GM


def winners(result: Finished) -> tuple[str, ...]:
    """The names of those who won the game (``won``), none for "no one left"."""
    return tuple(entry.name for entry in result.entries if won(result, entry))


def side_places(
    ruleset: Ruleset[S], state: S, public: Mapping[str, Json], sides: Sequence[PublicSide]
) -> dict[int, int]:
    """Each side's place in a finished game (see the module's docstring)."""
    placed: dict[int, int] = {side.id: side.place for side in sides if side.place is not None}
    if placed:
        return placed
    outcome = public.get("outcome")
    if isinstance(outcome, dict):
        winners = _ids(outcome.get("winners"))
        ranking = _ids(outcome.get("ranking"))
        kept = _ids(outcome.get("places"))
        shared = kept if len(kept) == len(ranking) else range(1, len(ranking) + 1)
        places = dict.fromkeys(winners, 1)
        for position, side in zip(shared, ranking, strict=True):
            places.setdefault(side, position)
        return places
    return {line.player: line.rank for line in ruleset.topten(state)}


def _ids(value: Json) -> list[int]:
    items = value if isinstance(value, list) else []
    return [i for i in items if isinstance(i, int) and not isinstance(i, bool)]


def _public_players(public: Mapping[str, Json]) -> dict[int, JsonObject]:
    """The ``players`` entries of ``public_json`` by id (for the WoK fields)."""
    players = public.get("players")
    found: dict[int, JsonObject] = {}
    for entry in players if isinstance(players, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("id"), int):
            ident = entry["id"]
            assert isinstance(ident, int)
            found[ident] = entry
    return found


def _human(
    config: GameConfig,
    seat: SeatId,
    sides: Sequence[PublicSide],
    places: Mapping[int, int],
    extra: Mapping[int, JsonObject],
) -> Entry:
    """A human's entry: the best place of the sides he played."""
    best = min(sides, key=lambda side: places[side.id])
    points = [extra.get(side.id, {}).get("turn_points") for side in sides]
    counted = [p for p in points if isinstance(p, int)]
    try:
        key, name = config.player(seat).email.lower(), config.player(seat).name
    except ConfigError:  # a seat game.yaml does not list: the rules' name, no address
        key, name = f"name:{best.name}", best.name
    return Entry(
        key=key,
        name=name,
        bot=False,
        place=places[best.id],
        seat=seat,
        turn_points=max(counted) if counted else None,
        quit=all(extra.get(side.id, {}).get("quit_on") is not None for side in sides),
    )


def _left(
    by_seat: Mapping[SeatId, Sequence[PublicSide]],
    extra: Mapping[int, JsonObject],
    quitters: Mapping[int, Sequence[str]],
    held: int,
) -> list[Entry]:
    """The players who quit a seat a newcomer took over (each side's ``before``, a
    Duel's colours together), placed after the ``held`` entries of those who held a seat
    at the end, by their turn points."""
    found: list[tuple[str, str, int, int | None]] = []
    for seat, sides in sorted(by_seat.items()):
        befores = [_befores(extra.get(side.id, {})) for side in sides]
        addresses = quitters.get(int(seat), ())
        for index in range(max(map(len, befores), default=0)):
            each = [before[index] for before in befores if index < len(before)]
            names = [str(left.get("name", "")) for left in each]
            name = names[0][:-1] if len(set(names)) > 1 else names[0]  # a Duel's letters
            counted = [p for p in (left.get("turn_points") for left in each) if _whole(p)]
            points = max(counted) if counted else None
            key = addresses[index].lower() if index < len(addresses) else f"name:{name}"
            found.append((key, name, int(seat), points))
    found.sort(key=lambda left: -(left[3] or 0))
    places = shared_places([-(left[3] or 0) for left in found])
    return [
        Entry(
            key=key,
            name=name,
            bot=False,
            place=held + place,
            seat=seat,
            turn_points=points,
            quit=True,
            left=True,
        )
        for (key, name, seat, points), place in zip(found, places, strict=True)
    ]


def _befores(player: Mapping[str, Json]) -> list[JsonObject]:
    before = player.get("before")
    return [left for left in before if isinstance(left, dict)] if isinstance(before, list) else []


def _whole(value: Json) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def finished_games(games_dir: Path, skipped: list[Unreadable] | None = None) -> list[Finished]:
    """Every finished game with placings in ``games_dir`` (a folder that is no game is
    passed over; a game that cannot be read too, told to ``skipped`` when given: the
    ratings would leave it out without a word)."""
    found = []
    for game in scan_games(games_dir).games():
        if isinstance(game, Unreadable):
            if skipped is not None:
                skipped.append(game)
            continue
        try:
            state = game.state()
            finished = game.meta().get("ran_at", "")
            result = result_of(
                game.ruleset,
                game.config,
                state,
                finished,
                game.store.root.name,
                quitters(game.store, game.latest_turn()),
            )
        except (StoreError, ConfigError, KeyError, ValueError, OSError) as exc:
            if skipped is not None:
                skipped.append(Unreadable(folder=game.store.root, reason=str(exc)))
            continue
        if result is not None:
            found.append(result)
    return found
