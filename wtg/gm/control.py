"""The GM's controls on one game: hold it and release it, look at the coming turn without
running it, roll it back to an earlier turn (moving its deadline is ``wtg.gm.extension``'s).

Each changes the game under its lock and says what it did; telling the players is the
mail loop's (``wtg.mail.outgoing.notices``), so these know no mail.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from wtg.core.errors import GameError, UsageError
from wtg.core.ruleset import S
from wtg.files.store import ARCHIVE, RETAKEN, REWRITTEN, TURN_META, keep_deadline_set, turn_name
from wtg.game.engine import Game
from wtg.game.hold import Hold, clear_hold, release_of, set_hold
from wtg.game.schedule import deadline_again, iso, moment_text, parse_iso
from wtg.game.takeoverfinish import finish_cut_short
from wtg.game.takeovers import taken_over
from wtg.game.turnmeta import TurnMeta
from wtg.gm.nextdeadline import latest_turn_meta, reports_behind
from wtg.gm.previewfolder import check_folder, write_preview
from wtg.gm.rollback import (
    Rollback,
    deadline_after,
    deadline_of,
    roll_back,
    rollbacks,
    undo_roll_back,
)
from wtg.gm.takeover import rolled_back_files
from wtg.text.shellcommand import shell_command


class NotHeld(GameError):
    """A hold taken back or released of a game that is not held (the wrong game, at 2 a.m.:
    the command line names a game that is)."""


class NoRollbackToUndo(GameError):
    """`rollback --undo` of a game with no rollback standing (the wrong game: the command
    line names a game whose rollback may be undone)."""


class UndoneAlready(GameError):
    """`rollback --undo` given again, the game as an undo that told every player left it
    (the GM lost its output, or the shell's arrow key), while the rollback before it stands
    at this turn: that one is not undone without `--again` (``undo_rollback``)."""


def hold(
    game: Game[S], now: datetime, reason: str = "", tell: Callable[[Hold], int] | None = None
) -> tuple[Hold, bool, int]:
    """Hold the game: no turn runs (``run-turn`` refuses, ``run-turn --due`` counts it
    held) until ``release``, and ``tell`` the players (it queues their notices and returns
    how many were new), all under the game's lock.

    One intent, as ``release``'s: ``held.json`` is first written marked ``telling`` (the
    game is held from then on), the notices queued, then the mark dropped. A hold cut short
    in between is finished by the next one (the notices missing; ``wtg status`` says it is
    owed). Returns the hold, whether it is new (False: the game was held already, since
    then), and the notices queued."""
    root = game.store.root
    with game.store.lock():
        if game.ruleset.is_over(game.state()):  # held before it ended too: none told of it
            raise GameError(f"game {game.config.game} is over: it has no turn to hold")
        kept = game.held()
        new = kept is None
        if kept is None:
            kept = Hold(since=iso(now), reason=" ".join(reason.split()), telling=tell is not None)
            set_hold(root, kept)
        queued = tell(kept) if tell is not None else 0  # flushed before the mark is dropped
        if (kept.telling or kept.taking_back) and tell is not None:  # told after all
            kept = kept.replaced(telling=False, taking_back=False)
            set_hold(root, kept)
        return kept, new, queued


def undo_hold(game: Game[S], withdraw: Callable[[Hold], tuple[int, int, int]]) -> tuple[Hold, int]:
    """Take the game's hold back before its players were told (given to the wrong game,
    or with the wrong reason), under the game's lock: ``withdraw`` takes its notices out of
    the outbox and returns how many, how many were mailed already (then it takes none) and
    to how many players it went. ``held.json`` is marked ``taking_back`` first, then the
    notices go, then the file: a run cut short between leaves the game held and the mark,
    which `wtg status` names; given again it takes the rest back. GameError when
    the game is not held, or a notice of the hold was mailed (the players know of it:
    ``release`` tells them it goes on). Returns the hold and the notices taken back."""
    name = game.config.game
    with game.store.lock():
        kept = game.held()
        if kept is None:
            raise NotHeld(f"game {name} is not held: no hold to take back")
        set_hold(game.store.root, kept.replaced(taking_back=True))  # the intent
        taken, went, told = withdraw(kept)
        if went:
            set_hold(game.store.root, kept.replaced(taking_back=False))  # nothing taken back
            raise GameError(
                f"game {name}'s hold (since {moment_text(kept.since)}) was mailed already to "
                f"{went} of its {told} players: it cannot be taken back unseen; "
                f"`{shell_command('wtg', 'release', name)}` lets the game go on and tells them"
            )
        clear_hold(game.store.root)
        return kept, taken


def release(game: Game[S], now: datetime, tell: Callable[[Hold], int]) -> tuple[Hold, bool, int]:
    """Let the game's turns run again and ``tell`` the players (it queues their notices and
    returns how many were new), all under the game's lock. The deadline stays while it is
    at least half a day ahead; one that passed while the game was held, or is nearer, is
    moved a whole turn on (``schedule.deadline_again``, as a rollback's): the turn does
    not run at once, nor before the players could answer.

    One intent: the deadline is moved first, while the game is still held (the latest
    turn's ``turn.json``, then its reports, which say it, written again); then
    ``held.json`` is written over with the moment of the release (the game runs from then
    on), the notices queued, then the file is removed. A release cut short in between is
    finished by the next one (the notices missing; a deadline moved already is at least
    half a day ahead and stays), unless the game is over since (the GM ended it): the
    notices missing would tell its players it goes on, and none is queued. Returns the
    hold released (``released`` set), whether it was released now, and the notices
    queued."""
    root = game.store.root
    with game.store.lock():
        kept = release_of(root)
        new = kept is None
        if kept is None:
            held = game.held()
            if held is None:
                raise NotHeld(f"game {game.config.game} is not held")
            _not_over(game, held)
            _deadline_on(game, now)
            # a hold cut short before its notices (or its undo): told to those told of it
            owed = held.telling or held.taking_back
            kept = Hold(since=held.since, reason=held.reason, released=iso(now), telling=owed)
            set_hold(root, kept)  # the intent: the game goes on, its notices owed
        elif how_over(game) is not None:  # ended since: the notices owed would say it goes on
            clear_hold(root)
            return kept, False, 0
        queued = tell(kept)  # flushed to disk before the intent is removed
        clear_hold(root)
        return kept, new, queued


def how_over(game: Game[S]) -> str | None:
    """How ``game`` came to be over at its latest turn (``ended by the GM``, ``over by its
    rules``); None while it goes on."""
    latest = game.latest_turn()
    if not game.ruleset.is_over(game.state(latest)):
        return None
    return "ended by the GM" if game.ended_by_gm(latest) is not None else "over by its rules"


def _not_over(game: Game[S], held: Hold) -> None:
    """Refuse the release of a game over since it was held (the GM ended it): no turn of
    it runs, and the players would be told it goes on. Its hold is kept, as `wtg end`
    keeps it: a rollback that takes the end back finds the game held again."""
    latest, how = game.latest_turn(), how_over(game)
    if how is None:
        return
    name = game.config.game
    raise GameError(
        f"game {name} is over ({how} at turn {latest}): it has no turn to release; its "
        f"hold since {moment_text(held.since)} stays, and holds it again after "
        f"`{shell_command('wtg', 'rollback', name, '--to', str(latest - 1))}` takes the end back"
    )


def _deadline_on(game: Game[S], now: datetime) -> None:
    """The coming turn's deadline as a release leaves it (``deadline_again``): written in
    the latest turn's ``turn.json`` when it moves, and the latest turn's reports written
    again, saying it (each time: a release killed between the two is given again)."""
    schedule = game.config.schedule
    latest = latest_turn_meta(game)
    stamp = latest.deadline
    if schedule is None or stamp is None:
        return  # a game without deadlines, or no turn file to go by (`wtg extend` moves it)
    deadline = iso(deadline_again(schedule, deadline_of(stamp), now))
    if deadline != stamp:
        keep_deadline_set(latest.meta)  # the day turn 0 set is game.yaml's first: as made
        latest.move(deadline)  # the reports marked behind it until they are written again
        latest.write()
    latest.write_reports()


def preview(game: Game[S], out: Path, now: datetime, rerun: bool = False) -> tuple[int, list[str]]:
    """Resolve the coming turn (or the last again) into the folder ``out``: the files its
    turn folder would hold (state, events, reports, AOFs, orders, Top Ten), and nothing
    else changed: no turn committed, no pending order touched, no mail. Returns the turn
    and the files written."""
    root = game.store.root.resolve()
    target = out.resolve()
    if target == root or root in target.parents:
        raise UsageError(f"{out} is inside the game folder: give a folder outside it")
    check_folder(out, target)  # or one a preview was cut short in: written anew
    turn, files = game.preview_turn(rerun=rerun, now=now)
    write_preview(target, files)
    return turn, sorted(files)


def rollback(game: Game[S], to: int, now: datetime) -> tuple[Rollback, bool]:
    """Roll the game back to the end of turn ``to`` (``wtg.gm.rollback``). Asked again once
    it is done (the game still at ``to`` since), it does nothing and returns that
    rollback, with False: so a GM whose command was cut short may simply give it again.
    The seats taken over after a turn it takes back stay taken over (``wtg.gm.takeover``);
    GameError, and nothing changed, when one could not be at turn ``to``."""
    with game.store.lock():
        finish_cut_short(game)  # a takeover cut short stands in the turn it was made after
        done = rollbacks(game.store)
        latest = game.latest_turn()
        if done and done[-1].to == to == latest:
            return done[-1], False
        if to == latest:
            raise GameError(_at_turn_already(game.config.game, latest))
        game.check_config()  # game.yaml to mend (a player's entry deleted): nothing changes
        if not 0 <= to < latest:
            name = game.config.game
            return roll_back(game.store, to, now, None, name=name), True  # says which may be
        deadline = deadline_after(game.store, to, now, game.config.schedule)
        return roll_back(game.store, to, now, deadline, _rewritten(game, to, deadline)), True


def _at_turn_already(name: str, latest: int) -> str:
    """Why a rollback to the latest turn does nothing, and the one that takes it back (the
    GM read the coming turn, the one `wtg status` names, for the latest)."""
    if latest == 0:
        return (
            f"game {name} is at turn 0 already, where it began: no turn has run yet, so there "
            "is none to go back on"
        )
    return (
        f"game {name} is at turn {latest} already: nothing was rolled back; "
        f"`{shell_command('wtg', 'rollback', name, '--to', str(latest - 1))}` takes turn {latest} "
        f"back (`{shell_command('wtg', 'status', name)}` names the coming turn, {latest + 1}, the "
        "one after the latest)"
    )


def undo_rollback(game: Game[S], now: datetime, again: bool = False) -> tuple[Rollback, bool]:
    """Undo the game's last rollback (``wtg rollback GAME --undo``: one given a turn too far
    back, or to the wrong game) while no turn has run since: the turns it took back are
    the game's again, as they ran, and the orders pending again for the turn after its
    turn are set aside in its archive folder (that turn stands); the orders that were
    pending for the turn after the last are pending again. The coming turn keeps the
    deadline it had while that is at least half a day ahead, else gets a whole turn, as
    after a rollback; the last turn's reports say it. Asked again once it is done (the
    game still at that turn since), it does nothing and returns that rollback, with False,
    while it is cut short (some of its notices not queued: ``undo_told``); once it told
    every player, the rollback before it, standing at this turn, is the next to undo, and
    only ``again`` undoes it (``UndoneAlready`` otherwise, nothing changed: the same
    command given twice would undo two rollbacks, and the players be told of both, as
    ``extend`` given twice would move the deadline twice). GameError, nothing changed, when
    there is no rollback to undo, a turn ran since, or a seat was taken over (by the
    rollback, or since)."""
    name = game.config.game
    with game.store.lock():
        finish_cut_short(game)  # a takeover cut short stands in the turn it was made after
        every = rollbacks(game.store, undone=True)
        latest = game.latest_turn()
        standing = [r for r in every if r.undone is None]
        after = every[every.index(standing[-1]) + 1 :] if standing else every
        here = [r for r in after if r.latest == latest]  # undone since the last that stands
        earlier = bool(standing) and standing[-1].to == latest  # a second --undo undoes it
        if here and not (here[-1].undo_told and earlier):
            _reports_said(game)  # a run cut short after the moves
            return here[-1], False
        if here and not again:
            raise UndoneAlready(_undone_already(name, here[-1], standing[-1]))
        if not standing:
            raise NoRollbackToUndo(f"game {name} has no rollback to undo")
        last = standing[-1]
        if latest != last.to:
            raise GameError(
                f"game {name}'s rollback to turn {last.to} (at {last.at}) cannot be undone: the "
                f"game went on from it, at turn {latest} now, and the turns it took back stay in "
                f"{ARCHIVE}/{last.ident}; `{shell_command('wtg', 'rollback', name, '--to', 'N')}` "
                "goes back again"
            )
        game.check_config()  # game.yaml to mend (a player's entry deleted): nothing changes
        _no_takeover_between(game, last)
        deadline = _deadline_undone(game, last, now)
        undo_roll_back(game.store, last, now, deadline, _deadline_had(game, last))
        _reports_said(game)
        done = [r for r in rollbacks(game.store, undone=True) if r.ident == last.ident]
        return done[0], True


def _undone_already(name: str, undone: Rollback, before: Rollback) -> str:
    """Why `rollback --undo` given again does not undo ``before``, the rollback before
    ``undone``, and how to."""
    first, last = before.to + 1, before.latest
    turns = f"turn {first}" if first == last else f"turns {first}-{last}"
    ran = "it ran" if first == last else "they ran"
    return (
        f"game {name}'s rollback to turn {undone.to} was undone at "
        f"{moment_text(undone.undone or '')} already (the game at turn {undone.latest} again "
        f"since), every player told: not undone again. The rollback before it, to turn {before.to} "
        f"(at {moment_text(before.at)}), stands: "
        f"`{shell_command('wtg', 'rollback', name, '--undo', '--again')}` "
        f"undoes it too ({turns} back as {ran})"
    )


def _no_takeover_between(game: Game[S], rollback: Rollback) -> None:
    """GameError when a seat was taken over by the rollback (after a turn it took back:
    taken over again at its turn) or since it: the turns it took back give the seat to
    another player than game.yaml does now."""
    folder = game.store.root / ARCHIVE / rollback.ident
    again = [folder / part / "state.json" for part in (REWRITTEN, RETAKEN)]
    made = parse_iso(rollback.at)
    since = any(_after(entry.get("at"), made) for entry in taken_over(game.store, rollback.to))
    if any(path.exists() for path in again) or since:
        raise GameError(
            f"game {game.config.game}'s rollback to turn {rollback.to} cannot be undone: a "
            f"seat was taken over {'since it' if since else 'again by it, at that turn'}, and "
            f"the turns it took back ({ARCHIVE}/{rollback.ident}) do not give it to the "
            "player game.yaml names now"
        )


def _after(stamp: object, moment: datetime) -> bool:
    """Whether a takeover's ``at`` (``datetime.isoformat``'s, ``+00:00``) is after
    ``moment``; one edited into no time, or none with its zone, counts as after: an undo
    refused is asked again, a seat given away is not taken back."""
    try:
        when = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        return True
    return when.tzinfo is None or when > moment


def _deadline_undone(game: Game[S], rollback: Rollback, now: datetime) -> str | None:
    """The deadline of the turn after the rollback's last turn once it is undone: the one
    it had while at least half a day ahead, else a whole turn from now; None when it had
    none, or when the game is over after it (its turn.json names the deadline all the
    same: a turn that never comes)."""
    schedule = game.config.schedule
    if schedule is None:
        return None
    had = _deadline_had(game, rollback)
    if had is None:  # none: the game was over after it, or had no schedule then
        return None
    return iso(deadline_again(schedule, deadline_of(had), now))


def _deadline_had(game: Game[S], rollback: Rollback) -> str | None:
    """The deadline the last turn the rollback took back had set (its turn.json's, as it
    ran, in the rollback's archive); None when none, or when the game is over after it."""
    kept = game.store.root / ARCHIVE / rollback.ident / "turns" / turn_name(rollback.latest)
    if _over_in(game, kept):
        return None
    try:
        meta = json.loads((kept / TURN_META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    had = meta.get("next_deadline") if isinstance(meta, dict) else None
    return had if isinstance(had, str) else None


def _over_in(game: Game[S], turn: Path) -> bool:
    """Whether the game is over after the turn kept in the folder ``turn`` (a rollback's
    archive); a state that cannot be read says no (the undo reads it again, and says)."""
    try:
        data = json.loads((turn / "state.json").read_text(encoding="utf-8"))
        return isinstance(data, dict) and game.ruleset.is_over(game.ruleset.state_from_dict(data))
    except (OSError, ValueError, KeyError, TypeError):
        return False


def _reports_said(game: Game[S]) -> None:
    """The latest turn's reports written again when they do not yet say its deadline."""
    latest = latest_turn_meta(game)
    if reports_behind(latest.meta):
        latest.write_reports()


def _rewritten(game: Game[S], to: int, deadline: str | None) -> dict[str, str]:
    """Turn ``to``'s files to write over its folder in a rollback to it: its reports with
    the deadline the rollback sets (the one orders are now due by, as `wtg status`, the
    notices and the next run go by), each saying all it said when the turn ran; with a
    seat taken over after a later turn, its state, AOFs, Top Ten and record too
    (``rolled_back_files``: GameError, here before anything is written, when a takeover
    cannot stand at ``to``)."""
    meta: TurnMeta = {**game.meta(to), "next_deadline": deadline}
    retaken = rolled_back_files(game, to, meta)
    if retaken:
        return retaken
    return game.reports_again(to, meta)
