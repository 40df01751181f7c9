"""A GM's command given on a host that a copy of it took the mailbox over from
(``wtg.mail.poll.hostclaim``): the GM typed it on the old machine. Its games are an
out-of-date copy there, and its `wtg send` mails nothing, so a hold, a deadline moved, an
announcement or a game ended there reached no player and changed nothing on the host that
serves the games, though the command said it was done. Such a command stops before it
changes anything, exit 1, with the line that says which host serves the mailbox now."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import click

from wtg.cli.common import config_path, fail, gm_config
from wtg.mail.spool.claimstate import kept_state


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


def refuse_on_moved_host(ctx: click.Context, spool: Path | None, command: str) -> None:
    """End ``command`` (exit 1, nothing done) when the host of ``spool`` stopped because a
    copy of it took the mailbox over (``host_moved``); None: a game of no host's folder."""
    if spool is None:
        return
    stopped = host_moved(ctx, spool)
    if stopped is not None:
        fail(
            f"{command}: {stopped}; nothing was done here (the games here are an out-of-date "
            f"copy, and this host mails nothing): give `wtg {command}` on the host that serves "
            "the mailbox"
        )
