"""The GM's controls: hold, release, extend, rollback, announce, digest, bounces, new-code. The work
is done in wtg.gm.control, wtg.gm.extension and wtg.host.announcement (each command's intent) and
wtg.mail.outgoing.notices (telling the players)."""

from __future__ import annotations

import re
import sys
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import NoReturn

import click

from wtg.cli.common import fail, game_path, games_root, gm_config, open_or_fail
from wtg.cli.completion import game_names
from wtg.cli.durations import Duration
from wtg.cli.givenhead import tell, terminal_width
from wtg.cli.logs import log_options, start_logging
from wtg.cli.mail import quiet_option
from wtg.cli.movedhost import out_of_date, refuse_on_moved_host, refusing
from wtg.cli.othergame import held, meant_games, moved_deadline, undoable_rollback
from wtg.core.errors import UsageError
from wtg.core.plurals import counted
from wtg.files.gamesfolder import SPOOL
from wtg.game.bounces import bounces_of, clear_bounce, failing_seats
from wtg.game.engine import Game
from wtg.game.gameconfig import address_meant
from wtg.game.hold import Hold
from wtg.game.schedule import moment_text, zoned_text
from wtg.gm.control import (
    NoRollbackToUndo,
    NotHeld,
    UndoneAlready,
    how_over,
    undo_hold,
    undo_rollback,
)
from wtg.gm.control import hold as hold_game
from wtg.gm.control import release as release_game
from wtg.gm.control import rollback as roll_back
from wtg.gm.extension import Extension, NoMove, clock_change, last_move
from wtg.gm.extension import extend as extend_game
from wtg.gm.extension import undo as undo_extension
from wtg.gm.newcode import done as new_code_done
from wtg.gm.newcode import give_new_code
from wtg.gm.rollback import mark_put_back_owed, mark_undo_told
from wtg.host.announcement import ALL, Announcement
from wtg.host.announcement import announce as announce_to
from wtg.host.announcement import locked as locked_announcements
from wtg.host.gamesdir import Unreadable, failure_reason, open_games, scan_games
from wtg.mail.outgoing.digest import finish_mailing, mail_and_mark, make_digest, mark_digest
from wtg.mail.outgoing.notices import Notices, addressees, players_in, withdraw_announcement
from wtg.mail.outgoing.undotold import (
    heard_of,
    needing_nothing,
    put_back_reports,
    set_aside_while_stood,
)
from wtg.mail.spool.journal import mailed_turns, mailing_mark
from wtg.mail.spool.runlock import AlreadyRunning, only_one
from wtg.text.addresses import bare_address
from wtg.text.gmtext import text_given, text_read
from wtg.text.prose import WIDTH
from wtg.text.shellcommand import shell_command

REASON_CHARACTERS = 1_000
"""A hold's reason at most: a few words, said in every player's notice."""


def register(group: click.Group) -> None:
    for command in (hold, release, extend, rollback, announce, digest, bounces, new_code):
        group.add_command(command)


def _notices(ctx: click.Context, game: Game, now: datetime) -> Notices:
    """Notices queued in the spool of the game's games directory, where `wtg send` finds
    them, from the config's address. The command ends there, nothing done, on a host a
    copy of it took the mailbox over from (``refuse_on_moved_host``)."""
    spool = game.store.root.parent / SPOOL
    refuse_on_moved_host(ctx, spool)
    return Notices(spool, gm_config(ctx).sender, now)


def _told(queued: int) -> str:
    return f"{counted(queued, 'notice')} queued for the players (`wtg send` mails them)"


@refusing
@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option(
    "--reason",
    default="",
    help="Why, in a few words: the players' notice says it (default: none, the notice "
    "gives no reason).",
)
@click.option(
    "--undo",
    is_flag=True,
    help="Take the hold back before `wtg send` mailed it (given to the wrong game, or with "
    "the wrong reason): its notices out of the queue, the game as before. Once mailed, it "
    "says so and takes nothing back.",
)
@click.pass_context
def hold(ctx: click.Context, game_dir: str, reason: str, undo: bool) -> None:
    """Hold a game: no turn runs (run-turn refuses without --force, run-turn --due counts
    it held) until `wtg release`. The players are told."""
    if undo and reason:
        raise click.UsageError("--undo takes no --reason: it takes the hold back", ctx)
    reason = text_given(reason, "--reason", REASON_CHARACTERS, "a hold's reason")
    game = open_or_fail(ctx, game_dir)
    now = datetime.now(timezone.utc)
    notices = _notices(ctx, game, now)
    if undo:
        _undo_hold(game, notices)
        return
    made, new, queued = hold_game(game, now, reason, lambda h: notices.held(game, h))
    state = "held" if new else "was held already"
    told = _told(queued) if new or queued else _held_told(notices.hold_waiting(game, made))
    tell(f"game {game.config.game} {state} since {moment_text(made.since)}; {told}")
    given = " ".join(reason.split())
    if not new and given and given != made.reason:
        tell(_reason_not_kept(game, made, given, notices))


