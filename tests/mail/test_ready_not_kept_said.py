"""A form whose order lines were rejected and whose READY line was fine: the confirmation
said "none of the order lines in your mail could be accepted", listed "line 3: ok R1: 1",
and then "READY was not kept". The READY line is listed as not kept, with why, as the note
says: a line marked ok is one that counts."""

from __future__ import annotations

from pathlib import Path

from tests.mail.loop import World
from tests.mail.test_poll_maildir import body_of
from tests.shipped import WOK4


def confirmation(world: World) -> str:
    """The answer to the mail (a confirmation, or the answer that nothing was filed)."""
    (raw,) = world.outbox().values()
    return " ".join(body_of(raw).split())


def test_a_ready_line_beside_rejected_lines_is_not_said_ok(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    world.mail(world.aof(2, A1=f"{home.id} 99 2", R1="1"), sender="p2@players.example")
    world.poll()
    said = confirmation(world)
    assert "none of the order lines in your mail could be accepted" in said
    assert f"REJECTED A1: {home.id} 99 2: there is no province 99" in said
    assert "ok R1: 1" not in said
    assert "REJECTED R1: 1: READY is not kept beside a rejected line" in said, said
    assert "READY was not kept: 1 line was rejected." in said


def test_a_ready_line_beside_orders_some_rejected_is_not_said_ok(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    near = home.neighbours[0]
    form = world.aof(2, A1=f"{home.id} {near} 30", A2=f"{home.id} 99 2", R1="1")
    world.mail(form, sender="p2@players.example")
    world.poll()
    said = confirmation(world)
    assert f"ok A1: {home.id} {near} 30" in said
    assert "ok R1: 1" not in said
    assert "REJECTED R1: 1: READY is not kept beside a rejected line" in said
    assert not world.game.store.pending_meta(1, 2).get("ready")
