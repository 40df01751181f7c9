"""The look a poll and a turn take at the claims on the mailbox before they change
anything (``wtg.mail.servers.claims``): a host that a copy of itself took the mailbox over
from stops there, loudly (``HostMoved``: cron hears it, and the command exits 1), before
it moves a mail or runs a turn; the mail waits in the inbox for the host that serves it."""

from __future__ import annotations

import contextlib
import imaplib
import logging
import os
import socket
from datetime import datetime
from pathlib import Path

from wtg.core.errors import MailError
from wtg.files.ownership import owned_by_another, user_name
from wtg.host.config import GmConfig, password_now
from wtg.logs.events import log_event
from wtg.mail.servers.claimfolder import MAILDIR_FOLDER, ImapClaims, MaildirClaims
from wtg.mail.servers.claims import CLAIMS_FOLDER, Claim, Verdict, claim_mail, decide, taking_over
from wtg.mail.servers.inbox import Claimed, connect_imap
from wtg.mail.servers.mailboxkeys import mailbox_of
from wtg.mail.spool.claimstate import ClaimState, keep_state, kept_state
from wtg.mail.spool.hostid import HostId, adopt, copied_from, this_host
from wtg.text.shellcommand import shell_command


class HostMoved(MailError):
    """Another copy of this host serves the mailbox now: this one stops."""


def look(
    spool: Path,
    claimed: Claimed,
    mailbox: str,
    now: datetime,
    take_over: bool = False,
    tells: bool = True,
    claiming: bool = True,
) -> str | None:
    """Look at the claims of ``claimed`` (``mailbox``: the GM's name for it): this host's
    written when it is the newer host (or ``take_over``: the GM's word). Raises HostMoved
    when a copy of it claimed the mailbox after it; else the line to tell the GM when this
    host took the mailbox over from another, or when the claims could not be read (said
    once, then again when the trouble changes or ends: cron mails what a poll says, and a
    poll every few minutes said it each time); None when nothing changed. ``tells``: the
    caller tells the GM the line (a poll); `run-turn --due`'s look tells nothing, and
    leaves the trouble for the poll to say. ``claiming``: a host that finds itself the newer
    host claims the mailbox; a GM command's look (``mail_stopped``) only stops the old
    host, and claims nothing, which the host's next poll does."""
    kept = kept_state(spool)
    same = kept if kept is not None and kept.mailbox == mailbox else None
    said = same.unread if same is not None else None
    me = this_host(spool)
    polls = claimed.claimed_folder()
    try:
        claims = claimed.claims()
    except CLAIMS_TROUBLE as exc:
        # stopped it stays, the claims unread, however the config names the mailbox now
        stop = _kept_stop(kept, me) or (same.stopped if same is not None else None)
        if stop is not None:
            raise HostMoved(_not_taken(mailbox, exc) if take_over else stop) from exc
        return _unread(spool, mailbox, exc, same, tells)
    me = _restored(spool, me, claims, polls)
    decided = decide(me, claims, polls)
    kept_stop = _kept_stop(kept, me)
    if not take_over and decided.verdict is not Verdict.STOP and kept_stop is not None:
        log_event(kept_stop, level=logging.ERROR)
        raise HostMoved(kept_stop)
    place = f"{socket.gethostname()}:{spool.resolve().parent}"
    maildir = os.path.realpath(mailbox) if polls == MAILDIR_FOLDER else ""
    unread = None if tells else said  # read now: the trouble the poll said is over
    again = _read_again(mailbox) if tells and said is not None else None
    if take_over and decided.verdict is not Verdict.GO:
        claimed.add_claim(claim_mail(taking_over(me, decided.newest), polls, place, now, maildir))
        keep_state(spool, ClaimState(mailbox, None, unread))
        if decided.newest is None:
            return again
        return took_line(decided.newest, mailbox, place, maildir)
    if decided.verdict is Verdict.STOP and decided.newest is not None:
        line = stopped_line(decided.newest, mailbox, polls)
        keep_state(spool, ClaimState(mailbox, line, unread, me.id))
        log_event(line, level=logging.ERROR)
        raise HostMoved(line)
    if decided.verdict is Verdict.TAKE and not claiming:
        return None
    if decided.verdict is Verdict.TAKE:
        try:
            claimed.add_claim(claim_mail(me, polls, place, now, maildir))
        except CLAIMS_TROUBLE as exc:
            return _unread(spool, mailbox, exc, same, tells)
    keep_state(spool, ClaimState(mailbox, None, unread))
    if decided.verdict is Verdict.TAKE and decided.newest is not None:
        line = took_line(decided.newest, mailbox, place, maildir)
        log_event(line, level=logging.WARNING)
        return line
    return again


