"""The outbox: every mail is a file on disk before any SMTP call, and is sent at most once.

spool/outbox/queue/<name>.eml    waiting (with <name>.json: attempts, next try, last error)
spool/outbox/sent/<name>.eml     the server accepted it: never sent again
spool/outbox/failed/<name>.eml   the server refused it for good, or it could not be sent at
                                 all (an address that is not one address): <name>.json says why,
                                 <name>.untold the GM's line until a send has said it
spool/outbox/pictures/<name>.json
                                 a picture queue/<name>.eml is to carry, drawn by the next send
                                 before it sends it (a confirmation's orders: a poll does not
                                 draw)

A mail is queued under an id its maker gives (``report-<game>-t0003-p01``); its file is
named ``compose.safe(id)``, another name for every other id, and its Message-ID carries
that name and ``compose.digest(id)``. An outbox made before names were told apart holds
mails under ``compose.legacy_name(id)``, which two ids could share: a mail found under a
name counts as this id's only when its Message-ID carries this id's digest. When another
id's mail holds the name (an old mail of a game whose name the old names confused), the
mail goes under a spare name, ``<name>__2`` and on; never dropped.

As it queues a mail the outbox adds to its Message-ID the token of the host's secret
(``wtg.mail.outgoing.idsecret``): ``<name.digest.kTOKEN@domain>``. Mails queued before tokens were
carry ``<name.digest@domain>``; both shapes are read alike here (``own_id``), and a mail
is found by either, as it was sent.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from email.message import Message
from pathlib import Path

from wtg.core.errors import MailError
from wtg.core.jsondata import JsonObject
from wtg.core.numbered import Numbered, numbered
from wtg.core.record import Record
from wtg.files import private
from wtg.files.store import fsync_dir, temporary_name, write_atomic
from wtg.mail.message.extract import HEADERS_LOOK, parse_headers
from wtg.mail.outgoing.compose import Outgoing, digest, legacy_name, safe, wire
from wtg.mail.outgoing.idsecret import host_secret, read_secret, token
from wtg.mail.outgoing.utf8address import header_text
from wtg.text.addresses import bare_address

SENT_READ = 1_000_000
"""Bytes of a mail of ours read back (a report with its map picture is well under it)."""
BACKOFF_FIRST = 60.0
BACKOFF_MAX = 3600.0
GIVE_UP = 5 * 86400.0
"""Seconds after its first deferral that a mail the server still puts off is set aside
for good (RFC 5321, 4.5.4.1: at least four or five days), as a mail it refuses is: tried
each hour for ever, a mail no server will take (a filter that drops the line at its end,
a mailbox full for good) made a cron mail of each try, and nothing but a hand in the
queue stopped it."""
LEFTOVER_AGE = 3600.0
"""Seconds after its last write that a copy ``write_atomic`` left in the queue is taken for
one a killed writer left (``Outbox.clear_leftovers``): a writer renames its copy as soon
as it is written."""
UNTOLD = ".untold"
"""The end of the name of the file beside a mail set aside for good that holds the GM's line
saying so, until a send has said it (``Outbox.failed``, ``Outbox.untold``)."""
SPARES = 9
"""How many spare names an id has beside its own (``<name>__2`` to ``<name>__10``)."""
_OWN_ID = re.compile(
    r"<(?P<name>[A-Za-z0-9_-][A-Za-z0-9._-]{0,179})\.(?P<digest>[0-9a-f]{16})"
    r"(?:\.k(?P<token>[0-9a-f]{16}))?@(?P<domain>[A-Za-z0-9.-]+)>"
)
"""A Message-ID as ``compose.message`` makes it: the outbox name (``safe``: never a path
separator, never a leading dot here), the digest, the token the outbox adds (``.k`` and
hex digits: never read as a digest, which a dot and no ``k`` come before), our domain."""


class OwnId(Record):
    """A Message-ID of ours, in its parts."""

    name: str
    """The outbox name of the mail."""
    digest: str
    """``compose.digest`` of the id the mail was queued under."""
    token: str
    """The token of the host's secret (``wtg.mail.outgoing.idsecret``), "" in a Message-ID made
    before tokens were."""
    domain: str

    def stem(self) -> str:
        """What the token is of: ``name.digest``."""
        return f"{self.name}.{self.digest}"


class OutboxCollision(MailError):
    """Every name a mail could go under holds another mail: it is not queued, and says so."""


class Outbox:
    def __init__(self, spool: Path, *, make: bool = True) -> None:
        """``make``: its folders made when missing (0700); False for a reader that writes
        nothing (``wtg status``): a folder missing holds no mail."""
        self.root = spool / "outbox"
        self.queue_dir = self.root / "queue"
        self.pictures_dir = self.root / "pictures"
        self.sent_dir = self.root / "sent"
        self.failed_dir = self.root / "failed"
        self.withdrawing_dir = self.root / "withdrawing"
        """A file a mail that a command asked to take out of the queue while a `wtg send`
        held it (``ask_withdraw``): the send takes it out before it would mail it."""
        for folder in (self.queue_dir, self.sent_dir, self.failed_dir, self.pictures_dir):
            if make:
                private.make_dirs(folder)
        self._secret: bytes | None = None
        """The host's secret, read (or made) once, when a mail is first queued."""
        self._owners: dict[str, str | None] = {}
        """The digest each name's mail carries, as read or queued by this outbox."""
        self._folders = [
            os.path.join(f, "") for f in (self.queue_dir, self.sent_dir, self.failed_dir)
        ]
        """The three folders as text, in the order a mail moves through them."""
        self._cleared = False
        """Whether this outbox cleared the copies killed writers left (``clear_leftovers``)."""

    def known(self, ident: str) -> bool:
        """Whether this mail was ever queued (it is queued, sent or refused), under its
        name, a spare one or the name an older outbox gave it."""
        return self._holder(ident, safe(ident)) is not None

    def add(
        self, ident: str, msg: Message, durable: bool = True, picture: JsonObject | None = None
    ) -> bool:
        """Queue a mail once: False when that id was queued (or sent) before. A mail that
        ``compose`` refused waits with the reason, and the next delivery sets it aside for
        good (``wtg send`` counts it as refused). A mail whose names all hold other mails
        raises ``OutboxCollision`` rather than go unsent."""
        name = self.free_name(ident)
        if name is None:
            return False
        self.put(ident, name, msg, durable, picture)
        return True

    def free_name(self, ident: str) -> str | None:
        """The name a mail of this id is queued under now (``put``): None when it was
        queued (or sent) before (``known``); ``OutboxCollision`` when its own name and its
        spares all hold other mails. A writer that asks this before it makes the mail
        (``wtg.mail.incoming.answers``: an answer queued before is counted again, not made)
        looks the id up once."""
        own = safe(ident)
        looked: dict[str, bool] = {}  # what ``_holder`` found: no name looked for twice
        if self._holder(ident, own, looked) is not None:
            return None
        name = next((n for n in _names(own) if not self._exists(n, looked)), None)
        if name is None:
            raise OutboxCollision(
                f"the outbox has no free name for mail {ident!r}: {own}.eml and its "
                f"{SPARES} spare names hold other mails; move those out of {self.root}"
            )
        return name

    def put(
        self,
        ident: str,
        name: str,
        msg: Message,
        durable: bool = True,
        picture: JsonObject | None = None,
    ) -> None:
        """Queue a mail under ``name``, the name ``free_name`` gave its id, nothing queued
        under it since (``add`` is both)."""
        own = safe(ident)
        made = msg.made_id if isinstance(msg, Outgoing) else ""  # one of ours, as made
        message_id = made or str(msg.get("Message-ID", ""))
        stamped = self._stamped(message_id, own, name)
        if stamped is None and name != own:  # a Message-ID of another making
            stamped = message_id.replace(own, name, 1)
        if stamped is not None:  # it names the file, as ``sent_header`` reads it back
            msg.replace_header("Message-ID", stamped)
        path = self._folders[0] + name
        if not self._cleared:
            self.clear_leftovers()
        if isinstance(msg, Outgoing) and msg.refused:
            note = {"attempts": 0, "next_try": 0.0, "error": msg.refused, "refused": True}
            write_atomic(f"{path}.json", json.dumps(note) + "\n", sync=durable)
        if picture is not None:  # before the mail: a mail is never sent before its picture
            wanted = self.pictures_dir / f"{name}.json"
            write_atomic(wanted, json.dumps(picture) + "\n", sync=durable)
        write_atomic(f"{path}.eml", wire(msg), sync=durable)
        self._owners[name] = digest(ident)

    def _stamped(self, message_id: str, own: str, name: str) -> str | None:
        """The Message-ID ``compose.message`` made for outbox name ``own``, made the one of
        the mail under ``name`` with the token of the host's secret; None for a Message-ID
        of another making (left as it is)."""
        found = parse_own_id(message_id)
        if found is None or found.name != own:
            return None
        if self._secret is None:
            self._secret = host_secret(self.root.parent)
        stem = f"{name}.{found.digest}"
        return f"<{stem}.k{token(self._secret, stem)}@{found.domain}>"

    def id_secret(self) -> bytes | None:
        """The host's secret, as a reader needs it: None when it was never made (no mail
        carries a token of it); ``SecretDamaged`` when its file is no secret."""
        if self._secret is None:
            self._secret = read_secret(self.root.parent)
        return self._secret

    def lies(self, ident: str) -> tuple[str, str] | None:
        """Where this id's mail lies: its folder (``queue``, ``sent`` or ``failed``) and
        its name there; None when it was never queued."""
        name = self._holder(ident, safe(ident))
        if name is None:
            return None
        for folder in (self.queue_dir, self.sent_dir, self.failed_dir):
            if (folder / f"{name}.eml").exists():
                return folder.name, name
        return None

    def withdraw(self, name: str) -> bool:
        """Take the mail ``name`` out of the queue, or out of the mails set aside (the GM
        took back what it says: `wtg hold GAME --undo`), under the send's lock: its notes,
        then the mail, so that a kill between leaves it queued as it was; False when it is
        in neither (sent, or gone)."""
        for folder in (self.queue_dir, self.failed_dir):
            mail = folder / f"{name}.eml"
            if mail.exists():
                (self.pictures_dir / f"{name}.json").unlink(missing_ok=True)
                (folder / f"{name}.json").unlink(missing_ok=True)
                mail.unlink(missing_ok=True)
                self._owners.pop(name, None)
                fsync_dir(folder)
                self._asked_done(name)
                return True
        self._asked_done(name)
        return False

    def ask_withdraw(self, name: str) -> None:
        """Ask the `wtg send` running (which holds the queue: ``withdraw`` needs its lock)
        to take the mail ``name`` out of the queue rather than mail it (``asked``): the
        ask is on disk before this returns, and a send that ends first leaves it to the
        next, which takes the mail out before it mails anything."""
        folder = private.make_dirs(self.withdrawing_dir)
        write_atomic(folder / name, "")

    def asked(self, name: str) -> bool:
        """Whether a command asked that the mail ``name`` be taken out of the queue."""
        return os.path.exists(os.path.join(self.withdrawing_dir, name))

    def withdraw_asked(self) -> list[str]:
        """Under the send's lock: every mail asked to be taken out of the queue taken out
        (those mailed meanwhile stand); the names taken out."""
        try:
            names = sorted(os.listdir(self.withdrawing_dir))
        except FileNotFoundError:
            return []
        return [name for name in names if not name.startswith(".") and self.withdraw(name)]

    def _asked_done(self, name: str) -> None:
        """The ask to take ``name`` out, if any, is answered."""
        asked = os.path.join(self.withdrawing_dir, name)
        if os.path.exists(asked):
            os.unlink(asked)
            fsync_dir(self.withdrawing_dir)

    def _holder(self, ident: str, own: str, looked: dict[str, bool] | None = None) -> str | None:
        """The name this id's mail lies under, or None. Its own name holds it unless the
        mail there carries another id's digest (an older outbox's, whose names two ids
        could share); a spare or older name holds it only when it carries this id's.

        Each name is looked up on its own (the outbox is never read whole: it holds every
        mail the host ever sent). Spares are taken in order, so they are looked at only
        when the own name or the first spare is there. ``looked``: what was found of each
        name looked for, for a caller that looks again (``free_name``)."""
        mine = digest(ident)
        own_there = self._exists(own, looked)
        if own_there and self._owner(own) in (mine, None):
            return own
        old = legacy_name(ident)
        if old != own and self._exists(old, looked) and self._owner(old) == mine:
            return old
        spares = _names(own)[1:]
        if own_there or self._exists(spares[0], looked):
            for spare in spares:
                if self._exists(spare, looked) and self._owner(spare) == mine:
                    return spare
        return None

    def _owner(self, name: str) -> str | None:
        """The digest in the Message-ID of the mail under ``name`` (``compose.digest`` of
        the id it was queued under), read once; None when it cannot be read."""
        if name in self._owners:
            return self._owners[name]
        found = None
        for folder in self._folders:
            try:
                with open(f"{folder}{name}.eml", "rb") as handle:
                    head = parse_headers(handle.read(HEADERS_LOOK))
            except OSError:
                continue
            own = own_id(str(head.get("Message-ID", "")))
            found = own[1] if own is not None else None
            break
        self._owners[name] = found
        return found

    def _exists(self, name: str, looked: dict[str, bool] | None = None) -> bool:
        """Whether a mail lies under ``name`` (queued, sent or refused). ``looked``: what
        one look-up found of the names it looked for (``_holder``), kept there."""
        if name in self._owners:
            return True
        if looked is not None and name in looked:
            return looked[name]
        there = any(os.path.exists(f"{folder}{name}.eml") for folder in self._folders)
        if looked is not None:
            looked[name] = there
        return there

    def sent_header(self, message_id: str, domain: str) -> Message | None:
        """The header of the mail we sent with this Message-ID; None when it is none of
        ours, or no longer in sent/."""
        raw = self._sent(message_id, domain, HEADERS_LOOK)
        return parse_headers(raw) if raw is not None else None

    def sent_mail(self, message_id: str, domain: str) -> bytes | None:
        """The mail we sent with this Message-ID, as it was sent (up to ``SENT_READ``
        bytes); None when it is none of ours, or no longer in sent/."""
        return self._sent(message_id, domain, SENT_READ)

    def sent_again(
        self, message_id: str, domain: str, lighter: Callable[[bytes], bytes | None]
    ) -> bool | None:
        """Queue again, as ``lighter`` makes it of the mail as it was sent (read whole), the
        mail we sent with this Message-ID (a bounce said it was too big for its recipient's
        mailbox): True once queued, or already queued again; False when ``lighter`` makes
        nothing of it; None when it is none of ours, or no longer in sent/. It keeps its
        name and Message-ID (the recipient never got it), and the send moves it into sent/
        over the copy that came back."""
        own = own_id(message_id, domain)
        if own is None or self._sent(message_id, domain, HEADERS_LOOK) is None:
            return None
        again = self.queue_dir / f"{own[0]}.eml"
        if again.exists():  # the same bounce read twice (a poll cut short)
            return True
        try:
            raw = (self.sent_dir / f"{own[0]}.eml").read_bytes()
        except OSError:
            return None
        lightened = lighter(raw)
        if lightened is None:
            return False
        (self.queue_dir / f"{own[0]}.json").unlink(missing_ok=True)
        write_atomic(again, lightened)
        return True

    def _sent(self, message_id: str, domain: str, size: int) -> bytes | None:
        own = own_id(message_id, domain)
        if own is None:
            return None
        try:
            with open(self.sent_dir / f"{own[0]}.eml", "rb") as handle:
                raw = handle.read(size)
        except OSError:
            return None
        head = parse_headers(raw[:HEADERS_LOOK])
        if str(head.get("Message-ID", "")).strip() != message_id.strip():
            return None  # the same name, another digest: not the mail named
        return raw

    def pictures_wanted(self) -> Iterator[tuple[str, Path, JsonObject]]:
        """Each queued mail that is to carry a picture not drawn yet: its name, its file,
        what to draw (as ``add`` was given it). A request whose mail is not there (a kill
        between the two writes, or sent) is dropped; one that cannot be read too."""
        for wanted in sorted(self.pictures_dir.glob("*.json")):
            mail = self.queue_dir / f"{wanted.stem}.eml"
            try:
                request = json.loads(wanted.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                request = None
            if not mail.exists() or not isinstance(request, dict):
                wanted.unlink(missing_ok=True)
                continue
            yield wanted.stem, mail, request

    def drawn(self, name: str, raw: bytes | None) -> None:
        """The picture of mail ``name`` is in it (``raw``: the mail with it), or will not
        be (None): its request is done."""
        if raw is not None:
            write_atomic(self.queue_dir / f"{name}.eml", raw)
        (self.pictures_dir / f"{name}.json").unlink(missing_ok=True)

    def waiting(self) -> Iterator[tuple[str, Path]]:
        for path in sorted(self.queue_dir.glob("*.eml"), key=lambda p: queue_order(p.name)):
            yield path.stem, path

    def state(self, ident: str) -> dict[str, float | int | str]:
        try:
            data: dict[str, float | int | str] = json.loads(
                (self.queue_dir / f"{ident}.json").read_text(encoding="utf-8")
            )
        except (OSError, ValueError):
            return {"attempts": 0, "next_try": 0.0, "error": ""}
        return data

    def sent(self, ident: str) -> None:
        """Mark a mail sent, right after the server accepted it: its notes dropped first,
        then the one rename, so that a kill between leaves the mail queued (sent again, as
        a kill before the rename always did), never a note of a mail sent."""
        (self.pictures_dir / f"{ident}.json").unlink(missing_ok=True)
        (self.queue_dir / f"{ident}.json").unlink(missing_ok=True)
        os.replace(self.queue_dir / f"{ident}.eml", self.sent_dir / f"{ident}.eml")
        fsync_dir(self.sent_dir)
        fsync_dir(self.queue_dir)
        self._asked_done(ident)  # asked out while the server took it: it stands

    def failed(self, ident: str, error: str, tell: str = "") -> None:
        """Set the mail aside for good with its reason: the reason first, so that a kill
        between the two leaves the mail queued (tried again), never set aside without it.
        ``tell``: the GM's line saying so, kept beside it (``<name>.untold``) before it is
        set aside, until a send has said it (``told``): a send killed after it set the
        mail aside and before it said so leaves the line to the next (``untold``)."""
        if tell:
            write_atomic(self.failed_dir / f"{ident}{UNTOLD}", tell + "\n")
        write_atomic(self.failed_dir / f"{ident}.json", json.dumps({"error": error}) + "\n")
        os.replace(self.queue_dir / f"{ident}.eml", self.failed_dir / f"{ident}.eml")
        (self.queue_dir / f"{ident}.json").unlink(missing_ok=True)

    def put_back(self, name: str, raw: bytes | None = None, was: str = "") -> None:
        """Put the mail ``name`` set aside for good back in the queue, for the next send
        (`wtg outbox --retry`); ``raw``: the mail as it is to go out now (its To corrected:
        ``compose.with_recipient``), None to send it as it is; ``was``: the address it
        had, kept in its note until it is back (a retry cut short and given again says
        it). Each write leaves the mail in failed/ or in the queue, never in both, never
        in neither: the note, then the mail in failed/ written whole with its new To,
        then a stale retry state of its first stay in the queue dropped (it could count it
        refused again, or wait for a try long past), then the one rename into the queue,
        then its note in failed/ dropped."""
        kept = self.failed_dir / f"{name}.eml"
        note = self.failed_dir / f"{name}.json"
        if raw is not None:
            reason = failed_note(self.root.parent, name)
            write_atomic(note, json.dumps({**reason, "was": was}) + "\n")
            write_atomic(kept, raw)
        (self.queue_dir / f"{name}.json").unlink(missing_ok=True)
        (self.failed_dir / f"{name}{UNTOLD}").unlink(missing_ok=True)  # the GM retries it
        os.replace(kept, self.queue_dir / f"{name}.eml")
        fsync_dir(self.queue_dir)
        fsync_dir(self.failed_dir)
        note.unlink(missing_ok=True)

    def drop_stray_notes(self) -> None:
        """Drop each note in failed/ whose mail is not there (a retry, or a send's setting
        aside, cut short between its rename and the note's removal), and each note in the
        queue whose mail was set aside or sent (a send's setting aside cut short so: a
        note of the queue is written before its mail, and a name is never queued twice);
        under the send's lock, where no send is setting a mail aside."""
        for note in (*self.failed_dir.glob("*.json"), *self.failed_dir.glob(f"*{UNTOLD}")):
            if not (self.failed_dir / f"{note.stem}.eml").exists():
                note.unlink(missing_ok=True)
        for note in self.queue_dir.glob("*.json"):
            gone = (self.failed_dir / f"{note.stem}.eml", self.sent_dir / f"{note.stem}.eml")
            if not (self.queue_dir / f"{note.stem}.eml").exists() and any(p.exists() for p in gone):
                note.unlink(missing_ok=True)
        self.clear_leftovers()

    def clear_leftovers(self, now: float | None = None) -> None:
        """Remove from the queue and the pictures' folder the copies of mails and notes
        that writers killed before their rename left (``.NAME.tmp``, ``write_atomic``'s),
        once ``LEFTOVER_AGE`` old: a `wtg hold` killed mid-write, then released, left
        ``.hold-....eml.tmp`` in the queue for ever, which only the same hold given again
        wrote over. A copy younger than that may be a write under way (a poll queuing an
        answer while a send runs), whose rename would fail without it. Done once by an
        outbox that queues (``put``), and by each send (``drop_stray_notes``); ``now``:
        the clock's time, read when None."""
        self._cleared = True
        moment = time.time() if now is None else now
        for folder in (self.queue_dir, self.pictures_dir):
            for entry in _entries(folder):
                name = entry.name
                if not (name.endswith((".eml.tmp", ".json.tmp")) and _aside(name)):
                    continue
                with contextlib.suppress(OSError):
                    if moment - entry.stat().st_mtime >= LEFTOVER_AGE:
                        os.unlink(entry.path)

    def untold(self) -> list[str]:
        """The GM's line of each mail set aside for good that no send has said yet (the
        send that set it aside was killed before it could), in the order of their names."""
        lines = []
        for path in sorted(self.failed_dir.glob(f"*{UNTOLD}")):
            if not (self.failed_dir / f"{path.stem}.eml").exists():
                continue  # set aside by no one: a send killed before its rename
            try:
                line = " ".join(path.read_text(encoding="utf-8").split())
            except (OSError, ValueError):
                line = ""
            lines.append(line or f"mail {path.stem} set aside for good (kept in {self.failed_dir})")
        return lines

    def told(self) -> None:
        """Every mail set aside for good said to the GM (``untold``): their lines dropped.
        Under the send's lock, where no send is setting a mail aside."""
        for path in self.failed_dir.glob(f"*{UNTOLD}"):
            path.unlink(missing_ok=True)

    def retry_later(self, ident: str, error: str, now: float) -> float:
        """Note the mail deferred at ``now`` with the server's ``error``: its next try,
        later each time, and (kept from its first deferral) ``since``."""
        state = self.state(ident)
        attempts = int(state.get("attempts", 0)) + 1
        delay = min(BACKOFF_MAX, BACKOFF_FIRST * float(2 ** min(attempts - 1, 12)))
        since = float(state.get("since", now)) if attempts > 1 else now
        note = {"attempts": attempts, "next_try": now + delay, "error": error, "since": since}
        write_atomic(self.queue_dir / f"{ident}.json", json.dumps(note) + "\n")
        return now + delay

    def deferred_since(self, ident: str) -> float | None:
        """When the server first put the mail off (None: never, or noted before this was
        kept, which counts from the next deferral)."""
        since = self.state(ident).get("since")
        return float(since) if isinstance(since, (int, float)) else None


class OutboxLook(Record):
    """The outbox at a glance (``wtg status --host``)."""

    waiting: int = 0
    """Mails in the queue, to be sent."""
    deferred: int = 0
    """Of those, the mails the server deferred (a temporary failure): they wait for their
    next try."""
    oldest: datetime | None = None
    """When the mail waiting longest was queued."""
    last_error: str = ""
    """The latest reason a mail was deferred."""
    refused: int = 0
    """Mails set aside for good, ever (``outbox/failed/``)."""


_DRAWN_KEY = re.compile(r"announce-(?![0-9]{12}-)(?=[0-9a-f]{12}-)")
"""The name of an announcement's mail whose key was drawn at random (``notices._ANNOUNCED``;
a key is its moment, twelve decimal digits, since ``wtg.host.announcement.LAST_KEY``)."""


_GM_NOTICE = re.compile(
    r"(?:hold-(?P<since>[0-9]+)|release-[0-9]+-at(?P<at>[0-9]+)"
    r"|extend-t[0-9]+-[0-9]+-at(?P<extended>[0-9]+))-.*"
)
"""The name of a notice of `wtg hold`, `release` or `extend` (``notices.hold_key``,
``release_key``, ``extension_key``), with the moment the GM gave the command."""


def queue_order(name: str) -> Numbered:
    """A queued mail's place in the send: its name with each run of digits compared as a
    number (``wtg.core.numbered``). The answer to a command mail is named after the mail's
    key, and a maildir key's microseconds are written without leading zeros (by Python's
    mailbox and by Dovecot), so by plain text the answer to a mail at ``.M100003`` went
    before the answer to the mail just before it at ``.M99998``. An announcement queued
    by a wtg that drew its key at random was given before every one keyed by its moment:
    it goes before them (its key read as the moment 0), where its letters or its short
    run of digits put it anywhere among them, and a player read the GM's later
    announcement first. The notices of `wtg hold`, `extend` and `release` go in the order
    the GM gave them (by the moment in their names): by name, a hold, an extend and a
    release given between two sends told each player first that the deadline moved, then
    that the game was held (newgm47)."""
    if _DRAWN_KEY.match(name):
        return numbered(f"announce-{0:012d}-{name.removeprefix('announce-')}")
    told = _GM_NOTICE.fullmatch(name)
    if told:  # the GM's hold, extend and release told in the order he gave them
        moment = told["since"] or told["at"] or told["extended"]
        return numbered(f"notice-{moment}-{name}")
    return numbered(name)


def look(spool: Path) -> OutboxLook:
    """The outbox of ``spool`` at a glance, read only (an outbox that is not there is
    empty: nothing is made)."""
    root = spool / "outbox"
    mails: list[float] = []
    deferred: list[tuple[float, str]] = []
    entries = _entries(root / "queue")
    queued = {e.name.removesuffix(".eml") for e in entries if e.name.endswith(".eml")}
    for entry in entries:  # a mail sent meanwhile is gone: passed over
        try:
            if entry.name.endswith(".eml"):
                mails.append(entry.stat().st_mtime)
            elif entry.name.endswith(".json") and entry.name[:-5] in queued:  # its mail waits
                note = json.loads(Path(entry.path).read_text(encoding="utf-8"))
                if isinstance(note, dict) and note.get("attempts"):
                    deferred.append((entry.stat().st_mtime, str(note.get("error", ""))))
        except (OSError, ValueError):
            continue
    refused = sum(1 for e in _entries(root / "failed") if e.name.endswith(".eml"))
    oldest = datetime.fromtimestamp(min(mails), timezone.utc) if mails else None
    return OutboxLook(
        waiting=len(mails),
        deferred=len(deferred),
        oldest=oldest,
        last_error=max(deferred)[1] if deferred else "",
        refused=refused,
    )


def failed_note(spool: Path, name: str) -> dict[str, str]:
    """The note of the mail ``name`` set aside for good (``failed/<name>.json``): its
    ``error``, and ``was`` (the address it had) while a retry is under way; empty when
    there is none or it cannot be read."""
    try:
        data = json.loads((spool / "outbox" / "failed" / f"{name}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: str(data[key]) for key in ("error", "was") if key in data}


def own_id(message_id: str, domain: str | None = None) -> tuple[str, str] | None:
    """The outbox name and the digest a Message-ID of ours carries (``compose.message``
    makes it ``<name.digest@domain>``, the outbox adds a token; of ``domain`` when one is
    given), or None."""
    found = parse_own_id(message_id, domain)
    return (found.name, found.digest) if found is not None else None


def parse_own_id(message_id: str, domain: str | None = None) -> OwnId | None:
    """A Message-ID of ours in its parts (of ``domain`` when one is given), or None: of a
    mail queued before tokens were, its token is ""."""
    found = _OWN_ID.fullmatch("".join(message_id.split()))
    if found is None or (domain is not None and found["domain"].lower() != domain.lower()):
        return None
    return OwnId(found["name"], found["digest"], found["token"] or "", found["domain"])


def addressee(head: Message) -> str | None:
    """The address a mail of ours went to (its To), lower-cased, in UTF-8 where it is so
    written (``header_text``); None when it has none."""
    return bare_address(header_text(head, "To")) or None


def _aside(name: str) -> bool:
    """Whether ``name`` is a temporary name ``write_atomic`` gives (``.NAME.tmp``)."""
    return name.startswith(".") and name == temporary_name(name[1:-4])


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:  # not there (no mail was ever queued), or not ours to read
        return []


def _names(own: str) -> list[str]:
    """The names a mail of outbox name ``own`` may go under: its own, then the spares."""
    return [own] + [f"{own}__{n}" for n in range(2, SPARES + 2)]
