"""The turn generator's operations on one game: create, take orders, run a turn, read back."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence, Set
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Generic, cast

from typing_extensions import TypeVar

from wtg.aof.orderfile import NOT_A_MAPPING, orders_to_yaml
from wtg.core.errors import GameError, WtgError
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import OrderError, OrderRefused, TakenOverCode, WrongCode
from wtg.core.rng import turn_rng
from wtg.core.ruleset import (
    EndsByHand,
    GameSetup,
    OptionValue,
    Renames,
    Ruleset,
    SeatId,
    SeatSetup,
    State,
    TurnResult,
)
from wtg.data.maps import GAME_MAP, map_copy
from wtg.files.store import DEADLINE_MOVES, DEADLINE_SET, GameStore, StoreError, parsed_turn_file
from wtg.files.yamlcopy import load_yaml_kept
from wtg.game.absences import absent_orders
from wtg.game.configedit import with_players
from wtg.game.gameconfig import (
    ConfigError,
    GameConfig,
    PlayerEntry,
    check_game_name,
    check_new_game,
    placed_problems,
    yaml_problem,
)
from wtg.game.hold import Hold, hold_of
from wtg.game.madewith import (
    Problem,
    made_map,
    map_problem,
    name_problem,
    seat_problems,
    seed_problem,
    variant_problem,
)
from wtg.game.orderfiles import PARSED_SUFFIX, parsed_copy, read_order_file
from wtg.game.playersettings import PlayerSettings
from wtg.game.registry import UnknownRuleset, find_ruleset
from wtg.game.report import aof_text, topten_text
from wtg.game.samerun import RerunChangesNothing, same_run
from wtg.game.schedule import Schedule, moment_text, out_of_years, parse_iso
from wtg.game.takeoverfinish import MARK, finish_cut_short, under_way
from wtg.game.takeovers import taken_after_rerun, taken_from, taken_over
from wtg.game.turnfiles import GM_REPORT, new_meta, turn_files
from wtg.game.turnmeta import TURN_META, TurnMeta, gm_marks, told_by_rerun, turn_meta
from wtg.text.shellcommand import shell_command
from wtg.text.yamllines import YamlLinesError, read_lined_yaml

if TYPE_CHECKING:
    from wtg.game.intake import Submission, Unchanged


REPORTS = "reports/"
"""Where a turn's reports are, in its folder."""
KEPT_AS_THEY_WERE = ("events.json", TURN_META)
"""A turn's files that its files written anew (``turn_files_again``) leave as they are."""


S = TypeVar("S", default=State)
"""The state of the game's ruleset; ``Game`` alone is a game of any ruleset (its states
``State``: only handed back to its ruleset), ``Game[WokState]`` one whose states are read."""
R = TypeVar("R")


class TurnMovedOn(GameError):
    """The turn a run was for has been run meanwhile (by another process)."""


class GameHeld(GameError):
    """The GM holds the game (``wtg hold``): no turn runs until ``wtg release``."""


_Kept = tuple[int, bytes, Json]
"""A turn file as last parsed: its turn, its bytes and their data."""


class TurnFileEdited(StoreError, ConfigError):
    """A turn's ``turn.json`` edited by hand into what wtg cannot read: refused as a slip in
    game.yaml is, by every command (a StoreError), and, as game.yaml's (a ConfigError), its
    players' mail waits in the inbox until the GM mends it (it was quarantined, each mail
    to release)."""


_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
"""A time as a turn's ``turn.json`` holds it (``wtg.game.schedule.iso``)."""


def _stamp_time(text: str) -> datetime | None:
    """The time ``text`` says, when it is one as a turn's ``turn.json`` holds it, of a day
    there is; None when it is not."""
    if _STAMP.fullmatch(text) is None:
        return None
    try:
        return parse_iso(text)
    except ValueError:
        return None


_EDITED = (
    "(edited by hand? turn.json is wtg's record of the turn: put back what it held; a "
    "deadline is moved with `wtg extend {game} HOURS`)"
)
"""What a GM does about a turn.json that cannot be read: a slip in it stopped every command
with Python's words, or, for one that was no JSON, was read as a turn with no deadline."""
_STATE_EDITED = (
    "(edited by hand? state.json is wtg's record of the game after the turn: put back what it held)"
)
"""What a GM does about a state.json that is no state as the rules wrote it: it stopped
every command with Python's words (a KeyError, a TypeError), naming neither the file nor
what to do."""


