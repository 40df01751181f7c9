"""poll34: an answer the poll queues (``Answers._queue``) was looked up in the outbox twice,
by ``known`` before it was made and by ``add`` again when it was queued: a few stats of its
names in three folders each, for every answer of a poll. Its free name is now looked up
once (``Outbox.free_name``) and the mail queued there (``Outbox.put``), as ``add`` queues
it: the same name, the same bytes."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from tests.lobby.hall import Hall, address
from tests.mail.loop import GM, NOW
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.outbox import Outbox


def test_an_answer_is_looked_up_in_the_outbox_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    looked: Counter[str] = Counter()
    holder = Outbox._holder

    def counting(
        self: Outbox, ident: str, own: str, found: dict[str, bool] | None = None
    ) -> str | None:
        looked[ident] += 1
        return holder(self, ident, own, found)

    monkeypatch.setattr(Outbox, "_holder", counting)
    hall = Hall(tmp_path)
    answer = hall.answer(address(1), "LIST")
    assert answer.subject == "waiting lists and seats offered", answer.subject
    (queued,) = (tmp_path / "games" / ".mail" / "outbox" / "queue").glob("*.eml")
    (ident,) = [i for i in looked if compose.safe(i) == queued.stem]
    assert looked[ident] == 1, looked


def test_a_mail_put_under_its_free_name_is_the_mail_add_queues(tmp_path: Path) -> None:
    ident = "answer-k1-1"
    made = [compose.message(ident, GM, "p1@players.example", "s", "b\n", when=NOW) for _ in "ab"]
    outbox = Outbox(tmp_path)
    name = outbox.free_name(ident)
    assert name == compose.safe(ident)
    outbox.put(ident, name, made[0])
    assert outbox.free_name(ident) is None and not outbox.add(ident, made[1])
    queued = tmp_path / "outbox" / "queue" / f"{name}.eml"
    put = queued.read_bytes()
    queued.unlink()
    assert Outbox(tmp_path).add(ident, made[1])  # the same spool: the same secret
    assert queued.read_bytes() == put


def test_a_free_name_looks_for_each_name_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """poll38: ``free_name`` looked for the id's own name in the three folders twice, once
    to find whether it held the mail (``_holder``) and once to find it free."""
    ident = "conf-k1"
    outbox = Outbox(tmp_path)
    looked: Counter[str] = Counter()
    exists = os.path.exists

    def counting(path: str) -> bool:
        looked[os.fspath(path)] += 1
        return exists(path)

    monkeypatch.setattr(os.path, "exists", counting)
    assert outbox.free_name(ident) == compose.safe(ident)
    own = [p for p in looked if os.path.basename(p) == f"{compose.safe(ident)}.eml"]
    assert len(own) == 3, looked  # queue, sent and failed
    assert all(looked[p] == 1 for p in looked), looked
