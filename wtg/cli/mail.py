"""The mail loop's commands: poll, send, remind, outbox (all games of the config's
games_dir)."""

from __future__ import annotations

import contextlib
import gc
import imaplib
import json
import signal
import sqlite3
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import click

from wtg.cli.common import checked_config, fail, games_root, jobs_option, say, with_full_disk
from wtg.cli.givenhead import tell, tell_fitted
from wtg.cli.logs import log_options, start_logging
from wtg.cli.movedhost import refuse_on_moved_host, refusing
from wtg.core.plurals import counted
from wtg.core.printable import printable
from wtg.files.gamesfolder import SPOOL
from wtg.files.ownership import owner_line
from wtg.files.sqlitewait import cannot_use
from wtg.game.schedule import moment_text
from wtg.host.cpus import default_jobs
from wtg.host.pollhealth import record_poll
from wtg.host.servicerecord import read_service_record
from wtg.mail.outgoing.failedmail import Retried, outboxed, retry
from wtg.mail.outgoing.pictures import map_drawing
from wtg.mail.poll.openmodes import open_lines_once
from wtg.mail.poll.stuck import cleared_line, named, stuck_line
from wtg.mail.spool.runlock import AlreadyRunning, holder

if TYPE_CHECKING:  # pydantic (the config's schema) is imported by the commands that read it
    from wtg.host.config import GmConfig
    from wtg.mail.outgoing.sender import SendSummary

quiet_option = click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Print nothing when there was nothing to do (for cron, which mails any output).",
)

poll_quiet_option = click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Print nothing unless something needs you: a mail quarantined, held or waiting for "
    "a game to mend, a game skipped, a question or request for you (for cron, which mails "
    "any output).",
)

send_quiet_option = click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="Print nothing unless something went wrong or needs you: a mail refused or put off, "
    "the server not reached, a game skipped, notices owed (for cron, which mails any output).",
)


def report_unreadable(lines: tuple[str, ...]) -> None:
    """The game folders a command skipped because they could not be opened (and the map
    pictures `wtg send` could not draw, the mails it set aside for good, the games it mailed
    from their latest turn on, the poll's helper processes that died): on stderr, which
    cron mails even with -q; a reason may quote a game.yaml or a mail: without its control
    sequences (``wtg.core.printable``)."""
    for line in lines:
        tell(printable(f"wtg: {line}"), err=True)


def warn_loose_passwords(gm: GmConfig) -> None:
    """A password file others may read, named on stderr (cron mails it even with -q); the
    command goes on: the mail must not stop for it."""
    # deferred: pydantic (the config's schema): only the commands that read the config
    from wtg.host.config import loose_password_files

    for line in loose_password_files(gm):
        tell(f"wtg: warning: {line}", err=True)


def warn_servers_unused(gm: GmConfig) -> None:
    """A config on the maildir transport that names mail servers (``unusedservers``), said
    on stderr at each poll (cron mails it): the players' mail waits on the server."""
    # deferred: pydantic (the config's schema): only the commands that read the config
    from wtg.host.unusedservers import servers_unused

    unused = servers_unused(gm)
    if unused is not None:
        tell(f"wtg: warning: {unused}", err=True)


def skip(reason: Exception, quiet: bool) -> None:
    """Another run of the same command is under way: this one leaves the work to it."""
    if not quiet:
        tell(f"{reason}: this one leaves the work to it")


def serving(spool: Path) -> Exception | None:
    """Why a poll finds the poll's lock taken when `wtg serve` holds it (it polls while it
    runs): the service, by its record; None when no service runs on ``spool``."""
    service = read_service_record(spool)
    if service is None or not service.running():
        return None
    return AlreadyRunning(
        f"wtg serve (pid {service.pid}, since {moment_text(service.since)}) polls {spool} already"
    )