def _held_told(waiting: bool) -> str:
    """What `wtg hold` given again to a game held with all its notices queued says of them:
    it said "0 notices queued for the players (`wtg send` mails them)", as if the players
    were never to be told."""
    if waiting:
        return (
            "its notices to the players, queued when it was held, wait in the outbox "
            "(`wtg send` mails them)"
        )
    return "its notices to the players, queued when it was held, have left the outbox since"


def _reason_not_kept(game: Game, made: Hold, given: str, notices: Notices) -> str:
    """What the GM is told of a reason given to a game held already: it was not kept, and
    how to give it. While the hold's notices still wait in the queue, `hold --undo` and a
    new hold tell the players the new reason alone; once mailed, a release and a hold."""
    kept = f'"{made.reason}"' if made.reason else "none"
    name = game.config.game
    if notices.hold_waiting(game, made):
        return (
            "the reason given now was not kept: the hold's notices, which give its reason "
            f"({kept}), still wait in the queue; `{shell_command('wtg', 'hold', name, '--undo')}` "
            "takes the hold back before they are mailed, then "
            f"`{shell_command('wtg', 'hold', name, '--reason', given)}` holds it with the new one"
        )
    return (
        f"the reason given now was not kept (the players were told the hold's reason: "
        f"{kept}): release and hold again to give them a new one"
    )


def _undo_hold(game: Game, notices: Notices) -> None:
    """`wtg hold GAME --undo`: under the send's lock, so that no send mails a notice the
    while it is taken back."""
    name = game.config.game
    try:
        with only_one(notices.spool, "send"):
            kept, taken = undo_hold(game, lambda h: notices.withdraw_hold(game, h))
    except NotHeld as exc:  # the wrong game: the one held named
        fail(str(exc) + meant_games(game, held, "wtg hold {game} --undo"))
    except AlreadyRunning:
        fail(
            "a wtg send is running, and may be mailing the hold's notices: give "
            f"`{shell_command('wtg', 'hold', name, '--undo')}` again once it is done"
        )
    deadline = game.deadline()
    due = f"; turn {game.latest_turn() + 1} is due {moment_text(deadline)}" if deadline else ""
    tell(
        f"game {name}: the hold since {moment_text(kept.since)} taken back before it was mailed: "
        f"{counted(taken, 'notice')} taken out of the queue; the game runs as before{due}"
    )


@refusing
@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.pass_context
def release(ctx: click.Context, game_dir: str) -> None:
    """Let a held game's turns run again. The deadline stays while it is at least half a
    day ahead; one that passed meanwhile, or is nearer, moves a whole turn on (the first
    deadline hour at least the schedule's days from now). The players are told. Given
    again after it was cut short, it finishes that release (the notices missing)."""
    game = open_or_fail(ctx, game_dir)
    now = datetime.now(timezone.utc)
    notices = _notices(ctx, game, now)
    try:
        kept, new, queued = release_game(game, now, lambda h: notices.released(game, h))
    except NotHeld as exc:  # the wrong game: the one held named
        fail(str(exc) + _released_at(notices, game) + meant_games(game, held, "wtg release {game}"))
    name = game.config.game
    over = how_over(game) if not new else None
    if over is not None:
        tell(
            f"game {name} was released already (held since {moment_text(kept.since)}; "
            f"released at {moment_text(kept.released)}, cut short), and is over since ({over} "
            f"at turn {game.latest_turn()}): finished, and no more of its notices queued (they "
            "would tell the players the game goes on)"
        )
        return
    deadline = game.deadline()
    due = f"turn {game.latest_turn() + 1} is due {moment_text(deadline)}" if deadline else ""
    what = (
        "released"
        if new
        else f"was released already (held since {moment_text(kept.since)}; released at "
        f"{moment_text(kept.released)}, cut short): finished"
    )
    unheard = _unheard(notices, game, kept)
    tell(f"game {name} {what}{'; ' + due if due else ''}; {_told(queued)}{unheard}")


def _unheard(notices: Notices, game: Game, kept: Hold) -> str:
    """What `wtg release` says of the players never told of the hold (its `wtg hold` cut
    short before their notices, and not given again): none of them is told of the release
    (before, each was told the game goes on, of a hold he had never heard of)."""
    left = notices.release_unheard(game, kept)
    if not left:
        return ""
    players = len(players_in(game))
    return (
        f" ({left} of its {players} players {'was' if left == 1 else 'were'} never told of the "
        f"hold, its `wtg hold` cut short before {'his' if left == 1 else 'their'} notice: "
        f"{'he is' if left == 1 else 'they are'} not told of the release either)"
    )


