"""A GM's command given on a host that a copy of it took the mailbox over from
(``wtg.mail.poll.hostclaim``): the GM typed it on the old machine. Its games are an
out-of-date copy there, and its `wtg send` mails nothing, so a hold, a deadline moved, an
announcement or a game ended there reached no player and changed nothing on the host that
serves the games, though the command said it was done. Such a command stops before it
changes anything, exit 1, with the line that says which host serves the mailbox now: each
such command is marked ``refusing``, the one place that says which. A command that only
prints the games (`wtg status`, `wtg lists`, `wtg digest`) runs, and says that what it
prints is of the out-of-date copy (``out_of_date``; status and lists first)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import TypeVar

import click

from wtg.cli.common import config_path, fail, gm_config
from wtg.cli.givenhead import tell
from wtg.mail.spool.claimstate import kept_state

C = TypeVar("C", bound=click.Command)
_MARK = "wtg_refuses_on_moved_host"


def refusing(command: C) -> C:
    """Marks ``command``, a command of the CLI, as one that stops on a host a copy of it
    took the mailbox over from: it mails the players, changes a game or files a mail, which
    on the old host reach no player. Every command of the CLI is marked so or named
    read-only in ``tests/mail/test_stopped_host_commands_marked.py``, so a new one cannot
    forget. The mark is the word; a command marked stops through ``refuse_on_moved_host``
    (or its own look at the claims: `poll`, `send`, `remind`, `run-turn`, `serve`), once it
    knows its games folder."""
    setattr(command, _MARK, True)
    return command


def refuses(command: click.Command) -> bool:
    """Whether ``command`` is marked ``refusing``."""
    return getattr(command, _MARK, False) is True


def host_moved(ctx: click.Context, spool: Path) -> str | None:
    """Why the host of the mail spool ``spool`` must not mail or change its games: a copy
    of it took the mailbox over; None when it serves the mailbox, as far as it knows. With
    the config of that spool, the mailbox's claims say (``turns_stopped``); given none, or
    one of another games folder, the last look of a poll at them (``spool``'s). The look
    claims nothing for a host that finds itself the newer (its poll does): a command given
    in a copy made to look around in (`cp -a`, its host-claim.json with it) claimed the
    mailbox for it, and the host that serves the games stopped."""
    # deferred: the mail servers' clients (IMAP): only the commands that mail look
    from wtg.mail.poll.hostclaim import mail_stopped

    if kept_state(spool) is None:  # no poll here looked at the claims: no host to stop
        return None
    gm = gm_config(ctx) if config_path(ctx) is not None else None
    if gm is not None and gm.spool.resolve() != spool.resolve():  # not this config's host
        gm = None
    return mail_stopped(spool, gm, datetime.now(timezone.utc))


def refuse_on_moved_host(ctx: click.Context, spool: Path | None) -> None:
    """End the command of ``ctx`` (exit 1, nothing done) when the host of ``spool`` stopped
    because a copy of it took the mailbox over (``host_moved``); None: a game of no host's
    folder. The command must be marked ``refusing``: one that is not is a slip of wtg's."""
    if not refuses(ctx.command):
        raise RuntimeError(f"{ctx.command.name} refuses on a moved host but is not `refusing`")
    command = ctx.command.name
    if spool is None:
        return
    stopped = host_moved(ctx, spool)
    if stopped is not None:
        fail(
            f"{command}: {stopped}; nothing was done here (the games here are an out-of-date "
            f"copy, and this host mails nothing): give `wtg {command}` on the host that serves "
            "the mailbox"
        )


def out_of_date(
    ctx: click.Context, spool: Path, this: str, there: str, live: bool = True
) -> str | None:
    """On a host a copy of it took the mailbox over from (``host_moved``): the note that
    what a command prints (``this``: "this digest is") is of the host's out-of-date copy
    of the games, and that the host that serves the mailbox has ``there``; None when this
    host serves it. ``live`` False: as the last poll here found the claims, with no look at
    the mailbox (a command that only prints does not wait on a server that is down)."""
    if live:
        stopped = host_moved(ctx, spool)
    else:
        kept = kept_state(spool)
        stopped = None if kept is None else kept.stopped
    if stopped is None:
        return None
    return (
        f"{this} of this host's copy of the games, out of date: {stopped}; the host that "
        f"serves the mailbox has {there}"
    )


def say_out_of_date(ctx: click.Context, spool: Path, this: str, there: str) -> None:
    """``out_of_date``'s note on stderr, once, before the command prints anything: `wtg
    status` and `wtg lists` on the old host printed its copy's games and lists as if they
    were the host's, which the GM took for the games the players play. On an IMAP host, as
    the last poll found the claims: a GM asks `wtg status` when the mail server is down,
    and it answers at once (an IMAP login there waits out the connection's timeout); a
    maildir's claims are looked at, a folder read."""
    gm = gm_config(ctx) if config_path(ctx) is not None else None
    imap = gm is not None and gm.transport == "imap"
    note = out_of_date(ctx, spool, this, there, live=not imap)
    if note is not None:
        tell(f"wtg: note: {note}", err=True)
