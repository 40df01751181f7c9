"""Two configs that send one games folder's mail two ways.

A GM tries wtg on the maildir transport (`wtg init`), then writes the real host's config,
with its `imap:` and `smtp:` sections, in another file on the same games folder, and
leaves the test's cron lines running. Both sends take the one outbox: whichever runs
first sends every mail its way, and the maildir config's "sends" each report into a
folder of the machine, marked sent, which no player ever reads and no one is told of.

Each `wtg send` notes its config's file and the way it sends (``SENDERS`` in the spool).
While another config noted there is still at its place, still names this games folder and
sends another way, every send of either sends nothing: the mail waits in the queue, and
the send's line (and `wtg status --host`) says which config does what and what to do.
Once the other config is gone, renamed, sends the same way or names another games folder,
the next send sends the queue. A config whose file cannot be read is not a sender: its
every command stops on it.

A config that sends into a maildir finds no other noted while the real host's has yet to
send: after an upgrade from a wtg that noted none, or on the day the GM wrote it, before
its first send. Its players' mail is read from an IMAP server, though, and the mail
journal says so: the last mail a poll of this games folder read came from one
(``polled_by_imap``). While that holds, the maildir config sends nothing, and says why;
once a poll reads a mail from its own folder (the host moved to the maildir transport),
it sends.
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from wtg.files.paths import same_file
from wtg.files.store import write_atomic
from wtg.game.schedule import iso, moment_text
from wtg.host.config import GmConfig, load_config
from wtg.host.unusedservers import servers_unused
from wtg.mail.spool.journal import JOURNAL_FILE

SENDERS = "senders.json"
"""In the spool: each config file that has sent its mail, with its way and when it was
first noted sending so."""


def way_of(gm: GmConfig) -> str:
    """Where ``gm`` sends the mail, in words: its SMTP server and login, or the folder of
    the maildir transport."""
    if gm.transport == "imap" and gm.smtp is not None:
        login = f" as {gm.smtp.username}" if gm.smtp.username else ""
        return f"by SMTP through {gm.smtp.host}:{gm.smtp.port}{login}"
    return (
        f"into the folder {os.path.abspath(gm.maildir_out)} (the maildir transport: a player "
        "gets it only if "
        "something sends it on)"
    )


def other_sender(gm: GmConfig, now: datetime) -> str | None:
    """Note ``gm``'s file as a sender of its spool's mail, then why this send must send
    nothing: another config noted there sends the same games folder's mail another way
    (``sending_elsewhere``). None when none does, or ``gm`` has no file."""
    if gm.file is None:
        return None
    path = gm.spool / SENDERS
    noted = _read(path)
    mine, way = os.path.abspath(gm.file), way_of(gm)
    if noted.get(mine, {}).get("way") != way:  # new, or its way changed: a write, not one a send
        noted[mine] = {"way": way, "at": iso(now)}
        write_atomic(path, json.dumps(noted, sort_keys=True, ensure_ascii=False) + "\n")
    return sending_elsewhere(gm)


def sending_elsewhere(gm: GmConfig) -> str | None:
    """Why ``gm``'s mail must not be sent: it names mail servers and sends by the maildir
    transport (``unusedservers``); another config that a send noted in the spool is
    still at its place, names the same games folder and sends another way (the module's
    docstring); None when none does, or ``gm`` has no file. Only reads: `wtg check-config`
    says it of a config that has yet to send."""
    unused = servers_unused(gm)
    if unused is not None:  # its own servers written, and the maildir used
        return unused
    if gm.file is None:
        return None
    mine = os.path.abspath(gm.file)
    for other in sorted(_read(gm.spool / SENDERS)):
        if other == mine:
            continue
        theirs = _still_sending(Path(other), gm)
        if theirs is not None:
            return _said(gm, mine, other, theirs)
    polled = polled_by_imap(gm.spool) if gm.transport != "imap" else None
    return None if polled is None else _read_by_imap(gm, mine, polled)


def polled_by_imap(spool: Path) -> float | None:
    """When the last mail a poll of ``spool``'s games folder read was handled, if it came
    from an IMAP server (its journal key ``imap:...``); None when it came from a maildir,
    no mail was polled, or the journal cannot be read. The last is the row the journal
    wrote last (its rowid: a row written again is written anew, at the end), not the one
    with the latest moment, which a clock that was ahead would keep on an IMAP mail after
    the host moved to the maildir transport (a VACUUM may number the rows again: the
    journal is given none)."""
    path = spool / JOURNAL_FILE
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            row = db.execute(
                "SELECT key, handled_at FROM messages WHERE key LIKE 'imap:%' "
                "OR key LIKE 'maildir:%' ORDER BY rowid DESC LIMIT 1"
            ).fetchone()
        finally:
            db.close()
    except sqlite3.Error:  # a journal being made, or none of ours: no word on it
        return None
    if row is None or not str(row[0]).startswith("imap:"):
        return None
    return float(row[1])


def _read(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or cut short: noted again from now on
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}


def _still_sending(other: Path, gm: GmConfig) -> str | None:
    """The way the config ``other`` sends, when it is there, names ``gm``'s games folder
    and sends another way than ``gm``; None otherwise."""
    try:
        theirs = load_config(other)
    except Exception:  # gone, moved, broken: it sends nothing
        return None
    if not same_file(theirs.games_dir, gm.games_dir):
        return None
    way = way_of(theirs)
    return None if way == way_of(gm) else way


def _read_by_imap(gm: GmConfig, mine: str, at: float) -> str:
    when = moment_text(datetime.fromtimestamp(at, timezone.utc))
    return (
        f"the games folder {os.path.abspath(gm.games_dir)} has its players' mail read from an "
        "IMAP server "
        f"(the last mail a poll of it read, at {when}, came from one), where this config, "
        f"{mine}, sends it {way_of(gm)}: a player would not get it, so none is sent. A "
        "config with the imap: and smtp: sections mails this host's players: stop this "
        "config's cron lines (or the wtg serve it runs under) and move its file away (or "
        "give it a games folder of its own), then send with that config (`wtg --config FILE "
        "send`, FILE that config): it sends the queue. If this host is to send by the maildir "
        "transport from now on, this config sends once a poll of it has read a mail from its "
        "folder "
        '(docs/gm.md, "Two configs on one games folder")'
    )


def _said(gm: GmConfig, mine: str, other: str, way: str) -> str:
    return (
        f"the games folder {os.path.abspath(gm.games_dir)} is also the games folder of the config "
        f"{other}, "
        f"which sends its mail {way}, where this config, {mine}, sends it {way_of(gm)}: "
        "each send would take the whole queue its own way, so none is sent. Keep the config "
        "that mails the players: stop the other's cron lines (or the wtg serve it runs "
        "under) and move its file away (or give it a games folder of its own), then give "
        '`wtg send` again: it sends the queue (docs/gm.md, "Two configs on one games folder")'
    )
