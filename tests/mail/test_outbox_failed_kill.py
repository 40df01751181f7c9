"""A mail set aside for good keeps its reason, whatever write a kill stops
``Outbox.failed`` at: the mail was moved to failed/ first and its reason written after, so a
kill between left it there with no reason (`wtg send` and the GM could not say why)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.mail.loop import GM, NOW
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox


class Killed(BaseException):
    """A kill: nothing after it runs."""


@pytest.mark.parametrize("at", [1, 2])
def test_a_mail_set_aside_is_never_there_without_its_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: int
) -> None:
    outbox = Outbox(tmp_path / "spool")
    msg = compose.message("report-g1-3-p02", GM, "bob@example.org", "a report", "text\n", when=NOW)
    assert outbox.add("report-g1-3-p02", msg)
    real = os.replace
    calls = 0

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        nonlocal calls
        calls += 1
        if calls == at:
            raise Killed
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(Killed):
        outbox.failed("report-g1-3-p02", "550 no such user")
    monkeypatch.undo()
    assert calls == at  # a write was stopped: the reason's rename, or the move
    set_aside = sorted(p.name for p in outbox.failed_dir.glob("*.eml"))
    queued = sorted(p.name for p in outbox.queue_dir.glob("*.eml"))
    assert set_aside + queued == ["report-g1-3-p02.eml"]  # the mail is in one place
    for name in set_aside:
        reason = outbox.failed_dir / name.replace(".eml", ".json")
        assert json.loads(reason.read_text())["error"] == "550 no such user"
