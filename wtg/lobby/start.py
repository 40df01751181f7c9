"""Games made from waiting lists: a list's rules checked when it opens (as `wtg new-game`
checks a game), and a game made as soon as it holds enough confirmed players, or, after
``--robots-after`` hours of waiting, with the players there are (robots fill the other
seats where the ruleset has robots; WoK IV: "If a game starts with less then 10 Players all
empty slots are considered like Players that have QUIT"). The seats are dealt in a random
order drawn from the game's seed; each player gets a secret code; turn 0 is run at once,
and `wtg send` mails its reports like any turn's."""

from __future__ import annotations

import contextlib
import random
import shutil
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path

from wtg.core.errors import WtgError
from wtg.core.record import Record
from wtg.core.ruleset import OptionValue, Seating
from wtg.files.filelock import exclusive, held_by_another
from wtg.files.store import FormatRefused, GameLocked, GameStore
from wtg.game.engine import create_game, finish_game, open_game
from wtg.game.gameconfig import PlayerEntry, new_code, new_seed
from wtg.game.newgame import check_count, maps_and_seats, no_map, seating_of
from wtg.game.registry import GAME_SEATING, find_ruleset
from wtg.game.schedule import make_schedule, parse_iso
from wtg.host.gamesdir import GAME_FILE, failure_reason
from wtg.lobby.closedrecord import reconcile
from wtg.lobby.database import LobbyDatabase, stamp
from wtg.lobby.lists import (
    ListRefused,
    Waiting,
    WaitingList,
    all_lists,
    every_list,
    list_name,
    waiting,
)
from wtg.lobby.people import colours_problem, player_problem, record_play

START_LOCK = "start.lock"
BACKUP_LOCK = "backup.lock"
"""Held (beside ``START_LOCK``) by a `wtg backup` while it holds the lists' lock to copy the
spool and the lobby's book: so that the lists' lock busy is said for what it is
(``busy_words``). Removed when the backup lets it go."""


BACKING_UP = (
    "a backup (`wtg backup`) is copying the lobby's book and the mail spool now; no game is "
    "made from the waiting lists meanwhile (the next `run-turn --due` makes them)"
)
"""What a backup holding the lists' lock means (``BACKUP_LOCK``): a `close-list` refused
says it (``busy_words``), and so does a `run-turn --due` that made no game of the lists
(``Starts.waited``)."""


def busy_words(folder: Path) -> str:
    """Why the lists' lock in ``folder`` (the lobby's) is busy, and what to do: a backup
    copying the book, or games being made from the lists."""
    if held_by_another(folder / BACKUP_LOCK):
        return f"{BACKING_UP}: give the command again once the backup has copied them"
    return "games are being made from the waiting lists now: give the command again soon"


TakenOff = Callable[[WaitingList, Waiting, str], bool]
"""Queues, on disk to stay, the mail that tells a player he was taken off the list (the
first) when its game was made, and why (the third: what wtg would refuse, and what he can
do; a start cut short before it took him off tells him once); whether that mail can go
(False: his address is none a mail can go to, and the GM's line says he was not told)."""

ToldBefore = Callable[[WaitingList, Waiting], bool]
"""Whether the mail that tells the player he is taken off the list (``TakenOff``'s, for
this place of his on it) is in the outbox already: queued, mailed or set aside."""


class Started(Record):
    """A game made from a list: its name and its players in seat order."""

    game: str
    list: str
    players: tuple[PlayerEntry, ...]
    failed_after: str = ""
    """What failed after its turn 0 was on disk (the game is made all the same: `wtg send`
    mails its reports), "" when nothing did."""