def _released_at(notices: Notices, game: Game) -> str:
    """What `wtg release` given again says of the release before (the command given twice,
    in two terminals, or its output lost): when the game was released, its players told,
    their notices waiting in the outbox, or set aside for good (a player refused by his
    server was not told, and it said "its players were told")."""
    last = notices.last_release(game)
    if last is None:
        return ""
    if last.waiting:
        told = "its notices to the players wait in the outbox (`wtg send` mails them)"
    elif last.set_aside:
        told = (
            f"{counted(last.set_aside, 'notice')} of it to the players "
            f"{'was' if last.set_aside == 1 else 'were'} set aside for good, not mailed "
            "(`wtg outbox` says why)"
        )
    else:
        told = "its players were told"
    since, at = moment_text(last.since), moment_text(last.at)
    return f": it was released at {at} (held since {since}); {told}"


HOURS = Duration("hours", click.FLOAT)


def _not_twice(game: Game, hours: float, notices: Notices) -> None:
    """Refuse a move of the deadline by as many hours as its last move, whose notices
    still wait in the queue: the command given twice (the shell's arrow key) moved the
    deadline twice, and the players were told of both."""
    last = last_move(game)
    if last is None or last.hours != hours or not notices.extension_waiting(game, last):
        return
    name = game.config.game
    fail(
        f"the deadline of game {name}'s turn {last.turn} was moved {hours:g} hours at "
        f"{moment_text(last.at)} already (to {moment_text(last.new)}), and its notices still "
        f"wait in the outbox's queue: not moved again (given twice, it would be "
        f"{2 * hours:g} hours later). To move it "
        f"{hours:g} hours more, `{shell_command('wtg', 'extend', name, f'{hours:g}', '--again')}`; "
        f"`{shell_command('wtg', 'extend', name, '--undo')}` takes the first move back"
    )


def _is_time(text: str) -> bool:
    """Whether ``text`` is a time HOURS takes (``24``, ``2d``, ``1.5 days``)."""
    try:
        HOURS.convert(text, None, None)
    except click.BadParameter:
        return False
    return True


NEGATIVE_TIME = re.compile(r"-\d[\d.]*\s*[A-Za-z ]*")
"""A time written with a minus (``-5h``, ``-1.5d``), which click reads as short options."""
EXTEND_FLAGS = ("--undo", "--again", "-h", "--help")


