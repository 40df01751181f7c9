"""Rolling a game back to the end of an earlier turn, the turns after it kept in an archive.

    GAME_DIR/archive/<when>-to-NNNN/rollback.json   to, from, at, the deadline set
    GAME_DIR/archive/<when>-to-NNNN/turns/NNNN/     each turn after NNNN, moved here whole
    GAME_DIR/archive/<when>-to-NNNN/pending/NNNN/   the orders that were pending, moved here
    GAME_DIR/archive/<when>-to-NNNN/restore/        while it runs: the orders for turn
                                                    NNNN+1, to be pending again
    GAME_DIR/archive/<when>-to-NNNN/rewritten/      turn NNNN's files written anew: its
                                                    reports with the deadline set, and with
                                                    the seats taken over after a later turn
                                                    taken over again, its state, AOFs, Top
                                                    Ten too (``wtg.gm.control.rollback``)
    GAME_DIR/archive/<when>-to-NNNN/replaced/       those files of turn NNNN as they were
                                                    before, and its turn.json: what the
                                                    rollback wrote over, kept
    GAME_DIR/archive/<when>-to-NNNN/.unfinished     while it runs

The orders turn NNNN+1 ran with (its ``received/`` folder, with any orders a GM filed since
to correct it) become its pending orders again, READY taken off: each player's orders
stand, and he may send new ones; the turn runs at its deadline or when all are READY
again. Orders that were pending for the turn after the last one are archived, not used.
Turn NNNN's reports are written over with the deadline the rollback set, the one orders
are now due by (``rewritten/``). A seat taken over after a turn that is rolled back stays
taken over: its state, reports and AOFs at turn NNNN are written over with the seat taken
over again. Nothing is ever deleted: the files of turn NNNN written over are kept as they
were (``replaced/``).

Kill-safe in the store's way: everything new is written under ``archive/.tmp-<id>`` and
flushed to disk with one ``syncfs``; renaming that folder to ``archive/<id>`` is the
moment the rollback counts. Then each move is one rename, and ``.unfinished`` goes last. A
crash before the rename leaves the game as it was (the next writer removes the temporary
folder); a crash after it is finished by the next writer (``GameStore.lock`` calls
``finish_rollbacks``, in ``wtg.files.store``), whichever step it came in.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from wtg.aof.orderfile import orders_to_yaml
from wtg.core.jsondata import JsonObject
from wtg.core.record import Record
from wtg.files import diskflush, private
from wtg.files.store import (
    ARCHIVE,
    RECEIVED,
    REPLACED,
    RESTORE,
    REWRITTEN,
    ROLLBACK_RECORD,
    TURN_META,
    UNDO_RECORD,
    UNDOING,
    UNFINISHED,
    GameStore,
    StoreError,
    finish_rollback,
    finish_undo,
    fsync_dir,
    order_files,
    parsed_meta,
    turn_name,
    write_atomic,
)
from wtg.game.orderfiles import parsed_copy, parsed_path, read_order_file
from wtg.game.press import FOLDER as PRESS_FOLDER
from wtg.game.press import press_in
from wtg.game.schedule import Schedule, deadline_again, iso, moment_text, parse_iso
from wtg.game.takeovers import RECORD, standing
from wtg.text.shellcommand import shell_command


class Rollback(Record):
    """One rollback, as its archive folder records it."""

    ident: str
    to: int
    latest: int
    """The last turn before the rollback."""
    at: str
    deadline: str | None
    """The deadline of turn ``to + 1`` set by the rollback (None: the game has none)."""
    restored: tuple[int, ...] = ()
    """The players whose orders for turn ``to + 1`` are pending again."""
    finished: bool = True
    undone: str | None = None
    """When the rollback was undone (``undo``), None while it stands."""
    undone_deadline: str | None = None
    """The deadline of turn ``latest + 1`` its undo set (None: none, or not undone)."""
    undo_told: bool = False
    """Whether its undo's notices were all queued (``mark_undo_told``): an `--undo` given
    again then undoes the rollback before it, when that one left the game at this turn."""
    undo_finished: bool = True
    """False while its undo, counted (``undone``), has not yet moved everything back
    (``UNDOING`` there: cut short; the next command that takes the game's lock ends it)."""
    made: int = 0
    """The rollback's place among the game's rollbacks, counted from 1 when it was made
    (``rollback.json``'s ``made``): the order they were made in, whatever the clock said
    (their folders are named by the clock, which may have been set back between two). 0
    for a record without one (an older wtg's), which came before every counted one."""
    put_back_owed: bool = False
    """Its undo ran while a `wtg send` held the queue (``PUT_BACK_OWED``): the reports and
    press a send set aside while the rollback stood are the next send's to put back."""
    undo_kept_deadline: bool = False
    """Its undo left the deadline of turn ``latest + 1`` as the turn had set it (its
    ``undo.json``'s ``had``, the deadline before, is its ``deadline``): the reports of
    ``latest`` mailed before the rollback still say it. False for an undo recorded
    without ``had`` (an older wtg's)."""


def rollbacks(store: GameStore, undone: bool = False) -> list[Rollback]:
    """Every rollback of the game that stands, oldest first (a temporary folder is none);
    with ``undone``, those undone (``undo``) too: their turns are the game's again, and
    count as never rolled back (the mail of those turns is what it was before)."""
    base = store.root / ARCHIVE
    if not base.is_dir():
        return []
    found = []
    for folder in sorted(base.iterdir()):
        if folder.name.startswith(".") or not (folder / ROLLBACK_RECORD).is_file():
            continue
        try:
            data = json.loads((folder / ROLLBACK_RECORD).read_text(encoding="utf-8"))
            found.append(_record(folder, data))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a record edited by hand: not one wtg can go by
    # the order they were made in; those an older wtg made, by their folders' names, to
    # the second; within one second (a GM's two rollbacks given at once, a script's) the
    # later goes further back: the fewer turns
    found.sort(key=lambda r: (r.made, r.ident[:16], -r.latest))
    return [r for r in found if undone or r.undone is None]


def _record(folder: Path, data: dict[str, object]) -> Rollback:
    deadline = data.get("deadline")
    restored = data.get("restored", [])
    made = data.get("made", 0)
    undo: object = None
    if (folder / UNDO_RECORD).exists():
        try:
            undo = json.loads((folder / UNDO_RECORD).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            undo = {}  # torn cannot be (written atomically): edited by hand, undone still
    undo = undo if isinstance(undo, dict) or undo is None else {}
    return Rollback(
        ident=folder.name,
        to=int(str(data["to"])),
        latest=int(str(data["from"])),
        at=str(data["at"]),
        deadline=str(deadline) if deadline else None,
        restored=tuple(int(p) for p in restored) if isinstance(restored, list) else (),
        finished=not (folder / UNFINISHED).exists(),
        undone=None if undo is None else str(undo.get("at", "")),
        undone_deadline=None if undo is None or not undo.get("deadline") else str(undo["deadline"]),
        undo_told=(folder / UNDO_TOLD).exists(),
        put_back_owed=undo is not None and (folder / PUT_BACK_OWED).exists(),
        undo_finished=undo is None or not (folder / UNDOING).exists(),
        undo_kept_deadline=undo is not None and "had" in undo and undo["had"] == undo["deadline"],
        made=made if isinstance(made, int) and not isinstance(made, bool) and made > 0 else 0,
    )


UNDO_TOLD = "undo-told"
"""In a rollback's archive folder: its undo's notices were all queued (`wtg rollback GAME
--undo` writes it once it has queued them; a run cut short before has not)."""


def mark_undo_told(store: GameStore, rollback: Rollback) -> None:
    """Note that every notice of ``rollback``'s undo was queued (``UNDO_TOLD``)."""
    write_atomic(store.root / ARCHIVE / rollback.ident / UNDO_TOLD, "")


PUT_BACK_OWED = "put-back-owed"
"""In a rollback's archive folder: its undo ran while a `wtg send` held the queue, so the
reports and press a send had set aside while the rollback stood (their turn no more) could
not be put back then, what that send was doing to the queue not being known; the next
send puts them back under its own lock, then removes it. Before, they stayed aside."""


def mark_put_back_owed(store: GameStore, rollback: Rollback) -> None:
    """Leave the put-back of ``rollback``'s set-aside mails to the next send (``PUT_BACK_OWED``)."""
    write_atomic(store.root / ARCHIVE / rollback.ident / PUT_BACK_OWED, "")


def put_back_given(store: GameStore, rollback: Rollback) -> None:
    """The send has put back what ``rollback``'s undo left it (``PUT_BACK_OWED`` gone)."""
    (store.root / ARCHIVE / rollback.ident / PUT_BACK_OWED).unlink(missing_ok=True)


def _taken_back(store: GameStore, to: int, latest: int, name: str) -> str:
    """When turn ``to``, past the ``latest``, was taken back by the game's last rollback (a
    rollback given too far back, the turn meant then asked for): what became of it and
    how to put it back, as a clause; "" otherwise. The undo of a later rollback that left
    the game at this turn, recorded since, makes it `--undo --again` (a plain `--undo`
    given again is refused: ``wtg.gm.control.undo_rollback``)."""
    done = [r for r in rollbacks(store) if r.finished]
    if not done or not done[-1].to == latest < to <= done[-1].latest:
        return ""
    last = done[-1]
    every = rollbacks(store, undone=True)
    since = every[every.index(last) + 1 :]
    again = ["--again"] if any(r.latest == latest for r in since) else []
    undo = shell_command("wtg", "rollback", name, "--undo", *again)
    first = last.to + 1
    turns = (
        f"turn {first} back as it ran"
        if first == last.latest
        else f"turns {first}-{last.latest} back as they ran"
    )
    meant = f", then `{shell_command('wtg', 'rollback', name, '--to', str(to))}`"
    meant = meant if to < last.latest else ""
    return (
        f"; turn {to} was taken back by the rollback to turn {last.to} at {moment_text(last.at)} "
        f"(kept in {ARCHIVE}/{last.ident}): `{undo}` puts "
        f"{turns}, while no turn has run since{meant}"
    )


def roll_back(
    store: GameStore,
    to: int,
    now: datetime,
    deadline: str | None,
    rewritten: Mapping[str, str] | None = None,
    name: str | None = None,
) -> Rollback:
    """Roll the game back to the end of turn ``to`` (under the game's lock), the deadline
    of turn ``to + 1`` set to ``deadline`` (``deadline_after``). ``rewritten``: files to
    write over turn ``to``'s folder (its path there: text), its reports with that
    deadline, and any seats taken over after a later turn taken over again. ``name``: the
    game's, as a refusal names it (its folder's by default)."""
    latest = store.latest_turn()
    name = name or store.root.name
    if latest == 0:
        taken = _taken_back(store, to, latest, name)
        raise StoreError(
            f"cannot roll back to turn {to}: the game is at turn 0, where it began"
            + (taken or "; no turn has run yet, so there is none to go back on")
        )
    if not 0 <= to < latest:
        raise StoreError(
            f"cannot roll back to turn {to}: the game is at turn {latest}, so give a turn "
            f"from 0 to {latest - 1}{_taken_back(store, to, latest, name)}"
        )
    base = private.make_dirs(store.root / ARCHIVE)
    ident = _free_name(base, f"{now:%Y%m%dT%H%M%SZ}-to-{turn_name(to)}")
    tmp = base / f".tmp-{ident}"
    if tmp.exists():
        shutil.rmtree(tmp)
    private.make_dirs(tmp)
    restored = _gather_orders(store, to + 1, private.make_dirs(tmp / RESTORE))
    _keep_replaced(store.turn_dir(to), [*(rewritten or {}), TURN_META], tmp / REPLACED)
    for relpath, text in (rewritten or {}).items():
        target = tmp / REWRITTEN / relpath
        private.write_file(
            private.make_dirs(target.parent) / target.name, text.encode(), sync=False
        )
    made = 1 + max((r.made for r in rollbacks(store, undone=True)), default=0)
    record = {
        "to": to,
        "from": latest,
        "at": iso(now),
        "deadline": deadline,
        "restored": restored,
        "made": made,
    }
    private.write_file(
        tmp / ROLLBACK_RECORD, (json.dumps(record, indent=1) + "\n").encode(), sync=False
    )
    private.write_file(tmp / UNFINISHED, b"", sync=False)
    diskflush.flush(tmp)
    os.rename(tmp, base / ident)  # from here on the rollback counts
    fsync_dir(base)
    finish_rollback(store, base / ident)
    return _record(base / ident, record)


def _keep_replaced(turn: Path, relpaths: list[str], target: Path) -> None:
    """Copy into ``target`` each file of ``turn``'s folder the rollback writes over, as it
    is (one that is not there yet has no copy)."""
    for relpath in relpaths:
        source = turn / relpath
        if source.is_file():
            kept = target / relpath
            private.write_file(
                private.make_dirs(kept.parent) / kept.name, source.read_bytes(), sync=False
            )


def undo_roll_back(
    store: GameStore, rollback: Rollback, now: datetime, deadline: str | None, had: str | None
) -> None:
    """Undo ``rollback`` (the game's last, the game still at its turn, under the game's
    lock): its ``undo.json`` written with the deadline of the turn after its last turn
    (``deadline``) and the one that turn had set (``had``) is the moment the undo counts,
    then the moves (``finish_undo``)."""
    folder = store.root / ARCHIVE / rollback.ident
    private.write_file(folder / UNDOING, b"", sync=False)
    fsync_dir(folder)
    record = {"at": iso(now), "deadline": deadline, "had": had}
    write_atomic(folder / UNDO_RECORD, json.dumps(record, indent=1) + "\n")
    finish_undo(store, folder)


def deadline_after(
    store: GameStore, to: int, now: datetime, schedule: Schedule | None
) -> str | None:
    """The deadline of turn ``to + 1`` after a rollback to turn ``to`` at ``now``: the one
    it had while at least half a day ahead, else a whole turn from now
    (``schedule.deadline_again``; ``wtg extend`` gives more time)."""
    if schedule is None:
        return None
    try:
        meta = json.loads(store.read_text(to, TURN_META))
    except (StoreError, ValueError):
        meta = {}
    kept = meta.get("next_deadline") if isinstance(meta, dict) else None
    had = deadline_of(kept) if isinstance(kept, str) else None
    return iso(deadline_again(schedule, had, now))


def deadline_of(stamp: str) -> datetime | None:
    """A deadline of a turn's ``turn.json``, None when it is none (edited by hand)."""
    try:
        return parse_iso(stamp)
    except ValueError:
        return None


def quits_in(folder: Path) -> set[int]:
    """The sides whose orders in ``folder`` say QUIT (a RESIGN's, or a form's); an order
    file that cannot be read says nothing."""
    found = set()
    for side, path in order_files(folder).items():
        try:
            data = read_order_file(path)[1]
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("quit") is True:
            found.add(side)
    return found


def quits_taken_back(store: GameStore, rollback: Rollback) -> set[int]:
    """The sides whose QUIT ``rollback`` put in its archive: one that ran in a turn it took
    back, or one filed for the turn after its last (a RESIGN confirmed). Those of the turn
    after the rollback's are pending again (``quits_in`` of that turn's pending orders)."""
    folder = store.root / ARCHIVE / rollback.ident
    found = quits_in(folder / "pending" / turn_name(rollback.latest + 1))
    for turn in range(rollback.to + 1, rollback.latest + 1):
        found |= quits_in(folder / "turns" / turn_name(turn) / RECEIVED)
    return found


def takeovers_put_back(store: GameStore, rollback: Rollback) -> list[JsonObject]:
    """The takeovers ``rollback`` made again at its turn, the standing one of each seat
    (``wtg.gm.takeover.rolled_back_files``): its ``rewritten/`` record past the one it
    replaced, each with the seats whose alliance with the quitter it ends there
    (``PARTED``), whom its notices tell."""
    folder = store.root / ARCHIVE / rollback.ident
    added = _record_in(folder / REWRITTEN / RECORD)[len(_record_in(folder / REPLACED / RECORD)) :]
    return [entry for _turn, entry in standing([(rollback.to, entry) for entry in added])]


def _record_in(path: Path) -> list[JsonObject]:
    """The takeovers of a record kept in a rollback's archive (none when it is not there,
    or is no list of takeovers)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [e for e in data if isinstance(e, dict) and "seat" in e and "name" in e]


def press_taken_back(store: GameStore, rollback: Rollback) -> set[int]:
    """The sides whose press for the turn after ``rollback``'s last went into its archive
    with the orders pending for that turn: never printed (the press of the turns it took
    back went out with their reports)."""
    pending = store.root / ARCHIVE / rollback.ident / "pending" / turn_name(rollback.latest + 1)
    return {piece.side for piece in press_in(pending / PRESS_FOLDER)}


def _gather_orders(store: GameStore, turn: int, target: Path) -> list[int]:
    """Copy into ``target`` the orders ``turn`` ran with (what it received), each replaced
    by orders a GM filed since to correct it, READY taken off; returns the players."""
    sources = [store.turn_dir(turn) / RECEIVED, store.pending_dir(turn)]
    for source in sources:
        if not source.is_dir():
            continue
        for path in sorted(source.iterdir()):
            if path.is_file():
                private.write_file(target / path.name, path.read_bytes(), sync=False)
    players = order_files(target)
    for path in players.values():
        _not_ready(path)
    return list(players)


def _not_ready(path: Path) -> None:
    """An order file (and its parsed copy) with READY taken off."""
    _text, data = read_order_file(path)
    if not isinstance(data, dict) or not data.get("ready"):
        return
    orders = {**data, "ready": False}
    text = orders_to_yaml(orders)
    # how the orders arrived, from their copy only while it is their file's
    # (``parsed_meta``): a filing killed between its copy and its order file left the new
    # mail's copy beside the older orders, whose key made those orders the new mail's
    kept = parsed_meta(str(path).removesuffix("yaml")) or {}
    meta = {k: v for k, v in kept.items() if k not in ("sha256", "orders")}
    if meta:
        meta["ready"] = False
    private.write_file(parsed_path(path), parsed_copy(text, orders, meta).encode(), sync=False)
    private.write_file(path, text.encode(), sync=False)


def _free_name(base: Path, name: str) -> str:
    """``name``, or ``name-2``, ``name-3`` ... when a rollback of that second exists."""
    candidate, number = name, 1
    while (base / candidate).exists():
        number += 1
        candidate = f"{name}-{number}"
    return candidate