@refusing
@click.command()
@poll_quiet_option
@click.option(
    "-v", "--verbose", is_flag=True, help="Also a line for each message: what was done with it."
)
@click.option(
    "--idle",
    is_flag=True,
    help="Stay connected and file each mail within seconds of its arrival (IMAP IDLE, or "
    "a look at the maildir every 2 s), until SIGTERM or SIGINT; for a systemd service.",
)
@click.option(
    "--send",
    "also_send",
    is_flag=True,
    help="With --idle: send the answers after each poll that queued any (else `wtg send`).",
)
@click.option(
    "--take-over",
    is_flag=True,
    help="Claim the mailbox for this host, though a copy of it (the host moved elsewhere) "
    "claimed it since: that copy stops at its next poll or turn.",
)
@jobs_option("File on N processes at once when many mails wait (default: the cores; 1: never).")
@log_options
@click.pass_context
def poll(
    ctx: click.Context,
    quiet: bool,
    verbose: bool,
    idle: bool,
    also_send: bool,
    take_over: bool,
    jobs: int | None,
    log_format: str,
    log_level: str | None,
    log_file: str | None,
) -> None:
    """Fetch order mails (IMAP, or the maildir transport), file them and queue the answers.
    With --log-level or --log-file, each mail's outcome is logged, one line a mail (-v
    prints the same lines' words after the summary). Exits 1 when it skipped a game it
    could not read (the other games' mail is filed all the same)."""
    # deferred: the mail loop (the config's schema, IMAP): only the commands that poll
    from wtg.mail.incoming.readlate import gm_lines as late_lines
    from wtg.mail.poll.hostclaim import HostMoved
    from wtg.mail.poll.poller import PollInterrupted, open_inbox
    from wtg.mail.poll.poller import poll as run_poll

    # deferred: the mail servers' clients (IMAP, SMTP): only the commands that reach them
    from wtg.mail.servers.inbox import MaildirInbox
    from wtg.mail.servers.probe import failed_connection, said
    from wtg.mail.servers.unreadfiles import left_behind, unread_notes

    gm = checked_config(ctx)
    if also_send and not idle:
        fail("--send goes with --idle (else run `wtg send` after the poll)")
    if take_over and idle:
        fail("--take-over goes without --idle: run `wtg poll --take-over` once, then the service")
    start_logging(log_format, log_level, log_file)
    warn_loose_passwords(gm)
    warn_servers_unused(gm)
    # What is alive now (modules, templates, the config) lives as long as the process: the
    # collector need not look at it again each time the poll's mails make it run (the
    # more games a poll opens, the more it would walk; bench/bench_poll.py times it)
    gc.freeze()
    if jobs is None:
        jobs = default_jobs()
    if idle:
        stay(gm, also_send, jobs)
        return
    try:
        inbox = open_inbox(gm)
    except KeyboardInterrupt:
        fail("poll interrupted before it read any mail: nothing changed")
    except Exception as exc:
        # `wtg status --host` says the line the GM saw (it said "LoginError: b'[AUTH...'")
        why = f"cannot open the inbox: {owner_line(exc) or failed_connection('imap', gm.imap, exc)}"
        record_poll(gm.spool, datetime.now(timezone.utc), why)
        fail(why)
    try:
        # each address a bounce marked failing is said once the batch is on disk: a poll
        # killed after it has said it, and the next one finds the bounce handled
        summary = run_poll(
            gm,
            inbox,
            jobs=jobs,
            told=lambda line: report_unreadable((f"poll: {line}",)),
            take_over=take_over,
        )
    except HostMoved as exc:  # nothing moved: the mail waits for the host that serves it
        fail(f"poll: {exc}")
    except AlreadyRunning as exc:
        busy = serving(gm.spool)
        if busy is None:  # a poll's, a backup's, a GM's command's: held for hours, said once
            stuck = stuck_line(gm.spool, datetime.now(timezone.utc))
            if stuck is not None:
                tell(printable(f"wtg: warning: {stuck}"), err=True)
            held = holder(gm.spool, "poll")
            if held is not None:
                busy = AlreadyRunning(f"another {named(held)} is running")
        skip(busy or exc, quiet)
        return
    except PollInterrupted as stop:
        fail(str(stop))
    except (OSError, imaplib.IMAP4.error, sqlite3.Error) as exc:  # the server, the disk
        why = owner_line(exc) or cannot_use(exc) or f"{type(exc).__name__}: {said(exc)}"
        why = with_full_disk(why, exc, then="")
        if isinstance(exc, TimeoutError) and gm.transport == "imap" and gm.imap is not None:
            # no words of the server's to say: none came
            why = (
                f"{gm.imap.host}:{gm.imap.port} stopped answering in the middle of the poll "
                "(timed out): the server is stuck or overloaded"
            )
        fail(
            f"the poll stopped: {why} (what it filed is kept, and the next poll takes up the rest)"
        )
    finally:
        inbox.close()
    cleared = cleared_line(gm.spool, datetime.now(timezone.utc))
    if cleared is not None:  # the poll said stuck before: its end said once, -q too
        tell(f"wtg: {cleared}", err=True)
    for line in open_lines_once(gm.games_dir, gm.spool):  # a host moved by a tar: once, -q too
        tell(
            printable(f"wtg: warning: {line} (said once; `wtg check-config` says it each time)"),
            err=True,
        )
    report_unreadable(summary.unreadable)
    report_unreadable(tuple(f"poll: {line}" for line in summary.helpers_died))
    if summary.needs_gm() or not quiet:  # -q: a line only when something needs the GM
        say(summary.line())  # a folder's name: printable
    for line in summary.mends():  # -q too: what the mail left in the inbox waits for
        say(printable(f"  {line}"))
    if not verbose:  # -q too: orders that came in time and missed their turn (the GM's to see to)
        for line in late_lines(
            event.outcome.late for event in summary.events if event.outcome.late
        ):
            say(printable(f"  {line}"))  # one a player a game, with how many mails
    if isinstance(inbox, MaildirInbox):  # -q too: a player's mail lies unread there
        for line in unread_notes(inbox.path, inbox.strays(), inbox.hidden()):
            tell(line, err=True)
    left = left_behind(gm.transport, gm.maildir_in)
    if left is not None:  # -q too: mail of the days on the maildir transport lies unread
        tell(left, err=True)
    if verbose:  # the events the log got, a line each
        for event in summary.events:
            tell(printable(f"  {event.line()}"))
    if summary.games_skipped:
        sys.exit(1)