class TimesNotOptions(click.Command):
    """`wtg extend g1 -5h`: click read ``-5h`` as the short options ``-5`` and ``-h``, and
    printed the help, exit 0, with no word of the slip (``-12`` alone was HOURS already:
    ``ignore_unknown_options``). A negative time is taken as HOURS, which the move refuses
    saying why and what runs the turn now: the flags are put first and every other word
    after ``--``, in the order given."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if any(NEGATIVE_TIME.fullmatch(word) for word in args) and "--" not in args:
            flags = [word for word in args if word in EXTEND_FLAGS]
            args = [*flags, "--", *(word for word in args if word not in EXTEND_FLAGS)]
        return super().parse_args(ctx, args)


@refusing
@click.command(cls=TimesNotOptions, context_settings={"ignore_unknown_options": True})
@click.argument("game_dir", shell_complete=game_names)
@click.argument("words", nargs=-1, metavar="HOURS")
@click.option(
    "--undo",
    is_flag=True,
    help="Take the last move back (given to the wrong game, or too many hours): the "
    "deadline it moved from, unless that has passed. The players are told.",
)
@click.option(
    "--again",
    is_flag=True,
    help="Move the deadline HOURS more though a move of the same HOURS was given already "
    "and its notices wait in the queue (without it, such a move is refused as the command "
    "given twice).",
)
@click.pass_context
def extend(
    ctx: click.Context, game_dir: str, words: tuple[str, ...], undo: bool, again: bool
) -> None:
    """Move the coming turn's deadline HOURS later (from now, if it has passed): 36, 36h,
    1.5d or 1.5 days. The players are told. Given again after it was cut short, it
    finishes that move (the notices missing) and moves nothing more."""
    said = next(p for p in ctx.command.params if p.name == "words")
    if undo and words:
        raise click.UsageError("--undo takes no HOURS: it takes the last move back", ctx)
    if not undo and not words:
        raise click.MissingParameter(ctx=ctx, param=said)
    if len(words) == 1 and not undo and not _is_time(words[0]) and _is_time(game_dir):
        raise click.UsageError(  # `wtg extend 24 g1`: click said "'g1' is not a time"
            f"GAME_DIR comes before HOURS: `{shell_command('wtg', 'extend', words[0], game_dir)}`",
            ctx,
        )
    # HOURS as one word or two (`1.5 days`, unquoted, as a GM types it)
    hours = 0.0 if undo else HOURS.convert(" ".join(words), said, ctx)
    game = open_or_fail(ctx, game_dir)
    now = datetime.now(timezone.utc)
    notices = _notices(ctx, game, now)
    if not (undo or again):
        _not_twice(game, hours, notices)
    withdrawn: list[int] = []  # the notices of the move taken back, when none was mailed

    def withdraw(move: Extension) -> bool:
        try:
            with only_one(notices.spool, "send"):  # no send mails one the while
                taken, went = notices.withdraw_extension(game, move)
        except AlreadyRunning:  # a send under way: the players are told, as ever
            return False
        if not went:
            withdrawn.append(taken)
        return not went

    mover = (
        partial(undo_extension, withdraw=withdraw) if undo else partial(extend_game, hours=hours)
    )
    try:
        moved, new, queued = mover(game, now=now, tell=lambda e: notices.extended(game, e))
    except NoMove as exc:  # the wrong game: the one whose deadline was moved named
        fail(str(exc) + meant_games(game, moved_deadline, "wtg extend {game} --undo"))
    name = game.config.game
    zone = None if game.config.schedule is None else game.config.schedule.timezone
    told = (
        f"the move's {counted(withdrawn[0], 'notice')} taken out of the queue before "
        f"{'it was' if withdrawn[0] == 1 else 'they were'} mailed: "
        "no player is told of either"
        if withdrawn
        else _told(queued)
    )
    if new and moved.hours < 0:
        tell(
            f"game {name}: turn {moved.turn} is due {zoned_text(moved.new, zone)} (was "
            f"{moment_text(moved.old)}; "
            f"the move of {-moved.hours:g} hours taken back); {told}"
        )
    elif new:
        held = (
            f"; the game is held: no turn runs until `{shell_command('wtg', 'release', name)}`, "
            "whatever the deadline"
            if game.held() is not None
            else ""
        )
        tell(
            f"game {name}: turn {moved.turn} is due {zoned_text(moved.new, zone)} (was "
            f"{moment_text(moved.old)}); "
            f"{_told(queued)}{held}"
        )
        schedule = game.config.schedule
        note = schedule and clock_change(schedule.timezone, moved.old, moved.new, hours, name)
        if note:  # 2d over a change of the clocks: 17:00 or 19:00 there, not the 18:00 meant
            tell(f"wtg: note: {note}", err=True)
    else:
        tell(
            f"game {name}: turn {moved.turn} was {'moved back' if moved.hours < 0 else 'extended'} "
            f"already to {moment_text(moved.new)} (was {moment_text(moved.old)}; "
            + (
                f"the move of {-moved.hours:g} hours taken back"
                if moved.hours < 0
                else f"{moved.hours:g} hours"
            )
            + f" at {moment_text(moved.at)}, cut short): not moved again; "
            + told
        )
        if undo and moved.hours >= 0:  # the move cut short was finished, not taken back
            tell(
                "that move stands, not taken back: give "
                f"`{shell_command('wtg', 'extend', name, '--undo')}` "
                "again to take it back"
            )


@refusing
@click.command()
@click.argument("game_dir", shell_complete=game_names)
@click.option(
    "--to",
    "to_turn",
    type=int,
    metavar="N",
    help="The turn to go back to: it becomes the game's latest turn again, and the turns "
    "after it are taken back (`wtg status GAME` names the coming turn, the one after the "
    "latest). Give --to N or --undo.",
)
@click.option(
    "--undo",
    is_flag=True,
    help="Undo the game's last rollback (one turn too far back, the wrong game) while no "
    "turn has run since: the turns it took back count again, as they ran, the orders sent "
    "since for the turn after it are set aside in its archive folder, and the players are "
    "told, each with his report of the latest turn.",
)
@click.option(
    "--again",
    is_flag=True,
    help="With --undo, given once an undo told every player and the game is still where it "
    "left it: undo the rollback before it too (without --again, refused: the same command "
    "given twice).",
)
@click.pass_context
def rollback(
    ctx: click.Context, game_dir: str, to_turn: int | None, undo: bool, again: bool
) -> None:
    """Take a game back to an earlier turn (--to N), or undo that (--undo).

    \b
    wtg rollback GAME --to N   turn N becomes the game's latest turn again
    wtg rollback GAME --undo   the last rollback undone (too far back, the wrong
                               game), while no turn has run since

    With --to N, nothing is deleted: the turns after N move to the game's archive/
    folder, and the orders turn N+1 ran with are pending again, READY taken off (the
    players may change them; the turn runs at its deadline, as any turn). Turn N+1 keeps
    the deadline it had while that is at least half a day ahead, else it gets a whole turn
    from now. Each player is told, with his report of turn N; `wtg send` mails it.

    With --undo, the turns taken back count again, as they ran; the orders sent since for
    the turn after N are set aside in the rollback's archive folder, and each player is
    told, with his report of the latest turn. Given again once it told every player, the
    game still where it left it, it is refused: `--undo --again` undoes the rollback
    before it too."""
    if again and not undo:
        raise UsageError("--again goes with --undo: it undoes the rollback before the one undone")
    if undo:
        if to_turn is not None:
            raise UsageError("--undo takes no --to: it undoes the game's last rollback")
        _undo_rollback(ctx, game_dir, again)
        return
    if to_turn is None:
        raise click.UsageError(
            "give the turn to go back to, --to N "
            f"(`{shell_command('wtg', 'rollback', game_dir, '--to', 'N')}`: turn N is the latest "
            f"again; `{shell_command('wtg', 'status', game_dir)}` names the coming turn, the one "
            "after the latest), or --undo to undo its last rollback "
            f"(`{shell_command('wtg', 'rollback', game_dir, '--undo')}`)",
            ctx,
        )
    game = open_or_fail(ctx, game_dir)
    now = datetime.now(timezone.utc)
    notices = _notices(ctx, game, now)  # the config read before anything is rolled back
    done, new = roll_back(game, to_turn, now)
    queued = notices.rolled_back(game, done)
    what = "rolled back" if new else "was rolled back already"
    first, last = done.to + 1, done.latest
    turns = f"turn {first}" if first == last else f"turns {first}-{last}"
    due = f"; turn {done.to + 1} is due {moment_text(done.deadline)}" if done.deadline else ""
    tell(
        f"game {game.config.game} {what} to turn {done.to} ({turns} "
        f"kept in archive/{done.ident}); orders of {counted(len(done.restored), 'player')} pending "
        f"again for turn {done.to + 1}{due}; {_told(queued)}"
    )


def _undo_rollback(ctx: click.Context, game_dir: str, again: bool) -> None:
    """`wtg rollback GAME --undo`: the last rollback undone, the players told; the one
    before it, once that undo told every player, only with ``again``."""
    game = open_or_fail(ctx, game_dir)
    now = datetime.now(timezone.utc)
    notices = _notices(ctx, game, now)  # the config read before anything is undone
    try:
        done, new = undo_rollback(game, now, again)
    except UndoneAlready as exc:  # the command given twice: not two rollbacks undone
        fail(str(exc))
    except NoRollbackToUndo as exc:  # the wrong game: the one rolled back named
        fail(str(exc) + meant_games(game, undoable_rollback, "wtg rollback {game} --undo"))
    asked, quiet, put_back, owed = 0, set[int](), 0, 0
    last = done.latest
    heard: set[int] | None = None  # not known while a send runs: told as before
    try:  # the send's lock: a send running holds the queue
        with only_one(notices.spool, "send"):
            mark = mailing_mark(notices.spool, game.config.game, game.latest_turn())
            heard = heard_of(notices.outbox, game, done, mark)  # before any is taken out
            withdrawn = notices.withdraw_rolled_back(game, done)
            # the earlier turns' reports set aside while it stood, to every player: the
            # latest's to those told nothing, the notice carrying it to the others
            stood = partial(set_aside_while_stood, notices.outbox, game, done, mark)
            put_back = put_back_reports(notices.outbox, stood(range(done.to + 1, done.latest)))
            mailed = mailed_turns(notices.spool).get(game.config.game, -1)
            quiet = needing_nothing(notices.outbox, game, done, heard, mailed, mark)
            latest = range(done.latest, done.latest + 1)
            put_back += put_back_reports(notices.outbox, stood(latest, quiet))
    except AlreadyRunning:  # it takes them out itself, before it would mail them; no
        # player is left untold, since what the send mails meanwhile is not known here
        withdrawn, asked = 0, notices.ask_withdraw_rolled_back(game, done)
        # what a send set aside while it stood: put back by the next send, under its lock
        mark_put_back_owed(game.store, done)
        mark = mailing_mark(notices.spool, game.config.game, game.latest_turn())
        owed = len(
            set_aside_while_stood(notices.outbox, game, done, mark, range(done.to + 1, last))
        )
    queued = notices.rollback_undone(game, done, quiet, heard)
    mark_undo_told(game.store, done)  # every notice queued: --undo --again goes further back
    what = "undone" if new else "was undone already"
    first = done.to + 1
    turns = (
        f"turn {first} counts again, as it ran"
        if first == last
        else (f"turns {first}-{last} count again, as they ran")
    )
    due = (
        f"; turn {last + 1} is due {moment_text(done.undone_deadline)}"
        if done.undone_deadline
        else ""
    )
    tell(
        f"game {game.config.game}: the rollback to turn {done.to} {what}, the game at turn "
        f"{last} again ({turns}; the orders pending for turn {first} set "
        f"aside in archive/{done.ident}/undone){due}; {_told(queued)}"
        + (
            f"; the rollback's {counted(withdrawn, 'notice')} not yet mailed taken out of the queue"
            if withdrawn
            else ""
        )
        + (
            f"; {counted(len(quiet), 'player')} not told, who never had word of the rollback: "
            "their reports go to them as they would have"
            if quiet
            else ""
        )
        + (
            f"; {counted(put_back, 'report')} or press a send had set aside while the rollback "
            "stood put back in the queue"
            if put_back
            else ""
        )
        + (
            f"; a wtg send is running: the rollback's {counted(asked, 'notice')} not yet mailed "
            f"{'is' if asked == 1 else 'are'} taken out of the queue by it (or by the next send, "
            f"if it is done first) before {'it goes' if asked == 1 else 'they go'}; any it had "
            "mailed already stand"
            if asked
            else ""
        )
        + (
            f"; {counted(owed, 'report')} or press a send had set aside while the rollback "
            f"stood {'is' if owed == 1 else 'are'} put back in the queue by the next send (the "
            "one running holds the queue)"
            if owed
            else ""
        )
    )


@refusing
@click.command()
@click.argument("words", nargs=-1, metavar="GAME|--all TEXT")
@click.option("--all", "every", is_flag=True, help="To the players of every running game.")
@click.option(
    "--withdraw",
    is_flag=True,
    help="Take the last announcement back before `wtg send` mailed it (the wrong text, or "
    "the wrong game): its mails out of the queue. Once mailed, it says so and takes "
    "nothing back.",
)
@click.pass_context
def announce(ctx: click.Context, words: tuple[str, ...], every: bool, withdraw: bool) -> None:
    """Mail TEXT to the players of GAME, or of every running game with --all (one mail an
    address); TEXT `-` reads it from standard input. Players who have QUIT are left out.
    Given again after it was cut short, it finishes that announcement (the mails missing)."""
    if withdraw:
        if words or every:
            raise UsageError(
                "--withdraw takes no GAME nor TEXT: it takes the last announcement back"
            )
        _withdraw_announcement(games_root(ctx) / SPOOL)
        return
    if not words:
        said = next(p for p in ctx.command.params if p.name == "words")
        raise click.MissingParameter(ctx=ctx, param=said)

    games: list[Game]
    skipped: list[Unreadable] = []
    if every:
        root = games_root(ctx)
        games, skipped = open_games(root)
        games = [g for g in games if _readable(g, skipped)]
        running = [g for g in games if not g.ruleset.is_over(g.state())]
        named = {g.config.game.casefold(): g.config.game for g in games}
        if len(words) > 1 and words[0].casefold() in named:  # `announce --all g1 TEXT`
            game_name = named[words[0].casefold()]
            raise UsageError(
                "--all mails TEXT to every running game, and TEXT begins with the game "
                f"{game_name}: nothing queued. For {game_name} alone: "
                f"`{shell_command('wtg', 'announce', game_name, 'TEXT')}`; for every game a text "
                "that begins so: the text in quotes"
            )
        target, text_words = ALL, words
    else:
        if len(words) < 2:
            _one_word(ctx, words[0])
        game = open_or_fail(ctx, words[0])
        root = game.store.root.parent
        games = running = [game]
        target, text_words = game.config.game, words[1:]
        other = _game_named(root, text_words[0]) if len(text_words) > 1 else None
        if other is not None and other != target:  # `announce g1 g2 TEXT`: both meant
            raise UsageError(
                f"TEXT begins with the game {other}, as if GAME were two games: nothing queued. An "
                "announcement goes to one game "
                f"(`{shell_command('wtg', 'announce', target, 'TEXT')}`, then "
                f"`{shell_command('wtg', 'announce', other, 'TEXT')}`) or to every game (`wtg "
                "announce --all TEXT`); a text that begins so goes in quotes"
            )
    if text_words == ("-",):
        text = text_read(sys.stdin.buffer.read(), "the text read from standard input")
    else:
        text = text_given(" ".join(text_words), "TEXT")
    if not text.strip():
        given = shell_command("wtg", "announce", "--all" if every else target)
        raise UsageError(
            f"the announcement is empty: give its text (`{given} 'TEXT'`; `-` "
            "reads it from standard input); nothing was queued"
        )
    if not running:
        raise UsageError(f"no running game in {root}")
    refuse_on_moved_host(ctx, root / SPOOL)
    now = datetime.now(timezone.utc)
    notices = Notices(root / SPOOL, gm_config(ctx).sender, now)
    names = [g.config.game for g in running]

    def chosen(announcement: Announcement) -> list[Game]:
        return [g for g in games if g.config.game in announcement.games]

    def queue_for(announcement: Announcement) -> int:
        return notices.announce(chosen(announcement), announcement)

    made, new, queued = announce_to(
        root / SPOOL, target, text.strip("\n"), names, now, queue_for, notices.waiting_announcement
    )
    if new:
        tell(
            f"announcement queued for {counted(queued, 'player')} of "
            f"{counted(len(made.games), 'game')} (`wtg send` mails it)"
        )
    else:
        tell(
            f"announcement queued already (at {moment_text(made.at)}, cut short): finished; "
            f"{queued} more for {counted(len(addressees(chosen(made))), 'player')} of "
            f"{counted(len(made.games), 'game')} (`wtg send` mails it)"
        )
    if skipped:  # the others told, these named: the GM mends them and announces to them
        fail("\n".join(lost.line() for lost in skipped))


def _withdraw_announcement(spool: Path) -> None:
    """`wtg announce --withdraw`, under the send's lock (no send mails it the while) and
    the announce's (no announcement is being queued)."""
    try:
        with only_one(spool, "send"), locked_announcements(spool):
            done = withdraw_announcement(spool)
    except AlreadyRunning:
        fail(
            "a wtg send is running, and may be mailing the announcement: give `wtg announce "
            "--withdraw` again once it is done"
        )
    if done is None:
        fail("no announcement in the outbox: nothing to take back")
    if done.finished:
        queued_at = f" queued at {moment_text(done.at)}" if done.at else ""
        tell(
            f"the taking back of the announcement{queued_at} was cut short after its last "
            "mail left the queue: finished (nothing more to take out of the queue)"
        )
        return
    mails = counted(done.mails, "mail")
    said = f'the last announcement (queued at {moment_text(done.at)}, "{done.subject}", {mails})'
    if done.went:
        fail(
            f"{said} was mailed already to {done.went} of its {done.mails} addresses: it cannot "
            "be taken back unseen; announce again to put it right"
        )
    tell(
        f"{said} taken back before it was mailed: {counted(done.taken, 'mail')} taken out of "
        "the queue"
    )


