"""People across games: one name a person (WoK IV: "If you have chosen the name for your
character pleaz stick to it for all future games you play in - the use of multiple names is
NOT allowed"), the addresses that proved themselves theirs (a confirmed JOIN), the games
they played and how each ended, and the group that history puts them in (WoK IV: "We offer
Groups for "Beginner" (0-2 games finished, none won) or "Advanced" (3+ games finished or
1+ won)")."""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from string import ascii_uppercase

from wtg.core.record import Record
from wtg.core.textwidth import text_width
from wtg.game.gameconfig import (
    NAME_MAX_LENGTH,
    ConfigError,
    PlayerEntry,
    check_player,
    check_text,
)
from wtg.game.registry import GAME_SEATING
from wtg.host.results import Entry, Finished
from wtg.lobby.authority import claiming
from wtg.lobby.database import FILE, FOLDER, LobbyDatabase, same, stamp, torn_said
from wtg.lobby.lookalikes import alike, posing
from wtg.lobby.sentencenames import sentence_word
from wtg.text import homoglyphs
from wtg.text.addresses import bare_address, mailbox_of

BEGINNER = "beginner"
ADVANCED = "advanced"
ANY = "any"
GROUPS = (BEGINNER, ADVANCED, ANY)
ADVANCED_AFTER = 3
"""Games finished that make a player Advanced (or one won)."""

WON = "won"
FINISHED = "finished"
QUIT = "quit"
REPLACED = "replaced"
"""The results of a play: the game won, played to its end, left (QUIT), or taken over."""


class Person(Record):
    id: int
    name: str
    addresses: tuple[str, ...]
    finished: int
    won: int

    @property
    def group(self) -> str:
        return group_of(self.finished, self.won)


def group_of(finished: int, won: int) -> str:
    """Beginner: 0-2 games finished, none won; Advanced: 3+ finished or one won."""
    return ADVANCED if finished >= ADVANCED_AFTER or won else BEGINNER


def fits(group: str, person: Person | None) -> bool:
    """Whether a list of ``group`` takes the person (a newcomer is a Beginner)."""
    mine = person.group if person is not None else BEGINNER
    return group in (ANY, mine)


def person_of(book: LobbyDatabase, address: str) -> Person | None:
    """The person a confirmed address belongs to."""
    row = book.row("SELECT person FROM addresses WHERE address = ?", address.lower())
    return None if row is None else person(book, int(row["person"]))


def person(book: LobbyDatabase, ident: int) -> Person:
    row = book.row("SELECT id, name FROM people WHERE id = ?", ident)
    if row is None:
        raise KeyError(f"no person {ident}")
    addresses = tuple(
        str(r["address"])
        for r in book.rows("SELECT address FROM addresses WHERE person = ? ORDER BY 1", ident)
    )
    results = [
        str(r["result"]) for r in book.rows("SELECT result FROM plays WHERE person = ?", ident)
    ]
    finished = sum(1 for r in results if r in (WON, FINISHED))
    return Person(ident, str(row["name"]), addresses, finished, results.count(WON))