def _kept_stop(kept: ClaimState | None, me: HostId) -> str | None:
    """The line this host was stopped with at an earlier look (``kept``), when it stays
    stopped whatever the claims say now: a claims' folder emptied by hand or by a
    server's retention (the other host's claim gone) let it claim the mailbox again, and
    file a mail or run a turn on its out-of-date copy before the other host's next claim
    stopped it again. It knows it was stopped: only `wtg poll --take-over` starts it. So
    it stays whatever the config names the mailbox now: a GM who spelled it otherwise (the
    server's address for its name, a link to the Maildir) dropped the stop (hosts47). A
    copy of it (another id: `cp -a` of the stopped host) is no host stopped, and decides
    by the claims: None."""
    if kept is None or kept.host not in (None, me.id):
        return None
    return kept.stopped


def _restored(spool: Path, me: HostId, claims: list[Claim], polls: str) -> HostId:
    """This host, restored from a backup that held no id (``copied_from``): a copy of the
    host whose claim names the place the backup was made on, once one does (that host then
    stops, as the host of a copy made since round 44 does); ``me`` as it is otherwise."""
    place = copied_from(spool)
    if place is None:
        return me
    line = {me.id, *me.ancestors}
    found = [
        claim
        for claim in claims
        if claim.polls == polls and _at(claim.place, place) and claim.host not in line
    ]
    if not found and any(_at(claim.place, place) and claim.host in line for claim in claims):
        return adopt(spool, me, ())  # taken before a kill cut the note's removal short
    if not found:
        return me
    return adopt(spool, me, (found[-1].host, *found[-1].ancestors))


def _at(claimed: str, place: str) -> bool:
    """Whether a claim's place ``claimed`` is ``place``, the one a backup made before round
    44 names: the same machine's name, and the same games folder once each path's links
    are resolved here. The backup gave the folder's absolute path (`/srv/wtg/games`), a
    claim gives it resolved (`/data/wtg/games`, `/srv` a link to `/data`): a host restored
    on the machine the link is on never found the old host's claim, and neither stopped.
    Restored on another machine, where no such link is, the paths are compared as they are
    written."""
    if claimed == place:
        return True
    machine, _, folder = place.partition(":")
    their_machine, _, their_folder = claimed.partition(":")
    if machine != their_machine or not folder or not their_folder:
        return False
    return os.path.realpath(folder) == os.path.realpath(their_folder)


CLAIMS_TROUBLE = (OSError, imaplib.IMAP4.error)
"""What the mailbox or the disk may answer to a look at the claims or a claim written (a
server that refuses a folder, a full quota): the poll goes on without them."""


def _unread(
    spool: Path, mailbox: str, exc: Exception, kept: ClaimState | None, tells: bool
) -> str | None:
    """The line of claims that could not be read or written: the poll goes on (a claim
    is never a reason to leave the players' mail unfiled). Kept once a poll ``tells`` it,
    and then None while it stays the same; the stop the last look kept stays."""
    line = (
        f"the claims on the mailbox {mailbox} (its folder {CLAIMS_FOLDER}) could not be read "
        f"or written ({_trouble(exc)}): this host goes on without them, and does "
        'not know whether a copy of it serves the mailbox (docs/gm.md, "Moving a host"); '
        "said once, and again when it changes"
    )
    if not tells:
        return line
    said = kept.unread if kept is not None else None
    log_event(line, level=logging.INFO if line == said else logging.WARNING)
    stopped, host = (kept.stopped, kept.host) if kept is not None else (None, None)
    keep_state(spool, ClaimState(mailbox, stopped, line, host))
    return None if line == said else line