def _one_word(ctx: click.Context, word: str) -> NoReturn:
    """`wtg announce` given one word: a game without its text, or a text without its game
    (it said "give GAME and TEXT" to both). What to give, by which the word is: one of
    several words is a text; one word alone a game (a name mistyped: the games meant)."""
    if not any(c.isspace() for c in word) or (game_path(ctx, word) / "game.yaml").is_file():
        open_or_fail(ctx, word)
        raise UsageError(
            f"the announcement to {word} has no TEXT: give it after the game, in quotes "
            f"(`{shell_command('wtg', 'announce', word)} 'TEXT'`; `-` reads it from standard "
            "input); nothing was queued"
        )
    raise UsageError(
        f"the announcement has no GAME: {word!r} is no game of the host; give the game before the "
        f"text (`{shell_command('wtg', 'announce', 'GAME', word)}`), or --all for every running "
        "game; nothing was queued"
    )


def _game_named(root: Path, word: str) -> str | None:
    """The game of the games folder ``root`` that ``word`` names (its folder's name, case
    aside), or None."""
    wanted = word.casefold()
    return next((f.name for f in scan_games(root).folders if f.name.casefold() == wanted), None)


def _readable(game: Game, skipped: list[Unreadable]) -> bool:
    """Whether ``game``'s latest turn reads with its game.yaml; if not, it is added to
    ``skipped`` with why (a player's entry deleted would go untold)."""
    try:
        game.check_config()
    except Exception as exc:  # a game folder is the GM's data: a reason, never a stop
        skipped.append(Unreadable(game.store.root, failure_reason(exc)))
        return False
    return True


