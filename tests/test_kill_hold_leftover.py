"""`wtg hold` killed while it wrote a notice into the queue (after the copy was written,
before its rename), then `wtg release`: the copy, ``.hold-<stamp>-g1-p02.eml.tmp``, stayed
in ``.mail/outbox/queue/`` for ever; only the same hold given again wrote over it. The next
command that queues a mail, and each `wtg send`, removes such a copy once it is
``LEFTOVER_AGE`` old (a younger one may be a write under way); `wtg status` says nothing of
it, before or after."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_extend_again import Killed
from tests.test_gm_controls import make, run, status
from wtg.cli import main
from wtg.mail.outgoing.outbox import LEFTOVER_AGE


def queue(root: Path) -> Path:
    return root / "games" / ".mail" / "outbox" / "queue"


def hold_killed_mid_write(root: Path, monkeypatch: pytest.MonkeyPatch, mails: int) -> None:
    """`wtg hold g1`, dying in the rename of its mail ``mails`` + 1 into the queue."""
    replace = os.replace
    renamed = [0]

    def dying(src: str, dst: str) -> None:
        if str(dst).endswith(".eml") and "/queue/hold-" in str(dst):
            if renamed[0] == mails:
                raise Killed(dst)
            renamed[0] += 1
        replace(src, dst)

    monkeypatch.setattr(os, "replace", dying)
    config = root / "wtg.yaml"
    config.write_text("games_dir: games\nfrom: Game Master <gm@example.org>\n")
    result = CliRunner().invoke(main, ["--config", str(config), "hold", "g1"])
    assert isinstance(result.exception, Killed), result.output
    monkeypatch.undo()


def leftovers(root: Path) -> list[str]:
    return sorted(name for name in os.listdir(queue(root)) if name.startswith("."))


def aged(path: Path, seconds: float) -> None:
    """``path`` written ``seconds`` before now, by the clock the product reads (under a
    moved clock, libfaketime's, the kernel stamps a file with the real time)."""
    written = time.time() - seconds
    os.utime(path, (written, written))


def test_a_hold_killed_mid_write_then_released_leaves_no_copy_in_the_queue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make(tmp_path / "games")
    hold_killed_mid_write(tmp_path, monkeypatch, 1)
    (left,) = leftovers(tmp_path)
    assert left.startswith(".hold-") and left.endswith("-g1-p02.eml.tmp")
    aged(queue(tmp_path) / left, LEFTOVER_AGE + 60)
    run(tmp_path, "release", "g1")
    assert leftovers(tmp_path) == []  # the release's first mail queued cleared it
    assert status(tmp_path)["held"] is False and status(tmp_path)["owed"] == []
    said = run(tmp_path, "status").stdout
    assert ".tmp" not in said and "OWED" not in said and "HELD" not in said, said
    run(tmp_path, "send")
    assert os.listdir(queue(tmp_path)) == []


def test_a_send_clears_an_old_copy_and_leaves_a_young_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make(tmp_path / "games")
    hold_killed_mid_write(tmp_path, monkeypatch, 2)
    (left,) = leftovers(tmp_path)
    aged(queue(tmp_path) / left, 0)
    run(tmp_path, "release", "g1")
    assert leftovers(tmp_path) == [left]  # young: perhaps a write under way
    mine = queue(tmp_path) / ".notes-of-the-gm"  # no copy of a mail: stays
    mine.write_text("mine\n")
    aged(mine, LEFTOVER_AGE + 60)
    run(tmp_path, "send")
    assert leftovers(tmp_path) == [left, mine.name]
    aged(queue(tmp_path) / left, LEFTOVER_AGE)
    run(tmp_path, "send")
    assert leftovers(tmp_path) == [mine.name]
