"""`wtg status`: who has sent orders, who is READY, the deadline; one game or all of them."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import click

from wtg.cli.common import (
    config_path,
    fail,
    games_root,
    gm_config,
    open_or_fail,
)
from wtg.cli.completion import game_names
from wtg.cli.givenhead import carrying_given, host_paths, on_disk, tell_hung
from wtg.cli.movedhost import say_out_of_date
from wtg.core.errors import ConfigError
from wtg.core.plurals import counted
from wtg.core.printable import printable
from wtg.core.record import Record
from wtg.core.ruleset import KeepsOptions, OptionValue
from wtg.core.settings import SETTINGS, setting_keyed
from wtg.files.diskspace import full_disk, low_disk, read_only
from wtg.files.gamesfolder import SPOOL
from wtg.files.private import is_private
from wtg.game.engine import Game
from wtg.game.fixedzones import fixed_zone_warning
from wtg.game.gameconfig import (
    GameConfig,
    PlayerEntry,
    address_meant,
    checked_address,
    code_warnings,
    name_quoted,
)
from wtg.game.hold import Hold
from wtg.game.press import unreadable_press
from wtg.game.registry import GAME_OPTIONS
from wtg.game.schedule import moment_text, zoned_text
from wtg.game.textcolumn import padded, row_name, text_width
from wtg.gm.gamestatus import GameStatus, SeatStatus, Told, as_filed, game_status, overdue
from wtg.gm.newcode import NewCode
from wtg.gm.nextdeadline import first_edited, schedule_changed, schedule_not_yet_taken
from wtg.gm.rollbacknote import rollback_line, rollback_note
from wtg.host.announcement import Announcement, cut_short, owed_data, owed_line, withdrawing
from wtg.host.gamesdir import Unreadable, failure_reason, scan_games
from wtg.host.mailedgames import mailed_here, not_sent
from wtg.host.pollhealth import last_poll
from wtg.lobby.database import torn
from wtg.mail.outgoing.compose import address_key, writable
from wtg.mail.outgoing.notices import notice_told, rollback_untold
from wtg.mail.spool.afterbackup import held_line
from wtg.mail.spool.floodcopies import FLOOD_DAY_FIRST, FLOOD_DAY_NEWEST, FLOOD_FIRST, FLOOD_NEWEST
from wtg.mail.spool.journal import (
    HELD_AN_ADDRESS,
    HELD_FIRST,
    HELD_STRANGERS,
    QUARANTINE_AN_ADDRESS,
    UNANSWERED_AN_ADDRESS,
    mailed_turns,
)
from wtg.mail.spool.journallists import (
    CodesElsewhere,
    FloodCount,
    HeldOver,
    Quarantined,
    ReadLate,
    SetAside,
    Unanswered,
    WrongCodes,
    codes_elsewhere,
    cut_short_line,
    flood_not_kept,
    held_let_go,
    held_mails,
    held_over,
    quarantine_listed,
    quarantined,
    read_late,
    releases_cut_short,
    releasing,
    set_aside,
    shown_first,
    unanswered,
    unanswered_not_listed,
    wrong_codes,
)
from wtg.serve.health import host_health
from wtg.text.addresses import from_mailbox
from wtg.text.prose import listed, path_then, with_path
from wtg.text.shellcommand import shell_command
from wtg.upkeep.upgrade import book_not_upgraded, folder_not_upgraded

if TYPE_CHECKING:  # pydantic (the config's schema): read by the commands that need it
    from wtg.host.config import GmConfig

HELD_SHOWN = 24 * 3600.0
"""How far back the overview shows the mails whose answer a limit held back, and the
players' orders set aside (``wtg.mail.incoming.setaside``)."""
SHOWN = 10
"""Of those, how many get a line of their own, the newest (a flood holds back hundreds); as
many of the mails quarantined, and of the games the mails held name."""
NAME_COLUMN = 16
"""The widest a game's name column of the host's list grows: a longer name runs past it."""
RULESET_COLUMN = 12
"""The widest its ruleset column grows."""
NAME_WIDTH = 20
"""The columns of a player's name in a game's rows: a longer one has the row to itself."""
ID_WIDTH = 2
"""The columns of a player's number in a game's rows, unless a number of the game is wider
(a seat 100 or more: the numbers of that game are as wide as its widest)."""
PRESS_UNREAD = "the reports go without it; mend its JSON or move it away"
"""What a press file that cannot be read costs, and what to do (``PRESS UNREADABLE``)."""


def _more(mails: int) -> str:
    """``mails`` more, counted: "1 more mail", "3 more mails"."""
    return counted(mails, "more mail")


def _are(mails: int) -> str:
    """The verb a count of ``mails`` takes: "is" for 1, else "are"."""
    return "is" if mails == 1 else "are"


def register(group: click.Group) -> None:
    group.add_command(status)


THIS_STATUS = "this status is"
THE_GAMES = "the games as they stand"
"""What a status on a host a copy of it took the mailbox over from is said to be
(``say_out_of_date``)."""