def checked_list(
    ruleset: str,
    variant: str | None,
    map_name: str | None,
    players: int | None,
    group: str,
    every_days: int | None,
    at: str | None,
    robots_after: float | None,
    moment: datetime,
    zone: str = "UTC",
) -> WaitingList:
    """A list as `wtg open-list` asks for it, checked against the rules (ruleset, variant,
    map, number of players, schedule: its hour ``at`` in ``zone``); ListRefused (or
    NewGameRefused, ScheduleError) says what is wrong."""
    rules = find_ruleset(ruleset)
    seating = seating_of(ruleset, variant, GAME_SEATING[ruleset])
    chosen = map_name or rules.default_map(variant, {})
    maps, seats = maps_and_seats(rules, {})
    if maps is not None and chosen not in maps:
        raise ListRefused(no_map(chosen, ruleset, maps))
    count = players or _default_players(seating, seats.get(chosen))
    options: dict[str, OptionValue] = {}
    if seating.together is not None:
        options[seating.robots_option or "robots"] = 0
    check_count(ruleset, seating, chosen, count, options, seats)
    if robots_after is not None and robots_after < 0:
        raise ListRefused(f"--robots-after takes hours, 0 or more, not {robots_after}")
    hour = None
    if every_days is not None:  # its hour as wtg writes one (9:00 is 09:00), as a game has it
        hour = make_schedule(every_days, at or "18:00", zone, now=moment).at
    return WaitingList(
        name=list_name(ruleset, variant, group),
        ruleset=ruleset,
        variant=variant,
        map=chosen,
        players=count,
        group=group,
        every_days=every_days,
        at=hour,
        robots_after=robots_after,
        opened=stamp(moment),
        games=0,
        timezone=zone if every_days else "UTC",
    )


def _default_players(seating: Seating, on_map: int | None) -> int:
    """A full game: the map's seats, else the most the ruleset takes."""
    most = seating.together[1] if seating.together else seating.most
    candidates = [n for n in (on_map, most) if n]
    return min(candidates) if candidates else max(seating.least, 2)


def least_players(wl: WaitingList) -> int:
    """The fewest humans a game of the list may start with after its wait."""
    seating = seating_of(wl.ruleset, wl.variant, GAME_SEATING[wl.ruleset])
    if seating.together is not None:
        return 1
    return max(seating.least, 1)


def ready_to_start(wl: WaitingList, players: Sequence[Waiting], moment: datetime) -> bool:
    """Full, or waited ``robots_after`` hours since the first confirmed player with enough."""
    if len(players) >= wl.players:
        return True
    if wl.robots_after is None or not players or len(players) < least_players(wl):
        return False
    first = min(parse_iso(p.since) for p in players)
    return moment - first >= timedelta(hours=wl.robots_after)


class Starts(Record):
    """What a start of the full lists did: the games made (and those a crash left half made
    and finished now), and a line for each list, game or waiting player it could not make
    one of or with (reported, and skipped: the other lists go on)."""

    started: tuple[Started, ...] = ()
    problems: tuple[str, ...] = ()
    waited: str = ""
    """Why no list was looked at, when a backup held them (``BACKING_UP``): the next start
    makes their games. Empty when the lists were looked at, or when another start had them
    (it makes the games)."""
    held: tuple[str, ...] = ()
    """The lists, by name, that were ready to start when a backup held them (``waited``):
    their games wait for the backup, and a hung one keeps them waiting (`run-turn --due -q`
    says it then, and only then: ``ready_lists``)."""


def start_due(
    book: LobbyDatabase,
    games_dir: Path,
    moment: datetime,
    tell: TakenOff,
    told: ToldBefore | None = None,
) -> Starts:
    """Make a game of every list ready to start; the games made. One process at a time
    (a poll and a `run-turn --due` may meet here): the other leaves it to the first. A
    list whose game cannot be made is reported and left as it is; the others go on. A
    player a game cannot take is told by mail (``tell``) before he is taken off; one still
    on a list whose mail is in the outbox already (``told``) is taken off first."""
    made: list[Started] = []
    problems: list[str] = []
    try:
        with exclusive(book.path.parent / START_LOCK, lambda: ListsBusy()):
            made += repair(book, games_dir, moment, problems)
            reconcile(book, problems)  # a list closed, its book put back from before
            _finish_leaving(book, problems, tell)
            if told is not None:
                _told_already(book, problems, told)
            for wl in all_lists(book):
                try:
                    made += _start_list(book, games_dir, wl, moment, problems, tell)
                except Exception as exc:  # a list, its players or its game: never the others'
                    problems.append(f"waiting list {wl.name}: no game made: {failure_reason(exc)}")
    except ListsBusy:
        if not held_by_another(book.path.parent / BACKUP_LOCK):
            return Starts(tuple(made), tuple(problems))  # another start makes them
        return Starts(tuple(made), tuple(problems), BACKING_UP, ready_lists(book, moment, told))
    return Starts(tuple(made), tuple(problems))