@refusing
@click.command()
@quiet_option
@click.option("--mail", "by_mail", is_flag=True, help="Also queue it as a mail to the GM.")
@click.option(
    "--to",
    "to_address",
    default=None,
    help="With --mail: the address (default: the config's from).",
)
@log_options
@click.pass_context
def digest(
    ctx: click.Context,
    quiet: bool,
    by_mail: bool,
    to_address: str | None,
    log_format: str,
    log_level: str | None,
    log_file: str | None,
) -> None:
    """The GM's digest since the last one: turns run, games made of a waiting list most
    of whose players write from one mail domain, games whose seats taken over give one
    mail domain most of their players, orders missing, turns not mailed (`wtg send`
    forgotten: no player has the turn, so none of its orders is missing), turns overdue (the
    deadline long past, the turn not run), mail quarantined or
    held, mail quarantined and not listed (an address's beyond its newest 20), mail held
    and not listed (a flood's), mail not answered (a limit of answers), mail
    not answered and not listed (an address's beyond its newest 20), players' orders set
    aside (their mail looked automatic), mail of a flood not kept (the copies of an
    address's mails of a day beyond its first and newest), addresses failing, mail `wtg
    send` set aside for good, game folders that cannot be read, another program on the
    mailbox (mail put into the IMAP folders the poll files into: a second host), notices
    owed (a GM command cut short before every player was told), the disk low (under 5 %
    free and under 1 GB, before a poll, turn or send fails on a full one), wrong codes
    (forms and commands refused for a code not the seat's: someone may be guessing), codes
    used from another address (a seat's right code in a mail from another mailbox than its
    own: someone may know it), orders read after their turn ran (their mail came in time:
    a rerun may take them), the lobby's book that cannot be read (torn: its line says how
    to put it back; the rest is told without it), the turns due held (a host restored from
    a backup whose last poll found mail filed after it and never read: orders, perhaps).
    With -q nothing is printed (or mailed) when there is nothing to tell."""
    # deferred: pydantic (the config's schema): only this command checks an address by it
    from wtg.host.configschema import is_one_address

    if by_mail and to_address is not None and not is_one_address(to_address):
        fail(f"--to {to_address!r} is not one e-mail address: give an address, as gm@example.org")
    root = games_root(ctx)
    spool = root / SPOOL
    start_logging(log_format, log_level, log_file)
    sender = gm_config(ctx).sender if by_mail else ""
    stale = _out_of_date(ctx, spool, by_mail)
    if by_mail:  # the digest of a run cut short before its mark: queued (once) first
        finish_mailing(root, sender)
    now = datetime.now(timezone.utc)
    made = make_digest(root, now)
    if quiet and made.empty():
        mark_digest(spool, now, rows=made.rows_to(), told=made.told_runs())
        return
    text = made.text()
    if not (quiet and by_mail):  # under cron (-q --mail) the mail is the telling, once
        width = terminal_width()  # on a terminal narrower than a mail's lines: at its width
        click.echo(text if width is None or width >= WIDTH else made.text(width), nl=False)
        if stale is not None:  # after the digest, where the GM reads on
            tell(f"wtg: note: {stale}", err=True)
    if by_mail:  # the intent first: killed before the mark, the next run queues this digest
        if mail_and_mark(root, sender, to_address or sender, made) is None:
            tell(
                "wtg: a digest was mailed in this second already: this one is not mailed, "
                "and the next digest lists what it holds",
                err=True,
            )
    else:
        # told: the next digest tells what happens after now
        mark_digest(spool, now, rows=made.rows_to(), told=made.told_runs())