def name_problem(
    book: LobbyDatabase,
    name: str,
    address: str,
    host: str = "",
    seats: Iterable[tuple[str, PlayerEntry]] = (),
    sides: Iterable[tuple[str, PlayerEntry]] = (),
    places: Iterable[str] = (),
    dashed: Collection[str] = (),
) -> str | None:
    """Why ``address`` may not play as ``name``, or None: a name with a control character
    or too long (for a newcomer, wider than ``NAME_MAX_LENGTH`` columns too: a letter of
    Chinese, Japanese or Korean fills two, and a name of 40 of them is wider than a line of
    the others' reports), another person's name, or not the name this person already plays as; for
    a newcomer, a name that would pass for another (``wtg.lobby.lookalikes``; ``host``: the
    host's From), or the name of a seat of ``seats`` (each with its game's name: the games
    here, whose players the book may not know) played from another address, or of a side of
    ``sides`` (the same, named as a game's sides are where one player plays several: a
    Duel's or Trinity's colours, ``AnnA``; each as its seat's entry with the side's name),
    or a name that reads as a word of the host's sentences, a turn, or one of ``places``
    (the names of the games here and of the waiting lists: ``sentencenames``). A seat is
    played from ``address`` when it is of the same mailbox (``mailbox_of``: ``bob+war@`` is
    ``bob@``'s, and ``bob-war@`` at a domain of ``dashed``): Bob joins under his name from
    his sub-address, as his STATUS from it is his."""
    try:
        check_text("the name", name, NAME_MAX_LENGTH)
    except ConfigError as error:
        return str(error)
    mine = person_of(book, address)
    columns = text_width(name)
    if mine is None and columns > NAME_MAX_LENGTH:
        return (
            f"the name {name} fills {columns} columns of a report (a Chinese, Japanese or "
            f"Korean letter fills two): at most {NAME_MAX_LENGTH}; choose a shorter one with "
            "AS <name>"
        )
    if mine is not None and same(mine.name) != same(name):
        return (
            f"you play as {mine.name}: one name a person, in every game (leave out AS, or "
            f"write AS {mine.name})"
        )
    posed = (
        (posing(name, host) or claiming(name) or sentence_word(name, places))
        if mine is None
        else None
    )
    if posed is not None:
        return posed
    mixed = look_alike_alphabets(name)
    if mine is None and mixed:
        return (
            f"the name {name} mixes {' and '.join(mixed)} letters, which look alike (a Latin "
            "A and a Cyrillic А): write it in one alphabet, with AS <name>"
        )
    holder = book.row("SELECT id FROM people WHERE name_key = ?", same(name))
    if holder is not None and (mine is None or int(holder["id"]) != mine.id):
        return f"the name {name} is another player's; choose another with AS <name>"
    twin = reads_like(book, name) if mine is None else None
    if twin is not None:
        return (
            f"the name {name} reads as {twin}, another player's name, in the letters a mail "
            "shows: choose another with AS <name>"
        )
    coloured_as = colour_named(book, name, address, seats, dashed) if mine is None else None
    if coloured_as is not None:
        return (
            f"the name {name} reads as the name the host gives a colour of {coloured_as}'s "
            f"in a Duel or Trinity ({coloured_as}A, {coloured_as}B, ...): in such a game it "
            "would pass for that colour: choose another with AS <name>"
        )
    seated = seat_named(name, address, seats, dashed=dashed) if mine is None else None
    if seated is not None:
        game, entry = seated
        return (
            f"the name {name} is player {entry.id}'s in game {game}, from another address: "
            f"choose another with AS <name> (or JOIN from the address you play {game} from)"
        )
    coloured = seat_named(name, address, sides, colour_alike, dashed) if mine is None else None
    if coloured is not None:
        game, entry = coloured
        return (
            f"the name {name} reads as {entry.name}, the name of a colour of player "
            f"{entry.id}'s in game {game}, from another address: in its reports and press, "
            "and beside it in any game, it would pass for that colour: choose another with "
            f"AS <name> (or JOIN from the address you play {game} from)"
        )
    return None


def seat_named(
    name: str,
    address: str,
    seats: Iterable[tuple[str, PlayerEntry]],
    reads: Callable[[str, str], bool] = alike,
    dashed: Collection[str] = (),
) -> tuple[str, PlayerEntry] | None:
    """The seat of ``seats`` (with its game's name) that plays under ``name``, or a name
    that reads as it (``reads``), from a mailbox other than that of ``address`` (each
    folded by ``mailbox_of`` with ``dashed``); None when there is none. A game the GM made
    (`wtg new-game`) names players the book does not know: a stranger who took one's name
    would pass for him, and the player himself would be refused it."""
    mine = mailbox_of(address.lower(), dashed)
    for game, entry in seats:
        if mailbox_of(bare_address(entry.email), dashed) == mine:
            continue
        if reads(entry.name, name):
            return game, entry
    return None


COLOUR_LETTERS = ascii_uppercase[
    : max(seating.colours for seatings in GAME_SEATING.values() for seating in seatings)
]
"""The letters a Duel's or Trinity's colours are named by after their player's name (``AnnA``,
``AnnB``, ``AnnC``: ``wtg.rules.standard.setup``), as many as the most colours a human plays
in any ruleset's seating (read from the registrations, without the rules)."""


def colour_named(
    book: LobbyDatabase,
    name: str,
    address: str,
    seats: Iterable[tuple[str, PlayerEntry]] = (),
    dashed: Collection[str] = (),
) -> str | None:
    """The name of a person, or of a seat of ``seats`` played from another address, whose
    colour in a Duel or Trinity ``name`` reads as (``AnnA``, ``Ann B`` beside Ann: one of
    ``COLOUR_LETTERS`` in capitals after a name that reads as his), or None. A newcomer
    who took AnnA before Ann played a Duel passed for her first colour once she did."""
    plain = unicodedata.normalize("NFKC", name).rstrip()
    if len(plain) < 2 or plain[-1] not in COLOUR_LETTERS or not plain[:-1].strip():
        return None
    base = plain[:-1]
    twin = reads_like(book, base)
    if twin is not None:
        return twin
    seated = seat_named(base, address, seats, dashed=dashed)
    return seated[1].name if seated is not None else None