@click.command()
@click.argument("game_dir", required=False, shell_complete=game_names)
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
@click.option(
    "--host",
    "of_host",
    is_flag=True,
    help="Is the host well: the service, the last mail poll, the next deadline, the "
    "outbox, the mail quarantined, the failing addresses.",
)
@click.pass_context
def status(ctx: click.Context, game_dir: str | None, as_json: bool, of_host: bool) -> None:
    """Who has sent orders for the coming turn, who is READY, and the deadline. Without
    GAME_DIR: a line for every game of the games folder, exiting 1 when one of them (or
    an announcement's note) cannot be read, after the rest. With --host: how the host itself
    does (exits 0 whatever it finds: read what it says)."""
    if of_host:
        if game_dir is not None:
            fail("--host is about the whole host: give no GAME_DIR")
        host(ctx, as_json)
        return
    if game_dir is None:
        say_out_of_date(ctx, games_root(ctx) / SPOOL, THIS_STATUS, THE_GAMES)
        overview(ctx, as_json)
        return
    game = open_or_fail(ctx, game_dir)
    say_out_of_date(ctx, game.store.root.parent / SPOOL, THIS_STATUS, THE_GAMES)
    warn_if_shared(game.store.root)
    warn_of_codes(game.config)
    warn_of_addresses(game.config)
    warn_of_zone(game.config)
    spool = game.store.root.parent / SPOOL
    now = datetime.now(timezone.utc)  # one moment, on the clock the poll stamps with
    since = now.timestamp() - HELD_SHOWN
    shown = as_filed if as_json else moment_text  # `--json` keeps the files' ISO
    data = game_status(game, told=_told(spool, game), shown=shown)
    data["owed"] = [*data["owed"], *_rollback_untold(game, spool)]
    listed, kept, kept_over = _with_quarantine(data, quarantined(spool))
    listed, aside = _with_set_aside(listed, set_aside(spool, since))
    tried = [w for w in wrong_codes(spool, since) if w.game == data["game"]]
    listed["wrong_codes"] = [_wrong_data(item) for item in tried]
    used = [c for c in codes_elsewhere(spool, since) if c.game == data["game"]]
    listed["codes_elsewhere"] = [_elsewhere_data(item) for item in used]
    lates = [item for item in read_late(spool, since) if item.game == data["game"]]
    listed["read_late"] = [_late_data(item) for item in lates]
    listed, owed = _with_announcements(listed, data, cut_short(spool)[0])
    every_mailed = mailed_turns(spool)
    mailed = every_mailed.get(game.config.game, -1)
    listed["mailed_turn"] = mailed
    listed["read_only"] = stuck = read_only(game.store.root)
    listed["disk_full"] = full = full_disk(game.store.root)
    late = listed["overdue"] = overdue(data, now)
    moved = listed["schedule_edited"] = _schedule_edited(game, data, now)
    first = listed["first_edited"] = None if data["over"] else first_edited(game, data["deadline"])
    unplayed = listed["options_not_played"] = _options_not_played(game)
    mine = listed["held_mails"] = _held_of(held_mails(spool), game.config.game)
    releases = listed["releases_cut_short"] = _releases_of(spool, game.config.game)
    broken = listed["press_unreadable"] = [
        str(path) for path in unreadable_press(game.store, data["turn"])
    ]
    rolled = rollback_note(game.store, game.latest_turn())
    listed["last_rollback"] = None if rolled is None else rolled.as_json()
    behind = listed["not_upgraded"] = folder_not_upgraded(game.store.root)
    listed["turns_held"] = held_line(spool, INBOX)  # as `wtg status --host --json`
    if as_json:
        click.echo(json.dumps(listed, indent=1))
        return
    zone = None if game.config.schedule is None else game.config.schedule.timezone
    tell_hung(_headline(data, game.latest_turn(), zone))  # the game's name as game.yaml holds it
    why = None if data["over"] else schedule_not_yet_taken(game, data["deadline"])
    if why is not None:
        tell_hung(f"NO DEADLINE: {why}")
    if data["only_robots_move"]:  # every player's row says he owes none: whose turn is it?
        tell_hung(f"ROBOTS TO MOVE: {_robots_line(data)}")
    if moved is not None:  # game.yaml's schedule edited since the latest turn ran
        tell_hung(f"NOTE: {moved}")
    if first is not None:  # game.yaml's first: edited in a running game
        tell_hung(f"NOTE: {first}")
    if unplayed:
        defaults = _option_defaults(game.config.ruleset)
        differ = "; ".join(printable(_option_said(o, defaults)) for o in unplayed)
        tell_hung(
            "NOTE: game.yaml's options differ from those the game plays, kept when turn 0 "
            f"was made (editing them changes nothing): {differ}"
        )
    _show_read_only(stuck, full)
    if behind is not None:  # its orders wait in the inbox: "NO ORDERS YET" below says not why
        tell_hung(carrying_given(f"NOT UPGRADED: {behind}"))
    hold = game.held()
    if hold is not None:
        tell_hung(_hold_line(hold, data))
    if data["reruns"]:
        tell_hung(
            f"RERUN: turn {game.latest_turn()} was run again {counted(data['reruns'], 'time')} by "
            f"`wtg run-turn {data['game']} --rerun` (each counted here): given again, it runs "
            "the turn once more"
        )
    if rolled is not None:
        tell_hung(rollback_line(rolled, data["game"]))
    if late is not None:
        tell_hung(f"OVERDUE: {late}")
    _show_turns_held(game.store.root.parent)
    latest = game.latest_turn()
    unsent = not_sent(latest, mailed, mailed_here(every_mailed, game.config.game, latest))
    if unsent:
        tell_hung(f"NOT MAILED: {unsent}")
    for line in owed:
        tell_hung(f"NOTICES OWED: {line}")
    if data["takeover_cut_short"] is not None:
        tell_hung(f"TAKEOVER CUT SHORT: {data['takeover_cut_short']}")
    held = held_mails(spool)  # the config read for its domains only when a mail is held
    strange = _held_strange(held, game.config, _dashed(ctx) if held else ())
    if len(mine) > strange:
        tell_hung(f"HELD MAIL: {_held_here(len(mine) - strange, [game.config.game])}")
    if strange:
        tell_hung(f"HELD MAIL: {_strangers_here(strange, game.config.game)}")
    for key in releases:  # the game's mail perhaps still in the rejected folder
        tell_hung(cut_short_line(key))
    for path in broken:  # a player's press the reports would go without, in silence
        turn = data["turn"]
        tell_hung(f"PRESS UNREADABLE: {path} (a player's press for turn {turn}): {PRESS_UNREAD}")
    ids = max((len(str(p["id"])) for p in data["players"]), default=ID_WIDTH)
    for p in data["players"]:
        tell_hung(_player_line(p, data["turn"], ids), indent=notes_at(ids))
    _show_quarantine(kept, kept_over)
    _show_set_aside(aside)
    _show_wrong_codes(tried)
    _show_codes_elsewhere(used)
    _show_read_late(lates)


def _headline(data: GameStatus, latest: int, zone: str | None = None) -> str:
    """The first line of a game's status: its turn and deadline (and the deadline in the
    game's ``zone``, as its players read it), or that it is over (and whether the GM ended
    it); ``latest``: its latest turn."""
    if not data["over"]:
        return (
            f"game {data['game']}, orders for turn {data['turn']}, "
            f"deadline {zoned_text(data['deadline'], zone) if data['deadline'] else 'none'}"
        )
    by_gm = data["ended_by_gm"]
    return (
        f"game {data['game']}, over after turn {latest}"
        + ("" if by_gm is None else ", ended by the GM")
        + (f" ({by_gm})" if by_gm else "")
        + ": no orders are taken, no deadline comes"
    )


def _hold_line(hold: Hold, data: GameStatus) -> str:
    """The line of the GM's hold on a game: no turn runs until it is released, or, once
    the game is over, that it holds nothing until a rollback takes the end back."""
    why = f" ({hold.reason})" if hold.reason else ""
    if not data["over"]:
        return (
            f"HELD by the GM since {moment_text(hold.since) or '?'}{why}: no turn runs until "
            f"`wtg release {data['game']}`"
        )
    return (
        f"HOLD KEPT: the GM's hold since {moment_text(hold.since) or '?'}{why}, from before the "
        "game was over, holds nothing now; a rollback that takes the end back finds the "
        f"game held again (`wtg release {data['game']}` then lets it run)"
    )


def notes_at(ids: int) -> str:
    """Where a player's notes begin on his row, and each line of them after its first, in a
    game whose widest number fills ``ids`` columns (``ID_WIDTH`` at least)."""
    return " " * len(f"  player {'':>{max(ids, ID_WIDTH)}} {'':{NAME_WIDTH}} ")


def _player_line(p: SeatStatus, turn: int, ids: int = ID_WIDTH) -> str:
    """A player's row of a game's status: his name, whether his orders for ``turn`` came
    (or why he owes none), the turns he missed, a failing address and the settings he
    chose; his number right-aligned in ``ids`` columns (the game's widest)."""
    received = (
        f"orders received {moment_text(p['received'])}"
        if p["received"]
        else "orders on file (when they came is not recorded)"
    ) + (", READY" if p["ready"] else "")
    if p["resigned"]:
        note = f"RESIGNED: leaves the game when turn {turn} runs (QUIT on file)"
    elif p["absent"]:
        note = "ABSENT this turn (planned absence)" + (f", {received}" if p["orders"] else "")
    elif not p["owes_orders"]:  # another's turn to move (WISK, Tactics), or out
        note = p["status"] + (", owes no orders this turn" if p["status"] == "active" else "")
    elif p["orders"]:
        note = received
    else:
        note = "NO ORDERS YET"
    missed = f" ({p['missed_turns']} missed)" if p["missed_turns"] else ""
    failing = ", ADDRESS FAILING (mail bounced: `wtg bounces`)" if p["address_failing"] else ""
    chosen = "".join(f", {_word(key)} {value}" for key, value in _chosen(p["settings"]))
    at = notes_at(ids)
    row = f"  player {p['id']:>{max(ids, ID_WIDTH)}} {row_name(p['name'], NAME_WIDTH)}"
    if text_width(row) > len(at) - 1:  # a long name: the notes go on under the others'
        return f"{row}\n{at}{note}{missed}{failing}{chosen}"
    return f"{row} {note}{missed}{failing}{chosen}"