def _not_taken(mailbox: str, exc: Exception) -> str:
    """What `wtg poll --take-over` says on a stopped host when the claims cannot be read or
    written: the host stays stopped (no claim tells the other host to stop, and two would
    serve the mailbox). Before, it said the stop's line again, which ends "run `wtg poll
    --take-over` here": the GM ran it again, and was told the same."""
    return (
        f"the mailbox {mailbox} was not taken over: its claims (its folder {CLAIMS_FOLDER}) "
        f"could not be read or written ({_trouble(exc)}), and without a claim the "
        "host that serves it now would not know to stop. This host stays stopped: give `wtg "
        "poll --take-over` again once the folder can be read"
    )


def _trouble(exc: Exception) -> str:
    """Why the claims could not be read or written. A file or folder of the Maildir's
    claims folder that another user owns (a poll run as root made it) is named by that
    folder, with its owner and the ``sudo chown`` that gives it back: the file a claim is
    written to has a new name each time, and the line, new at each poll, was said by every
    poll, with nothing to type (floods45). Else the error as it was."""
    if isinstance(exc, PermissionError) and exc.filename:
        path = Path(os.fsdecode(exc.filename))
        mine = f".{CLAIMS_FOLDER}"
        folder = next((p for p in (path, *path.parents) if p.name == mine), None)
        found = owned_by_another(path)
        if folder is not None and found is not None:
            me, owner = user_name(os.geteuid()), user_name(found[1])
            typed = shell_command("sudo", "chown", "-R", me, str(folder))
            return (
                f"{folder} belongs to {owner}, and wtg runs as {me} (a poll run as {owner}, "
                f"or by sudo, made it?): run `{typed}`"
            )
    return f"{type(exc).__name__}: {exc}"


def _read_again(mailbox: str) -> str:
    """The line of claims read again after a poll said they could not be."""
    line = (
        f"the claims on the mailbox {mailbox} (its folder {CLAIMS_FOLDER}) are read again: "
        "this host knows again whether a copy of it serves the mailbox"
    )
    log_event(line, level=logging.INFO)
    return line


def mailbox_named(gm: GmConfig) -> str:
    """The mailbox ``gm`` polls, as the lines of this module name it."""
    if gm.transport == "imap" and gm.imap is not None:
        return mailbox_of(gm.imap)
    return str(gm.maildir_in)


def stopped_line(newest: Claim, mailbox: str, polls: str) -> str:
    """What a host that another took the mailbox over from tells the GM."""
    inbox = "the Maildir" if polls == MAILDIR_FOLDER else polls
    return (
        f"this host no longer serves the mailbox {mailbox}: the host at {newest.place}, a "
        f"copy of this one, took it over ({newest.date}) and polls it and runs the games' "
        f"turns. This host stopped before it moved any mail (each waits in {inbox} for the "
        "other host) or ran a turn. Stop it: take wtg's lines out of this machine's crontab "
        "(`crontab -e`), or `systemctl stop wtg`. If this host is the one to serve the "
        "games after all, stop the other and run `wtg poll --take-over` here"
    )


