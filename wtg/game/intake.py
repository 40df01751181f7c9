"""Orders coming in, through one door.

Every route that can change a player's stored orders (an AOF in a mail's body or
attachment, an order file in YAML, ``wtg orders`` on the command line) ends in
``read_orders``, which finds the copy of the form that carries the player's intent
(``wtg.aof.choose``) and lets it pass only through ``Door.admit``: the game, the player,
the secret code (compared in constant time) and the turn, all from the form's header
(or the order file's own keys). The GM at the command line is trusted without a code;
a mail never is. What comes back is, per side, a Submission to store, Unchanged (the
mail carries no order, so the orders on file stand), or the OrderError that kept it out.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Generic

from wtg.aof.choose import Choice, Found, find_all
from wtg.aof.choose import choose as choose_copies
from wtg.aof.copies import spaced_alone
from wtg.aof.mailtext import HEADER_HINT, header_number, mail_lines
from wtg.aof.orderfile import orders_from_yaml
from wtg.core.form import FormSpec
from wtg.core.jsondata import Json, JsonObject
from wtg.core.orders import OrderError, OrderRefused, RawEntry, Verdict, WrongCode
from wtg.core.plurals import counted
from wtg.core.record import Record
from wtg.core.ruleset import Ruleset, S, SeatId, SideId
from wtg.core.settings import MAP, SETTING_KEYS, SettingSpec, setting_keyed
from wtg.files.store import turn_name
from wtg.game.gameconfig import GameConfig, numbers_said
from wtg.text.shellcommand import shell_command

READY_KEY = "ready"
ORDER_FILE = "the order file"
NO_ORDERS = "no orders found in your mail"
NONE_ACCEPTED = "none of the order lines in your mail could be accepted"
SETTINGS_ONLY = "a setting changed, and no orders found in your mail"
_NOT_ORDERS = (READY_KEY, *SETTING_KEYS)


class Credentials(Record):
    """What a form's header (or an order file's keys) says about itself, as written."""

    game: str | None
    player: str | None
    turn: str | None
    code: str | None
    where: str
    """Where it was read: "line 3" of the mail, or "the order file"."""

    def missing(self, name: str) -> str:
        """Why a key that is not there is needed."""
        if self.where == ORDER_FILE:
            return (
                f"the order file has no '{name.lower()}' (an order file sent by mail names "
                "its game, player, turn and secret code: keys game, player, turn, code)"
            )
        return f"{self.where}: the header has no {name}: ({HEADER_HINT})"


@dataclass(slots=True)
class Submission:
    """Orders that were understood: whose, for which turn, and the verdict on every line."""

    player: int
    turn: int
    orders: JsonObject
    verdicts: list[Verdict]
    source: str
    """"aof" or "yaml"."""
    notes: list[str] = field(default_factory=list)
    superseded: bool = False
    """True when later orders of the player were already on file: these were not stored."""
    ready_only: bool = False
    """The form held nothing but the READY line: the orders on file stay, marked so."""
    settings: dict[str, str] = field(default_factory=dict)
    """The player's settings the form chose (``{"map": "off"}``): no orders."""

    def confirmation(self) -> str:
        """Every accepted order and every rejected line, in the order they were written."""
        lines = [f"Orders of player {self.player} for turn {self.turn}:"]
        ok = sum(1 for v in self.verdicts if v.accepted)
        lines.append(f"{ok} accepted, {len(self.verdicts) - ok} rejected.")
        lines.extend(v.describe() for v in self.verdicts)
        lines.extend(self.notes)
        return "\n".join(lines) + "\n"


@dataclass(slots=True)
class Unchanged:
    """A side the mail names but gives no order to: whatever is on file stays."""

    player: int
    turn: int
    reason: str
    verdicts: list[Verdict] = field(default_factory=list)
    on_file: str | None = None
    """When the orders on file were received (filled in by the store), None when none are."""
    settings: dict[str, str] = field(default_factory=dict)
    """The player's settings the mail chose: they change, the orders on file do not."""
    notes: list[str] = field(default_factory=list)
    """What else the answer tells: lines of the mail that were not read, and why."""