@dataclass
class Game(Generic[S]):
    """One game: its folder, its config and its rules. Opened by name (``open_game(dir)``)
    it is a ``Game`` of any ruleset; opened with the ruleset (``open_game(dir, RULESET)``)
    its states have the ruleset's type."""

    store: GameStore
    config: GameConfig
    ruleset: Ruleset[S]
    _state_kept: tuple[JsonObject, S] | None = field(default=None, repr=False, compare=False)
    _file_cache: dict[str, _Kept] = field(default_factory=dict, repr=False, compare=False)
    _checked: JsonObject | None = field(default=None, repr=False, compare=False)
    """The latest state file last found to agree with game.yaml (``_check_made_with``)."""
    _config_text: str | None = field(default=None, repr=False, compare=False)
    """game.yaml's text as ``config`` was read from it (None: not read from the file)."""
    _times_checked: Json = field(default=None, repr=False, compare=False)
    """The parsed ``turn.json`` whose times ``meta`` last found good: the same object, the
    file unchanged on disk (``_turn_json``), is not checked again."""

    def __post_init__(self) -> None:
        self.store.when_locked(self._config_again)

    def _config_again(self) -> None:
        """game.yaml read again, the game's lock just taken: the config it was opened with
        was read before the lock, and a writer in between (`wtg new-code`, a takeover) may
        have rewritten it; a command went on from the game.yaml that no longer held (a
        preview, a turn run, with the seat's old code; a new code written over the
        takeover of another seat). Parsed again only when the text changed."""
        text = self.store.config_text()
        if text == self._config_text:
            return
        config = _config_of(self.store, text)
        if config.ruleset != self.ruleset.name:  # edited since: a game keeps its rules
            raise self._other_rules(self.ruleset.name)
        if config != self.config:
            self.config, self._checked = config, None
        self._config_text = text

    def write_players(self, players: Sequence[PlayerEntry]) -> None:
        """game.yaml written again with ``players`` in its seats' entries (a new code, a
        takeover), the rest of its text as the GM wrote it, and the game's config made the
        one it says: a writer that wrote the file beside the game left the game's config as
        it had read it until its next lock."""
        text = with_players(self.store.config_text(), self.config, players)
        self.store.write_config(text)
        self.config, self._config_text = self.config.with_players(players), text
        self._checked = None  # checked against the latest turn again, as an edit is

    def typed(self, ruleset: Ruleset[R]) -> Game[R]:
        """This game, its states of the type ``ruleset`` gives them (a module's ``RULESET``,
        for code that reads them): ``ruleset`` must be the game's own, the very object its
        name finds in the registry (GameError if it is not). The same object, its type
        alone narrowed: a second ``Game`` on the same store added a second ``when_locked``
        hook to it, game.yaml read again twice at every lock, and the first game kept
        alive by its hook after its caller had dropped it."""
        if ruleset is not self.ruleset:
            raise GameError(
                f"game {self.config.game} is a game of {self.ruleset.name}, "
                f"not of {ruleset.name} (or of another object of it)"
            )
        return cast("Game[R]", self)

    # --- reading --------------------------------------------------------------
    def latest_turn(self) -> int:
        return self.store.latest_turn()

    def state(self, turn: int | None = None) -> S:
        """A fresh state object of a turn (the latest by default); callers may change it."""
        return self._read_state(self._state_data(turn), turn)

    def state_view(self, turn: int | None = None) -> S:
        """The state of a turn, shared while its file is unchanged on disk, for the many
        orders one poll files: never change it (``accept`` and ``forecast`` do not)."""
        data = self._state_data(turn)
        kept = self._state_kept
        if kept is None or kept[0] is not data:
            kept = self._state_kept = (data, self._read_state(data, turn))
        return kept[1]

    def check_config(self) -> None:
        """ConfigError when game.yaml says other than the game's latest turn (its ruleset,
        map, variant, players' seats: ``_check_made_with``), for a command that reads no
        state and would act on game.yaml alone (``wtg send``'s reports: a player's entry
        deleted would have gone without his)."""
        self._state_data(None)

    def let_go(self) -> None:
        """Drop what was parsed of the game's turns (its state, its turn files), for a poll
        done with the game: its memory, not a copy to mistrust (``_turn_json`` reads the
        files at every use)."""
        self._state_kept = None
        self._file_cache.clear()

    def _state_data(self, turn: int | None) -> JsonObject:
        """The parsed state file, kept while it is unchanged on disk."""
        number = self.latest_turn() if turn is None else turn
        data = self._turn_json(number, "state.json")
        if not isinstance(data, dict):
            raise StoreError(f"turn {number}'s state.json holds no state (not a JSON object)")
        made = data.get("ruleset")
        if isinstance(made, str) and made != self.ruleset.name:
            raise self._other_rules(made)
        if data is not self._checked and (turn is None or number == self.latest_turn()):
            self._check_made_with(number, data)  # the latest turn: the game as it is now
        return data

    def _read_state(self, data: JsonObject, turn: int | None) -> S:
        """The state ``data`` (turn ``turn``'s state.json, the latest's for None) holds;
        StoreError naming the file when it is not a state as the rules wrote it (a field
        missing, or of another kind: the rules' readers raise KeyError or TypeError)."""
        try:
            return self.ruleset.state_from_dict(data)
        except (KeyError, TypeError, ValueError) as exc:
            number = self.latest_turn() if turn is None else turn
            where = self.store.turn_dir(number) / "state.json"
            what = f"no {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
            raise StoreError(f"{where}: {what} {_STATE_EDITED}") from None

    def _check_made_with(self, number: int, data: JsonObject) -> None:
        """game.yaml against the latest turn's state ``data`` (``wtg.game.madewith``): its
        map, variant and players' seats as the game was made and is played, and the seed
        turn 0 says it was made with; ConfigError, a
        line each problem, for an edit the game cannot follow. The state parsed for it is
        kept for ``state_view``."""
        config, ruleset = self.config, self.ruleset
        own = self.store.root / GAME_MAP
        problems: list[Problem | None] = [variant_problem(config, data.get("variant"))]
        problems.append(seed_problem(config, self._made_seed()))
        problems.append(
            map_problem(
                config,
                made_map(data),
                ruleset.map_names,
                GAME_MAP if own.is_file() else None,
            )
        )
        state = self._read_state(data, number)
        seats: dict[int, str] = {}
        for side in ruleset.public_sides_of(state):
            seat = ruleset.seat_of(state, side.id)
            if seat is not None:
                seats.setdefault(seat, side.name)
        aofs = self.store.turn_dir(number) / "aofs"
        missing = set(seats) - {entry.id for entry in config.players}
        found = {s: aofs / f"p{s:02d}.txt" for s in missing}
        problems.extend(
            seat_problems(config, seats, {s: str(p) for s, p in found.items() if p.is_file()})
        )
        refused = [p for p in problems if p is not None]
        if refused:
            raise ConfigError(*self._placed(refused))
        self._state_kept = (data, state)
        self._checked = data

    def _made_seed(self) -> Json:
        """The seed turn 0's ``turn.json`` says the game was made with (None in a game made
        before it said so, or a file that cannot be read: the turn's own readers say why).
        Read from the file, not through ``_turn_json``, which keeps one ``turn.json``
        parsed, the latest turn's the commands ask for."""
        try:
            return turn_meta(self.store.read_json(0, TURN_META)).get("seed")
        except (StoreError, OSError, ValueError):
            return None

    def _placed(self, problems: list[Problem]) -> list[str]:
        """``problems`` of game.yaml, each a line with the file and its line."""
        try:
            text: str | None = self.store.config_text()
        except (OSError, UnicodeDecodeError):
            text = None
        return placed_problems(problems, str(self.store.root / "game.yaml"), text)

    def _other_rules(self, made: str) -> ConfigError:
        """game.yaml's ``ruleset`` edited away from the one the game was made with, ``made``
        (its turns say so): another ruleset's rules would read its state (Standard's run a
        WoK IV game's turn, WISK's stop on a key it lacks)."""
        path = self.store.root / "game.yaml"
        try:
            where = (
                f"{path}, line {read_lined_yaml(self.store.config_text()).line_of(('ruleset',))}"
            )
        except YamlLinesError:
            where = str(path)
        return ConfigError(
            f"{where}: ruleset: the game was made as {made} (its turns say so) and cannot be "
            f"changed (a game keeps its rules): put back `ruleset: {made}`, or make a new game"
        )

    def _turn_json(self, number: int, name: str) -> Json:
        """A turn's JSON file, read whole at every use and parsed again only when its bytes
        are not those last parsed: whoever wrote it since is seen (a GM's command writing
        beside the game under the lock the game holds, another process, a hand edit), a
        write that left the file's size and time as they were too. Read only while the
        lock was held, it was taken as unchanged, and a deadline moved by `wtg extend`
        was told in reports written after it as the deadline before. The object is the one
        every read gets while the file is unchanged: no caller changes it. Each takes what
        it keeps as its own (``turn_meta``, ``gm_marks``, the rules' ``state_from_dict``),
        or is handed a view it is told never to change (``events_view``, ``state_view``);
        tests/test_turn_files_shared.py changes all it is given and reads the files again."""
        path, raw = self.store.read_turn_bytes(number, name)
        kept = self._file_cache.get(name)
        if kept is not None and kept[0] == number and kept[1] == raw:
            return kept[2]
        data: Json = parsed_turn_file(path, raw)
        self._file_cache[name] = (number, raw, data)
        return data

    def events(self, turn: int) -> list[JsonObject]:
        events: list[JsonObject] = self.store.read_json(turn, "events.json")
        return events

    def events_view(self, turn: int) -> Sequence[JsonObject]:
        """The events of a turn, shared while their file is unchanged on disk, for every
        player's map of the turn (``wtg.maps.source.game_board``): never change them."""
        events = self._turn_json(turn, "events.json")
        if not isinstance(events, list):
            raise StoreError(f"turn {turn}'s events.json holds no events (not a JSON list)")
        return cast("list[JsonObject]", events)

    def meta(self, turn: int | None = None) -> TurnMeta:
        """When a turn ran, the deadline it was due by, and the deadline of the next turn."""
        number = self.latest_turn() if turn is None else turn
        try:
            data = self._turn_json(number, TURN_META)  # read once for its times and marks
            meta = turn_meta(data)
        except StoreError as exc:
            if not (self.store.turn_dir(number) / TURN_META).is_file():
                return {}  # a turn that has none: no deadline, as before
            raise TurnFileEdited(f"{exc} {_EDITED.format(game=self.config.game)}") from None
        if data is self._times_checked:  # an order mail asks twice: checked, then its deadline
            return meta
        stamps: dict[str, object] = {
            key: meta.get(key) for key in ("ran_at", "deadline", "next_deadline")
        }
        marks = gm_marks(data)
        stamps[DEADLINE_SET] = marks.get(DEADLINE_SET)
        for index, move in enumerate(marks.get("moved") or []):  # DEADLINE_MOVES
            for end in ("from", "to"):  # `wtg extend --undo` moves back to a move's from
                moment = move.get(end) if isinstance(move, dict) else None
                # one of no time is not gone by
                if isinstance(moment, str) and _stamp_time(moment) is not None:
                    stamps[f"{DEADLINE_MOVES}[{index}].{end}"] = moment
        for key, stamp in stamps.items():
            if isinstance(stamp, str):
                self._check_stamp(number, key, stamp)
        self._times_checked = data
        return meta

    def _check_stamp(self, number: int, key: str, stamp: str) -> None:
        """Refuse a time of turn ``number``'s ``turn.json`` (``key``: ``ran_at``, a deadline)
        that is none of wtg's: not as it writes one, a day the calendar has not, or a year off
        ``schedule.YEARS`` (9999-12-31T23:59:00Z)."""
        moment = _stamp_time(stamp)  # 2026-02-30T18:00:00Z is none
        good = moment is not None
        doing = "a turn runs" if key == "ran_at" else "a deadline falls"
        wrong = out_of_years(moment, doing) if moment is not None else None
        if good and wrong is None:  # the file's path made only to say what is wrong
            return
        where = f"{self.store.turn_dir(number) / TURN_META}: {key}: {stamp!r}"
        edited = _EDITED.format(game=self.config.game)
        if not good:
            raise TurnFileEdited(
                f"{where} is not a time as wtg writes it (UTC, as 2026-12-06T17:00:00Z) {edited}"
            )
        if key == "next_deadline":  # 9999-12-31T23:59:00Z, written to stop the game
            edited = edited[:-1] + f"; `wtg hold {self.config.game}` stops its turns a while)"
        raise TurnFileEdited(f"{where}: {wrong} {edited}")

    def deadline(self, after: int | None = None) -> datetime | None:
        """The deadline of the turn after turn ``after`` (the coming turn by default), or
        None for a game without a schedule, and after a turn that ended the game."""
        stamp = self.deadline_stamp(after)
        return parse_iso(stamp) if stamp else None

    def deadline_stamp(self, after: int | None = None) -> str | None:
        """``deadline`` as the turn file writes it (``iso``: UTC), not parsed: for those
        that keep it as it is, or show it once for many mails. A turn that ended the game
        sets none; one run by an older wtg wrote the schedule's next deadline all the same,
        which is None here too (its state read: a turn that comes never)."""
        number = self.latest_turn() if after is None else after
        stamp = self.meta(number).get("next_deadline")
        if stamp is None or not self._over_after(number):
            return stamp
        return None

    def _over_after(self, turn: int) -> bool:
        """Whether the game ended with turn ``turn`` (its state file read as it is, kept
        while unchanged on disk; game.yaml not checked against it: the deadline is asked by
        commands that read no state otherwise)."""
        data = self._turn_json(turn, "state.json")
        if not isinstance(data, dict):
            raise StoreError(f"turn {turn}'s state.json holds no state (not a JSON object)")
        kept = self._state_kept
        if kept is None or kept[0] is not data:
            kept = self._state_kept = (data, self._read_state(data, turn))  # as state_view
        return self.ruleset.is_over(kept[1])

    def report(self, player: int | None, turn: int | None = None) -> str:
        """A player's report of a turn, or the GM's (``player`` None)."""
        number = self.latest_turn() if turn is None else turn
        if player is None:
            if not getattr(self.ruleset, "gm_report", False):
                raise GameError(f"{self.ruleset.name} writes no GM report: give --player N")
            return self.store.read_text(number, GM_REPORT)
        self.config.player(player)
        return self.store.read_text(number, f"reports/p{player:02d}.txt")

    def aof(self, player: int, only: Collection[int] | None = None) -> str:
        """The AOF of a GM seat for the coming turn: one form per side it plays that owes
        orders (``only``: of those, the sides named; a reminder's, those without orders)."""
        self.config.player(player)
        state = self.state()
        owing = set(self.ruleset.owing(state))
        sides = [
            s
            for s in self.ruleset.sides_of(state, SeatId(player))
            if s in owing and (only is None or s in only)
        ]
        if not sides:
            raise GameError(f"player {player} has no orders to give")
        return "\n".join(aof_text(self.ruleset, self.config, state, s) for s in sides)

    def topten(self, turn: int | None = None) -> str:
        """A turn's Top Ten as it was written; the latest turn's as the game stands, written
        anew: with the names game.yaml gives now (``named_state``: a name the GM put right
        is said at once), in the columns this wtg writes (a name that reads as figures
        quoted: a topten.txt an older wtg wrote showed it bare until the next turn)."""
        latest = self.latest_turn()
        number = latest if turn is None else turn
        if number == latest:
            named = self.named_state(self.state(number))
            return topten_text(self.ruleset, self.config, named)
        return self.store.read_text(number, "topten.txt")

    def named_state(self, state: S) -> S:
        """``state``, the latest turn's, with each seat's player called as game.yaml names
        him now: a name the GM edited after the turn ran, which the next turn takes into
        the state, and which the mail and the roster say already (``state`` itself when
        no name changed). For what shows the game as it stands (the Top Ten, the site),
        never for the files a turn wrote."""
        return self._named(state, frozenset())

    # --- orders ---------------------------------------------------------------
    def submit(
        self,
        text: str,
        *,
        player: int | None = None,
        correct: bool = False,
        received: datetime | None = None,
        order_key: str | None = None,
    ) -> Submission:
        """Check and store the orders of one form (see ``submit_all``); raises the
        OrderError that kept them out (OrderRefused when the form gave no orders)."""
        # deferred: the AOF parser: only the commands that read orders
        from wtg.game.intake import Submission

        result = self.submit_all(text, player, correct, received, order_key)[0]
        if isinstance(result, OrderError):
            raise result
        if not isinstance(result, Submission):
            raise OrderRefused(result.reason, result.player)
        return result

    def submit_all(
        self,
        texts: str | Sequence[str],
        player: int | None = None,
        correct: bool = False,
        received: datetime | None = None,
        order_key: str | None = None,
        via: str = "command line",
        durable: bool = True,
    ) -> list[Submission | Unchanged | OrderError]:
        """Check and store the orders a text gives (a mail: its texts, best part first), one
        result for each side it names (a Duel player's mail holds one form a colour), for
        the coming turn or, with ``correct``, for a rerun of the last turn. Everything
        passes ``wtg.game.intake``'s door; a mail (``via="mail"``) always needs the secret code.
        What passes is filed by ``wtg.game.filing``.

        ``received`` is when the mail server got the orders and ``order_key`` sorts
        submissions in the order it got them (``wtg.game.arrivalkey``; both default to now):
        orders older than the ones on file do not replace them (``superseded``). A mail
        read again whose orders the turn has run with since (the same arrival key: a poll
        killed before it answered, a kept mail whose `wtg orders` was killed before the
        journal noted it filed) is answered as it was, nothing more filed (``_read_for``)."""
        from wtg.game.filing import (  # with the AOF parser: only orders
            Filing,
            file_all,
            ran_with,
            remember,
        )
        from wtg.game.intake import read_orders

        sources = [texts] if isinstance(texts, str) else list(texts)
        filing = Filing.of(sources, received, order_key, via, durable, self.config.game)
        with self.store.lock():
            latest = self.latest_turn()
            if correct and latest == 0:
                return [OrderError("turn 0 has no orders to correct")]
            if correct and self.ended_by_gm(latest) is not None:  # no rerun of the end
                return [OrderError(self._ended_line(latest, "its end has no orders to correct"))]
            base = latest - 1 if correct else latest
            state = self.state_view(base)
            if self.ruleset.is_over(state):
                return self._over(sources, state, base, via, player)
            results = read_orders(
                sources,
                self.ruleset,
                self.config,
                state,
                turn=base + 1,
                trusted=via != "mail",
                player=player,
                forms=self.store.turns_dir if via != "mail" else None,
                received=None if correct else received,
                ran=self._ran_at,
            )
            results = [self._old_code(r, latest) for r in results]
            # a mail read again: the poll's, or one the GM files by its arrival key (``wtg
            # orders`` given a kept mail), whose orders the turn has run with since
            again = (via == "mail" or order_key is not None) and not correct
            ran = ran_with(self.store, base, results, filing.key) if again else set()
            if ran:
                results, ran = self._read_for(sources, base, results, ran, player)
                # the settings they chose, which a reading killed before it kept them lost
                remember(self.store, self.ruleset, state, [results[i] for i in ran], filing)
            kept = [r for i, r in enumerate(results) if i not in ran]
            filed = iter(file_all(self.store, self.ruleset, state, kept, filing))
            return [r if i in ran else next(filed) for i, r in enumerate(results)]

    def _ran_at(self, turn: int) -> datetime | None:
        """When turn ``turn`` ran (its ``turn.json``); None when that is not known (a turn
        of an older wtg, or one whose file cannot be read: the refusal says the rest)."""
        try:
            stamp = self.meta(turn).get("ran_at")
            return parse_iso(stamp) if stamp else None
        except (WtgError, OSError, ValueError):
            return None

    def _over(
        self, sources: Sequence[str], state: S, base: int, via: str, player: int | None
    ) -> list[Submission | Unchanged | OrderError]:
        """The refusal of orders to a game that is over: the player's own (his code right,
        answered as his orders are, within ``confirmations_per_hour``) or, when no form of
        it proves a seat, one nobody is known to have sent."""
        from wtg.game.intake import read_orders  # with the AOF parser, as ``submit``'s

        results = read_orders(
            sources,
            self.ruleset,
            self.config,
            state,
            turn=base + 1,
            trusted=via != "mail",
            player=player,
        )
        proven = [r for r in results if isinstance(r, OrderRefused) and r.player is not None]
        return list(proven) or [OrderRefused(f"game {self.config.game} is over")]

    def _old_code(
        self, result: Submission | Unchanged | OrderError, latest: int
    ) -> Submission | Unchanged | OrderError:
        """``result``, or, for a wrong code that was a seat's before a takeover, the
        ``TakenOverCode`` that tells its old player so."""
        if not isinstance(result, WrongCode):
            return result
        turn = taken_from(self.store, latest, result.given)
        return result if turn is None else TakenOverCode(self.config.game, turn)

    def read_only(self, texts: Sequence[str]) -> list[Submission | Unchanged | OrderError]:
        """The orders a mail's texts give for the coming turn, read through the door as
        ``submit_all`` reads a mail's (the secret code needed), nothing filed: what a mail
        the poll set aside would have filed; nothing when the game is over."""
        from wtg.game.intake import read_orders  # with the AOF parser: only orders

        with self.store.lock():
            latest = self.latest_turn()
            state = self.state_view(latest)
            if self.ruleset.is_over(state):
                return []
            return read_orders(
                list(texts), self.ruleset, self.config, state, turn=latest + 1, trusted=False
            )

    def _read_for(
        self,
        sources: Sequence[str],
        turn: int,
        results: list[Submission | Unchanged | OrderError],
        ran: set[int],
        player: int | None,
    ) -> tuple[list[Submission | Unchanged | OrderError], set[int]]:
        """``results`` with each side refused whose orders this mail filed for ``turn``,
        which has run with them since (``ran``, their places: a mail read again after a
        poll was killed before answering it), read again against the state they were given
        for, so that it is answered as the first reading was, with a note that the turn
        ran; and the places so read, which are not filed."""
        # deferred: the AOF parser, as ``submit``'s
        from wtg.game.intake import Submission, read_orders

        again = read_orders(
            sources,
            self.ruleset,
            self.config,
            self.state_view(turn - 1),
            turn=turn,
            trusted=False,
            player=player,
        )
        found = {r.player: r for r in again if isinstance(r, Submission)}
        replaced = list(results)
        done: set[int] = set()
        for index in sorted(ran):
            side = results[index].player
            read = found.get(side) if side is not None else None
            if read is not None:
                read.notes.append(f"Turn {turn} has run with them since: nothing more was stored.")
                replaced[index] = read
                done.add(index)
        return replaced, done

    def settings(self) -> PlayerSettings:
        """What the players chose with setting lines (``wtg.game.playersettings``)."""
        return PlayerSettings(self.store.root)

    def held(self) -> Hold | None:
        """The GM's hold on the game (``wtg hold``), or None."""
        return hold_of(self.store.root)

    # --- running a turn -------------------------------------------------------
    def run_turn(
        self,
        rerun: bool = False,
        now: datetime | None = None,
        expect: int | None = None,
        force: bool = False,
        before_commit: Callable[[int], object] | None = None,
        refuse_unchanged: bool = False,
    ) -> int:
        """Resolve the next turn (or the last one again); returns its number.

        ``now`` is when it runs (the clock's time by default); it fixes the next
        deadline. A rerun keeps the times and deadlines of the run it replaces.
        ``expect``: the turn the caller found due before it took the lock; if another
        process ran it meanwhile, TurnMovedOn (it is not run twice). A game the GM holds
        runs no turn (GameHeld) unless ``force``. ``before_commit``: told the turn once
        nothing refuses it (the lock taken, the folder's format, the hold, the turn
        resolved), before its first write (the mail journal's note of a game never mailed:
        a kill after the turn then finds the game noted). A takeover cut short is finished
        first (``wtg.game.takeoverfinish``): the turn runs from the seat taken over.
        ``refuse_unchanged``: a rerun that comes out as the run it replaces (no correction
        since) is refused (RerunChangesNothing), as it would mail every player the same
        report again."""
        with self.store.lock():
            latest = self.latest_turn()
            if expect is not None and latest + 1 != expect:
                raise TurnMovedOn(f"turn {expect} was run meanwhile by another process")
            self._not_ended(latest)  # before the hold: a hold kept holds nothing then
            hold = None if force else self.held()
            if hold is not None:
                again = ["--rerun"] if rerun else []
                raise GameHeld(
                    f"game {self.config.game} is held by the GM"
                    + (f" since {moment_text(hold.since)}" if hold.since else "")
                    + (f" ({hold.reason})" if hold.reason else "")
                    + f": `{shell_command('wtg', 'release', self.config.game)}` lets its turns run "
                    "again, or "
                    f"`{shell_command('wtg', 'run-turn', self.config.game, *again, '--force')}` "
                    + ("runs the last turn again" if rerun else "runs this one turn")
                    + " all the same (the game stays held)"
                )
            if finish_cut_short(self) is not None:  # never run from a takeover half done
                latest = self.latest_turn()
            target, files = self._resolved(latest, rerun, now)
            if rerun and refuse_unchanged and same_run(self.store.turn_dir(target), files):
                raise self._unchanged(target, " --force" if force else "")
            if before_commit is not None:
                before_commit(target)
            self.store.commit_turn(target, files, replace=rerun)
            return target

    def _not_ended(self, latest: int) -> None:
        """Refuse a turn of a game the GM ended at turn ``latest`` (``wtg end``)."""
        if self.ended_by_gm(latest) is not None:
            raise GameError(self._ended_line(latest, "no turn runs"))

    def _ended_line(self, latest: int, what: str) -> str:
        """The refusal of ``what`` a game the GM ended at turn ``latest`` cannot do."""
        name = self.config.game
        by_gm = self.ended_by_gm(latest)
        return (
            f"game {name} was ended by the GM at turn {latest}"
            + (f" ({by_gm})" if by_gm else "")
            + f": {what}; `{shell_command('wtg', 'rollback', name, '--to', str(latest - 1))}` "
            "takes the end back"
        )

    def _unchanged(self, turn: int, given: str) -> RerunChangesNothing:
        """The refusal of a rerun of turn ``turn`` that changes nothing; the command it
        names keeps the options ``given`` (`` --force``, for a held game)."""
        name = self.config.game
        again = shell_command("wtg", "run-turn", name, "--rerun", *given.split(), "--unchanged")
        return RerunChangesNothing(
            f"turn {turn} of game {name} run again comes out as it ran (the same state, reports "
            "and orders: no correction given since changes them): not rerun, so that the players "
            "are not mailed the same report again; correct a player's orders first "
            f"(`{shell_command('wtg', 'orders', name, 'FILE', '--correct')}`), or "
            f"`{again}` runs it again and mails it again all the same"
        )

    def preview_turn(
        self, rerun: bool = False, now: datetime | None = None
    ) -> tuple[int, dict[str, str]]:
        """The coming turn (or the last one again) resolved as ``run_turn`` would, and its
        files, with nothing written: the GM's look before the turn runs. A held game is
        previewed all the same. Read under the game's lock shared (``GameStore.looking``):
        GameLocked while a writer holds it (a turn being written, a takeover under way);
        GameError, nothing previewed, for what a writer cut short left half done that
        ``run_turn`` finishes before it runs (a takeover, a rollback or its undo): the
        preview would be of a turn it does not run. Before, it read the game without a lock,
        half rewritten."""
        with self.store.looking():
            cut = self.cut_short()
            if cut:
                name = self.config.game
                raise GameError(
                    f"game {name}: {'; '.join(cut)}: the latest turn may be half rewritten, and "
                    f"`{shell_command('wtg', 'run-turn', name)}` finishes what was cut short "
                    "before it runs the turn: nothing was previewed (a preview writes nothing "
                    f"into the game); `{shell_command('wtg', 'status', name)}` says what finishes "
                    "it"
                )
            return self._resolved(self.latest_turn(), rerun, now)

    def cut_short(self) -> list[str]:
        """What a writer killed midway left half done that the next writer finishes before
        anything else (a rollback or its undo, a takeover), a line each: the game read now
        is not the game as that leaves it. StoreError for a takeover's mark that is none."""
        cut = self.store.cut_short()
        takeover = under_way(self.store.root)
        if takeover is not None:
            cut.append(
                f"the takeover of seat {takeover.seat} by {takeover.name}, begun after "
                f"turn {takeover.turn}, was cut short ({self.store.root / MARK})"
            )
        return cut

    def _resolved(
        self, latest: int, rerun: bool, now: datetime | None
    ) -> tuple[int, dict[str, str]]:
        """The turn after ``latest`` (or ``latest`` again) and the files of its folder."""
        if rerun and latest == 0:
            raise GameError("turn 0 is the start of the game: there is nothing to rerun")
        target = latest if rerun else latest + 1
        self._not_ended(latest)
        state = self.state(target - 1)
        if self.ruleset.is_over(state):
            raise GameError(f"game {self.config.game} is over (turn {latest})")
        # a rerun leaves the seats taken over after the turn ran to their takeover, below:
        # the turn is told under the names of its day (the quitter's)
        taking = {e["seat"] for e in taken_over(self.store, target)} if rerun else set()
        state = self._named(state, taking)
        paths = dict(self.store.archived_orders(target)) if rerun else {}
        paths.update(self.store.pending_orders(target))
        orders, copies, set_aside = self._load_orders(state, paths)
        away = absent_orders(self.store, self.ruleset, self.config, state, target)
        for side, planned in away.items():
            orders.setdefault(side, planned)  # orders sent while away are played
        for robot, planned in self.ruleset.robot_orders(state).items():
            text = orders_to_yaml(planned)  # a robot's orders: an ordinary order file
            orders[robot] = planned
            copies[robot] = (text, planned)
        result = self.ruleset.resolve(state, orders, turn_rng(self.config.seed, target))
        events = [e.to_dict() for e in result.events]
        waited = bool(self.ruleset.owing(state))
        outcome, kept = result.state, dict[str, str]()
        if rerun:
            # the seats taken over since it ran, taken over again
            outcome, kept = taken_after_rerun(
                self.store, self.ruleset, self.config, target, outcome
            )
            meta = self.meta(target)
            meta.update(gm_marks(self._turn_json(target, TURN_META)))  # his moves kept
            meta["reruns"] = meta.get("reruns", 0) + 1  # mailed again by the next send
            if meta.get("next_deadline") is None and not self.ruleset.is_over(outcome):
                meta["next_deadline"] = self._rerun_deadline(target, meta, waited)  # goes on
        else:
            meta = self._new_meta(target, now, waited)
        if self.ruleset.is_over(outcome):
            meta["next_deadline"] = None  # the game ended: no turn comes, no deadline
        self._within_years(target, meta)
        if rerun:  # its reports tell every player the deadline a move cut short left untold
            meta = told_by_rerun(meta)
        files = {**self._turn_files(outcome, events, meta, set_aside, state), **kept}
        for pid, (text, data) in copies.items():
            files[f"orders/p{pid:02d}.yaml"] = text
            files[f"orders/p{pid:02d}{PARSED_SUFFIX}"] = parsed_copy(text, data)
        return target, files

    def _within_years(self, turn: int, meta: TurnMeta) -> None:
        """Refuse turn ``turn`` when the deadline it would set (``meta``'s) falls past
        ``schedule.YEARS``: the schedule's next after one set by hand late in 8999. Written,
        every command after would refuse the game (``meta``); a turn or a move is a year at
        most, so no deadline of wtg's comes near the calendar's end, year 9999."""
        upcoming, due = meta.get("next_deadline"), meta.get("deadline")
        wrong = out_of_years(parse_iso(upcoming)) if upcoming else None
        if upcoming is None or wrong is None:
            return
        name = self.config.game
        after = f", the schedule's next after {moment_text(due)}" if due else ""
        raise GameError(
            f"game {name}: turn {turn} would set turn {turn + 1}'s deadline at "
            f"{moment_text(upcoming)}{after}: {wrong}; not run "
            f"(`{shell_command('wtg', 'end', name)}` ends the game at turn {turn - 1}, "
            f"`{shell_command('wtg', 'hold', name)}` stops its turns a while)"
        )

    def ended_by_gm(self, turn: int | None = None) -> str | None:
        """The GM's reason when turn ``turn`` (the latest by default) is his end of the
        game (`wtg end`: ``wtg.gm.ending``), "" for none given; None for any other turn."""
        ruleset = self.ruleset
        if not isinstance(ruleset, EndsByHand):
            return None
        words: str | None = ruleset.ended_by_hand(self.state_view(turn))
        return words

    def _named(self, state: S, taking: Set[Json]) -> S:
        """``state`` with each seat's player called as game.yaml names him now (a name the
        GM edited): the turn run from it says the new name in all its files, as the mail
        and the roster say it already. The seats in ``taking`` (taken over again after a
        rerun: game.yaml has their newcomer) and a ruleset whose state names no one are
        left as they are."""
        ruleset = self.ruleset
        if not isinstance(ruleset, Renames):
            return state
        for entry in self.config.players:
            if entry.id in taking:
                continue
            now = ruleset.seat_name(state, SeatId(entry.id))
            if now is not None and now != entry.name:
                state = ruleset.renamed(state, SeatId(entry.id), entry.name)
        return state

    def _load_orders(
        self, state: S, paths: Mapping[int, Path]
    ) -> tuple[dict[int, Mapping[str, Json]], dict[int, tuple[str, object]], dict[int, list[str]]]:
        """Every stored order file, checked again against the state (a GM may have edited
        it, or a rerun of an earlier turn may have changed the state it was written for).
        Returns the orders, to archive each file's text and data, and for each side the
        orders that no longer pass the checks (its report says so, with the reason)."""
        orders: dict[int, Mapping[str, Json]] = {}
        copies: dict[int, tuple[str, object]] = {}
        set_aside: dict[int, list[str]] = {}
        owing = set(self.ruleset.owing(state))
        for pid, path in paths.items():
            if pid not in owing:
                continue
            try:
                text, data = read_order_file(path)
            except ValueError as exc:
                raise GameError(f"{path}: {exc}") from exc
            if not isinstance(data, dict):  # a GM's edit made it a list, a word...
                raise GameError(f"{path}: {NOT_A_MAPPING}")
            entries, bad, problems = self.ruleset.entries_from_dict(data, state)
            if problems:
                raise GameError(f"{path}: " + "; ".join(problems))
            acceptance = self.ruleset.accept(entries, state, pid)
            orders[pid] = acceptance.orders
            copies[pid] = (text, data)
            dropped = [v.describe() for v in [*bad, *acceptance.rejected]]
            if dropped:
                set_aside[pid] = dropped
        return orders, copies, set_aside

    def _new_meta(self, turn: int, now: datetime | None, waited: bool = True) -> TurnMeta:
        """The ``turn.json`` of turn ``turn`` run at ``now`` (``new_meta``); turn 0's says
        the seed the game is made with (``madewith.seed_problem`` checks game.yaml's
        against it)."""
        due = self.deadline_stamp(turn - 1) if turn > 0 else None
        meta = new_meta(self.config.schedule, turn, due, now, waited)
        if turn == 0:
            meta["seed"] = self.config.seed
        return meta

    def _rerun_deadline(self, turn: int, meta: TurnMeta, waited: bool) -> str | None:
        """The deadline a rerun of a turn that had ended the game sets, now that the game
        goes on: the one the turn would have set when it ran (its ``ran_at``)."""
        ran = meta.get("ran_at")
        moment = parse_iso(ran) if isinstance(ran, str) else None
        due = meta.get("deadline")
        return new_meta(self.config.schedule, turn, due, moment, waited)["next_deadline"]

    def _turn_files(
        self,
        state: S,
        events: Sequence[Mapping[str, Json]],
        meta: TurnMeta,
        set_aside: Mapping[int, Sequence[str]] | None = None,
        ran_from: S | None = None,
    ) -> dict[str, str]:
        """The files of a turn's folder (``turn_files``)."""
        return turn_files(
            self.ruleset, self.config, self.store, state, events, meta, set_aside, ran_from
        )

    def set_aside(self, turn: int) -> dict[int, list[str]]:
        """The orders of each side that did not pass the checks when turn ``turn`` ran (its
        reports say so, ``with_set_aside``): the orders it ran with (its ``orders/``)
        checked again against the state it ran from, as the run checked them. A file that
        can no longer be read (edited by hand since) is not what the run read: it says
        nothing."""
        if turn == 0:
            return {}
        state, found = self.state(turn - 1), {}
        for side, path in self.store.archived_orders(turn).items():
            try:
                found.update(self._load_orders(state, {side: path})[2])
            except GameError:
                continue
        return found

    def turn_files_again(
        self, turn: int, state: S | None = None, meta: TurnMeta | None = None
    ) -> dict[str, str]:
        """Turn ``turn``'s files written anew from its state (or ``state``: a seat taken
        over), its events and its ``turn.json`` (or ``meta``: a deadline set since), each
        report saying all it said when the turn ran (the orders set aside, ``set_aside``;
        the events under the names of the state it ran from). Its events and
        ``turn.json`` are not among them: they stay as they are."""
        files = self._turn_files(
            self.state(turn) if state is None else state,
            self.events(turn),
            self.meta(turn) if meta is None else meta,
            self.set_aside(turn),
            self.state(turn - 1) if turn > 0 else None,
        )
        return {path: text for path, text in files.items() if path not in KEPT_AS_THEY_WERE}

    def reports_again(self, turn: int, meta: TurnMeta | None = None) -> dict[str, str]:
        """Turn ``turn``'s reports written anew (``turn_files_again``): what changes when
        its deadline for the next turn does (its ``turn.json``'s, or ``meta``'s). The AOFs
        say no deadline."""
        files = self.turn_files_again(turn, meta=meta)
        return {path: text for path, text in files.items() if path.startswith(REPORTS)}