def took_line(newest: Claim, mailbox: str, here: str, maildir: str = "") -> str:
    """What a host at ``here`` tells the GM when it takes the mailbox over from the host at
    ``newest.place``. When that is ``here`` too, the host taken over from is most likely
    this one as it was before a restore (or a copy) put this one in its folder, run by the
    same cron lines: those are kept (the line told the GM to take them out, which would
    have stopped the host restored). ``maildir``: the Maildir this host polls, resolved;
    when the claim names another, this one is a copy of it made with the host (a test
    restore beside it, in another folder), and the host that claimed it polls its own,
    is not stopped, and goes on: the line said "that host stops at its next poll", and it
    never served this Maildir and kept polling. A Maildir claimed by a wtg that did not
    name it is said to stop that host only if it polls this same Maildir."""
    if maildir and newest.maildir and newest.maildir != maildir:
        return (
            f"this host now serves the Maildir {mailbox}, a copy of {newest.maildir} made "
            f"with the host at {newest.place} (its claim came with it): that host polls "
            f"{newest.maildir}, not this one, and goes on as it was; it is not stopped. Two "
            "hosts of the same games now run: if this one is a trial (a test restore), keep "
            "it from mailing the players (`wtg send`), or stop one of them"
        )
    if newest.place == here:
        return (
            f"this host now serves the mailbox {mailbox}, which the host at {here} served: "
            "that is this host's own place, so it is most likely this host as it was before "
            "a `wtg restore` (or a copy) put this one in its folder: keep the cron lines (or "
            "the service) that run wtg here, which run this host now. Only if another "
            "machine of this name runs a host in that folder does that host stop at its "
            "next poll or turn (it says so to its cron): take wtg's lines out of that "
            "machine's crontab"
        )
    if maildir and not newest.maildir:
        return (
            f"this host now serves the Maildir {mailbox}, which the host at {newest.place} "
            "claimed: that host stops at its next poll or turn if it polls this same Maildir "
            "(it says so to its cron; take wtg's lines out of its crontab all the same); if "
            "this Maildir is a copy of the one it polls, it goes on as it was"
        )
    return (
        f"this host now serves the mailbox {mailbox}, which the host at {newest.place} "
        "served: that host stops at its next poll or turn (it says so to its cron); take "
        "wtg's lines out of its crontab all the same"
    )


def mail_stopped(spool: Path, gm: GmConfig | None, now: datetime) -> str | None:
    """Before a command that mails the players or changes a game by the GM's hand (`wtg
    send`, `wtg remind`, a hand `wtg run-turn GAME`, `wtg hold`, ...): why this host must not
    (``turns_stopped``, claiming nothing: a copy of this host claims the mailbox at its
    poll), else None. Given no config (``gm``: a hand run with the games folder alone), the
    mailbox is not known: the last look of a poll at its claims says (``spool``'s)."""
    if gm is not None:
        return turns_stopped(gm, now, claiming=False)
    kept = kept_state(spool)
    return None if kept is None else kept.stopped


def turns_stopped(gm: GmConfig, now: datetime, claiming: bool = True) -> str | None:
    """Before `run-turn --due` runs a turn (and `wtg remind` queues a reminder): why this
    host must not (a copy of it took the mailbox over), else None. The mailbox is looked at
    once this host's poll has claimed it (its first poll claims it first: a due run on a
    host that never polled makes no folder); when it cannot be reached, the last poll's
    look says. ``claiming``: as ``look``'s."""
    mailbox = mailbox_named(gm)
    kept = kept_state(gm.spool)
    if kept is None or (kept.mailbox != mailbox and kept.stopped is None):
        return None  # a stop kept stays, the mailbox spelled otherwise since (``_kept_stop``)
    if gm.transport == "imap" and gm.imap is not None:
        try:
            client = connect_imap(password_now(gm.imap))
        except Exception:  # the server down, a password refused: the poll says why
            return kept.stopped
        try:
            look(
                gm.spool, ImapClaims(client, gm.imap), mailbox, now, tells=False, claiming=claiming
            )
        except HostMoved as exc:
            return str(exc)
        except Exception:  # the connection dropped: the last poll's look says
            return kept.stopped
        finally:
            with contextlib.suppress(Exception):  # a dead connection is no news
                client.logout()
        return None
    if not gm.maildir_in.is_dir():  # a folder the config names is never made: the poll
        return kept.stopped  # refuses it
    try:
        look(gm.spool, MaildirClaims(gm.maildir_in), mailbox, now, tells=False, claiming=claiming)
    except HostMoved as exc:
        return str(exc)
    return None