Outcome = Submission | Unchanged | OrderError


def read_orders(
    texts: Sequence[str],
    ruleset: Ruleset[S],
    config: GameConfig,
    state: S,
    *,
    turn: int,
    trusted: bool,
    player: int | None = None,
    forms: Path | None = None,
    received: datetime | None = None,
    ran: Callable[[int], datetime | None] | None = None,
) -> list[Outcome]:
    """The orders of every side a text (or a mail's texts, best part first) gives, each
    through the door. ``trusted``: the GM at the command line, who needs no code;
    ``forms``: the game's turns folder, where the GM is told the form of the turn expected
    is (a player is told it is in his latest report)."""
    door = Door(ruleset, config, state, turn, trusted, player, forms, received, ran)
    found = find_all(ruleset.form_for(state), texts, door.carries_code)
    if not found or (not any(map(_form_like, found)) and any(map(_order_file, texts))):
        return [door.order_file(texts)]
    if not any(map(_form_like, found)) and any(map(_broken_order_file, texts)):
        return [door.order_file(texts)]  # its YAML's problem, not a blank form's no orders
    chosen = choose_copies(found, door.carries_code)
    choices = [c for c in chosen if _for_game(c, config, found)]
    dropped = {c.side for c in chosen} - {c.side for c in choices}
    if dropped:  # another game's copy was chosen for a seat: this game's own, if any
        own = [item for item in found if _names_game(item, config)]
        choices += [c for c in choose_copies(own, door.carries_code) if c.side in dropped]
        choices.sort(key=lambda c: (c.found.part, c.found.copy.start))
    if any(c.found.filled for c in choices):
        choices = [c for c in choices if c.found.filled]  # the other forms were only quoted
    if player is not None:
        given = door.given()
        choices = [c for c in choices if c.side is None or c.side in given] or choices
    if not choices:
        return [OrderError(f"no form of game {config.game} found")]
    results: list[Outcome] = []
    for choice in choices:
        try:
            results.append(door.form(choice))
        except OrderError as error:
            results.append(error)
    for result in results:
        if isinstance(result, Unchanged) and result.reason == NO_ORDERS:
            result.notes.extend(_spaced_notes(ruleset.form_for(state), texts))
    return results


def _spaced_notes(form: FormSpec, texts: Sequence[str]) -> list[str]:
    """What the answer to a mail that gave no orders says of a line typed as an order with
    its number spaced, standing alone (``A 111 1234 1235``: its groups a telephone
    number's): never read, it was dropped without a word, and the player told only that no
    orders were found. The best part's lines alone (its HTML part holds them again)."""
    lines = spaced_alone(form, mail_lines(texts[0])) if texts else ()
    return [
        f'Line {line.number} ("{line.text}") was not read: its numbers are spaced as a '
        "telephone number's are. An order line is written as the form's: its letter and "
        f'number with a colon ("{line.text[0].upper()}1:"), then a value for each blank.'
        for line in lines
    ]


def _for_game(choice: Choice, config: GameConfig, found: Sequence[Found]) -> bool:
    """A mail may hold forms of several games: each game takes its own (a form naming no
    game this one is told why). Order lines with no header to name a game (typed above a
    report that quotes several forms: a Duel player's colours) are every game's: each
    says why they were not read."""
    named = choice.found.header.get("game", "").strip().lower()
    if not named and not choice.found.copy.header:
        return True
    games = {item.header.get("game", "").strip().lower() for item in found}
    return named == config.game.lower() or config.game.lower() not in games


def _names_game(item: Found, config: GameConfig) -> bool:
    """Whether a copy's header names this game. A player of two games who typed his code of
    one into the other's form has no copy carrying this game's code: the first written of
    the copies naming his seat was chosen (another game's, when it came first) and dropped,
    and the mail was said to hold no form of this game; his form of it is read, and refused
    for its code, as a mail holding it alone is."""
    return item.header.get("game", "").strip().lower() == config.game.lower()