def _out_of_date(ctx: click.Context, spool: Path, by_mail: bool) -> str | None:
    """On a host a copy of it took the mailbox over from (``host_moved``): the digest --mail
    ends there (exit 1, nothing queued nor marked told: the old host's cron mailed the GM a
    digest of its out-of-date copy of the games, or queued one its send never mails); the
    digest on the screen is said to be of that copy (the line returned). None: it serves
    the mailbox."""
    if by_mail:
        refuse_on_moved_host(ctx, spool)
        return None
    return out_of_date(ctx, spool, "this digest is", "the digest to read")


@refusing
@click.command()
@click.option(
    "--clear",
    "address",
    default=None,
    metavar="ADDRESS",
    help="Drop the failing mark of ADDRESS in every game, once it is fixed; without it, "
    "the addresses marked are listed.",
)
@click.pass_context
def bounces(ctx: click.Context, address: str | None) -> None:
    """The players' addresses whose mail bounced, in every game (`wtg status GAME --json`
    says "address_failing"); --clear ADDRESS once it is fixed. The mail the server refused
    for good meanwhile (a report to a mistyped address) is kept: `wtg outbox` lists it, and
    once the address is corrected in game.yaml, `wtg outbox --retry NAME` sends it again,
    to the corrected address."""
    games = open_games(games_root(ctx))[0]
    if address is not None:  # the mark dropped here: the other host's send mails on
        refuse_on_moved_host(ctx, games_root(ctx) / SPOOL)
        cleared = [g.config.game for g in games if _clear(g, address)]
        if not cleared:
            raise UsageError(f"no game marks {address} as failing{_failing_meant(games, address)}")
        tell(f"{address}: mark dropped in {', '.join(cleared)}")
        return
    lines = []
    for game in games:
        for entry, mark in failing_seats(game.store.root, game.config.players):
            lines.append(
                f"{game.config.game} player {entry.id} {entry.name} <{mark.address}> "
                f"since {moment_text(mark.since)}" + (f": {mark.why}" if mark.why else "")
            )
    tell("\n".join(lines) if lines else "no address is failing")