def stay(gm: GmConfig, also_send: bool, jobs: int = 1) -> None:
    """`wtg poll --idle`: poll, wait for mail, poll again, until a signal asks it to stop
    (SIGTERM or SIGINT, theirs again once it has stopped)."""
    stop = threading.Event()
    before = {
        number: signal.signal(number, lambda *_: stop.set())
        for number in (signal.SIGTERM, signal.SIGINT)
    }
    try:
        _stay(gm, also_send, jobs, stop)
    finally:  # the process's own again (a caller in the same process, a test's runner)
        for number, handler in before.items():
            signal.signal(number, handler)


def _stay(gm: GmConfig, also_send: bool, jobs: int, stop: threading.Event) -> None:
    """`wtg poll --idle`'s loop, until ``stop`` is set."""
    # deferred: the mail loop (the config's schema, IMAP and SMTP): only the commands that
    # poll or send
    from wtg.mail.outgoing.sender import send as run_send
    from wtg.mail.poll.hostclaim import HostMoved
    from wtg.mail.poll.idle import idle

    def told(summary: SendSummary) -> None:
        report_unreadable(summary.undrawn + summary.refused + summary.overtaken)
        say(summary.line())  # a folder's name, a server's words: printable

    def send_now() -> None:
        with contextlib.suppress(AlreadyRunning):  # the `wtg send` running sends them too
            run_send(gm, picture=map_drawing(), tell=told)

    tell(f"wtg poll --idle: waiting for mail ({gm.transport}); SIGTERM ends it")
    try:
        idle(gm, stop, say, send=send_now if also_send else None, jobs=jobs)
    except AlreadyRunning as exc:
        service = read_service_record(gm.spool)
        if service is not None and service.running():
            fail(
                f"wtg serve (pid {service.pid}) polls {gm.spool} already: it does what `poll "
                "--idle` would (`systemctl stop wtg`, or stop it, before starting this one)"
            )
        fail(f"{exc}: stop it before starting another")
    except HostMoved as exc:  # nothing moved: the mail waits for the host that serves it
        fail(f"poll --idle: {exc}")
    tell("wtg poll --idle: stopped")