def _another_game_note(named: str | None, config: GameConfig, pid: int) -> list[str]:
    """What the GM is told of a form of another game he filed into this one (``Door.
    _another_game``): where it went, and why it could."""
    if named is None or named.strip().lower() == config.game.lower():
        return []
    return [
        f"The form names game {named.strip()!r}: filed into {config.game}, its code being "
        f"player {pid}'s of {config.game}."
    ]


def _form_like(item: Found) -> bool:
    """Whether a copy found is surely a form: one with order lines, or a setting line
    between the form's markers. Outside them, a setting line may as well be an order
    file's key (``map: off``, under ``game:``, ``player:`` ... keys read as a header)."""
    outcome = item.outcome
    bad = [v for v in outcome.bad if v.entry.section not in SETTING_KEYS]
    return bool(outcome.entries or bad) or (item.filled and item.copy.marked)


def _order_file(text: str) -> bool:
    """Whether a text is an order file: a YAML mapping that names its player."""
    data, _problems = orders_from_yaml(text)
    return data is not None and "player" in data


_YAML_LINE = re.compile(r"\s*(?:#.*|-(?:\s.*)?|[A-Za-z_][\w-]*\s*:(?:\s.*)?)?")
"""A line an order file may hold: blank, a comment, a list item, or ``key: value``."""


def _broken_order_file(text: str) -> bool:
    """Whether a text is an order file its writer broke: every line a line of YAML (a key,
    an item, a comment: none of a mail's words or a form's), ``player:`` among them, and
    yet no YAML (``attack: [``). Read as a form, its keys were a header with no orders,
    stored as a blank form's "no orders, on purpose", and the broken line said nothing."""
    lines = text.splitlines()
    if not any(line.startswith("player:") for line in lines):
        return False
    if not all(_YAML_LINE.fullmatch(line) for line in lines):
        return False
    data, _problems = orders_from_yaml(text)
    return data is None


class ReadLate(Record):
    """A player's orders that the mail server received before their turn ran, and that the
    host read only after it (the poll down, slow, or not yet run at the deadline)."""

    turn: int
    """The turn they were for, which ran without them."""
    came: datetime
    """When the server received the mail (UTC)."""
    ran: datetime
    """When the turn ran (UTC)."""
    last: bool
    """Whether that turn is still the last one run: a rerun can take them."""


class ReadAfterItRan(OrderRefused):
    """Orders refused for a turn that ran before the host read them, though their mail came
    in time (``late``): the GM is told (``wtg.mail.incoming.readlate``)."""

    def __init__(self, message: str, player: int, late: ReadLate) -> None:
        super().__init__(message, player)
        self.late = late