def _failing_meant(games: list[Game], address: str) -> str:
    """The marked address meant by one given to ``--clear`` with what stood around it
    (``ann@example.org.``, a sentence's end; ``mailto:ann@example.org``, a link's), as
    ``(did you mean ann@example.org?)``; "" when it is no such one. It said only that no
    game marks it, and the GM, sure of the address, looked for the mark elsewhere."""
    meant = address_meant(address)
    if meant is None:
        return ""
    marked = {bare_address(a) for game in games for a in bounces_of(game.store.root)}
    return f" (did you mean {meant}?)" if bare_address(meant) in marked else ""


def _clear(game: Game, address: str) -> bool:
    """Drop the game's mark of ``address`` (under its lock); False when it had none."""
    with game.store.lock():
        return clear_bounce(game.store.root, address)


@refusing
@click.command("new-code")
@click.argument("game_dir", shell_complete=game_names)
@click.option(
    "--player",
    "seat",
    type=int,
    required=True,
    metavar="N",
    help="The seat: the player's number, as `wtg status GAME` lists them.",
)
@click.pass_context
def new_code(ctx: click.Context, game_dir: str, seat: int) -> None:
    """Give player N a new secret code, and mail it to him at his address in game.yaml (the
    next `wtg send` sends it): for a code a stranger may have read (a report mailed to a
    mistyped address the server took: correct the address in game.yaml first). The old
    code is refused from then on; his orders on file and his planned absences stay his.
    Given again after it was cut short, it finishes the same code."""
    game = open_or_fail(ctx, game_dir)
    notices = _notices(ctx, game, datetime.now(timezone.utc))
    with game.store.lock():
        entry, given = give_new_code(game, seat)
        queued = notices.new_code(game, entry)
        new_code_done(game)
    name = game.config.game
    again = " (the one begun before, cut short: finished)" if given.again else ""
    sent = {
        "queued": f"queued to {entry.email}",
        "before": f"queued to {entry.email} before it was cut short",
        "refused": f"NOT queued: {entry.email} is no address",
    }[queued]
    tell(
        f"game {name} player {seat} ({entry.name}) has a new code{again}; its mail {sent}: "
        "`wtg send` sends it"
    )