def colour_alike(side: str, name: str) -> bool:
    """Whether ``name`` reads as the side's name ``side`` (``alike``), where a side named as
    a colour (``AnnA``: a player's name, then one of ``COLOUR_LETTERS``) is told by its
    capital letter: ``Anna``, ``annc`` or ``bob-b``, ending in a small letter, are names of
    their own beside Ann's AnnA and AnnC and Bob's BobB; ``ANNA``, ``annC`` or ``Ann A``
    read as the colour. So ``colour_named`` reads a name before the player has colours:
    before Ann played a Duel, Anna joined, and after it she was refused."""
    if not alike(side, name):
        return False
    mine, theirs = _last_letter(name), _last_letter(side)
    return not (theirs in COLOUR_LETTERS and mine.islower())


def _last_letter(name: str) -> str:
    plain = unicodedata.normalize("NFKC", name).rstrip()
    return plain[-1] if plain else ""


def colours_problem(book: LobbyDatabase, name: str, address: str, colours: int) -> str | None:
    """Why the player of ``address``, named ``name``, may not play a game where each player
    plays ``colours`` colours (a Duel's three, named ``AnnA``, ``AnnB``, ``AnnC`` after his
    name), or None: another person of the book is named as one of them reads (a name an
    older wtg took, before a new one was refused as a colour: ``colour_named``), and in the
    game's reports and press, the lists and the Top Ten, the colour and that person would
    be one. The player is told, and may play any game without colours; the other keeps his
    name (one name a person, in every game)."""
    if colours < 2:
        return None
    mine = person_of(book, address)
    named = [f"{name}{letter}" for letter in COLOUR_LETTERS[:colours]]
    for row in book.rows("SELECT id, name FROM people"):
        if mine is not None and int(row["id"]) == mine.id:
            continue
        other = str(row["name"])
        clash = next((colour for colour in named if colour_alike(colour, other)), None)
        if clash is not None:
            listed = f"{', '.join(named[:-1])} and {named[-1]}"
            return (
                f"in a game of colours your colours are named {listed}, and {clash} reads "
                f"as {other}, another player's name: the two would pass for each other in "
                "the game's reports and press. You can play any game without colours (LIST "
                "shows the waiting lists)"
            )
    return None


def reads_like(book: LobbyDatabase, name: str) -> str | None:
    """The name of a person that ``name`` reads as (``wtg.lobby.lookalikes.alike``: ``AIice``
    with a capital I as Alice, ``ВОВ`` in Cyrillic or ``b-o-b`` as BOB), or None."""
    for row in book.rows("SELECT name FROM people"):
        if alike(str(row["name"]), name):
            return str(row["name"])
    return None


LOOK_ALIKE = ("Latin", "Greek", "Cyrillic", "Armenian", "Cherokee", "Coptic", "Lisu", "Canadian")
"""The alphabets whose letters look alike: a name that mixes them could pass for another's
(``Аlice`` with a Cyrillic А in press beside Alice's; ``Ꭺnn`` with a Cherokee Ꭺ, ``Bօb`` with
an Armenian օ, ``ꓮnn`` with a Lisu ꓮ, ``ᗅnn`` with a Canadian syllabic ᗅ beside Ann's), in a
word or in two (``Game Маѕтег``, its second word Cyrillic, reads as Game Master: Unicode's
confusables read no Cyrillic ``т`` as a T). A word's Latin letters mix with no other
script's but those of ``homoglyphs.BESIDE_LATIN`` (Chinese, Japanese, Korean): ``ᥑnn`` with
a Tai Le letter, ``𐊠nn`` with a Carian one, are refused too."""


def look_alike_alphabets(name: str) -> list[str]:
    """The alphabets of ``LOOK_ALIKE`` whose letters ``name`` holds, when more than one; or
    Latin and the other scripts a word of ``name`` is of, when it mixes Latin letters with
    those of a script not in ``homoglyphs.BESIDE_LATIN``. A word of another script beside
    Latin words is a real person's name written twice (``Dev देव``, ``M. عبدالله``), and
    each word reads as itself; inside a word, a letter of another script is what passes
    for a Latin one (docs/mail.md)."""
    plain = unicodedata.normalize("NFKC", name)
    for word in plain.split():
        found = homoglyphs.scripts(word)
        beside = [named for named in found if named not in homoglyphs.BESIDE_LATIN]
        if "Latin" in found and len(beside) > 1:
            return ["Latin", *(named for named in beside if named != "Latin")]
    mixed = [alphabet for alphabet in LOOK_ALIKE if alphabet in homoglyphs.scripts(plain)]
    return mixed if len(mixed) > 1 else []


