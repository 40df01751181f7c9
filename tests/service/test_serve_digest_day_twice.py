"""The service's daily digest is named after the day it is due (``digest-day-20261122``),
and the outbox queues a name once. A second digest due the same day (the machine's clock
set back after the first was mailed: the mark later than now is taken as none, and 07:00
of that day is due again) was not queued, its name taken, and was marked told all the
same: what it held (orders set aside since the first) was in no digest (round 44's
reports). It is named after the second it is made in instead."""

from __future__ import annotations

import email
import email.policy
import json
from datetime import timedelta, timezone
from email.message import EmailMessage
from pathlib import Path

from tests.mail.loop import NOW, World
from tests.mail.test_set_aside_orders import bulk_orders
from wtg.serve.daily import mail_digest


def bodies(spool: Path) -> dict[str, str]:
    """The digests queued, by outbox id: their text."""
    found = {}
    for path in sorted((spool / "outbox" / "queue").glob("digest-*.eml")):
        mail = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert isinstance(mail, EmailMessage)
        body = mail.get_body(("plain",))
        assert body is not None
        found[path.name.split(".")[0]] = str(body.get_content())
    return found


def test_a_second_digest_due_the_same_day_is_mailed_under_its_own_name(tmp_path: Path) -> None:
    world = World(tmp_path)
    spool = world.gm.spool
    due = NOW.replace(hour=7)
    assert mail_digest(world.gm, due, NOW + timedelta(minutes=1), timezone.utc)
    key = "maildir:" + bulk_orders(world)
    world.poll(NOW + timedelta(minutes=2))  # the orders set aside, after the first digest
    assert mail_digest(world.gm, due, NOW + timedelta(minutes=5), timezone.utc)

    queued = bodies(spool)
    assert list(queued) == ["digest-20261122T120500", "digest-day-20261122"]  # before: the day's
    assert "Precedence: bulk" not in queued["digest-day-20261122"]
    assert key.removeprefix("maildir:") in queued["digest-20261122T120500"]
    kept = json.loads((spool / "digest.json").read_text(encoding="utf-8"))
    assert kept["last"] == "2026-11-22T12:05:00Z"
