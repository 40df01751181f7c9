"""Who has sent orders for the coming turn (``wtg status``, ``--json``): the GM's "who
hasn't sent orders yet", with the game's hold and each address that bounced.

A player owes orders when the rules wait for his side (``Ruleset.owing``) and he is neither
away (a planned absence for the coming turn: the rules give his side its absent orders
when he sends none) nor leaving (his orders on file QUIT, by his QUIT line or a RESIGN):
the turn runs before the deadline once every player who owes orders is READY
(``wtg.host.due``), and only those who owe orders and sent none are reminded."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TypedDict

from wtg.core.errors import WtgError
from wtg.core.ruleset import PlansAbsence, S, TurnStyle, public_sides
from wtg.core.settings import SETTINGS
from wtg.files.store import StoreError
from wtg.game.absences import away_in
from wtg.game.bounces import bounces_of
from wtg.game.engine import Game
from wtg.game.hold import Hold, hold_of, release_of
from wtg.game.playersettings import PlayerSettings
from wtg.game.schedule import iso, moment_text, parse_iso
from wtg.game.takeoverfinish import MARK, not_finished, under_way
from wtg.game.turnmeta import TURN_META
from wtg.gm.extension import unfinished
from wtg.gm.newcode import NewCode
from wtg.gm.newcode import cut_short_line as new_code_cut_short
from wtg.gm.nextdeadline import reports_behind
from wtg.gm.owing import sides_owing
from wtg.gm.rollback import rollbacks
from wtg.text.addresses import bare_address
from wtg.text.shellcommand import shell_command

Told = Callable[[Hold | NewCode], bool]
"""Whether the players have a GM command's notice queued, mailed or set aside: every
player that of a hold or of its release, the seat that of a new code (the mail loop's
``notice_told``; the game's rooms cannot read the outbox)."""

Shown = Callable[[str], str]
"""How a line says a moment of the files: ``moment_text``, or ``as_filed``."""


def as_filed(stamp: str) -> str:
    """A moment as the files keep it (ISO): what `wtg status --json`'s lines have always
    said, kept as they are."""
    return stamp


class SeatStatus(TypedDict):
    """A side a human plays, in ``game_status``."""

    id: int
    name: str
    seat: int
    status: str
    owes_orders: bool
    """The turn waits for this side's orders: the rules wait for it, and its player is
    neither ``absent`` nor ``resigned``."""
    absent: bool
    """Away in the coming turn (a planned absence, ``ABSENCE`` by mail): the rules give the
    side its absent orders if he sends none; he owes none."""
    resigned: bool
    """His orders on file QUIT the game (his QUIT line, or ``RESIGN`` by mail): he leaves
    when the turn runs, and owes no more orders."""
    orders: bool
    ready: bool
    received: str | None
    missed_turns: int
    address_failing: bool
    """Mail to the seat's address came back for good (``wtg.game.bounces``)."""
    settings: dict[str, str]
    """What the seat chose with setting lines (``MAP: off``), every setting by its key, a
    default where it chose nothing (``wtg.game.playersettings``)."""


class GameStatus(TypedDict):
    """Who has sent orders for the coming turn (``wtg status --json``)."""

    game: str
    ruleset: str
    turn: int
    over: bool
    ended_by_gm: str | None
    """The GM ended the game by hand (`wtg end`): his reason, "" for none; None for a game
    not ended so."""
    held: bool
    """The GM holds the game (``wtg hold``): no turn runs until ``wtg release``."""
    deadline: str | None
    players: list[SeatStatus]
    only_robots_move: bool
    """The coming turn waits for no player's orders: a robot alone is to move (a WISK or
    Tactics robot's turn), or robots alone are left in the game; False once over."""
    one_at_a_time: bool
    """The players move one after another, a turn each (WISK, Tactics: the ruleset's
    ``TurnStyle.SEQUENTIAL``), where a turn no player owes orders for is a robot's and runs
    at once; False where all move at once (WoK), whose turn waits for its deadline."""
    reruns: int
    """How many times the latest turn was run again (`run-turn --rerun`) since it first
    ran: a rerun killed after it counted shows here."""
    owed: list[str]
    """What a GM command cut short still owes the players (their notices), a line each:
    the same command given again finishes it (``wtg extend``, ``wtg release``)."""
    takeover_cut_short: str | None
    """A takeover of a seat under way, or cut short between its writes (the poll killed:
    ``takeover-under-way.json``), the latest turn's files half rewritten: what it is and
    what finishes it, or why nothing does and what the GM is to do; None when none is."""


def game_status(game: Game[S], told: Told | None = None, shown: Shown = moment_text) -> GameStatus:
    """The status of ``game``'s coming turn (``told`` and ``shown``: as ``owed_notices``')."""
    state = game.state()
    turn = game.ruleset.turn_of(state) + 1
    over = game.ruleset.is_over(state)
    deadline = game.deadline()  # None once over (a final turn an older wtg ran too)
    owing = set(game.ruleset.owing(state))
    plans = isinstance(game.ruleset, PlansAbsence)
    away = away_in(game.store, game.config, turn) if plans else set()
    # each seat's player as game.yaml names him now (a name the GM edited), as the mail,
    # the roster, the Top Ten and the site say him: the next turn takes it into the state
    seated = [
        (side, seat)
        for side in public_sides(game.ruleset.public_json(game.named_state(state)))
        if (seat := game.ruleset.seat_of(state, side.id)) is not None  # a robot: none
    ]
    # each player's order file read (and hashed) once: ``sides_owing`` is given it
    metas = {side.id: game.store.pending_meta(turn, side.id) for side, _ in seated}
    owes = sides_owing(game, state, turn, away, metas)  # those owing, not away nor quitting
    failing = bounces_of(game.store.root)
    chosen = PlayerSettings(game.store.root).read()
    players: list[SeatStatus] = []
    for side, seat in seated:
        meta = metas[side.id]
        address = _seat_address(game, seat)
        absent = side.id in owing and seat in away
        resigned = side.id in owing and bool(meta.get("quit", False))
        players.append(
            {
                "id": side.id,
                "name": side.name,
                "seat": seat,
                "status": side.status,
                "owes_orders": side.id in owes,
                "absent": absent,
                "resigned": resigned,
                "orders": bool(meta),
                "ready": bool(meta.get("ready", False)),
                "received": meta.get("received"),
                "missed_turns": side.missed,
                "address_failing": address in failing,
                "settings": {
                    setting.key: chosen.get(seat, {}).get(setting.key, (setting.default, ""))[0]
                    for setting in SETTINGS
                },
            }
        )
    return {
        "game": game.config.game,
        "ruleset": game.config.ruleset,
        "turn": turn,
        "over": over,
        "ended_by_gm": game.ended_by_gm() if over else None,
        "held": game.held() is not None,
        "deadline": iso(deadline) if deadline else None,
        "players": players,
        "only_robots_move": not over and not owing,
        "one_at_a_time": game.ruleset.turn_style is TurnStyle.SEQUENTIAL,
        "reruns": _reruns(game),
        "owed": owed_notices(game, told=told, shown=shown),
        "takeover_cut_short": takeover_cut_short(game, shown),
    }


def takeover_cut_short(game: Game[S], shown: Shown = moment_text) -> str | None:
    """The takeover of ``game`` under way or cut short (``wtg.game.takeoverfinish``), said
    for the GM with what finishes it, its moment ``shown`` (as ``owed_notices``'); None when
    none is."""
    name = game.config.game
    try:
        takeover = under_way(game.store.root)
    except StoreError as error:
        return str(error)
    if takeover is None:
        return None
    said = (
        f"the takeover of seat {takeover.seat} by {takeover.name} (begun after turn "
        f"{takeover.turn}, at {shown(takeover.at)}) is under way, or was cut short between its "
        f"writes ({game.store.root / MARK}), turn {game.latest_turn()}'s files perhaps half "
        "rewritten"
    )
    try:
        why = not_finished(game, takeover)
    except WtgError as error:  # its seat gone from game.yaml: what finishing it would meet
        why = str(error)
    if why is not None:
        return f"{said}; nothing finishes it: {why}"
    return (
        f"{said}; the poll that reads the newcomer's CONFIRM again finishes it, and so does the "
        f"next turn's run before it runs (`{shell_command('wtg', 'run-turn', name)}`, or `--due` "
        "at its deadline): nothing is to be done by hand"
    )


def owed_notices(
    game: Game[S], held_back: bool = True, told: Told | None = None, shown: Shown = moment_text
) -> list[str]:
    """The notices a GM command cut short owes the players, a line each: a deadline moved
    whose reports are not yet written again (``wtg.gm.nextdeadline``: `wtg send` holds them
    back), a rollback or its undo not finished (`wtg send` holds them back too), a deadline
    moved and
    not told (``wtg.gm.extension``), a hold or a release not
    told (``wtg.game.hold``), a new code not mailed (``wtg.gm.newcode``).
    ``held_back=False``: not those two `wtg send` holds reports back for (it says them
    so), the others alone (it says them too). ``told``: whether
    every player has the notice of a hold (or of its release) queued or mailed (the mail
    loop's ``notice_told``): a hold or a release cut short after its last notice owes none;
    whether the mail of a new code cut short is queued (the line says which). ``shown``:
    how a moment of an event is said (a hold's since, a move's at): ``moment_text``'s
    ``2026-12-13 17:00 UTC`` for the GM's text, ``as_filed`` for `--json`, which keeps the
    files' ISO."""
    name = game.config.game
    owed = []
    latest = game.latest_turn()
    try:
        meta = game.store.read_json(latest, TURN_META)
    except StoreError:
        meta = None
    moved = unfinished(meta, latest + 1) if isinstance(meta, dict) else None
    undone = moved is not None and moved.hours < 0  # only --undo moves a deadline earlier
    if held_back and reports_behind(meta):
        every = rollbacks(game.store, undone=True)
        given = (
            f"`{shell_command('wtg', 'extend', name, '--undo')}`"
            if undone
            else f"`{shell_command('wtg', 'rollback', name, '--undo')}`"
            if every and every[-1].undone is not None and every[-1].latest == latest
            else f"`{shell_command('wtg', 'extend', name, 'HOURS')}` or "
            f"`{shell_command('wtg', 'release', name)}`"
        )
        owed.append(
            f"the deadline was moved to {shown(str(meta.get('next_deadline')))} and the "
            "turn's reports not "
            f"yet written again to say it (wtg send holds them back): give the {given} that "
            "was cut short again"
        )
    if moved is not None and undone:
        owed.append(
            f"the deadline's move back to {moment_text(moved.new)} "
            f"(`{shell_command('wtg', 'extend', name, '--undo')}`, at {shown(moved.at)}) was cut "
            "short before every player was told: give "
            f"`{shell_command('wtg', 'extend', name, '--undo')}` again (it moves nothing more)"
        )
    elif moved is not None:
        owed.append(
            f"the deadline's move to {moment_text(moved.new)} (at {shown(moved.at)}) was cut short "
            f"before every player was told: give `{shell_command('wtg', 'extend', name, 'HOURS')}` "
            "again (it moves nothing more)"
        )
    for cut in (r for r in rollbacks(game.store) if not r.finished and held_back):
        owed.append(
            f"the rollback to turn {cut.to} (archive/{cut.ident}) was cut short before it finished "
            "and told the players (wtg send holds the game's reports back): give "
            f"`{shell_command('wtg', 'rollback', name, '--to', str(cut.to))}` again"
        )
    for cut in (r for r in rollbacks(game.store, undone=True) if not r.undo_finished):
        if held_back:
            owed.append(
                f"the undo of the rollback to turn {cut.to} (archive/{cut.ident}) was cut short "
                "before it finished and told the players (wtg send holds the game's reports "
                f"back): give `{shell_command('wtg', 'rollback', name, '--undo')}` again"
            )
    held = hold_of(game.store.root)
    if held is not None and held.taking_back:
        owed.append(
            f"the hold (since {shown(held.since)}) was being taken back when it was cut "
            "short, some of "
            "its notices taken out of the queue: give "
            f"`{shell_command('wtg', 'hold', name, '--undo')}` again "
            f"(or `{shell_command('wtg', 'hold', name)}` to tell every player after all)"
        )
    elif held is not None and held.telling and not (told is not None and told(held)):
        owed.append(
            f"the hold (since {shown(held.since)}) was cut short before every player was "
            f"told: give `{shell_command('wtg', 'hold', name)}` again"
        )
    released = release_of(game.store.root)
    if released is not None and not (told is not None and told(released)):
        owed.append(
            f"the release (at {shown(released.released)}) was cut short before every player was "
            f"told: give `{shell_command('wtg', 'release', name)}` again"
        )
    code = new_code_cut_short(game, told)
    if code is not None:
        owed.append(code)
    return owed


def _reruns(game: Game[S]) -> int:
    """The latest turn's reruns (its ``turn.json``), 0 when it has none or cannot be read."""
    try:
        meta = game.store.read_json(game.latest_turn(), TURN_META)
    except StoreError:
        return 0
    reruns = meta.get("reruns", 0) if isinstance(meta, dict) else 0
    return reruns if isinstance(reruns, int) and not isinstance(reruns, bool) else 0


def _seat_address(game: Game[S], seat: int) -> str:
    """The bare, lower-cased address of a GM seat ("" for a seat game.yaml lacks)."""
    entry = next((p for p in game.config.players if p.id == seat), None)
    return bare_address(entry.email) if entry is not None else ""


OVERDUE_AFTER = timedelta(minutes=15)
"""How long after its deadline a turn not run is overdue: cron's line runs `wtg run-turn
--due` every five minutes, and a deadline passed since its last run is not yet a fault."""
RUNS_IT = (
    "`wtg run-turn --due` runs it or says why not (cron's line runs it every five "
    "minutes: is it in `crontab -l`, or is wtg serve running?)"
)
"""What runs an overdue turn, and where to look for why it did not run."""


def overdue(status: GameStatus, now: datetime) -> str | None:
    """What ``wtg status`` says of a game whose deadline passed more than ``OVERDUE_AFTER``
    ago while its turn has not run (not held, not over): what runs it, and where to look
    (no cron line, cron's `wtg` not found). None for a game on time."""
    if status["held"] or status["deadline"] is None:  # a game over has none
        return None
    passed = now - parse_iso(status["deadline"])
    if passed <= OVERDUE_AFTER:
        return None
    return (
        f"the deadline passed {span_text(passed)} ago and turn {status['turn']} has not run: "
        f"{RUNS_IT}"
    )


def span_text(span: timedelta) -> str:
    """A span as a GM reads it: ``3 min``, ``5 h 10 min``, ``2 d 4 h``."""
    minutes = max(0, int(span.total_seconds() // 60))
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min"