def _late_data(item: ReadLate) -> dict[str, object]:
    """A player's orders read late as ``--json``'s ``read_late`` lists them: its seat as
    ``player``."""
    return _record_data(item, seat="player")


def _record_data(item: Record, **renamed: str) -> dict[str, object]:
    """A journal's record as ``--json`` lists it: each field under its own name, in their
    order, but those ``renamed`` gives another."""
    return {renamed.get(name, name): value for name, value in item.field_values().items()}


def _show_read_late(items: Sequence[ReadLate]) -> None:
    """Players' orders read after their turn ran in the last day, though their mail came in
    time (``wtg.mail.incoming.readlate``): a line a player, newest first, the first
    ``SHOWN``, as `wtg poll` said them (it alone did, and cron's mail of it is easily
    missed)."""
    if not items:
        return
    mails = sum(item.mails for item in items)
    tell_hung(
        f"{counted(mails, 'mail')} of ORDERS READ AFTER THEIR TURN RAN in the last 24 hours, "
        'though they came in time (docs/gm.md, "Orders read after their turn ran"):'
    )
    for item in items[:SHOWN]:
        tell_hung(f"  {item.said()}")
    if len(items) > SHOWN:
        tell_hung(f"  ... and {len(items) - SHOWN} more (--json: read_late)")


def _robots_line(data: GameStatus) -> str:
    """`wtg status GAME`'s ROBOTS TO MOVE line, of a coming turn no player owes orders for
    (``only_robots_move``): a robot's turn in a game whose players move one at a time, run
    by the next `run-turn --due` (``wtg.host.due.why_due``), or a game of robots alone, run
    at its deadline, or, a game without one, by hand alone (`wtg run-turn GAME`: no
    `run-turn --due` ever finds it due); a held one runs no way until released (without a
    deadline, the release runs nothing: the hand run follows it). Neither
    waits for `wtg send`: no player owes orders, so the last turn not mailed holds nothing
    (``wtg.host.due.not_mailed``)."""
    turn, game = data["turn"], data["game"]
    if data["one_at_a_time"]:
        said = (
            f"turn {turn} is a robot's (the players move one at a time): no player owes "
            "orders for it, and the next run-turn --due (cron's, or wtg serve) runs it, "
            "without waiting for the deadline"
        )
    elif data["deadline"] is None:
        said = (
            f"no player is left to give orders for turn {turn} (robots alone play on) and it "
            "has no deadline, so no run-turn --due runs it: "
            f"`{shell_command('wtg', 'run-turn', game)}` does"
        )
    else:
        said = (
            f"no player is left to give orders for turn {turn} (robots alone play on): it "
            "runs at its deadline"
        )
    if not data["held"]:
        return said
    if data["deadline"] is None and not data["one_at_a_time"]:  # release runs nothing here
        return said + (
            f"; HELD: `{shell_command('wtg', 'release', game)}` first (run-turn refuses a held "
            "game), then that run-turn"
        )
    return said + f"; HELD: it runs once `{shell_command('wtg', 'release', game)}` is given"


def _schedule_edited(game: Game, data: GameStatus, now: datetime) -> str | None:
    """The note of game.yaml's schedule edited since the coming deadline was set (its
    turn keeps that deadline, the turns after it follow the schedule): ``wtg status
    GAME``'s NOTE line, ``--json``'s ``schedule_edited``; None when there is none."""
    if data["over"]:
        return None
    return schedule_changed(game, data["deadline"], now)


def _options_not_played(game: Game) -> list[dict[str, object]]:
    """The options game.yaml gives other values than the game plays: a ruleset that keeps
    its options in the state (``KeepsOptions``) plays those turn 0 was made with, and an
    edit of game.yaml's ``options`` after changes nothing. ``wtg status GAME``'s NOTE line,
    ``--json``'s ``options_not_played``; an option the state does not keep is left out."""
    if not isinstance(game.ruleset, KeepsOptions) or game.latest_turn() < 0:
        return []
    played = game.ruleset.played_options(game.state())
    written = game.config.options
    edited: list[dict[str, object]] = [
        {"option": key, "game_yaml": value, "played": played[key]}
        for key, value in written.items()
        if key in played and str(value) != str(played[key])  # `2` written for '2': the same
    ]
    defaults = _option_defaults(game.config.ruleset)
    left_out: list[dict[str, object]] = [  # taken out of game.yaml: the file means the default now
        {"option": key, "game_yaml": None, "played": value}
        for key, value in played.items()
        if key not in written and key in defaults and str(value) != str(defaults[key])
    ]
    return edited + left_out


def _option_defaults(ruleset: str) -> dict[str, OptionValue]:
    """What game.yaml means of each option of ``ruleset`` it leaves out: the option's
    default (an on/off option's is off); an option without one is not here."""
    found: dict[str, OptionValue] = {}
    for option in GAME_OPTIONS.get(ruleset, ()):
        if option.default is not None:
            found[option.key] = option.default
        elif option.kind == "flag":
            found[option.key] = False
    return found


def _option_said(entry: dict[str, object], defaults: dict[str, OptionValue]) -> str:
    """An option of ``_options_not_played`` as the NOTE line says it (yes/no for on/off)."""
    key = str(entry["option"])
    played = _value_said(entry["played"])
    if entry["game_yaml"] is None:
        default = _value_said(defaults.get(key))
        return f"{key}: not in game.yaml (its default: {default}), the game plays {played}"
    return f"{key}: {_value_said(entry['game_yaml'])} in game.yaml, the game plays {played}"