def ready_lists(
    book: LobbyDatabase, moment: datetime, told: ToldBefore | None = None
) -> tuple[str, ...]:
    """The lists, by name, whose game a start would make now: ready to start with the
    players it would keep (``_playable``'s, judged without its writes: a player a game
    cannot take is not counted, nor one a start cut short was taking off, whose ``leaving``
    row the next start finishes whatever his cause is now: ``_finish_leaving``, nor one
    whose mail telling him he is off lies in the outbox already, ``told``: ``_told_already``).
    Read only, for a start a backup holds back."""
    leaving = _leaving_rows(book)
    ready = []
    for wl in all_lists(book):
        colours = seating_of(wl.ruleset, wl.variant, GAME_SEATING[wl.ruleset]).colours
        players = [
            player
            for player in waiting(book, wl.name)
            if (wl.name, player.person, player.since) not in leaving
            and not _told_off(told, wl, player)
            and player_problem(player.name, player.address) is None
            and colours_problem(book, player.name, player.address, colours) is None
        ]
        if ready_to_start(wl, players, moment):
            ready.append(wl.name)
    return tuple(ready)


def _told_off(told: ToldBefore | None, wl: WaitingList, player: Waiting) -> bool:
    """Whether the outbox holds the mail telling ``player`` he is off ``wl`` (``told``): the
    next start takes him off as it says. An outbox that cannot be read: not known, counted
    as the start goes on."""
    if told is None:
        return False
    try:
        return told(wl, player)
    except Exception:  # as ``_told_already``: the start goes on as before
        return False


def _leaving_rows(book: LobbyDatabase) -> set[tuple[str, int, str]]:
    """The ``leaving`` rows of the book, each its list, person and since: the players a start
    cut short was taking off (none in a book of an older format, read only)."""
    if book.row("SELECT name FROM sqlite_master WHERE name = 'leaving'") is None:
        return set()
    return {
        (str(row["list"]), int(row["person"]), str(row["since"]))
        for row in book.rows("SELECT list, person, since FROM leaving")
    }


def _start_list(
    book: LobbyDatabase,
    games_dir: Path,
    wl: WaitingList,
    moment: datetime,
    problems: list[str],
    tell: TakenOff,
) -> list[Started]:
    """The games made of one list while it is ready to start."""
    made: list[Started] = []
    players = _playable(book, wl, waiting(book, wl.name), problems, tell)
    while ready_to_start(wl, players, moment):
        made.append(start_game(book, games_dir, wl, players[: wl.players], moment))
        if made[-1].failed_after:
            problems.append(_failed_after(made[-1]))
        wl = next(w for w in all_lists(book) if w.name == wl.name)
        players = _playable(book, wl, waiting(book, wl.name), problems, tell)
    return made


def _playable(
    book: LobbyDatabase,
    wl: WaitingList,
    players: Sequence[Waiting],
    problems: list[str],
    tell: TakenOff,
) -> list[Waiting]:
    """The players waiting on a list that a game can take: one whose name or address wtg
    would refuse in a game (a JOIN of an older wtg, which did not ask), or whose colours
    would read as another person's name (``people.colours_problem``), is told so by mail
    (``tell``: queued on disk first, so that a kill before he is taken off tells him no
    second time, and one after has told him), taken off the list, and reported. His
    ``leaving`` row, written before the mail, has the next start finish a kill between
    (``_finish_leaving``): before, one whose cause was gone by then kept him on the list,
    told he was off."""
    kept: list[Waiting] = []
    colours = seating_of(wl.ruleset, wl.variant, GAME_SEATING[wl.ruleset]).colours
    for player in players:
        problem = player_problem(player.name, player.address) or colours_problem(
            book, player.name, player.address, colours
        )
        if problem is None:
            kept.append(player)
            continue
        with book.write() as db:
            db.execute(
                "INSERT OR REPLACE INTO leaving (list, person, since, reason) VALUES (?, ?, ?, ?)",
                (wl.name, player.person, player.since, problem),
            )
        _take_off(book, wl, player, problem, problems, tell)
    return kept