@refusing
@click.command()
@send_quiet_option
@log_options
@click.pass_context
def send(
    ctx: click.Context, quiet: bool, log_format: str, log_level: str | None, log_file: str | None
) -> None:
    """Queue the reports of new turns, then send the outbox (SMTP, or the maildir), each mail
    signed when the config names a DKIM key. Exits 1 when the mail server could not be
    reached, refuses the From, or the key could not sign (the mail waits for the next run),
    when it set a mail aside for good (`wtg outbox` lists it; a mail the server only put
    off exits 0: the next run retries it), when it skipped a game it could not read (the
    other games' mail goes all the same), when a GM command was cut short before every
    player was told (NOTICES OWED, with the command to give again), and when a copy of this
    host took the mailbox over (nothing sent: docs/gm.md, "Moving a host")."""
    # deferred: the mail loop (the config's schema, SMTP): only the commands that send
    from wtg.mail.outgoing.sender import send as run_send

    # deferred: the mail servers' clients (IMAP): only the commands that mail look at the
    # mailbox's claims
    from wtg.mail.poll.hostclaim import mail_stopped

    gm = checked_config(ctx)
    start_logging(log_format, log_level, log_file)
    # a copy of this host mails now; a copy of it is left to claim the mailbox at its poll
    stopped = mail_stopped(gm.spool, gm, datetime.now(timezone.utc))
    if stopped is not None:  # its reports of turns this host must not run: none sent
        fail(f"send: {stopped}; nothing was sent (the outbox is kept as it is)")

    def lines_for_gm(summary: SendSummary) -> None:
        """The send's lines, said before it counts its mails set aside said."""
        report_unreadable(summary.gm_lines(quiet))
        if summary.needs_gm() or not quiet:  # -q: a line only when something needs the GM
            say(summary.line())  # a folder's name, a server's words: printable

    try:
        summary = run_send(gm, picture=map_drawing(), tell=lines_for_gm)
    except AlreadyRunning as exc:
        skip(exc, quiet)
        return
    stopped = summary.unreachable or summary.unsigned or summary.sender_refused
    if stopped or summary.set_aside() or summary.skipped or summary.owed:
        sys.exit(1)


@refusing
@click.command()
@quiet_option
@log_options
@click.pass_context
def remind(
    ctx: click.Context, quiet: bool, log_format: str, log_level: str | None, log_file: str | None
) -> None:
    """Queue a reminder to players without orders when the deadline is near (`wtg send`
    mails it). Exits 1 when it skipped a game it could not read (the other games'
    reminders are queued all the same), and, queuing none, when a copy of this host took
    its mailbox over (the old host's cron left running after a move: its copy of the games
    lacks the orders the new host filed, and it reminded their players of them)."""
    # deferred: the mail loop (the config's schema, SMTP): only the commands that send
    from wtg.mail.outgoing.sender import remind as run_remind
    from wtg.mail.poll.hostclaim import mail_stopped

    gm = checked_config(ctx)
    start_logging(log_format, log_level, log_file)
    stopped = mail_stopped(gm.spool, gm, datetime.now(timezone.utc))
    if stopped is not None:
        fail(f"remind: {stopped}")
    reminded = run_remind(gm)
    report_unreadable(reminded.unreadable)
    if reminded.queued or reminded.skipped or not quiet:
        say(reminded.line())  # a folder's name: printable
    if reminded.skipped:
        sys.exit(1)


ASKED_OUT = (
    "(asked out of the queue: the wtg send running takes it out before it would mail it, "
    "or the next send does; not mailed)"
)
"""What `wtg outbox` says beside a mail a command asked the running send to take out
(``Outbox.ask_withdraw``: a rollback's notice, the rollback undone meanwhile)."""