def _value_said(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return printable(str(value))


def _show_read_only(said: str | None, full: str | None = None, low: str | None = None) -> None:
    """The line of a games folder on a read-only file system (``read_only``), or a full
    disk (``full_disk``): ``wtg status`` reads it, every command that writes is refused;
    or a disk nearly full (``low_disk``), while there is time to make room."""
    if said:
        tell_hung(f"READ-ONLY: {said}: no poll, turn or mail runs until then")
    elif full:
        tell_hung(f"DISK FULL: {full}: no poll, turn or mail runs until then")
    elif low:
        tell_hung(f"DISK LOW: {low}")


def _chosen(settings: dict[str, str]) -> list[tuple[str, str]]:
    """The settings a seat chose away from their defaults (``MAP: off``), by key."""
    defaults = {setting.key: setting.default for setting in SETTINGS}
    return [(key, value) for key, value in settings.items() if value != defaults.get(key)]


def _word(key: str) -> str:
    setting = setting_keyed(key)
    return setting.word if setting is not None else key.upper()


def _with_quarantine(
    data: GameStatus, every: list[Quarantined]
) -> tuple[dict[str, object], list[Quarantined], dict[str, int]]:
    """A game's status with its quarantined mails (how many, and where each listed is kept:
    ``quarantine_listed``; ``player``: whether its address had a seat here, the mails the
    text lists first), those listed, and the others counted by address."""
    kept, over = quarantine_listed([q for q in every if q.game == data["game"]])
    shown = [
        {"archive": q.archive, "reason": q.reason, "key": q.key, "at": q.at, "player": q.player}
        for q in kept
    ]
    entry = {
        **data,
        "quarantined": len(kept) + sum(over.values()),
        "quarantine": shown,
        "quarantine_not_listed": over,
    }
    return entry, kept, over


def _with_set_aside(
    listed: dict[str, object], every: list[SetAside]
) -> tuple[dict[str, object], list[SetAside]]:
    """A game's status with the orders of its players set aside in the last day (mails that
    looked automatic, not filed: ``set_aside``, newest first), and those entries."""
    mine = [item for item in every if item.game == listed["game"]]
    return {**listed, "set_aside": [_aside_data(item) for item in mine]}, mine


def _aside_data(item: SetAside) -> dict[str, object]:
    """A player's orders set aside as ``--json``'s ``set_aside`` lists them."""
    return _record_data(item)


def _with_announcements(
    listed: dict[str, object], data: GameStatus, every: Sequence[tuple[Path, Announcement]]
) -> tuple[dict[str, object], list[str]]:
    """A game's status with the announcements cut short that go to it (``wtg.host.announcement``):
    their lines added to what is owed, and their entries (``announcements``); and the
    lines owed."""
    mine = [(path, made) for path, made in every if data["game"] in made.games]
    owed = [*data["owed"], *(owed_line(path, made) for path, made in mine)]
    entries = [owed_data(path, made) for path, made in mine]
    return {**listed, "owed": owed, "announcements": entries}, owed


def _told(spool: Path, game: Game) -> Told:
    """Whether every player has the notice of a hold (or of its release) of the game
    queued or mailed, and whether the mail of a new code cut short is (``notice_told``):
    a hold or release cut short after its last notice owes none, and the line of a new
    code says which it is."""

    def told(what: Hold | NewCode) -> bool:
        return notice_told(spool, game, what)

    return told


def _rollback_untold(game: Game, spool: Path) -> list[str]:
    """The line owed for the game's last rollback when no player was told of it
    (``rollback_untold``), none otherwise."""
    if not (game.store.root / "archive").is_dir():
        return []  # never rolled back
    untold = rollback_untold(spool, game)
    return [untold] if untold else []


def _show_quarantine(kept: list[Quarantined], not_listed: dict[str, int]) -> None:
    """Mails the poll could not handle: the GM reads them in the archive; a line each, the
    newest ``SHOWN`` first (a stranger's flood of them is counted, not printed whole), of
    those listed (``quarantine_listed``); those not listed counted with the addresses that
    sent the most."""
    if kept:
        total = len(kept) + sum(not_listed.values())
        tell_hung(f"{counted(total, 'mail')} quarantined (the poll could not handle them):")
    for item in shown_first(kept)[:SHOWN]:  # the path whole on its own line, the reason under
        for line in path_then(
            item.archive, carrying_given(item.reason), paths=host_paths(), on_disk=on_disk
        ):
            tell_hung(line, files=[item.archive])
    if len(kept) > SHOWN:
        tell_hung(f"  ... and {len(kept) - SHOWN} more (`wtg quarantine` lists them)")
    _show_not_listed(not_listed)


def _by_address(counts: dict[str, int], unknown: str) -> str:
    """The first ``SHOWN`` addresses of ``counts`` each with its count (``unknown`` for the
    mails whose address was not read), and how many more there are."""
    shown = ", ".join(
        f"{sender or unknown} {count}" for sender, count in list(counts.items())[:SHOWN]
    )
    return shown + (f" and {len(counts) - SHOWN} more" if len(counts) > SHOWN else "")


def _show_not_listed(not_listed: dict[str, int]) -> None:
    """The line of the mails quarantined the list leaves out, counted by address."""
    if not not_listed:
        return
    senders = _by_address(not_listed, "(no address read)")
    tell_hung(
        f"{_more(sum(not_listed.values()))} quarantined {_are(sum(not_listed.values()))} not "
        "listed: the list keeps "
        f"the newest {QUARANTINE_AN_ADDRESS} of an address ({senders}; "
        "--json: quarantine_not_listed); each is in the archive"
    )


def _show_set_aside(items: Sequence[SetAside]) -> None:
    """Players' orders in mails that looked automatic, in the last day, not filed (newest
    first): a line each naming the game, the seat, the header and the mail kept, the first
    ``SHOWN``."""
    if items:
        tell_hung(
            f"{counted(len(items), 'mail')} with a player's orders SET ASIDE in the last 24 "
            f"hours, not filed: {'it' if len(items) == 1 else 'they'} looked automatic (the "
            'header named); `wtg orders GAME_DIR FILE` files one (docs/gm.md, "Orders set '
            'aside"):'
        )
    for item in items[:SHOWN]:  # the path whole on a line of its own: it is copied
        for line in with_path(
            f"{item.game} player {item.seat}: {item.why}; kept in",
            item.archive,
            paths=host_paths(),
            on_disk=on_disk,
        ):
            tell_hung(line, files=[item.archive])
    if len(items) > SHOWN:
        tell_hung(f"  ... and {len(items) - SHOWN} more (--json: set_aside)")


def host(ctx: click.Context, as_json: bool) -> None:
    """`wtg status --host`: the facts of ``wtg.serve.health``, as JSON or a line each."""
    gm = gm_config(ctx) if config_path(ctx) is not None else None  # read once, for both
    games_dir = games_root(ctx, gm)
    shown = as_filed if as_json else moment_text  # `--json` keeps the files' ISO
    health = host_health(games_dir, datetime.now(timezone.utc), shown)
    stuck = read_only(games_dir)
    full = full_disk(games_dir)
    low = low_disk(games_dir)
    book = torn(games_dir)  # the lists stopped, the commands' mails held, until restored
    passwords = _password_problems(gm)
    loose = _password_warnings(gm, passwords)
    left = _left_behind(gm)
    if as_json:
        facts = {**health.as_json(), "read_only": stuck, "disk_full": full, "disk_low": low}
        facts["lobby_book"] = book
        facts["turns_held"] = held_line(games_dir / SPOOL, INBOX)
        facts["maildir_left_behind"] = left
        passwords_said = {"password_problems": passwords, "password_warnings": loose}
        click.echo(json.dumps({**facts, **passwords_said}, indent=1))
        return
    _show_read_only(stuck, full, low)
    _show_book(book)
    _show_turns_held(games_dir)
    if left is not None:  # `wtg serve` logs it once: the GM's look says it while it waits
        tell_hung(f"MAIL NOT READ: {left.removeprefix('note: ')}")
    for line in passwords:  # the host reads and sends no mail of that server until mended
        tell_hung(f"PASSWORD: {line}; every login to that server fails until it is mended")
    for line in loose:  # `wtg serve` logs it; under systemd its stderr line went unread
        tell_hung(f"PASSWORD: {line}")
    for line in health.lines():
        tell_hung(line)


def _show_book(book: str | None) -> None:
    """The lobby's book that cannot be read (``torn``): its line, and what it stops."""
    if book is not None:
        tell_hung(
            f"LOBBY'S BOOK: {book}; until then the polls hold every mail of commands "
            "(`wtg quarantine` lists them HELD) and no waiting list takes a player; once it "
            "is restored, `wtg quarantine --release-held` puts every mail held back"
        )


INBOX = "the inbox"
"""Where `wtg status` tells the GM to move back the mails a restored host never read
(``_show_turns_held``): its config's IMAP folder is not read for it."""


def _show_turns_held(games_dir: Path) -> None:
    """The turns due that `run-turn --due` and `wtg serve` hold on a host restored from a
    backup, its last poll having found mail filed after the backup and never read
    (``held_line``): its line. A GM who asks why a game is overdue hears it here."""
    held = held_line(games_dir / SPOOL, INBOX)
    if held is not None:
        tell_hung(f"TURNS HELD: {held}")


def _left_behind(gm: GmConfig | None) -> str | None:
    """The note of the mail that waits in the maildir transport's inbox of a host that polls
    a mail server (``wtg.mail.servers.unreadfiles.left_behind``), or None (none waits, or
    no config)."""
    if gm is None:
        return None
    # deferred: the mail servers' modules (the inbox's reader): only status --host reads it
    from wtg.mail.servers.unreadfiles import left_behind

    return left_behind(gm.transport, gm.maildir_in)


def _password_problems(gm: GmConfig | None) -> list[str]:
    """Why a password of the config ``gm`` cannot be had (its file missing, its variable
    not set): every command that reaches no server runs without it, so the host's look
    says it. None for no config: nothing."""
    if gm is None:
        return []
    servers = (gm.imap, gm.smtp)
    return [s.password_problem for s in servers if s is not None and s.password_problem]


def _password_warnings(gm: GmConfig | None, problems: list[str]) -> list[str]:
    """The config's passwords that others on the machine may read (a password file or the
    config looser than 0600), or an empty password file: `check-config`'s lines, less the
    ``problems`` said already. None for no config: nothing."""
    if gm is None:
        return []
    # deferred: pydantic (the config's schema): only the commands that read the config
    from wtg.host.config import loose_password_files

    return [line for line in loose_password_files(gm) if line not in problems]


def overview(ctx: click.Context, as_json: bool) -> None:
    """Every game of the games directory (``--games-dir`` or the config's): the GM's
    morning look at who is still to send orders."""
    games_dir = games_root(ctx)
    # one moment for all it says, on the clock the poll stamps its records with (the last
    # day's were read by time.time(), the overdue by datetime.now(), each read anew)
    now = datetime.now(timezone.utc)
    lists = _host_lists(games_dir / SPOOL, now.timestamp() - HELD_SHOWN)
    unsent: dict[str, str] = {}  # by game: the turn its players were not mailed
    behind: dict[str, str] = {}  # by game: of an older format, its mail waiting for `wtg upgrade`
    book_behind = book_not_upgraded(games_dir)
    book = torn(games_dir)  # the GM's morning look: as `status --host` says it
    unread_press: list[tuple[str, Path]] = []  # a player's press the reports would go without
    games: list[GameStatus] = []
    listed: list[dict[str, object]] = []
    troubles: list[dict[str, str | int]] = [
        {"path": str(path), "error": "not an announcement wtg can read: see to it by hand"}
        for path in lists.unread
    ]
    polled = last_poll(games_dir / SPOOL)
    waiting = dict(polled.waiting) if polled is not None else {}
    configs: dict[str, GameConfig] = {}
    shown = as_filed if as_json else moment_text  # `--json` keeps the files' ISO
    for found in scan_games(games_dir).games(shown):
        if isinstance(found, Unreadable):
            waits = waiting.get(found.folder.name, 0)  # the mails the last poll left for it
            troubles.append({"path": str(found.folder), "error": found.reason, "waiting": waits})
            continue
        try:
            data = game_status(found, told=_told(games_dir / SPOOL, found), shown=shown)
        except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
            troubles.append({"path": str(found.store.root), "error": failure_reason(exc)})
            continue
        warn_if_shared(found.store.root)
        warn_of_codes(found.config)
        warn_of_addresses(found.config)
        warn_of_zone(found.config)
        data["owed"] = [*data["owed"], *_rollback_untold(found, games_dir / SPOOL)]
        games.append(data)
        configs[found.config.game] = found.config
        entry, broken = _game_entry(found, data, lists, games_dir / SPOOL, now)
        if entry["not_upgraded"] is not None:
            behind[data["game"]] = str(entry["not_upgraded"])
        unread_press += [(data["game"], path) for path in broken]
        listed.append(entry)
        name, latest = found.config.game, found.latest_turn()
        ours = mailed_here(lists.mailed, name, latest)
        line = not_sent(latest, lists.mailed.get(name, -1), ours)
        if line:
            unsent[data["game"]] = line
    if as_json:
        listing = _host_json(games_dir, listed, troubles, lists, book_behind, book)
        click.echo(json.dumps(listing, indent=1))
        if troubles:  # a script that watches the host looks at the exit status
            sys.exit(1)
        return
    _show_read_only(read_only(games_dir), full_disk(games_dir), low_disk(games_dir))
    _show_book(book)
    _show_turns_held(games_dir)
    if not games and not troubles:
        tell_hung(f"no games in {games_dir}")
    late = {data["game"]: overdue(data, now) for data in games}
    # the columns as wide as the names in them, to 16 and 12 at most (a longer name runs
    # past its column, never cut): a host's rows of short names keep to 80 columns
    named = min(max((text_width(data["game"]) for data in games), default=0), NAME_COLUMN)
    kinds = min(max((len(data["ruleset"]) for data in games), default=0), RULESET_COLUMN)
    for data in games:
        state = _game_state(
            data,
            not_mailed=data["game"] in unsent,
            overdue=bool(late[data["game"]]),
            not_upgraded=data["game"] in behind,
        )
        due = data["deadline"]  # none once over; `--json` keeps the ISO
        deadline = f", deadline {moment_text(due)}" if due else ""
        row = f"{padded(data['game'], named)} {data['ruleset']:<{kinds}} {state}{deadline}"
        tell_hung(row, indent=" " * (named + kinds + 2))  # goes on under the state column
    for game_name, line in behind.items():
        tell_hung(carrying_given(f"NOT UPGRADED: game {game_name}: {line}"))
    if book_behind is not None:
        tell_hung(carrying_given(f"NOT UPGRADED: {book_behind}"))
    for data in games:
        if late[data["game"]]:
            tell_hung(f"OVERDUE: game {data['game']}: {late[data['game']]}")
        if data["game"] in unsent:
            tell_hung(f"NOT MAILED: game {data['game']}: {unsent[data['game']]}")
        for line in data["owed"]:
            tell_hung(f"NOTICES OWED: game {data['game']}: {line}")
        if data["takeover_cut_short"] is not None:
            tell_hung(f"TAKEOVER CUT SHORT: game {data['game']}: {data['takeover_cut_short']}")
    for entry in listed:  # game.yaml's first: edited in a running game
        if entry.get("first_edited"):
            tell_hung(f"NOTE: game {entry['game']}: {entry['first_edited']}")
    for path, made in lists.announced:
        tell_hung(f"NOTICES OWED: {owed_line(path, made)}")
    for key in lists.releases:  # its mail perhaps still in the rejected folder: no poll takes it
        tell_hung(cut_short_line(key))
    for game, path in unread_press:
        tell_hung(f"PRESS UNREADABLE: game {game}: {path}: {PRESS_UNREAD}")
    for key in withdrawing(games_dir / SPOOL):
        tell_hung(
            f"CUT SHORT: the taking back of announcement {key} (`wtg announce --withdraw`) was "
            "cut short: wtg send holds its mails back; give `wtg announce --withdraw` again"
        )
    for trouble in troubles:  # a reason may quote a game.yaml: without its control sequences
        left = int(trouble.get("waiting", 0))
        verb = "waits" if left == 1 else "wait"
        told = (
            f"; {counted(left, 'mail')} {verb} in the inbox for it (the last poll)" if left else ""
        )
        tell_hung(f"{trouble['path']}: cannot be read, skipped: {trouble['error']}{told}")
    _show_quarantine(*quarantine_listed(lists.every))
    dashed = _dashed(ctx) if lists.held else ()  # the config read only when a mail is held
    _show_held(lists.held, lists.over, games, configs, troubles, dashed)
    _show_not_answered(lists.not_answered, lists.not_listed)
    _show_set_aside(lists.aside)
    _show_flood(lists.flood)
    _show_wrong_codes(lists.tried)
    _show_codes_elsewhere(lists.used)
    _show_read_late(lists.lates)  # as `wtg status GAME`: its JSON alone said them
    if troubles:  # listed with the rest; the exit status says a game (or notice) is skipped
        sys.exit(1)


class _HostLists(Record, kw_only=True):
    """The spool's lists the overview of every game shows, each read once."""

    every: list[Quarantined]
    """Every mail quarantined; the lists show ``quarantine_listed`` of them."""
    held: list[Quarantined]
    over: list[HeldOver]
    releases: list[str]
    """The keys of the releases cut short: the mail of each is in no list a poll reads."""
    not_answered: list[Unanswered]
    not_listed: dict[str, int]
    aside: list[SetAside]
    flood: list[FloodCount]
    tried: list[WrongCodes]
    used: list[CodesElsewhere]
    """The seats whose right code came from other addresses in the last day."""
    lates: list[ReadLate]
    announced: list[tuple[Path, Announcement]]
    """The announcements cut short, each with its file."""
    unread: list[Path]
    """The files of the announcements that cannot be read as one."""
    mailed: dict[str, int]
    """The latest turn each game's players were mailed."""


def _host_lists(spool: Path, since: float) -> _HostLists:
    """The lists of ``spool`` the overview shows, those of the last day from ``since``."""
    every = quarantined(spool)
    held = held_mails(spool)
    over = held_over(spool)
    releases = releasing(spool)
    not_answered = unanswered(spool, since)
    not_listed = unanswered_not_listed(spool, since)
    aside = set_aside(spool, since)
    flood = flood_not_kept(spool, since)
    tried = wrong_codes(spool, since)
    used = codes_elsewhere(spool, since)
    lates = read_late(spool, since)
    announced, unread = cut_short(spool)
    return _HostLists(
        every=every,
        held=held,
        over=over,
        releases=releases,
        not_answered=not_answered,
        not_listed=not_listed,
        aside=aside,
        flood=flood,
        tried=tried,
        used=used,
        lates=lates,
        announced=announced,
        unread=unread,
        mailed=mailed_turns(spool),
    )


def _game_entry(
    found: Game, data: GameStatus, lists: _HostLists, spool: Path, now: datetime
) -> tuple[dict[str, object], list[Path]]:
    """A game's entry of the overview's JSON, as `wtg status GAME --json` has it, and the
    files of its players' press that cannot be read (the reports would go without them)."""
    game = found.config.game
    entry = _with_announcements(_with_quarantine(data, lists.every)[0], data, lists.announced)[0]
    entry = _with_set_aside(entry, lists.aside)[0]
    entry["wrong_codes"] = [_wrong_data(item) for item in lists.tried if item.game == game]
    entry["codes_elsewhere"] = [_elsewhere_data(c) for c in lists.used if c.game == game]
    entry["read_late"] = [_late_data(item) for item in lists.lates if item.game == game]
    entry["mailed_turn"] = lists.mailed.get(game, -1)
    entry["read_only"] = read_only(found.store.root)
    entry["disk_full"] = full_disk(found.store.root)
    entry["overdue"] = overdue(data, now)
    entry["schedule_edited"] = _schedule_edited(found, data, now)
    entry["first_edited"] = None if data["over"] else first_edited(found, data["deadline"])
    entry["options_not_played"] = _options_not_played(found)
    entry["held_mails"] = _held_of(lists.held, game)
    rolled = rollback_note(found.store, found.latest_turn())
    entry["last_rollback"] = None if rolled is None else rolled.as_json()
    entry["releases_cut_short"] = _releases_of(spool, game)
    entry["not_upgraded"] = folder_not_upgraded(found.store.root)
    entry["turns_held"] = held_line(spool, INBOX)  # as the game's own `wtg status --json`
    broken = unreadable_press(found.store, data["turn"])
    entry["press_unreadable"] = [str(path) for path in broken]
    return entry, broken


def _host_json(
    games_dir: Path,
    listed: list[dict[str, object]],
    troubles: list[dict[str, str | int]],
    lists: _HostLists,
    book_behind: str | None,
    book: str | None,
) -> dict[str, object]:
    """The overview as `wtg status --json` prints it: each game's entry (``listed``), the
    folders that cannot be read (``troubles``) and the spool's lists."""
    kept, kept_over = quarantine_listed(lists.every)
    return {
        "games_dir": str(games_dir),
        "games": listed,
        "announcements": [owed_data(path, made) for path, made in lists.announced],
        "announcements_withdrawing": withdrawing(games_dir / SPOOL),
        "unreadable": troubles,
        "quarantined": len(lists.every),
        "quarantine": [
            {
                "game": q.game,
                "archive": q.archive,
                "reason": q.reason,
                "key": q.key,
                "at": q.at,
                "player": q.player,
            }
            for q in kept
        ],
        "quarantine_not_listed": kept_over,
        "held": len(lists.held),
        "held_mails": [
            {"key": h.key, "game": h.game, "archive": h.archive, "reason": h.reason}
            for h in lists.held
        ],
        "held_not_listed": sum(item.mails for item in lists.over),
        "held_not_listed_keys": held_let_go(games_dir / SPOOL),  # as `wtg quarantine --json`
        "releases_cut_short": lists.releases,
        "not_answered": [
            {"key": u.key, "outcome": u.outcome, "at": u.at} for u in lists.not_answered
        ],
        "not_answered_not_listed": lists.not_listed,
        "set_aside": [_aside_data(item) for item in lists.aside],
        "flood_not_kept": [
            {"sender": f.sender, "day": f.day, "mails": f.dropped, "at": f.at} for f in lists.flood
        ],
        "wrong_codes": [_wrong_data(item) for item in lists.tried],
        "codes_elsewhere": [_elsewhere_data(item) for item in lists.used],
        "read_only": read_only(games_dir),
        "disk_full": full_disk(games_dir),
        "disk_low": low_disk(games_dir),
        "book_not_upgraded": book_behind,
        "lobby_book": book,  # as `wtg status --host --json`
        "turns_held": held_line(games_dir / SPOOL, INBOX),  # as `wtg status --host --json`
        "read_late": [_late_data(item) for item in lists.lates],  # every game's, as each's
    }


def _game_state(data: GameStatus, *, not_mailed: bool, overdue: bool, not_upgraded: bool) -> str:
    """A game's state on its line of the host's look: over (and whether the GM ended it),
    or its turn and the orders in of the players who owe them, with who is absent, who
    resigned and a hold; then what the GM must see to (its turn not mailed, overdue, its
    folder not upgraded)."""
    owing = [p for p in data["players"] if p["owes_orders"]]
    sent = sum(p["orders"] for p in owing)
    ready = sum(p["ready"] for p in owing)
    away = sum(p["absent"] for p in data["players"])
    leaving = sum(p["resigned"] for p in data["players"])
    if data["only_robots_move"]:  # "0 of 0 orders in, 0 READY" said nothing true
        progress = "only robots to move"
    elif not owing:  # every player who would owe orders away or leaving
        progress = "no player owes orders"
    else:
        progress = f"{sent} of {len(owing)} orders in, {ready} READY"
    state = (
        ("over" if data["ended_by_gm"] is None else "over, ended by the GM")
        if data["over"]
        else f"turn {data['turn']}: {progress}"
        + (f", {away} absent" if away else "")
        + (f", {leaving} resigned" if leaving else "")
        + (", HELD" if data["held"] else "")
    ) + (", NOT MAILED" if not_mailed else "")
    state += ", OVERDUE" if overdue else ""
    state += ", NOT UPGRADED" if not_upgraded else ""
    return state


def _show_held(
    held: Sequence[Quarantined],
    over: Sequence[HeldOver],
    games: Sequence[GameStatus],
    configs: Mapping[str, GameConfig],
    troubles: Sequence[Mapping[str, str | int]],
    dashed: Sequence[str],
) -> None:
    """The host's look at the mails held as of no game of this host (``held``): those a
    game here now has (its players', then strangers': ``dashed``, the domains of a
    ``-tag``), those naming a game it does not know or cannot read (``troubles``), and how
    many more the list did not keep (``over``)."""
    if held:
        # the games a stranger's forms may name, those of the newest mails first
        here = {str(data["game"]) for data in games}
        came = [h for h in held if h.game in here]
        theirs = [h for h in came if not _from_a_stranger(h, configs[str(h.game)], dashed)]
        if theirs:
            sought = list(dict.fromkeys(str(h.game) for h in reversed(theirs)))
            tell_hung(f"HELD MAIL: {_held_here(len(theirs), sought)}")
        for name in dict.fromkeys(str(h.game) for h in reversed(came)):
            outsiders = _held_strange(came, configs[name], dashed)
            if outsiders:
                tell_hung(f"HELD MAIL: {_strangers_here(outsiders, name)}")
        strange = [h for h in held if h.game not in here]
        named = list(dict.fromkeys(h.game or "?" for h in reversed(strange)))
        names = ", ".join(name_quoted(name) for name in named[:SHOWN])
        names += f" and {len(named) - SHOWN} more" if len(named) > SHOWN else ""
        # a game whose folder cannot be read: its mails held beyond those waiting for a mend
        mending = {Path(str(t["path"])).name for t in troubles if "waiting" in t}
        known = "does not know or cannot read" if mending & set(named) else "does not know"
        if strange:
            tell_hung(
                f"{counted(len(strange), 'mail')} held: "
                + (
                    f"it names a game this host {known} ({names}); `wtg quarantine` lists it, "
                    "--release KEY puts it back for the next poll"
                    if len(strange) == 1
                    else f"they name games this host {known} ({names}); `wtg quarantine` "
                    "lists them, --release KEY puts one back for the next poll"
                )
            )
    if over:
        tell_hung(
            f"{_more(sum(item.mails for item in over))} held "
            f"{_are(sum(item.mails for item in over))} not listed: the list "
            f"keeps the first {HELD_FIRST} and the newest of an address, {HELD_AN_ADDRESS} in "
            f"all, and {HELD_STRANGERS} of addresses with no seat here; `wtg quarantine "
            "--release-held` puts back every mail held, these too (`wtg quarantine` says more)"
        )


def _held_of(held: Sequence[Quarantined], game: str) -> list[dict[str, str]]:
    """The mails held as of no game of this host that name ``game`` (a game of it now)."""
    return [
        {"key": h.key, "archive": h.archive, "reason": h.reason} for h in held if h.game == game
    ]


def _releases_of(spool: Path, game: str) -> list[str]:
    """The keys of the releases cut short whose mails named ``game`` (those that named no
    game, or whose game the journal did not keep, the host-wide status says)."""
    return [item.key for item in releases_cut_short(spool) if item.game == game]


def _from_a_stranger(held: Quarantined, config: GameConfig, dashed: Sequence[str]) -> bool:
    """Whether a mail held came from no mailbox of the game's players, as the poll reads a
    From (``from_mailbox``: ``p1+wok@`` is player 1's, and ``p1-wok@`` at a domain of
    ``dashed``); a journal that kept no From: counted as theirs, as before. Compared as
    written, a player's form from his own ``+tag`` was said to be a stranger's, and his
    orders left out of the turn were not."""
    sender = (held.sender,)
    return bool(held.sender) and not any(
        from_mailbox(p.email, sender, dashed) for p in config.players
    )


def _held_strange(held: Sequence[Quarantined], config: GameConfig, dashed: Sequence[str]) -> int:
    """How many of the mails held name the game and came from no mailbox of its players
    (``_from_a_stranger``): a stranger's form for a game not made yet (a lobby's next is
    easy to guess) is no player's orders left out of the turn."""
    return sum(1 for h in held if h.game == config.game and _from_a_stranger(h, config, dashed))


def _dashed(ctx: click.Context) -> tuple[str, ...]:
    """The domains whose ``-tag`` is a sub-address (the config's
    ``limits.dash_subaddress_domains``), which the poll read the held mails' From by; none
    without a config, or with one that cannot be read (a ``+tag`` is read so everywhere)."""
    if config_path(ctx) is None:
        return ()
    try:
        return tuple(gm_config(ctx).limits.dash_subaddress_domains)
    except ConfigError:
        return ()


def _strangers_here(mails: int, game: str) -> str:
    """The line of mails held that name ``game`` (a game of this host now) from addresses
    none of its players has."""
    return (
        f"{counted(mails, 'mail')} held {'names' if mails == 1 else 'name'} {game} from an "
        "address none of its players has (a stranger's, or a player's from another address): "
        f"`wtg quarantine` lists {'it' if mails == 1 else 'them'}; "
        "released, a form is filed only with its seat's code"
    )


def _held_here(mails: int, games: Sequence[str]) -> str:
    """The line of mails held as of no game of this host that name ``games``, games of
    this host now (a game folder moved away and back, a game made after they came): the
    orders in them are not on file, and the turn runs without them."""
    names = ", ".join(games[:SHOWN]) + (
        f" and {len(games) - SHOWN} more" if len(games) > SHOWN else ""
    )
    return (
        f"{counted(mails, 'mail')} held {'names' if mails == 1 else 'name'} {names}, a game of "
        "this host now (its folder was away, or not made yet, when "
        + (
            "it came): its orders are not on file, and the turn runs without them; `wtg "
            "quarantine` lists it, --release KEY puts it back for the next poll, which files it"
            if mails == 1
            else "they came): their orders are not on file, and the turn runs without them; "
            "`wtg quarantine` lists them, --release KEY puts one back for the next poll, which "
            "files it"
        )
    )


def _wrong_data(item: WrongCodes) -> dict[str, object]:
    return {
        "game": item.game,
        "player": item.seat,
        "forms": item.forms,
        "from_elsewhere": item.elsewhere,
        "addresses": item.addresses,
        "more_addresses": item.more_addresses,
    }


def _show_wrong_codes(items: Sequence[WrongCodes]) -> None:
    """The seats whose code forms tried wrong in the last day, the most tried first: a line
    a seat, the first ``SHOWN`` (docs/mail.md, "Codes guessed")."""
    if not items:
        return
    codes = counted(sum(w.forms for w in items), "WRONG CODE", "WRONG CODES")
    lines = []
    for item in items[:SHOWN]:
        least = "at least " if item.more_addresses else ""
        addresses = counted(item.addresses, "other address", "other addresses")
        elsewhere = f", {item.elsewhere} from {least}{addresses}"
        said = elsewhere if item.elsewhere else ""
        tried = f"player {item.seat}: {counted(item.forms, 'form')}"
        tried = tried if item.seat else f"commands: {counted(item.forms, 'mail')}"
        lines.append(f"{item.game} {tried}{said}")
    _show_seats(
        f"{codes} in the last 24 hours, by the "
        "seat whose code a form did not carry (a command's CODE by its game): many from other "
        'addresses than the players\' are someone guessing a code (docs/mail.md, "Codes guessed"):',
        lines,
        len(items),
        "wrong_codes",
    )


def _show_seats(heading: str, lines: Sequence[str], seats: int, key: str) -> None:
    """A list of seats of the last day: its heading, the ``lines`` of its first ``SHOWN``
    seats, and how many more ``--json`` lists under ``key``."""
    tell_hung(heading)
    for line in lines:
        tell_hung(f"  {line}")
    if seats > SHOWN:
        tell_hung(f"  ... and {seats - SHOWN} more (`wtg status --json`: {key})")


def _elsewhere_data(item: CodesElsewhere) -> dict[str, object]:
    return {
        "game": item.game,
        "player": item.seat,
        "mails": item.mails,
        "addresses": item.addresses,
    }


def _show_codes_elsewhere(items: Sequence[CodesElsewhere]) -> None:
    """The seats whose right code came from other addresses than theirs in the last day,
    the most mails first: a line a seat, the first ``SHOWN`` (docs/mail.md, "Codes
    guessed")."""
    if not items:
        return
    codes = counted(sum(c.mails for c in items), "CODE", "CODES")
    lines = [
        f"{c.game} player {c.seat}: {counted(c.mails, 'mail')} from "
        + counted(c.addresses, "other address", "other addresses")
        for c in items[:SHOWN]
    ]
    _show_seats(
        f"{codes} USED FROM ANOTHER ADDRESS in the last 24 hours, by the seat whose right code "
        "a mail carried from an address other than the seat's: taken, and the player told to "
        "ask you for a new code; one he did not write needs it (`wtg new-code GAME --player N`, "
        'docs/mail.md, "Codes guessed"):',
        lines,
        len(items),
        "codes_elsewhere",
    )


def _show_flood(counts: Sequence[FloodCount]) -> None:
    """The mails of a flood whose copies were not kept, let go in the last day: a line an
    address and day, the latest ``SHOWN``."""
    if not counts:
        return
    tell_hung(
        f"{counted(sum(c.dropped for c in counts), 'mail')} of a flood not kept in the last 24 "
        f"hours: of an address, the copies of the first {FLOOD_FIRST} and the newest "
        f"{FLOOD_NEWEST} of a day are kept (of all the addresses with no seat here together, "
        "the first "
        f"{FLOOD_DAY_FIRST} and the newest {FLOOD_DAY_NEWEST}), the others counted (docs/gm.md, "
        '"A flood"):'
    )
    for count in counts[:SHOWN]:  # an address may be 254 characters: broken to 78
        tell_hung(
            listed(
                f"{count.sender} on {count.day}: {count.dropped} not kept",
                paths=host_paths(),
                on_disk=on_disk,
            )
        )
    if len(counts) > SHOWN:
        tell_hung(f"  ... and {len(counts) - SHOWN} more (`wtg status --json`: flood_not_kept)")


def _show_not_answered(mails: Sequence[Unanswered], not_listed: dict[str, int]) -> None:
    """The mails of the last day not answered (a limit of answers held the answer back, or
    the From failed DMARC: their senders got nothing): a line each, the newest ``SHOWN``
    first; those the list leaves out (beyond an address's newest ``UNANSWERED_AN_ADDRESS``)
    counted, with the addresses that sent the most."""
    if mails:
        tell_hung(
            f"{counted(len(mails), 'mail')} not answered in the last 24 hours (a limit held the "
            "answer back, or the From failed DMARC; `wtg digest` lists them too):"
        )
    for item in mails[::-1][:SHOWN]:  # an outcome quotes the mail's commands: broken to 78
        tell_hung(
            listed(
                carrying_given(f"{item.key}: {item.outcome}"),
                paths=host_paths(),
                on_disk=on_disk,
            )
        )
    if len(mails) > SHOWN:
        tell_hung(f"  ... and {len(mails) - SHOWN} more (--json: not_answered)")
    if not_listed:
        senders = _by_address(not_listed, "(no address)")
        tell_hung(
            f"{_more(sum(not_listed.values()))} not answered {_are(sum(not_listed.values()))} not "
            "listed: the list "
            f"keeps the newest {UNANSWERED_AN_ADDRESS} of an address ({senders}; "
            "--json: not_answered_not_listed)"
        )


def warn_if_shared(game_dir: Path) -> None:
    """A warning on stderr when group or others may use the game's config (a game made
    before wtg kept game folders private): it holds every player's secret code."""
    config = game_dir / "game.yaml"
    if not is_private(config):
        tell_hung(
            f"warning: {config} is open to group or others and holds the players' secret "
            f"codes; make the game private: "
            f"{shell_command('chmod', '-R', 'go-rwx', str(game_dir.resolve()))}",
            err=True,
        )


def warn_of_codes(config: GameConfig) -> None:
    """A warning on stderr for each weak secret code of the game (``code_warnings``: one
    too short to be safe, one two players share), without the code."""
    for line in code_warnings(config):
        tell_hung(printable(f"warning: {line}"), err=True)


def warn_of_zone(config: GameConfig) -> None:
    """A warning on stderr when the game's deadlines are kept in a fixed offset from UTC
    (``Etc/GMT+5``, written five hours BEHIND UTC: ``wtg.game.fixedzones``), not a place's
    zone: they would not follow the players' summer time."""
    if config.schedule is None:
        return
    line = fixed_zone_warning(config.schedule.timezone, datetime.now(timezone.utc))
    if line is not None:  # the zone as game.yaml holds it: printable
        tell_hung(printable(f"warning: game {config.game}: {line}"), err=True)


def warn_of_addresses(config: GameConfig) -> None:
    """A warning on stderr for each player's address in game.yaml that no mail can be made
    to (a GM's edit, `email: ann.example.org`: game.yaml's addresses are not refused, so that
    a game stays playable): `wtg send` would set his mail aside, found only after a turn.
    And a warning for players given one address (a line copied, not changed): new-game
    refuses it, for the reports, each with its player's code, would all go there."""
    seats: dict[str, list[PlayerEntry]] = {}
    for entry in config.players:
        if entry.email and not writable(entry.email):
            meant = address_meant(entry.email)
            hint = f" (did you mean {meant}?)" if meant else ""
            tell_hung(
                printable(
                    f"warning: game {config.game}, player {entry.id} ({entry.name}): email "
                    f"{entry.email!r} is not one e-mail address: wtg send would set his mail "
                    f"aside; correct it in game.yaml{hint}"
                ),
                err=True,
            )
        elif entry.email:
            seats.setdefault(address_key(entry.email), []).append(entry)
            _warn_of_a_domain_without_a_dot(config.game, entry)
    for address, shared in seats.items():
        if len(shared) > 1:  # new-game refuses it; an edit (a line copied) does not
            named = [f"{entry.id} ({entry.name})" for entry in shared]
            tell_hung(
                printable(
                    f"warning: game {config.game}, players {', '.join(named[:-1])} and "
                    f"{named[-1]} have one address, {address}: the mail of each, his code "
                    "in it, goes there, and whoever reads it can send orders for every one "
                    "of them; give each his own address in game.yaml"
                ),
                err=True,
            )


def _warn_of_a_domain_without_a_dot(game: str, entry: PlayerEntry) -> None:
    """A warning for an address whose domain has no dot (`email: ann@example`, the `.org`
    lost in an edit of game.yaml): a mail can be made to it, so `wtg send` sends it, and no
    server delivers it; `new-game` refuses it, in email-validator's words, which this says.
    Before, it was taken in silence, and the player's reports lost to a refusal or a bounce.
    Only such an address is checked by email-validator: its import is not paid at every
    `wtg status`."""
    domain = entry.email.rpartition("@")[2]
    if "." in domain or domain.startswith("["):  # a dot, or an address literal ([192.0.2.1])
        return
    try:
        checked_address(entry.email)
    except ConfigError as exc:
        tell_hung(
            printable(
                f"warning: game {game}, player {entry.id} ({entry.name}): email "
                f"{str(exc).rstrip('.')}; no mail "
                "server delivers it, and wtg send would lose his reports to a refusal or a "
                "bounce; correct it in game.yaml"
            ),
            err=True,
        )
