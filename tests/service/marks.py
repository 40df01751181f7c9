"""What the service tests read of the journal's marks (``wtg.mail.message.mailcopy.copy_mark``)."""

from __future__ import annotations


def message_id_of(mark: str) -> str:
    """The Message-ID a ``copy_mark`` begins with (the journal keeps marks in place of bare
    Message-IDs; the tests compare Message-IDs)."""
    return mark.rpartition(" ")[0] or mark