def open_game(game_dir: Path) -> Game:
    """The game of ``game_dir``; a folder of a format this wtg cannot read is refused
    (``GameStore.check_format``: a newer one, an upgrade cut short), one of an older format
    opens as it is (its writers refuse it: ``wtg upgrade`` first)."""
    store = GameStore(game_dir)
    store.check_format()
    path = game_dir / "game.yaml"
    text = store.config_text()
    config = _config_of(store, text)
    try:
        ruleset = find_ruleset(config.ruleset)
    except UnknownRuleset as exc:  # a GM's edit, or a game of a newer wtg: said as the file's
        try:  # other problems are, with its line
            where = f"{path}, line {read_lined_yaml(text).line_of(('ruleset',))}"
        except YamlLinesError:
            where = str(path)
        made = _made_as(store)
        back = (
            f"; the game was made as {made} (its turns say so): put back `ruleset: {made}`"
            if made is not None and made != config.ruleset
            else ""
        )
        raise UnknownRuleset(f"{where}: ruleset: {exc.args[0]}{back}") from None
    return Game(store, config, ruleset, _config_text=text)


def _config_of(store: GameStore, text: str) -> GameConfig:
    """The config game.yaml's ``text`` holds, checked (its name against the folder's)."""
    path = store.root / "game.yaml"
    try:
        data = load_yaml_kept(text, path)  # its JSON copy: a tenth of the time
    except ValueError as exc:
        raise ConfigError(yaml_problem(str(path), text, exc)) from exc
    config = GameConfig.from_data(data, str(path), text)
    if config.game != store.root.name:  # its case too: the mail records go by the name
        _check_name(store, config, path, text)
    return config