@dataclass(frozen=True)
class Door(Generic[S]):
    """What orders pass to reach a game: its rules, config and state, the turn it expects,
    and who hands them in (``trusted``: the GM at the command line; ``player``: the side
    the GM names)."""

    ruleset: Ruleset[S]
    config: GameConfig
    state: S
    turn: int
    trusted: bool
    player: int | None = None
    forms: Path | None = None
    received: datetime | None = None
    """When the mail came (None: now, the GM's command): orders of a turn that ran before
    it are told so."""
    ran: Callable[[int], datetime | None] | None = None
    """When a turn ran (its ``turn.json``), None when that is not known."""

    def given(self) -> set[int]:
        """The sides whose forms the GM's ``player`` takes: a seat's number, those of all its
        colours (a Duel player's three forms in one file); a colour's own number that is no
        seat's, its form alone."""
        if self.player is None:
            return set()
        if any(entry.id == self.player for entry in self.config.players):
            try:
                return {self.player, *self.ruleset.sides_of(self.state, SeatId(self.player))}
            except KeyError:  # no such seat in the state: the number alone
                pass
        return {self.player}

    def no_such_player(self, pid: int) -> str | None:
        """Why the GM's ``player`` (`wtg orders --player 3` on a game of two) takes no form
        of the game's: it has no such player, and the players it has (the form's, ``pid``,
        among them); None when it is one of its players or sides."""
        if self.player is None or any(entry.id == self.player for entry in self.config.players):
            return None
        try:
            self.ruleset.seat_of(self.state, SideId(self.player))
        except KeyError:
            players = sorted(entry.id for entry in self.config.players)
            return (
                f"--player {self.player}: game {self.config.game} has no player {self.player} "
                f"(its players: {numbers_said(players)}); the form is player {pid}'s"
            )
        return None

    def form(self, choice: Choice) -> Outcome:
        """The orders of the copy of the form chosen for a side."""
        found = choice.found
        if not found.copy.header and not found.borrowed:
            raise OrderError(_no_header(found.copy.start))
        header = found.header
        where = found.copy.header.where() if found.copy.header else f"line {found.copy.start}"
        pid = self.admit(
            Credentials(
                game=header.get("game"),
                player=header.get("player"),
                turn=header.get("turn"),
                code=header.get("code"),
                where=where,
            )
        )
        if not found.filled:
            if found.copy.depth == 0:  # the player's own blank form: no orders, on purpose
                result = self.judge([], [], pid, "aof")
            else:
                result = Unchanged(pid, self.turn, NO_ORDERS)
        else:
            outcome = found.outcome
            bad = [*outcome.bad, *choice.outside]
            result = self.judge(outcome.entries, bad, pid, "aof", outcome.settings)
        result.notes.extend(choice.notes)
        result.notes.extend(_another_game_note(header.get("game"), self.config, pid))
        return result

    def carries_code(self, found: Found) -> bool:
        """Whether a copy's header carries the code of the player it names in this game (the
        GM at the command line needs none): the copy his orders are read from."""
        header = found.header
        other = header.get("game", "").strip().lower() != self.config.game.lower()
        if other and not (self.trusted and header.get("code") is not None):
            return False  # the GM's form of another game counts with its code (``admit``)
        pid = header_number(header.get("player", "").strip())
        if pid is None:
            return False
        try:
            seat = self.ruleset.seat_of(self.state, SideId(pid))
        except KeyError:
            return False
        entry = next((p for p in self.config.players if p.id == seat), None)
        code = header.get("code")
        if entry is None or (code is None and not self.trusted):
            return False
        return code is None or codes_match(code, entry.code)

    def order_file(self, texts: Sequence[str]) -> Outcome:
        """An order file in YAML: its own keys are its header."""
        problems: list[str] = []
        for text in texts:
            data, trouble = orders_from_yaml(text)
            if data is not None:
                try:
                    return self._order_file_data(data)
                except OrderError as error:
                    return error
            problems += trouble
        return OrderError("neither an order form nor an order file: " + "; ".join(problems))

    def _order_file_data(self, data: Mapping[str, Json]) -> Outcome:
        pid = self.admit(
            Credentials(
                game=_text(data.get("game", self.config.game if self.trusted else None)),
                player=_text(data.get("player")),
                turn=_text(data.get("turn")),
                code=_text(data.get("code")),
                where=ORDER_FILE,
            )
        )
        body = {k: v for k, v in data.items() if k not in ("game", "code", *SETTING_KEYS)}
        entries, bad, problems = self.ruleset.entries_from_dict(body, self.state)
        if problems:
            raise OrderRefused("; ".join(problems), pid)
        settings, refused = _settings_of_file(data)
        result = self.judge(entries, [*bad, *refused], pid, "yaml", settings)
        result.notes.extend(_another_game_note(_text(data.get("game")), self.config, pid))
        return result

    def admit(self, credentials: Credentials) -> int:
        """The door: the side whose orders these are, once game, player, code and turn
        hold.

        Raises OrderError (nothing may be told beyond the header's own problems),
        WrongCode (the player's registered address is told someone tried) or
        OrderRefused (the code was right: the reason may be told to the player)."""
        where, config = credentials.where, self.config
        game = (credentials.game or "").strip()
        if not game:
            raise OrderError(credentials.missing("GAME"))
        other = game.lower() != config.game.lower()
        if other and not self.trusted:
            raise OrderError(f"{where}: this form is for game {game!r}, not {config.game!r}")
        pid = _number(credentials, "PLAYER")
        if self.player is not None and pid not in self.given():
            raise OrderError(
                self.no_such_player(pid)
                or f"{where}: the form is player {pid}'s, not player {self.player}'s"
            )
        try:
            seat = self.ruleset.seat_of(self.state, SideId(pid))  # PLAYER: the form's side
        except KeyError:
            raise OrderError(f"{where}: game {config.game} has no player {pid}") from None
        entry = next((p for p in config.players if p.id == seat), None)
        if entry is None:
            raise OrderError(f"{where}: player {pid} of game {config.game} takes no orders")
        if credentials.code is None and not self.trusted:
            raise OrderError(credentials.missing("CODE"))
        if other:  # the GM files a form held for its mistyped GAME line: its code proves it
            self._another_game(credentials, game, pid, entry.code)
        if credentials.code is not None and not codes_match(credentials.code, entry.code):
            raise WrongCode(config.game, pid, credentials.code)
        if self.ruleset.is_over(self.state):  # the code was right: told as his own orders'
            raise OrderRefused(f"game {config.game} is over", pid)
        try:
            written = _number(credentials, "TURN")
        except OrderError as error:
            raise OrderRefused(str(error), pid) from error
        if written != self.turn:
            late = self._read_late(written)
            said = self._wrong_turn(where, written, pid, late)
            raise OrderRefused(said, pid) if late is None else ReadAfterItRan(said, pid, late)
        return pid

    def _wrong_turn(self, where: str, written: int, pid: int, late: ReadLate | None) -> str:
        """Why orders for turn ``written`` are refused, and what the player is to do: fill
        in the form of the coming turn, or, when the coming turn does not wait for him (a
        turn of another player's, in a game of turns one after another), wait for the
        report that brings his form: his latest report has none. ``late``: the mail came
        before that turn ran and was read after it, which he is told."""
        said = (
            f"{where}: these orders are for turn {written}, but the game expects turn {self.turn}"
        )
        said += self._ran_before(written) if late is None else self._came_in_time(late)
        if pid in self.ruleset.owing(self.state):
            if self.forms is not None:  # the GM at the command line: no report, a file
                aof = self.forms / turn_name(self.turn - 1) / "aofs" / f"p{pid:02d}.txt"
                return f"{said}: fill in the form of turn {self.turn}, player {pid}'s AOF in {aof}"
            return f"{said}: fill in the form of turn {self.turn}, the one in your latest report"
        return f"{said}, and you have no orders to give now: {self._not_yours(pid)}"

    def _ran_before(self, written: int) -> str:
        """`` (turn 4 ran at ..., before your mail came at ...)`` when turn ``written`` ran
        before the mail came: the player, who sent it in good faith, reads that he was late,
        not that he filled in a wrong form; '' when the turn ran after it (a mail read late:
        ``_came_in_time``), or when either time is not known."""
        if self.received is None or self.ran is None or not 0 < written < self.turn:
            return ""
        at = self.ran(written)
        if at is None or at > self.received:
            return ""
        whose = "your" if self.forms is None else "the"  # a player's answer, or the GM's line
        came = self.received.astimezone(timezone.utc)
        ran = at.astimezone(timezone.utc)
        # in one minute the two read alike ("ran at 20:39, before your mail came at 20:39"):
        # then the seconds tell which came first
        shown = (
            "%Y-%m-%d %H:%M:%S" if f"{ran:%Y%m%d%H%M}" == f"{came:%Y%m%d%H%M}" else "%Y-%m-%d %H:%M"
        )
        return (
            f" (turn {written} ran at {ran.strftime(shown)} UTC, before {whose} mail came at "
            f"{came.strftime(shown)} UTC)"
        )

    def _read_late(self, written: int) -> ReadLate | None:
        """The orders' turn ran after their mail came (the server's receipt), but before
        the host read it (the poll down or slow, or not yet run at the deadline): the
        player was not late; None when it is not so, or either time is not known."""
        if self.received is None or self.ran is None or not 0 < written < self.turn:
            return None
        at = self.ran(written)
        came = self.received.astimezone(timezone.utc)
        if at is None or not came < at:
            return None
        return ReadLate(written, came, at.astimezone(timezone.utc), written == self.turn - 1)

    def _came_in_time(self, late: ReadLate) -> str:
        """`` (your mail came in time, at ..., before turn 4 ran at ..., but was read only
        after it ran: ...)``: he reads that he was not late, that his orders missed the turn
        all the same, and what the GM can do. The seconds are said: a mail that came a few
        seconds before the deadline would read as coming in the minute the turn ran."""
        came = f"{late.came:%Y-%m-%d %H:%M:%S} UTC"
        ran = f"turn {late.turn} ran at {late.ran:%Y-%m-%d %H:%M:%S} UTC"
        if self.forms is not None:  # the GM at the command line, a kept mail's time
            rerun = (
                f": --correct files them for turn {late.turn}, and "
                f"`{shell_command('wtg', 'run-turn', self.config.game, '--rerun')}` runs it again "
                "with them"
                if late.last
                else ""
            )
            return f" (the mail came at {came}, before {ran}, and was read after it{rerun})"
        gm = ", and may run the turn again with them" if late.last else ""
        return (
            f" (your mail came in time, at {came}, before {ran}, but the host read it only "
            f"after the turn ran, and your orders missed it; the GM is told{gm})"
        )

    def _not_yours(self, pid: int) -> str:
        """Why side ``pid`` gives no orders for the coming turn, as a player reads it: he
        is out of the game, or the turn waits for others (and his form comes later)."""
        owing = self.ruleset.owing(self.state)
        sides = self.ruleset.public_sides_of(self.state)
        own = next((s for s in sides if s.id == pid), None)
        if own is not None and own.status.lower() != "active":
            return f"you are out of the game ({own.status.upper()})"
        names = [f"{s.name} (#{s.id})" for s in sides if s.id in owing]
        if len(names) > 3:  # a game of many players: their count, not a list of them
            waits = f"waits for {counted(len(names), 'other player')}"
        elif names:
            waits = "waits for " + " and ".join(names)
        else:
            waits = "is a robot's to play"
        return (
            f"turn {self.turn} {waits}, not for you; your form comes with the report of a"
            " turn that waits for your orders"
        )

    def _another_game(self, credentials: Credentials, game: str, pid: int, code: str) -> None:
        """A form naming game ``game`` given to this game by the GM (a mail held for its
        mistyped GAME line, ``GAME: g33`` for ``g3``): it passes only with the code of the
        player it names in this game, which proves the seat; refused, it is told how the GM
        files it anyway."""
        where, mine = credentials.where, self.config.game
        said = f"{where}: this form is for game {game!r}, not {mine!r}"
        if credentials.code is None:
            raise OrderError(
                f"{said}, and carries no code to prove it player {pid}'s of {mine}: not "
                f"filed; to file it anyway, correct its game line to {mine}"
            )
        if not codes_match(credentials.code, code):
            raise OrderError(
                f"{said}, and its code is not player {pid}'s of {mine}: not filed (a form of "
                "another game is filed only with the code of its player in this game)"
            )

    def judge(
        self,
        entries: list[RawEntry],
        bad: list[Verdict],
        pid: int,
        source: str,
        settings: Sequence[RawEntry] = (),
    ) -> Submission | Unchanged:
        """The verdict on every line. READY stands only when no line was rejected; a mail
        none of whose order lines could be accepted leaves the orders on file as they
        are, and so does a mail that only chooses a setting (``MAP: off``): settings are
        no orders."""
        chosen = {entry.section: str(entry.values[entry.section]) for entry in settings}
        told = [self._told(entry) for entry in settings]
        if pid not in self.ruleset.owing(self.state):
            if chosen and not entries and not bad:  # a setting is no order: any turn will do
                return Unchanged(pid, self.turn, SETTINGS_ONLY, told, settings=chosen)
            raise OrderRefused(
                f"player {pid} has no orders to give this turn: {self._not_yours(pid)}", pid
            )
        acceptance = self.ruleset.accept(entries, self.state, pid)
        verdicts = sorted(bad + acceptance.verdicts + told, key=_verdict_order)
        orders = acceptance.orders
        rejected, given, ready = 0, False, False  # one pass over the lines
        for verdict in verdicts:
            if not verdict.accepted:
                rejected += 1
            elif verdict.entry.section == READY_KEY:
                ready = True
            elif verdict.entry.section not in _NOT_ORDERS:
                given = True  # an order, not READY or a setting
        dropped = (
            [
                f"READY was not kept: {counted(rejected, 'other line')}"
                f" {'was' if rejected == 1 else 'were'} rejected."
                f" Correct {'it' if rejected == 1 else 'them'} and send the form again, with READY."
            ]
            if rejected and orders.get(READY_KEY)
            else []
        )
        if dropped:  # the READY line counts for nothing: never listed "ok"
            verdicts = [_not_kept(v) if v.entry.section == READY_KEY else v for v in verdicts]
        if rejected and not given:  # READY on no orders: it marks nothing, and says so
            return Unchanged(
                pid, self.turn, NONE_ACCEPTED, verdicts, settings=chosen, notes=dropped
            )
        if chosen and not given and not ready:
            return Unchanged(pid, self.turn, SETTINGS_ONLY, verdicts, settings=chosen)
        submission = Submission(pid, self.turn, orders, verdicts, source, settings=chosen)
        if dropped:
            del orders[READY_KEY]
            submission.notes.extend(dropped)
        submission.ready_only = ready and not given and not rejected
        return submission

    def _told(self, entry: RawEntry) -> Verdict:
        """A setting line, accepted, with what it does."""
        setting = setting_keyed(entry.section)
        assert setting is not None  # the parser makes setting entries of settings only
        reason = setting.tell(str(entry.values[entry.section]))
        if setting is MAP and not self.config.map_pictures:
            reason = "kept, but this game mails no map pictures to anyone"
        return Verdict(entry=entry, accepted=True, reason=reason)