def _take_off(
    book: LobbyDatabase,
    wl: WaitingList,
    player: Waiting,
    problem: str,
    problems: list[str],
    tell: TakenOff,
) -> None:
    """A player the list's game cannot take (his ``leaving`` row written) told by mail,
    then taken off the list, the row gone with his entry, in one transaction."""
    told = tell(wl, player, problem)
    with book.write() as db:
        db.execute(
            "DELETE FROM entries WHERE list = ? AND person = ? AND since = ? AND game IS NULL",
            (wl.name, player.person, player.since),
        )
        db.execute(
            "DELETE FROM leaving WHERE list = ? AND person = ? AND since = ?",
            (wl.name, player.person, player.since),
        )
    problems.append(
        f"waiting list {wl.name}: {player.name} taken off ({_told(told)}), who cannot "
        f"play: {problem}"
    )


def _finish_leaving(book: LobbyDatabase, problems: list[str], tell: TakenOff) -> None:
    """The players a start cut short was taking off a list (``leaving``): each still on
    it is told (the same mail: queued once) and taken off, for the reason he was told,
    even when it holds no more (his mail may be queued or mailed already: never told he
    is off while he waits on); a row whose entry is gone (he left the list, or it was
    closed) is dropped."""
    if book.row("SELECT name FROM sqlite_master WHERE name = 'leaving'") is None:
        return  # a book of an older format, read only: nothing was under way in it
    lists = {wl.name: wl for wl in every_list(book)}
    for row in book.rows("SELECT list, person, since, reason FROM leaving ORDER BY since"):
        name, person, since = str(row["list"]), int(row["person"]), str(row["since"])
        wl = lists.get(name)
        player = next(
            (p for p in waiting(book, name) if (p.person, p.since) == (person, since)), None
        )
        if wl is None or player is None:
            with book.write() as db:
                db.execute(
                    "DELETE FROM leaving WHERE list = ? AND person = ? AND since = ?",
                    (name, person, since),
                )
            continue
        _take_off(book, wl, player, str(row["reason"]), problems, tell)


def _told_already(book: LobbyDatabase, problems: list[str], told: ToldBefore) -> None:
    """The players still waiting on a list whose mail telling them they are off it is in
    the outbox (``told``), with no ``leaving`` row: the book is older than the outbox, as
    after the book alone was put back from a copy taken before his row was written (a
    backup's, `wtg upgrade`'s). Each is taken off as his mail says (no second mail: it is
    queued or mailed already), the GM told; before, he waited on, seated perhaps, while the
    mail told him he was off."""
    for wl in every_list(book):
        for player in waiting(book, wl.name):
            try:
                mailed = told(wl, player)
            except Exception as exc:  # the outbox unreadable: the start goes on as before
                problems.append(
                    f"waiting list {wl.name}: whether {player.name} was told he is off it is "
                    f"not known: {failure_reason(exc)}"
                )
                continue
            if not mailed:
                continue
            with book.write() as db:
                db.execute(
                    "DELETE FROM entries WHERE list = ? AND person = ? AND since = ? "
                    "AND game IS NULL",
                    (wl.name, player.person, player.since),
                )
            problems.append(
                f"waiting list {wl.name}: {player.name} taken off, as the mail in the outbox "
                "tells him (the lobby's book had him waiting still: a copy older than the "
                "outbox put back?)"
            )


def _told(told: bool) -> str:
    """How a player taken off a list heard of it, as the GM's line says it."""
    if told:
        return "told by mail"
    return "not told: no mail can go to his address, and wtg send sets it aside as failed"


class ListsBusy(WtgError):
    """Another process is making games from the lists: a poll leaves the making to it, and
    a GM's command on a list (close-list) is refused until it is done."""