def _made_as(store: GameStore) -> str | None:
    """The ruleset the game's latest turn was played with (its state says it), or None when
    its turns do not say (none yet, a state that does not read)."""
    try:
        made = store.read_json(store.latest_turn(), "state.json").get("ruleset")
    except Exception:  # a game folder is the GM's data: no hint rather than a stop
        return None
    return made if isinstance(made, str) else None


def _check_name(store: GameStore, config: GameConfig, path: Path, text: str) -> None:
    """game.yaml's ``game:`` against the name its first turn was made under, for a folder
    named otherwise (``madewith.name_problem``); a turn that cannot be read says so where
    it is read."""
    turns = store.turns()
    if not turns:
        return
    try:
        made = store.read_json(turns[0], "state.json")
    except (StoreError, OSError, ValueError):
        return
    problem = (
        name_problem(config, store.root.name, made.get("game")) if isinstance(made, dict) else None
    )
    if problem is not None:
        raise ConfigError(*placed_problems([problem], str(path), text))


def create_game(
    game_dir: Path,
    ruleset_name: str,
    map_name: str,
    players: Sequence[PlayerEntry],
    seed: int,
    variant: str | None = None,
    options: Mapping[str, OptionValue] | None = None,
    schedule: Schedule | None = None,
    now: datetime | None = None,
    map_pictures: bool = True,
) -> Game:
    """Create the game folder and run turn 0: start positions, reports and AOFs.
    ``map_pictures``: each report mail carries the player's map as a picture."""
    check_game_name(game_dir.name)
    check_new_game(game_dir.name, players)
    ruleset = find_ruleset(ruleset_name)
    copy = map_copy(map_name)
    config = GameConfig(
        game=game_dir.name,
        ruleset=ruleset_name,
        map=GAME_MAP if copy is not None else map_name,
        seed=seed,
        players=tuple(players),
        variant=variant,
        options=dict(options or {}),
        schedule=schedule,
        map_pictures=map_pictures,
    )
    result = ruleset.new_game(_setup(config, map_name), turn_rng(seed, 0))
    # the game keeps the GM's map (it must not depend on his file), before its game.yaml:
    # a game cut short before its turn 0 is finished from the two (``finish_game``)
    kept = {GAME_MAP: copy} if copy is not None else {}
    store = GameStore.create(game_dir, config.to_yaml(), kept)
    game = Game(store, config, ruleset)
    _first_turn(game, result, now)
    return game