@refusing
@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print it as JSON.")
@click.option(
    "--retry",
    "names",
    multiple=True,
    metavar="NAME",
    help="Put this mail set aside for good back in the queue, for the next `wtg send`: to "
    "its player's address in game.yaml now, when it is a player's.",
)
@click.option(
    "--retry-all",
    is_flag=True,
    help="Put every mail set aside for good back in the queue, but a seat's to an address "
    "put back from an older copy of its game (--retry NAME sends that one).",
)
@click.pass_context
def outbox(ctx: click.Context, as_json: bool, names: tuple[str, ...], retry_all: bool) -> None:
    """The mails waiting in the outbox's queue, and those `wtg send` set aside for good (the
    server refused them, as 550 no such user, or their address was not one address): a
    line each, with its name, its address, its subject and why. Once you have corrected a
    player's address in game.yaml, --retry NAME puts his mail back in the queue, to the
    address on file now, and the next `wtg send` sends it; a mail to no player goes back to
    the same address."""
    games_dir = games_root(ctx)
    spool = games_dir / SPOOL
    if names or retry_all:
        if as_json:
            fail("--json goes with the listing alone (not with --retry or --retry-all)")
        if names and retry_all:
            fail("give --retry NAME or --retry-all, not both")
        refuse_on_moved_host(ctx, spool)  # queued here, it is never mailed
        try:
            done = retry(games_dir, spool, None if retry_all else names)
        except AlreadyRunning as exc:
            fail(str(exc))
        if retry_all and not done:
            tell("no mail was set aside for good: nothing to put back")
        refused = [item for item in done if not isinstance(item, Retried)]
        for item in done:
            if isinstance(item, Retried):
                say(item.line)
        if refused:
            fail("\n".join(refused))
        return
    listed = outboxed(games_dir, spool)
    if as_json:
        data = {
            "games_dir": str(games_dir),
            "queued": len(listed.queued),
            "queued_mails": [mail.queued_json() for mail in listed.queued],
            "failed": len(listed.failed),
            "failed_mails": [mail.failed_json() for mail in listed.failed],
        }
        click.echo(json.dumps(data, indent=1))
        return
    if listed.queued:
        queued = counted(len(listed.queued), "mail")
        tell(f"{queued} waiting in the queue (`wtg send` sends them):")
    else:
        tell("no mail waits in the queue")
    for mail in listed.queued:
        later = ""
        if mail.attempts:
            at = moment_text(datetime.fromtimestamp(mail.next_try, timezone.utc))
            times = counted(mail.attempts, "time")
            later = f"  deferred {times}, the next try at {at}: {mail.error}"
        elif mail.error:  # not sendable as made: the next send sets it aside, with this
            later = f"  {mail.error}"
        if mail.withdrawing:
            later += f"  {ASKED_OUT}"
        # an address, a subject, a server's words: one wider than a line cut to 78 columns
        tell_fitted(f'  {mail.name}  to {mail.to or "(no address)"}  "{mail.subject}"{later}')
    if not listed.failed:
        tell("no mail was set aside for good")
        return
    tell(
        f"{counted(len(listed.failed), 'mail')} set aside for good (`wtg outbox --retry NAME` "
        "puts one back in the queue, --retry-all every one):"
    )
    for mail in listed.failed:
        now = (
            f" (game {mail.game} player {mail.player}'s address is now {mail.now_to}: a retry "
            "sends it there)"
            if mail.now_to
            else ""
        )
        if mail.made_anew:
            now = (
                f" (game {mail.game} was made anew since ({mail.made_anew}): the mail was to a "
                "player of the game that had its name, a retry does not send it to this one's)"
            )
        elif mail.taken_over:
            now = (
                f" (game {mail.game} seat {mail.player} was taken over since ({mail.taken_over}): "
                "it was his predecessor's, a retry does not send it to the new player)"
            )
        elif mail.turn_undone and mail.name.startswith("remind-"):
            now = f" (game {mail.game}'s {mail.turn_undone}: a retry does not send this reminder)"
        elif mail.turn_undone:
            now = (
                f" (game {mail.game}'s {mail.turn_undone}: that turn is no more, a retry does "
                "not send its mail)"
            )
        tell_fitted(  # as above
            f'  {mail.name}  to {mail.to or "(no address)"}  "{mail.subject}": '
            f"{mail.error or 'no reason kept'}{now}"
            + (f"  {ASKED_OUT}" if mail.withdrawing else "")
        )


def register(group: click.Group) -> None:
    for command in (poll, send, remind, outbox):
        group.add_command(command)