def _no_header(line: int) -> str:
    return (
        f"line {line}: order lines without the GAME/TURN/PLAYER/CODE header of your form, "
        "and no single form in your mail they could belong to: copy them into the form "
        "they are for"
    )


def codes_match(given: str, secret: str) -> bool:
    """Whether a written code is the secret one, case aside, in constant time."""
    return hmac.compare_digest(given.strip().upper().encode(), secret.strip().upper().encode())


def _number(credentials: Credentials, name: str) -> int:
    text = credentials.player if name == "PLAYER" else credentials.turn
    if text is None:
        raise OrderError(credentials.missing(name))
    number = header_number(text.strip())
    if number is None:
        raise OrderError(f"{credentials.where}: {name} must be a number, found {text[:24]!r}")
    return number


def _settings_of_file(data: Mapping[str, Json]) -> tuple[list[RawEntry], list[Verdict]]:
    """The settings an order file chooses (``map: off``), and those it gives a value the
    setting does not take."""
    chosen: list[RawEntry] = []
    refused: list[Verdict] = []
    for key in SETTING_KEYS:
        if key not in data:
            continue
        setting: SettingSpec | None = setting_keyed(key)
        assert setting is not None
        written = data[key]
        text = f"{key}: {written if isinstance(written, str) else repr(written)}"[:80]
        value, reason = setting.read(written) if isinstance(written, str) else (None, "")
        if value is None:
            reason = reason or f"{key} takes {' or '.join(setting.values)}, found {written!r}"
            entry = RawEntry(section=key, values={}, position=1, text=text)
            refused.append(Verdict(entry=entry, accepted=False, reason=reason[:120]))
        else:
            chosen.append(RawEntry(section=key, values={key: value}, position=1, text=text))
    return chosen, refused


def _verdict_order(verdict: Verdict) -> tuple[int, str, int]:
    entry = verdict.entry
    return (entry.line if entry.line is not None else 0, entry.section, entry.position)


def _text(value: object) -> str | None:
    """A key of an order file as the header would give it."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if abs(value) < 10**9 else "(a number too big)"
    return None


READY_NOT_KEPT = "READY is not kept beside a rejected line"


def _not_kept(verdict: Verdict) -> Verdict:
    """A READY line beside rejected lines, listed as not kept (the note after the lines
    says how many were rejected): a line listed ``ok`` is one that counts."""
    return Verdict(verdict.entry, False, READY_NOT_KEPT) if verdict.accepted else verdict