def finish_game(game_dir: Path, now: datetime | None = None) -> Game:
    """Run turn 0 of a game whose folder and ``game.yaml`` were made and whose turn 0 never
    was (a crash between the two): the game ``create_game`` would have made of that
    ``game.yaml``. A game that has its turn 0 is left as it is."""
    game = open_game(game_dir)
    if game.store.turns():
        return game
    config = game.config
    map_name = str(game_dir / GAME_MAP) if config.map == GAME_MAP else config.map
    result = game.ruleset.new_game(_setup(config, map_name), turn_rng(config.seed, 0))
    _first_turn(game, result, now)
    return game


def cut_short(game_dir: Path) -> Game | None:
    """The game in ``game_dir`` if it was made (its game.yaml there) and its turn 0 never
    was (a create killed between the two), which ``finish_game`` finishes; else None."""
    store = GameStore(game_dir)
    if not store.exists() or store.turns():
        return None
    return open_game(game_dir)


def _setup(config: GameConfig, map_name: str) -> GameSetup:
    return GameSetup(
        game=config.game,
        map=map_name,
        seed=config.seed,
        players=tuple(SeatSetup(id=p.id, name=p.name) for p in config.players),
        variant=config.variant,
        options=config.options,
    )


def _first_turn(game: Game[S], result: TurnResult[S], now: datetime | None) -> None:
    events = [e.to_dict() for e in result.events]
    with game.store.lock():
        game.store.commit_turn(0, game._turn_files(result.state, events, game._new_meta(0, now)))


__all__ = [
    "Game",
    "GameError",
    "GameHeld",
    "OrderError",
    "StoreError",
    "TurnMovedOn",
    "create_game",
    "cut_short",
    "finish_game",
    "open_game",
]