def start_game(
    book: LobbyDatabase,
    games_dir: Path,
    wl: WaitingList,
    players: Sequence[Waiting],
    moment: datetime,
) -> Started:
    """Make the list's next game of ``players``: seats in a random order drawn from the seed;
    the players marked as gone to it, and their plays recorded, in one transaction, before
    the game is made (a crash between the two: ``repair``). A game that cannot be made
    leaves nothing behind: its players wait again, its folder is gone."""
    seed = new_seed()
    order = sorted(players, key=lambda p: (p.since, p.person))
    random.Random(seed).shuffle(order)
    entries = [PlayerEntry(seat, p.name, p.address, new_code()) for seat, p in enumerate(order, 1)]
    number = wl.games + 1
    while (games_dir / f"{wl.name}-{number}").exists():
        number += 1
    name = f"{wl.name}-{number}"
    seating = seating_of(wl.ruleset, wl.variant, GAME_SEATING[wl.ruleset])
    options: dict[str, OptionValue] = {}
    if seating.together is not None:
        options[seating.robots_option or "robots"] = max(0, wl.players - len(entries))
    schedule = (
        make_schedule(wl.every_days, wl.at or "18:00", wl.timezone, now=moment)
        if wl.every_days
        else None
    )
    _reserve(book, wl.name, name, number, order, entries, moment)
    try:
        create_game(
            games_dir / name,
            wl.ruleset,
            wl.map,
            entries,
            seed,
            wl.variant,
            options=options,
            schedule=schedule,
            now=moment,
        )
    except BaseException as exc:
        if not GameStore(games_dir / name).turns():
            _undo(book, games_dir, name)
            raise
        _made(book, name)  # its turn 0 on disk: made (wtg send mails its reports), as a
        if not isinstance(exc, Exception):  # kill after it leaves it (``repair``)
            raise
        return Started(name, wl.name, tuple(entries), failure_reason(exc))
    _made(book, name)
    return Started(name, wl.name, tuple(entries))


def _reserve(
    book: LobbyDatabase,
    list_name: str,
    game: str,
    number: int,
    order: Sequence[Waiting],
    entries: Sequence[PlayerEntry],
    moment: datetime,
) -> None:
    """The players marked as gone to ``game`` and their plays recorded, in one transaction,
    before the game is made (``repair`` finishes or undoes a game a crash left half made)."""
    with book.write() as db:
        db.execute("UPDATE lists SET games = ? WHERE name = ?", (number, list_name))
        db.execute("INSERT OR REPLACE INTO making (game, list) VALUES (?, ?)", (game, list_name))
        for entry, player in zip(entries, order, strict=True):
            db.execute(
                "UPDATE entries SET game = ? WHERE list = ? AND person = ? AND game IS NULL",
                (game, list_name, player.person),
            )
            record_play(db, player.person, game, entry.id, moment)


def _failed_after(started: Started) -> str:
    """The GM's line for a game made though its making failed after its turn 0."""
    return (
        f"game {started.game} made from the waiting list {started.list}, though its making "
        f"failed after its turn 0 was on disk: {started.failed_after}"
    )


def _release(book: LobbyDatabase, game: str) -> None:
    """A game not made: its players back on their list, and its number given back to the
    list when no later game took one (the next game made of the list is called as this
    one was: a kill between the reservation and game.yaml skips no number)."""
    with book.write() as db:
        found = db.execute(
            "SELECT list FROM making WHERE game = ? UNION SELECT list FROM entries WHERE game = ?",
            (game, game),
        ).fetchall()
        for (list_name,) in found:
            number = game.removeprefix(f"{list_name}-")
            if number != game and number.isascii() and number.isdigit():
                db.execute(
                    "UPDATE lists SET games = ? WHERE name = ? AND games = ?",
                    (int(number) - 1, list_name, int(number)),
                )
        db.execute("UPDATE entries SET game = NULL WHERE game = ?", (game,))
        db.execute("DELETE FROM plays WHERE game = ?", (game,))
        db.execute("DELETE FROM making WHERE game = ?", (game,))


def _made(book: LobbyDatabase, game: str) -> None:
    """The game is made whole (its turn 0 on disk): no crash can leave it half made now."""
    with book.write() as db:
        db.execute("DELETE FROM making WHERE game = ?", (game,))


