"""`wtg poll`: take order mails from the inbox, file them, and answer.

For every waiting message, oldest first as the server received them:
archive the raw message, then decide (an order form, help for a player, or no
answer at all), store the orders through the same intake as `wtg orders`, and
queue the answer in the outbox. A batch of messages becomes durable together
(one flush of the file system, then the journal commit) before the messages are
moved out of the inbox; a crash at any point leaves them to the next poll, which
finds its own earlier work by the message's key and Message-ID.
"""

from __future__ import annotations

from datetime import datetime, timezone
from email.message import Message

from wtg.config import GmConfig
from wtg.core.record import Record
from wtg.durable import flush
from wtg.mail.answers import Answers
from wtg.mail.extract import extract_from_message, parse_mail
from wtg.mail.guards import auto_reply_reason, sender_address
from wtg.mail.health import record_poll
from wtg.mail.inbox import Inbox, Incoming
from wtg.mail.journal import Journal
from wtg.mail.outbox import Outbox
from wtg.mail.registry import Registry
from wtg.mail.runlock import only_one
from wtg.store import GameLocked, write_atomic

REPLACED = "filed: older than the orders on file"


class PollSummary(Record):
    seen: int = 0
    stored: int = 0
    replaced: int = 0
    """Orders read and answered, but not filed: a later mail of the player is on file."""
    rejected: int = 0
    answered: int = 0
    skipped: int = 0
    """Left in the inbox for the next poll (a game being written, say)."""
    outcomes: tuple[tuple[str, str], ...] = ()
    """(message key, what was done with it), in the order the server received them; the
    key names the archived copy (``archive/YYYY-MM/<key>.eml``, ``:`` as ``-``)."""

    def line(self) -> str:
        return (
            f"{self.seen} message(s): {self.stored} order(s) stored, {self.replaced} "
            f"replaced by later ones, {self.rejected} rejected, {self.answered} other(s) "
            f"answered or filed, {self.skipped} left for the next poll"
        )


class Poller:
    def __init__(self, gm: GmConfig, inbox: Inbox, now: datetime | None = None) -> None:
        self.gm = gm
        self.inbox = inbox
        self.now = now or datetime.now(timezone.utc)
        self.journal = Journal(gm.spool)
        self.outbox = Outbox(gm.spool)
        self.registry = Registry(gm.games_dir)
        self.answers = Answers(gm, self.outbox, self.journal, self.registry, self.now)
        self.archive = gm.spool / "archive"

    def run(self) -> PollSummary:
        counts = {"seen": 0, "stored": 0, "replaced": 0, "rejected": 0, "answered": 0, "skipped": 0}
        outcomes: list[tuple[str, str, str]] = []
        try:
            for batch in self.inbox.waiting(self.gm.limits.max_bytes):
                done: list[Incoming] = []
                rejected: list[Incoming] = []
                # newest first: when one player sent several mails, the newest is filed and
                # the older ones are only answered (the server's order decides, not ours)
                for message in sorted(batch, key=lambda m: m.order_key, reverse=True):
                    counts["seen"] += 1
                    outcome = self.journal.outcome(message.key) or self.handle(message)
                    outcomes.append((message.order_key, message.key, outcome))
                    if outcome == "later":
                        counts["skipped"] += 1
                        continue
                    kind = outcome.split(":", 1)[0]
                    if outcome.startswith(REPLACED):
                        kind = "replaced"
                    counts[kind if kind in ("stored", "replaced", "rejected") else "answered"] += 1
                    (rejected if kind == "rejected" else done).append(message)
                self._commit()
                self.inbox.finish(done, rejected)
            self.inbox.settle()
        except Exception as exc:
            self.journal.commit()
            record_poll(self.gm.spool, self.now, f"{type(exc).__name__}: {exc}")
            raise
        finally:
            self.journal.close()
        record_poll(self.gm.spool, self.now, None)
        done_with = tuple((key, outcome) for _, key, outcome in sorted(outcomes))
        return PollSummary(**counts, outcomes=done_with)

    def _commit(self) -> None:
        """Everything written for this batch reaches the disk, then the journal says so."""
        for root in {self.gm.spool, self.gm.games_dir}:
            if root.exists():
                flush(root)
        self.journal.commit()

    # --- one message ------------------------------------------------------------
    def handle(self, message: Incoming) -> str:
        """What was done with a message: "stored: ...", "rejected: ...", "answered: ...",
        "filed: ...", or "later" (leave it in the inbox)."""
        self._archive(message)
        msg = parse_mail(message.raw or message.head)  # parts nest at most MAX_NESTING deep
        message_id = str(msg.get("Message-ID", "")).strip()
        message_id = message_id.encode("utf-8", "replace").decode()  # 8-bit bytes: surrogates
        if not message.raw:  # too big: answered from its header, never read
            loop = auto_reply_reason(msg, self.answers.loop)
            outcome = self.answers.oversized(message, None if loop else sender_address(msg))
        else:
            outcome = self._decide(message, msg, message_id)
        outcome = outcome.encode("utf-8", "replace").decode()  # it may quote a header
        if outcome != "later":
            self.journal.handled(message.key, message_id, outcome)
        return outcome

    def _decide(self, message: Incoming, msg: Message, message_id: str) -> str:
        earlier = self.journal.key_of_message_id(message_id)
        if earlier and earlier != message.key:
            return f"filed: a copy of {earlier}"
        loop = auto_reply_reason(msg, self.answers.loop)
        if loop:
            return f"rejected: not for us ({loop})"
        sender = sender_address(msg)
        extracted = extract_from_message(msg)
        if extracted.text is None:
            return self.answers.help(message, sender)
        try:
            return self.answers.orders(message, sender, extracted.text, message_id)
        except GameLocked:
            return "later"

    def _archive(self, message: Incoming) -> None:
        """The raw message is kept before anything else is done with it."""
        folder = self.archive / message.received.strftime("%Y-%m")
        folder.mkdir(parents=True, exist_ok=True)
        name = message.key.replace(":", "-") + ".eml"
        kept = message.raw or message.head + b"\n(too big: the body was not fetched)\n"
        write_atomic(folder / name, kept, sync=False)


def poll(gm: GmConfig, inbox: Inbox, now: datetime | None = None) -> PollSummary:
    """Raises AlreadyRunning when another poll of the same spool is under way."""
    with only_one(gm.spool, "poll"):
        return Poller(gm, inbox, now).run()


def open_inbox(gm: GmConfig) -> Inbox:
    from wtg.mail.inbox import ImapInbox, MaildirInbox

    if gm.transport == "imap" and gm.imap is not None:
        return ImapInbox(gm.imap)
    return MaildirInbox(gm.maildir_in)