def player_problem(name: str, address: str) -> str | None:
    """Why a game could not take a player of this name and address (the check of every
    game's players: ``check_player``), or None. An address mail delivers but wtg cannot put
    in a game (``"e,vil"@example.org``, ``evil@[192.0.2.1]``) is refused at JOIN, never
    left to stop the game made of the list."""
    try:
        check_player(name, address)
    except ConfigError as error:
        return str(error).rstrip(".")  # a refusal's sentence ends it
    return None


def confirm_address(db: sqlite3.Connection, address: str, name: str, moment: datetime) -> int:
    """The person of ``address`` (made, with ``name``, when the address is new), inside the
    caller's transaction; the address is confirmed from now on."""
    found = db.execute("SELECT person FROM addresses WHERE address = ?", (address,)).fetchone()
    if found is not None:
        return int(found[0])
    cursor = db.execute(  # the name is checked first (name_problem): UNIQUE holds it
        "INSERT INTO people (name, name_key, since) VALUES (?, ?, ?)",
        (name, same(name), stamp(moment)),
    )
    ident = int(cursor.lastrowid or 0)
    db.execute(
        "INSERT INTO addresses (address, person, confirmed) VALUES (?, ?, ?)",
        (address, ident, stamp(moment)),
    )
    return ident


def record_play(
    db: sqlite3.Connection, person_id: int, game: str, seat: int, moment: datetime
) -> None:
    db.execute(
        "INSERT OR IGNORE INTO plays (person, game, seat, since) VALUES (?, ?, ?, ?)",
        (person_id, game, seat, stamp(moment)),
    )


def end_play(db: sqlite3.Connection, game: str, seat: int, result: str) -> None:
    """How a play that runs ended (a seat taken over ends its quitter's play as replaced)."""
    db.execute(
        "UPDATE plays SET result = ? WHERE game = ? AND seat = ? AND result IS NULL",
        (result, game, seat),
    )


def playing(book: LobbyDatabase) -> dict[str, list[tuple[int, int]]]:
    """The plays still running, by game: (person, seat)."""
    found: dict[str, list[tuple[int, int]]] = {}
    for row in book.rows("SELECT game, person, seat FROM plays WHERE result IS NULL"):
        found.setdefault(str(row["game"]), []).append((int(row["person"]), int(row["seat"])))
    return found


def everyone(book: LobbyDatabase) -> list[Person]:
    return [
        person(book, int(r["id"])) for r in book.rows("SELECT id FROM people ORDER BY name_key")
    ]


def as_people(games_dir: Path, results: Sequence[Finished]) -> list[Finished]:
    """The games' results with each human known as the person the lobby's book says played
    his seat (``person:<id>``, under his one name), whichever address he played from; a seat
    the book does not know (a game made by ``wtg new-game``) keeps its address key. The
    HiScore and the ratings count people this way. A player who left a seat taken over
    (``Entry.left``) is the person of his address, as the book knows it. Without a book,
    the results as given (and no book is made)."""
    if not (games_dir / FOLDER / FILE).is_file():
        return list(results)
    with torn_said(games_dir), LobbyDatabase(games_dir) as book:
        seats = {
            (str(row["game"]), int(row["seat"])): (int(row["id"]), str(row["name"]))
            for row in book.rows(
                "SELECT plays.game, plays.seat, people.id, people.name FROM plays"
                " JOIN people ON people.id = plays.person"
                " WHERE plays.result IS NULL OR plays.result != ? ORDER BY plays.since",
                REPLACED,
            )
        }
        addresses = {
            str(row["address"]): (int(row["id"]), str(row["name"]))
            for row in book.rows(
                "SELECT addresses.address, people.id, people.name FROM addresses"
                " JOIN people ON people.id = addresses.person"
            )
        }
    return [
        Finished(
            game=result.game,
            finished=result.finished,
            entries=tuple(
                _as_person(
                    entry,
                    addresses.get(entry.key)
                    if entry.left
                    else seats.get((result.game, entry.seat or 0)),
                )
                for entry in result.entries
            ),
            ruleset=result.ruleset,
            reason=result.reason,
            seats=result.seats,
        )
        for result in results
    ]


def _as_person(entry: Entry, known: tuple[int, str] | None) -> Entry:
    if known is None or entry.bot or entry.seat is None:
        return entry
    ident, name = known
    return Entry(
        key=f"person:{ident}",
        name=name,
        bot=False,
        place=entry.place,
        seat=entry.seat,
        turn_points=entry.turn_points,
        quit=entry.quit,
        left=entry.left,
    )
