"""A mail too big to fetch was never checked against the mails handled before: the same
mail met again under another key (moved back into the inbox by the GM's client, delivered
twice by the sender's server) was answered again, as a new one (floods45). Its mark, read
from its header (Message-ID, sender, subject, date; or its Received lines), is looked up
as any mail's is."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from tests.mail.loop import NOW, World


def test_a_too_big_mail_met_again_is_a_copy_and_not_answered_again(tmp_path: Path) -> None:
    world = World(tmp_path, max_bytes=2000)
    name = world.mail(world.aof(1, X1="100") + "x" * 5000, Subject="my orders, with a photo")
    first = world.poll()
    assert first.rejected == 1
    assert len(world.outbox()) == 1
    (kept,) = (world.gm.maildir_in / ".rejected" / "cur").iterdir()
    assert kept.name.startswith(name)
    shutil.copy(kept, world.gm.maildir_in / "new" / "moved-back.mx")

    again = world.poll(NOW + timedelta(days=2))
    assert again.seen == 1
    assert [event.outcome.detail for event in again.events] == [f"a copy of maildir:{name}"]
    assert len(world.outbox()) == 1
