"""What the mail tests read of an outbox (``wtg.mail.outgoing.outbox.Outbox``): how many mails each
of its folders holds, and whom a mail we sent went to."""

from __future__ import annotations

from wtg.mail.outgoing.outbox import Outbox, addressee


def outbox_counts(outbox: Outbox) -> dict[str, int]:
    """The mails queued, sent and refused for good: {"queued": n, "sent": n, "failed": n}."""
    return {
        name: len(list(folder.glob("*.eml")))
        for name, folder in (
            ("queued", outbox.queue_dir),
            ("sent", outbox.sent_dir),
            ("failed", outbox.failed_dir),
        )
    }


def sent_to(outbox: Outbox, message_id: str, domain: str) -> str | None:
    """The addressee of the mail we sent with this Message-ID, read from that mail in
    sent/; None when it is none of ours."""
    head = outbox.sent_header(message_id, domain)
    return addressee(head) if head is not None else None