def made_at(book: LobbyDatabase, games_dir: Path, at: str) -> list[Started]:
    """The games made of a list at the moment ``at`` (as the book stamps it): those a
    reading of a mail started, found again when the mail is read again after a kill that
    cut the first reading short before it could say so."""
    rows = book.rows(
        "SELECT DISTINCT entries.game, entries.list FROM entries JOIN plays "
        "ON plays.game = entries.game AND plays.person = entries.person "
        "WHERE plays.since = ? ORDER BY entries.game",
        at,
    )
    return [
        Started(str(row["game"]), str(row["list"]), _players_of(GameStore(games_dir / row["game"])))
        for row in rows
    ]


def _players_of(store: GameStore) -> tuple[PlayerEntry, ...]:
    """The players of a game made whole, in seat order (none when its config cannot be
    read now: the game is said made all the same)."""
    try:
        return tuple(open_game(store.root).config.players)
    except Exception:  # the GM's data: what it holds is the game's, not the lobby's
        return ()


def _undo(book: LobbyDatabase, games_dir: Path, game: str) -> None:
    """A game that could not be made: its players back on their list, and what was made of
    its folder gone (the name was free when it was reserved: nothing in it is anyone
    else's), its game.yaml first: a kill inside the removal leaves a folder that is no game,
    which the next start undoes again, never a game.yaml without the folder's format (which
    no start could finish nor undo, refused as an older format)."""
    folder = games_dir / game
    if folder.is_dir() and not GameStore(folder).turns():
        with contextlib.suppress(OSError):  # first: no game, whatever a kill leaves of it
            (folder / GAME_FILE).unlink(missing_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
    _release(book, game)


def repair(
    book: LobbyDatabase, games_dir: Path, moment: datetime, problems: list[str] | None = None
) -> list[Started]:
    """The games a crash left half made (their players reserved, their turn 0 never
    written): finished, when their ``game.yaml`` was written (turn 0 run from it), else
    undone (the players back on their list). The games so finished. A game made whole is
    never undone: one whose folder the GM has since moved away or deleted (an old game
    archived) keeps its players' record, and they stay off the list."""
    finished: list[Started] = []
    making = {str(row[0]) for row in book.rows("SELECT game FROM making")}
    rows = book.rows("SELECT DISTINCT game, list FROM entries WHERE game IS NOT NULL ORDER BY game")
    for row in rows:
        name, list_name = str(row["game"]), str(row["list"])
        store = GameStore(games_dir / name)
        if store.turn_dir(0).is_dir() or store.turns():  # turns(): turn 0 set aside by a rerun
            if name in making:  # made whole, and killed before the book was told: the
                _made(book, name)  # run cut short said nothing of it, this one does
                finished.append(Started(name, list_name, _players_of(store)))
            continue  # made whole (the usual case: one look a game)
        if not store.exists():
            if name in making:
                _undo(book, games_dir, name)
            continue
        try:
            game = finish_game(store.root, now=moment)
        except FormatRefused as exc:  # a folder of an older format (its making begun by an
            if problems is not None:  # older wtg): `wtg upgrade` first, the exception says
                problems.append(
                    f"game {name} (waiting list {list_name}) was left half made by a crash "
                    f"and cannot be finished as it is: {failure_reason(exc)}"
                )
            continue
        except GameLocked:
            continue  # another process has it in hand (a mail naming it): the next time
        except Exception as exc:  # what the crash left cannot be read: made again later
            if store.turns():  # failed after its turn 0 was on disk: made, as start_game has it
                _made(book, name)
                why = failure_reason(exc)
                finished.append(Started(name, list_name, _players_of(store), why))
                if problems is not None:
                    problems.append(_failed_after(finished[-1]))
                continue
            _undo(book, games_dir, name)
            if problems is not None:
                problems.append(
                    f"game {name} (waiting list {list_name}) was left half made by a crash and "
                    f"could not be finished ({failure_reason(exc)}): its players wait again"
                )
            continue
        _made(book, name)
        finished.append(Started(name, list_name, game.config.players))
    return finished
