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
    assert "READY was not kept: 1 other line was rejected." in said


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
    assert "2 of your 3 lines were REJECTED: they count for nothing (see below)." in said
    assert "ok R1: 1" not in said
    assert "REJECTED R1: 1: READY is not kept beside a rejected line" in said
    assert not world.game.store.pending_meta(1, 2).get("ready")


def test_three_wrong_lines_are_said_first_and_counted_alike(tmp_path: Path) -> None:
    """A form with three wrong lines, one good order and READY, as a new player sends it:
    the confirmation's heading counted 4 rejected (READY's line among them) and its note
    "READY was not kept: 3 lines were rejected", two counts of one thing; and the rejection
    came after the fold of a phone's screen, under "Orders received" and the deadline.
    Now its second line says how many lines count for nothing, and the note counts the
    lines beside READY as other lines."""
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    near = home.neighbours[0]
    form = world.aof(
        2,
        A1=f"{home.id} {near} 10",
        A2=f"{home.id} 99 10",
        T1=f"{home.id} 7 10",
        G1="99 3",
        R1="1",
    )
    world.mail(form, sender="p2@players.example")
    world.poll()
    (raw,) = world.outbox().values()
    lines = body_of(raw).splitlines()
    assert lines[0].startswith("Orders received: game ")
    # the second line, whole on a phone's screen
    assert lines[1] == "4 of your 5 lines were REJECTED: they count for nothing (see below)."
    said = " ".join(body_of(raw).split())
    assert "WHAT WAS UNDERSTOOD (1 accepted, 4 rejected)" in said
    assert "READY was not kept: 3 other lines were rejected. Correct them" in said
    assert "3 lines were rejected" not in said


def test_a_form_with_no_rejected_line_says_no_rejection(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    near = home.neighbours[0]
    world.mail(world.aof(2, A1=f"{home.id} {near} 10", R1="1"), sender="p2@players.example")
    world.poll()
    (raw,) = world.outbox().values()
    said = " ".join(body_of(raw).split())
    assert "WHAT WAS UNDERSTOOD (2 accepted, 0 rejected)" in said
    assert "REJECTED" not in said and "count for nothing" not in said


def test_one_rejected_line_is_said_in_the_singular(tmp_path: Path) -> None:
    world = World(tmp_path, count=2)
    state = world.game.typed(WOK4).state()
    home = next(p for p in state.provinces if p.owner == 2)
    near = home.neighbours[0]
    form = world.aof(2, A1=f"{home.id} {near} 10", A2=f"{home.id} 99 10")
    world.mail(form, sender="p2@players.example")
    world.poll()
    (raw,) = world.outbox().values()
    lines = body_of(raw).splitlines()
    assert lines[1] == "1 of your 2 lines was REJECTED: it counts for nothing (see below)."
    assert "READY was not kept" not in body_of(raw)
